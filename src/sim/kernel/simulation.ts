/**
 * The discrete-event simulation loop: a clock and a pending-event set.
 *
 * Models register handlers once (`register(fn)` returns an integer kind) and schedule events as
 * (time, kind, integer argument, priority) — no closures or objects per event, so the hot loop
 * allocates nothing. `step()` runs one event; `run(until)` runs every event with time ≤ until and
 * then sets the clock to `until`, so running to T in one call or in many chunks gives the same
 * state (the playground's pacing relies on this).
 *
 * The clock never goes backwards: scheduling in the past, or a non-finite time, throws.
 *
 * Simulated time must also move forwards. A model whose work takes no time can loop at one
 * instant forever (a record that always fails, processed in 0 s and retried at once): the clock
 * freezes while the events pile up. So `run` and `step` count the events in a row that run at the
 * same instant; after {@link MAX_EVENTS_WITHOUT_PROGRESS} of them, unless the model reported
 * progress in the meantime (`progress`, bumped by the model whenever something irreversible
 * happens — a record produced, applied or settled — of which a frozen instant can only hold
 * finitely many), they stop with a {@link NoProgressError} before the next event, and keep
 * stopping there: the model's state stays as it was after its last event.
 */
import { EventQueue, MAX_PRIORITY, MIN_PRIORITY, type EventHandle } from './event-queue.ts';

export type Handler = (arg: number) => void;
export type { EventHandle };

/**
 * Events in a row at one simulated instant, with no progress reported by the model, after which
 * the run stops (see {@link NoProgressError}).
 *
 * Why a million: legitimate work at one instant is bounded by the size of the model, and the part
 * of it that is not progress is small — members joining, syncing and polling together, timers
 * that coincide — while every record handled in zero time counts as progress (a consumer that
 * joins late and drains a 1,000,000-record backlog in 0 s never gets near the limit). Measured
 * without progress: at most 40 same-instant events in a row in the shipped scenarios and their
 * lessons' fixes, 200 in the broker benchmark (1,000 partitions, 200 consumers), 16,007 when
 * 8 groups of 1,000 members each add 1,000 more at the same instant (10,000 partitions) — a
 * margin of 60 over that extreme. A real zero-time loop reaches the limit in 0.5–2 s of wall time
 * (up to ~15 s when every failed attempt re-fetches a 500-record batch).
 */
export const MAX_EVENTS_WITHOUT_PROGRESS = 1_000_000;

/** Groups digits in threes with commas (deterministic, no Intl). */
function grouped(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The run stopped because simulated time stopped advancing: `events` events in a row ran at
 * `at` without the model making progress. A property of the model's configuration (an input
 * problem), not a bug of the simulator.
 */
export class NoProgressError extends Error {
  override readonly name = 'NoProgressError';
  constructor(
    /** The instant the clock is stuck at, seconds. */
    readonly at: number,
    /** Events in a row at that instant without progress. */
    readonly events: number,
    /** Names of the event kinds that ran there (most frequent first). */
    readonly kinds: string[],
    /** The model's guess at why (see {@link Simulation.noProgressHint}). */
    readonly hint: string,
  ) {
    const when = Number(at.toPrecision(6));
    super(
      `simulated time stopped advancing at t = ${when} s: ${grouped(events)} events without progress${kinds.length > 0 ? ` (${kinds.join(', ')})` : ''} — ${hint}`,
    );
  }
}

/** How many of the last events of a stall are kept to name their kinds in the error. */
const STALL_SAMPLE = 1024;
/** `run` looks at the model's progress every this many same-instant events (a power of two). */
const STALL_CHECK = 65536;

