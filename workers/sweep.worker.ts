/**
 * One sweep worker: runs a whole scenario of any kind headless and answers with the few numbers
 * the latency-vs-utilisation chart needs (the registry entry's `sweepPoint`). Several of these
 * form the pool the page uses for "sweep ρ"; `item` runs one run of a sweep of any setting.
 */
import * as Comlink from 'comlink';
import { modelFor } from '../src/run/registry.ts';
import { formatError, validateScenario } from '../src/scenario/index.ts';
import { aggregate, aggregatePoint, headerOf, runItem, sweepCsv, sweepScenario, type SweepHeader, type SweepPointResult, type SweepRun, type SweepSpec } from '../src/run/sweep.ts';
import { costOf } from '../src/scenario/budget.ts';
import type { Scenario } from '../src/scenario/schema.ts';
import type { ItemResult, PlanResult, SweepResult as RhoResult } from './sweepProtocol.ts';
import type { SweepResult } from '../src/run/sweep-aggregate.ts';

const api = {
  run(raw: unknown, rho: number): RhoResult {
    const r = validateScenario(raw);
    if (!r.ok) return { ok: false, rho, error: r.errors.map(formatError).join('\n') };
    try {
      const entry = modelFor(r.scenario);
      const m = entry.create(r.scenario);
      m.run(r.scenario.duration);
      return { ok: true, rho, ...entry.sweepPoint(entry.summary(r.scenario, m)) };
    } catch (e) {
      return { ok: false, rho, error: e instanceof Error ? e.message : String(e) };
    }
  },
  /**
   * A sweep of any setting before it runs: its header (the values, the metrics) and the events its
   * runs will take by the budget's estimate, or — every value checked first, as the CLI does — the
   * errors of the first value that is not a valid scenario.
   */
  plan(base: Scenario, spec: SweepSpec): PlanResult {
    try {
      const header = headerOf(base, spec);
      let events = 0;
      let bytes = 0;
      for (const v of header.values) {
        const r = sweepScenario(base, spec.param, v, base.seed);
        if (!r.ok) return { ok: false, errors: r.errors.map(formatError) };
        const c = costOf(r.scenario);
        events += c.events * spec.reps;
        bytes = Math.max(bytes, c.bytes);
      }
      return { ok: true, header, events, bytes };
    } catch (e) {
      return { ok: false, errors: [e instanceof Error ? e.message : String(e)] };
    }
  },
  /** Point `p`'s means and intervals from its replications' runs (the page's thread keeps no statistics code). */
  point(header: SweepHeader, p: number, runs: SweepRun[]): SweepPointResult {
    const byItem = new Map(runs.map((r) => [r.item, r]));
    return aggregatePoint(header, p, (k) => byItem.get(k)!);
  },
  /** The whole sweep from every run: the object `npm run sweep -- --json` prints, and its CSV. */
  result(header: SweepHeader, runs: SweepRun[]): { result: SweepResult; csv: string } {
    const result = aggregate(header, runs);
    return { result, csv: sweepCsv(result) };
  },
  /** One run (point × replication) of a sweep of any setting, exactly as `npm run sweep` runs it (src/run/sweep.ts). */
  item(base: Scenario, header: SweepHeader, item: number): ItemResult {
    try {
      const at = (value: number, seed: number) => {
        const r = sweepScenario(base, header.param, value, seed);
        if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
        return r.scenario;
      };
      return { ok: true, run: runItem(header, item, at) };
    } catch (e) {
      return { ok: false, item, error: e instanceof Error ? e.message : String(e) };
    }
  },
};

export type SweepWorkerApi = typeof api;

Comlink.expose(api);
