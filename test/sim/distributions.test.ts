import { describe, expect, it } from 'vitest';
import { makeDistribution, type DistributionSpec } from '../../src/sim/kernel/distributions.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';

const N = 400_000;

function draw(spec: DistributionSpec, seed = 11, n = N): Float64Array {
  const d = makeDistribution(spec);
  const rng = new Rng(seed);
  const xs = new Float64Array(n);
  for (let i = 0; i < n; i++) xs[i] = d.sample(rng);
  return xs;
}

function moments(xs: Float64Array) {
  let m = 0;
  for (const x of xs) m += x;
  m /= xs.length;
  let m2 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = (x - m) ** 2;
    m2 += d;
    m4 += d * d;
  }
  return { mean: m, variance: m2 / (xs.length - 1), m4: m4 / xs.length };
}

// Tolerances: 4.5 standard errors, so each check fails by chance with p < 1e-5. The standard
// error of the sample variance is sqrt((μ4 − σ⁴)/n), estimated from the sample's fourth moment.
const Z = 4.5;

const finiteFourthMoment: [string, DistributionSpec][] = [
  ['exponential(mean 2)', { type: 'exponential', mean: 2 }],
  ['uniform(1, 3)', { type: 'uniform', min: 1, max: 3 }],
  ['erlang(mean 1, k 4)', { type: 'erlang', mean: 1, k: 4 }],
  ['gamma(mean 1, cv 0.5)', { type: 'gamma', mean: 1, cv: 0.5 }],
  ['gamma(mean 3, cv 2) (shape < 1)', { type: 'gamma', mean: 3, cv: 2 }],
  ['lognormal(mean 1, cv 0.5)', { type: 'lognormal', mean: 1, cv: 0.5 }],
  ['lognormal(mean 0.1, p99 0.5)', { type: 'lognormal', mean: 0.1, p99: 0.5 }],
  ['hyperexponential(mean 1, cv 3)', { type: 'hyperexponential', mean: 1, cv: 3 }],
  ['bimodal(0.01, 1, pSlow 0.05)', { type: 'bimodal', fast: 0.01, slow: 1, pSlow: 0.05 }],
  ['pareto(mean 1, alpha 5)', { type: 'pareto', mean: 1, alpha: 5 }],
];

describe('distributions: sample mean and variance match the documented formulas', () => {
  for (const [name, spec] of finiteFourthMoment) {
    it(name, () => {
      const d = makeDistribution(spec);
      const xs = draw(spec);
      const s = moments(xs);
      expect(Math.abs(s.mean - d.mean)).toBeLessThan(Z * Math.sqrt(d.variance / xs.length));
      const seVar = Math.sqrt(Math.max(s.m4 - s.variance ** 2, 0) / xs.length);
      expect(Math.abs(s.variance - d.variance)).toBeLessThan(Z * seVar + 1e-12);
      expect(xs.every((x) => x >= 0)).toBe(true);
    });
  }

  it('deterministic always returns its mean, with variance 0', () => {
    const d = makeDistribution({ type: 'deterministic', mean: 0.7 });
    expect(d.variance).toBe(0);
    expect(draw({ type: 'deterministic', mean: 0.7 }, 1, 100).every((x) => x === 0.7)).toBe(true);
  });

  it('lognormal from p99 puts 99 % of the mass below p99 (binomial tolerance)', () => {
    const xs = draw({ type: 'lognormal', mean: 0.1, p99: 0.5 });
    const below = xs.filter((x) => x <= 0.5).length / xs.length;
    expect(Math.abs(below - 0.99)).toBeLessThan(Z * Math.sqrt((0.99 * 0.01) / xs.length));
  });

  it('heavy-tailed pareto (alpha 1.5, infinite variance) has the right CDF at several points', () => {
    const alpha = 1.5;
    const mean = 1;
    const xm = (mean * (alpha - 1)) / alpha;
    const d = makeDistribution({ type: 'pareto', mean, alpha });
    expect(d.variance).toBe(Infinity);
    const xs = draw({ type: 'pareto', mean, alpha });
    for (const x of [0.5, 1, 3, 10, 100]) {
      const p = 1 - (xm / x) ** alpha;
      const got = xs.filter((v) => v <= x).length / xs.length;
      expect(Math.abs(got - p)).toBeLessThan(Z * Math.sqrt((p * (1 - p)) / xs.length) + 1e-9);
    }
  });

  it('exponential is memoryless: P(X > 2 | X > 1) = P(X > 1)', () => {
    const xs = draw({ type: 'exponential', mean: 1 });
    const gt1 = xs.filter((x) => x > 1).length;
    const gt2 = xs.filter((x) => x > 2).length;
    const p = Math.exp(-1);
    expect(Math.abs(gt2 / gt1 - p)).toBeLessThan(Z * Math.sqrt((p * (1 - p)) / gt1));
  });
});

describe('distributions: invalid parameters are refused with the allowed range', () => {
  const bad: [DistributionSpec, RegExp][] = [
    [{ type: 'exponential', mean: 0 }, /mean must be a finite number > 0/],
    [{ type: 'erlang', mean: 1, k: 0 }, /k must be an integer in \[1, 1000\]/],
    [{ type: 'hyperexponential', mean: 1, cv: 0.5 }, /cv must be ≥ 1/],
    [{ type: 'pareto', mean: 1, alpha: 1 }, /alpha must be > 1/],
    [{ type: 'lognormal', mean: 1, p99: 0.5 }, /p99 must be in \(mean/],
    [{ type: 'lognormal', mean: 1, p99: 100 }, /p99 must be in \(mean, 14.97·mean\]/],
    [{ type: 'uniform', min: 2, max: 1 }, /0 ≤ min ≤ max/],
    [{ type: 'bimodal', fast: 1, slow: 2, pSlow: 2 }, /pSlow must be in \[0, 1\]/],
  ];
  for (const [spec, msg] of bad) {
    it(`${JSON.stringify(spec)}`, () => expect(() => makeDistribution(spec)).toThrow(msg));
  }
});
