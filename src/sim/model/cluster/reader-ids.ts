/** A growable bit set of producer record ids (ids are 0, 1, 2, … in send order): 1 bit per record. */
export class IdSet {
  private bits = new Uint32Array(1024);
  /** Marks id; returns whether it was marked already. */
  mark(id: number): boolean {
    const w = id >>> 5;
    if (w >= this.bits.length) {
      let n = this.bits.length * 2;
      while (n <= w) n *= 2;
      const b = new Uint32Array(n);
      b.set(this.bits);
      this.bits = b;
    }
    const m = 1 << (id & 31);
    const had = (this.bits[w] & m) !== 0;
    this.bits[w] |= m;
    return had;
  }
}
