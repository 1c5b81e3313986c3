import { describe, expect, it } from 'vitest';
import { Rng, RngStreams } from '../../src/sim/kernel/rng.ts';

function withState(s: [number, number, number, number]): Rng {
  const r = new Rng(0);
  [r.s0, r.s1, r.s2, r.s3] = s.map((x) => x | 0) as [number, number, number, number];
  return r;
}

describe('Rng (xoshiro128**)', () => {
  it('matches the reference implementation from state {1, 2, 3, 4}', () => {
    // Outputs of the C reference xoshiro128starstar.c seeded with s = {1, 2, 3, 4}.
    const r = withState([1, 2, 3, 4]);
    expect([r.nextUint32(), r.nextUint32(), r.nextUint32()]).toEqual([11520, 0, 5927040]);
  });

  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const c = new Rng(43);
    const sa = Array.from({ length: 100 }, () => a.nextUint32());
    expect(Array.from({ length: 100 }, () => b.nextUint32())).toEqual(sa);
    const sc = Array.from({ length: 100 }, () => c.nextUint32());
    expect(sc.filter((x, i) => x === sa[i]).length).toBeLessThan(3);
  });

  it('next() is in [0, 1) and nextOpen() in (0, 1), with mean 1/2 and variance 1/12', () => {
    const r = new Rng(7);
    const n = 200_000;
    let sum = 0;
    let sum2 = 0;
    let outside = 0;
    for (let i = 0; i < n; i++) {
      const u = r.next();
      const o = r.nextOpen();
      if (!(u >= 0 && u < 1) || !(o > 0 && o < 1)) outside++;
      sum += u;
      sum2 += u * u;
    }
    expect(outside).toBe(0);
    const mean = sum / n;
    // Standard error of the mean of U(0,1) is sqrt(1/12/n); allow 4 of them.
    expect(Math.abs(mean - 0.5)).toBeLessThan(4 * Math.sqrt(1 / 12 / n));
    expect(Math.abs(sum2 / n - mean * mean - 1 / 12)).toBeLessThan(0.002);
  });

  it('fills 64 equal bins uniformly (chi-square test at the 0.1 % level)', () => {
    const r = new Rng(2024);
    const bins = new Array(64).fill(0);
    const n = 640_000;
    for (let i = 0; i < n; i++) bins[Math.floor(r.next() * 64)]++;
    const expected = n / 64;
    const chi2 = bins.reduce((s, o) => s + (o - expected) ** 2 / expected, 0);
    // Critical value of chi-square with 63 degrees of freedom at p = 0.001 is 103.4.
    expect(chi2).toBeLessThan(103.4);
  });

  it('nextInt(n) stays in [0, n)', () => {
    const r = new Rng(5);
    for (let i = 0; i < 10_000; i++) {
      const k = r.nextInt(7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
    }
  });
});

describe('RngStreams', () => {
  it('derives a stream purely from (seed, label, index)', () => {
    const a = new RngStreams(9).stream('service', 3);
    const b = new RngStreams(9).stream('service', 3);
    expect(a.nextUint32()).toBe(b.nextUint32());
  });

  it('gives different labels and indices different, uncorrelated sequences', () => {
    const s = new RngStreams(1);
    const streams = [s.stream('arrivals'), s.stream('service', 0), s.stream('service', 1)];
    const draws = streams.map((r) => Array.from({ length: 20_000 }, () => r.next()));
    const corr = (x: number[], y: number[]) => {
      const mx = x.reduce((a, b) => a + b) / x.length;
      const my = y.reduce((a, b) => a + b) / y.length;
      let sxy = 0;
      let sxx = 0;
      let syy = 0;
      for (let i = 0; i < x.length; i++) {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) ** 2;
        syy += (y[i] - my) ** 2;
      }
      return sxy / Math.sqrt(sxx * syy);
    };
    // |r| of independent samples has sd 1/sqrt(n) ≈ 0.007; 0.035 is 5 sd.
    expect(Math.abs(corr(draws[0], draws[1]))).toBeLessThan(0.035);
    expect(Math.abs(corr(draws[1], draws[2]))).toBeLessThan(0.035);
    expect(draws[1][0]).not.toBe(draws[2][0]);
  });

  it('rejects seeds outside [0, 2^32)', () => {
    expect(() => new RngStreams(-1)).toThrow(/seed must be an integer in \[0, 4294967295\]/);
    expect(() => new RngStreams(1.5)).toThrow(RangeError);
    expect(() => new RngStreams(2 ** 32)).toThrow(RangeError);
  });
});
