/**
 * The data that crosses the Kafka worker boundary. Types only: the page imports this file with
 * `import type`, so no simulation code ends up in the page bundle.
 */
import type { Scenario } from '../src/scenario/index.ts';
import type { KafkaSnapshotData } from '../src/run/kafka-snapshot.ts';
import type { RunStatus, Speed } from './protocol.ts';

export type KafkaScenario = Extract<Scenario, { model: 'kafka' }>;
export type KafkaFault = KafkaScenario['faults'][number];
export type { KafkaSnapshotData, RunStatus, Speed };
export type { SeriesCols, MemberView, GroupView, PartitionView, LogLine } from '../src/run/kafka-snapshot.ts';

export interface KafkaSnapshot {
  /** Bumped by exactly one on every load and reset; snapshots of older generations are stale. */
  gen: number;
  /** Increases with every snapshot the worker sends (across generations). */
  seq: number;
  status: RunStatus;
  error: string | null;
  speed: Speed;
  duration: number;
  warmup: number;
  /** Faults injected live in this run (simulated time `at` = when they took effect). */
  live: KafkaFault[];
  /** Null when nothing is loaded (or the model broke). */
  data: KafkaSnapshotData | null;
}

export type KafkaCommandResult = { ok: true; gen: number; status: RunStatus } | { ok: false; gen: number; error: string };
