/**
 * The consumer group's configuration — Kafka consumer configs, spelled as Kafka spells them — the
 * failure handling around the record handler, the model's timing of client–broker round trips,
 * what the group needs from the broker model (GroupHost), and the statistics it reports.
 */
import type { Simulation } from '../../../kernel/simulation.ts';
import type { RngStreams } from '../../../kernel/rng.ts';
import type { DistributionSpec } from '../../../kernel/distributions.ts';
import type { Estimate } from '../../../metrics/estimate.ts';
import type { EventLog } from '../event-log.ts';
import type { PartitionLog } from '../partition-log.ts';
import type { AssignorName } from '../assignors/index.ts';
import type { RecordTracer } from '../trace.ts';

/**
 * One turn of an application loop that catches an exception from poll(), logs it and polls again
 * (writing the stack trace is most of it): the pace at which a consumer stuck on an unreadable
 * record re-throws. Never 0, so simulated time always advances.
 */
export const POLL_ERROR_LOOP_S = 0.001;

export type CommitMode = 'auto' | 'after-processing' | 'before-processing';
export type ProcessingMode = 'sequential' | 'thread-pool' | 'keyed';

export interface GroupConfig {
  'group.id': string;
  /** Consumers started at t = 0. */
  members: number;
  'partition.assignment.strategy': AssignorName;
  'max.poll.records': number;
  'max.partition.fetch.bytes': number;
  'fetch.max.bytes': number;
  /** Mean size of the topic's records (bytes): what the fetch byte limits are counted in. */
  recordBytes: number;
  'max.poll.interval.ms': number;
  'session.timeout.ms': number;
  'heartbeat.interval.ms': number;
  /** none: poll() throws NoOffsetForPartitionException / OffsetOutOfRangeException and the consumer stops. */
  'auto.offset.reset': 'earliest' | 'latest' | 'none';
  /** auto = enable.auto.commit=true; otherwise enable.auto.commit=false and commitSync() after / before processing. */
  commit: CommitMode;
  'auto.commit.interval.ms': number;
  'group.initial.rebalance.delay.ms': number;
  /** How often the leader refreshes its metadata (sees added partitions). */
  'metadata.max.age.ms': number;
  /** Broker setting: an empty group's committed offsets are deleted after this many minutes. */
  'offsets.retention.minutes': number;
  /** Static membership: each consumer gets group.instance.id = "<group>-<n>". */
  static: boolean;
  processing: {
    mode: ProcessingMode;
    threads: number;
    time: DistributionSpec;
    /** An idempotent handler applies a redelivered record's effect only once. */
    idempotent: boolean;
    /** Probability that an attempt fails with a transient error (a flaky dependency). */
    failureRate: number;
  };
  retry: RetryConfig;
  /** A lag-driven autoscaler for the group's deployment (autoscaler.ts); absent or not enabled = none. */
  autoscaler?: AutoscalerConfig;
}

/**
 * KEDA's Apache Kafka trigger and ScaledObject settings and the HPA's, as KEDA and Kubernetes spell
 * them (seconds where they count seconds); `enabled` and `podStartup` are QueueLab's.
 */
export interface AutoscalerConfig {
  enabled: boolean;
  lagThreshold: number;
  activationLagThreshold: number;
  allowIdleConsumers: boolean;
  limitToPartitionsWithLag: boolean;
  minReplicaCount: number;
  maxReplicaCount: number;
  pollingInterval: number;
  cooldownPeriod: number;
  /** The HPA's scale-down stabilization window (s). */
  stabilizationWindowSeconds: number;
  'horizontal-pod-autoscaler-sync-period': number;
  podStartup: number;
}

/** What the autoscaler has done, now. */
export interface AutoscalerStats {
  /** Pods now: running or crashed consumers whose pod exists, and pods starting. */
  replicas: number;
  /** Pods whose consumer has not started yet. */
  starting: number;
  /** Replicas last set by the HPA or KEDA. */
  target: number;
  /** What the lag asked for at the HPA's last sync, within min and max replicas (before stabilization and rate limits). */
  desired: number;
  /** The metric the HPA last read: total lag as KEDA reports it. */
  metric: number;
  minReplicaCount: number;
  maxReplicaCount: number;
  /** Most replicas set during the run. */
  maxReplicas: number;
  scaleUps: number;
  scaleDowns: number;
  /** Rebalances that a pod the autoscaler started or deleted set off (or joined). */
  rebalances: number;
}

/**
 * What the handler's caller does when processing a record throws: nothing (none), retry in place,
 * or re-publish to retry topics, with or without a dead-letter topic — see failures.ts.
 */
