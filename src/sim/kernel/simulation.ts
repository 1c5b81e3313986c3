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
 */
import { EventQueue, MAX_PRIORITY, MIN_PRIORITY, type EventHandle } from './event-queue.ts';

export type Handler = (arg: number) => void;
export type { EventHandle };

export class Simulation {
  /** Current simulated time in seconds. */
  now = 0;
  /** Events executed so far. */
  events = 0;
  private readonly queue = new EventQueue();
  private readonly handlers: Handler[] = [];
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
    if (!(t >= this.now) || t === Infinity) {
      throw new RangeError(`cannot schedule ${this.kindName(kind)} at t=${t}: the clock is at ${this.now}`);
    }
    return this.push(t, kind, arg, priority);
  }

  private push(t: number, kind: number, arg: number, priority: number): EventHandle {
    if (kind >= this.handlers.length || priority !== 0) this.checkEvent(kind, priority);
    return this.queue.push(t, kind, arg | 0, priority);
  }

  private checkEvent(kind: number, priority: number): void {
    if (!(kind >= 0 && kind < this.handlers.length) || (kind | 0) !== kind) throw new RangeError(`unknown event kind ${kind}`);
    if (!(priority >= MIN_PRIORITY && priority <= MAX_PRIORITY) || (priority | 0) !== priority) {
      throw new RangeError(`priority must be an integer in [${MIN_PRIORITY}, ${MAX_PRIORITY}], got ${priority}`);
    }
  }

  /** Cancels a scheduled event; false if it already ran or was cancelled. */
  cancel(handle: EventHandle): boolean {
    return this.queue.cancel(handle);
  }

  /** Time of the next event, or Infinity when none is pending. */
  peek(): number {
    return this.queue.peekSlot() < 0 ? Infinity : this.queue.hTime[0];
  }

  /** Number of pending (live) events. */
  get pending(): number {
    return this.queue.pending;
  }

  /** Runs the next event. Returns false when there is none. */
  step(): boolean {
    const q = this.queue;
    const s = q.peekSlot();
    if (s < 0) return false;
    this.now = q.hTime[0];
    q.dropTop(s);
    this.events++;
    this.handlers[q.kind[s]](q.arg[s]);
    return true;
  }

  /**
   * Runs every event with time ≤ `until`, then advances the clock to `until`.
   * `maxEvents` bounds the work of one call (the worker uses it to stay responsive); when it stops
   * early the clock stays at the last event's time. Returns the number of events run.
   */
  run(until: number, maxEvents = Infinity): number {
    if (!(until >= this.now)) throw new RangeError(`run(until=${until}) is before the clock (${this.now})`);
    const q = this.queue;
    const handlers = this.handlers;
    let n = 0;
    while (n < maxEvents) {
      const s = q.peekSlot();
      if (s < 0) break;
      const t = q.hTime[0];
      if (t > until) break;
      q.dropTop(s);
      this.now = t;
      n++;
      handlers[q.kind[s]](q.arg[s]);
    }
    this.events += n;
    if (n < maxEvents && until !== Infinity) this.now = until;
    return n;
  }
}
