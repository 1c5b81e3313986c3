/**
 * Closed-form (and small numerical) results of classical queueing theory.
 *
 * Conventions: times are in seconds, rates are per second. `lambda` is the
 * Poisson arrival rate, `mu` the service rate of one server, `c` the number of
 * servers, `K` the system capacity (waiting + in service).
 *
 * Result fields:
 * - `rho` utilisation (offered load per server),
 * - `L` / `Lq` mean number in system / in queue,
 * - `W` / `Wq` mean time in system / in queue,
 * - `pWait` probability that an arrival has to wait,
 * - `pBlock` probability that an arrival is rejected (finite systems),
 * - `throughput` rate of admitted (and, in steady state, served) customers.
 *
 * All functions are pure and throw `RangeError` on invalid input, naming the
 * offending parameter and its allowed range.
 *
 * References:
 * - [Kleinrock] L. Kleinrock, Queueing Systems, Vol. 1: Theory, Wiley, 1975.
 * - [GH] D. Gross, J. F. Shortle, J. M. Thompson, C. M. Harris,
 *   Fundamentals of Queueing Theory, 4th ed., Wiley, 2008.
 * - [Little] J. D. C. Little, "A proof for the queuing formula L = λW",
 *   Operations Research 9(3), 1961.
 */
import { exp, expm1, log, powInt } from '../sim/kernel/pmath.ts';

/** Mean-value measures shared by every model. */
export interface QueueMetrics {
  rho: number;
  L: number;
  Lq: number;
  W: number;
  Wq: number;
}

/** Measures of an infinite-capacity Markovian queue (M/M/1, M/M/c). */
export interface MarkovQueueMetrics extends QueueMetrics {
  pWait: number;
}

/** Measures of a finite-capacity queue (M/M/1/K, M/M/c/K). */
export interface FiniteQueueMetrics extends QueueMetrics {
  pBlock: number;
  throughput: number;
}

// ---------------------------------------------------------------------------
// Input validation
// ---------------------------------------------------------------------------

function requirePositive(fn: string, name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${fn}: ${name} must be a finite number > 0 (got ${value})`);
  }
}

function requireNonNegative(fn: string, name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${fn}: ${name} must be a finite number >= 0 (got ${value})`);
  }
}

function requireInteger(fn: string, name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) {
    throw new RangeError(`${fn}: ${name} must be an integer >= ${min} (got ${value})`);
  }
}

function requireStable(fn: string, rho: number, definition: string): void {
  if (!(rho < 1)) {
    throw new RangeError(
      `${fn}: rho = ${definition} must be < 1 for a stable queue (got rho = ${rho})`,
    );
  }
}

// ---------------------------------------------------------------------------
// Infinite-capacity queues
// ---------------------------------------------------------------------------

/**
 * M/M/1 queue.
 *
 * ρ = λ/μ, L = ρ/(1−ρ), Lq = ρ²/(1−ρ), W = 1/(μ−λ), Wq = ρ/(μ−λ),
 * P(wait) = ρ.
 *
 * Ref: [Kleinrock] §3.2; [GH] "Simple Markovian queueing models", M/M/1.
 *
 * @throws RangeError unless λ, μ are finite and > 0 and ρ < 1.
 */
export function mm1(lambda: number, mu: number): MarkovQueueMetrics {
  requirePositive('mm1', 'lambda', lambda);
  requirePositive('mm1', 'mu', mu);
  const rho = lambda / mu;
  requireStable('mm1', rho, 'lambda/mu');
  const W = 1 / (mu - lambda);
  const Wq = rho * W;
  return { rho, L: lambda * W, Lq: lambda * Wq, W, Wq, pWait: rho };
}

