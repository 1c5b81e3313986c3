/**
 * The outbox model's requests, one row per request in typed columns that double as they grow: its
 * state, when it arrived, when its row was committed (NaN until then) and two flags — its event is
 * in the topic, its event has been applied by the consumer. Ids are 1, 2, 3, … in arrival order.
 *
 * A request is in exactly one state (the conservation property test checks that they add up):
 * - `rejected`: arrived while the app was down, refused (nothing written);
 * - `inTxn`: its database transaction is open (in publish-first, after its event was published);
 * - `publishing`: its event is being sent by the app (dual-write: after the commit; publish-first: before it);
 * - `pending`: committed with its outbox row, waiting for the relay to publish it (outbox mode);
 * - `published`: row committed and event in the topic — consistent;
 * - `aborted`: rolled back or failed before anything was committed or published — consistent, the client saw an error;
 * - `missing`: row committed, event never to be published (dual-write: the app died or gave up between the two);
 * - `phantom`: event published, row never to be committed (publish-first: the app died or the commit failed).
 */

export const IN_TXN = 1;
export const PUBLISHING = 2;
export const PENDING = 3;
export const PUBLISHED = 4;
export const ABORTED = 5;
export const MISSING = 6;
export const PHANTOM = 7;
export const REJECTED = 8;

export const REQUEST_STATES = ['inTxn', 'publishing', 'pending', 'published', 'aborted', 'missing', 'phantom', 'rejected'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** Flag: the request's event is in the topic (appended at least once). */
export const F_EVENT = 1;
/** Flag: the consumer has applied the event at least once. */
export const F_APPLIED = 2;
/** Flag: the consumer applied the event before its row was committed (publish-first). */
export const F_EARLY = 4;

export class RequestTable {
  state = new Uint8Array(1024);
  arrival = new Float64Array(1024);
  commitAt = new Float64Array(1024);
  flags = new Uint8Array(1024);
  /** Requests so far; the last id. */
  size = 0;

  /** A new request arriving at `t`, in state `state`; returns its id. */
  add(t: number, state: number): number {
    const id = ++this.size;
    if (id >= this.state.length) this.grow();
    this.state[id] = state;
    this.arrival[id] = t;
    this.commitAt[id] = NaN;
    return id;
  }

  committed(id: number): boolean {
    return this.commitAt[id] === this.commitAt[id];
  }

  private grow(): void {
    const n = this.state.length * 2;
    const s = new Uint8Array(n);
    s.set(this.state);
    this.state = s;
    const a = new Float64Array(n);
    a.set(this.arrival);
    this.arrival = a;
    const c = new Float64Array(n);
    c.set(this.commitAt);
    this.commitAt = c;
    const f = new Uint8Array(n);
    f.set(this.flags);
    this.flags = f;
  }
}
