import { describe, expect, it } from 'vitest';
import { BatchMeans } from '../../src/sim/metrics/batch-means.ts';
import { TimeIntegral } from '../../src/sim/metrics/time-integral.ts';
import { LogHistogram } from '../../src/sim/metrics/histogram.ts';
import { DownsampledSeries } from '../../src/sim/metrics/series.ts';
import { Welford } from '../../src/sim/metrics/welford.ts';
import { normalQuantile, tQuantile } from '../../src/sim/metrics/quantiles.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';
import { makeDistribution } from '../../src/sim/kernel/distributions.ts';

describe('quantiles', () => {
  it('normalQuantile matches tabulated values', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.995)).toBeCloseTo(2.575829, 5);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 9);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232, 5);
  });

  it('tQuantile matches tabulated Student t values', () => {
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(tQuantile(0.975, 2)).toBeCloseTo(4.3027, 3);
    expect(tQuantile(0.975, 5)).toBeCloseTo(2.5706, 2);
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.2281, 3);
    expect(tQuantile(0.975, 31)).toBeCloseTo(2.0395, 3);
    expect(tQuantile(0.995, 40)).toBeCloseTo(2.7045, 3);
  });
});

describe('Welford', () => {
  it('agrees with the two-pass mean and variance, also far from zero', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => 1e9 + Math.sin(i));
    const w = new Welford();
    xs.forEach((x) => w.add(x));
    const mean = xs.reduce((a, b) => a + b) / xs.length;
    const variance = xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1);
    expect(w.mean).toBeCloseTo(mean, 4);
    expect(w.variance).toBeCloseTo(variance, 6);
    expect(w.min).toBe(Math.min(...xs));
  });
});

/** AR(1) process x_t = φ x_{t−1} + ε_t with mean 0: strongly correlated for φ near 1. */
function ar1(rng: Rng, n: number, phi: number): Float64Array {
  const xs = new Float64Array(n);
  const e = makeDistribution({ type: 'exponential', mean: 1 });
  let x = 0;
  for (let i = 0; i < n; i++) {
    x = phi * x + (e.sample(rng) - 1);
    xs[i] = x;
  }
  return xs;
}

describe('BatchMeans', () => {
  it('keeps between B and 2B batches and the exact grand mean', () => {
    const b = new BatchMeans(16);
    for (let i = 1; i <= 100_000; i++) b.add(i);
    const e = b.estimate();
    expect(e.mean).toBe(50_000.5);
    expect(e.batches).toBeGreaterThanOrEqual(16);
    expect(e.batches).toBeLessThan(32);
  });

  it('addZeros(m) is m calls of add(0), after any values and in any pieces', () => {
    for (const [before, pieces] of [
      [[], [0, 1, 5, 100]],
      [[3, 1, 4], [63, 1, 1, 640]],
      [[1, 0, 1, 1, 0, 1, 0, 0, 1], [7, 0, 100_000, 33]],
      [[0.5], [1_000_003]],
    ] as const) {
      const bulk = new BatchMeans(8);
      const one = new BatchMeans(8);
      for (const x of before) {
        bulk.add(x);
        one.add(x);
      }
      for (const m of pieces) {
        bulk.addZeros(m);
        for (let i = 0; i < m; i++) one.add(0);
        expect(bulk.n).toBe(one.n);
        expect(JSON.stringify(bulk.estimate())).toBe(JSON.stringify(one.estimate()));
      }
      bulk.add(1);
      one.add(1);
      expect(JSON.stringify(bulk.estimate())).toBe(JSON.stringify(one.estimate()));
    }
  });

  it('reports no half-width with fewer than 10 batches', () => {
    const b = new BatchMeans();
    for (let i = 0; i < 5; i++) b.add(i);
    expect(Number.isNaN(b.estimate().hw)).toBe(true);
  });

  it('95 % intervals cover the true mean of a correlated AR(1) sequence about 95 % of the time', () => {
    // 400 replications; coverage has binomial sd sqrt(.95·.05/400) ≈ 0.011, allow 4.5 sd.
    // For comparison, the naive i.i.d. interval covers only ~40 % here (φ = 0.9).
    const reps = 400;
    let covered = 0;
    let naiveCovered = 0;
    for (let r = 0; r < reps; r++) {
      const xs = ar1(new Rng(1000 + r), 40_000, 0.9);
      const b = new BatchMeans(32);
      const w = new Welford();
      for (const x of xs) {
        b.add(x);
        w.add(x);
      }
      const e = b.estimate();
      if (Math.abs(e.mean) <= e.hw) covered++;
      if (Math.abs(w.mean) <= 1.96 * Math.sqrt(w.variance / w.n)) naiveCovered++;
    }
    expect(Math.abs(covered / reps - 0.95)).toBeLessThan(4.5 * Math.sqrt((0.95 * 0.05) / reps));
    expect(naiveCovered / reps).toBeLessThan(0.6);
  });
});

