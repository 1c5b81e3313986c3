/**
 * The statistics' fast paths give exactly the numbers of the plain computations they replace, bit
 * for bit, on random input full of the cases that matter: updates at the same instant, many batches
 * and buckets (merges included), resets, readings in between, values on bucket boundaries.
 *
 * - TimeIntegral.count(t) against impulse(t) (it skips an advance that adds +0);
 * - DownsampledSeries against the series as it was (the bucket's end recomputed on every update, the
 *   closing loop inside `set`);
 * - LogHistogram.add (its table lookup written out) against addAt(bucketOf(v));
 * - BatchMeans against a batch-means accumulator written out in full;
 * - the station's Float64Fifo (a power-of-two ring) against a plain array.
 *
 * The station's own changes (its hot path, the arrivals drawn ahead) are checked against the
 * station as it was in station-fast-path.test.ts.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TimeIntegral } from '../../src/sim/metrics/time-integral.ts';
import { DownsampledSeries } from '../../src/sim/metrics/series.ts';
import { LogHistogram } from '../../src/sim/metrics/histogram.ts';
import { BatchMeans } from '../../src/sim/metrics/batch-means.ts';
import { batchHalfWidth } from '../../src/sim/metrics/estimate.ts';
import { Float64Fifo } from '../../src/sim/model/station/fifo.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';

/** Every number of an object as text, -0 and NaN included, typed arrays element by element. */
function bits(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => {
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Inf' : v;
    if (v instanceof Float64Array) return [...v].map((e) => (Object.is(e, -0) ? '-0' : Number.isNaN(e) ? 'NaN' : e));
    return v;
  });
}

/**
 * Random non-decreasing times with many exact ties, a few long gaps (many batches at once) and, on
 * the grid of eighths, many that fall exactly on the end of a batch or bucket of a binary length.
 */
function times(rng: Rng, n: number, step: number, grid: boolean): number[] {
  const out: number[] = [];
  let t = 0;
  for (let i = 0; i < n; i++) {
    const r = rng.next();
    const dt = r < 0.25 ? 0 : r < 0.3 ? step * 50 * rng.next() : step * rng.next();
    t += grid ? Math.round(dt * 8) / 8 : dt;
    out.push(t);
  }
  return out;
}

describe('TimeIntegral.count is impulse for a counting process', () => {
  it('the same estimates, means and integrals, read at any time, across resets', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(0.05, 0.3, 0.25, 1, 7, 4), fc.constantFrom(2, 4, 32), fc.boolean(), (seed, batch, target, grid) => {
        const rng = new Rng(seed);
        const a = new TimeIntegral(batch, target);
        const b = new TimeIntegral(batch, target);
        const ts = times(rng, 3000, 0.4, grid);
        for (let i = 0; i < ts.length; i++) {
          const t = ts[i];
          a.impulse(t);
          b.count(t);
          if (i % 97 === 13) {
            const at = t + rng.next();
            expect(bits(b.estimate(at))).toBe(bits(a.estimate(at)));
            expect(bits([b.mean(at), b.integral(at)])).toBe(bits([a.mean(at), a.integral(at)]));
          }
          if (i === 1500) {
            a.reset(t);
            b.reset(t);
          }
        }
        const end = ts[ts.length - 1] + 1;
        expect(bits([b.estimate(end), b.mean(end), b.integral(end), b.current])).toBe(bits([a.estimate(end), a.mean(end), a.integral(end), a.current]));
      }),
      { numRuns: 60 },
    );
  });
});

/** DownsampledSeries as it was before its bucket's end was kept (the reference). */
class SeriesAsItWas {
  private width: number;
  private readonly means: Float64Array;
  private readonly maxes: Float64Array;
  private count = 0;
  private bucketStart = 0;
  private bucketArea = 0;
  private bucketMax: number;
  private value: number;
  private last = 0;

  constructor(
    initialWidth: number,
    readonly capacity = 1024,
    initialValue = 0,
  ) {
    this.width = initialWidth;
    this.means = new Float64Array(capacity);
    this.maxes = new Float64Array(capacity);
    this.value = initialValue;
    this.bucketMax = initialValue;
  }

  set(t: number, value: number): void {
    let end = this.bucketStart + this.width;
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
    this.bucketArea += this.value * (t - this.last);
    this.last = t;
    this.value = value;
    if (value > this.bucketMax) this.bucketMax = value;
  }

