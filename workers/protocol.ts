/**
 * The data that crosses the simulation worker's boundary, for every model. Types only: the page
 * imports this file with `import type`, so no simulation code ends up in the page bundle.
 */
import type { Scenario } from '../src/scenario/index.ts';
import type { TraceReply } from '../src/run/models/kafka/trace.ts';

export type { Scenario, TraceReply };
/** Simulated seconds per wall-clock second, or 'max' (as fast as the machine allows). */
export type Speed = number | 'max';

export type RunStatus = 'idle' | 'running' | 'paused' | 'finished' | 'error';

/** A live fault as the scenario's timeline records it (`at` is set by the worker). */
export type LiveFault = Extract<Scenario, { faults: unknown }>['faults'][number];

/** What the last "Step" or "Next log line" did, for the page to say (null after load, reset or play). */
export interface StepReport {
  /**
   * 'event': one event ran; 'log': events ran until the model wrote a log line; 'quiet': no line
   * within the search span, the run paused at its end; 'end': the run reached its end.
   */
  kind: 'event' | 'log' | 'quiet' | 'end';
  /** Simulated time after the step. */
  t: number;
  /** What the event was and did, or the log line found (the model's words, like its event log). */
  text: string;
  /** Events the step ran. */
  events: number;
  /** Simulated seconds the search covered (from where it started to `t`). */
  searched: number;
}

/** A seek's replay under way: from simulated time `from` (0 when the model was rebuilt) to `to`. */
export interface SeekProgress {
  from: number;
  to: number;
}

export interface Snapshot<D = unknown> {
  /** Bumped by exactly one on every load, reset and seek; snapshots of older generations are stale. */
  gen: number;
  /** Increases with every snapshot the worker sends (across generations). */
  seq: number;
  status: RunStatus;
  /** Human-readable message when `status` is 'error'. */
  error: string | null;
  speed: Speed;
  /** The loaded scenario's kind (its `model` field); null when nothing is loaded. */
  kind: Scenario['model'] | null;
  /** The scenario's duration and warm-up, in simulated seconds (0 when nothing is loaded). */
  duration: number;
  warmup: number;
  /** The model's clock (simulated seconds) and the events it has run so far. */
  simTime: number;
  events: number;
  /** Faults injected live in this run (simulated time `at` = when they took effect). */
  live: LiveFault[];
  /** What the last step did (null unless the run was just stepped). */
  step: StepReport | null;
  /** A seek's replay under way (the run shows `simTime` on the way to `seek.to`), or null. */
  seek: SeekProgress | null;
  /** The model's view of the run (its registry entry's `live().snapshot`); null when nothing is loaded. */
  data: D | null;
}

/** Every command answers with data, never by throwing. */
export type CommandResult = { ok: true; gen: number; status: RunStatus } | { ok: false; gen: number; error: string };