describe('TimeIntegral', () => {
  it('computes the time-weighted average of a step signal', () => {
    const ti = new TimeIntegral(1);
    ti.set(0, 2); // 2 on [0, 3)
    ti.set(3, 5); // 5 on [3, 4)
    ti.set(4, 0); // 0 on [4, 10)
    expect(ti.mean(10)).toBeCloseTo((2 * 3 + 5 * 1) / 10, 12);
    expect(ti.integral(10)).toBeCloseTo(11, 12);
  });

  it('counts impulses as a rate and forgets everything before reset', () => {
    const ti = new TimeIntegral(1);
    for (let t = 0; t < 100; t += 0.5) ti.impulse(t);
    ti.reset(50);
    for (let t = 50; t < 100; t += 0.25) ti.impulse(t);
    expect(ti.mean(100)).toBeCloseTo(4, 12);
  });

  it('reading mid-run does not change the final value', () => {
    const a = new TimeIntegral(0.3);
    const b = new TimeIntegral(0.3);
    const rng = new Rng(3);
    let t = 0;
    for (let i = 0; i < 10_000; i++) {
      t += rng.next();
      const v = rng.nextInt(10);
      a.set(t, v);
      b.set(t, v);
      if (i % 7 === 0) b.estimate(t + 0.1);
    }
    expect(b.estimate(t + 1)).toEqual(a.estimate(t + 1));
  });
});

describe('LogHistogram', () => {
  it('quantiles are within the stated relative error of the exact order statistics', () => {
    const h = new LogHistogram();
    const rng = new Rng(8);
    const d = makeDistribution({ type: 'lognormal', mean: 0.2, cv: 3 });
    const xs = Array.from({ length: 100_000 }, () => d.sample(rng));
    xs.forEach((x) => h.add(x));
    xs.sort((a, b) => a - b);
    for (const q of [0.5, 0.9, 0.99, 0.999]) {
      const exact = xs[Math.ceil(q * xs.length) - 1];
      expect(Math.abs(h.quantile(q) - exact) / exact).toBeLessThanOrEqual(h.relativeError + 1e-12);
    }
  });

  it('reports zeros as 0 and clamps values above its range, counting them', () => {
    const h = new LogHistogram(1e-6, 1e3);
    h.add(0);
    h.add(0);
    h.add(5e3);
    expect(h.quantile(0.5)).toBe(0);
    expect(h.overflow).toBe(1);
    expect(Number.isNaN(new LogHistogram().quantile(0.5))).toBe(true);
  });

  it('finds every bucket by its table exactly as by the logarithm (boundaries, their neighbours, cell edges, random values)', () => {
    const F = new Float64Array(1);
    const I = new BigInt64Array(F.buffer);
    /** The double `n` steps (units in the last place) from x. */
    const ulps = (x: number, n: number) => {
      F[0] = x;
      I[0] += BigInt(n);
      return F[0];
    };
    for (const [min, max, eps] of [
      [1e-6, 1e9, 0.005],
      [1e-4, 1e7, 0.005],
      [1e-4, 1e7, 0.02],
      [1e-4, 1e6, 0.005],
      [1e-4, 1e6, 0.02],
    ]) {
      const h = new LogHistogram(min, max, eps);
      const gamma = (1 + eps) / (1 - eps);
      let checked = 0;
      const check = (v: number) => {
        checked++;
        if (h.bucketOf(v) !== h.bucketByLog(v)) expect({ v, table: h.bucketOf(v) }).toEqual({ v, table: h.bucketByLog(v) });
      };
      // Around every boundary min·γ^k: the double nearest it and 64 on each side, then wider steps.
      for (let k = 0, b = min; b < max * 1.1; k++, b *= gamma) {
        for (let n = -64; n <= 64; n++) check(ulps(b, n));
        for (const n of [-1e9, -1e7, -1e5, -1e3, 1e3, 1e5, 1e7, 1e9]) check(ulps(b, n));
      }
      // Cell edges (powers of two times 1 + j/128) and their neighbours.
      for (let p = min / 2; p < max * 2; p *= 2) for (let j = 0; j < 128; j++) for (const n of [-1, 0, 1]) check(ulps(p * (1 + j / 128), n));
      // Random values over the whole range, and outside it.
      const rng = new Rng(11);
      for (let i = 0; i < 200_000; i++) check(min * Math.exp(rng.next() * Math.log((max * 4) / min)));
      for (const v of [0, -1, min, max, max * 2, Infinity, -Infinity, NaN, 5e-324]) expect(String(h.bucketOf(v))).toBe(String(h.bucketByLog(v)));
      expect(checked).toBeGreaterThan(250_000);
    }
  });
});

describe('DownsampledSeries', () => {
  it('never holds more than its capacity and preserves the integral of the signal', () => {
    const s = new DownsampledSeries(0.01, 64);
    const ref = new TimeIntegral(1);
    const rng = new Rng(4);
    let t = 0;
    let max = 0;
    for (let i = 0; i < 50_000; i++) {
      t += rng.next() * 0.1;
      const v = rng.nextInt(20);
      s.set(t, v);
      ref.set(t, v);
      max = Math.max(max, v);
    }
    const r = s.read(t);
    expect(r.t.length).toBeLessThanOrEqual(64 + 1);
    expect(r.t.length).toBeGreaterThanOrEqual(32);
    let integral = 0;
    for (let i = 0; i < r.t.length; i++) {
      const end = i + 1 < r.t.length ? r.t[i + 1] : t;
      integral += r.mean[i] * (end - r.t[i]);
    }
    expect(integral).toBeCloseTo(ref.integral(t), 6);
    expect(Math.max(...r.max)).toBe(max);
    for (let i = 0; i < r.t.length; i++) expect(r.max[i]).toBeGreaterThanOrEqual(r.mean[i] - 1e-9);
  });
});
