/**
 * The station's simulation: the kernel's clock and event list, plus the station's own events —
 * the next arrival and one departure per busy server — kept by the station itself and merged in
 * here, so the million arrivals and departures of a run never go through the event list.
 *
 * The order is exactly the one the event list would give them (time, then priority, then the order
 * they were scheduled in): the station's own events all have priority 0 and the station numbers
 * them in the order it schedules them, and the events it leaves to the event list (the end of the
 * warm-up, rate changes) all have a negative priority, so at one instant those run first. To keep
 * that true, events of priority ≥ 0 cannot be put on this event list. Everything the kernel offers
 * — `run`, `step`, `peek`, `peekEvent`, `pending`, the event count and the no-progress guard —
 * sees both kinds, as if there were one list.
 */
import { Simulation, type EventHandle } from '../../kernel/simulation.ts';

/** The station's side of the merge. */
export interface OwnEvents {
  /** Time of the earliest own event; Infinity when none is pending. */
  readonly nextT: number;
  /** Its kind (as registered with the simulation) and argument. */
  readonly nextKind: number;
  readonly nextArg: number;
  /** Own events pending. */
  readonly ownPending: number;
  /**
   * Runs the earliest own event; the clock is already at its time `t`. It may schedule own events
   * but nothing on the event list.
   */
  runNext(): void;
}

/**
 * Most events one call of the run loop takes (`run` calls it again until done). A run loop that
 * goes on for the whole of a long first `run` is compiled by V8 while still inside it (on-stack
 * replacement), before the code after the loop has ever run: that compiled loop then leaves
 * through a deoptimisation at the end of every later `run` and starts the next one in the
 * interpreter — hundreds of times per million customers, in some processes and not in others. A
 * loop that returns every few hundred events has run its ending long before it is compiled.
 * The slices change no number: the same events run in the same order.
 */
const SLICE = 256;

export class StationSimulation extends Simulation {
  private own: OwnEvents | null = null;

  /** Connects the station's own events (once, before the first event runs). */
  attach(own: OwnEvents): void {
    this.own = own;
  }

  override schedule(delay: number, kind: number, arg = 0, priority = 0): EventHandle {
    this.onlyBefore(kind, priority);
    return super.schedule(delay, kind, arg, priority);
  }

  override scheduleAt(t: number, kind: number, arg = 0, priority = 0): EventHandle {
    this.onlyBefore(kind, priority);
    return super.scheduleAt(t, kind, arg, priority);
  }

  private onlyBefore(kind: number, priority: number): void {
    if (!(priority < 0)) {
      throw new RangeError(`a station's event list takes only events that run before its own (priority < 0), got ${this.kindName(kind)} at priority ${priority}`);
    }
  }

  override peek(): number {
    const k = super.peek();
    const o = this.own === null ? Infinity : this.own.nextT;
    return o < k ? o : k;
  }

  override peekEvent(): { t: number; kind: number; name: string; arg: number } | null {
    const own = this.own;
    if (own !== null && own.nextT < super.peek()) return { t: own.nextT, kind: own.nextKind, name: this.kindName(own.nextKind), arg: own.nextArg };
    return super.peekEvent();
  }

  override get pending(): number {
    return super.pending + (this.own === null ? 0 : this.own.ownPending);
  }

  override step(): boolean {
    const own = this.own;
    if (own === null || !(own.nextT < super.peek())) return super.step();
    const t = own.nextT;
    if (t !== this.stallT) this.beginInstant(t);
    else this.sameInstant(t, own.nextKind);
    this.now = t;
    this.events++;
    own.runNext();
    return true;
  }

  override run(until: number, maxEvents = Infinity): number {
    const own = this.own;
    if (own === null) return super.run(until, maxEvents);
    if (!(until >= this.now)) throw new RangeError(`run(until=${until}) is before the clock (${this.now})`);
    // In slices of at most SLICE events: see {@link SLICE}.
    let n = 0;
    for (;;) {
      const limit = maxEvents - n < SLICE ? maxEvents - n : SLICE;
      const k = this.runSlice(own, until, limit);
      n += k;
      if (k < limit || n >= maxEvents) break;
    }
    if (n < maxEvents && until !== Infinity) this.now = until;
    return n;
  }

  /**
   * Runs up to `limit` events with time ≤ `until`, own and listed merged; returns how many ran (fewer
   * than `limit` only when none is left up to `until`) and has counted them in `events`.
   */
  private runSlice(own: OwnEvents, until: number, limit: number): number {
    const q = this.queue;
    const handlers = this.handlers;
    // The event list's earliest event: read again only after one of its events ran (own events
    // never put anything on it).
    let s = q.peekSlot();
    let tk = s < 0 ? Infinity : q.topTime;
    let n = 0;
    while (n < limit) {
      const to = own.nextT;
      // At one instant the event list's events (priority < 0) come first.
      const mine = to < tk;
      const t = mine ? to : tk;
      if (t > until || (!mine && s < 0)) break;
      if (t !== this.stallT) this.beginInstant(t);
      else this.againInRun(t, mine ? own.nextKind : q.kind[s], n);
      this.now = t;
      n++;
      if (mine) own.runNext();
      else {
        q.dropTop(s);
        handlers[q.kind[s]](q.arg[s]);
        s = q.peekSlot();
        tk = s < 0 ? Infinity : q.topTime;
      }
    }
    this.events += n;
    return n;
  }
}
