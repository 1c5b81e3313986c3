/**
 * One partition of a topic as a log: offsets from log-start to log-end, time-based segments and
 * retention, and — for the records some consumer group may still need — the per-record data the
 * metrics use (produce time, key, produce sequence, and each group's delivery state).
 *
 * Memory: records are kept in a ring only from the oldest offset any group may still touch
 * (not yet final, or not yet below its committed offset) or that retention still holds for a
 * lagging group; everything older is dropped, so a long run keeps only what its metrics need.
 *
 * Segments follow Kafka's time rules: the active segment rolls when a record arrives and the
 * segment's first record is older than `segment.ms`; a segment is deleted when its newest record
 * is older than `retention.ms`, checked every `log.retention.check.interval.ms`. Only whole
 * segments are deleted, so a record can outlive the retention period by up to a segment. When
 * every segment has expired — the active one too, after `retention.ms` without a new record —
 * Kafka first rolls a new, empty active segment and then deletes them all (UnifiedLog.deleteSegments).
 */

/** Delivery state of a record for one consumer group. */
export const RecordState = {
  /** Not fetched (or fetched and handed back by a rebalance before it was applied). */
  Waiting: 0,
  /** Fetched by a member; being processed or queued for a worker. */
  InFlight: 1,
  /** Its effect happened at least once. */
  Applied: 2,
  /** Jumped over by an offset reset, or deleted by retention before it was consumed. */
  Skipped: 3,
  /** Will never be applied (committed before processing, then the member died; or given up on). */
  Lost: 4,
  /** Waiting in a retry topic (or its backoff) for another attempt. */
  Retrying: 5,
  /** In the dead-letter topic. */
  DeadLettered: 6,
} as const;
export type RecordState = (typeof RecordState)[keyof typeof RecordState];

/** Record flag: its payload makes the handler fail (permanently, or by crashing the process). */
export const POISON = 1;
/** Record flag: the poison crashes the consumer process instead of throwing. */
export const POISON_CRASH = 2;
/**
 * Record flag: the consumer's value deserializer cannot read the record, so poll() itself throws
 * (RecordDeserializationException) before any handler sees it.
 */
export const POISON_DESERIALIZE = 4;

/** Flag bit kept with the state: the record has been fetched at least once (for Wq). */
export const FETCHED = 8;
/** Flag bit kept with the state: the record has been handed to a handler at least once. */
export const DELIVERED = 16;
const STATE_MASK = 7;

/**
 * A held record's bytes in the ring: its produce time and sequence (doubles at 0 and 8), key
 * (int32 at 16), flags (byte 20) and one state byte per group from 21, rounded up to 8 bytes. One
 * record's fields sit together, mostly in one cache line: a record is written at append and read
 * at fetch and apply, and with many partitions the ring lines are rarely still cached. (Separate
 * arrays per field cost a cache miss per field: the 1,000-partition bench ran about 14 % slower.)
 * Offsets are in bytes; `>> 3` and `>> 2` index the double and int32 views (a ring stays far below
 * 2^31 bytes: the run budget allows 1 GiB in all).
 */
const TS = 0;
const SEQ = 8;
const KEY = 16;
const FLAGS = 20;
const STATE = 21;

/** Bytes a held record takes in the ring with `groups` consumer groups (the run budget counts them). */
export function heldRecordBytes(groups: number): number {
  return Math.ceil((STATE + groups) / 8) * 8;
}

/** {@link PartitionLog.take}'s answers. */
export const NOT_WAITING = 0;
export const FETCHED_BEFORE = 1;
export const FIRST_FETCH = 2;

export class PartitionLog {
  logStart = 0;
  logEnd = 0;
  /** Poison records ever appended (lets the hot path skip the per-record check). */
  poisoned = 0;
  /** First offset held in the ring. */
  base = 0;
  /**
   * Per group: one past the highest offset the group has ever fetched from this partition. Every
   * record at or above it is still Waiting for that group (only a fetch makes a record in flight),
   * so scans for fetched records stop there (stats.ts partitionInFlight).
   */
  readonly fetchedEnd: Float64Array;
  private head = 0;
  private capacity: number;
  /** The ring, `stride` bytes a record (see {@link STATE}), through three views of one buffer. */
  private f64: Float64Array;
  private i32: Int32Array;
  private u8: Uint8Array;
  /** Bytes a record (a multiple of 8, so that its doubles are aligned). */
  private readonly stride: number;
  /** Segments: base offset, creation time (first record's timestamp) and newest timestamp. */
  private segBase: number[] = [0];
  private segFirstTs: number[] = [NaN];
  private segMaxTs: number[] = [-Infinity];

