/** Running mean and variance by Welford's algorithm (numerically stable, O(1) memory). */
export class Welford {
  n = 0;
  mean = 0;
  private m2 = 0;
  min = Infinity;
  max = -Infinity;

  add(x: number): void {
    const n = ++this.n;
    const d = x - this.mean;
    this.mean += d / n;
    this.m2 += d * (x - this.mean);
    if (x < this.min) this.min = x;
    if (x > this.max) this.max = x;
  }

  /** Sample variance (n − 1 denominator); NaN below two observations. */
  get variance(): number {
    return this.n > 1 ? this.m2 / (this.n - 1) : NaN;
  }

  reset(): void {
    this.n = 0;
    this.mean = 0;
    this.m2 = 0;
    this.min = Infinity;
    this.max = -Infinity;
  }
}
