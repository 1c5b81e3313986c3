/**
 * One sweep worker: runs a whole scenario of any kind headless and answers with the few numbers
 * the latency-vs-utilisation chart needs (the registry entry's `sweepPoint`). Several of these
 * form the pool the page uses for "sweep ρ".
 */
import * as Comlink from 'comlink';
import { modelFor } from '../src/run/registry.ts';
import { formatError, validateScenario } from '../src/scenario/index.ts';
import type { SweepResult } from './sweepProtocol.ts';

const api = {
  run(raw: unknown, rho: number): SweepResult {
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
};

export type SweepWorkerApi = typeof api;

Comlink.expose(api);
