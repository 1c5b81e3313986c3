/**
 * A sweep with replications: one numeric setting varied over a range, R runs per point, each point
 * the mean of every headline metric across its runs with a 95 % confidence interval (Student's t
 * with R − 1 degrees of freedom over the independent replications).
 *
 * Replication r of every point runs on seed `seed + r` (common random numbers: the points differ by
 * the setting, not by luck), so a sweep is a pure function of the scenario, the parameter, its
 * values and R. It splits into work items (point × replication, numbered point-major) that any
 * number of processes can run: shard i of n runs the items whose number is i modulo n, and
 * {@link aggregate} of the union of the shards' runs is the same, to the bit, as one process's —
 * the merge checks that every item is there exactly once and that all shards ran the same sweep.
 *
 * No I/O here: the CLI (`npm run sweep`, src/cli/sweep.ts) reads the input and writes the output.
 */
import { modelFor } from './registry.ts';
import { runScenario } from './run.ts';
import { headlineOf } from './headline.ts';
import type { SweepHeader, SweepRun } from './sweep-aggregate.ts';
import type { Scenario } from '../scenario/schema.ts';
import { crc32 } from '../scenario/share.ts';
import { applyOverride, OverrideError, parseOverride } from '../scenario/set-path.ts';
import { validateScenario, type ValidationResult } from '../scenario/validate.ts';
import pkg from '../../package.json' with { type: 'json' };

export { aggregate, aggregatePoint, sweepCsv, type SweepHeader, type SweepPointResult, type SweepResult, type SweepRun } from './sweep-aggregate.ts';

/** Most points of one sweep. */
export const MAX_POINTS = 1000;
/** Most replications per point. */
export const MAX_REPS = 1000;
/** Most runs of one sweep (points × replications), before each run's own budget. */
export const MAX_RUNS = 100_000;

export interface SweepSpec {
  /** The setting varied, as a dotted path (`arrival.rate`, `groups.0.members`). */
  param: string;
  from: number;
  to: number;
  /** Number of points, evenly spaced from `from` to `to` (both included). */
  steps: number;
  /** Replications per point. */
  reps: number;
}

/** The points of a sweep: `steps` values evenly spaced from `from` to `to`. */
export function sweepValues(spec: Pick<SweepSpec, 'from' | 'to' | 'steps'>): number[] {
  if (spec.steps === 1) return [spec.from];
  // Each value computed from the ends (no accumulated step), and the last one exactly `to`.
  return Array.from({ length: spec.steps }, (_, i) => (i === spec.steps - 1 ? spec.to : spec.from + ((spec.to - spec.from) * i) / (spec.steps - 1)));
}

/** Why a sweep's shape cannot run (the option named), or null. */
export function specError(spec: SweepSpec): string | null {
  const { from, to, steps, reps } = spec;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return `--param ${spec.param}: from and to must be finite numbers`;
  if (!Number.isInteger(steps) || steps < 1 || steps > MAX_POINTS) return `--param ${spec.param}: steps must be an integer in [1, ${MAX_POINTS}] (got ${steps})`;
  if (steps === 1 && from !== to) return `--param ${spec.param}: one step needs from = to`;
  if (!Number.isInteger(reps) || reps < 1 || reps > MAX_REPS) return `--reps must be an integer in [1, ${MAX_REPS}] (got ${reps})`;
  if (steps * reps > MAX_RUNS) return `--param ${spec.param} × --reps asks for ${(steps * reps).toLocaleString('en-US')} runs; at most ${MAX_RUNS.toLocaleString('en-US')}: lower steps or --reps`;
  if (spec.param === 'seed') return '--param seed: the replications choose the seeds (seed + r); vary another setting';
  return null;
}

/** The item numbers shard `i` of `n` runs (all of them when there is no shard). */
export function shardItems(total: number, shard: { i: number; n: number } | null): number[] {
  const items: number[] = [];
  for (let k = shard ? shard.i : 0; k < total; k += shard ? shard.n : 1) items.push(k);
  return items;
}

const SEEDS = 4294967296;

export function headerOf(base: Scenario, spec: SweepSpec): SweepHeader {
  const entry = modelFor(base);
  return {
    version: pkg.version,
    scenario: base.id,
    model: base.model,
    title: base.title,
    fingerprint: crc32(JSON.stringify(base)).toString(16).padStart(8, '0'),
    seed: base.seed,
    param: spec.param,
    values: sweepValues(spec),
    reps: spec.reps,
    metrics: entry.headline.map((m) => ({ id: m.id, label: m.label.en, unit: m.unit })),
  };
}

/**
 * The scenario of one run of a sweep: `base` with the setting `param` at `value` and the seed
 * `seed`, validated like any input; the errors say at which value (`… (at arrival.rate = 1.2)`).
 * The CLI and the page's sweep both build their runs with it, so they run the same scenarios.
 */
export function sweepScenario(base: Scenario, param: string, value: number, seed: number): ValidationResult {
  let raw: unknown;
  try {
    raw = applyOverride(applyOverride(base, { path: parseOverride(`${param}=0`).path, value }), { path: ['seed'], value: seed });
  } catch (e) {
    if (e instanceof OverrideError || e instanceof SyntaxError) return { ok: false, errors: [{ path: param, message: e instanceof OverrideError ? e.reason : e.message }] };
    throw e;
  }
  const r = validateScenario(raw);
  return r.ok ? r : { ok: false, errors: r.errors.map((x) => ({ ...x, message: `${x.message} (at ${param} = ${value})` })) };
}

/** Runs one item of a sweep (throws what the run throws: a NoProgressError for a stuck point). */
export function runItem(header: SweepHeader, item: number, scenarioOf: (value: number, seed: number) => Scenario): SweepRun {
  const point = Math.floor(item / header.reps);
  const rep = item % header.reps;
  const seed = (header.seed + rep) % SEEDS;
  const s = scenarioOf(header.values[point], seed);
  const summary = runScenario(s);
  return { item, seed, metrics: headlineOf(modelFor(s).headline, summary).map((h) => h.value) };
}

/** Why a set of runs is not exactly one sweep's items, or null. */
export function coverageError(header: SweepHeader, runs: readonly SweepRun[]): string | null {
  const total = header.values.length * header.reps;
  const seen = new Uint8Array(total);
  for (const r of runs) {
    if (!Number.isInteger(r.item) || r.item < 0 || r.item >= total) return `run ${r.item} is not an item of this sweep (0 … ${total - 1})`;
    if (seen[r.item]) return `run ${r.item} is there twice (two shards overlap)`;
    if (r.metrics.length !== header.metrics.length) return `run ${r.item} has ${r.metrics.length} metrics, the sweep ${header.metrics.length}`;
    seen[r.item] = 1;
  }
  const missing = seen.indexOf(0);
  if (missing >= 0) {
    const n = seen.reduce((a, x) => a + (x ? 0 : 1), 0);
    return `${n.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} runs are missing (the first: item ${missing}, point ${Math.floor(missing / header.reps)}, replication ${missing % header.reps}): merge every shard`;
  }
  return null;
}
