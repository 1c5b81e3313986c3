/**
 * The cluster model's public shapes: what a run reports (`ClusterStats`, read by the summary, the
 * CLI and the tests) and what the page's topology draws of the cluster now (`ClusterTopology`).
 * The model (`cluster-model.ts`) fills them; nothing here depends on its internals.
 *
 * Record states (conservation, checked by a property test over random fault timelines): every
 * record a producer hands to send() is, at any moment, in exactly one of
 *   blocked (send() is waiting for buffer.memory; the record is in no batch yet) ·
 *   in flight (not yet acknowledged, not yet failed: in the accumulator, on the wire, or waiting
 *   for the ISR) · acknowledged and stored (the partition's current log holds it, or — while the
 *   partition has no leader — the log it will have when a clean election brings it back) ·
 *   acknowledged and lost (the producer was told it is written, and no log holds it any more:
 *   truncated by a leader change, or acks=0 and never written) · failed (the producer's callback
 *   got an exception; the record may still be in the log — e.g. written but its response lost) ·
 *   expired (failed because delivery.timeout.ms passed: "Expiring N record(s) …"; counted in
 *   failed too, as every run has reported it) · refused (send() failed with
 *   BufferExhaustedException after max.block.ms: it never entered the buffer) · shed (the same,
 *   and the web front dropped it and answered 202).
 * so produced = blocked + inFlight + ackedStored + ackedLost + failed + refused + shed, and
 * expired ≤ failed.
 *
 * With acks=0 a record counts as acknowledged when send() hands it to the network (its callback
 * completes with offset -1, as Kafka's does).
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';

export type ClusterFault = ClusterScenario['faults'][number];

export type Acks = '0' | '1' | 'all';
/** The acks settings in order (the slots of the per-acks latencies). */
export const ACKS_ORDER: readonly Acks[] = ['0', '1', 'all'];

/** Exceptions a producer's callback can see (Kafka's class names). */
export type ProducerException =
  /** delivery.timeout.ms passed before an acknowledgement (includes every retriable error retried until then). */
  | 'TimeoutException'
  /** acks=all and the ISR was smaller than min.insync.replicas, with retries exhausted. */
  | 'NotEnoughReplicasException'
  | 'NotEnoughReplicasAfterAppendException'
  /** No leader for the partition, with retries exhausted. */
  | 'NotLeaderOrFollowerException'
  /** The connection to the leader closed with the request on it, with retries exhausted. */
  | 'NetworkException'
  /**
   * The leader answered OUT_OF_ORDER_SEQUENCE_NUMBER (a gap in an idempotent producer's sequences)
   * and the producer could not retry it any more (retries or delivery.timeout.ms ran out): Kafka 4's
   * idempotent producer otherwise bumps its epoch and retries.
   */
  | 'OutOfOrderSequenceException'
  /** The batch carried an older producer epoch than the leader has seen (not retriable). */
  | 'InvalidProducerEpochException';

/** A leader change that cut records from replicas' logs (the new leader's log was shorter): per replica, how many. */
export interface TruncationEvent {
  at: number;
  partition: number;
  /** The new leader epoch, the new leader (broker id) and the offset the log was cut to (its log end). */
  epoch: number;
  leader: number;
  offset: number;
  kind: 'clean' | 'unclean' | 'preferred';
  /** Acknowledged records no log holds any more after the cut. */
  lost: number;
  /** Each replica that lost records, and how many (its log end − offset). */
  replicas: { broker: number; records: number }[];
}

/** Truncations the model keeps (the newest), for the summary and the page. */
export const MAX_TRUNCATIONS = 20;

/** A broker as the topology draws it. */
export interface BrokerView {
  /** 1…N. */
  id: number;
  rack: string | null;
  /** up: running; down: crashed; fenced: running but cut off (network-partition) and fenced by the controller; isolated: cut off, not yet fenced. */
  state: 'up' | 'down' | 'isolated' | 'fenced';
  /** Its replica fetches (`slow-replica`) or its produce requests (`slow-broker`) are slowed by a fault now. */
  slow: boolean;
  /** ZooKeeper mode: this broker is the controller. */
  controller: boolean;
  /** Partitions it leads now. */
  leaderOf: number;
  /** Replicas it hosts. */
  replicas: number;
}

/** One partition's replicas as the topology draws them. */
export interface PartitionReplicasView {
  partition: number;
  /** Broker id of the leader; null while the partition is offline. */
  leader: number | null;
  leaderEpoch: number;
  /** Broker ids in assignment order (the first is the preferred leader). */
  replicas: number[];
  /** Broker ids in the ISR, as the leader (or, while offline, the controller) last recorded it. */
  isr: number[];
  /** Log-end offset of each replica, in `replicas` order (what it holds, whether it is up or not). */
  leo: number[];
  /** The high watermark: records below it are committed and readable. */
  hw: number;
  /** The last stable offset (read_committed stops here); equals hw without open transactions. */
  lso: number;
  state: 'online' | 'under-replicated' | 'under-min-isr' | 'offline';
  /** The last leader change that cut records: when, at which leader epoch, and per replica (in `replicas` order) how many; null before any. */
  lastCut: { at: number; epoch: number; records: number[] } | null;
}

