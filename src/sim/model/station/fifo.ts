/** Growable ring buffer of doubles (FIFO), allocation-free until it has to grow. */
export class Float64Fifo {
  private buf: Float64Array;
  private head = 0;
  size = 0;

  constructor(initialCapacity = 1024) {
    this.buf = new Float64Array(initialCapacity);
  }

  push(x: number): void {
    if (this.size === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      for (let i = 0; i < this.size; i++) next[i] = this.buf[(this.head + i) % this.buf.length];
      this.buf = next;
      this.head = 0;
    }
    let i = this.head + this.size;
    if (i >= this.buf.length) i -= this.buf.length;
    this.buf[i] = x;
    this.size++;
  }

  shift(): number {
    if (this.size === 0) throw new RangeError('shift from an empty queue');
    const x = this.buf[this.head];
    if (++this.head === this.buf.length) this.head = 0;
    this.size--;
    return x;
  }

  clear(): void {
    this.head = 0;
    this.size = 0;
  }
}