  constructor(
    readonly topic: string,
    readonly index: number,
    readonly groups: number,
    initialCapacity = 256,
  ) {
    this.capacity = initialCapacity;
    this.stride = heldRecordBytes(groups);
    this.u8 = new Uint8Array(initialCapacity * this.stride);
    this.f64 = new Float64Array(this.u8.buffer);
    this.i32 = new Int32Array(this.u8.buffer);
    this.fetchedEnd = new Float64Array(groups);
  }

  get name(): string {
    return `${this.topic}-${this.index}`;
  }

  /** Number of records held in memory. */
  get held(): number {
    return this.logEnd - this.base;
  }

  /**
   * Ring index of a held offset: {@link tsAt}, {@link keyAt}, {@link seqAt}, {@link stateAt} and
   * {@link setStateAt} take it (valid until the next append or prune).
   */
  slot(offset: number): number {
    let i = this.head + (offset - this.base);
    if (i >= this.capacity) i -= this.capacity;
    return i;
  }

  /** Produce time of the record at ring index i (see {@link slot}). */
  tsAt(i: number): number {
    return this.f64[(i * this.stride + TS) >> 3];
  }

  /** Global key index (−1 = null key) of the record at ring index i. */
  keyAt(i: number): number {
    return this.i32[(i * this.stride + KEY) >> 2];
  }

  /** Produce sequence number of the record at ring index i. */
  seqAt(i: number): number {
    return this.f64[(i * this.stride + SEQ) >> 3];
  }

  private flagsAt(i: number): number {
    return this.u8[i * this.stride + FLAGS];
  }

  /** Byte index of group g's state of the record at ring index i. */
  private stateByte(g: number, i: number): number {
    return i * this.stride + STATE + g;
  }

  private grow(): void {
    const cap = this.capacity * 2;
    const n = this.held;
    const S = this.stride;
    const u8 = new Uint8Array(cap * S);
    // The held records, oldest first, from index 0: the ring's two runs, each copied whole.
    const first = Math.min(n, this.capacity - this.head);
    u8.set(this.u8.subarray(this.head * S, (this.head + first) * S), 0);
    u8.set(this.u8.subarray(0, (n - first) * S), first * S);
    this.u8 = u8;
    this.f64 = new Float64Array(u8.buffer);
    this.i32 = new Int32Array(u8.buffer);
    this.head = 0;
    this.capacity = cap;
  }

  /** Appends a record; returns its offset. Rolls the active segment by `segmentS` seconds. */
  append(t: number, keyIndex: number, sequence: number, segmentS: number, flags = 0): number {
    if (this.held === this.capacity) this.grow();
    const offset = this.logEnd++;
    const i = this.slot(offset);
    const b = i * this.stride;
    this.f64[(b + TS) >> 3] = t;
    this.f64[(b + SEQ) >> 3] = sequence;
    this.i32[(b + KEY) >> 2] = keyIndex;
    this.u8[b + FLAGS] = flags;
    if (flags !== 0) this.poisoned++;
    for (let g = 0; g < this.groups; g++) this.u8[b + STATE + g] = RecordState.Waiting;
    const last = this.segBase.length - 1;
    if (Number.isNaN(this.segFirstTs[last])) this.segFirstTs[last] = t;
    else if (t - this.segFirstTs[last] >= segmentS) {
      this.segBase.push(offset);
      this.segFirstTs.push(t);
      this.segMaxTs.push(-Infinity);
    }
    const s = this.segBase.length - 1;
    if (t > this.segMaxTs[s]) this.segMaxTs[s] = t;
    return offset;
  }

  /**
   * Deletes segments whose newest record is older than `now − retentionS`. When that includes the
   * active segment, an empty one is rolled first, so the log keeps its log-end offset.
   * Returns the number of offsets removed from the log (log-start advance).
   */
  enforceRetention(now: number, retentionS: number): number {
    let removed = 0;
    const last = this.segBase.length - 1;
    if (this.segMaxTs[last] < now - retentionS && this.logEnd > this.segBase[last]) {
      // Every segment has expired (the active one is the newest): roll an empty active segment.
      this.segBase.push(this.logEnd);
      this.segFirstTs.push(NaN);
      this.segMaxTs.push(-Infinity);
    }
    while (this.segBase.length > 1 && this.segMaxTs[0] < now - retentionS) {
      const next = this.segBase[1];
      removed += next - this.logStart;
      this.logStart = next;
      this.segBase.shift();
      this.segFirstTs.shift();
      this.segMaxTs.shift();
    }
    return removed;
  }

