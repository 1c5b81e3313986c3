/**
 * One partition's replicated state: the log (record ids; every replica's log is a prefix of it),
 * per replica its log-end offset (LEO), the leader's knowledge of it, the high watermark it last
 * heard, the ISR, the leader and its epoch, the HW, the acks=all requests waiting for the HW, and
 * the idempotent producers' state (Kafka's ProducerStateEntry: epoch, last sequence, last 5
 * batches), which a truncation rebuilds from the log that is left, as Kafka's
 * UnifiedLog.truncateTo → loadProducerState does.
 *
 * Replicas are addressed by their index in `replicas` (assignment order; 0 = preferred leader).
 */
import type { RecordTable } from './records.ts';

/** Partition status, worst first when counted: see PartitionReplicasView.state. */
export const PState = { Online: 0, UnderReplicated: 1, UnderMinIsr: 2, Offline: 3 } as const;
export type PState = (typeof PState)[keyof typeof PState];

/** Batches an idempotent leader remembers per producer id (Kafka's ProducerStateEntry.NUM_BATCHES_TO_RETAIN). */
export const DEDUP_WINDOW = 5;
/**
 * The history is compacted when it holds more than twice what the last compaction kept plus this
 * many batches: amortised O(1) a batch, and at most 2 × (DEDUP_WINDOW a producer + the batches a
 * cut can still reach) + HISTORY_SLACK entries a partition (budget.ts counts them).
 */
export const HISTORY_SLACK = 16;

/** One idempotent batch in the log: its producer epoch, first and last sequence (records, as Kafka counts them), first offset and the offset after it. */
export interface SeqEntry {
  epoch: number;
  seq: number;
  last: number;
  offset: number;
  end: number;
}

/**
 * An idempotent producer's state at a partition's log end (storage's ProducerStateEntry): its
 * epoch, the last sequence it wrote, and its last DEDUP_WINDOW batches of that epoch (cleared when
 * the epoch changes). No entry = the broker knows no epoch for it and accepts any sequence.
 */
export interface ProducerStateEntry {
  epoch: number;
  last: number;
  batches: SeqEntry[];
}

/** A batch of an acks=all produce request (`req`, its index `i` in the request) appended and waiting for the HW to reach `end`. */
export interface Waiting {
  req: number;
  i: number;
  end: number;
}

export class Partition {
  log = new Int32Array(16);
  /** Log end (the leader's LEO when it has one). */
  end = 0;
  readonly rf: number;
  /** Actual LEO of each replica. */
  readonly leo: Int32Array;
  /** The leader's knowledge of each follower's LEO (the offset of its last fetch). */
  readonly view: Int32Array;
  /** The HW each replica last heard (a follower: from its last fetch response). */
  readonly knownHw: Int32Array;
  readonly isr: Uint8Array;
  isrSize: number;
  /** Replica index of the leader, or −1 (no leader ever: never after the start). */
  leader = 0;
  epoch = 0;
  hw = 0;
  readonly lastCaughtUp: Float64Array;
  readonly lastFetchLeaderLeo: Int32Array;
  readonly lastFetchAt: Float64Array;
  /** The follower fetched since the current epoch began (a condition of ISR expansion). */
  readonly fetchedThisEpoch: Uint8Array;
  waiting: Waiting[] = [];
  waitingHead = 0;
  /** producer index → its idempotent state at the log end. */
  readonly pstate = new Map<number, ProducerStateEntry>();
  /**
   * The idempotent batches in log order (producer index with each), kept from where the log can
   * still be cut (see compactHistory): what a truncation rebuilds `pstate` from.
   */
  private hist: (SeqEntry & { producer: number })[] = [];
  private histKept = 0;
  status: PState = PState.Online;
  /** ISR smaller than the replicas (counted in ClusterModel.underReplicated). */
  wasUnderReplicated = false;
  /** Queued for an election at the controller. */
  queued = false;
  /** Broker (id) whose death made it wait for a leader, or 0. */
  orphanOf = 0;
  /** The last leader change that cut records from its replicas (see TruncationEvent), or null. */
  lastCut: { at: number; epoch: number; records: number[] } | null = null;

  constructor(
    readonly index: number,
    /** Broker ids, assignment order. */
    readonly replicas: Int32Array,
  ) {
    const rf = (this.rf = replicas.length);
    this.leo = new Int32Array(rf);
    this.view = new Int32Array(rf);
    this.knownHw = new Int32Array(rf);
    this.isr = new Uint8Array(rf).fill(1);
    this.isrSize = rf;
    this.lastCaughtUp = new Float64Array(rf);
    this.lastFetchLeaderLeo = new Int32Array(rf);
    this.lastFetchAt = new Float64Array(rf);
    this.fetchedThisEpoch = new Uint8Array(rf);
  }

  replicaOf(broker: number): number {
    const r = this.replicas;
    for (let i = 0; i < r.length; i++) if (r[i] === broker) return i;
    return -1;
  }

  /** Broker id of the leader, or 0. */
  get leaderBroker(): number {
    return this.leader >= 0 ? this.replicas[this.leader] : 0;
  }

