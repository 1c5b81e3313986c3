/**
 * The run host: one live run of any model, paced in the worker. It turns "play at N simulated
 * seconds per wall second" into bounded chunks of the model's chunk-invariant `run(until,
 * maxEvents)`, yields between chunks so commands are handled promptly, stops at the model's
 * sampling points, sends snapshots at a steady cadence, and applies live faults through the
 * model's `inject`, recording them so the share link replays them at the same simulated time.
 *
 * No model logic: the model, its summary and its page view come from the registry entry of the
 * scenario's kind — exactly what the CLI uses, so a finished run here reports the same summary as
 * `npm run sim -- … --json --no-timing`. Wall time and scheduling come from an injected
 * {@link Host}, so tests drive it with a fake clock.
 *
 * A run that has ended (finished, or failed) gives up its model — every record, key table and
 * consumer it held, up to the memory budget — and keeps only its view's {@link FinalView}: the last
 * data for every entity the page can focus on (a few 256-bucket series per group, the summary, the
 * bounded topology and log). What can still arrive then is answered from that: `focus` and `speed`
 * send the final data again (for the newly focused entity); `play`, `pause` and `step` leave a
 * finished run as it is; `inject` is refused (reset first); `reset`, `load` and `loadAt` build a
 * new model from the scenario. A failed run's commands are refused with its error, as before.
 *
 * Seeking (`seek`, the page's timeline): the run is deterministic, so the run at time t is
 * rebuilt, not stored — a seek back builds a new model from the scenario with the faults injected
 * so far (kept: they are part of the run's timeline and fire again on the way forward) and replays
 * it unpaced to t; a seek forward runs the model it has on to t. The replay goes in the same
 * bounded chunks as play, yielding between them, so a newer seek (or load, reset) supersedes it; a
 * newer seek to a time the replay has not passed yet just moves its target. Memory: one model at a
 * time — the old one is dropped before the new one is built — and no stored frames; time: a seek
 * back to t costs what running to t at top speed costs.
 */
import { modelFor, type AnyModelEntry, type FinalView, type LiveView, type SimModel } from '../src/run/registry.ts';
import { formatError, validateScenario, type Scenario } from '../src/scenario/index.ts';
import type { CommandResult, LiveFault, RunStatus, SeekProgress, Snapshot, Speed, StepReport, TraceReply } from './protocol.ts';
import { withLiveFaults } from './liveFaults.ts';
import { runBudgeted, type Chunk } from './pacing.ts';
import { NoProgressError } from '../src/sim/kernel/simulation.ts';

export interface Host {
  /** Wall-clock milliseconds (monotonic). */
  now(): number;
  /** Runs `fn` as soon as pending messages (commands) have been handled. */
  asap(fn: () => void): void;
  /** Runs `fn` after about `ms` milliseconds. */
  after(ms: number, fn: () => void): void;
}

/** Snapshots are sent at most this often while running (≈ 10 per second). */
export const SNAPSHOT_MS = 100;
/** Work per tick before yielding, in wall milliseconds. */
export const TICK_BUDGET_MS = 8;
/** Pause between ticks when a paced run has caught up with its target. */
export const FRAME_MS = 16;
/** A paced run never tries to catch up more than this much wall time (after a stall). */
export const MAX_LAG_S = 0.25;
/** Fastest paced speed accepted (sim-s per wall-s); use 'max' beyond it. */
export const MAX_SPEED = 1e9;
/** "Step to the next log line" gives up after this many events… */
export const MAX_STEP_EVENTS = 2_000_000;
/**
 * …or after this fraction of the run's simulated duration without a line (a quiet run would
 * otherwise run to its end), pausing there and saying so.
 */
export const NEXT_LOG_SPAN = 0.05;

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

export function isValidSpeed(s: unknown): s is Speed {
  return s === 'max' || (typeof s === 'number' && Number.isFinite(s) && s > 0 && s <= MAX_SPEED);
}

interface Run {
  scenario: Scenario;
  entry: AnyModelEntry;
  model: SimModel<unknown>;
  view: LiveView<unknown>;
}

/** What an ended run keeps instead of its {@link Run}: its clock, its event count and its final data (null when even that failed). */
interface Ended {
  simTime: number;
  events: number;
  final: FinalView<unknown> | null;
}

