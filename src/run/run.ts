/**
 * Runs a scenario headless through the model registry (CLI, tests, benchmarks). The worker host
 * uses the same registry entries and paces `run` itself.
 */
import type { KafkaScenario, Scenario, StationScenario } from '../scenario/schema.ts';
import type { Station } from '../sim/model/station/station.ts';
import type { KafkaModel } from '../sim/model/kafka/kafka-model.ts';
import type { LogEntry } from '../sim/model/kafka/event-log.ts';
import type { SimModel } from '../sim/model/contract.ts';
import { modelFor, type RunSummary } from './registry.ts';
import { NoProgressError } from '../sim/kernel/simulation.ts';

export { createStation } from './models/station/entry.ts';
export { createKafka } from './models/kafka/entry.ts';
export { createQueue } from './models/queue/entry.ts';
export { NoProgressError };
export type { RunSummary };

/**
 * How a command-line run reports an error its model threw: a stop the scenario itself caused
 * (simulated time stopped advancing: {@link NoProgressError}) is an input problem — exit code 2,
 * `error: <why>`, like an invalid scenario — and anything else is a bug (exit code 1).
 */
export function describeRunError(e: unknown): { code: 1 | 2; text: string } {
  if (e instanceof NoProgressError) return { code: 2, text: `error: ${e.message}` };
  return { code: 1, text: `internal error: ${e instanceof Error ? e.message : String(e)}` };
}

export type Model = SimModel<unknown>;

export function createModel(scenario: StationScenario): Station;
export function createModel(scenario: KafkaScenario): KafkaModel;
export function createModel(scenario: Scenario): Model;
export function createModel(scenario: Scenario): Model {
  return modelFor(scenario).create(scenario);
}

/** The summary of a model's current state. */
export function summarize(scenario: Scenario, model: Model, wallMs?: number): RunSummary {
  return modelFor(scenario).summary(scenario, model, wallMs) as RunSummary;
}

/**
 * Runs a scenario to its duration; `clock` (ms) times the simulation loop alone when given.
 * Throws {@link NoProgressError} when the scenario's simulated time stops advancing.
 */
export function runScenario(scenario: Scenario, clock?: () => number): RunSummary {
  return runScenarioWithLog(scenario, clock).summary;
}

/** Runs a scenario to its duration; returns the summary and the model's event log (if it keeps one). */
export function runScenarioWithLog(scenario: Scenario, clock?: () => number): { summary: RunSummary; log: LogEntry[] } {
  const entry = modelFor(scenario);
  const model = entry.create(scenario);
  const t0 = clock?.();
  model.run(scenario.duration);
  const wallMs = clock && t0 !== undefined ? Math.round((clock() - t0) * 100) / 100 : undefined;
  return { summary: entry.summary(scenario, model, wallMs) as RunSummary, log: entry.log(model) };
}
