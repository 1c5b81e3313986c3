/**
 * Builds the model a scenario describes and runs it headless (CLI, tests, benchmarks). The worker
 * uses `createModel` and paces `run` itself.
 */
import type { KafkaScenario, Scenario, StationScenario } from '../scenario/schema.ts';
import { Station } from '../sim/model/station.ts';
import { KafkaModel } from '../sim/model/kafka/kafka-model.ts';
import type { LogEntry } from '../sim/model/kafka/event-log.ts';
import { buildSummary, type StationSummary } from './summary.ts';
import { buildKafkaSummary, kafkaConfig, type KafkaSummary } from './kafka-summary.ts';

export type Model = Station | KafkaModel;
export type RunSummary = StationSummary | KafkaSummary;

export function createStation(scenario: StationScenario): Station {
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

export function createKafka(scenario: KafkaScenario): KafkaModel {
  return new KafkaModel(kafkaConfig(scenario), scenario.seed);
}

export function createModel(scenario: StationScenario): Station;
export function createModel(scenario: KafkaScenario): KafkaModel;
export function createModel(scenario: Scenario): Model;
export function createModel(scenario: Scenario): Model {
  return scenario.model === 'station' ? createStation(scenario) : createKafka(scenario);
}

/** The summary of a model's current state. */
export function summarize(scenario: Scenario, model: Model, wallMs?: number): RunSummary {
  if (scenario.model === 'station') return buildSummary(scenario, (model as Station).stats(), wallMs);
  return buildKafkaSummary(scenario, model as KafkaModel, wallMs);
}

/**
 * Runs a scenario to its duration; `clock` (ms) times the simulation loop alone when given.
 * Returns the summary and, for the broker model, its event log.
 */
export function runScenario(scenario: Scenario, clock?: () => number): RunSummary {
  return runScenarioWithLog(scenario, clock).summary;
}

export function runScenarioWithLog(scenario: Scenario, clock?: () => number): { summary: RunSummary; log: LogEntry[] } {
  const model = createModel(scenario);
  const t0 = clock?.();
  model.run(scenario.duration);
  const wallMs = clock && t0 !== undefined ? Math.round((clock() - t0) * 100) / 100 : undefined;
  return { summary: summarize(scenario, model, wallMs), log: model instanceof KafkaModel ? model.logEntries() : [] };
}
