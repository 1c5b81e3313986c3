/**
 * The model registry: the one place that lists the simulation models, keyed by the scenario's
 * `model` field (its kind). The CLI, the worker host, the sweep workers and the tests look a model
 * up here and use only what its {@link ModelEntry} offers — none of them branches on the kind.
 *
 * Adding a model: a folder for its simulation under `src/sim/model/<kind>/` implementing
 * {@link SimModel}, its scenario schema in `src/scenario/`, an entry in `src/run/models/<kind>.ts`,
 * one line in {@link MODELS} below, and its panels in `src/app/panels/<kind>/` with one line in
 * `src/app/registry.ts` (checklist in the README, "How it is built").
 */
import type { GenericSchema } from 'valibot';
import type { Scenario } from '../scenario/schema.ts';
import type { SimModel } from '../sim/model/contract.ts';
import type { LogEntry } from '../sim/model/kafka/event-log.ts';
import type { TraceReply, TraceResult } from './models/kafka/trace.ts';
import { kafkaEntry } from './models/kafka/entry.ts';
import { stationEntry } from './models/station/entry.ts';
import { queueEntry } from './models/queue/entry.ts';
import { clusterEntry } from './models/cluster/entry.ts';
import { serviceEntry } from './models/service/entry.ts';
import { storageEntry } from './models/storage/entry.ts';
import { pipelineEntry } from './models/pipeline/entry.ts';
import { outboxEntry } from './models/outbox/entry.ts';
import type { ShippedTable } from './cells.ts';
import type { MetricDef } from './headline.ts';

export type { SimModel };

/**
 * What the page draws of a live run, built in the worker. `sample()` is called whenever the run
 * reaches `next` (simulated seconds; Infinity when the view keeps no time series of its own).
 */
export interface LiveView<D> {
  readonly next: number;
  sample(): void;
  /** The page's data now; `scenario` carries the live faults so far, `focus` the entity shown. */
  snapshot(scenario: Scenario, focus: number): D;
  /** Every ArrayBuffer in `data`, transferred to the page rather than copied. */
  transfer(data: D): ArrayBuffer[];
  /**
   * The run's data as it ends (finished or failed), for every entity the page can focus on, in a
   * form that holds no reference to the model: the worker keeps it and drops the model, so a
   * finished run costs the page's numbers, not the run's state. Called once, when the run ends.
   */
  final(scenario: Scenario): FinalView<D>;
}

/** What a run that has ended still shows: its last data, per focus, without the model. */
export interface FinalView<D> {
  /** The data with entity `focus` in focus (the same as the live view's last snapshot), with fresh buffers on every call. */
  snapshot(focus: number): D;
  /** Every ArrayBuffer in `data` (see {@link LiveView.transfer}). */
  transfer(data: D): ArrayBuffer[];
}

/**
 * "Follow one record", for a model whose records can be followed: `parse` reads the CLI's `--trace`
 * value into a request, `run` replays the scenario (seed and faults) up to simulated time `until`
 * with the records the request names followed — checking the request first, every value against its
 * range —, and `format` is the CLI's table of the result.
 */
export interface TraceSupport<S> {
  parse(text: string): { ok: true; request: unknown } | { ok: false; error: string };
  run(scenario: S, request: unknown, until: number): TraceReply;
  format(scenario: S, trace: TraceResult): string;
}

/** One point of a latency-vs-utilisation sweep, read off a finished run's summary. */
export interface SweepPoint {
  lambda: number | null;
  W: number | null;
  hw: number | null;
  /** Mean busy fraction of the servers/consumers that did work; null when none did. */
  busy: number | null;
}

export interface ModelEntry<S extends Scenario, M extends SimModel<F>, Sum, D, F> {
  /** The scenario kind this entry serves (the scenario's `model` field). */
  readonly kind: S['model'];
  /** Its scenario schema (a member of the `ScenarioSchema` variant in src/scenario/schema.ts). */
  readonly schema: GenericSchema<unknown, S>;
  /** Builds the model from a validated scenario and its seed. */
  create(scenario: S): M;
  /** The run summary the CLI prints with `--json` (fixed key order, byte-identical per seed). */
  summary(scenario: S, model: M, wallMs?: number): Sum;
  /** The closed form that applies to this scenario now, or null. */
  theory(scenario: S, model: M): unknown;
  /** The CLI's human-readable table of a summary. */
  table(scenario: S, summary: Sum): string;
  /** The model's event log (empty when it keeps none). */
  log(model: M): LogEntry[];
  /** The page's view of a live run (see {@link LiveView}). */
  live(scenario: S, model: M): LiveView<D>;
  /**
   * "Step" in words, when the model can say more than its event's name: called before one event
   * runs, it returns a function that, called after, says what the event was and did.
   */
  describeStep?(scenario: S, model: M): () => string;
  /** How many entities the page can focus on (consumer groups…); at least 1. */
  focusCount(scenario: S): number;
  /** The latency-vs-utilisation numbers of a finished run. */
  sweepPoint(summary: Sum): SweepPoint;
  /** Its table of the shipped scenarios in scenarios/README.md (`npm run tables`). */
  readonly shipped: ShippedTable<S, Sum>;
  /** The few numbers its stories are about, read off a summary: compare view and `--compare` line two runs up by them. */
  readonly headline: readonly MetricDef<Sum>[];
  /** Following records through a replay of the run (the log model's); absent when the model has none to follow. */
  readonly trace?: TraceSupport<S>;
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the registry erases each entry's own types */
export type AnyModelEntry = ModelEntry<any, SimModel<any>, any, any, any>;

export const MODELS = {
  station: stationEntry,
  kafka: kafkaEntry,
  queue: queueEntry,
  cluster: clusterEntry,
  service: serviceEntry,
  storage: storageEntry,
  pipeline: pipelineEntry,
  outbox: outboxEntry,
} as const satisfies { [K in Scenario['model']]: ModelEntry<Extract<Scenario, { model: K }>, any, any, any, any> };

export type ModelKind = keyof typeof MODELS;
export type RunSummary = ReturnType<(typeof MODELS)[ModelKind]['summary']>;

/** The entry serving `scenario` (scenarios are validated, so their kind is always registered). */
export function modelFor(scenario: Scenario): AnyModelEntry {
  return MODELS[scenario.model] as AnyModelEntry;
}