/**
 * Erlang C: probability that an arrival waits in an M/M/c queue with offered
 * load a = λ/μ (ρ = a/c < 1).
 *
 * Computed via the numerically stable Erlang B recursion
 *   B(0) = 1,  B(k) = a·B(k−1) / (k + a·B(k−1)),
 * followed by C = B / (1 − ρ(1 − B)). No factorials or powers are formed, so
 * it is accurate and overflow-free for c in the thousands (cost O(c)).
 *
 * Ref: [Kleinrock] §3.5 (Erlang's C formula, eq. for M/M/m);
 * [GH] M/M/c; D. L. Jagerman, "Some properties of the Erlang loss function",
 * Bell Syst. Tech. J. 53(3), 1974 (the B recursion).
 *
 * @throws RangeError unless c is an integer >= 1, a is finite and > 0, and a < c.
 */
export function erlangC(c: number, a: number): number {
  requireInteger('erlangC', 'c', c, 1);
  requirePositive('erlangC', 'a', a);
  const rho = a / c;
  requireStable('erlangC', rho, 'a/c');
  const B = erlangBRecursion(c, a);
  return B / (1 - rho * (1 - B));
}

/** Erlang B by the recursion B(k) = a·B(k−1)/(k + a·B(k−1)); inputs pre-validated. */
function erlangBRecursion(c: number, a: number): number {
  let B = 1;
  for (let k = 1; k <= c; k++) B = (a * B) / (k + a * B);
  return B;
}

/**
 * M/M/c queue, via Erlang C (C = `erlangC(c, λ/μ)`).
 *
 * ρ = λ/(cμ), P(wait) = C, Wq = C/(cμ − λ), Lq = λ·Wq = C·ρ/(1−ρ),
 * W = Wq + 1/μ, L = λ·W.
 *
 * Ref: [Kleinrock] §3.5; [GH] M/M/c.
 *
 * @throws RangeError unless λ, μ are finite and > 0, c is an integer >= 1 and ρ < 1.
 */
export function mmc(lambda: number, mu: number, c: number): MarkovQueueMetrics {
  requirePositive('mmc', 'lambda', lambda);
  requirePositive('mmc', 'mu', mu);
  requireInteger('mmc', 'c', c, 1);
  const rho = lambda / (c * mu);
  requireStable('mmc', rho, 'lambda/(c*mu)');
  const pWait = erlangC(c, lambda / mu);
  const Wq = pWait / (c * mu - lambda);
  const W = Wq + 1 / mu;
  return { rho, L: lambda * W, Lq: lambda * Wq, W, Wq, pWait };
}

/**
 * M/G/1 queue, Pollaczek–Khinchine mean-value formula.
 *
 * ρ = λ·E[S], E[S²] = Var[S] + E[S]², Wq = λ·E[S²] / (2(1−ρ)),
 * W = Wq + E[S], Lq = λ·Wq, L = λ·W.
 *
 * Ref: [Kleinrock] ch. 5 (The queue M/G/1, P-K mean value formula);
 * [GH] M/G/1, Pollaczek–Khinchine formula.
 *
 * @param meanService E[S], seconds.
 * @param varService Var[S], seconds².
 * @throws RangeError unless λ, E[S] are finite and > 0, Var[S] is finite and >= 0, and ρ < 1.
 */
export function mg1(lambda: number, meanService: number, varService: number): QueueMetrics {
  requireNonNegative('mg1', 'varService', varService);
  return pollaczekKhinchine('mg1', 'meanService', lambda, meanService, varService);
}

/**
 * M/D/1 queue: M/G/1 with deterministic service (Var[S] = 0).
 *
 * With μ = 1/serviceTime: Wq = ρ / (2μ(1−ρ)), i.e. exactly half the M/M/1 Wq.
 *
 * Ref: [Kleinrock] ch. 5 (M/D/1 as a special case of P-K); [GH] M/D/1.
 *
 * @throws RangeError unless λ, serviceTime are finite and > 0 and ρ = λ·serviceTime < 1.
 */
export function md1(lambda: number, serviceTime: number): QueueMetrics {
  return pollaczekKhinchine('md1', 'serviceTime', lambda, serviceTime, 0);
}

