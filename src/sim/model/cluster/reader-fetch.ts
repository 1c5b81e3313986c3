/**
 * A Kafka consumer's fetcher, shared by the consumers and the processor: a position per
 * partition, one fetch session per broker it reads from (the partitions that broker serves it),
 * long polls (`fetch.max.wait.ms`), rtt/2 each way.
 *
 * A request reaches the broker after rtt/2; the broker answers at once when a partition of it has
 * readable records past the position (or an error: out of range, not served here any more), else
 * parks it until {@link Fetcher.changed} says there is something, or the wait ends. The response
 * carries the records readable when the broker answered (at most `max.partition.fetch.bytes` per
 * partition and `fetch.max.bytes` in all, each soft as in Kafka: the record that crosses a limit is
 * still sent, so the first partition with data always gets one) and arrives rtt/2 later; a response
 * that `fetch.max.bytes` cut short makes the session's next response start at the first partition
 * it left out (Kafka's fetch sessions move the partitions that returned data to the end); the next request of that session goes at once. A partition is
 * in at most one request at a time, so a leader change never delivers a range twice.
 */
import type { Simulation, EventHandle } from '../../kernel/simulation.ts';

/** What a fetcher reads: the producers' topic (through the cluster core) or the processor's output. */
export interface ReadSource {
  /** `<topic>-N` names. */
  readonly topic: string;
  readonly partitions: number;
  /** Broker serving partition p to a client in `rack`, or null (offline / unreachable). */
  route(p: number, rack: string | null): number | null;
  /** The leader of p (for the follower share), or null. */
  leader(p: number): number | null;
  start(p: number): number;
  end(p: number): number;
  /** Exclusive end of what `broker` serves of p: its known HW, or the LSO for read_committed. */
  limit(p: number, broker: number, committed: boolean): number;
  idAt(p: number, o: number): number;
  /** Transaction of the entry (-1: none). */
  txnAt(p: number, o: number): number;
  bytesOf(id: number): number;
  /** Round trip between a client in `rack` and `broker`, seconds. */
  rtt(rack: string | null, broker: number): number;
  /** The link crosses racks (both known and different). */
  crossRack(rack: string | null, broker: number): boolean;
}

/** Kafka's `max.partition.fetch.bytes` and `fetch.max.bytes` defaults (the processor's consumer uses them). */
export const MAX_PARTITION_FETCH_BYTES = 1_048_576;
export const FETCH_MAX_BYTES = 52_428_800;

/** Seconds an empty fetch round (request, wait, response) takes at least. */
export const MIN_FETCH_LOOP = 1e-4;

const IDLE = 0;
const TO_BROKER = 1;
const PARKED = 2;
const TO_CLIENT = 3;

const OK = 0;
const OUT_OF_RANGE = 1;
const MOVED = 2;

export interface FetcherOptions {
  name: string;
  rack: string | null;
  committed: boolean;
  maxWait: number;
  /** `max.partition.fetch.bytes` and `fetch.max.bytes` (default Kafka's). */
  maxPartitionBytes?: number;
  maxBytes?: number;
  /** May partition p be fetched now (the processor pauses partitions whose buffer is full)? */
  fetchable?: (p: number) => boolean;
  /** Records of p at offsets from … from+n−1 arrived: ids[at + k], txns[at + k] for k < n (markers included). */
  deliver(p: number, from: number, ids: readonly number[], txns: readonly number[], at: number, n: number): void;
  /** The position of p was reset to the log end (OFFSET_OUT_OF_RANGE). */
  onReset?: (p: number, from: number, to: number) => void;
}

export class Session {
  state = IDLE;
  members: number[] = [];
  /** Partitions of the request on the way / parked / answered. */
  req: number[] = [];
  /** The previous request's partitions (swapped with `req`, no allocation per fetch). */
  prev: number[] = [];
  wait: EventHandle | null = null;
  /** The request's or response's event on the way. */
  flight: EventHandle | null = null;
  // Response, filled when the broker answers.
  rFrom: number[] = [];
  rN: number[] = [];
  rErr: number[] = [];
  rIds: number[] = [];
  rTxns: number[] = [];
  rBytes = 0;
  /** The partition the next response starts at (the first one fetch.max.bytes left out of the last), or -1. */
  startAt = -1;
  constructor(
    readonly id: number,
    readonly fetcher: Fetcher,
    readonly broker: number,
  ) {}
}

