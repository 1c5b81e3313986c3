/**
 * The storage model's configuration and faults, in the model's own types (src/sim does not import
 * src/scenario; the registry entry maps a validated scenario onto these). The scenario schema
 * (src/scenario/storage-schema.ts) states every field's range, default and source.
 */
import type { KeySpec } from '../kafka/keys.ts';
import type { RateProfileSpec } from '../kafka/rate-profile.ts';
import type { ProducerFault } from '../producer-arrivals.ts';

export type CleanupPolicy = 'delete' | 'compact' | 'compact,delete';

export interface StorageTopicConfig {
  name: string;
  partitions: number;
  'cleanup.policy': CleanupPolicy;
  'segment.bytes': number;
  'segment.ms': number;
  'retention.ms': number;
  /** −1 = no limit. */
  'retention.bytes': number;
  'delete.retention.ms': number;
  'min.cleanable.dirty.ratio': number;
  'min.compaction.lag.ms': number;
  /** null = never forced (Kafka's Long.MAX_VALUE). */
  'max.compaction.lag.ms': number | null;
}

export interface StorageCleanerConfig {
  'log.cleaner.threads': number;
  'log.cleaner.backoff.ms': number;
  'log.cleaner.io.max.bytes.per.second': number | null;
  'speed.bytes.per.second': number;
  'log.retention.check.interval.ms': number;
}

export interface StorageProducerConfig extends RateProfileSpec {
  name: string;
  arrivals: 'poisson' | 'constant';
  keys: KeySpec;
  'value.bytes': number;
  tombstones: number;
}

export interface StorageReaderConfig {
  start: number | null;
  'records.per.second': number;
  'max.poll.records': number;
  'fetch.max.wait.ms': number;
}

export type StorageFault = { at: number; kind: 'restore' } | { at: number; kind: 'reader-offline'; duration: number } | ProducerFault;

export interface StorageConfig {
  topic: StorageTopicConfig;
  cleaner: StorageCleanerConfig;
  producer: StorageProducerConfig;
  reader: StorageReaderConfig;
  faults: readonly StorageFault[];
  /** Bytes a record costs on disk besides its value (QueueLab's assumption). */
  overhead: number;
  horizon: number;
}
