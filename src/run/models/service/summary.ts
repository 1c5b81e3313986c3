/**
 * The dependency model's run summary (CLI `--json`, tests, every live snapshot), its theory and the
 * mapping from a validated scenario to the model's configuration. Key order is fixed (the order of
 * `ServiceSummary`), so the same scenario and seed give byte-identical JSON.
 *
 * Rates are per second since the warm-up; `offered` counts attempts that reached the service
 * (admitted or rejected by its full queue; not those the breaker refused); `amplification` =
 * attempts (all, breaker-refused included) / calls started; `wasted` = the share of server time
 * spent on attempts whose client had given up; `overloadAfter` = seconds (one-second bins wholly
 * after the latest fault ended) whose offered load exceeded the capacity; `recoveredAfter` =
 * seconds from the end of the latest fault to the start of the first 10 s window whose successes
 * are ≥ 95 % of the calls started in it (null: not recovered, or no fault); `after`: the same
 * seconds' averages; `during`: the averages of the whole seconds within the latest fault, with the
 * calls waiting for an answer (the threads or connections a real client holds);
 * `failedP50`/`failedP99`: how long a failed call took to fail; `outageEndQueue`: the queue an
 * outage left when it ended (and how much of it nobody waits for).
 */
import type { ServiceScenario } from '../../../scenario/schema.ts';
import type { ServiceConfig } from '../../../sim/model/service/config.ts';
import { ERROR_KINDS, type ErrorKind, type ServiceCounts, type ServiceModel } from '../../../sim/model/service/service-model.ts';
import { BREAKER_STATE_NAMES } from '../../../sim/model/service/resilience.ts';
import { mm1k, mmck } from '../../../theory/index.ts';
import { est, type EstimateOut } from '../station/summary.ts';

export function serviceConfig(s: ServiceScenario): ServiceConfig {
  return { horizon: s.duration, warmup: s.warmup, clients: s.clients, breaker: s.breaker, service: s.service, faults: s.faults };
}

export interface ServiceTheory {
  /** Kendall notation, e.g. "M/M/10/510". */
  model: string;
  lambda: number;
  rho: number;
  /** The service's sojourn time (queue + service) of admitted attempts, s. */
  W: number;
  Wq: number;
  /** Probability an attempt finds the queue full. */
  pBlock: number;
  throughput: number;
}

/**
 * M/M/c/K with K = concurrency + queueLimit, when the service sees a Poisson stream at a constant
 * rate that nothing else changes: no faults, no retries (they would add load that depends on the
 * answers), no breaker, no shedding, no contention, exponential service times. Client timeouts do
 * not matter: the service is never told, so it serves exactly what M/M/c/K serves.
 */
export function serviceTheory(s: ServiceScenario): ServiceTheory | null {
  const c = s.clients;
  const d = s.service;
  if (s.faults.length > 0 || c.retries > 0 || s.breaker.enabled || d.deadline !== null || d.contention > 0) return null;
  if (c.arrivals !== 'poisson' || c.profile.length > 0 || d.time.type !== 'exponential' || !(c.rate > 0)) return null;
  const mu = 1 / d.time.mean;
  const K = d.concurrency + d.queueLimit;
  const r = d.concurrency === 1 ? mm1k(c.rate, mu, K) : mmck(c.rate, mu, d.concurrency, K);
  return { model: `M/M/${d.concurrency}/${K}`, lambda: c.rate, rho: c.rate / (d.concurrency * mu), W: r.W, Wq: r.Wq, pBlock: r.pBlock, throughput: r.throughput };
}

