import { describe, it, expect } from 'vitest';
import {
  erlangC,
  littlesLaw,
  md1,
  mg1,
  mm1,
  mm1k,
  mm1ResponseFactor,
  mmc,
  mmck,
  type QueueMetrics,
} from '../../src/theory/index.ts';

/** Erlang C by the textbook factorial formula (fine for small c). */
function erlangCDirect(c: number, a: number): number {
  const rho = a / c;
  let sum = 0;
  let term = 1; // a^k / k!
  for (let k = 0; k < c; k++) {
    sum += term;
    term *= a / (k + 1);
  }
  const tail = term / (1 - rho); // (a^c / c!) · 1/(1−ρ)
  return tail / (sum + tail);
}

/** M/M/1/K stationary distribution by brute-force summation of ρⁿ. */
function mm1kDirect(rho: number, K: number): { pBlock: number; L: number } {
  const w = Array.from({ length: K + 1 }, (_, n) => rho ** n);
  const total = w.reduce((s, x) => s + x, 0);
  return { pBlock: w[K] / total, L: w.reduce((s, x, n) => s + n * x, 0) / total };
}

function expectMetricsClose(actual: QueueMetrics, expected: QueueMetrics, digits = 10): void {
  for (const key of ['rho', 'L', 'Lq', 'W', 'Wq'] as const) {
    expect(actual[key], key).toBeCloseTo(expected[key], digits);
  }
}

describe('mm1', () => {
  it('gives L = 9, Lq = 8.1, W = 10, Wq = 9 and pWait = 0.9 for lambda = 0.9, mu = 1', () => {
    const r = mm1(0.9, 1);
    expect(r.rho).toBeCloseTo(0.9, 12);
    expect(r.L).toBeCloseTo(9, 10);
    expect(r.Lq).toBeCloseTo(8.1, 10);
    expect(r.W).toBeCloseTo(10, 10);
    expect(r.Wq).toBeCloseTo(9, 10);
    expect(r.pWait).toBeCloseTo(0.9, 12);
  });

  it('scales times by 1/mu: lambda = 9, mu = 10 has the same L but W = 1', () => {
    const r = mm1(9, 10);
    expect(r.L).toBeCloseTo(9, 10);
    expect(r.W).toBeCloseTo(1, 10);
    expect(r.Wq).toBeCloseTo(0.9, 10);
  });

  it('satisfies Little’s law for both the system and the queue', () => {
    const r = mm1(3, 5);
    expect(r.L).toBeCloseTo(littlesLaw(3, r.W), 12);
    expect(r.Lq).toBeCloseTo(littlesLaw(3, r.Wq), 12);
  });
});

describe('mm1ResponseFactor', () => {
  it('is 1 at rho = 0 and 10 at rho = 0.9', () => {
    expect(mm1ResponseFactor(0)).toBe(1);
    expect(mm1ResponseFactor(0.9)).toBeCloseTo(10, 10);
  });

  it('equals mu·W of the M/M/1 queue', () => {
    expect(mm1ResponseFactor(0.75)).toBeCloseTo(mm1(3, 4).W * 4, 12);
  });
});

describe('littlesLaw', () => {
  it('returns lambda·W, including the empty system at lambda = 0', () => {
    expect(littlesLaw(2, 3)).toBe(6);
    expect(littlesLaw(0, 5)).toBe(0);
  });
});

