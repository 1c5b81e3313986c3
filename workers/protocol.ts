/**
 * The data that crosses the worker boundary. Types only: the main thread imports this file with
 * `import type`, so no simulation code ends up in the page bundle.
 */
import type { buildSummary } from '../src/run/summary.ts';
import type { Scenario } from '../src/scenario/index.ts';

/** The scenarios this page runs: queueing stations (M/M/1, M/M/c, M/G/1, M/M/1/K …). */
export type StationScenario = Extract<Scenario, { model: 'station' }>;

/** The station run summary (the record `npm run sim -- … --json --no-timing` prints). */
export type StationSummary = ReturnType<typeof buildSummary>;

/** Simulated seconds per wall-clock second, or 'max' (as fast as the machine allows). */
export type Speed = number | 'max';

export type RunStatus = 'idle' | 'running' | 'paused' | 'finished' | 'error';

/** Number in system over simulated time: bucket start times, time-averages and maxima. */
export interface SeriesColumns {
  t: Float64Array;
  mean: Float64Array;
  max: Float64Array;
  /** Bucket width in simulated seconds (the last bucket ends at `summary.simTime`). */
  width: number;
}

export interface Snapshot {
  /** Bumped by exactly one on every load and reset; snapshots of older generations are stale. */
  gen: number;
  /** Increases with every snapshot the worker sends (across generations). */
  seq: number;
  status: RunStatus;
  /** Human-readable message when `status` is 'error'. */
  error: string | null;
  speed: Speed;
  /** The scenario's duration and warm-up, in simulated seconds (0 when nothing is loaded). */
  duration: number;
  warmup: number;
  /** The same record the CLI prints (`npm run sim -- … --json --no-timing`); null when nothing is loaded. */
  summary: StationSummary | null;
  series: SeriesColumns;
}

/** Every command answers with data, never by throwing. */
export type CommandResult = { ok: true; gen: number; status: RunStatus } | { ok: false; gen: number; error: string };
