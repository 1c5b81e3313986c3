/** Chart samples a run takes over its horizon (fewer below 2 s: at most one a millisecond). */
export const CHART_SAMPLES = 2000;

/** Seconds between a run's chart samples. */
export function sampleInterval(horizon: number): number {
  return Math.max(1e-3, horizon / CHART_SAMPLES);
}

/**
 * A bounded, self-downsampling time series of a piecewise-constant signal (e.g. number in system).
 *
 * Time is cut into buckets of equal width; each bucket keeps the time-average and the maximum of
 * the signal over it. When `capacity` buckets are full, neighbours are merged pairwise (averages
 * averaged, maxima maxed) and the width doubles — so a chart of any run length has between
 * capacity/2 and capacity points and memory never grows. Reading does not mutate.
 */
export class DownsampledSeries {
  // Number fields start as numbers (see TimeIntegral).
  private width = 0;
  private readonly means: Float64Array;
  private readonly maxes: Float64Array;
  private count = 0;
  private bucketStart = 0;
  /** bucketStart + width, the time at which the open bucket closes. */
  private bucketEnd = 0;
  private bucketArea = 0;
  private bucketMax = 0;
  private value = 0;
  private last = 0;

  constructor(
    initialWidth: number,
    readonly capacity = 1024,
    initialValue = 0,
  ) {
    if (capacity < 4 || capacity % 2 !== 0) throw new RangeError('capacity must be an even number ≥ 4');
    this.width = initialWidth;
    this.bucketEnd = initialWidth;
    this.means = new Float64Array(capacity);
    this.maxes = new Float64Array(capacity);
    this.value = initialValue;
    this.bucketMax = initialValue;
  }

  /** The signal takes `value` from time `t` on. */
  set(t: number, value: number): void {
    if (t >= this.bucketEnd) this.closeBuckets(t);
    this.bucketArea += this.value * (t - this.last);
    this.last = t;
    this.value = value;
    if (value > this.bucketMax) this.bucketMax = value;
  }

  /**
   * Closes every bucket that ends at or before `t`, out of the hot path: early in a run, while
   * buckets are narrower than the time between updates, this is most updates, and a loop here
   * (not in `set`) keeps V8 from inlining it into the model's hot path.
   */
  private closeBuckets(t: number): void {
    let end = this.bucketEnd;
    while (t >= end) {
      this.bucketArea += this.value * (end - this.last);
      this.last = end;
      this.means[this.count] = this.bucketArea / this.width;
      this.maxes[this.count] = this.bucketMax;
      this.count++;
      this.bucketStart = end;
      this.bucketArea = 0;
      this.bucketMax = this.value;
      if (this.count === this.capacity) this.merge();
      end = this.bucketStart + this.width;
    }
    this.bucketEnd = end;
  }

  private merge(): void {
    const half = this.count >> 1;
    for (let i = 0; i < half; i++) {
      this.means[i] = 0.5 * (this.means[2 * i] + this.means[2 * i + 1]);
      this.maxes[i] = Math.max(this.maxes[2 * i], this.maxes[2 * i + 1]);
    }
    this.count = half;
    this.width *= 2;
    // The open bucket started at a boundary of the old grid; with an even count it is one of the new grid.
  }

  /**
   * Columns up to `now`: bucket start times, averages and maxima, the last entry being the open
   * bucket averaged over its elapsed part.
   */
  read(now: number): { t: Float64Array; mean: Float64Array; max: Float64Array; width: number } {
    const n = this.count + (now > this.bucketStart ? 1 : 0);
    const t = new Float64Array(n);
    const mean = new Float64Array(n);
    const max = new Float64Array(n);
    for (let i = 0; i < this.count; i++) t[i] = i * this.width;
    mean.set(this.means.subarray(0, this.count));
    max.set(this.maxes.subarray(0, this.count));
    if (n > this.count) {
      t[this.count] = this.bucketStart;
      const elapsed = now - this.bucketStart;
      mean[this.count] = (this.bucketArea + this.value * (now - this.last)) / elapsed;
      max[this.count] = Math.max(this.bucketMax, this.value);
    }
    return { t, mean, max, width: this.width };
  }
}
