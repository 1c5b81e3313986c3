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

/** The node a RabbitMQ queue lives on (see NodeSchema in src/scenario/queue-schema.ts). */
export interface NodeConfig {
  total_memory_available_override_value: number;
  'vm_memory_high_watermark.relative': number;
  baseMemory: number;
  messageOverhead: number;
  bodiesInMemory: boolean;
  'disk_free_limit.absolute': number;
  diskFree: number | null;
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
  'x-max-length': number | null;
  'x-overflow': 'drop-head' | 'reject-publish' | 'reject-publish-dlx';
  node: NodeConfig | null;
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

export type QueueProducerConfig = Omit<KafkaProducerConfig, 'batch.size' | 'metadata.max.age.ms'> & {
  priority: number;
  /** RabbitMQ: the queue it publishes to (null: this one; another name: a queue on the same node whose messages are not modelled). */
  routingKey: string | null;
  /** RabbitMQ: ms a publish may wait on a blocked connection before the application gives up on it; null = no limit. */
  blockedTimeout: number | null;
};

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
