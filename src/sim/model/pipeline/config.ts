/**
 * The pipeline model's configuration, in the model's own types (src/sim does not import
 * src/scenario; the registry entry maps the validated scenario onto this, field for field, with
 * stage names resolved to indices).
 */
import type { DistributionSpec } from '../../kernel/distributions.ts';
import type { RateStepSpec } from '../kafka/rate-profile.ts';

export type BufferSpec = { type: 'topic' } | { type: 'bounded'; capacity: number; policy: 'block' | 'drop-newest' | 'drop-oldest' };

export interface SourceConfig {
  name: string;
  rate: number;
  arrivals: 'poisson' | 'constant';
  profile: RateStepSpec[];
  /** Index of the stage it writes to. */
  to: number;
  shedAbove: number | null;
  blockTimeout: number | null;
  /** Its callers give up after this many seconds without a response; null = they wait. */
  timeout: number | null;
}

/** A dependency a stage calls inline for every item (its worker waits): its name and the time of one call. */
export interface CallConfig {
  name: string;
  time: DistributionSpec;
}

export interface StageConfig {
  name: string;
  workers: number;
  time: DistributionSpec;
  calls: CallConfig[];
  /** The caller gets its response when this stage is done with an item (and has handed it on). */
  respond: boolean;
  buffer: BufferSpec;
  /** Indices of the stages that get a copy of every item finished here. */
  to: number[];
  pause: { high: number; low: number } | null;
}

export type PipelineFault =
  | { at: number; kind: 'load-spike'; target: string; factor: number; duration: number }
  | { at: number; kind: 'slowdown'; target: string; factor: number; duration: number }
  | { at: number; kind: 'add-workers'; target: string; count: number };

export interface PipelineConfig {
  warmup: number;
  sources: SourceConfig[];
  stages: StageConfig[];
  faults: PipelineFault[];
}