describe('erlangC', () => {
  it('is 1/3 for c = 2, a = 1', () => {
    expect(erlangC(2, 1)).toBeCloseTo(1 / 3, 14);
  });

  it('reduces to rho for a single server', () => {
    expect(erlangC(1, 0.3)).toBeCloseTo(0.3, 14);
    expect(erlangC(1, 0.95)).toBeCloseTo(0.95, 14);
  });

  it('matches the published table value C(10, 8) ≈ 0.4092', () => {
    expect(erlangC(10, 8)).toBeCloseTo(0.4092, 4);
  });

  it('matches the direct factorial formula for c = 4, a = 3.6 (≈ 0.78775)', () => {
    const direct = erlangCDirect(4, 3.6);
    expect(direct).toBeCloseTo(0.78775, 5);
    expect(erlangC(4, 3.6)).toBeCloseTo(direct, 12);
  });

  it('matches the direct factorial formula over a grid of small c and rho', () => {
    for (const c of [1, 2, 3, 5, 8, 13, 20, 50]) {
      for (const rho of [0.05, 0.3, 0.5, 0.8, 0.95, 0.999]) {
        expect(erlangC(c, rho * c)).toBeCloseTo(erlangCDirect(c, rho * c), 10);
      }
    }
  });

  it('stays finite and in [0, 1] for c = 1000, where a^c/c! would overflow', () => {
    for (const rho of [0.5, 0.9, 0.99, 0.9999]) {
      const C = erlangC(1000, 1000 * rho);
      expect(Number.isFinite(C)).toBe(true);
      expect(C).toBeGreaterThanOrEqual(0);
      expect(C).toBeLessThanOrEqual(1);
    }
    expect(erlangC(1000, 999.9)).toBeGreaterThan(erlangC(1000, 990));
  });
});

describe('mmc', () => {
  it('with c = 1 equals mm1', () => {
    for (const [lambda, mu] of [[0.9, 1], [2, 7], [0.01, 0.02]]) {
      const a = mmc(lambda, mu, 1);
      const b = mm1(lambda, mu);
      expectMetricsClose(a, b);
      expect(a.pWait).toBeCloseTo(b.pWait, 12);
    }
  });

  it('for c = 4, lambda = 3.6, mu = 1 gives pWait = C(4, 3.6) and Wq = C/(c·mu − lambda)', () => {
    const C = erlangCDirect(4, 3.6);
    const r = mmc(3.6, 1, 4);
    expect(r.rho).toBeCloseTo(0.9, 12);
    expect(r.pWait).toBeCloseTo(C, 12);
    expect(r.Wq).toBeCloseTo(C / 0.4, 10);
    expect(r.Lq).toBeCloseTo((C * 0.9) / 0.1, 10);
    expect(r.W).toBeCloseTo(C / 0.4 + 1, 10);
    expect(r.L).toBeCloseTo(3.6 * (C / 0.4 + 1), 10);
  });

  it('stays finite for c = 500 at rho = 0.9, with pWait in [0, 1] and W just above 1/mu', () => {
    const r = mmc(450, 1, 500);
    expect(r.pWait).toBeGreaterThanOrEqual(0);
    expect(r.pWait).toBeLessThanOrEqual(1);
    for (const v of [r.L, r.Lq, r.W, r.Wq]) expect(Number.isFinite(v)).toBe(true);
    expect(r.W).toBeGreaterThan(1);
    expect(r.W).toBeLessThan(1.01);
    expect(r.L).toBeCloseTo(littlesLaw(450, r.W), 9);
  });
});

describe('mg1 and md1 (Pollaczek–Khinchine)', () => {
  it('mg1 with exponential service (variance = mean²) reduces to mm1', () => {
    for (const [lambda, mu] of [[0.9, 1], [3, 5], [0.2, 10]]) {
      expectMetricsClose(mg1(lambda, 1 / mu, 1 / mu ** 2), mm1(lambda, mu));
    }
  });

  it('md1 has Wq = rho/(2·mu·(1 − rho)), half of the M/M/1 Wq', () => {
    const lambda = 0.9;
    const mu = 1;
    const r = md1(lambda, 1 / mu);
    expect(r.Wq).toBeCloseTo(0.9 / (2 * 1 * 0.1), 10);
    expect(r.Wq).toBeCloseTo(mm1(lambda, mu).Wq / 2, 10);
    expect(r.W).toBeCloseTo(4.5 + 1, 10);
  });

  it('md1 at rho = 0.5 gives the textbook Lq = rho²/(2(1 − rho)) = 0.25', () => {
    const r = md1(5, 0.1);
    expect(r.rho).toBeCloseTo(0.5, 12);
    expect(r.Lq).toBeCloseTo(0.25, 12);
    expect(r.Wq).toBeCloseTo(0.05, 12);
  });

  it('mg1 equals md1 when the variance is zero, and grows linearly with the variance', () => {
    expectMetricsClose(mg1(2, 0.3, 0), md1(2, 0.3));
    const base = mg1(2, 0.3, 0).Wq;
    const withVar = mg1(2, 0.3, 0.05).Wq;
    expect(withVar - base).toBeCloseTo((2 * 0.05) / (2 * (1 - 0.6)), 12);
  });
});

