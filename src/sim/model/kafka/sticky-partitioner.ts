/**
 * The Java producer's partition choice for records WITHOUT a key (Kafka ≥ 3.3, KIP-794 "strictly
 * uniform sticky partitioner"), one instance per (producer, topic).
 *
 * Source followed: apache/kafka
 * `clients/src/main/java/org/apache/kafka/clients/producer/internals/BuiltInPartitioner.java`
 * (and its caller `RecordAccumulator.append`):
 *
 * - `peekCurrentPartitionInfo()` — the sticky partition is chosen lazily, by `nextPartition()`, when
 *   the first keyless record arrives (→ {@link StickyPartitioner.peek}).
 * - `updatePartitionInfo(info, appendedBytes, cluster, enableSwitch)` — called AFTER the record is
 *   appended: `producedBytes += appendedBytes`, then
 *   `if (producedBytes >= stickyBatchSize && enableSwitch || producedBytes >= stickyBatchSize * 2)`
 *   switch to `nextPartition()` with a fresh byte counter (→ {@link StickyPartitioner.onAppended}).
 *   So the record that crosses the threshold still goes to the old partition; the next one goes to
 *   the new partition. `stickyBatchSize` is the producer's `batch.size` (`RecordAccumulator` builds
 *   `new TopicInfo(logContext, topic, batchSize)`). `RecordAccumulator` passes
 *   `enableSwitch = allBatchesFull(dq)` (no switch while the partition's last batch is still open,
 *   capped at 2× batch.size) — callers that model batches can pass it; the default is `true`.
 *   `appendedBytes` is the growth of the batch's estimated size (for the first record of a new
 *   batch Kafka reports the whole new batch's size, i.e. including the batch header); the caller
 *   decides what its size model charges.
 * - `nextPartition()` — `random = Utils.toPositive(ThreadLocalRandom.current().nextInt())`, then
 *   - without load stats (adaptive partitioning disabled, or no stats yet, or all queues equal):
 *     `availablePartitions.get(random % availablePartitions.size())` — uniform over partitions that
 *     have a leader — or `random % partitions.size()` if none is available. The current partition
 *     is NOT excluded: the "new" partition can be the same one (probability 1/n).
 *   - with load stats (`partitioner.adaptive.partitioning.enable=true`, the default, once
 *     `updatePartitionLoadStats` has seen unequal queues): weighted by the cumulative frequency
 *     table, `weightedRandom = random % cft[length-1]`, partition = first index whose CFT value is
 *     strictly greater (Kafka's `Arrays.binarySearch` + `Math.abs(result + 1)`).
 * - `updatePartitionLoadStats(queueSizes, partitionIds, length)` — queue size = number of batches
 *   in the partition's deque (`RecordAccumulator.partitionReady`: `queueSizes[i] = dequeSize`).
 *   Weight of partition i is `maxQueueSize + 1 − queueSize[i]`. If all sizes are equal and no
 *   partition was excluded (`length == queueSizes.length`), or fewer than 2 partitions, stats are
 *   cleared → uniform (→ {@link StickyPartitioner.updatePartitionLoadStats}).
 *
 * Both choices are implemented: uniform by default; the weighted (adaptive) choice is used exactly
 * when the caller feeds queue sizes through `updatePartitionLoadStats` and Kafka's rule keeps them.
 * The 31-bit random is `toPositive(rng.nextUint32() | 0)`, the same transform of a uniform 32-bit
 * int as Kafka's; `%` bias is < n / 2^31 (as in Kafka).
 */

import type { Rng } from '../../kernel/rng.ts';

export class StickyPartitioner {
  private n: number;
  readonly batchSizeBytes: number;
  private readonly rng: Rng;

  /** Current sticky partition, or −1 before the first keyless record (Kafka: no StickyPartitionInfo). */
  private currentPartition = -1;
  /** Bytes appended to the current sticky partition since it was chosen. */
  private produced = 0;
  /** Number of `nextPartition()` calls so far (first choice included). */
  choices = 0;

  /** Partitions with a leader (Kafka `cluster.availablePartitionsForTopic`); null = all. */
  private available: Int32Array | null = null;

  // Adaptive load stats (Kafka PartitionLoadStats); null length ⇒ uniform.
  private cft: Int32Array = new Int32Array(0);
  private cftIds: Int32Array = new Int32Array(0);
  private cftLength = 0;

  constructor(numPartitions: number, batchSizeBytes: number, rng: Rng) {
    checkPartitions(numPartitions);
    if (!Number.isFinite(batchSizeBytes) || batchSizeBytes < 1) {
      // Kafka: "stickyBatchSize must be >= 1"
      throw new RangeError(`batchSizeBytes must be >= 1, got ${batchSizeBytes}`);
    }
    this.n = numPartitions;
    this.batchSizeBytes = batchSizeBytes;
    this.rng = rng;
  }

  get numPartitions(): number {
    return this.n;
  }

  /** Bytes produced to the current sticky partition so far. */
  get producedBytes(): number {
    return this.produced;
  }

  /** Whether adaptive (queue-size-weighted) choice is currently in effect. */
  get adaptive(): boolean {
    return this.cftLength > 0;
  }

  /**
   * The partition for the next keyless record of `recordBytes` bytes: Kafka's
   * peekCurrentPartitionInfo + append + updatePartitionInfo in one step.
   */
  partition(recordBytes: number, enableSwitch = true): number {
    const p = this.peek();
    this.onAppended(recordBytes, enableSwitch);
    return p;
  }

