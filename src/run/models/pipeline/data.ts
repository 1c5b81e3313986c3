/** What the page receives of a pipeline run (built in the worker by snapshot.ts). */
import type { LogEntry } from '../../../sim/model/kafka/event-log.ts';
import type { SeriesCols } from '../kafka/snapshot.ts';
import type { PipelineSummary } from './summary.ts';

export type { PipelineSummary };

/** A source in the topology now. */
export interface SourceView {
  name: string;
  /** Index of the stage it writes to. */
  to: number;
  rateNow: number;
  /** Sends blocked now on a full buffer; items shed since the start. */
  blocked: number;
  shed: number;
  /** Its callers' timeout (null: none, or no stage responds to them) and how many gave up since the start. */
  timeout: number | null;
  timedOut: number;
}

/** A stage in the topology now: its buffer's fill, its workers by state, its drops, whether it is paused. */
export interface StageView {
  name: string;
  to: number[];
  workers: number;
  busy: number;
  blockedWorkers: number;
  /** Items waiting in the buffer; its capacity (null: a topic) and policy. */
  waiting: number;
  capacity: number | null;
  policy: 'block' | 'drop-newest' | 'drop-oldest' | null;
  /** Sends and copies blocked on this buffer now. */
  blockedSends: number;
  /** Items dropped by this buffer since the start. */
  dropped: number;
  paused: boolean;
  pause: { high: number; low: number } | null;
  slowed: boolean;
  /** The dependencies it calls for every item, each slowed now or not; whether callers get their response here. */
  calls: { name: string; slowed: boolean }[];
  respond: boolean;
  /** How long the oldest waiting item has waited, s. */
  lag: number;
}

export interface PipelineTopology {
  sources: SourceView[];
  stages: StageView[];
  /** Column of each stage: its longest distance from a source's stage (sources are column −1). */
  depth: number[];
}

export interface PipelineData {
  simTime: number;
  events: number;
  summary: PipelineSummary;
  topology: PipelineTopology;
  series: Record<string, SeriesCols>;
  log: LogEntry[];
  logCount: number;
}