export interface ServiceSummary {
  scenario: string;
  model: 'service';
  seed: number;
  simTime: number;
  warmup: number;
  events: number;
  /** Capacity: concurrency / (mean service time × (1 + contention)), attempts/s. */
  capacity: number;
  /** Per second since the warm-up: calls started, attempts that reached the service, retries among them, successes. */
  firstRate: number | null;
  offeredRate: number | null;
  retryRate: number | null;
  goodput: number | null;
  /** The last whole second's offered load and goodput. */
  offeredNow: number;
  goodputNow: number;
  amplification: number | null;
  /** Share of server time on abandoned attempts, 0–1. */
  wasted: number | null;
  utilization: EstimateOut;
  /** Client-visible latency of finished calls (success or give-up), and of successes, s. */
  p50: number | null;
  p99: number | null;
  okP99: number | null;
  /** Time from a call's start to its failure (timeouts, retries and backoffs included; a breaker's refusal takes 0 s), s. */
  failedP50: number | null;
  failedP99: number | null;
  /** The most calls waiting for an answer at once over the run. */
  waitingMax: number;
  /** The service's sojourn time of attempts it answered, s. */
  W: EstimateOut;
  queue: { mean: number | null; final: number; max: number };
  /** Probability an attempt that reached the service found its queue full. */
  pBlock: number | null;
  errors: Record<ErrorKind, number>;
  calls: { started: number; succeeded: number; failed: number };
  breaker: { state: string; opened: number };
  triggerEnd: number | null;
  overloadAfter: number | null;
  recoveredAfter: number | null;
  /** Per second over the whole seconds after the latest fault ended: calls started, attempts offered, successes (null: none yet). */
  after: { seconds: number; calls: number; offered: number; goodput: number } | null;
  /** Per second over the whole seconds within the latest fault: calls started, attempts offered, successes, calls waiting (mean) (null: none yet). */
  during: { seconds: number; calls: number; offered: number; goodput: number; waiting: number } | null;
  /** What the last outage left at the service when it ended: requests queued or in service, and those among them whose clients had given up (null: no outage has ended). */
  outageEndQueue: { requests: number; abandoned: number } | null;
  counts: ServiceCounts;
  theory: ServiceTheory | null;
  wallMs?: number;
}

const rate = (x: number, secs: number): number | null => (secs > 0 ? x / secs : null);
const q = (h: { total: number; quantile(p: number): number }, p: number): number | null => (h.total > 0 ? h.quantile(p) : null);

export function buildServiceSummary(s: ServiceScenario, m: ServiceModel, wallMs?: number): ServiceSummary {
  const now = m.sim.now;
  const st = m.stats;
  const secs = now - st.since;
  const errors = {} as Record<ErrorKind, number>;
  for (const k of ERROR_KINDS) errors[k] = m.errors[k];
  const util = m.busyL.estimate(now);
  const scale = (e: EstimateOut): EstimateOut => ({ mean: e.mean === null ? null : e.mean / s.service.concurrency, hw: e.hw === null ? null : e.hw / s.service.concurrency, batches: e.batches });
  const out: ServiceSummary = {
    scenario: s.id,
    model: 'service',
    seed: s.seed,
    simTime: now,
    warmup: s.warmup,
    events: m.sim.events,
    capacity: m.capacity,
    firstRate: rate(st.firsts, secs),
    offeredRate: rate(st.offered, secs),
    retryRate: rate(st.retries, secs),
    goodput: rate(st.succeeded, secs),
    offeredNow: m.offeredNow,
    goodputNow: m.goodputNow,
    amplification: st.firsts > 0 ? st.sent / st.firsts : null,
    wasted: st.busy > 0 ? st.wasted / st.busy : null,
    utilization: scale(est(util)),
    p50: q(m.latency, 0.5),
    p99: q(m.latency, 0.99),
    okP99: q(m.okLatency, 0.99),
    failedP50: q(m.failLatency, 0.5),
    failedP99: q(m.failLatency, 0.99),
    waitingMax: m.waitingMax,
    W: est(m.W.estimate()),
    queue: { mean: secs > 0 ? m.queueL.mean(now) : null, final: m.queueLength(), max: m.queueMax },
    pBlock: st.offered > 0 ? m.errors.rejected / st.offered : null,
    errors,
    calls: { started: st.firsts, succeeded: st.succeeded, failed: st.failed },
    breaker: { state: BREAKER_STATE_NAMES[m.breaker.state], opened: m.breaker.opened },
    triggerEnd: m.triggerEnd,
    overloadAfter: m.triggerEnd === null ? null : m.overloadAfter,
    recoveredAfter: m.recoveredAfter,
    after: m.post.seconds > 0 ? { seconds: m.post.seconds, calls: m.post.firsts / m.post.seconds, offered: m.post.offered / m.post.seconds, goodput: m.post.goodput / m.post.seconds } : null,
    during: m.during.seconds > 0 ? { seconds: m.during.seconds, calls: m.during.firsts / m.during.seconds, offered: m.during.offered / m.during.seconds, goodput: m.during.goodput / m.during.seconds, waiting: m.during.waited / m.during.seconds } : null,
    outageEndQueue: m.outageEndQueue,
    counts: { ...m.n },
    theory: serviceTheory(s),
  };
  if (wallMs !== undefined) out.wallMs = wallMs;
  return out;
}
