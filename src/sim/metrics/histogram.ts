/**
 * Log-bucketed histogram for percentiles with a stated relative error and bounded memory
 * (the idea of DDSketch / HdrHistogram).
 *
 * Bucket i ≥ 1 holds values in (min·γ^(i−1), min·γ^i] with γ = (1+ε)/(1−ε); a value is reported as
 * 2·min·γ^i/(γ+1), within relative error ε of every value in its bucket. Bucket 0 holds values
 * ≤ `min` (reported as 0: e.g. customers who did not wait); values above `max` are clamped into the
 * last bucket and counted in `overflow`. With the defaults (ε = 0.5 %, 1 µs … 10^9 s) that is
 * about 3,500 buckets, 28 KB, whatever the number of observations.
 */
import { log, powInt } from '../kernel/pmath.ts';

export class LogHistogram {
  readonly relativeError: number;
  private readonly counts: Float64Array;
  private readonly logGamma: number;
  private readonly gamma: number;
  private readonly logMin: number;
  total = 0;
  overflow = 0;

  constructor(
    readonly min = 1e-6,
    readonly max = 1e9,
    relativeError = 0.005,
  ) {
    this.relativeError = relativeError;
    this.gamma = (1 + relativeError) / (1 - relativeError);
    this.logGamma = log(this.gamma);
    this.logMin = log(min);
    this.counts = new Float64Array(Math.ceil((log(max) - this.logMin) / this.logGamma) + 2);
  }

  add(value: number): void {
    this.addAt(this.bucketOf(value));
  }

  /** Bucket index of `value` (histograms with the same min, max and error share indices). */
  bucketOf(value: number): number {
    if (value <= this.min) return 0;
    return Math.ceil((log(value) - this.logMin) / this.logGamma);
  }

  /** Counts one value whose {@link bucketOf} is `i` (clamped into the last bucket). */
  addAt(i: number): void {
    if (i >= this.counts.length) {
      i = this.counts.length - 1;
      this.overflow++;
    }
    this.counts[i]++;
    this.total++;
  }

  private valueOf(i: number): number {
    // γ^i by multiplications only: Math.pow's last bits differ between engines (see pmath.ts).
    return i === 0 ? 0 : (2 * this.min * powInt(this.gamma, i)) / (this.gamma + 1);
  }

  /** The q-quantile (0 ≤ q ≤ 1) by nearest rank; NaN when empty. */
  quantile(q: number): number {
    if (this.total === 0) return NaN;
    const rank = Math.max(1, Math.ceil(q * this.total));
    let cum = 0;
    for (let i = 0; i < this.counts.length; i++) {
      cum += this.counts[i];
      if (cum >= rank) return this.valueOf(i);
    }
    return this.valueOf(this.counts.length - 1);
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
    this.overflow = 0;
  }
}
