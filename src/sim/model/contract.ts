/**
 * The contract every simulation model implements — the queueing station, the Kafka-like log
 * broker, and every model after them. The worker host, the CLI, the sweep workers and the tests
 * only ever see this interface (through `src/run/registry.ts`), never a concrete model.
 *
 * A model is built from a validated scenario and its seed (by its registry entry), owns one
 * {@link Simulation} and is driven from outside:
 * - `run(until, maxEvents)` runs every event with time ≤ `until` (at most `maxEvents` of them) and
 *   is chunk-invariant: one call or many smaller ones end in the same state, so the host may pace
 *   it in slices of wall time; it throws a `NoProgressError` (kernel/simulation.ts) when the model's
 *   simulated time stops advancing — its configuration has work that takes no time and repeats
 *   forever — and keeps throwing it from then on;
 * - `inject(fault)` applies a live fault at the current simulated time through the event list,
 *   exactly as the same fault recorded in the scenario's timeline would, so a share link with the
 *   recorded timeline replays the live run bit for bit;
 * - `logMark()`, when the model writes an event log, counts the lines written so far (monotone),
 *   which lets "step to the next log line" stop at the next interesting thing.
 */
import type { Simulation } from '../kernel/simulation.ts';

export interface SimModel<Fault = never> {
  /** The model's kernel: clock (`now`), next event time (`peek`), one event (`step`), `events`. */
  readonly sim: Simulation;
  /** Runs events with time ≤ `until` (seconds), at most `maxEvents`; returns how many ran. Throws NoProgressError when time is stuck. */
  run(until: number, maxEvents?: number): number;
  /** Applies `fault` now (its `at` is ignored). Throws a RangeError naming what is wrong. */
  inject(fault: Fault): void;
  /** Lines written to the event log so far, if the model has one. */
  logMark?(): number;
}