  /** Appends `ids` at the leader; returns the first offset. */
  append(ids: readonly number[], records: RecordTable): number {
    const first = this.end;
    const need = first + ids.length;
    if (need > this.log.length) {
      let n = this.log.length * 2;
      while (n < need) n *= 2;
      const a = new Int32Array(n);
      a.set(this.log.subarray(0, first));
      this.log = a;
    }
    for (let i = 0; i < ids.length; i++) {
      this.log[first + i] = ids[i];
      records.appended(ids[i]);
    }
    this.end = need;
    this.leo[this.leader] = need;
    return first;
  }

  /**
   * Cuts the log to `e` (a leader change to a replica with LEO e); returns [records removed,
   * acknowledged records lost]. `cut` gets each replica's records past `e` (its LEO − e, 0 when it
   * had no more), in `replicas` order, before they go.
   */
  truncate(e: number, records: RecordTable, cut?: number[]): [number, number] {
    if (e >= this.end) return [0, 0];
    let lost = 0;
    const removed = this.end - e;
    for (let o = this.end - 1; o >= e; o--) if (records.removed(this.log[o])) lost++;
    this.end = e;
    for (let r = 0; r < this.rf; r++) {
      if (cut) cut[r] = Math.max(0, this.leo[r] - e);
      if (this.leo[r] > e) this.leo[r] = e;
      if (this.view[r] > e) this.view[r] = e;
      if (this.knownHw[r] > e) this.knownHw[r] = e;
    }
    if (this.hw > e) this.hw = e;
    // The idempotent producers' state is what the log left holds (Kafka rebuilds it from the log).
    const h = this.hist;
    const touched = new Set<number>();
    while (h.length > 0 && h[h.length - 1].end > e) touched.add(h.pop()!.producer);
    if (this.histKept > h.length) this.histKept = h.length;
    for (const pid of touched) this.rebuildState(pid);
    return [removed, lost];
  }

  /** `pid`'s state from the history left: the last batch's epoch and sequence, and its last DEDUP_WINDOW batches of that epoch. */
  private rebuildState(pid: number): void {
    const h = this.hist;
    let st: ProducerStateEntry | null = null;
    for (let i = h.length - 1; i >= 0; i--) {
      const x = h[i];
      if (x.producer !== pid) continue;
      if (!st) st = { epoch: x.epoch, last: x.last, batches: [] };
      else if (x.epoch !== st.epoch) break;
      st.batches.unshift({ epoch: x.epoch, seq: x.seq, last: x.last, offset: x.offset, end: x.end });
      if (st.batches.length === DEDUP_WINDOW) break;
    }
    if (st) this.pstate.set(pid, st);
    else this.pstate.delete(pid);
  }

  /** Recomputes the HW as min LEO over the ISR (the leader's own LEO, the followers' last fetch offsets); it never moves back. Returns true when it advanced. */
  updateHw(): boolean {
    if (this.leader < 0) return false;
    let m = this.leo[this.leader];
    for (let r = 0; r < this.rf; r++) if (this.isr[r] && r !== this.leader && this.view[r] < m) m = this.view[r];
    if (m <= this.hw) return false;
    this.hw = m;
    this.knownHw[this.leader] = m;
    return true;
  }

  /** The idempotent leader's entry for a batch of `producer` with this epoch and sequence range, if it is among the last batches it remembers (Kafka's findDuplicateBatch). */
  findDuplicate(producer: number, epoch: number, seq: number, last: number): SeqEntry | null {
    const st = this.pstate.get(producer);
    if (!st || st.epoch !== epoch) return null;
    for (const s of st.batches) if (s.seq === seq && s.last === last) return s;
    return null;
  }

  /**
   * An idempotent batch was appended at [offset, end): the producer's state moves to it (a new
   * epoch clears the remembered batches, as ProducerStateEntry.maybeUpdateProducerEpoch does).
   * `floor`: the lowest offset a later leader change can still cut the log to.
   */
  appendedIdempotent(producer: number, epoch: number, seq: number, last: number, offset: number, end: number, floor: number): void {
    let st = this.pstate.get(producer);
    if (!st) this.pstate.set(producer, (st = { epoch, last, batches: [] }));
    if (st.epoch !== epoch) {
      st.batches.length = 0;
      st.epoch = epoch;
    }
    st.last = last;
    st.batches.push({ epoch, seq, last, offset, end });
    if (st.batches.length > DEDUP_WINDOW) st.batches.shift();
    this.hist.push({ producer, epoch, seq, last, offset, end });
    if (this.hist.length > 2 * this.histKept + HISTORY_SLACK) this.compactHistory(floor);
  }

  /**
   * Drops history no truncation can reach: batches ending at or below `floor` (no leader change cuts
   * the log below it), except each producer's last DEDUP_WINDOW of them, which a cut just above
   * `floor` rebuilds its state from.
   */
  private compactHistory(floor: number): void {
    const h = this.hist;
    const below = new Map<number, number>();
    const kept: (SeqEntry & { producer: number })[] = [];
    for (let i = h.length - 1; i >= 0; i--) {
      const x = h[i];
      if (x.end > floor) kept.push(x);
      else {
        const n = below.get(x.producer) ?? 0;
        if (n < DEDUP_WINDOW) {
          below.set(x.producer, n + 1);
          kept.push(x);
        }
      }
    }
    kept.reverse();
    this.hist = kept;
    this.histKept = kept.length;
  }

  /** Idempotent batches held in the history now (for tests of its bound). */
  get historySize(): number {
    return this.hist.length;
  }

  isrBrokers(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.rf; r++) if (this.isr[r]) out.push(this.replicas[r]);
    return out;
  }
}