export class Simulation {
  /** Current simulated time in seconds. */
  now = 0;
  /** Events executed so far. */
  events = 0;
  /**
   * The model's progress counter: bumped whenever something happens that a loop at one instant
   * cannot repeat forever (a record produced, applied for the first time, or settled). Resets the
   * same-instant count of the no-progress guard.
   */
  progress = 0;
  /** Same-instant events in a row after which the run stops (see {@link MAX_EVENTS_WITHOUT_PROGRESS}). */
  stallLimit = MAX_EVENTS_WITHOUT_PROGRESS;
  /** What a {@link NoProgressError} suggests as the cause; models set their own. */
  noProgressHint = 'the model has work that takes no simulated time and repeats it forever';
  /** The instant of the current run of same-instant events, their count, and `progress` when it began. */
  protected stallT = -1;
  protected stalled = 0;
  protected stallMark = 0;
  private stallKinds: number[] = [];
  /** Inside {@link run}: {@link runNow} may run an event in place. */
  private inRun = false;
  protected readonly queue = new EventQueue();
  protected readonly handlers: Handler[] = [];
  private readonly names: string[] = [];

  /** Registers a handler; returns the event kind to schedule it with. */
  register(name: string, handler: Handler): number {
    this.handlers.push(handler);
    this.names.push(name);
    return this.handlers.length - 1;
  }

  /** Name a handler was registered with (for traces and errors). */
  kindName(kind: number): string {
    return this.names[kind] ?? `#${kind}`;
  }

  /** Schedules `kind(arg)` after `delay` seconds (≥ 0). Lower `priority` runs first among equal times. */
  schedule(delay: number, kind: number, arg = 0, priority = 0): EventHandle {
    if (!(delay >= 0) || delay === Infinity) {
      throw new RangeError(`delay must be a finite number ≥ 0, got ${delay} (event ${this.kindName(kind)})`);
    }
    return this.push(this.now + delay, kind, arg, priority);
  }

  /** Schedules `kind(arg)` at absolute time `t` ≥ now. */
  scheduleAt(t: number, kind: number, arg = 0, priority = 0): EventHandle {
    this.checkTime(t, kind);
    return this.push(t, kind, arg, priority);
  }

  private push(t: number, kind: number, arg: number, priority: number): EventHandle {
    if (kind >= this.handlers.length || priority !== 0) this.checkEvent(kind, priority);
    return this.queue.push(t, kind, arg | 0, priority);
  }

  /** An absolute time an event may be scheduled at: finite and not before the clock. */
  private checkTime(t: number, kind: number): void {
    if (!(t >= this.now) || t === Infinity) {
      throw new RangeError(`cannot schedule ${this.kindName(kind)} at t=${t}: the clock is at ${this.now}`);
    }
  }

  private checkEvent(kind: number, priority: number): void {
    if (!(kind >= 0 && kind < this.handlers.length) || (kind | 0) !== kind) throw new RangeError(`unknown event kind ${kind}`);
    if (!(priority >= MIN_PRIORITY && priority <= MAX_PRIORITY) || (priority | 0) !== priority) {
      throw new RangeError(`priority must be an integer in [${MIN_PRIORITY}, ${MAX_PRIORITY}], got ${priority}`);
    }
  }

  /**
   * Takes the place in the order that an event scheduled now at priority 0 would take, without
   * scheduling one: {@link scheduleAtReserved} inserts it there later, at a time of its own. A
   * model arms a timer this way only once it is sure to be needed — the order of events, and the
   * sequence numbers of every later one, are the same as if it had been scheduled at once.
   */
  reserve(): number {
    return this.queue.reserve();
  }

  /**
   * Schedules `kind(arg)` at absolute time `t` ≥ now, at the place in the order `reserved` holds.
   * The caller makes sure that place has not passed: at t = now it must have been reserved after
   * the running event was scheduled, or the event would run later than its place.
   */
  scheduleAtReserved(t: number, kind: number, arg: number, reserved: number): EventHandle {
    this.checkTime(t, kind);
    if (kind >= this.handlers.length) this.checkEvent(kind, 0);
    return this.queue.pushReserved(t, kind, arg | 0, reserved);
  }

