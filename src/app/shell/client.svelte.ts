/**
 * The one bridge to the simulation worker, for every model: owns the Worker, wraps it with
 * comlink (importing only the worker's type), receives snapshots through a proxied callback and
 * exposes the latest fresh one as `snapshot`. Snapshots of an older generation (before the last
 * load/reset) or older than the one shown are dropped.
 *
 * A snapshot is applied in two tasks, so that the work of applying it is never one long task: first
 * the charts (`charts`, which the model panels that opt in draw from), then, in a task posted right
 * after, everything else (`snapshot`: counters, topology, controls, and `onSnapshot` — so a run
 * reads "finished" only once its last snapshot is applied everywhere). Both usually land in the
 * same frame. One snapshot per painted frame: a snapshot that arrives before the page has painted
 * the one before waits, and a newer one that arrives meanwhile replaces it. A busy main thread (a
 * loaded machine, a run at top speed) then draws the latest snapshot once instead of every
 * snapshot that queued up behind it. The last snapshot of a run is never dropped: whatever is
 * waiting is taken once the frame before it is painted.
 */
import { proxy, wrap, type Remote } from 'comlink';
import type { SimWorkerApi } from '../../../workers/sim.worker.ts';
import type { CommandResult, LiveFault, Snapshot, Speed, TraceReply } from '../../../workers/protocol.ts';
import type { Scenario } from '../../scenario/index.ts';
import { afterNextFrame, nextTask, SnapshotPacer } from '../frames.ts';

export interface SimClientHandlers {
  /** Every snapshot shown, in order, once it is shown everywhere (one replaced by a newer before it was shown is skipped). */
  onSnapshot?(snapshot: Snapshot): void;
  /** A command failed or the worker died. */
  onFailure?(message: string): void;
}

export class SimClient {
  snapshot = $state.raw<Snapshot | null>(null);
  /** What the charts draw: each snapshot reaches them a task before `snapshot`. */
  charts = $state.raw<Snapshot | null>(null);
  #worker: Worker;
  #api: Remote<SimWorkerApi>;
  #handlers: SimClientHandlers;
  /** Snapshots with a lower generation are stale. */
  #minGen = 0;
  /** Highest generation seen in any snapshot. */
  #latestGen = 0;
  /** The generation of the last load or reset (a seek keeps the run's faults): older snapshots' live faults are another run's. */
  #runGen = $state(0);
  /** Applies snapshots in two tasks, at most one per painted frame (frames.ts). */
  #pacer = new SnapshotPacer<Snapshot>({
    minGen: () => this.#minGen,
    charts: (s) => {
      this.charts = s;
    },
    rest: (s) => {
      this.snapshot = s;
      this.#handlers.onSnapshot?.(s);
    },
    nextTask,
    afterNextFrame,
  });

  constructor(handlers: SimClientHandlers = {}) {
    this.#handlers = handlers;
    this.#worker = new Worker(new URL('../../../workers/sim.worker.ts', import.meta.url), { type: 'module', name: 'queuelab-sim' });
    this.#worker.addEventListener('error', (e) => {
      e.preventDefault();
      this.#handlers.onFailure?.(e.message || 'the simulation worker could not start');
    });
    this.#api = wrap<SimWorkerApi>(this.#worker);
    void this.#api.connect(proxy((s: Snapshot) => this.#receive(s))).catch((e: unknown) => this.#fail(e));
  }

  #receive(s: Snapshot): void {
    if (s.gen > this.#latestGen) this.#latestGen = s.gen;
    this.#pacer.receive(s);
  }

  #fail(e: unknown): void {
    this.#handlers.onFailure?.(e instanceof Error ? e.message : String(e));
  }

  /** The worker bumps the generation by one per load/reset: everything older is stale from now on. */
  #expectNewGeneration(): void {
    this.#minGen = Math.max(this.#minGen, this.#latestGen) + 1;
  }

  /** Runs a command; a refusal is reported as a run failure unless `quiet`. */
  async #call(command: () => Promise<CommandResult>, quiet = false): Promise<CommandResult> {
    let r: CommandResult;
    try {
      r = await command();
    } catch (e) {
      r = { ok: false, gen: -1, error: e instanceof Error ? e.message : String(e) };
    }
    if (!r.ok && !quiet) this.#handlers.onFailure?.(r.error);
    return r;
  }

  /** The faults injected live in the run loaded now ([] until its first snapshot arrives). */
  get live(): LiveFault[] {
    const s = this.snapshot;
    return s && s.gen >= this.#runGen ? s.live : [];
  }

  load(scenario: Scenario): Promise<CommandResult> {
    this.#expectNewGeneration();
    this.#runGen = this.#minGen;
    return this.#call(() => this.#api.load(scenario));
  }
  reset(): Promise<CommandResult> {
    this.#expectNewGeneration();
    this.#runGen = this.#minGen;
    return this.#call(() => this.#api.reset());
  }
  play(): Promise<CommandResult> {
    return this.#call(() => this.#api.play());
  }
  pause(): Promise<CommandResult> {
    return this.#call(() => this.#api.pause());
  }
  step(toNextLog = false): Promise<CommandResult> {
    return this.#call(() => this.#api.step(toNextLog));
  }
  speed(speed: Speed): Promise<CommandResult> {
    return this.#call(() => this.#api.speed(speed));
  }
  /** Moves the run to simulated time `at` (paused there); a refusal (no run, a failed one) is the caller's, not a run failure. */
  seek(at: number): Promise<CommandResult> {
    this.#expectNewGeneration();
    return this.#call(() => this.#api.seek(at), true);
  }
  /** Chooses the entity (consumer group…) shown; a refusal is not a run failure. */
  focus(i: number): Promise<CommandResult> {
    return this.#call(() => this.#api.focus(i), true);
  }
  /** A refused fault is reported to the caller, not as a run failure. */
  inject(fault: LiveFault): Promise<CommandResult> {
    return this.#call(() => this.#api.inject(fault), true);
  }
  /** "Follow one record" (the worker replays the run); a failure is the reply's, not the run's. */
  async trace(request: unknown, toEnd = false): Promise<TraceReply> {
    try {
      return await this.#api.trace(request, toEnd);
    } catch (e) {
      return { ok: false, error: e instanceof Error ? e.message : String(e) };
    }
  }
  /** What a share link cut short still names (the worker decodes it); null when nothing or on failure. */
  async cutLinkStart(hash: string): Promise<{ model: string; id: string | null } | null> {
    try {
      return await this.#api.cutLinkStart(hash);
    } catch {
      return null;
    }
  }
  dispose(): void {
    this.#worker.terminate();
  }
}
