/**
 * One partition's log on disk: a list of segments, the last of them active. Records are kept as
 * typed arrays per segment (offset, key index, timestamp, tombstone flag and delete horizon), so a
 * log of millions of records costs tens of bytes each and no objects.
 *
 * What follows Kafka (apache/kafka @1eb7644, cited where it applies):
 * - a segment rolls at an append when the record would make it larger than `segment.bytes`, or when
 *   `segment.ms` has passed since its first record (UnifiedLog.maybeRoll / LogSegment.shouldRoll:
 *   `size > maxSegmentBytes - messagesSize` or `timeWaitedForRoll(now, ts) > rollMs`); rolling
 *   happens only at appends, so an idle partition keeps its active segment;
 * - offsets are never renumbered: compaction leaves gaps, a reader asks for "the first record at
 *   or after offset o" (as a fetch from a position whose record was cleaned away does);
 * - the retention check deletes the oldest segments while a predicate holds and stops at the first
 *   that fails (UnifiedLog.deletableSegments): `now − segment.largestTimestamp > retention.ms`
 *   (deleteRetentionMsBreachedSegments), or, for `retention.bytes`, while the log stays at least
 *   that large without the segment (deleteRetentionSizeBreachedSegments: `diff − segment.size ≥ 0`).
 *   QueueLab never deletes the active segment (Kafka may, rolling a new one, when even the active
 *   segment is past retention — only a partition the producer left idle that long).
 *
 * Every record produced is in exactly one place, counted here: in a segment (active, dirty or
 * cleaned: `firstDirty`, the cleaner's checkpoint, divides closed segments), or removed —
 * superseded by a later record of its key, an expired tombstone, or deleted by retention.
 */

const NO_HORIZON = -1;

export class Segment {
  n = 0;
  bytes = 0;
  /** Largest record timestamp (s); kept when cleaning empties the segment (Kafka keeps its lastModified). */
  maxTs = -Infinity;
  /** Timestamp of its first record (s): segment.ms rolls and max.compaction.lag.ms read it. */
  firstTs = Infinity;
  tombstones = 0;
  off: Int32Array;
  key: Int32Array;
  ts: Float64Array;
  /** The tombstone's delete horizon (s), set by the first clean that keeps it; −1 = not set. */
  horizon: Float64Array;
  tomb: Uint8Array;

  constructor(
    readonly base: number,
    capacity: number,
  ) {
    const c = Math.max(1, capacity);
    this.off = new Int32Array(c);
    this.key = new Int32Array(c);
    this.ts = new Float64Array(c);
    this.horizon = new Float64Array(c);
    this.tomb = new Uint8Array(c);
  }

  private grow(): void {
    const c = this.off.length * 2;
    const g = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(c);
      b.set(a);
      return b;
    };
    this.off = g(this.off, (n) => new Int32Array(n));
    this.key = g(this.key, (n) => new Int32Array(n));
    this.ts = g(this.ts, (n) => new Float64Array(n));
    this.horizon = g(this.horizon, (n) => new Float64Array(n));
    this.tomb = g(this.tomb, (n) => new Uint8Array(n));
  }

  push(offset: number, key: number, ts: number, tomb: boolean, horizon: number, size: number): void {
    if (this.n === this.off.length) this.grow();
    const i = this.n++;
    this.off[i] = offset;
    this.key[i] = key;
    this.ts[i] = ts;
    this.tomb[i] = tomb ? 1 : 0;
    this.horizon[i] = horizon;
    this.bytes += size;
    if (ts > this.maxTs) this.maxTs = ts;
    if (i === 0) this.firstTs = ts;
    if (tomb) this.tombstones++;
  }

  /** Index of the first record with offset ≥ `o` (n when none). */
  indexFrom(o: number): number {
    let lo = 0;
    let hi = this.n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.off[mid] < o) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

export interface RecordSizes {
  /** Bytes of an update (value + overhead) and of a tombstone (overhead only). */
  value: number;
  tombstone: number;
}

/** Where removed records went (the conservation law's removed states). */
export interface Removed {
  superseded: number;
  expiredTombstones: number;
  retention: number;
}