function pollaczekKhinchine(
  fn: string,
  meanName: string,
  lambda: number,
  mean: number,
  variance: number,
): QueueMetrics {
  requirePositive(fn, 'lambda', lambda);
  requirePositive(fn, meanName, mean);
  const rho = lambda * mean;
  requireStable(fn, rho, `lambda*${meanName}`);
  const secondMoment = variance + mean * mean;
  const Wq = (lambda * secondMoment) / (2 * (1 - rho));
  const W = Wq + mean;
  return { rho, L: lambda * W, Lq: lambda * Wq, W, Wq };
}

// ---------------------------------------------------------------------------
// Finite-capacity queues
// ---------------------------------------------------------------------------

/**
 * M/M/1/K queue (K = maximum number in system, including the one in service).
 * Always stable; ρ = λ/μ may be any positive value.
 *
 * Stationary distribution p_n ∝ ρⁿ on n = 0..K:
 * - ρ ≠ 1: p_n = (1−ρ)ρⁿ / (1−ρ^{K+1}),
 *   L = ρ/(1−ρ) − (K+1)ρ^{K+1}/(1−ρ^{K+1});
 * - ρ = 1: p_n = 1/(K+1) (uniform), L = K/2.
 *
 * pBlock = p_K, throughput = λ(1 − pBlock) (= μ(1 − p_0)),
 * Lq = L − (1 − p_0), W = L/throughput, Wq = Lq/throughput (Little's law on
 * the effective arrival rate).
 *
 * Numerics: written in terms of u = ln(μ/λ) with expm1, and for ρ > 1 via the
 * mirror symmetry N ↦ K − N (which swaps ρ and 1/ρ), so nothing overflows
 * for large K and there is no cancellation in 1 − ρ^{K+1} near ρ = 1.
 *
 * Ref: [Kleinrock] §3.6; [GH] M/M/1/K.
 *
 * @throws RangeError unless λ, μ are finite and > 0 and K is an integer >= 1.
 */
export function mm1k(lambda: number, mu: number, K: number): FiniteQueueMetrics {
  requirePositive('mm1k', 'lambda', lambda);
  requirePositive('mm1k', 'mu', mu);
  requireInteger('mm1k', 'K', K, 1);
  const rho = lambda / mu;
  const u = log(mu / lambda); // ρ = e^{−u}
  let p0: number;
  let pBlock: number;
  let L: number;
  if (u === 0) {
    p0 = pBlock = 1 / (K + 1);
    L = K / 2;
  } else if (u > 0) {
    const g = truncatedGeometric(u, K);
    p0 = g.first;
    pBlock = g.last;
    L = g.mean;
  } else {
    const g = truncatedGeometric(-u, K); // distribution of K − N
    p0 = g.last;
    pBlock = g.first;
    L = K - g.mean;
  }
  const throughput = lambda * (1 - pBlock);
  const Lq = L - (1 - p0);
  return { rho, pBlock, L, Lq, W: L / throughput, Wq: Lq / throughput, throughput };
}

/**
 * P(N = n) ∝ e^{−u·n} on n = 0..K with u > 0: first = P(N=0), last = P(N=K),
 * mean = 1/(e^u − 1) − (K+1)/(e^{(K+1)u} − 1).
 *
 * The two mean terms are each ≈ 1/u and cancel when (K+1)·u is tiny (ρ within
 * a few ulps of 1), so there the Taylor series
 * mean = K/2 − K(K+2)·u/12 + ((K+1)⁴ − 1)·u³/720 + O(K⁶u⁵) is used instead.
 */
function truncatedGeometric(u: number, K: number): { first: number; last: number; mean: number } {
  const x = (K + 1) * u;
  const first = expm1(-u) / expm1(-x);
  const mean =
    x < 1e-3
      ? K / 2 - (K * (K + 2) * u) / 12 + ((powInt(K + 1, 4) - 1) * powInt(u, 3)) / 720
      : 1 / expm1(u) - (K + 1) / expm1(x);
  return { first, last: first * exp(-K * u), mean };
}