  /**
   * Runs `kind(arg)` at once, as the event it would be if scheduled now with delay 0, when nothing
   * else is pending at this instant: it would be the next event anyway. Returns false, having done
   * nothing, when something is; outside {@link run} (so that each {@link step} stays one event);
   * or inside an event already run this way (one level, never a recursion). The caller then
   * schedules it. Call it only as the last thing a handler does, so that nothing of the handler
   * runs after the event it stands for. It counts as an event, in `events` and in the no-progress
   * guard, so a run is the same, event for event.
   */
  runNow(kind: number, arg: number): boolean {
    const n = this.stalled + 1;
    if (!this.inRun || (n & (STALL_CHECK - 1)) === 0 || n >= this.stallLimit - STALL_SAMPLE || (this.queue.peekSlot() >= 0 && this.queue.topTime <= this.now)) {
      return false;
    }
    if (kind >= this.handlers.length) this.checkEvent(kind, 0);
    this.stalled = n;
    this.events++;
    // One level only: the event run in place may not run another in place (no unbounded recursion).
    this.inRun = false;
    this.handlers[kind](arg);
    this.inRun = true;
    return true;
  }

  /**
   * Counts every event run from now on by its kind (of the handlers registered so far): a diagnostic (the bench's anatomy of a run), not
   * for runs whose speed matters, since every handler is wrapped in a counter. Returns a function
   * that reads the counts so far by the names the handlers were registered with, largest first.
   */
  countEvents(): () => [string, number][] {
    const counts = new Float64Array(this.handlers.length);
    for (let k = 0; k < this.handlers.length; k++) {
      const h = this.handlers[k];
      this.handlers[k] = (arg) => {
        counts[k]++;
        h(arg);
      };
    }
    return () =>
      this.names
        .map((name, k): [string, number] => [name, counts[k]])
        .filter(([, n]) => n > 0)
        .sort((a, b) => b[1] - a[1]);
  }

  /**
   * Moves the pending event `handle` — scheduled as `kind(arg)` at priority 0, at or before `t` —
   * to absolute time `t` ≥ now, as cancelling it and scheduling `kind(arg)` at `t` would: the same
   * place in the order (it takes the next sequence number, as that push would), the same events,
   * but in O(1) and without leaving a cancelled entry behind (a timer re-armed over and over — a
   * consumer's auto-commit timer each time it goes idle — would otherwise fill the event list with
   * dead entries). Falls back to exactly that cancel and schedule when the event cannot be moved in
   * place, and only schedules when `handle` is −1 (none pending). Returns the handle of the event at `t`.
   */
  moveLater(handle: EventHandle, t: number, kind: number, arg: number): EventHandle {
    this.checkTime(t, kind);
    if (handle >= 0) {
      if (this.queue.moveLater(handle, t, kind, arg | 0)) return handle;
      this.cancel(handle);
    }
    return this.scheduleAt(t, kind, arg);
  }

  /** Cancels a scheduled event; false if it already ran or was cancelled. */
  cancel(handle: EventHandle): boolean {
    return this.queue.cancel(handle);
  }

  /** Time of the next event, or Infinity when none is pending. */
  peek(): number {
    return this.queue.peekSlot() < 0 ? Infinity : this.queue.topTime;
  }

  /**
   * The event `step()` would run next — its time, kind (with the name it was registered with) and
   * argument — or null when none is pending. Reads only: the page uses it to say what a step did.
   */
  peekEvent(): { t: number; kind: number; name: string; arg: number } | null {
    const s = this.queue.peekSlot();
    if (s < 0) return null;
    const kind = this.queue.kind[s];
    return { t: this.queue.topTime, kind, name: this.kindName(kind), arg: this.queue.arg[s] };
  }

  /** Number of pending (live) events. */
  get pending(): number {
    return this.queue.pending;
  }

