/**
 * The run summary: one flat record shared by the CLI (`--json` and the table), the worker and the
 * tests. Key order is fixed, so the same scenario and seed give byte-identical JSON.
 */
import type { StationScenario } from '../../../scenario/schema.ts';
import type { StationStats } from '../../../sim/model/station/station.ts';
import type { Estimate } from '../../../sim/metrics/estimate.ts';
import { theoryFor, type Theory } from './theory.ts';
import { littleCheck, type LittleCheck } from '../../little.ts';

export interface EstimateOut {
  mean: number | null;
  /** 95 % confidence half-width (batch means); null when too few batches. */
  hw: number | null;
  batches: number;
}

export interface StationSummary {
  scenario: string;
  model: 'station';
  seed: number;
  simTime: number;
  warmup: number;
  window: number;
  events: number;
  arrivals: number;
  completed: number;
  dropped: number;
  inSystem: number;
  lambda: EstimateOut;
  throughput: EstimateOut;
  L: EstimateOut;
  Lq: EstimateOut;
  W: EstimateOut;
  Wq: EstimateOut;
  utilization: EstimateOut;
  pBlock: EstimateOut;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  /** Rate of admitted arrivals (λ less blocked ones): the λ in Little's law. */
  lambdaAdmitted: EstimateOut;
  /**
   * Little's law on the measurement window: time-average L against λ_admitted · W (W over the
   * customers who completed in the window), with their relative difference and a tolerance from
   * the two confidence intervals (hw_L + λ·hw_W + W·hw_λ).
   */
  littlesLaw: LittleCheck;
  theory: Theory | null;
  wallMs?: number;
}

export const fin = (x: number): number | null => (Number.isFinite(x) ? x : null);
export const est = (e: Estimate): EstimateOut => ({ mean: fin(e.mean), hw: fin(e.hw), batches: e.batches });

export function buildSummary(scenario: StationScenario, stats: StationStats, wallMs?: number): StationSummary {
  const lam = stats.lambdaAdmitted;
  const summary: StationSummary = {
    scenario: scenario.id,
    model: 'station',
    seed: scenario.seed,
    simTime: stats.simTime,
    warmup: scenario.warmup,
    window: stats.window,
    events: stats.events,
    arrivals: stats.arrivals,
    completed: stats.completed,
    dropped: stats.dropped,
    inSystem: stats.inSystem,
    lambda: est(stats.lambda),
    lambdaAdmitted: est(lam),
    throughput: est(stats.throughput),
    L: est(stats.L),
    Lq: est(stats.Lq),
    W: est(stats.W),
    Wq: est(stats.Wq),
    utilization: est(stats.utilization),
    pBlock: est(stats.pBlock),
    p50: fin(stats.p50),
    p90: fin(stats.p90),
    p99: fin(stats.p99),
    p999: fin(stats.p999),
    littlesLaw: littleCheck(est(stats.L), est(stats.W), est(lam), est(stats.throughput)),
    theory: theoryFor(scenario),
  };
  if (wallMs !== undefined) summary.wallMs = wallMs;
  return summary;
}
