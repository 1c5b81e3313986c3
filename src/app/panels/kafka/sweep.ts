/**
 * Latency against utilisation, as pure data: a group's capacity, the per-consumer theory curve —
 * W = (1/μ)·1/(1 − ρ) for exponential processing (M/M/1), Pollaczek–Khinchine's
 * W = E[S] + ρ·E[S]·(1 + cv²)/(2(1 − ρ)) for any other (M/G/1) — and the scenarios a "sweep ρ"
 * runs (the same setup at a steady Poisson rate set to ρ × capacity, without faults or rate changes).
 */
import type { KafkaScenario } from '../../../scenario/index.ts';
import { makeDistribution, type DistributionSpec } from '../../../sim/kernel/distributions.ts';
import type { SweepPlan } from '../../registry.ts';
import type { KafkaSnapshotData } from '../../../run/models/kafka/snapshot.ts';
import { fmt } from '../../format.ts';
import { ktranslate } from './text.ts';

/** Simulated seconds per sweep run (after its warm-up). */
export const SWEEP_SECONDS = 600;
export const SWEEP_WARMUP = 60;

/** Mean processing time per record (s) of the first group — of any distribution — or null when it has none. */
export function serviceMean(s: KafkaScenario): number | null {
  const spec = s.groups[0]?.processing.time as DistributionSpec | undefined;
  if (!spec) return null;
  try {
    const m = makeDistribution(spec).mean;
    return m > 0 && Number.isFinite(m) ? m : null;
  } catch {
    return null;
  }
}

/**
 * Worker threads per consumer when they share a batch (thread-pool or keyed processing), else 1.
 * Such a pool waits for the batch's slowest record before it polls again, so no closed form
 * describes it (it is not M/G/c): the chart shows simulated points only.
 */
export function poolThreads(s: KafkaScenario): number {
  const g = s.groups[0];
  return g && g.processing.mode !== 'sequential' ? g.processing.threads : 1;
}

/** Records per second the first group can apply: busy consumers × threads ÷ mean time. */
export function capacity(s: KafkaScenario): number | null {
  const g = s.groups[0];
  const mean = serviceMean(s);
  if (!g || !mean) return null;
  const consumers = Math.min(g.members, s.topic.partitions);
  const threads = g.processing.mode === 'sequential' ? 1 : g.processing.threads;
  return consumers > 0 ? (consumers * threads) / mean : null;
}

/** Squared coefficient of variation of the first group's processing time (1 for exponential). */
export function serviceCv2(s: KafkaScenario): number {
  const spec = s.groups[0]?.processing.time as DistributionSpec | undefined;
  if (!spec) return 1;
  try {
    const d = makeDistribution(spec);
    return d.mean > 0 && Number.isFinite(d.variance) ? d.variance / (d.mean * d.mean) : 1;
  } catch {
    return 1;
  }
}

/** The theory curve W(ρ) in seconds, from ρ = 0 to `to`: M/M/1 when cv² = 1, else M/G/1 (P–K). */
export function theoryCurve(mean: number, to = 0.97, n = 80, cv2 = 1): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i <= n; i++) {
    const rho = (to * i) / n;
    out.push([rho, mean + (rho * mean * (1 + cv2)) / (2 * (1 - rho))]);
  }
  return out;
}

/** The scenario of one sweep point. */
export function sweepScenario(s: KafkaScenario, rho: number): KafkaScenario {
  const cap = capacity(s) ?? 0;
  const rate = rho * cap;
  const n = s.producers.length;
  return {
    ...s,
    id: `${s.id}-sweep`,
    duration: SWEEP_WARMUP + SWEEP_SECONDS,
    warmup: SWEEP_WARMUP,
    faults: [],
    producers: s.producers.map((p) => ({ ...p, rate: rate / n, profile: [], bursts: null, daily: null, stopAt: null, arrivals: 'poisson' as const })),
  };
}

export const kafkaSweep: SweepPlan<KafkaScenario> = {
  capacity,
  serviceMean,
  curve(s, to, n) {
    const mean = serviceMean(s);
    return mean && poolThreads(s) === 1 ? theoryCurve(mean, to, n, serviceCv2(s)) : [];
  },
  curveLabel(s, lang) {
    const threads = poolThreads(s);
    if (threads > 1) return ktranslate(lang, 'wrho.noTheory', { threads });
    const mean = fmt(lang, serviceMean(s), 3);
    const cv2 = serviceCv2(s);
    return Math.abs(cv2 - 1) < 1e-9 ? ktranslate(lang, 'wrho.theory', { mean }) : ktranslate(lang, 'wrho.theoryPK', { mean, cv2: fmt(lang, cv2, 3) });
  },
  current(data) {
    const s = (data as KafkaSnapshotData | null)?.summary;
    return s ? { lambda: s.lambda.mean, W: s.W.mean, hw: s.W.hw } : null;
  },
  scenarioAt: sweepScenario,
  seconds: () => SWEEP_SECONDS,
};
