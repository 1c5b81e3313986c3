/**
 * Latency against utilisation, as pure data, for one consumer group (the one in focus; every group
 * reads every record, so each has its own ρ = input rate ÷ its capacity): its capacity, the
 * per-consumer theory curve —
 * W = (1/μ)·1/(1 − ρ) for exponential processing (M/M/1), Pollaczek–Khinchine's
 * W = E[S] + ρ·E[S]·(1 + cv²)/(2(1 − ρ)) for any other (M/G/1) — and the scenarios a "sweep ρ"
 * runs (the same topic and that group alone, at a steady Poisson rate set to ρ × its capacity,
 * without faults or rate changes). `g` is the group's index in the scenario.
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

/** The mean of a processing-time distribution (s), or null when it has none (the queue model's sweep uses it too). */
export function specMean(spec: DistributionSpec | undefined): number | null {
  if (!spec) return null;
  try {
    const m = makeDistribution(spec).mean;
    return m > 0 && Number.isFinite(m) ? m : null;
  } catch {
    return null;
  }
}

/** Mean processing time per record (s) of group `g` — of any distribution — or null when it has none. */
export function serviceMean(s: KafkaScenario, g = 0): number | null {
  return specMean(s.groups[g]?.processing.time as DistributionSpec | undefined);
}

/**
 * Worker threads per consumer when they share a batch (thread-pool or keyed processing), else 1.
 * Such a pool waits for the batch's slowest record before it polls again, so no closed form
 * describes it (it is not M/G/c): the chart shows simulated points only.
 */
export function poolThreads(s: KafkaScenario, g = 0): number {
  const group = s.groups[g];
  return group && group.processing.mode !== 'sequential' ? group.processing.threads : 1;
}

/** Records per second group `g` can apply: busy consumers × threads ÷ mean time. */
export function capacity(s: KafkaScenario, g = 0): number | null {
  const group = s.groups[g];
  const mean = serviceMean(s, g);
  if (!group || !mean) return null;
  const consumers = Math.min(group.members, s.topic.partitions);
  const threads = group.processing.mode === 'sequential' ? 1 : group.processing.threads;
  return consumers > 0 ? (consumers * threads) / mean : null;
}

/** Squared coefficient of variation of group `g`'s processing time (1 for exponential). */
export function serviceCv2(s: KafkaScenario, g = 0): number {
  const spec = s.groups[g]?.processing.time as DistributionSpec | undefined;
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

/**
 * The scenario of one sweep point for group `g`: that group alone (the sweep worker measures the
 * first group; the others share nothing with it but the topic), with its members at t = 0 and no
 * autoscaler — W against ρ of a group whose size changed with the load would match no curve.
 */
export function sweepScenario(s: KafkaScenario, rho: number, g = 0): KafkaScenario {
  const cap = capacity(s, g) ?? 0;
  const rate = rho * cap;
  const n = s.producers.length;
  return {
    ...s,
    id: `${s.id}-sweep`,
    duration: SWEEP_WARMUP + SWEEP_SECONDS,
    warmup: SWEEP_WARMUP,
    faults: [],
    groups: (s.groups[g] ? [s.groups[g]] : s.groups).map(({ autoscaler: _, ...x }) => x),
    producers: s.producers.map((p) => ({ ...p, rate: rate / n, profile: [], bursts: null, daily: null, stopAt: null, arrivals: 'poisson' as const })),
  };
}

export const kafkaSweep: SweepPlan<KafkaScenario> = {
  capacity,
  serviceMean,
  curve(s, to, n, g) {
    const mean = serviceMean(s, g);
    return mean && poolThreads(s, g) === 1 ? theoryCurve(mean, to, n, serviceCv2(s, g)) : [];
  },
  curveLabel(s, lang, g) {
    // With several groups, say whose curve it is (the one chosen in the topology).
    const whose = s.groups.length > 1 && s.groups[g] ? `${s.groups[g]['group.id']}: ` : '';
    const threads = poolThreads(s, g);
    if (threads > 1) return whose + ktranslate(lang, 'wrho.noTheory', { threads });
    const mean = fmt(lang, serviceMean(s, g), 3);
    const cv2 = serviceCv2(s, g);
    return whose + (Math.abs(cv2 - 1) < 1e-9 ? ktranslate(lang, 'wrho.theory', { mean }) : ktranslate(lang, 'wrho.theoryPK', { mean, cv2: fmt(lang, cv2, 3) }));
  },
  current(data, g) {
    const d = data as KafkaSnapshotData | null;
    // Every group reads every record: its arrival rate is the topic's input rate.
    const group = d?.summary.groups[d.groups[g]?.id ?? ''];
    return d && group ? { lambda: d.summary.lambda.mean, W: group.W.mean, hw: group.W.hw } : null;
  },
  scenarioAt: sweepScenario,
  seconds: () => SWEEP_SECONDS,
};
