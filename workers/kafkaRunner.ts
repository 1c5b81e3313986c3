/**
 * Pacing for one live Kafka run, the twin of {@link SimRunner}: bounded chunks of
 * `KafkaModel.run(until, maxEvents)` (chunk-invariant), yields between chunks so commands are
 * handled promptly, snapshots at a steady cadence, and live faults through `KafkaModel.inject`,
 * recorded so the share link replays them at the same simulated time. No model logic.
 */
import { createKafka } from '../src/run/run.ts';
import { buildKafkaSnapshot, LittleTrack, type KafkaSnapshotData } from '../src/run/kafka-snapshot.ts';
import { formatError, validateScenario } from '../src/scenario/index.ts';
import type { KafkaModel } from '../src/sim/model/kafka/kafka-model.ts';
import type { KafkaCommandResult, KafkaFault, KafkaScenario, KafkaSnapshot, RunStatus, Speed } from './kafkaProtocol.ts';
import { withLiveFaults } from './liveFaults.ts';
import { FRAME_MS, isValidSpeed, MAX_LAG_S, MAX_SPEED, TICK_BUDGET_MS, type Host } from './runner.ts';
import { runBudgeted, type Chunk } from './pacing.ts';

/** Snapshots are sent at most this often while running (≈ 10 per second). */
export const KAFKA_SNAPSHOT_MS = 100;
/** "Step to the next log line" gives up after this many events. */
export const MAX_STEP_EVENTS = 2_000_000;
/** Little's-law samples per run. */
export const LITTLE_SAMPLES = 300;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export class KafkaRunner {
  #gen = 0;
  #seq = 0;
  #scenario: KafkaScenario | null = null;
  #model: KafkaModel | null = null;
  #live: KafkaFault[] = [];
  #little: LittleTrack | null = null;
  /** The consumer group whose throughput, latency and Little's law the snapshots carry. */
  #group = 0;
  #status: RunStatus = 'idle';
  #error: string | null = null;
  #speed: Speed = 'max';
  #token = 0;
  #simTarget = 0;
  #lastWall = 0;
  #lastEmit = -Infinity;
  #chunk: Chunk = { size: 2000 };

  constructor(
    private readonly host: Host,
    private readonly emit: (snapshot: KafkaSnapshot) => void,
  ) {}

  get status(): RunStatus {
    return this.#status;
  }

  load(raw: unknown, quiet = false): KafkaCommandResult {
    this.#gen++;
    this.#token++;
    this.#group = 0;
    const r = validateScenario(raw);
    if (!r.ok || r.scenario.model !== 'kafka') {
      this.#scenario = null;
      this.#model = null;
      const msg = !r.ok ? `invalid scenario:\n${r.errors.map(formatError).join('\n')}` : `model: this view runs "kafka" scenarios (got "${String(r.scenario.model)}")`;
      return this.#fail(msg);
    }
    this.#scenario = r.scenario as KafkaScenario;
    return this.#restart(quiet);
  }

  /**
   * Loads a scenario and runs it to simulated time `at` at once, pausing there (a "seek": the run
   * shown is exactly the replay of the scenario up to `at`). Not used by the page yet.
   */
  loadAt(raw: unknown, at: number): KafkaCommandResult {
    // No snapshot at time 0 on the way: the page sees the run jump straight to `at`.
    const r = this.load(raw, true);
    if (!r.ok || !this.#model || !this.#scenario) return r;
    const m = this.#model;
    const until = Math.min(Math.max(0, at), this.#scenario.duration);
    try {
      const little = this.#little!;
      while (m.sim.now < until) {
        m.run(Math.min(until, little.next));
        little.sample(m);
      }
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#status = this.#done() ? 'finished' : 'paused';
    this.#snapshot();
    return this.#ok();
  }

  reset(): KafkaCommandResult {
    this.#gen++;
    this.#token++;
    if (!this.#scenario) return this.#fail('no scenario is loaded');
    return this.#restart();
  }

  play(): KafkaCommandResult {
    if (this.#status === 'error' || !this.#model) return this.#refuse();
    if (this.#status === 'running' || this.#status === 'finished') return this.#ok();
    this.#status = 'running';
    const token = ++this.#token;
    this.#lastWall = this.host.now();
    this.#simTarget = this.#model.sim.now;
    this.#snapshot();
    this.host.asap(() => this.#tick(token));
    return this.#ok();
  }

  pause(): KafkaCommandResult {
    if (this.#status === 'running') {
      this.#token++;
      this.#status = 'paused';
      this.#snapshot();
    }
    return this.#ok();
  }

  /**
   * One event, or (`toNextLog`) events until the model writes a log line — "the next interesting
   * thing" — or the run ends.
   */
  step(toNextLog = false): KafkaCommandResult {
    if (this.#status === 'error' || !this.#model || !this.#scenario) return this.#refuse();
    if (this.#status === 'finished') return this.#ok();
    this.#token++;
    const m = this.#model;
    const d = this.#scenario.duration;
    const mark = () => m.log.size + m.log.evicted + m.log.folded;
    try {
      const before = mark();
      let n = 0;
      do {
        if (m.sim.peek() > d) {
          m.run(d);
          break;
        }
        m.sim.step();
        n++;
        this.#little?.sample(m);
    } while (toNextLog && mark() === before && n < MAX_STEP_EVENTS);
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#status = this.#done() ? 'finished' : 'paused';
    this.#snapshot();
    return this.#ok();
  }

  /** Chooses the consumer group the per-group charts follow (no effect on the run). */
  showGroup(i: number): KafkaCommandResult {
    const groups = this.#scenario?.groups.length ?? 0;
    if (!Number.isInteger(i) || i < 0 || i >= Math.max(1, groups)) return { ok: false, gen: this.#gen, error: `group must be an index in [0, ${Math.max(0, groups - 1)}], got ${String(i)}` };
    this.#group = i;
    this.#snapshot();
    return this.#ok();
  }

  speed(s: Speed): KafkaCommandResult {
    if (!isValidSpeed(s)) return { ok: false, gen: this.#gen, error: `speed must be 'max' or a number in (0, ${MAX_SPEED}], got ${String(s)}` };
    this.#speed = s;
    this.#simTarget = this.#model?.sim.now ?? 0;
    this.#lastWall = this.host.now();
    this.#snapshot();
    return this.#ok();
  }

  /** Applies a fault now (its `at` is replaced by the current simulated time) and records it. */
  inject(fault: KafkaFault): KafkaCommandResult {
    if (this.#status === 'error' || !this.#model) return this.#refuse();
    if (this.#status === 'finished') return { ok: false, gen: this.#gen, error: 'the run has finished: reset it to inject faults' };
    const m = this.#model;
    const f = { ...fault, at: m.sim.now } as KafkaFault;
    // Validate the fault like any scenario input (ranges, names).
    const probe = validateScenario({ ...this.#scenario!, faults: [f] });
    if (!probe.ok) return { ok: false, gen: this.#gen, error: probe.errors.map(formatError).join('\n') };
    try {
      m.inject(f);
    } catch (e) {
      return { ok: false, gen: this.#gen, error: errorText(e) };
    }
    this.#live = [...this.#live, f];
    this.#snapshot();
    return this.#ok();
  }

  #restart(quiet = false): KafkaCommandResult {
    try {
      this.#model = createKafka(this.#scenario!);
    } catch (e) {
      this.#model = null;
      return this.#fail(errorText(e));
    }
    this.#live = [];
    const sc = this.#scenario!;
    this.#little = new LittleTrack(sc.duration / LITTLE_SAMPLES, sc.warmup);
    this.#status = 'idle';
    this.#error = null;
    this.#simTarget = 0;
    if (!quiet) this.#snapshot();
    return this.#ok();
  }

  #done(): boolean {
    const m = this.#model!;
    const d = this.#scenario!.duration;
    return m.sim.now >= d && m.sim.peek() > d;
  }

  #tick(token: number): void {
    if (token !== this.#token || this.#status !== 'running') return;
    const m = this.#model!;
    const d = this.#scenario!.duration;
    try {
      const start = this.host.now();
      const dt = Math.min(Math.max(start - this.#lastWall, 0), 1000 * MAX_LAG_S) / 1000;
      this.#lastWall = start;
      let target: number;
      if (this.#speed === 'max') target = d;
      else {
        const speed = this.#speed;
        this.#simTarget = Math.min(d, this.#simTarget + speed * dt, m.sim.now + speed * MAX_LAG_S);
        target = Math.max(this.#simTarget, m.sim.now);
      }
      const little = this.#little!;
      // Stop at every Little's-law grid point on the way (the model is chunk-invariant).
      const reached = runBudgeted({
        run: (until, max) => m.run(until, max),
        target,
        chunk: this.#chunk,
        now: () => this.host.now(),
        start,
        budgetMs: TICK_BUDGET_MS,
        nextStop: () => little.next,
        onStop: () => little.sample(m),
      });

      if (reached && this.#done()) {
        this.#status = 'finished';
        this.#token++;
        this.#snapshot();
        return;
      }
      if (this.host.now() - this.#lastEmit >= KAFKA_SNAPSHOT_MS) this.#snapshot();
      if (this.#speed === 'max' || !reached) this.host.asap(() => this.#tick(token));
      else this.host.after(FRAME_MS, () => this.#tick(token));
    } catch (e) {
      this.#token++;
      this.#fail(errorText(e));
    }
  }

  #ok(): KafkaCommandResult {
    return { ok: true, gen: this.#gen, status: this.#status };
  }

  #refuse(): KafkaCommandResult {
    return { ok: false, gen: this.#gen, error: this.#error ?? 'no scenario is loaded' };
  }

  #fail(message: string): KafkaCommandResult {
    this.#status = 'error';
    this.#error = message;
    this.#snapshot();
    return { ok: false, gen: this.#gen, error: message };
  }

  #snapshot(): void {
    const m = this.#model;
    const s = this.#scenario;
    let data: KafkaSnapshotData | null = null;
    if (m && s) {
      try {
        // The summary describes the scenario the share link carries (its faults + the live ones).
        data = buildKafkaSnapshot(withLiveFaults(s, this.#live), m, this.#little ?? undefined, this.#group);
      } catch (e) {
        data = null;
        if (this.#status !== 'error') {
          this.#status = 'error';
          this.#error = errorText(e);
          this.#token++;
        }
      }
    }
    this.#lastEmit = this.host.now();
    this.emit({
      gen: this.#gen,
      seq: ++this.#seq,
      status: this.#status,
      error: this.#error,
      speed: this.#speed,
      duration: s?.duration ?? 0,
      warmup: s?.warmup ?? 0,
      live: this.#live,
      data,
    });
  }
}
