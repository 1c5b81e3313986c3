import { batchHalfWidth, CONFIDENCE, type Estimate } from './estimate.ts';

/**
 * Confidence interval for the mean of a correlated sequence (e.g. successive customers' waiting
 * times) by the method of **batch means with a fixed number of batches**: observations are grouped
 * into consecutive batches; when 2B batches are full, neighbours are merged pairwise and the batch
 * size doubles. Memory is O(B) however long the run; the number of batches stays in [B, 2B) once
 * the run is long enough, and batches grow so their means become nearly independent.
 */
export class BatchMeans {
  private readonly sums: Float64Array;
  private readonly means: Float64Array;
  private completed = 0;
  private batchSize = 1;
  private partialSum = 0;
  private partialCount = 0;
  private total = 0;
  private count = 0;

  constructor(private readonly targetBatches = 32) {
    this.sums = new Float64Array(2 * targetBatches);
    this.means = new Float64Array(2 * targetBatches);
  }

  add(x: number): void {
    this.total += x;
    this.count++;
    this.partialSum += x;
    if (++this.partialCount === this.batchSize) this.closeBatch();
  }

  /** The open batch is full: it becomes a completed one (out of the hot path once batches are long). */
  private closeBatch(): void {
    this.sums[this.completed++] = this.partialSum;
    this.partialSum = 0;
    this.partialCount = 0;
    if (this.completed === this.sums.length) this.merge();
  }

  /**
   * Adds `m` observations equal to 0 — exactly what `m` calls of `add(0)` do, in O(batches)
   * rather than O(m) (a share of events that never happen, counted only at reading time).
   */
  addZeros(m: number): void {
    if (!(m > 0)) return;
    // + 0 once, as add(0) would: a −0 sum becomes +0; adding +0 again changes nothing.
    this.total += 0;
    this.partialSum += 0;
    this.count += m;
    while (m > 0) {
      const take = Math.min(m, this.batchSize - this.partialCount);
      m -= take;
      this.partialCount += take;
      if (this.partialCount === this.batchSize) {
        this.sums[this.completed++] = this.partialSum;
        this.partialSum = 0;
        this.partialCount = 0;
        if (this.completed === this.sums.length) this.merge();
      }
    }
  }

  private merge(): void {
    const half = this.completed >> 1;
    for (let i = 0; i < half; i++) this.sums[i] = this.sums[2 * i] + this.sums[2 * i + 1];
    this.completed = half;
    this.batchSize *= 2;
  }

  get n(): number {
    return this.count;
  }

  estimate(level = CONFIDENCE): Estimate {
    const k = this.completed;
    for (let i = 0; i < k; i++) this.means[i] = this.sums[i] / this.batchSize;
    return { mean: this.count > 0 ? this.total / this.count : NaN, hw: batchHalfWidth(this.means, k, level), batches: k };
  }

  reset(): void {
    this.completed = 0;
    this.batchSize = 1;
    this.partialSum = 0;
    this.partialCount = 0;
    this.total = 0;
    this.count = 0;
  }
}
