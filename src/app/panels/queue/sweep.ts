/**
 * Latency against utilisation for one consumer pool of the queue (the focus; a lone pool in the
 * sweep's runs): its capacity c·μ, the M/M/c (Erlang C) curve when its processing time is
 * exponential — one shared queue, c consumers — and the scenarios a "sweep ρ" runs: the same queue
 * and pool at a steady Poisson rate ρ × capacity, without faults or rate changes. The simulated
 * points include what the closed form leaves out (round trips, batches, prefetch), so the gap
 * between them and the curve is the cost of the protocol.
 */
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueData } from '../../../run/models/queue/data.ts';
import type { DistributionSpec } from '../../../sim/kernel/distributions.ts';
import { specMean } from '../kafka/sweep.ts';
import { mmc } from '../../../theory/queues.ts';
import type { SweepPlan } from '../../registry.ts';
import { fmt } from '../../format.ts';
import { qtranslate } from './text.ts';

/** A sweep run processes about this many messages per consumer at ρ = 1 (at least 600 s, at most 10 h). */
export const SWEEP_MESSAGES = 5_000;

const pool = (s: QueueScenario, p: number) => s.consumers[Math.min(Math.max(0, p), s.consumers.length - 1)];

/** Mean processing time per message (s) of pool `p`, or null. */
export function serviceMean(s: QueueScenario, p = 0): number | null {
  return specMean(pool(s, p)?.processing.time as DistributionSpec | undefined);
}

/** Messages per second pool `p` can process: consumers ÷ mean time. */
export function capacity(s: QueueScenario, p = 0): number | null {
  const c = pool(s, p)?.count ?? 0;
  const mean = serviceMean(s, p);
  return c > 0 && mean ? c / mean : null;
}

/** W(ρ) of M/M/c from ρ = 0 to `to` (n + 1 points): 1/μ at ρ = 0, Erlang C above. */
export function mmcCurve(c: number, mean: number, to = 0.97, n = 80): [number, number][] {
  const mu = 1 / mean;
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const rho = (to * i) / n;
    out.push([rho, rho <= 0 ? mean : mmc(rho * c * mu, mu, c).W]);
  }
  return out;
}

export function sweepSeconds(s: QueueScenario, p = 0): number {
  const mean = serviceMean(s, p) ?? 1;
  return Math.min(36_000, Math.max(600, SWEEP_MESSAGES * mean));
}

export function sweepScenario(s: QueueScenario, rho: number, p = 0): QueueScenario {
  const rate = rho * (capacity(s, p) ?? 0);
  const n = s.producers.length;
  const seconds = sweepSeconds(s, p);
  const warmup = Math.max(60, seconds * 0.1);
  const only = pool(s, p);
  return {
    ...s,
    id: `${s.id}-sweep`,
    duration: warmup + seconds,
    warmup,
    faults: [],
    consumers: only ? [only] : s.consumers,
    producers: s.producers.map((x) => ({ ...x, rate: rate / n, profile: [], bursts: null, daily: null, stopAt: null, arrivals: 'poisson' as const })),
  };
}

const isExponential = (s: QueueScenario, p: number) => pool(s, p)?.processing.time.type === 'exponential';

export const queueSweep: SweepPlan<QueueScenario> = {
  capacity,
  serviceMean,
  curve(s, to, n, p) {
    const mean = serviceMean(s, p);
    const c = pool(s, p)?.count ?? 0;
    return mean && c > 0 && isExponential(s, p) ? mmcCurve(c, mean, to, n) : [];
  },
  curveLabel(s, lang, p) {
    const x = pool(s, p);
    if (!x || x.count === 0) return qtranslate(lang, 'wrho.noPool');
    const whose = s.consumers.length > 1 ? `${x.name}: ` : '';
    if (!isExponential(s, p)) return whose + qtranslate(lang, 'wrho.noTheory', { type: x.processing.time.type });
    return whose + qtranslate(lang, 'wrho.theory', { c: x.count, mean: fmt(lang, serviceMean(s, p), 3) });
  },
  reference(s, to, n, p, lang) {
    const mean = serviceMean(s, p);
    const c = pool(s, p)?.count ?? 0;
    if (!mean || c < 2 || !isExponential(s, p)) return null;
    // The same load over c partitions with one consumer each: c separate M/M/1 queues at the same ρ.
    return { label: qtranslate(lang, 'wrho.partitioned', { c }), points: mmcCurve(1, mean, to, n) };
  },
  current(data) {
    const d = data as QueueData | null;
    return d ? { lambda: d.summary.lambda.mean, W: d.summary.W.mean, hw: d.summary.W.hw } : null;
  },
  scenarioAt: sweepScenario,
  seconds: (s) => sweepSeconds(s),
};
