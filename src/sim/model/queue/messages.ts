/**
 * The queue model's messages and the two containers it keeps them in.
 *
 * A message is in exactly one state (`MsgState`, the conservation of types.ts); the model moves it
 * between states only through `QueueCore.setState`, which keeps the per-state counts. Containers
 * are lazy: a message that leaves the visible set (received, deleted, expired) stays in the heap
 * until it reaches the top and is discarded there (`Msg.inHeap` stops it being pushed twice).
 */

/** Message states (see types.ts). Plain numbers: `counts[state]` is the population of each. */
export const MsgState = {
  Delayed: 0,
  Visible: 1,
  InFlight: 2,
  Retrying: 3,
  Dlq: 4,
  Deleted: 5,
  Expired: 6,
  Dropped: 7,
  Parked: 8,
  /** Published while the node's resource alarm blocked the publisher's connection: it waits in the publisher (RabbitMQ). */
  Blocked: 9,
  /** Never entered the queue: the publisher gave up waiting on a blocked connection, or the queue refused it (x-overflow reject-publish). */
  Unpublished: 10,
} as const;
export type MsgState = (typeof MsgState)[keyof typeof MsgState];
export const STATE_COUNT = 11;

/** States a message never leaves. */
export const isFinal = (s: MsgState): boolean => s >= MsgState.Deleted && s !== MsgState.Blocked;
/** States counted in L and in the oldest age: sent (a publish call made), not yet deleted, not settled, not in the DLQ. */
export const isOwed = (s: MsgState): boolean => s <= MsgState.Retrying || s === MsgState.Blocked;
/** States the broker stores the message in (its state size, and the node's memory or disk). */
export const isStored = (s: MsgState): boolean => s <= MsgState.Dlq;

export const POISON_EXCEPTION = 1;
export const POISON_CRASH = 2;

export class Msg {
  state: MsgState = MsgState.Delayed;
  /** Its place in the queue: handed out in (−priority, pos) order; requeued messages keep it (RabbitMQ), re-published ones get a new one. */
  pos: number;
  /** When it entered the queue last (sent, back from the retry queue, redriven): RabbitMQ's TTL counts from here. */
  enqueuedAt: number;
  /** RabbitMQ x-message-ttl: it expires at the head from this time on. */
  expiresAt = Infinity;
  /** SQS ApproximateReceiveCount / RabbitMQ delivery count. */
  receiveCount = 0;
  /** Times a redrive moved it back from the DLQ. */
  replays = 0;
  processedOnce = false;
  /** Serial of its latest receive (SQS receipt handle, RabbitMQ delivery tag). */
  receipt = 0;
  /** Global index of the consumer holding it (in flight), or −1. */
  holder = -1;
  /** SQS: when its lease ends. */
  leaseUntil = 0;
  /** A pending kernel event for it (lease end, delay end, retry due), or −1. */
  handle = -1;
  inHeap = false;
  inAgeHeap = false;
  /** Its body's size (the producer's recordBytes), for the node's memory or disk. */
  bytes = 0;
  constructor(
    readonly seq: number,
    readonly producer: number,
    readonly key: string | null,
    readonly priority: number,
    readonly sentAt: number,
    /** 0, POISON_EXCEPTION or POISON_CRASH. */
    readonly poison: number,
  ) {
    this.pos = seq;
    this.enqueuedAt = sentAt;
  }
  get id(): string {
    return `m-${this.seq}`;
  }
}

/** A binary min-heap under `less`. */
export class Heap<T> {
  readonly items: T[] = [];
  constructor(private readonly less: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(x: T): void {
    const a = this.items;
    let i = a.length;
    a.push(x);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(x, a[p])) break;
      a[i] = a[p];
      i = p;
    }
    a[i] = x;
  }

  pop(): T | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      const n = a.length;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && this.less(a[r], a[l]) ? r : l;
        if (!this.less(a[c], last)) break;
        a[i] = a[c];
        i = c;
      }
      a[i] = last;
    }
    return top;
  }

  /** Discards stale entries at the top; returns the first live one without removing it. */
  peekLive(live: (x: T) => boolean, drop?: (x: T) => void): T | undefined {
    while (this.items.length > 0 && !live(this.items[0])) {
      const x = this.pop()!;
      if (drop) drop(x);
    }
    return this.items[0];
  }

  /** The `k` smallest live entries in order, without changing the heap (best-first over the tree). */
  smallest(k: number, live: (x: T) => boolean): T[] {
    const a = this.items;
    const out: T[] = [];
    if (a.length === 0) return out;
    const frontier = new Heap<number>((i, j) => this.less(a[i], a[j]));
    frontier.push(0);
    while (out.length < k && frontier.size > 0) {
      const i = frontier.pop()!;
      if (live(a[i])) out.push(a[i]);
      if (2 * i + 1 < a.length) frontier.push(2 * i + 1);
      if (2 * i + 2 < a.length) frontier.push(2 * i + 2);
    }
    return out;
  }
}

/** A FIFO queue over an array (amortised O(1) shift). */
export class Deque<T> {
  private items: T[] = [];
  private head = 0;

  get length(): number {
    return this.items.length - this.head;
  }

  push(x: T): void {
    this.items.push(x);
  }

  unshift(x: T): void {
    if (this.head > 0) this.items[--this.head] = x;
    else this.items.unshift(x);
  }

  peek(): T | undefined {
    return this.head < this.items.length ? this.items[this.head] : undefined;
  }

  shift(): T | undefined {
    if (this.head >= this.items.length) return undefined;
    const x = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }

  clear(): void {
    this.items = [];
    this.head = 0;
  }

  /** The entries front to back (a copy). */
  toArray(): T[] {
    return this.items.slice(this.head);
  }
}

/** Queue order: higher priority first, then position. */
export const queueOrder = (a: Msg, b: Msg): boolean => a.priority > b.priority || (a.priority === b.priority && a.pos < b.pos);
/** Age order: sent first, then sequence. */
export const ageOrder = (a: Msg, b: Msg): boolean => a.sentAt < b.sentAt || (a.sentAt === b.sentAt && a.seq < b.seq);
