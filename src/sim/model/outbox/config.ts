/**
 * The outbox model's configuration and faults, in the model's own types (src/sim does not import
 * src/scenario; the registry entry maps a validated scenario onto these field for field). The
 * scenario schema (src/scenario/outbox-schema.ts) states every field's range, default and source.
 */
import type { DistributionSpec } from '../../kernel/distributions.ts';
import type { RateStepSpec } from '../kafka/rate-profile.ts';

/**
 * How the app gets its event out:
 * - `dual-write`: commit the row, then publish the event (a crash in between: a row without an event);
 * - `publish-first`: publish, then commit (a crash or a failed commit in between: an event without a row);
 * - `outbox`: the row and an outbox row in one transaction; a relay publishes the outbox.
 */
export type OutboxMode = 'dual-write' | 'publish-first' | 'outbox';
export const OUTBOX_MODES: readonly OutboxMode[] = ['dual-write', 'publish-first', 'outbox'];

/** A polling publisher (SELECT … LIMIT, publish, UPDATE/DELETE) or a log-based one (CDC, Debezium on Kafka Connect). */
export type RelayKind = 'polling' | 'cdc';

export interface OutboxAppConfig {
  rate: number;
  arrivals: 'poisson' | 'constant';
  profile: RateStepSpec[];
}

export interface OutboxDbConfig {
  /** A transaction's duration (also the relay's SELECT and its UPDATE), before slowdowns. */
  time: DistributionSpec;
  /** Share of transactions whose commit fails (a deadlock, a constraint): rolled back. */
  failureRate: number;
}

export interface OutboxPublishConfig {
  /** Send → acknowledgement of one event, when the broker is up. */
  latency: DistributionSpec;
  /** Kafka's producer setting: a send not acknowledged this long after it started fails (the app's and the polling relay's producers; Kafka Connect sets it to Integer.MAX_VALUE). */
  'delivery.timeout.ms': number;
}

export interface OutboxRelayConfig {
  kind: RelayKind;
  /** Polling relay: seconds between polls that found less than a full batch. */
  pollInterval: number;
  /** Polling relay: rows one poll takes (SELECT … ORDER BY id LIMIT batchSize). */
  batchSize: number;
  /** CDC (Debezium): ms the connector waits when the log has nothing new. */
  'poll.interval.ms': number;
  /** CDC (Debezium): most change events one poll hands to Kafka Connect. */
  'max.batch.size': number;
  /** CDC (Kafka Connect worker): ms between commits of the connector's source offset. */
  'offset.flush.interval.ms': number;
}

export interface OutboxConsumerConfig {
  /** Deduplicates by event id in the same local transaction as the effect. */
  idempotent: boolean;
  /** Time to apply one event (one consumer, in order). */
  time: DistributionSpec;
}

export type OutboxFault =
  /** The app's process dies (a deploy, an OOM kill) and is back after `restartAfter` s; requests meanwhile are refused. */
  | { at: number; kind: 'app-crash'; restartAfter: number }
  /** The relay dies and is back after `restartAfter` s; `before-mark`: at its first moment, at or after `at`, holding published rows it has not marked. */
  | { at: number; kind: 'relay-crash'; restartAfter: number; point: 'any' | 'before-mark' }
  /** The broker acknowledges nothing and serves no fetch for `duration` s. */
  | { at: number; kind: 'broker-outage'; duration: number }
  /** Database times × factor for `duration` s. */
  | { at: number; kind: 'db-slowdown'; factor: number; duration: number }
  /** The request rate × factor for `duration` s. */
  | { at: number; kind: 'load-spike'; factor: number; duration: number };

export interface OutboxConfig {
  horizon: number;
  warmup: number;
  mode: OutboxMode;
  app: OutboxAppConfig;
  db: OutboxDbConfig;
  publish: OutboxPublishConfig;
  relay: OutboxRelayConfig;
  consumer: OutboxConsumerConfig;
  faults: OutboxFault[];
}
