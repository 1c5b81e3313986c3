/**
 * The queue model's configuration: the validated scenario's queue, producers, consumer pools and
 * faults, in the model's own types (src/sim does not import src/scenario; the registry entry maps
 * one to the other, field for field).
 */
import type { DistributionSpec } from '../../kernel/distributions.ts';
import type { Fault as KafkaFault, ProducerConfig as KafkaProducerConfig } from '../kafka/kafka-model.ts';

export interface SqsQueueConfig {
  type: 'sqs';
  name: string;
  VisibilityTimeout: number;
  ReceiveMessageWaitTimeSeconds: number;
  DelaySeconds: number;
  MessageRetentionPeriod: number;
  FifoQueue: boolean;
  RedrivePolicy: { maxReceiveCount: number } | null;
}

export interface RabbitQueueConfig {
  type: 'rabbitmq';
  name: string;
  'x-queue-type': 'classic' | 'quorum';
  'x-max-priority': number | null;
  'x-delivery-limit': number | null;
  'x-dead-letter-exchange': boolean;
  'x-message-ttl': number | null;
  retry: { 'x-message-ttl': number; maxAttempts: number } | null;
  consumer_timeout: number;
}

export type QueueConfigQueue = SqsQueueConfig | RabbitQueueConfig;

export type OnFailure = 'retry' | 'requeue' | 'reject';

export interface PoolConfig {
  name: string;
  count: number;
  processing: { time: DistributionSpec; failureRate: number; idempotent: boolean };
  MaxNumberOfMessages: number;
  WaitTimeSeconds: number | null;
  heartbeat: { every: number; VisibilityTimeout: number } | null;
  prefetch: number;
  onFailure: OnFailure;
  restartAfter: number | null;
}

export type QueueProducerConfig = Omit<KafkaProducerConfig, 'batch.size' | 'metadata.max.age.ms'> & { priority: number };

/** The log model's consumer and producer faults (pools stand for groups), its poison by key, and redrive. */
export type QueueFault =
  | Exclude<KafkaFault, { kind: 'poison' | 'add-partitions' | 'schema-change' }>
  | { at: number; kind: 'poison'; key?: string | null; count?: number; effect?: 'exception' | 'crash' }
  | { at: number; kind: 'redrive'; maxReplays?: number | null };

export interface QueueConfig {
  queue: QueueConfigQueue;
  producers: QueueProducerConfig[];
  consumers: PoolConfig[];
  faults: QueueFault[];
  /** Client–broker round trip, seconds. */
  rtt: number;
  warmup: number;
  /** Expected run length (s): sets the chart sampling cadence. */
  horizon: number;
}