export class PartitionLog {
  readonly segments: Segment[] = [];
  /** The next offset (log end offset). */
  end = 0;
  /** The cleaner checkpoint: closed segments below it are cleaned, from it on dirty. */
  firstDirty = 0;
  records = 0;
  bytes = 0;
  tombstones = 0;
  readonly removed: Removed = { superseded: 0, expiredTombstones: 0, retention: 0 };
  /** A cleaner thread is working on this partition. */
  cleaning = false;

  constructor(
    readonly index: number,
    private readonly sizes: RecordSizes,
    private readonly segmentBytes: number,
    private readonly segmentSeconds: number,
    private readonly initialCapacity: number,
  ) {
    this.segments.push(new Segment(0, initialCapacity));
  }

  get active(): Segment {
    return this.segments[this.segments.length - 1];
  }

  get start(): number {
    return this.segments[0].base;
  }

  sizeOf(tomb: boolean): number {
    return tomb ? this.sizes.tombstone : this.sizes.value;
  }

  /** Appends a record at time `now` (rolling first when Kafka would), returns its offset. */
  append(key: number, now: number, tomb: boolean): number {
    const size = this.sizeOf(tomb);
    const a = this.active;
    if (a.n > 0 && (a.bytes + size > this.segmentBytes || now - a.firstTs > this.segmentSeconds)) {
      this.segments.push(new Segment(this.end, Math.min(this.initialCapacity, Math.max(16, a.n))));
    }
    const offset = this.end++;
    this.active.push(offset, key, now, tomb, NO_HORIZON, size);
    this.records++;
    this.bytes += size;
    if (tomb) this.tombstones++;
    return offset;
  }

  /** The segment holding the first record at or after `o`, and its index there; null at the log end. */
  locate(o: number): { seg: number; i: number } | null {
    const segs = this.segments;
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid].base <= o) lo = mid;
      else hi = mid - 1;
    }
    for (let s = lo; s < segs.length; s++) {
      const i = s === lo ? segs[s].indexFrom(o) : 0;
      if (i < segs[s].n) return { seg: s, i };
    }
    return null;
  }

  /** Closed segments below the checkpoint are cleaned; the rest are dirty (and the last is active). */
  isCleaned(s: Segment): boolean {
    return s !== this.active && s.base < this.firstDirty;
  }

  /**
   * The retention check (delete policy): deletes the oldest closed segments while they are past
   * `retentionSeconds` or the log is over `retentionBytes` (−1 = no limit). Returns how many.
   */
  deleteExpired(now: number, retentionSeconds: number, retentionBytes: number): number {
    let deleted = 0;
    const drop = () => {
      const s = this.segments.shift()!;
      this.records -= s.n;
      this.bytes -= s.bytes;
      this.tombstones -= s.tombstones;
      this.removed.retention += s.n;
      deleted++;
    };
    if (retentionBytes >= 0 && this.bytes >= retentionBytes) {
      let diff = this.bytes - retentionBytes;
      while (this.segments.length > 1 && diff - this.segments[0].bytes >= 0) {
        diff -= this.segments[0].bytes;
        drop();
      }
    }
    while (this.segments.length > 1 && now - this.segments[0].maxTs > retentionSeconds) drop();
    // The cleaner checkpoint never points below the log start (LogCleanerManager.cleanableOffsets
    // resets it to logStartOffset).
    if (this.firstDirty < this.start) this.firstDirty = this.start;
    return deleted;
  }

  /** Replaces segments [from, to) by `fresh` (a clean's output), keeping the running totals. */
  replace(from: number, to: number, fresh: Segment[]): void {
    for (let s = from; s < to; s++) {
      const g = this.segments[s];
      this.records -= g.n;
      this.bytes -= g.bytes;
      this.tombstones -= g.tombstones;
    }
    for (const g of fresh) {
      this.records += g.n;
      this.bytes += g.bytes;
      this.tombstones += g.tombstones;
    }
    this.segments.splice(from, to - from, ...fresh);
  }
}

export { NO_HORIZON };