/**
 * M/M/c/K queue (c servers, at most K ≥ c in system). Always stable.
 *
 * Birth–death chain with birth rate λ and death rate min(n, c)·μ:
 *   p_n ∝ Π_{i=1..n} λ / (min(i, c)·μ),  n = 0..K,
 * evaluated in log space and normalised by the largest term, so c and K in the
 * thousands neither overflow nor underflow (cost O(K)).
 *
 * pBlock = p_K, throughput = λ(1 − pBlock), L = Σ n·p_n,
 * Lq = Σ max(n − c, 0)·p_n, W = L/throughput, Wq = Lq/throughput.
 * ρ = λ/(cμ) is reported as the offered load per server (may exceed 1).
 * With K = c this is the Erlang loss system M/M/c/c (pBlock = Erlang B).
 *
 * Ref: [Kleinrock] §3.1 (birth–death equilibrium), §3.7 (M/M/m/m);
 * [GH] M/M/c/K.
 *
 * @throws RangeError unless λ, μ are finite and > 0, c is an integer >= 1 and
 * K is an integer >= c.
 */
export function mmck(lambda: number, mu: number, c: number, K: number): FiniteQueueMetrics {
  requirePositive('mmck', 'lambda', lambda);
  requirePositive('mmck', 'mu', mu);
  requireInteger('mmck', 'c', c, 1);
  if (!Number.isSafeInteger(K) || K < c) {
    throw new RangeError(`mmck: K must be an integer >= c (got K = ${K}, c = ${c})`);
  }
  const logWeights = new Float64Array(K + 1);
  let maxLog = 0;
  for (let n = 1; n <= K; n++) {
    logWeights[n] = logWeights[n - 1] + log(lambda / (Math.min(n, c) * mu));
    if (logWeights[n] > maxLog) maxLog = logWeights[n];
  }
  let total = 0;
  let sumN = 0;
  let sumQueued = 0;
  for (let n = 0; n <= K; n++) {
    const w = exp(logWeights[n] - maxLog);
    total += w;
    sumN += n * w;
    if (n > c) sumQueued += (n - c) * w;
  }
  const pBlock = exp(logWeights[K] - maxLog) / total;
  const L = sumN / total;
  const Lq = sumQueued / total;
  const throughput = lambda * (1 - pBlock);
  return {
    rho: lambda / (c * mu),
    pBlock,
    L,
    Lq,
    W: L / throughput,
    Wq: Lq / throughput,
    throughput,
  };
}

// ---------------------------------------------------------------------------
// General relations
// ---------------------------------------------------------------------------

/**
 * Little's law: L = λ·W — mean number in a (stationary) system equals arrival
 * rate times mean time spent in it. Holds regardless of arrival/service
 * distributions and queue discipline; apply it to the queue alone (Lq = λ·Wq)
 * or to the whole system, with λ the rate of customers actually admitted.
 *
 * Ref: [Little] 1961; [Kleinrock] §2.1.
 *
 * @throws RangeError unless λ and W are finite and >= 0.
 */
export function littlesLaw(lambda: number, W: number): number {
  requireNonNegative('littlesLaw', 'lambda', lambda);
  requireNonNegative('littlesLaw', 'W', W);
  return lambda * W;
}

/**
 * M/M/1 response-time factor 1/(1−ρ): the "latency curve" W = (1/μ)·1/(1−ρ),
 * i.e. mean response time in units of the bare service time.
 *
 * Ref: [Kleinrock] §3.2.
 *
 * @throws RangeError unless 0 <= ρ < 1.
 */
export function mm1ResponseFactor(rho: number): number {
  if (!Number.isFinite(rho) || rho < 0 || rho >= 1) {
    throw new RangeError(`mm1ResponseFactor: rho must be a finite number in [0, 1) (got ${rho})`);
  }
  return 1 / (1 - rho);
}
