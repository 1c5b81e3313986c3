/**
 * Builds the model a scenario describes and runs it headless (CLI, tests, benchmarks). The worker
 * uses `createModel` and paces `run` itself.
 */
import type { Scenario } from '../scenario/schema.ts';
import { Station } from '../sim/model/station.ts';
import { buildSummary, type RunSummary } from './summary.ts';

export type Model = Station;

export function createModel(scenario: Scenario): Model {
  return new Station(
    {
      arrival: scenario.arrival,
      service: scenario.service,
      servers: scenario.servers,
      capacity: scenario.capacity,
      warmup: scenario.warmup,
    },
    scenario.seed,
  );
}

/** Runs a scenario to its duration; `clock` (ms) times the simulation loop alone when given. */
export function runScenario(scenario: Scenario, clock?: () => number): RunSummary {
  const model = createModel(scenario);
  const t0 = clock?.();
  model.run(scenario.duration);
  const wallMs = clock && t0 !== undefined ? Math.round((clock() - t0) * 100) / 100 : undefined;
  return buildSummary(scenario, model.stats(), wallMs);
}