export class RunHost {
  #gen = 0;
  #seq = 0;
  #scenario: Scenario | null = null;
  /** The live run; null once it has ended (then `#ended` holds what is left of it) or when nothing is loaded. */
  #run: Run | null = null;
  #ended: Ended | null = null;
  #live: LiveFault[] = [];
  /** The entity (consumer group…) whose per-entity numbers the snapshots carry. */
  #focus = 0;
  #status: RunStatus = 'idle';
  #error: string | null = null;
  /** What the last step did; cleared by anything else that moves or restarts the run. */
  #stepped: StepReport | null = null;
  #speed: Speed = 'max';
  /** Bumped whenever the loop must stop; a scheduled tick with an old token does nothing. */
  #token = 0;
  /** Simulated time the paced loop is heading for. */
  #simTarget = 0;
  #lastWall = 0;
  #lastEmit = -Infinity;
  #chunk: Chunk = { size: 2000 };
  /** A replay under way to `to` (a seek), started at simulated time `from`; null when none is. */
  #seek: SeekProgress | null = null;

  constructor(
    private readonly host: Host,
    private readonly emit: (snapshot: Snapshot) => void,
  ) {}

  get status(): RunStatus {
    return this.#status;
  }

  /** Whether the host holds a model (a live run): false once the run has finished or failed. For tests. */
  get holdsModel(): boolean {
    return this.#run !== null;
  }

  /** Whether a seek's replay is under way. For tests. */
  get seeking(): boolean {
    return this.#seek !== null;
  }

  /** Validates and loads a scenario of any registered kind (status idle, clock 0). Bumps the generation even on failure. */
  load(raw: unknown, quiet = false): CommandResult {
    this.#gen++;
    this.#token++;
    this.#seek = null;
    this.#focus = 0;
    const r = validateScenario(raw);
    if (!r.ok) {
      this.#scenario = null;
      this.#run = null;
      this.#ended = null;
      return this.#fail(`invalid scenario:\n${r.errors.map(formatError).join('\n')}`);
    }
    this.#scenario = r.scenario;
    return this.#restart(quiet);
  }

