/** Growable ring buffer of doubles (FIFO), allocation-free until it has to grow. */
export class Float64Fifo {
  private buf: Float64Array;
  /** buf.length − 1 (the capacity is a power of two). */
  private mask = 0;
  private head = 0;
  size = 0;

  constructor(initialCapacity = 1024) {
    let c = 4;
    while (c < initialCapacity) c *= 2;
    this.buf = new Float64Array(c);
    this.mask = c - 1;
  }

  push(x: number): void {
    if (this.size > this.mask) this.grow();
    this.buf[(this.head + this.size++) & this.mask] = x;
  }

  shift(): number {
    if (this.size === 0) throw new RangeError('shift from an empty queue');
    const x = this.buf[this.head];
    this.head = (this.head + 1) & this.mask;
    this.size--;
    return x;
  }

  /** Doubles the capacity, the queue's order kept (out of the hot path). */
  private grow(): void {
    const next = new Float64Array(this.buf.length * 2);
    for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) & this.mask];
    this.buf = next;
    this.mask = next.length - 1;
    this.head = 0;
  }

  clear(): void {
    this.head = 0;
    this.size = 0;
  }
}
