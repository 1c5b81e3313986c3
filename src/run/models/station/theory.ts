/**
 * Which closed form, if any, describes a scenario — so runs can be checked against theory.
 * Only exact results are claimed: Poisson arrivals at a constant rate, and a service distribution
 * and server count that a formula covers (M/M/c, M/M/c/K, M/D/1, M/G/1); otherwise `null`.
 */
import type { StationScenario } from '../../../scenario/schema.ts';
import { makeDistribution } from '../../../sim/kernel/distributions.ts';
import { mg1, mm1, mm1k, mmc, mmck } from '../../../theory/index.ts';

export interface Theory {
  /** Kendall notation of the model that applies, e.g. "M/M/4" or "M/G/1". */
  model: string;
  rho: number;
  L: number;
  Lq: number;
  W: number;
  Wq: number;
  /** Probability an arrival is turned away (finite capacity only). */
  pBlock?: number;
  /** Throughput = λ(1 − pBlock). */
  throughput: number;
  /** Fraction of time a server is busy = throughput · E[S] / c. */
  utilization: number;
}

export function theoryFor(s: StationScenario): Theory | null {
  if (s.arrival.shape.type !== 'exponential' || s.arrival.profile.length > 0) return null;
  const lambda = s.arrival.rate;
  if (!(lambda > 0)) return null;
  const svc = makeDistribution(s.service);
  if (!(svc.mean > 0)) return null;
  const mu = 1 / svc.mean;
  const c = s.servers;
  const rho = lambda / (c * mu);
  if (s.capacity !== null) {
    if (s.service.type !== 'exponential') return null;
    const r = c === 1 ? mm1k(lambda, mu, s.capacity) : mmck(lambda, mu, c, s.capacity);
    return {
      model: c === 1 ? `M/M/1/${s.capacity}` : `M/M/${c}/${s.capacity}`,
      rho,
      L: r.L,
      Lq: r.Lq,
      W: r.W,
      Wq: r.Wq,
      pBlock: r.pBlock,
      throughput: r.throughput,
      utilization: (r.throughput * svc.mean) / c,
    };
  }
  if (rho >= 1) return null;
  if (s.service.type === 'exponential') {
    const r = c === 1 ? mm1(lambda, mu) : mmc(lambda, mu, c);
    return { model: `M/M/${c}`, rho, L: r.L, Lq: r.Lq, W: r.W, Wq: r.Wq, throughput: lambda, utilization: rho };
  }
  if (c === 1 && Number.isFinite(svc.variance)) {
    const r = mg1(lambda, svc.mean, svc.variance);
    const model = s.service.type === 'deterministic' ? 'M/D/1' : 'M/G/1';
    return { model, rho, L: r.L, Lq: r.Lq, W: r.W, Wq: r.Wq, throughput: lambda, utilization: rho };
  }
  return null;
}
