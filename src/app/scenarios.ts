/**
 * The scenarios shipped in `scenarios/*.json`, validated once at start-up like any other input,
 * in teaching order with the default (M/M/1) first.
 */
import { formatError, validateScenario } from '../scenario/index.ts';
import type { StationScenario } from '../../workers/protocol.ts';

type Scenario = StationScenario;

export const DEFAULT_SCENARIO_ID = 'mm1';
const ORDER = ['mm1', 'mmc', 'md1', 'mg1-heavy', 'mm1k'];

const files = import.meta.glob<unknown>(['../../scenarios/*.json', '!../../scenarios/*.schema.json'], {
  eager: true,
  import: 'default',
});

function rank(id: string): number {
  const i = ORDER.indexOf(id);
  return i < 0 ? ORDER.length : i;
}

/** Validates raw scenario files; invalid ones are reported on the console and left out. */
export function validateAll(raw: Record<string, unknown>): Scenario[] {
  const out: Scenario[] = [];
  for (const [file, data] of Object.entries(raw)) {
    const r = validateScenario(data);
    if (r.ok) {
      // Other models (brokers) get their own pages; this one shows queueing stations.
      if (r.scenario.model === 'station') out.push(r.scenario as Scenario);
    } else console.warn(`QueueLab: skipping ${file}:\n${r.errors.map(formatError).join('\n')}`);
  }
  return out.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

export const SHIPPED: readonly Scenario[] = validateAll(files);

/** JSON with sorted keys and without `$schema` and `seed`: equal iff the scenarios differ at most in seed. */
export function scenarioShape(s: Scenario): string {
  const canon = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canon);
    if (v && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) if (k !== '$schema') o[k] = canon((v as Record<string, unknown>)[k]);
      return o;
    }
    return v;
  };
  const { seed: _seed, ...rest } = s;
  return JSON.stringify(canon(rest));
}

/** The shipped scenario `s` is a reseeded copy of, if any. */
export function shippedMatch(s: Scenario, shipped: readonly Scenario[] = SHIPPED): Scenario | undefined {
  const shape = scenarioShape(s);
  return shipped.find((x) => scenarioShape(x) === shape);
}