  /** Number of segments (closed + active). */
  get segments(): number {
    return this.segBase.length;
  }

  /** Whether `offset` is still in memory (not pruned). */
  holds(offset: number): boolean {
    return offset >= this.base && offset < this.logEnd;
  }

  state(g: number, offset: number): number {
    return this.u8[this.stateByte(g, this.slot(offset))] & STATE_MASK;
  }

  /** {@link state} of the record at ring index i (see {@link slot}). */
  stateAt(g: number, i: number): number {
    return this.u8[this.stateByte(g, i)] & STATE_MASK;
  }

  /** {@link setState} of the record at ring index i (see {@link slot}). */
  setStateAt(g: number, i: number, state: RecordState): void {
    const j = this.stateByte(g, i);
    this.u8[j] = (this.u8[j] & ~STATE_MASK) | state;
  }

  fetchedBefore(g: number, offset: number): boolean {
    return (this.u8[this.stateByte(g, this.slot(offset))] & FETCHED) !== 0;
  }

  setState(g: number, offset: number, state: RecordState): void {
    const j = this.stateByte(g, this.slot(offset));
    this.u8[j] = (this.u8[j] & ~STATE_MASK) | state;
  }

  /** Marks a handler delivery; returns true if the record had been delivered before. */
  markDelivered(g: number, offset: number): boolean {
    const j = this.stateByte(g, this.slot(offset));
    const before = (this.u8[j] & DELIVERED) !== 0;
    this.u8[j] |= DELIVERED;
    return before;
  }

  /**
   * A fetch takes the record for group g: a waiting record becomes in flight (and fetched). Returns
   * {@link NOT_WAITING} (nothing changed) for a record in any other state, else whether it had been
   * fetched before ({@link FETCHED_BEFORE}) or this is its first fetch ({@link FIRST_FETCH}).
   */
  take(g: number, offset: number): number {
    return this.takeAt(g, this.slot(offset));
  }

  /** {@link take} of the record at ring index i (see {@link slot}). */
  takeAt(g: number, i: number): number {
    const j = this.stateByte(g, i);
    const s = this.u8[j];
    if ((s & STATE_MASK) !== RecordState.Waiting) return NOT_WAITING;
    this.u8[j] = (s & ~STATE_MASK) | RecordState.InFlight | FETCHED;
    return (s & FETCHED) !== 0 ? FETCHED_BEFORE : FIRST_FETCH;
  }

  timestamp(offset: number): number {
    return this.tsAt(this.slot(offset));
  }

  keyOf(offset: number): number {
    return this.keyAt(this.slot(offset));
  }

  sequenceOf(offset: number): number {
    return this.seqAt(this.slot(offset));
  }

  isPoison(offset: number): boolean {
    return (this.flagsAt(this.slot(offset)) & POISON) !== 0;
  }

  failsDeserialization(offset: number): boolean {
    return (this.flagsAt(this.slot(offset)) & POISON_DESERIALIZE) !== 0;
  }

  crashesConsumer(offset: number): boolean {
    return (this.flagsAt(this.slot(offset)) & POISON_CRASH) !== 0;
  }

  /** How many held records are in each state for group g (index = RecordState). */
  countStates(g: number): number[] {
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let o = this.base; o < this.logEnd; o++) counts[this.state(g, o)]++;
    return counts;
  }

  /**
   * Drops records from the front that no group can touch again: every group has them in a final
   * state (applied, skipped, lost) below its committed offset `committed[g]`.
   */
  prune(committed: ArrayLike<number>): void {
    let lowest = Infinity;
    for (let g = 0; g < this.groups; g++) lowest = Math.min(lowest, committed[g]);
    while (this.base < this.logEnd && this.base < lowest) {
      const i = this.head;
      for (let g = 0; g < this.groups; g++) {
        const s = this.u8[this.stateByte(g, i)] & STATE_MASK;
        if (s === RecordState.Waiting || s === RecordState.InFlight || s === RecordState.Retrying) return;
      }
      this.base++;
      if (++this.head === this.capacity) this.head = 0;
    }
  }
}
