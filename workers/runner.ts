/**
 * Pacing for one live run: turns "play at N simulated seconds per wall second" into bounded chunks
 * of `Station.run(until, maxEvents)`, yields between chunks so commands are handled promptly, and
 * sends snapshots at a steady cadence. No model logic: the model comes from `createStation`, the
 * numbers from `buildSummary` — exactly what the CLI uses, so a finished run here prints the same
 * summary as `npm run sim -- … --json --no-timing`.
 *
 * Wall time and scheduling come from an injected {@link Host}, so tests drive it with a fake clock.
 */
import { createStation } from '../src/run/run.ts';
import { buildSummary } from '../src/run/summary.ts';
import { formatError, validateScenario } from '../src/scenario/index.ts';
import type { CommandResult, RunStatus, SeriesColumns, Snapshot, Speed, StationScenario } from './protocol.ts';
import type { Station } from '../src/sim/model/station.ts';
import { runBudgeted, type Chunk } from './pacing.ts';

export interface Host {
  /** Wall-clock milliseconds (monotonic). */
  now(): number;
  /** Runs `fn` as soon as pending messages (commands) have been handled. */
  asap(fn: () => void): void;
  /** Runs `fn` after about `ms` milliseconds. */
  after(ms: number, fn: () => void): void;
}

/** Snapshots are sent at most this often while running (≈ 12 per second). */
export const SNAPSHOT_MS = 80;
/** Work per tick before yielding, in wall milliseconds. */
export const TICK_BUDGET_MS = 8;
/** Pause between ticks when a paced run has caught up with its target. */
export const FRAME_MS = 16;
/** A paced run never tries to catch up more than this much wall time (after a stall). */
export const MAX_LAG_S = 0.25;
/** Fastest paced speed accepted (sim-s per wall-s); use 'max' beyond it. */
export const MAX_SPEED = 1e9;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

function emptySeries(): SeriesColumns {
  return { t: new Float64Array(0), mean: new Float64Array(0), max: new Float64Array(0), width: 0 };
}

export function isValidSpeed(s: unknown): s is Speed {
  return s === 'max' || (typeof s === 'number' && Number.isFinite(s) && s > 0 && s <= MAX_SPEED);
}

export class SimRunner {
  #gen = 0;
  #seq = 0;
  #scenario: StationScenario | null = null;
  #model: Station | null = null;
  #status: RunStatus = 'idle';
  #error: string | null = null;
  #speed: Speed = 'max';
  /** Bumped whenever the loop must stop; a scheduled tick with an old token does nothing. */
  #token = 0;
  /** Simulated time the paced loop is heading for. */
  #simTarget = 0;
  #lastWall = 0;
  #lastEmit = -Infinity;
  /** Events per `run` call, adapted so that one call takes about 2 ms. */
  #chunk: Chunk = { size: 2000 };

  constructor(
    private readonly host: Host,
    private readonly emit: (snapshot: Snapshot) => void,
  ) {}

  get status(): RunStatus {
    return this.#status;
  }

  /** Validates and loads a scenario (status idle, clock 0). Bumps the generation even on failure. */
  load(raw: unknown): CommandResult {
    this.#gen++;
    this.#token++;
    const r = validateScenario(raw);
    if (!r.ok) {
      this.#scenario = null;
      this.#model = null;
      return this.#fail(`invalid scenario:\n${r.errors.map(formatError).join('\n')}`);
    }
    if (r.scenario.model !== 'station') {
      this.#scenario = null;
      this.#model = null;
      return this.#fail(`model: this page runs "station" scenarios only so far (got "${String(r.scenario.model)}")`);
    }
    this.#scenario = r.scenario as StationScenario;
    return this.#restart();
  }

  /** Starts the loaded scenario again from time 0 (same seed, same numbers). */
  reset(): CommandResult {
    this.#gen++;
    this.#token++;
    if (!this.#scenario) return this.#fail('no scenario is loaded');
    return this.#restart();
  }

  play(): CommandResult {
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

  pause(): CommandResult {
    if (this.#status === 'running') {
      this.#token++;
      this.#status = 'paused';
      this.#snapshot();
    }
    return this.#ok();
  }

  /** Runs exactly one event (or, when none is left before the end, advances the clock to it). */
  step(): CommandResult {
    if (this.#status === 'error' || !this.#model || !this.#scenario) return this.#refuse();
    if (this.#status === 'finished') return this.#ok();
    this.#token++;
    const m = this.#model;
    const d = this.#scenario.duration;
    try {
      if (m.sim.peek() > d) m.run(d);
      else m.sim.step();
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#status = this.#done() ? 'finished' : 'paused';
    this.#snapshot();
    return this.#ok();
  }

  speed(s: Speed): CommandResult {
    if (!isValidSpeed(s)) {
      return { ok: false, gen: this.#gen, error: `speed must be 'max' or a number in (0, ${MAX_SPEED}], got ${String(s)}` };
    }
    this.#speed = s;
    this.#simTarget = this.#model?.sim.now ?? 0;
    this.#lastWall = this.host.now();
    this.#snapshot();
    return this.#ok();
  }

  #restart(): CommandResult {
    try {
      this.#model = createStation(this.#scenario!);
    } catch (e) {
      this.#model = null;
      return this.#fail(errorText(e));
    }
    this.#status = 'idle';
    this.#error = null;
    this.#simTarget = 0;
    this.#snapshot();
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
      const reached = runBudgeted({
        run: (until, max) => m.run(until, max),
        target,
        chunk: this.#chunk,
        now: () => this.host.now(),
        start,
        budgetMs: TICK_BUDGET_MS,
      });

      if (reached && this.#done()) {
        this.#status = 'finished';
        this.#token++;
        this.#snapshot();
        return;
      }
      if (this.host.now() - this.#lastEmit >= SNAPSHOT_MS) this.#snapshot();
      if (this.#speed === 'max' || !reached) this.host.asap(() => this.#tick(token));
      else this.host.after(FRAME_MS, () => this.#tick(token));
    } catch (e) {
      this.#token++;
      this.#fail(errorText(e));
    }
  }

  #ok(): CommandResult {
    return { ok: true, gen: this.#gen, status: this.#status };
  }

  #refuse(): CommandResult {
    return { ok: false, gen: this.#gen, error: this.#error ?? 'no scenario is loaded' };
  }

  #fail(message: string): CommandResult {
    this.#status = 'error';
    this.#error = message;
    this.#snapshot();
    return { ok: false, gen: this.#gen, error: message };
  }

  #snapshot(): void {
    const m = this.#model;
    const s = this.#scenario;
    let summary = null;
    let series = emptySeries();
    if (m && s) {
      try {
        summary = buildSummary(s, m.stats());
        series = m.series.read(m.sim.now);
      } catch (e) {
        // A broken model must still produce a snapshot, so the page can show the error.
        summary = null;
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
      summary,
      series,
    });
  }
}