  /** Kafka `peekCurrentPartitionInfo`: the current sticky partition, choosing one if there is none. */
  peek(): number {
    if (this.currentPartition < 0) {
      this.currentPartition = this.nextPartition();
      this.produced = 0;
    }
    return this.currentPartition;
  }

  /** Kafka `updatePartitionInfo`: account `appendedBytes` to the current partition, maybe switch. */
  onAppended(appendedBytes: number, enableSwitch = true): void {
    if (this.currentPartition < 0) return; // Kafka: partitionInfo == null → caller didn't use it
    const produced = (this.produced += appendedBytes);
    const b = this.batchSizeBytes;
    if ((produced >= b && enableSwitch) || produced >= b * 2) {
      this.currentPartition = this.nextPartition();
      this.produced = 0;
    }
  }

  /**
   * The topic's partition count changed (Part 2). Kafka keeps the current StickyPartitionInfo;
   * we keep it too when it is still a valid partition, else the next record picks a new one. Load
   * stats refer to the old partition set and are cleared (Kafka rebuilds them on the next
   * `RecordAccumulator.ready`). The available-partition list is cleared too (all available).
   */
  setNumPartitions(numPartitions: number): void {
    checkPartitions(numPartitions);
    this.n = numPartitions;
    if (this.currentPartition >= numPartitions) this.currentPartition = -1;
    this.available = null;
    this.cftLength = 0;
  }

  /**
   * Partitions that currently have a leader (Kafka `cluster.availablePartitionsForTopic`), used
   * by the uniform choice; `null` means all partitions. An empty list falls back to all partitions,
   * as Kafka does.
   */
  setAvailablePartitions(ids: ArrayLike<number> | null): void {
    if (ids === null) {
      this.available = null;
      return;
    }
    if (this.available === null || this.available.length !== ids.length) this.available = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i++) {
      const p = ids[i];
      if (!Number.isInteger(p) || p < 0 || p >= this.n) throw new RangeError(`invalid partition id ${p}`);
      this.available[i] = p;
    }
  }

  /**
   * Kafka `updatePartitionLoadStats(queueSizes, partitionIds, length)`: `queueSizes[i]` is the
   * number of batches queued for partition `partitionIds[i]` (default: `i`); only the first
   * `length` entries take part (Kafka shortens it to exclude partitions whose leader exceeded
   * `partitioner.availability.timeout.ms`). `null` disables adaptive choice. The inputs are copied,
   * not modified (Kafka builds the CFT in place). Allocation-free once the buffers have grown.
   */
  updatePartitionLoadStats(
    queueSizes: ArrayLike<number> | null,
    partitionIds?: ArrayLike<number>,
    length: number = queueSizes === null ? 0 : queueSizes.length,
  ): void {
    if (queueSizes === null) {
      this.cftLength = 0;
      return;
    }
    const total = queueSizes.length;
    if (partitionIds !== undefined && partitionIds.length !== total) {
      throw new RangeError('queueSizes and partitionIds must have the same length');
    }
    if (!Number.isInteger(length) || length > total || length < 0) throw new RangeError(`invalid length ${length}`);
    // "if we have less than 2 partitions, there is no need to do adaptive logic"
    if (length < 1 || total < 2) {
      this.cftLength = 0;
      return;
    }
    for (let i = 0; i < length; i++) {
      const q = queueSizes[i];
      if (!Number.isInteger(q) || q < 0) throw new RangeError(`queue sizes must be non-negative integers, got ${q}`);
    }
    let maxSizePlus1 = queueSizes[0];
    let allEqual = true;
    for (let i = 1; i < length; i++) {
      if (queueSizes[i] !== maxSizePlus1) allEqual = false;
      if (queueSizes[i] > maxSizePlus1) maxSizePlus1 = queueSizes[i];
    }
    ++maxSizePlus1;
    if (allEqual && length === total) {
      this.cftLength = 0;
      return;
    }
    if (this.cft.length < length) {
      this.cft = new Int32Array(Math.max(length, this.cft.length * 2));
      this.cftIds = new Int32Array(this.cft.length);
    }
    let run = 0;
    for (let i = 0; i < length; i++) {
      run += maxSizePlus1 - queueSizes[i];
      this.cft[i] = run;
      const id = partitionIds === undefined ? i : partitionIds[i];
      if (!Number.isInteger(id) || id < 0 || id >= this.n) throw new RangeError(`invalid partition id ${id}`);
      this.cftIds[i] = id;
    }
    this.cftLength = length;
  }

  /** Kafka `nextPartition(cluster)`. */
  private nextPartition(): number {
    this.choices++;
    const random = (this.rng.nextUint32() | 0) & 0x7fffffff; // Utils.toPositive(nextInt())
    const len = this.cftLength;
    if (len === 0) {
      const avail = this.available;
      if (avail !== null && avail.length > 0) return avail[random % avail.length];
      return random % this.n;
    }
    const cft = this.cft;
    const weightedRandom = random % cft[len - 1];
    // First index whose cumulative value is strictly greater than weightedRandom.
    let lo = 0;
    let hi = len - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cft[mid] > weightedRandom) hi = mid;
      else lo = mid + 1;
    }
    return this.cftIds[lo];
  }
}

function checkPartitions(n: number): void {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`numPartitions must be a positive integer, got ${n}`);
}
