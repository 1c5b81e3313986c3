/** One table per lesson: every number its files write, and what it stands for (see ../ledger.ts). */
import type { Entry } from '../ledger.ts';
import acksAndIsr from './acks-and-isr.ts';
import uncleanElection from './unclean-election.ts';
import minInsyncUnavailable from './min-insync-unavailable.ts';
import idempotentProducer from './idempotent-producer.ts';
import exactlyOnce from './exactly-once.ts';
import followerFetch from './follower-fetch.ts';
import controllerFailover from './controller-failover.ts';
import producerBatching from './producer-batching.ts';
import producerBufferFull from './producer-buffer-full.ts';
import slowFollowerCrash from './slow-follower-crash.ts';
import logVsQueue from './log-vs-queue.ts';
import logReplay from './log-replay.ts';
import leaseTooShort from './lease-too-short.ts';
import prefetch from './prefetch.ts';
import pooling from './pooling.ts';
import dlqReplayLoop from './dlq-replay-loop.ts';
import fifoGroups from './fifo-groups.ts';
import priority from './priority.ts';
import delayedDelivery from './delayed-delivery.ts';
import addPartitions from './add-partitions.ts';
import autoscaleByLag from './autoscale-by-lag.ts';
import blackFriday from './black-friday.ts';
import commitBeforeProcessing from './commit-before-processing.ts';
import consumersGtPartitions from './consumers-gt-partitions.ts';
import deadProducer from './dead-producer.ts';
import eagerVsCooperative from './eager-vs-cooperative.ts';
import hotPartition from './hot-partition.ts';
import littlesLaw from './littles-law.ts';
import md1 from './md1.ts';
import mg1Heavy from './mg1-heavy.ts';
import mm1 from './mm1.ts';
import mm1k from './mm1k.ts';
import mmc from './mmc.ts';
import overload5pct from './overload-5pct.ts';
import poisonMessage from './poison-message.ts';
import idempotentConsumer from './idempotent-consumer.ts';
import attemptsInMemory from './attempts-in-memory.ts';
import schemaChange from './schema-change.ts';
import pubsubGroups from './pubsub-groups.ts';
import rebalanceStorm from './rebalance-storm.ts';
import retentionReset from './retention-reset.ts';
import retryTopics from './retry-topics.ts';
import threadPoolReorder from './thread-pool-reorder.ts';
import retryStorm from './retry-storm.ts';
import circuitBreaker from './circuit-breaker.ts';
import memoryAlarm from './memory-alarm.ts';
import compaction from './compaction.ts';
import tombstones from './tombstones.ts';
import pipelineStages from './pipeline-stages.ts';
import bufferbloat from './bufferbloat.ts';
import requestPath from './request-path.ts';
import priorityTopics from './priority-topics.ts';
import dualWriteOutbox from './dual-write-outbox.ts';
import seedBlackFriday from './seed-scale/black-friday.ts';
import seedRetentionReset from './seed-scale/retention-reset.ts';

export const TABLES: Record<string, Entry[]> = {
  'slow-follower-crash': slowFollowerCrash,
  'add-partitions': addPartitions,
  'autoscale-by-lag': autoscaleByLag,
  'black-friday': blackFriday,
  'circuit-breaker': circuitBreaker,
  'commit-before-processing': commitBeforeProcessing,
  compaction,
  'consumers-gt-partitions': consumersGtPartitions,
  'dead-producer': deadProducer,
  'eager-vs-cooperative': eagerVsCooperative,
  'hot-partition': hotPartition,
  'littles-law': littlesLaw,
  md1,
  'memory-alarm': memoryAlarm,
  'mg1-heavy': mg1Heavy,
  mm1,
  mm1k,
  mmc,
  'overload-5pct': overload5pct,
  'poison-message': poisonMessage,
  'idempotent-consumer': idempotentConsumer,
  'attempts-in-memory': attemptsInMemory,
  'schema-change': schemaChange,
  'pubsub-groups': pubsubGroups,
  'rebalance-storm': rebalanceStorm,
  'retention-reset': retentionReset,
  'retry-topics': retryTopics,
  'thread-pool-reorder': threadPoolReorder,
  tombstones,
  'pipeline-stages': pipelineStages,
  bufferbloat,
  'request-path': requestPath,
  'priority-topics': priorityTopics,
  'log-vs-queue': logVsQueue,
  'log-replay': logReplay,
  'lease-too-short': leaseTooShort,
  'prefetch': prefetch,
  'pooling': pooling,
  'dlq-replay-loop': dlqReplayLoop,
  'fifo-groups': fifoGroups,
  'priority': priority,
  'delayed-delivery': delayedDelivery,
  'acks-and-isr': acksAndIsr,
  'unclean-election': uncleanElection,
  'min-insync-unavailable': minInsyncUnavailable,
  'idempotent-producer': idempotentProducer,
  'exactly-once': exactlyOnce,
  'follower-fetch': followerFetch,
  'controller-failover': controllerFailover,
  'retry-storm': retryStorm,
  'producer-batching': producerBatching,
  'producer-buffer-full': producerBufferFull,
  'dual-write-outbox': dualWriteOutbox,
  // The seed-scale lessons (scenarios/seed-scale): the article's durations and rates.
  'seed-scale/black-friday': seedBlackFriday,
  'seed-scale/retention-reset': seedRetentionReset,
};
