/**
 * A producer's `buffer.memory` (Kafka's BufferPool), the accounting and the queue of blocked
 * send() calls; producer.ts decides when memory is taken and given back.
 *
 * Kafka: RecordAccumulator.append() appends a record to the partition's last batch when it has
 * room (no memory is taken); otherwise it allocates max(batch.size, the record's size) bytes from
 * the pool for a new batch. When the pool has less free memory, the calling thread waits —
 * the waiters form a FIFO (BufferPool.waiters, a Deque of Conditions) and the first one collects
 * freed memory until it has enough, so later callers cannot overtake it — for at most
 * `max.block.ms`, then send() fails with BufferExhaustedException (a TimeoutException). A batch's
 * memory returns to the pool when the batch is done: acknowledged, failed or expired (acks=0: as
 * soon as it is sent).
 *
 * The queue is in arrival order and only its head leaves: it is served first, and it is the first
 * whose max.block.ms runs out.
 */

/** A send() waiting for memory: its record, the partition it goes to, when send() was called, and (web front) the load balancer's pending timeout, or −1. */
export interface BlockedSend {
  id: number;
  partition: number;
  at: number;
  lb: number;
}

export class BufferPool {
  /** Bytes held by batches now, and the most held at once. */
  used = 0;
  maxUsed = 0;
  private readonly q: BlockedSend[] = [];
  private head = 0;

  constructor(readonly memory: number) {}

  get free(): number {
    return this.memory - this.used;
  }

  /** send() calls waiting now. */
  get waiting(): number {
    return this.q.length - this.head;
  }

  peek(): BlockedSend | undefined {
    return this.head < this.q.length ? this.q[this.head] : undefined;
  }

  push(w: BlockedSend): void {
    this.q.push(w);
  }

  shift(): BlockedSend {
    const w = this.q[this.head++];
    if (this.head === this.q.length) {
      this.q.length = 0;
      this.head = 0;
    } else if (this.head > 1024 && this.head * 2 > this.q.length) {
      this.q.splice(0, this.head);
      this.head = 0;
    }
    return w;
  }

  take(bytes: number): void {
    this.used += bytes;
    if (this.used > this.maxUsed) this.maxUsed = this.used;
  }

  give(bytes: number): void {
    this.used -= bytes;
  }
}