describe('mm1k', () => {
  it('at rho = 1 is uniform: pBlock = 1/(K+1) and L = K/2', () => {
    for (const K of [1, 2, 5, 100, 10_000]) {
      const r = mm1k(3, 3, K);
      expect(r.rho).toBe(1);
      expect(r.pBlock).toBeCloseTo(1 / (K + 1), 14);
      expect(r.L).toBeCloseTo(K / 2, 10);
      expect(r.throughput).toBeCloseTo(3 * (K / (K + 1)), 12);
    }
  });

  it('is continuous across rho = 1 (no cancellation a few ulps away)', () => {
    const K = 50;
    for (const mu of [1 + 1e-15, 1 - 1e-15, 1 + 1e-9, 1 - 1e-9]) {
      const r = mm1k(1, mu, K);
      expect(r.pBlock).toBeCloseTo(1 / (K + 1), 6);
      expect(r.L).toBeCloseTo(K / 2, 5);
    }
  });

  it('for K = 2, rho = 0.5 has p = (4, 2, 1)/7: pBlock = 1/7, L = 4/7, Lq = 1/7', () => {
    const r = mm1k(1, 2, 2);
    expect(r.pBlock).toBeCloseTo(1 / 7, 14);
    expect(r.L).toBeCloseTo(4 / 7, 14);
    expect(r.Lq).toBeCloseTo(1 / 7, 14);
    expect(r.throughput).toBeCloseTo(6 / 7, 14);
    expect(r.W).toBeCloseTo(4 / 7 / (6 / 7), 14);
    expect(r.Wq).toBeCloseTo(1 / 7 / (6 / 7), 14);
  });

  it('works for rho > 1: K = 3, rho = 2 has p = (1, 2, 4, 8)/15', () => {
    const r = mm1k(2, 1, 3);
    expect(r.pBlock).toBeCloseTo(8 / 15, 14);
    expect(r.L).toBeCloseTo(34 / 15, 14);
    expect(r.throughput).toBeCloseTo(14 / 15, 14); // = mu·(1 − p0)
  });

  it('matches brute-force summation of the geometric distribution', () => {
    for (const rho of [0.1, 0.7, 0.99, 1.01, 1.5, 4]) {
      for (const K of [1, 3, 10, 40]) {
        const r = mm1k(rho, 1, K);
        const d = mm1kDirect(rho, K);
        expect(r.pBlock).toBeCloseTo(d.pBlock, 12);
        expect(r.L).toBeCloseTo(d.L, 10);
      }
    }
  });

  it('approaches mm1 as K grows when rho < 1', () => {
    const r = mm1k(0.9, 1, 2000);
    expect(r.pBlock).toBeLessThan(1e-80);
    expectMetricsClose(r, mm1(0.9, 1));
  });

  it('does not overflow for large K and rho >> 1 (pBlock → 1 − 1/rho, L → K − 1/(rho − 1))', () => {
    const r = mm1k(3, 1, 1000);
    expect(r.pBlock).toBeCloseTo(2 / 3, 12);
    expect(r.L).toBeCloseTo(1000 - 0.5, 9);
    expect(r.throughput).toBeCloseTo(1, 12);
  });
});

