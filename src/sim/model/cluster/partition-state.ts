/**
 * One partition's replicated state: the log (record ids; every replica's log is a prefix of it),
 * per replica its log-end offset (LEO), the leader's knowledge of it, the high watermark it last
 * heard, the ISR, the leader and its epoch, the HW, the acks=all requests waiting for the HW, and
 * the idempotent producers' recent batch sequences.
 *
 * Replicas are addressed by their index in `replicas` (assignment order; 0 = preferred leader).
 */
import type { RecordTable } from './records.ts';

/** Partition status, worst first when counted: see PartitionReplicasView.state. */
export const PState = { Online: 0, UnderReplicated: 1, UnderMinIsr: 2, Offline: 3 } as const;
export type PState = (typeof PState)[keyof typeof PState];

/** Batches an idempotent leader remembers per producer id (Kafka: 5). */
export const DEDUP_WINDOW = 5;

export interface SeqEntry {
  seq: number;
  /** First offset of the batch and the offset after it. */
  offset: number;
  end: number;
}

/** An acks=all produce request appended and waiting for the HW to reach `end`. */
export interface Waiting {
  req: number;
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
  /** producer index → its last batches in the log. */
  readonly seqs = new Map<number, SeqEntry[]>();
  status: PState = PState.Online;
  /** ISR smaller than the replicas (counted in ClusterModel.underReplicated). */
  wasUnderReplicated = false;
  /** Queued for an election at the controller. */
  queued = false;
  /** Broker (id) whose death made it wait for a leader, or 0. */
  orphanOf = 0;

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

  /** Cuts the log to `e` (a leader change to a replica with LEO e); returns [records removed, acknowledged records lost]. */
  truncate(e: number, records: RecordTable): [number, number] {
    if (e >= this.end) return [0, 0];
    let lost = 0;
    const removed = this.end - e;
    for (let o = this.end - 1; o >= e; o--) if (records.removed(this.log[o])) lost++;
    this.end = e;
    for (let r = 0; r < this.rf; r++) {
      if (this.leo[r] > e) this.leo[r] = e;
      if (this.view[r] > e) this.view[r] = e;
      if (this.knownHw[r] > e) this.knownHw[r] = e;
    }
    if (this.hw > e) this.hw = e;
    for (const [pid, list] of this.seqs) {
      const kept = list.filter((s) => s.end <= e);
      if (kept.length === 0) this.seqs.delete(pid);
      else this.seqs.set(pid, kept);
    }
    return [removed, lost];
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

  /** The idempotent leader's entry for (producer, seq) if that batch is in the log. */
  findSeq(producer: number, seq: number): SeqEntry | null {
    const list = this.seqs.get(producer);
    if (!list) return null;
    for (const s of list) if (s.seq === seq) return s;
    return null;
  }

  rememberSeq(producer: number, seq: number, offset: number, end: number): void {
    let list = this.seqs.get(producer);
    if (!list) this.seqs.set(producer, (list = []));
    list.push({ seq, offset, end });
    if (list.length > DEDUP_WINDOW) list.shift();
  }

  isrBrokers(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.rf; r++) if (this.isr[r]) out.push(this.replicas[r]);
    return out;
  }
}
