/**
 * Latency against utilisation for a queueing station: capacity c/E[S], the closed form's W at each
 * ρ (M/M/c, M/M/c/K, M/D/1, M/G/1 — whichever applies to the same servers and service), and the
 * sweep's scenarios (the same station at a steady Poisson rate ρ × capacity).
 */
import type { StationScenario } from '../../../scenario/index.ts';
import type { StationData } from '../../../run/models/station/snapshot.ts';
import { theoryFor } from '../../../run/models/station/theory.ts';
import { makeDistribution } from '../../../sim/kernel/distributions.ts';
import type { SweepPlan } from '../../registry.ts';
import { fmt } from '../../format.ts';
import { stranslate } from './text.ts';

/** A sweep run lasts this many mean service times after a warm-up of WARMUP_SERVICES of them. */
export const SWEEP_SERVICES = 100_000;
export const WARMUP_SERVICES = 2_000;

export function serviceMean(s: StationScenario): number | null {
  try {
    const m = makeDistribution(s.service).mean;
    return m > 0 && Number.isFinite(m) ? m : null;
  } catch {
    return null;
  }
}

export function capacity(s: StationScenario): number | null {
  const mean = serviceMean(s);
  return mean ? s.servers / mean : null;
}

export function sweepScenario(s: StationScenario, rho: number): StationScenario {
  const mean = serviceMean(s) ?? 1;
  return {
    ...s,
    id: `${s.id}-sweep`,
    duration: (WARMUP_SERVICES + SWEEP_SERVICES) * mean,
    warmup: WARMUP_SERVICES * mean,
    arrival: { rate: rho * (capacity(s) ?? 0), shape: { type: 'exponential' }, profile: [] },
  };
}

export const stationSweep: SweepPlan<StationScenario> = {
  capacity,
  serviceMean,
  curve(s, to, n) {
    const out: [number, number][] = [];
    for (let i = 0; i <= n; i++) {
      const rho = (to * i) / n;
      const th = theoryFor(sweepScenario(s, rho));
      if (th && Number.isFinite(th.W)) out.push([rho, th.W]);
    }
    return out.length > 1 ? out : [];
  },
  curveLabel(s, lang) {
    const th = theoryFor(sweepScenario(s, 0.5));
    return stranslate(lang, 'wrho.theory', { model: th?.model ?? '—', mean: fmt(lang, serviceMean(s), 3) });
  },
  current(data) {
    const r = (data as StationData | null)?.summary;
    return r ? { lambda: r.lambda.mean, W: r.W.mean, hw: r.W.hw } : null;
  },
  scenarioAt: sweepScenario,
  seconds: (s) => SWEEP_SERVICES * (serviceMean(s) ?? 1),
};