describe('mmck', () => {
  it('with c = 1 equals mm1k', () => {
    for (const [lambda, mu, K] of [[0.5, 1, 3], [1, 1, 7], [2, 1, 4], [0.9, 1, 200], [5, 1, 60]]) {
      const a = mmck(lambda, mu, 1, K);
      const b = mm1k(lambda, mu, K);
      expectMetricsClose(a, b);
      expect(a.pBlock).toBeCloseTo(b.pBlock, 12);
      expect(a.throughput).toBeCloseTo(b.throughput, 12);
    }
  });

  it('with K = c is the Erlang loss system: pBlock = Erlang B and Lq = 0', () => {
    const r = mmck(1, 1, 2, 2);
    expect(r.pBlock).toBeCloseTo(0.2, 14); // B(2, 1) = (1/2)/(1 + 1 + 1/2)
    expect(r.Lq).toBe(0);
    expect(r.Wq).toBe(0);
    expect(r.W).toBeCloseTo(1, 12);
  });

  it('approaches mmc as K grows', () => {
    const r = mmck(3.6, 1, 4, 2000);
    const inf = mmc(3.6, 1, 4);
    expectMetricsClose(r, inf, 9);
  });

  it('stays finite for c = K = 1000, a = 900 and matches the Erlang B recursion', () => {
    let B = 1;
    for (let k = 1; k <= 1000; k++) B = (900 * B) / (k + 900 * B);
    const r = mmck(900, 1, 1000, 1000);
    expect(r.pBlock).toBeCloseTo(B, 12);
    expect(r.L).toBeCloseTo(900 * (1 - B), 8); // carried load
  });

  it('stays finite for c = 500, K = 1500 in overload (rho = 1.2)', () => {
    const r = mmck(600, 1, 500, 1500);
    for (const v of Object.values(r)) expect(Number.isFinite(v)).toBe(true);
    expect(r.pBlock).toBeGreaterThan(0);
    expect(r.pBlock).toBeLessThan(1);
    expect(r.throughput).toBeCloseTo(500, 6); // servers saturated
  });
});

describe('input validation', () => {
  it('mm1 rejects non-positive or non-finite rates, naming the parameter and range', () => {
    expect(() => mm1(-1, 1)).toThrow(RangeError);
    expect(() => mm1(-1, 1)).toThrow(/mm1: lambda must be a finite number > 0 \(got -1\)/);
    expect(() => mm1(1, 0)).toThrow(/mu must be a finite number > 0/);
    expect(() => mm1(Number.NaN, 1)).toThrow(/lambda/);
    expect(() => mm1(1, Number.POSITIVE_INFINITY)).toThrow(/mu/);
  });

  it('mm1, mmc, mg1, md1 and erlangC reject rho >= 1 with the definition of rho', () => {
    expect(() => mm1(1, 1)).toThrow(/rho = lambda\/mu must be < 1/);
    expect(() => mmc(4, 1, 4)).toThrow(/rho = lambda\/\(c\*mu\) must be < 1/);
    expect(() => mg1(2, 0.5, 0)).toThrow(/mg1: rho = lambda\*meanService must be < 1/);
    expect(() => md1(2, 0.6)).toThrow(/md1: rho = lambda\*serviceTime must be < 1/);
    expect(() => erlangC(2, 2)).toThrow(RangeError);
    expect(() => erlangC(2, 2)).toThrow(/rho = a\/c must be < 1/);
  });

  it('rejects non-integer or too-small server counts and capacities', () => {
    expect(() => erlangC(0, 0.5)).toThrow(/c must be an integer >= 1/);
    expect(() => mmc(1, 1, 2.5)).toThrow(/c must be an integer >= 1/);
    expect(() => mm1k(1, 1, 0)).toThrow(/K must be an integer >= 1/);
    expect(() => mmck(1, 1, 3, 2)).toThrow(/K must be an integer >= c \(got K = 2, c = 3\)/);
    expect(() => mmck(1, 1, 0, 2)).toThrow(RangeError);
  });

  it('rejects negative service variance and negative Little’s-law inputs', () => {
    expect(() => mg1(0.5, 1, -0.1)).toThrow(/varService must be a finite number >= 0/);
    expect(() => littlesLaw(-1, 1)).toThrow(/lambda must be a finite number >= 0/);
    expect(() => littlesLaw(1, Number.NaN)).toThrow(/W must be/);
  });

  it('mm1ResponseFactor rejects rho outside [0, 1)', () => {
    expect(() => mm1ResponseFactor(1)).toThrow(/rho must be a finite number in \[0, 1\)/);
    expect(() => mm1ResponseFactor(-0.1)).toThrow(RangeError);
  });
});