/** The event kinds every fetcher of a run shares (registered once). */
export class FetchKinds {
  readonly sessions: Session[] = [];
  readonly kArrive: number;
  readonly kWaitEnd: number;
  readonly kResponse: number;
  constructor(readonly sim: Simulation) {
    this.kArrive = sim.register('fetch-arrive', (i) => this.sessions[i].fetcher.onArrive(this.sessions[i]));
    this.kWaitEnd = sim.register('fetch-wait-end', (i) => this.sessions[i].fetcher.onWaitEnd(this.sessions[i]));
    this.kResponse = sim.register('fetch-response', (i) => this.sessions[i].fetcher.onResponse(this.sessions[i]));
  }
}

export class Fetcher {
  readonly pos: Float64Array;
  /** Session id whose request holds p, or -1. */
  readonly inFlight: Int32Array;
  /** Broker p is routed to now (-1: none). */
  readonly route: Int32Array;
  private readonly byBroker = new Map<number, Session>();
  private readonly sim: Simulation;
  /** Fetches sent, and of them to a broker that was not the partition's leader. */
  fetches = 0;
  followerFetches = 0;
  crossRackBytes = 0;
  /** Off: no requests (a crashed processor). */
  active = true;

  constructor(
    private readonly kinds: FetchKinds,
    readonly source: ReadSource,
    readonly opts: FetcherOptions,
  ) {
    this.sim = kinds.sim;
    const n = source.partitions;
    this.pos = new Float64Array(n);
    this.inFlight = new Int32Array(n).fill(-1);
    this.route = new Int32Array(n).fill(-1);
  }

  /** Starts fetching every partition from `positions` (default: the log start). */
  start(positions?: ArrayLike<number>): void {
    this.active = true;
    for (let p = 0; p < this.source.partitions; p++) {
      this.pos[p] = positions ? positions[p] : this.source.start(p);
      this.reroute(p);
    }
    for (const s of this.byBroker.values()) this.send(s);
  }

  /** Stops: requests on the way are forgotten (their answers are ignored). */
  stop(): void {
    this.active = false;
    for (const s of this.byBroker.values()) {
      if (s.wait) this.sim.cancel(s.wait);
      if (s.flight) this.sim.cancel(s.flight);
      s.wait = null;
      s.flight = null;
      s.state = IDLE;
      s.req.length = 0;
    }
    this.inFlight.fill(-1);
  }

  private session(broker: number): Session {
    let s = this.byBroker.get(broker);
    if (!s) {
      s = new Session(this.kinds.sessions.length, this, broker);
      this.kinds.sessions.push(s);
      this.byBroker.set(broker, s);
    }
    return s;
  }

  /** Broker partition 0 is fetched from now, or null. */
  servingZero(): number | null {
    return this.source.route(0, this.opts.rack);
  }

  /** Re-reads p's route; moves it between sessions. Returns the session now serving it. */
  private reroute(p: number): Session | null {
    const b = this.source.route(p, this.opts.rack);
    const nb = b === null ? -1 : b;
    const old = this.route[p];
    if (nb !== old) {
      if (old >= 0) {
        const m = this.session(old).members;
        const i = m.indexOf(p);
        if (i >= 0) m.splice(i, 1);
      }
      this.route[p] = nb;
      if (nb >= 0) this.session(nb).members.push(p);
    }
    return nb >= 0 ? this.session(nb) : null;
  }

  private readable(s: Session, p: number): boolean {
    return this.source.limit(p, s.broker, this.opts.committed) > this.pos[p];
  }

  private outOfRange(p: number): boolean {
    const o = this.pos[p];
    return o > this.source.end(p) || o < this.source.start(p);
  }

  /** What is readable on p may have changed (HW, LSO, truncation, leader, reachability). */
  changed(p: number): void {
    if (!this.active) return;
    const before = this.route[p];
    const s = this.reroute(p);
    if (before >= 0 && before !== this.route[p]) {
      // p left a session: a request holding it there is answered now (NOT_LEADER_OR_FOLLOWER).
      const old = this.session(before);
      if (old.state === PARKED && this.inFlight[p] === old.id) this.answer(old);
    }
    if (!s) return;
    if (s.state === PARKED) {
      if (this.inFlight[p] === s.id && (this.readable(s, p) || this.outOfRange(p))) this.answer(s);
    } else if (s.state === IDLE) this.send(s);
  }

  /** Sends the session's next request if it has fetchable partitions not in flight elsewhere. */
  kick(p: number): void {
    if (!this.active) return;
    const b = this.route[p];
    if (b < 0) return;
    const s = this.session(b);
    if (s.state === IDLE) this.send(s);
  }