  private merge(): void {
    const half = this.count >> 1;
    for (let i = 0; i < half; i++) {
      this.means[i] = 0.5 * (this.means[2 * i] + this.means[2 * i + 1]);
      this.maxes[i] = Math.max(this.maxes[2 * i], this.maxes[2 * i + 1]);
    }
    this.count = half;
    this.width *= 2;
  }

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

describe('DownsampledSeries', () => {
  it('gives exactly the columns of the series as it was, read at any time, through many merges', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(0.01, 0.1, 0.3, 0.125, 0.5, 2), fc.constantFrom(4, 8, 64), fc.integer({ min: -3, max: 5 }), fc.boolean(), (seed, width, capacity, initial, grid) => {
        const rng = new Rng(seed);
        const a = new SeriesAsItWas(width, capacity, initial);
        const b = new DownsampledSeries(width, capacity, initial);
        const ts = times(rng, 3000, 0.4, grid);
        for (let i = 0; i < ts.length; i++) {
          // Integers as the station's levels, and fractions as other models' signals.
          const v = i % 3 === 0 ? rng.next() * 10 : rng.nextInt(12);
          a.set(ts[i], v);
          b.set(ts[i], v);
          if (i % 89 === 5) {
            const at = ts[i] + rng.next();
            expect(bits(b.read(at))).toBe(bits(a.read(at)));
          }
        }
        const end = ts[ts.length - 1] + 0.5;
        expect(bits(b.read(end))).toBe(bits(a.read(end)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('LogHistogram.add', () => {
  it('counts every value in the bucket of addAt(bucketOf(value)), with the same overflow', () => {
    const configs: [number, number, number][] = [
      [1e-6, 1e9, 0.005],
      [1e-3, 10, 0.01],
      [0.5, 2, 0.2], // buckets wider than a table cell: no table
    ];
    for (const [min, max, err] of configs) {
      const a = new LogHistogram(min, max, err);
      const b = new LogHistogram(min, max, err);
      const rng = new Rng(17);
      const values: number[] = [0, -1, min, max, max * 1.001, max * 1e6, Number.MIN_VALUE, NaN];
      // Bucket boundaries min·γ^k and their neighbours, where the table hands over to the logarithm.
      const gamma = (1 + err) / (1 - err);
      for (let k = 0, x = min; x < max && k < 400; k++, x *= gamma) values.push(x, x * (1 + 1e-15), x * (1 - 1e-15), x * (1 + 1e-9));
      for (let i = 0; i < 20_000; i++) values.push(min * Math.exp(rng.next() * Math.log((max / min) * 10)), rng.next() * max);
      for (const v of values) {
        a.addAt(a.bucketOf(v));
        b.add(v);
      }
      expect([b.total, b.overflow]).toEqual([a.total, a.overflow]);
      for (let q = 0; q <= 1000; q++) expect(Object.is(b.quantile(q / 1000), a.quantile(q / 1000))).toBe(true);
    }
  });
});

/** Batch means written out in full: the reference for BatchMeans. */
class BatchMeansInFull {
  readonly sums: number[] = [];
  batchSize = 1;
  partialSum = 0;
  partialCount = 0;
  total = 0;
  count = 0;

  constructor(private readonly target: number) {}

  add(x: number): void {
    this.total += x;
    this.count++;
    this.partialSum += x;
    if (++this.partialCount === this.batchSize) {
      this.sums.push(this.partialSum);
      this.partialSum = 0;
      this.partialCount = 0;
      if (this.sums.length === 2 * this.target) {
        const merged: number[] = [];
        for (let i = 0; i < this.target; i++) merged.push(this.sums[2 * i] + this.sums[2 * i + 1]);
        this.sums.splice(0, this.sums.length, ...merged);
        this.batchSize *= 2;
      }
    }
  }

  estimate(): { mean: number; hw: number; batches: number } {
    const means = Float64Array.from(this.sums, (s) => s / this.batchSize);
    return { mean: this.count > 0 ? this.total / this.count : NaN, hw: batchHalfWidth(means, means.length), batches: means.length };
  }
}

describe('BatchMeans', () => {
  it('gives exactly the estimates of batch means written out in full', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.constantFrom(4, 16, 32), fc.integer({ min: 1, max: 5000 }), (seed, target, n) => {
        const rng = new Rng(seed);
        const a = new BatchMeansInFull(target);
        const b = new BatchMeans(target);
        for (let i = 0; i < n; i++) {
          const x = i % 5 === 0 ? 0 : rng.next() * 100;
          a.add(x);
          b.add(x);
          if (i % 211 === 7) expect(bits(b.estimate())).toBe(bits(a.estimate()));
        }
        expect(bits([b.estimate(), b.n])).toBe(bits([a.estimate(), a.count]));
      }),
      { numRuns: 60 },
    );
  });
});

describe('Float64Fifo', () => {
  it('is a queue: random pushes and shifts against an array, through growth and wrap-around', () => {
    for (const initial of [1, 4, 5, 1024]) {
      const q = new Float64Fifo(initial);
      const ref: number[] = [];
      const rng = new Rng(initial);
      for (let i = 0; i < 20_000; i++) {
        // Phases of growth and of draining, so that the ring wraps at every capacity.
        const pushBias = Math.floor(i / 2000) % 2 === 0 ? 0.7 : 0.3;
        if (ref.length === 0 || rng.next() < pushBias) {
          const x = rng.next() * 1e6 - 5e5;
          q.push(x);
          ref.push(x);
        } else expect(Object.is(q.shift(), ref.shift())).toBe(true);
        expect(q.size).toBe(ref.length);
      }
      while (ref.length > 0) expect(q.shift()).toBe(ref.shift());
      expect(() => q.shift()).toThrow(RangeError);
    }
  });
});
