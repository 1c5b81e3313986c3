/**
 * Random-variate distributions, parameterised the way users think about them (a mean, and a
 * spread as a coefficient of variation cv = σ/mean, a p99, or a tail index), each knowing its
 * exact mean and variance so tests and theory overlays can use them.
 *
 * | type             | parameters            | mean                 | variance                                  |
 * |------------------|-----------------------|----------------------|-------------------------------------------|
 * | exponential      | mean                  | mean                 | mean²                                     |
 * | deterministic    | mean                  | mean                 | 0                                         |
 * | uniform          | min, max              | (min+max)/2          | (max−min)²/12                             |
 * | erlang           | mean, k               | mean                 | mean²/k                                   |
 * | gamma            | mean, cv              | mean                 | (cv·mean)²                                |
 * | lognormal        | mean, cv  or mean, p99| mean                 | (cv·mean)²  (cv derived from p99)         |
 * | hyperexponential | mean, cv ≥ 1          | mean                 | (cv·mean)²  (two phases, balanced means)  |
 * | bimodal          | fast, slow, pSlow     | (1−p)·fast + p·slow  | p(1−p)(slow−fast)²                        |
 * | pareto           | mean, alpha > 1       | mean                 | xm²α/((α−1)²(α−2)) for α>2, else ∞        |
 *
 * All samplers draw from an injected {@link Rng}; none keeps hidden state between calls except the
 * spare normal of the Box–Muller pair, which lives in the sampler object (so it is per-stream).
 */
import { exp, log, pow } from './pmath.ts';
import type { Rng } from './rng.ts';

export type DistributionSpec =
  | { type: 'exponential'; mean: number }
  | { type: 'deterministic'; mean: number }
  | { type: 'uniform'; min: number; max: number }
  | { type: 'erlang'; mean: number; k: number }
  | { type: 'gamma'; mean: number; cv: number }
  | { type: 'lognormal'; mean: number; cv?: number; p99?: number }
  | { type: 'hyperexponential'; mean: number; cv: number }
  | { type: 'bimodal'; fast: number; slow: number; pSlow: number }
  | { type: 'pareto'; mean: number; alpha: number };

export type DistributionType = DistributionSpec['type'];

export interface Distribution {
  readonly spec: DistributionSpec;
  readonly mean: number;
  /** Exact variance (Infinity for a Pareto with alpha ≤ 2). */
  readonly variance: number;
  /** Draws one variate (≥ 0) from `rng`. */
  sample(rng: Rng): number;
}

/** z-score of the 99th percentile of the standard normal. */
const Z99 = 2.3263478740408408;

/** Standard normal variate by the polar Box–Muller method, caching the spare. */
class NormalSource {
  private spare = 0;
  private hasSpare = false;
  next(rng: Rng): number {
    if (this.hasSpare) {
      this.hasSpare = false;
      return this.spare;
    }
    let u: number;
    let v: number;
    let s: number;
    do {
      u = 2 * rng.next() - 1;
      v = 2 * rng.next() - 1;
      s = u * u + v * v;
    } while (s >= 1 || s === 0);
    const m = Math.sqrt((-2 * log(s)) / s);
    this.spare = v * m;
    this.hasSpare = true;
    return u * m;
  }
}

/** Gamma(shape, scale=1) by Marsaglia & Tsang (2000), with the u^(1/a) boost for shape < 1. */
function gammaUnit(shape: number, rng: Rng, normal: NormalSource): number {
  if (shape < 1) {
    return gammaUnit(shape + 1, rng, normal) * pow(rng.nextOpen(), 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal.next(rng);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.nextOpen();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (log(u) < 0.5 * x * x + d * (1 - v + log(v))) return d * v;
  }
}

/** σ of the underlying normal for a lognormal with the given mean and 99th percentile. */
export function lognormalSigmaFromP99(mean: number, p99: number): number {
  // ln p99 = ln mean − σ²/2 + Z99·σ  ⇒  σ = Z99 − sqrt(Z99² − 2 ln(p99/mean)) (the smaller root).
  const disc = Z99 * Z99 - 2 * log(p99 / mean);
  if (!(p99 > mean) || disc < 0) {
    throw new RangeError(
      `lognormal p99 must be in (mean, ${exp((Z99 * Z99) / 2).toFixed(2)}·mean], got p99=${p99} with mean=${mean}`,
    );
  }
  return Z99 - Math.sqrt(disc);
}

function requirePositive(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(`${name} must be a finite number > 0, got ${value}`);
  }
}

/**
 * The hyperexponential's two exponential phases with balanced means (p1/μ1 = p2/μ2), Whitt (1982):
 * phase 1, the faster (mean1 ≤ mean2), is taken with probability p1 ≥ ½.
 */
export function balancedPhases(mean: number, cv: number): { p1: number; mean1: number; mean2: number } {
  const c2 = cv * cv;
  const p1 = 0.5 * (1 + Math.sqrt((c2 - 1) / (c2 + 1)));
  return { p1, mean1: mean / (2 * p1), mean2: mean / (2 * (1 - p1)) };
}