  /** Loads a scenario and runs it to simulated time `at` at once, pausing there (a seek). */
  loadAt(raw: unknown, at: number): CommandResult {
    // No snapshot at time 0 on the way: the page sees the run jump straight to `at`.
    const r = this.load(raw, true);
    const run = this.#run;
    if (!r.ok || !run) return r;
    const until = Math.min(Math.max(0, at), run.scenario.duration);
    try {
      while (run.model.sim.now < until) {
        run.model.run(Math.min(until, run.view.next));
        run.view.sample();
      }
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#status = this.#done() ? 'finished' : 'paused';
    this.#snapshot();
    return this.#ok();
  }

  /** Starts the loaded scenario again from time 0 (same seed, same numbers). */
  reset(): CommandResult {
    this.#gen++;
    this.#token++;
    this.#seek = null;
    if (!this.#scenario) return this.#fail('no scenario is loaded');
    return this.#restart();
  }

  play(): CommandResult {
    const run = this.#run;
    if (this.#status === 'error') return this.#refuse();
    if (this.#status === 'finished') return this.#ok();
    if (!run) return this.#refuse();
    if (this.#status === 'running') return this.#ok();
    this.#status = 'running';
    this.#stepped = null;
    // During a replay: play on from where it stops (see #endSeek).
    if (this.#seek) {
      this.#snapshot();
      return this.#ok();
    }
    const token = ++this.#token;
    this.#lastWall = this.host.now();
    this.#simTarget = run.model.sim.now;
    this.#snapshot();
    this.host.asap(() => this.#tick(token));
    return this.#ok();
  }

  pause(): CommandResult {
    if (this.#status === 'running') {
      // During a replay, pausing only cancels the play that was to follow it.
      if (!this.#seek) this.#token++;
      this.#status = 'paused';
      this.#snapshot();
    }
    return this.#ok();
  }

  /**
   * One event (or, when none is left before the end, the clock advanced to the end), said in words
   * (the model's `describeStep`, else the event's name); with `toNextLog`, events until the model
   * writes a log line — "the next interesting thing" — or the run ends, or `NEXT_LOG_SPAN` of the
   * run's duration (or `MAX_STEP_EVENTS` events) passes without one: then the run pauses there and
   * the report says the search found nothing. Models without an event log take one event.
   */
  step(toNextLog = false): CommandResult {
    if (!this.#finishSeek()) return this.#refuse();
    const run = this.#run;
    if (this.#status === 'error') return this.#refuse();
    if (this.#status === 'finished') return this.#ok();
    if (!run) return this.#refuse();
    this.#token++;
    const { model: m, view, entry, scenario } = run;
    const d = scenario.duration;
    const mark = () => m.logMark?.() ?? 0;
    const untilLog = toNextLog && m.logMark !== undefined;
    const from = m.sim.now;
    const events0 = m.sim.events;
    // How far the search for a log line may go in simulated time.
    const cap = untilLog ? Math.min(d, from + Math.max(NEXT_LOG_SPAN * d, 1e-9)) : d;
    let report: StepReport;
    try {
      const before = mark();
      if (!untilLog) {
        const next = m.sim.peekEvent();
        const say = next && next.t <= d ? (entry.describeStep?.(scenario, m) ?? (() => next.name)) : null;
        if (say) {
          m.sim.step();
          if (m.sim.now >= view.next) view.sample();
        } else this.#advance(d);
        report = { kind: say ? 'event' : 'end', t: m.sim.now, text: say ? say() : '', events: m.sim.events - events0, searched: m.sim.now - from };
      } else {
        const lastId = entry.log(m).at(-1)?.id ?? -1;
        let n = 0;
        let found = false;
        while (n < MAX_STEP_EVENTS) {
          if (m.sim.peek() > cap) {
            this.#advance(cap);
            break;
          }
          m.sim.step();
          n++;
          if (m.sim.now >= view.next) view.sample();
          if (mark() !== before) {
            found = true;
            break;
          }
        }
        // The first line written (an event may write several), or the one a repeat folded into.
        const lines = found ? entry.log(m) : [];
        const line = lines.find((l) => l.id > lastId) ?? lines.at(-1) ?? null;
        report = {
          kind: found ? 'log' : m.sim.now >= d ? 'end' : 'quiet',
          t: m.sim.now,
          text: line ? `${line.source}: ${line.text}` : '',
          events: m.sim.events - events0,
          searched: m.sim.now - from,
        };
      }
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#stepped = report;
    this.#status = this.#done() ? 'finished' : 'paused';
    this.#snapshot();
    return this.#ok();
  }

  /** Runs every event up to `until` and moves the clock there, sampling the view on the way. */
  #advance(until: number): void {
    const { model: m, view } = this.#run!;
    while (m.sim.now < until) {
      m.run(Math.min(until, view.next));
      if (m.sim.now >= view.next) view.sample();
    }
  }

  /** Chooses the entity (consumer group…) the per-entity charts follow (no effect on the run). */
  focus(i: number): CommandResult {
    const s = this.#scenario;
    const n = s ? modelFor(s).focusCount(s) : 1;
    if (!Number.isInteger(i) || i < 0 || i >= n) return { ok: false, gen: this.#gen, error: `focus must be an index in [0, ${n - 1}], got ${String(i)}` };
    this.#focus = i;
    this.#snapshot();
    return this.#ok();
  }

  speed(s: Speed): CommandResult {
    if (!isValidSpeed(s)) return { ok: false, gen: this.#gen, error: `speed must be 'max' or a number in (0, ${MAX_SPEED}], got ${String(s)}` };
    this.#speed = s;
    this.#simTarget = this.#run?.model.sim.now ?? this.#ended?.simTime ?? 0;
    this.#lastWall = this.host.now();
    this.#snapshot();
    return this.#ok();
  }

  /** Applies a fault now (its `at` is replaced by the current simulated time) and records it. */
  inject(fault: LiveFault): CommandResult {
    if (!this.#finishSeek()) return this.#refuse();
    const run = this.#run;
    if (this.#status === 'error') return this.#refuse();
    if (this.#status === 'finished') return { ok: false, gen: this.#gen, error: 'the run has finished: reset it to inject faults' };
    if (!run) return this.#refuse();
    if (!('faults' in run.scenario)) return { ok: false, gen: this.#gen, error: `the "${run.scenario.model}" model has no live faults` };
    const f = { ...fault, at: run.model.sim.now } as LiveFault;
    // Validate the fault like any scenario input (ranges, names), together with the faults so far:
    // the run with all of them must still fit the budget (stacked load spikes multiply), and a
    // fault must not make simulated time stop (a poison record in a group that processes in zero
    // time without retries).
    const probe = validateScenario(withLiveFaults(run.scenario, [...this.#live, f]));
    if (!probe.ok) return { ok: false, gen: this.#gen, error: probe.errors.map(formatError).join('\n') };
    try {
      run.model.inject(f);
    } catch (e) {
      if (!(e instanceof NoProgressError)) return { ok: false, gen: this.#gen, error: errorText(e) };
      // The fault was applied and simulated time stopped: the run stops, and its link reproduces that.
      this.#live = [...this.#live, f];
      return this.#fail(errorText(e));
    }
    this.#live = [...this.#live, f];
    this.#snapshot();
    return this.#ok();
  }

  /**
   * "Follow one record": replays the run — the scenario, its seed and the faults injected live so
   * far — headless up to the current simulated time (to its end with `toEnd`, or when it has not
   * started), with the records `request` names followed, and answers with their timelines. The
   * live run is not touched; its numbers and the replay's are the same run's.
   */
  trace(request: unknown, toEnd = false): TraceReply {
    const s = this.#scenario;
    if (!s) return { ok: false, error: 'no scenario is loaded' };
    const support = modelFor(s).trace;
    if (!support) return { ok: false, error: `the "${s.model}" model has no records to follow` };
    const now = this.#seek?.to ?? this.#run?.model.sim.now ?? this.#ended?.simTime ?? 0;
    return support.run(withLiveFaults(s, this.#live), request, toEnd || now <= 0 ? s.duration : now);
  }

  /**
   * Moves the run to simulated time `at` (clamped to [0, duration]) and pauses there: back by
   * rebuilding the model (the scenario with the faults injected so far) and replaying it, forward by
   * running on; unpaced, in chunks, with snapshots (carrying `seek`, the progress) on the way.
   * Reaching the end finishes the run. Works on a finished run too (its model is rebuilt). Bumps
   * the generation, like load and reset.
   */
  seek(at: number): CommandResult {
    // A new generation, even when refused (the page's client expects one per seek): snapshots sent
    // before it (a 'finished' one in flight) no longer describe where the run is.
    this.#gen++;
    const s = this.#scenario;
    if (this.#status === 'error' || !s) return this.#refuse();
    if (typeof at !== 'number' || !Number.isFinite(at)) return { ok: false, gen: this.#gen, error: `seek: the time must be a number of seconds in [0, ${s.duration}], got ${String(at)}` };
    const to = Math.min(Math.max(0, at), s.duration);
    this.#token++;
    this.#stepped = null;
    // A seek pauses; a replay that was already under way to a later time keeps its model.
    try {
      const run = this.#run;
      if (!run || run.model.sim.now > to) this.#rebuild();
    } catch (e) {
      this.#seek = null;
      return this.#fail(errorText(e));
    }
    this.#status = 'paused';
    this.#seek = { from: this.#run!.model.sim.now, to };
    const token = this.#token;
    this.host.asap(() => this.#seekTick(token));
    return this.#ok();
  }

  /** The model built again from time 0: the scenario with the faults injected so far (the old model goes first). */
  #rebuild(): void {
    const scenario = this.#scenario!;
    const entry = modelFor(scenario);
    this.#run = null;
    this.#ended = null;
    const built = withLiveFaults(scenario, this.#live);
    const model = entry.create(built);
    this.#run = { scenario, entry, model, view: entry.live(built, model) };
  }

  #seekTick(token: number): void {
    const seek = this.#seek;
    if (token !== this.#token || !seek || !this.#run) return;
    const { model: m, view } = this.#run;
    try {
      const start = this.host.now();
      const reached =
        m.sim.now >= seek.to ||
        runBudgeted({
          run: (until, max) => m.run(until, max),
          target: seek.to,
          chunk: this.#chunk,
          now: () => this.host.now(),
          start,
          budgetMs: TICK_BUDGET_MS,
          nextStop: () => view.next,
          onStop: () => view.sample(),
        });
      if (reached) return this.#endSeek(token);
      if (this.host.now() - this.#lastEmit >= SNAPSHOT_MS) this.#snapshot();
      this.host.asap(() => this.#seekTick(token));
    } catch (e) {
      this.#token++;
      this.#seek = null;
      this.#fail(errorText(e));
    }
  }

  /** The replay has reached its time: paused there, finished at the end, or playing on when Play came meanwhile. */
  #endSeek(token: number): void {
    this.#seek = null;
    if (this.#done()) {
      this.#status = 'finished';
      this.#token++;
      this.#snapshot();
      return;
    }
    if (this.#status === 'running') {
      this.#lastWall = this.host.now();
      this.#simTarget = this.#run!.model.sim.now;
      this.#snapshot();
      this.host.asap(() => this.#tick(token));
      return;
    }
    this.#status = 'paused';
    this.#snapshot();
  }

  /** A command that needs the run where the seek goes (step, inject): the rest of the replay runs now. False when it failed. */
  #finishSeek(): boolean {
    const seek = this.#seek;
    if (!seek || !this.#run) return true;
    this.#token++;
    try {
      this.#advance(seek.to);
    } catch (e) {
      this.#seek = null;
      this.#fail(errorText(e));
      return false;
    }
    // Play pressed during the replay is dropped: step and inject act on a paused run.
    this.#status = 'paused';
    this.#endSeek(this.#token);
    return true;
  }

  #restart(quiet = false): CommandResult {
    const scenario = this.#scenario!;
    const entry = modelFor(scenario);
    // The old run (live or ended) goes before the new model is built, not after.
    this.#run = null;
    this.#ended = null;
    try {
      const model = entry.create(scenario);
      this.#run = { scenario, entry, model, view: entry.live(scenario, model) };
    } catch (e) {
      return this.#fail(errorText(e));
    }
    this.#live = [];
    this.#stepped = null;
    this.#status = 'idle';
    this.#error = null;
    this.#simTarget = 0;
    if (!quiet) this.#snapshot();
    return this.#ok();
  }

  #done(): boolean {
    const { model: m, scenario } = this.#run!;
    return m.sim.now >= scenario.duration && m.sim.peek() > scenario.duration;
  }

  #tick(token: number): void {
    if (token !== this.#token || this.#status !== 'running') return;
    const { model: m, view, scenario } = this.#run!;
    const d = scenario.duration;
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
      // Stop at every sampling point of the view on the way (the model is chunk-invariant).
      const reached = runBudgeted({
        run: (until, max) => m.run(until, max),
        target,
        chunk: this.#chunk,
        now: () => this.host.now(),
        start,
        budgetMs: TICK_BUDGET_MS,
        nextStop: () => view.next,
        onStop: () => view.sample(),
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

  /** The snapshot's data buffers, to transfer rather than copy. */
  transferables(s: Snapshot): ArrayBuffer[] {
    if (s.data === null) return [];
    const t = this.#run?.view ?? this.#ended?.final;
    return t ? t.transfer(s.data) : [];
  }

  /**
   * Once the run has finished or failed: its final data is taken and the model dropped. Every way
   * to 'finished' or 'error' sends a snapshot, so {@link #snapshot} calls this first.
   */
  #release(): void {
    const run = this.#run;
    if (!run || (this.#status !== 'finished' && this.#status !== 'error')) return;
    this.#run = null;
    let final: FinalView<unknown> | null = null;
    try {
      final = run.view.final(withLiveFaults(run.scenario, this.#live));
    } catch (e) {
      // A model that broke may not produce final data; the snapshots then carry none.
      if (this.#status !== 'error') {
        this.#status = 'error';
        this.#error = errorText(e);
      }
    }
    this.#ended = { simTime: run.model.sim.now, events: run.model.sim.events, final };
  }

  #snapshot(): void {
    // A run that has just ended gives up its model first; its data then comes from the final view.
    this.#release();
    const run = this.#run;
    let data: unknown = null;
    if (run) {
      try {
        // The data describes the scenario the share link carries (its faults + the live ones).
        data = run.view.snapshot(withLiveFaults(run.scenario, this.#live), this.#focus);
      } catch (e) {
        // A broken model must still produce a snapshot, so the page can show the error.
        data = null;
        if (this.#status !== 'error') {
          this.#status = 'error';
          this.#error = errorText(e);
          this.#token++;
        }
        this.#release();
      }
    } else if (this.#ended?.final) data = this.#ended.final.snapshot(this.#focus);
    const ended = this.#ended;
    const s = this.#scenario;
    this.#lastEmit = this.host.now();
    this.emit({
      gen: this.#gen,
      seq: ++this.#seq,
      status: this.#status,
      error: this.#error,
      speed: this.#speed,
      kind: s?.model ?? null,
      duration: s?.duration ?? 0,
      warmup: s?.warmup ?? 0,
      simTime: this.#run?.model.sim.now ?? ended?.simTime ?? 0,
      events: this.#run?.model.sim.events ?? ended?.events ?? 0,
      live: this.#live,
      step: this.#stepped,
      seek: this.#seek ? { ...this.#seek } : null,
      data,
    });
  }
}