  private send(s: Session): void {
    if (!this.active || s.state !== IDLE) return;
    const req = s.req;
    req.length = 0;
    const fetchable = this.opts.fetchable;
    for (const p of s.members) if (this.inFlight[p] < 0 && (!fetchable || fetchable(p))) req.push(p);
    if (req.length === 0) return;
    for (const p of req) this.inFlight[p] = s.id;
    this.fetches++;
    // A session may mix partitions the broker leads and ones it follows: count the followed share.
    let followed = 0;
    for (const p of req) if (this.source.leader(p) !== s.broker) followed++;
    this.followerFetches += followed / req.length;
    s.state = TO_BROKER;
    s.flight = this.sim.schedule(this.source.rtt(this.opts.rack, s.broker) / 2, this.kinds.kArrive, s.id);
  }

  onArrive(s: Session): void {
    s.flight = null;
    if (s.state !== TO_BROKER) return;
    for (const p of s.req) {
      if (this.route[p] !== s.broker || this.outOfRange(p) || this.readable(s, p)) {
        this.answer(s);
        return;
      }
    }
    s.state = PARKED;
    // A fetch loop takes at least MIN_FETCH_LOOP (rtt.ms 0 with fetch.max.wait.ms 0 would spin at one instant).
    const wait = Math.max(this.opts.maxWait, MIN_FETCH_LOOP - this.source.rtt(this.opts.rack, s.broker));
    s.wait = this.sim.schedule(wait, this.kinds.kWaitEnd, s.id);
  }

  onWaitEnd(s: Session): void {
    s.wait = null;
    if (s.state === PARKED) this.answer(s);
  }

  /** The broker answers: the response holds what it serves now. */
  private answer(s: Session): void {
    if (s.wait) {
      this.sim.cancel(s.wait);
      s.wait = null;
    }
    const src = this.source;
    s.rFrom.length = 0;
    s.rN.length = 0;
    s.rErr.length = 0;
    s.rIds.length = 0;
    s.rTxns.length = 0;
    const maxPart = this.opts.maxPartitionBytes ?? MAX_PARTITION_FETCH_BYTES;
    const maxBytes = this.opts.maxBytes ?? FETCH_MAX_BYTES;
    // Start where the last response was cut: rotate the request's partitions (the response follows their order).
    const first = s.startAt >= 0 ? s.req.indexOf(s.startAt) : -1;
    if (first > 0) s.req.push(...s.req.splice(0, first));
    s.startAt = -1;
    let bytes = 0;
    for (const p of s.req) {
      const from = this.pos[p];
      s.rFrom.push(from);
      if (this.route[p] !== s.broker) {
        s.rErr.push(MOVED);
        s.rN.push(0);
        continue;
      }
      if (this.outOfRange(p)) {
        s.rErr.push(OUT_OF_RANGE);
        s.rN.push(0);
        continue;
      }
      const to = Math.min(src.limit(p, s.broker, this.opts.committed), src.end(p));
      const cap = Math.min(maxPart, maxBytes - bytes);
      if (cap <= 0 && to > from && s.startAt < 0) s.startAt = p;
      let n = 0;
      let pb = 0;
      for (let o = from; o < to && pb < cap; o++, n++) {
        const id = src.idAt(p, o);
        s.rIds.push(id);
        s.rTxns.push(src.txnAt(p, o));
        if (id >= 0) pb += src.bytesOf(id);
      }
      bytes += pb;
      s.rErr.push(OK);
      s.rN.push(n);
    }
    s.rBytes = bytes;
    s.state = TO_CLIENT;
    s.flight = this.sim.schedule(src.rtt(this.opts.rack, s.broker) / 2, this.kinds.kResponse, s.id);
  }

  onResponse(s: Session): void {
    s.flight = null;
    if (s.state !== TO_CLIENT) return;
    if (this.source.crossRack(this.opts.rack, s.broker)) this.crossRackBytes += s.rBytes;
    let k = 0;
    const req = s.req;
    s.req = s.prev;
    s.prev = req;
    for (let i = 0; i < req.length; i++) {
      const p = req[i];
      const n = s.rN[i];
      const from = s.rFrom[i];
      this.inFlight[p] = -1;
      if (s.rErr[i] === OUT_OF_RANGE) {
        const to = this.source.end(p);
        if (this.pos[p] === from && this.outOfRange(p)) {
          this.pos[p] = to;
          this.opts.onReset?.(p, from, to);
        }
      } else if (n > 0 && this.pos[p] === from) {
        this.pos[p] = from + n;
        this.opts.deliver(p, from, s.rIds, s.rTxns, k, n);
      }
      k += n;
    }
    s.state = IDLE;
    // Routes may have moved without a notice: look again at what this request held.
    for (const p of req) this.reroute(p);
    this.send(s);
    for (const p of req) if (this.route[p] !== s.broker) this.kick(p);
  }
}