/** The controller as the topology draws it. */
export interface ControllerView {
  mode: 'kraft' | 'zookeeper';
  /** ZooKeeper: the controller broker's id; KRaft: null (a separate quorum). */
  broker: number | null;
  /** Failing over now (no elections until it is ready). */
  failingOver: boolean;
  /** Partitions waiting for a leader election now. */
  pendingElections: number;
}

export interface ClusterTopology {
  topic: string;
  partitions: number;
  brokers: BrokerView[];
  controller: ControllerView;
  /** The first MAX_PARTITION_VIEWS partitions (the rest are counted below). */
  replicas: PartitionReplicasView[];
  counts: { offline: number; underMinIsr: number; underReplicated: number };
  processor: {
    name: string;
    guarantee: 'at_least_once' | 'exactly_once_v2';
    state: 'running' | 'crashed';
    /** Output records written since the last commit (the open transaction under exactly_once_v2). */
    uncommitted: number;
    /** Input records it has read and processed in total, and its committed input offsets summed over partitions. */
    processed: number;
    committed: number;
  } | null;
  consumers: {
    name: string;
    reads: 'topic' | 'output';
    isolation: 'read_uncommitted' | 'read_committed';
    /** Broker it fetches partition 0 from (the leader, or a follower in its rack); null while none is available. */
    fetchesFrom: number | null;
    /** The broker it fetches each partition of `replicas` from (null: none available, or it reads the output topic). */
    fetchesFromParts: (number | null)[];
  }[];
}

export const MAX_PARTITION_VIEWS = 12;

/** Chart series (each a DownsampledSeries of the model). */
export type ClusterSeriesName =
  /** Records acknowledged per second. */
  | 'ackedRate'
  /** Cumulative counts since the start: acknowledged-and-lost, failed to the producer, extra copies in the log. */
  | 'lost'
  | 'failed'
  | 'duplicates'
  /** Cumulative copies the reader of the processor's output saw twice (0 without a processor). */
  | 'outDuplicates'
  /** Mean ISR size over partitions; replicas out of the ISR summed over partitions (replication.factor × partitions − ISR sizes); partitions under-replicated / unavailable (offline or under min.insync.replicas) now. */
  | 'isrMean'
  | 'outOfIsr'
  | 'underReplicated'
  | 'unavailable'
  /** Produce requests sent per second (every attempt), and the mean records per request, in each interval. */
  | 'requestRate'
  | 'batchRecords'
  /** The busiest broker's share of busy request handler threads in each interval (0…1; only with request costs). */
  | 'handlerBusy'
  /** Produce latency (send() to acknowledgement) percentiles of the records acknowledged in each interval, seconds. */
  | 'produceP50'
  | 'produceP99'
  /** The same p99 of the records of producers with acks=0, 1 and all: only with producers of more than one acks setting (else empty). */
  | 'produceP99Acks0'
  | 'produceP99Acks1'
  | 'produceP99AcksAll'
  /** End-to-end latency (send() to the first consumer's poll) percentiles of each interval, seconds. */
  | 'e2eP50'
  | 'e2eP99'
  /** buffer.memory held by batches now, as a share of it (all producers, 0…1), and send() calls waiting for it now. */
  | 'bufferUsed'
  | 'blockedNow'
  /** Time in send() of the calls that returned in each interval (0 when it did not wait): p50, p99; seconds. */
  | 'sendP50'
  | 'sendP99'
  /** How long the send() call waiting longest now has waited (0 when none waits), seconds. */
  | 'blockedOldest'
  /** The web front's answers so far (cumulative): 2xx with the record in the buffer, 202 with it shed, 503, 504. */
  | 'frontOk'
  | 'frontShed'
  | 'frontErrors'
  | 'frontTimeouts'
  /** Cumulative records refused by send() (BufferExhaustedException), shed by the web front, and expired (delivery.timeout.ms). */
  | 'refused'
  | 'shed'
  | 'expired';

/** The per-acks produce p99 series, in {@link ACKS_ORDER}. */
export const PRODUCE_P99_BY_ACKS: Readonly<Record<Acks, ClusterSeriesName>> = { '0': 'produceP99Acks0', '1': 'produceP99Acks1', all: 'produceP99AcksAll' };

export const CLUSTER_SERIES: readonly ClusterSeriesName[] = [
  'ackedRate',
  'lost',
  'failed',
  'duplicates',
  'outDuplicates',
  'isrMean',
  'outOfIsr',
  'underReplicated',
  'unavailable',
  'produceP50',
  'produceP99',
  'produceP99Acks0',
  'produceP99Acks1',
  'produceP99AcksAll',
  'e2eP50',
  'e2eP99',
  'requestRate',
  'batchRecords',
  'handlerBusy',
  'bufferUsed',
  'blockedNow',
  'sendP50',
  'sendP99',
  'blockedOldest',
  'frontOk',
  'frontShed',
  'frontErrors',
  'frontTimeouts',
  'refused',
  'shed',
  'expired',
];