  /**
   * Counts one more event at instant t and looks at the model's progress. Returns normally when
   * the event may run; throws a {@link NoProgressError} (without running it) when `stallLimit`
   * events in a row have run at this instant since the model last made progress. Only called for
   * an event at the same instant as the previous one: by `step` for each, by `run` every
   * {@link STALL_CHECK} events and for each of the last {@link STALL_SAMPLE} before the limit.
   */
  protected sameInstant(t: number, kind: number): void {
    const n = ++this.stalled;
    if (this.progress !== this.stallMark) {
      // Progress since the last check: the work at this instant is finite so far; count again.
      this.stallMark = this.progress;
      this.stalled = 0;
      return;
    }
    const sampleFrom = Math.max(1, this.stallLimit - STALL_SAMPLE + 1);
    if (n === sampleFrom) this.stallKinds = [];
    if (n >= sampleFrom) this.stallKinds.push(kind);
    if (n < this.stallLimit) return;
    this.stalled = this.stallLimit - 1; // stays stopped: the next call throws again
    const counts = new Map<number, number>();
    for (const k of this.stallKinds) counts.set(k, (counts.get(k) ?? 0) + 1);
    const kinds = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k]) => this.kindName(k));
    throw new NoProgressError(t, this.stallLimit, kinds, this.noProgressHint);
  }

  /** The first event at a new instant: the count of events at one instant starts again. */
  protected beginInstant(t: number): void {
    this.stallT = t;
    this.stalled = 0;
    this.stallMark = this.progress;
  }

  /**
   * `run`'s guard for one more event (of kind `kind`) at the instant of the previous one, `ran`
   * events into the call: counts it, and every {@link STALL_CHECK}
   * events and for each of the last {@link STALL_SAMPLE} before the limit looks at the model's
   * progress (see {@link sameInstant}); on a stall the events run so far are counted and the error
   * thrown.
   */
  protected againInRun(t: number, kind: number, ran: number): void {
    if ((++this.stalled & (STALL_CHECK - 1)) === 0 || this.stalled >= this.stallLimit - STALL_SAMPLE) {
      this.stalled--;
      try {
        this.sameInstant(t, kind);
      } catch (e) {
        this.events += ran;
        throw e;
      }
    }
  }

  /** Runs the next event. Returns false when there is none. Throws {@link NoProgressError} when time is stuck. */
  step(): boolean {
    this.inRun = false;
    const q = this.queue;
    const s = q.peekSlot();
    if (s < 0) return false;
    const t = q.topTime;
    if (t !== this.stallT) this.beginInstant(t);
    else this.sameInstant(t, q.kind[s]);
    this.now = t;
    q.dropTop(s);
    this.events++;
    this.handlers[q.kind[s]](q.arg[s]);
    return true;
  }

  /**
   * Runs every event with time ≤ `until`, then advances the clock to `until`.
   * `maxEvents` bounds the work of one call (the worker uses it to stay responsive); when it stops
   * early the clock stays at the last event's time. Returns the number of events run. Throws
   * {@link NoProgressError} when simulated time is stuck (the events run before it are counted).
   */
  run(until: number, maxEvents = Infinity): number {
    if (!(until >= this.now)) throw new RangeError(`run(until=${until}) is before the clock (${this.now})`);
    const q = this.queue;
    const handlers = this.handlers;
    let n = 0;
    this.inRun = true;
    while (n < maxEvents) {
      const s = q.peekSlot();
      if (s < 0) break;
      const t = q.topTime;
      if (t > until) break;
      if (t !== this.stallT) this.beginInstant(t);
      else this.againInRun(t, q.kind[s], n);
      q.dropTop(s);
      this.now = t;
      n++;
      handlers[q.kind[s]](q.arg[s]);
    }
    this.inRun = false;
    this.events += n;
    if (n < maxEvents && until !== Infinity) this.now = until;
    return n;
  }
}