export interface RetryConfig {
  mode: 'none' | 'in-place' | 'retry-topics';
  /** Total attempts in place before giving up (in-place). */
  maxAttempts: number;
  backoff: { initialMs: number; multiplier: number; maxMs: number; jitter: number };
  /** Retry topics in order, with their delays. */
  topics: { name: string; delayMs: number }[];
  /** A dead-letter topic exists (`<topic>.dlq`). */
  dlq: boolean;
  /** Where the attempt count lives: a store outside the process survives its restarts; memory does not. */
  attempts: 'memory' | 'store';
  /** Permanent errors (a poison payload) go to the DLQ at once instead of being retried. */
  classify: boolean;
  /** Seconds after which a crashed consumer is restarted by its supervisor (null = stays down). */
  restartAfter: number | null;
}

/** A record in the dead-letter topic, with the headers a real DLQ carries. */
export interface DlqRecord {
  t: number;
  topic: string;
  partition: number;
  offset: number;
  /** The record's key, or null for a null key. */
  key: string | null;
  attempts: number;
  error: string;
}

/** QueueLab timing of client–broker round trips (not Kafka configs), seconds. */
export interface GroupTiming {
  /** JoinGroup + SyncGroup round trips once all members have joined. */
  rebalanceLatency: number;
  /** commitSync round trip. */
  commitLatency: number;
  /** From a record's append to its availability to a waiting consumer. */
  fetchLatency: number;
}

export interface GroupHost {
  sim: Simulation;
  streams: RngStreams;
  log: EventLog;
  logs: PartitionLog[];
  topic: string;
  /** Number of distinct keys over all producers (per-key order tracking). */
  keyCount: number;
  /**
   * The model's per-key table (kafka-model.ts): `keyStride` Int32 per global key index, the
   * key's current partition first, then one slot per group — the produce sequence of the newest
   * record of that key the group applied (−1: none yet). One row per key, so the group's lookup
   * at apply time hits the cache line the producer's partition lookup loaded.
   */
  keyTable: Int32Array;
  keyStride: number;
  /** 31-bit key hash for keyed executors. */
  keyHash(key: number): number;
  /** The key string of a global key index (for DLQ headers and logs). */
  keyName(key: number): string;
  groupIndex: number;
  groups: number;
  /** Every group's committed offset of a partition, for pruning. */
  committedOf(partition: number): ArrayLike<number>;
  /** Follows the records a trace request names (../trace.ts), or null: then no hook is called. */
  tracer: RecordTracer | null;
}

/** A slow-downstream fault: attempts started in [from, until) take `factor` times longer. */
export interface SlowWindow {
  from: number;
  until: number;
  factor: number;
}

/**
 * The coordinator's group states. Kafka's CompletingRebalance (waiting for SyncGroup) is folded
 * into the rebalance latency at the end of PreparingRebalance.
 */
export type GroupState = 'Empty' | 'PreparingRebalance' | 'Stable';

/**
 * dead: process down; paused: frozen by a GC pause; rebalancing: waiting to (re)join or for its
 * assignment; idle: in the group with no partitions; active: owns partitions.
 */
export type MemberState = 'active' | 'idle' | 'rebalancing' | 'paused' | 'dead';

/** Per-group statistics, plain numbers. */
export interface GroupStats {
  groupId: string;
  generation: number;
  state: string;
  members: number;
  alive: number;
  idleMembers: number;
  /** Most members and most idle members at a chart sample so far. */
  maxMembers: number;
  maxIdleMembers: number;
  rebalances: number;
  /** Partition-seconds without an owner while a rebalance was in progress (members re-dividing partitions). */
  rebalancePausedSeconds: number;
  /** Partition-seconds before the group's first assignment at start-up (group.initial.rebalance.delay.ms and the first join). */
  startupPausedSeconds: number;
  /** Partition-seconds without an owner while the group had no member at all. */
  emptyPausedSeconds: number;
  applied: number;
  duplicates: number;
  redeliveries: number;
  lost: number;
  skipped: number;
  inFlight: number;
  orderingViolations: number;
  commitFailures: number;
  retries: number;
  dlq: number;
  /** Records waiting in each retry topic, by topic name. */
  retryTopics: Record<string, number>;
  /** The latest dead-lettered records with their headers. */
  dlqRecords: DlqRecord[];
  /** Partitions stuck re-reading one failing offset: partition → offset and attempts so far. */
  stuck: Record<number, { offset: number; attempts: number }>;
  /** log-end − committed offset, summed over partitions. */
  lagRecords: number;
  /** Age of the record at the committed offset, worst partition. */
  lagSeconds: number;
  /** Part of `lagRecords` already fetched (being processed, or applied and not committed yet). */
  lagInFlight: number;
  maxLagRecords: number;
  maxLagSeconds: number;
  committed: number[];
  partitionLag: number[];
  partitionLagSeconds: number[];
  assignment: Record<string, number[]>;
  memberUtilization: Record<string, number>;
  /** Every consumer process by name: what a topology view colours it by. */
  memberStates: Record<string, MemberState>;
  L: Estimate;
  W: Estimate;
  Wq: Estimate;
  throughput: Estimate;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  /** The autoscaler's state, or null without one. */
  autoscaler: AutoscalerStats | null;
}
