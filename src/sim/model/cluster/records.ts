/**
 * Every producer record of a run and its state — the conservation law of types.ts:
 * produced = blocked + inFlight + ackedStored + ackedLost + failed + refused + shed (failed counts
 * the expired ones too: expired is the part of failed that delivery.timeout.ms ended, kept as a
 * state of its own), kept as counts updated on every transition. Columns are growable typed arrays indexed by record id (0, 1, 2, …), so a record
 * costs 12 bytes here whatever the replication factor: replicas share the partition's log (a
 * replica's log is a prefix of it), and `copies` counts how many times the log holds the record.
 *
 * A record acknowledged whose last copy leaves the log (truncated by a leader change) becomes
 * acknowledged-and-lost; a record appended while a copy is already there is a duplicate (a retry
 * of a written batch without idempotence), counted until a truncation removes the extra copy.
 */
import type { ProducerException } from './types.ts';

export const RecState = { InFlight: 0, AckedStored: 1, AckedLost: 2, Failed: 3, Blocked: 4, Refused: 5, Shed: 6, Expired: 7 } as const;
export type RecState = (typeof RecState)[keyof typeof RecState];

export interface ProducerCounts {
  sent: number;
  acked: number;
  lost: number;
  /** Failed to the callback after send() returned (expired included), of them expired by delivery.timeout.ms. */
  failed: number;
  expired: number;
  /** send() failed with BufferExhaustedException (refused), or it did and the web front dropped the record and answered 202 (shed). */
  refused: number;
  shed: number;
  duplicates: number;
}

export class RecordTable {
  n = 0;
  sentAt = new Float64Array(1024);
  producer = new Uint8Array(1024);
  state = new Uint8Array(1024);
  copies = new Uint16Array(1024);
  /** Records in each state (indexed by RecState). */
  readonly counts = [0, 0, 0, 0, 0, 0, 0, 0];
  duplicates = 0;
  readonly failedBy: Partial<Record<ProducerException, number>> = {};
  readonly byProducer: ProducerCounts[];

  constructor(producers: number) {
    this.byProducer = Array.from({ length: producers }, () => ({ sent: 0, acked: 0, lost: 0, failed: 0, expired: 0, refused: 0, shed: 0, duplicates: 0 }));
  }

  /** A new record handed to send() by producer `p` at time `t`; returns its id. */
  add(p: number, t: number): number {
    const id = this.n++;
    if (id === this.sentAt.length) this.grow();
    this.sentAt[id] = t;
    this.producer[id] = p;
    this.counts[RecState.InFlight]++;
    this.byProducer[p].sent++;
    return id;
  }

  private grow(): void {
    const n = this.sentAt.length * 2;
    const f = new Float64Array(n);
    f.set(this.sentAt);
    this.sentAt = f;
    for (const k of ['producer', 'state'] as const) {
      const a = new Uint8Array(n);
      a.set(this[k]);
      this[k] = a;
    }
    const c = new Uint16Array(n);
    c.set(this.copies);
    this.copies = c;
  }

  private move(id: number, to: RecState): void {
    this.counts[this.state[id]]--;
    this.counts[to]++;
    this.state[id] = to;
  }

  /** One more copy of `id` in its partition's log. */
  appended(id: number): void {
    if (this.copies[id]++ > 0) {
      this.duplicates++;
      this.byProducer[this.producer[id]].duplicates++;
    }
  }

  /** A copy of `id` left the log (truncation). Returns true when an acknowledged record was lost by it. */
  removed(id: number): boolean {
    const c = --this.copies[id];
    if (c > 0) {
      this.duplicates--;
      this.byProducer[this.producer[id]].duplicates--;
      return false;
    }
    if (this.state[id] === RecState.AckedStored) {
      this.lose(id);
      return true;
    }
    return false;
  }

  private lose(id: number): void {
    this.move(id, RecState.AckedLost);
    this.byProducer[this.producer[id]].lost++;
  }

  /** The producer's callback completed without an exception (acks=0: at send, before any log holds it). Returns false when it was settled already. */
  ack(id: number, zeroAcks = false): boolean {
    if (this.state[id] !== RecState.InFlight) return false;
    this.byProducer[this.producer[id]].acked++;
    if (this.copies[id] > 0 || zeroAcks) this.move(id, RecState.AckedStored);
    else this.lose(id);
    return true;
  }

  /** acks=0: the request reached no log (no leader, refused): the record acknowledged at send is lost. */
  dropped(id: number): void {
    if (this.state[id] === RecState.AckedStored && this.copies[id] === 0) this.lose(id);
  }

  /** The producer's callback got `e` (`expired`: a TimeoutException because delivery.timeout.ms passed); false when the record was no longer in flight (nothing counted). */
  fail(id: number, e: ProducerException, expired = false): boolean {
    if (this.state[id] !== RecState.InFlight) return false;
    this.move(id, expired ? RecState.Expired : RecState.Failed);
    const p = this.byProducer[this.producer[id]];
    p.failed++;
    if (expired) p.expired++;
    this.failedBy[e] = (this.failedBy[e] ?? 0) + 1;
    return true;
  }

  /** send() of `id` waits for buffer memory. */
  block(id: number): void {
    if (this.state[id] === RecState.InFlight) this.move(id, RecState.Blocked);
  }

  /** send() of `id` got its memory: the record is in a batch. */
  unblock(id: number): void {
    if (this.state[id] === RecState.Blocked) this.move(id, RecState.InFlight);
  }

  /** send() of `id` failed with BufferExhaustedException; `shed`: the web front dropped it and answered 202. */
  refuse(id: number, shed: boolean): void {
    const s = this.state[id];
    if (s !== RecState.Blocked && s !== RecState.InFlight) return;
    this.move(id, shed ? RecState.Shed : RecState.Refused);
    const p = this.byProducer[this.producer[id]];
    if (shed) p.shed++;
    else p.refused++;
  }

  get inFlight(): number {
    return this.counts[RecState.InFlight];
  }
  get ackedStored(): number {
    return this.counts[RecState.AckedStored];
  }
  get ackedLost(): number {
    return this.counts[RecState.AckedLost];
  }
  /** Failed to the producer's callback, expired ones included (the count every run has reported). */
  get failed(): number {
    return this.counts[RecState.Failed] + this.counts[RecState.Expired];
  }
  get expired(): number {
    return this.counts[RecState.Expired];
  }
  get blocked(): number {
    return this.counts[RecState.Blocked];
  }
  get refused(): number {
    return this.counts[RecState.Refused];
  }
  get shed(): number {
    return this.counts[RecState.Shed];
  }
}
