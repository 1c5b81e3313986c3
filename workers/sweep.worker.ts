/**
 * One sweep worker: runs a whole scenario headless and answers with the few numbers the
 * latency-vs-utilisation chart needs. Several of these form the pool the page uses for "sweep ρ".
 */
import * as Comlink from 'comlink';
import { createKafka, summarize } from '../src/run/run.ts';
import { formatError, validateScenario } from '../src/scenario/index.ts';
import type { KafkaSummary } from '../src/run/kafka-summary.ts';
import type { SweepResult } from './sweepProtocol.ts';

const api = {
  run(raw: unknown, rho: number): SweepResult {
    const r = validateScenario(raw);
    if (!r.ok) return { ok: false, rho, error: r.errors.map(formatError).join('\n') };
    if (r.scenario.model !== 'kafka') return { ok: false, rho, error: 'not a Kafka scenario' };
    try {
      const m = createKafka(r.scenario);
      m.run(r.scenario.duration);
      const s = summarize(r.scenario, m) as KafkaSummary;
      const u = Object.values(Object.values(s.groups)[0]?.utilization ?? {}).filter((x): x is number => typeof x === 'number' && x > 0);
      return {
        ok: true,
        rho,
        lambda: s.lambda.mean,
        W: s.W.mean,
        hw: s.W.hw,
        busy: u.length > 0 ? u.reduce((a, b) => a + b, 0) / u.length : null,
      };
    } catch (e) {
      return { ok: false, rho, error: e instanceof Error ? e.message : String(e) };
    }
  },
};

export type SweepWorkerApi = typeof api;

Comlink.expose(api);
