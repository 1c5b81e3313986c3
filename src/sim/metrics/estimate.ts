import { tQuantile } from './quantiles.ts';

/** A point estimate with the half-width of its confidence interval. */
export interface Estimate {
  mean: number;
  /** Half-width of the confidence interval (NaN when there are too few batches to say). */
  hw: number;
  /** Number of batch means behind `hw`. */
  batches: number;
}

/** Confidence level used for every half-width QueueLab reports. */
export const CONFIDENCE = 0.95;

/** Minimum number of batches before a half-width is reported. */
export const MIN_BATCHES = 10;

/**
 * Half-width of the `level` confidence interval of the mean of `n` batch means whose values are in
 * `values[0..n)`: t_{(1+level)/2, n−1} · s / √n.
 */
export function batchHalfWidth(values: Float64Array, n: number, level = CONFIDENCE): number {
  if (n < MIN_BATCHES) return NaN;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += values[i];
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const d = values[i] - mean;
    ss += d * d;
  }
  const s = Math.sqrt(ss / (n - 1));
  return (tQuantile((1 + level) / 2, n - 1) * s) / Math.sqrt(n);
}
