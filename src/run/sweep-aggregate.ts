/**
 * A sweep's results from its runs: what a shard and a merged sweep say about themselves, the mean
 * and 95 % interval of every headline metric at each point, and the CSV. No model code here, so
 * the page's sweep view loads it without the simulator (its runs happen in workers).
 */
import { tQuantile } from '../sim/metrics/quantiles.ts';
import type { MetricUnit } from './headline.ts';

/** What every shard and the merged result say about the sweep they belong to. */
export interface SweepHeader {
  /** The QueueLab version that ran it: a model's numbers may change between versions. */
  version: string;
  scenario: string;
  model: string;
  title: string;
  /** CRC-32 (hex) of the whole scenario swept, every default filled in: shards of another scenario do not merge. */
  fingerprint: string;
  /** Seed of replication 0; replication r runs on seed + r. */
  seed: number;
  param: string;
  values: number[];
  reps: number;
  metrics: { id: string; label: string; unit: MetricUnit }[];
}

/** One run of a sweep: item `item` = point × reps + rep, and its headline metrics (by the header's order). */
export interface SweepRun {
  item: number;
  seed: number;
  metrics: (number | null)[];
}

export interface SweepPointResult {
  value: number;
  /** Per metric id: the mean over the replications that have a value, its 95 % half-width (null for fewer than 2) and how many had one. */
  metrics: Record<string, { mean: number | null; hw: number | null; n: number }>;
}

export interface SweepResult {
  sweep: SweepHeader;
  points: SweepPointResult[];
}

/** Means and 95 % confidence intervals per point from every run of the sweep (in any order). */
export function aggregate(header: SweepHeader, runs: readonly SweepRun[]): SweepResult {
  const byItem = [...runs].sort((a, b) => a.item - b.item);
  return { sweep: header, points: header.values.map((_, p) => aggregatePoint(header, p, (item) => byItem[item])) };
}

/** Point `p`'s means and intervals from its replications (`runOf(item)`, every one of them there): a page shows a point as soon as its runs are in. */
export function aggregatePoint(header: SweepHeader, p: number, runOf: (item: number) => SweepRun): SweepPointResult {
  const metrics: SweepPointResult['metrics'] = {};
  header.metrics.forEach((m, j) => {
    // In replication order, so the sums are the same whichever shard ran what.
    const xs: number[] = [];
    for (let r = 0; r < header.reps; r++) {
      const x = runOf(p * header.reps + r).metrics[j];
      if (x !== null) xs.push(x);
    }
    metrics[m.id] = meanCI(xs);
  });
  return { value: header.values[p], metrics };
}

function meanCI(xs: number[]): { mean: number | null; hw: number | null; n: number } {
  const n = xs.length;
  if (n === 0) return { mean: null, hw: null, n };
  let sum = 0;
  for (const x of xs) sum += x;
  const mean = sum / n;
  if (n < 2) return { mean, hw: null, n };
  let ss = 0;
  for (const x of xs) ss += (x - mean) * (x - mean);
  const sd = Math.sqrt(ss / (n - 1));
  return { mean, hw: (tQuantile(0.975, n - 1) * sd) / Math.sqrt(n), n };
}

/** The result as CSV: one row per point and metric. */
export function sweepCsv(result: SweepResult): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const rows = ['scenario,param,value,metric,unit,n,mean,ci95_halfwidth'];
  for (const p of result.points) {
    for (const m of result.sweep.metrics) {
      const v = p.metrics[m.id];
      rows.push([q(result.sweep.scenario), q(result.sweep.param), p.value, m.id, m.unit, v.n, v.mean ?? '', v.hw ?? ''].join(','));
    }
  }
  return `${rows.join('\n')}\n`;
}
