import { batchHalfWidth, CONFIDENCE, type Estimate } from './estimate.ts';

/**
 * Time integral of a piecewise-constant signal plus impulses, with batch means over time.
 *
 * - As a **time-weighted average** (L, number busy): call `set(t, value)` whenever the signal
 *   changes; `mean(now)` is ∫v dt / elapsed.
 * - As a **rate** (λ, throughput): call `impulse(t)` at every occurrence; `mean(now)` is the count
 *   per second.
 *
 * The interval since `reset` is cut into consecutive time batches of equal length (starting at
 * `initialBatch` seconds and doubling whenever 2B batches are full, like {@link BatchMeans}); the
 * batch averages give the confidence half-width. Reading never mutates, so reading a snapshot in
 * the middle of a run does not change the final numbers.
 */
export class TimeIntegral {
  // Every number field starts as a number (batchEnd and batchLen are set in the constructor): a
  // field declared without a value starts as undefined, and V8 then keeps it as a generic tagged
  // field, whose every read checks for a small integer and unboxes.
  private value = 0;
  private last = 0;
  private start = 0;
  private area = 0;
  private batchArea = 0;
  private batchEnd = 0;
  private batchLen = 0;
  private readonly batches: Float64Array;
  private completed = 0;
  private readonly scratch: Float64Array;

  constructor(
    private readonly initialBatch = 1,
    targetBatches = 32,
  ) {
    if (!(initialBatch > 0)) throw new RangeError(`initialBatch must be > 0, got ${initialBatch}`);
    this.batchLen = initialBatch;
    this.batchEnd = initialBatch;
    this.batches = new Float64Array(2 * targetBatches);
    this.scratch = new Float64Array(2 * targetBatches);
  }

  /** Current value of the signal. */
  get current(): number {
    return this.value;
  }

  private advance(t: number): void {
    while (t >= this.batchEnd) this.closeBatch();
    const dA = this.value * (t - this.last);
    this.area += dA;
    this.batchArea += dA;
    this.last = t;
  }

  /**
   * Closes the open batch (out of the hot path: a batch spans about a hundred updates). It takes no
   * time argument so that the hot path's time stays unboxed when the call is not taken.
   */
  private closeBatch(): void {
    const end = this.batchEnd;
    const dA = this.value * (end - this.last);
    this.area += dA;
    this.batchArea += dA;
    this.last = end;
    this.batches[this.completed++] = this.batchArea / this.batchLen;
    this.batchArea = 0;
    if (this.completed === this.batches.length) {
      const half = this.completed >> 1;
      for (let i = 0; i < half; i++) this.batches[i] = 0.5 * (this.batches[2 * i] + this.batches[2 * i + 1]);
      this.completed = half;
      this.batchLen *= 2;
    }
    this.batchEnd = end + this.batchLen;
  }

  /** The signal takes `value` from time `t` on. */
  set(t: number, value: number): void {
    this.advance(t);
    this.value = value;
  }

  /** Adds `amount` (default 1) to the integral at time `t` (an event of a counting process). */
  impulse(t: number, amount = 1): void {
    this.advance(t);
    this.area += amount;
    this.batchArea += amount;
  }

  /**
   * {@link impulse}(t) for an integral whose signal stays 0 — a counting process (arrivals,
   * departures) that is never `set`. Its advance would add 0·(t − last) = +0 to sums that start at
   * +0 and only grow, which changes none of them, and the time of the last update only ever
   * multiplies that 0: so only the batches are closed and the 1 added, with the same numbers.
   */
  count(t: number): void {
    while (t >= this.batchEnd) this.closeBatch();
    this.area += 1;
    this.batchArea += 1;
  }

  /** Average over [reset time, now]. */
  mean(now: number): number {
    const elapsed = now - this.start;
    return elapsed > 0 ? (this.area + this.value * (now - this.last)) / elapsed : NaN;
  }

  /** Integral over [reset time, now]. */
  integral(now: number): number {
    return this.area + this.value * (now - this.last);
  }

  /** Mean with the half-width from the completed time batches. */
  estimate(now: number, level = CONFIDENCE): Estimate {
    const k = this.completed;
    this.scratch.set(this.batches.subarray(0, k));
    return { mean: this.mean(now), hw: batchHalfWidth(this.scratch, k, level), batches: k };
  }

  /** Forgets everything before `t` (warm-up deletion); the signal keeps its current value. */
  reset(t: number): void {
    this.start = t;
    this.last = t;
    this.area = 0;
    this.batchArea = 0;
    this.completed = 0;
    this.batchLen = this.initialBatch;
    this.batchEnd = t + this.initialBatch;
  }
}
