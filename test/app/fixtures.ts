import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateScenario } from '../../src/scenario/index.ts';
import { modelFor, type ModelEntry } from '../../src/run/registry.ts';
import type { SimModel } from '../../src/sim/model/contract.ts';
import type { Scenario as AnyScenario, StationScenario as Scenario } from '../../src/scenario/index.ts';

function load(id: string): Scenario {
  const path = fileURLToPath(new URL(`../../scenarios/${id}.json`, import.meta.url));
  const r = validateScenario(JSON.parse(readFileSync(path, 'utf8')));
  if (!r.ok || r.scenario.model !== 'station') throw new Error(`scenarios/${id}.json is not a valid station scenario`);
  return r.scenario as Scenario;
}

export const SHIPPED_FOR_TEST = {
  mm1: load('mm1'),
  mmc: load('mmc'),
  mm1k: load('mm1k'),
};

/** Every shipped scenario (`scenarios/*.json`), validated, in file order. */
export function allShipped(): AnyScenario[] {
  return readdirSync(fileURLToPath(new URL('../../scenarios/', import.meta.url)))
    .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
    .sort()
    .map((f) => {
      const r = validateScenario(JSON.parse(readFileSync(fileURLToPath(new URL(`../../scenarios/${f}`, import.meta.url)), 'utf8')));
      if (!r.ok) throw new Error(`scenarios/${f} is not valid`);
      return r.scenario;
    });
}

/**
 * Runs a scenario to its end through its model's live view, as the worker does (stopping at every
 * sample). Pass the model's own entry to keep its types (its model, its snapshot data).
 */
export function liveToEnd<S extends AnyScenario, M extends SimModel<F>, Sum, D, F>(s: S, entry: ModelEntry<S, M, Sum, D, F> = modelFor(s) as ModelEntry<S, M, Sum, D, F>) {
  const model = entry.create(s);
  const view = entry.live(s, model);
  while (model.sim.now < s.duration) {
    model.run(Math.min(s.duration, view.next));
    view.sample();
  }
  return { entry, model, view };
}