/** Builds a sampler from a spec. Throws RangeError naming the parameter on invalid input. */
export function makeDistribution(spec: DistributionSpec): Distribution {
  switch (spec.type) {
    case 'exponential': {
      const { mean } = spec;
      requirePositive('mean', mean);
      return { spec, mean, variance: mean * mean, sample: (rng) => -mean * log(rng.nextOpen()) };
    }
    case 'deterministic': {
      const { mean } = spec;
      if (!(mean >= 0) || !Number.isFinite(mean)) throw new RangeError(`mean must be a finite number ≥ 0, got ${mean}`);
      return { spec, mean, variance: 0, sample: () => mean };
    }
    case 'uniform': {
      const { min, max } = spec;
      if (!(min >= 0) || !(max >= min) || !Number.isFinite(max)) {
        throw new RangeError(`uniform needs 0 ≤ min ≤ max < ∞, got min=${min}, max=${max}`);
      }
      const w = max - min;
      return { spec, mean: (min + max) / 2, variance: (w * w) / 12, sample: (rng) => min + w * rng.next() };
    }
    case 'erlang': {
      const { mean, k } = spec;
      requirePositive('mean', mean);
      if (!Number.isInteger(k) || k < 1 || k > 1000) throw new RangeError(`k must be an integer in [1, 1000], got ${k}`);
      const phase = mean / k;
      return {
        spec,
        mean,
        variance: (mean * mean) / k,
        sample: (rng) => {
          // Product of k uniforms, renormalised in chunks so it never underflows.
          let sum = 0;
          let prod = 1;
          for (let i = 0; i < k; i++) {
            prod *= rng.nextOpen();
            if (prod < 1e-280) {
              sum += log(prod);
              prod = 1;
            }
          }
          return -phase * (sum + log(prod));
        },
      };
    }
    case 'gamma': {
      const { mean, cv } = spec;
      requirePositive('mean', mean);
      requirePositive('cv', cv);
      const shape = 1 / (cv * cv);
      const scale = mean / shape;
      const normal = new NormalSource();
      return {
        spec,
        mean,
        variance: cv * mean * (cv * mean),
        sample: (rng) => scale * gammaUnit(shape, rng, normal),
      };
    }
    case 'lognormal': {
      const { mean } = spec;
      requirePositive('mean', mean);
      let sigma: number;
      if (spec.cv !== undefined && spec.p99 !== undefined) {
        throw new RangeError('lognormal takes either cv or p99, not both');
      } else if (spec.cv !== undefined) {
        requirePositive('cv', spec.cv);
        sigma = Math.sqrt(log(1 + spec.cv * spec.cv));
      } else if (spec.p99 !== undefined) {
        sigma = lognormalSigmaFromP99(mean, spec.p99);
      } else {
        throw new RangeError('lognormal needs cv or p99');
      }
      const mu = log(mean) - (sigma * sigma) / 2;
      const normal = new NormalSource();
      return {
        spec,
        mean,
        variance: mean * mean * (exp(sigma * sigma) - 1),
        sample: (rng) => exp(mu + sigma * normal.next(rng)),
      };
    }
    case 'hyperexponential': {
      const { mean, cv } = spec;
      requirePositive('mean', mean);
      if (!(cv >= 1) || !Number.isFinite(cv)) throw new RangeError(`hyperexponential cv must be ≥ 1, got ${cv}`);
      const { p1, mean1, mean2 } = balancedPhases(mean, cv);
      return {
        spec,
        mean,
        variance: cv * cv * mean * mean,
        sample: (rng) => -(rng.next() < p1 ? mean1 : mean2) * log(rng.nextOpen()),
      };
    }
    case 'bimodal': {
      const { fast, slow, pSlow } = spec;
      if (!(fast >= 0) || !(slow >= fast) || !Number.isFinite(slow)) {
        throw new RangeError(`bimodal needs 0 ≤ fast ≤ slow < ∞, got fast=${fast}, slow=${slow}`);
      }
      if (!(pSlow >= 0 && pSlow <= 1)) throw new RangeError(`pSlow must be in [0, 1], got ${pSlow}`);
      const d = slow - fast;
      return {
        spec,
        mean: (1 - pSlow) * fast + pSlow * slow,
        variance: pSlow * (1 - pSlow) * d * d,
        sample: (rng) => (rng.next() < pSlow ? slow : fast),
      };
    }
    case 'pareto': {
      const { mean, alpha } = spec;
      requirePositive('mean', mean);
      if (!(alpha > 1) || !Number.isFinite(alpha)) throw new RangeError(`pareto alpha must be > 1 (finite mean), got ${alpha}`);
      const xm = (mean * (alpha - 1)) / alpha;
      const inv = -1 / alpha;
      return {
        spec,
        mean,
        variance: alpha > 2 ? (xm * xm * alpha) / ((alpha - 1) * (alpha - 1) * (alpha - 2)) : Infinity,
        sample: (rng) => xm * pow(rng.nextOpen(), inv),
      };
    }
  }
}
