/**
 * Scenario schema of the log-broker model (`"model": "kafka"`). Client and broker settings use
 * Kafka's own config names and Kafka 4.x defaults (see kafka-defaults.json next to this file, with their sources, and
 * scenarios/README.md); times given in Kafka's units (ms) keep them, while simulated instants and
 * spans of the scenario itself (`at`, `duration`, `restartAfter`) are seconds.
 */
import * as v from 'valibot';
import { commonEntries, num, SECONDS, ServiceSchema, text, typeMsg } from './fields.ts';
import { COMPATIBILITY_LEVELS, SCHEMA_CHANGES } from '../sim/model/kafka/schema-registry.ts';

const MS = 1e12;
const RATE_MAX = 1e6;
const ms = (min: number, max = MS) => num(min, max, { integer: true, unit: 'ms' });
const name = (what: string) =>
  v.pipe(text(64), v.regex(/^[A-Za-z0-9._-]+$/, `must be a ${what} name of letters, digits, '.', '_' and '-'`));

export const KafkaDefaults = {
  'retention.ms': 604_800_000,
  'segment.ms': 604_800_000,
  'log.retention.check.interval.ms': 300_000,
  'max.poll.records': 500,
  'max.poll.interval.ms': 300_000,
  'session.timeout.ms': 45_000,
  'heartbeat.interval.ms': 3_000,
  'auto.offset.reset': 'latest',
  'auto.commit.interval.ms': 5_000,
  'group.initial.rebalance.delay.ms': 3_000,
  'batch.size': 16_384,
  'max.partition.fetch.bytes': 1_048_576,
  'fetch.max.bytes': 52_428_800,
  'metadata.max.age.ms': 300_000,
  'offsets.retention.minutes': 10_080,
} as const;

export const TopicSchema = v.strictObject({
  name: v.optional(name('topic'), 'orders'),
  partitions: num(1, 10_000, { integer: true }),
  'retention.ms': v.optional(ms(1000), KafkaDefaults['retention.ms']),
  'segment.ms': v.optional(ms(1000), KafkaDefaults['segment.ms']),
  'log.retention.check.interval.ms': v.optional(ms(1000), KafkaDefaults['log.retention.check.interval.ms']),
  /**
   * Compatibility level of the topic's value subject (`<topic>-value`) in the schema registry —
   * Confluent's `schema.compatibility.level`, BACKWARD by default; `none` accepts every schema, as
   * if there were no registry. It matters only when a producer deploys a new schema
   * (a `schema-change` fault); see src/sim/model/kafka/schema-registry.ts.
   */
  'schema.compatibility.level': v.optional(v.picklist(COMPATIBILITY_LEVELS, typeMsg(COMPATIBILITY_LEVELS)), 'backward'),
}, 'must be an object like { "name": "orders", "partitions": 12 }');

export const KEY_KINDS = ['none', 'uniform', 'zipf', 'coarse'] as const;

export const KeysSchema = v.variant(
  'kind',
  [
    v.strictObject({ kind: v.literal('none') }),
    v.strictObject({ kind: v.literal('uniform'), count: num(1, 10_000_000, { integer: true }), prefix: v.optional(text(32)) }),
    v.strictObject({ kind: v.literal('zipf'), count: num(1, 10_000_000, { integer: true }), s: num(0, 10), prefix: v.optional(text(32)) }),
    v.strictObject({
      kind: v.literal('coarse'),
      values: v.pipe(v.array(text(64), 'must be a list of key strings'), v.minLength(1, 'must have at least 1 value'), v.maxLength(1000, 'must have at most 1000 values')),
      weights: v.optional(v.array(num(0, 1e9), 'must be a list of numbers')),
    }),
  ],
  typeMsg(KEY_KINDS),
);

export const ProducerSchema = v.strictObject({
  name: v.optional(name('producer'), 'producer'),
  /** Records per second at t = 0. */
  rate: num(0, RATE_MAX, { unit: '/s' }),
  arrivals: v.optional(v.picklist(['poisson', 'constant'], typeMsg(['poisson', 'constant'])), 'poisson'),
  /** Rate changes: from `at` seconds the rate moves to `rate`, as a step or linearly over `ramp` seconds. */
  profile: v.optional(
    v.pipe(
      v.array(
        v.strictObject({ at: num(0, SECONDS, { unit: 's' }), rate: num(0, RATE_MAX, { unit: '/s' }), ramp: v.optional(num(0, SECONDS, { unit: 's' })) }),
        'must be a list of { at, rate, ramp? } steps',
      ),
      v.maxLength(1000, 'must have at most 1000 steps'),
    ),
    [],
  ),
  /** Every `every` seconds the rate is multiplied by `factor` for `duration` seconds. */
  bursts: v.optional(
    v.nullable(v.strictObject({ every: num(0, SECONDS, { minExclusive: true, unit: 's' }), duration: num(0, SECONDS, { unit: 's' }), factor: num(0, 1000) })),
    null,
  ),
  /** rate × (1 + amplitude·cos(2π(t − peakAt)/period)). */
  daily: v.optional(
    v.nullable(v.strictObject({ period: num(0, SECONDS, { minExclusive: true, unit: 's' }), amplitude: num(0, 1), peakAt: v.optional(num(0, SECONDS, { unit: 's' }), 0) })),
    null,
  ),
  /** The producer stops (dies) at this time, seconds. */
  stopAt: v.optional(v.nullable(num(0, SECONDS, { unit: 's' })), null),
  keys: v.optional(KeysSchema, { kind: 'uniform', count: 1000 }),
  recordBytes: v.optional(num(1, 1_048_576, { integer: true, unit: 'bytes' }), 1024),
  'batch.size': v.optional(num(1, 16_777_216, { integer: true, unit: 'bytes' }), KafkaDefaults['batch.size']),
  /** How often the producer refreshes its metadata: added partitions get records only after a refresh. */
  'metadata.max.age.ms': v.optional(ms(100), KafkaDefaults['metadata.max.age.ms']),
});

export const ASSIGNORS = ['range', 'roundrobin', 'sticky', 'cooperative-sticky'] as const;
export const COMMIT_MODES = ['auto', 'after-processing', 'before-processing'] as const;
export const PROCESSING_MODES = ['sequential', 'thread-pool', 'keyed'] as const;

export const RETRY_MODES = ['none', 'in-place', 'retry-topics'] as const;

export const DEFAULT_RETRY_TOPICS = [
  { name: 'retry.5s', 'delay.ms': 5_000 },
  { name: 'retry.1m', 'delay.ms': 60_000 },
  { name: 'retry.10m', 'delay.ms': 600_000 },
];

/** What happens when the handler throws (the retry modes are explained in src/sim/model/kafka/group/failures.ts). */
export const RetrySchema = v.strictObject(
  {
    mode: v.optional(v.picklist(RETRY_MODES, typeMsg(RETRY_MODES)), 'none'),
    maxAttempts: v.optional(num(1, 1000, { integer: true }), 3),
    backoff: v.optional(
      v.strictObject({
        'initial.ms': v.optional(num(0, 3_600_000, { unit: 'ms' }), 100),
        multiplier: v.optional(num(1, 10), 2),
        'max.ms': v.optional(num(0, 3_600_000, { unit: 'ms' }), 10_000),
        jitter: v.optional(num(0, 1), 0.5),
      }),
      {},
    ),
    topics: v.optional(
      v.pipe(
        v.array(v.strictObject({ name: name('topic'), 'delay.ms': num(0, 86_400_000, { unit: 'ms' }) }), 'must be a list of { name, delay.ms }'),
        v.minLength(1, 'must have at least 1 retry topic'),
        v.maxLength(10, 'must have at most 10 retry topics'),
      ),
      DEFAULT_RETRY_TOPICS,
    ),
    dlq: v.optional(v.boolean('must be true or false'), false),
    /**
     * Where the handler counts attempts: in the consumer process's memory (what Spring Kafka's
     * DefaultErrorHandler does; lost when the process dies) or in a store that outlives it, written
     * before each attempt (keyed by topic, partition and offset). Retry topics carry the count in a
     * header of each re-published copy either way. ("header", an older name of "store", is read as it;
     * "store" stays the default so that older links replay the same runs.)
     */
    attempts: v.optional(v.picklist(['memory', 'store'], typeMsg(['memory', 'store'])), 'store'),
    classify: v.optional(v.boolean('must be true or false'), true),
    /** Seconds until a supervisor (Kubernetes) restarts a crashed consumer; null = never. */
    restartAfter: v.optional(v.nullable(num(0, 86_400, { unit: 's' })), 10),
  },
  'must be an object like { "mode": "retry-topics", "dlq": true }',
);

/**
 * KEDA's defaults for its Apache Kafka scaler and a ScaledObject, and Kubernetes' for the
 * HorizontalPodAutoscaler that KEDA creates (kedacore/keda pkg/scalers/kafka_scaler.go,
 * pkg/apis/keda/v1alpha1; kubernetes pkg/apis/autoscaling/v2/defaults.go and the
 * kube-controller-manager flags). `podStartup` is QueueLab's own assumption.
 */
export const AutoscalerDefaults = {
  lagThreshold: 10,
  activationLagThreshold: 0,
  allowIdleConsumers: false,
  limitToPartitionsWithLag: false,
  minReplicaCount: 0,
  maxReplicaCount: 100,
  pollingInterval: 30,
  cooldownPeriod: 300,
  stabilizationWindowSeconds: 300,
  'horizontal-pod-autoscaler-sync-period': 15,
  podStartup: 10,
} as const;

/** Most replicas an autoscaler may ask for (the group's `members` has the same ceiling). */
export const MAX_REPLICAS = 1000;

/**
 * A lag-driven autoscaler for the group's deployment: KEDA's Kafka trigger feeding a Kubernetes
 * HorizontalPodAutoscaler (src/sim/model/kafka/group/autoscaler.ts). Off when left out or not `enabled`.
 */
export const AutoscalerSchema = v.strictObject(
  {
    /** QueueLab's switch: a KEDA ScaledObject scales this group's deployment. */
    enabled: v.optional(v.boolean('must be true or false'), false),
    /** Target total lag per replica: the HPA asks for ceil(total lag / lagThreshold) replicas. */
    lagThreshold: v.optional(num(1, 1e9, { integer: true }), AutoscalerDefaults.lagThreshold),
    /** Total lag above which the scaler is active (scales from zero; below it, to zero after cooldownPeriod). */
    activationLagThreshold: v.optional(num(0, 1e9, { integer: true }), AutoscalerDefaults.activationLagThreshold),
    /** false: never more replicas than partitions (KEDA's default); true: up to maxReplicaCount. */
    allowIdleConsumers: v.optional(v.boolean('must be true or false'), AutoscalerDefaults.allowIdleConsumers),
    /** Never more replicas than partitions that have lag. */
    limitToPartitionsWithLag: v.optional(v.boolean('must be true or false'), AutoscalerDefaults.limitToPartitionsWithLag),
    minReplicaCount: v.optional(num(0, MAX_REPLICAS, { integer: true }), AutoscalerDefaults.minReplicaCount),
    maxReplicaCount: v.optional(num(1, MAX_REPLICAS, { integer: true }), AutoscalerDefaults.maxReplicaCount),
    /** How often KEDA checks the trigger (activation, scaling to and from zero), seconds. */
    pollingInterval: v.optional(num(1, 3600, { integer: true, unit: 's' }), AutoscalerDefaults.pollingInterval),
    /** How long after the trigger was last active KEDA scales to zero (only with minReplicaCount 0), seconds. */
    cooldownPeriod: v.optional(num(0, 86_400, { integer: true, unit: 's' }), AutoscalerDefaults.cooldownPeriod),
    /** The HPA's scale-down stabilization window: it scales down to the highest recommendation of this many seconds. */
    stabilizationWindowSeconds: v.optional(num(0, 3600, { integer: true, unit: 's' }), AutoscalerDefaults.stabilizationWindowSeconds),
    /** How often the HPA controller reconciles (kube-controller-manager flag), seconds. */
    'horizontal-pod-autoscaler-sync-period': v.optional(num(1, 300, { integer: true, unit: 's' }), AutoscalerDefaults['horizontal-pod-autoscaler-sync-period']),
    /** QueueLab's assumption: seconds from a scale-up until the new pod's consumer process starts (scheduling, image, JVM). */
    podStartup: v.optional(num(0, 600, { unit: 's' }), AutoscalerDefaults.podStartup),
  },
  'must be an object like { "enabled": true, "lagThreshold": 1000, "maxReplicaCount": 40 }',
);

export const GroupSchema = v.strictObject({
  'group.id': name('group'),
  members: v.optional(num(0, 1000, { integer: true }), 1),
  'partition.assignment.strategy': v.optional(v.picklist(ASSIGNORS, typeMsg(ASSIGNORS)), 'range'),
  'max.poll.records': v.optional(num(1, 100_000, { integer: true }), KafkaDefaults['max.poll.records']),
  /** Most bytes one fetch returns for one partition (at least one record, however large). */
  'max.partition.fetch.bytes': v.optional(num(1, 1_073_741_824, { integer: true, unit: 'bytes' }), KafkaDefaults['max.partition.fetch.bytes']),
  /** Most bytes one fetch response returns over all partitions (at least one record). */
  'fetch.max.bytes': v.optional(num(1, 2_147_483_647, { integer: true, unit: 'bytes' }), KafkaDefaults['fetch.max.bytes']),
  'max.poll.interval.ms': v.optional(ms(1), KafkaDefaults['max.poll.interval.ms']),
  'session.timeout.ms': v.optional(ms(6000, 1_800_000), KafkaDefaults['session.timeout.ms']),
  'heartbeat.interval.ms': v.optional(ms(1), KafkaDefaults['heartbeat.interval.ms']),
  /** Where to start without a valid committed offset; none: poll() throws and the consumer stops. */
  'auto.offset.reset': v.optional(v.picklist(['earliest', 'latest', 'none'], typeMsg(['earliest', 'latest', 'none'])), KafkaDefaults['auto.offset.reset']),
  /** auto = enable.auto.commit=true (Kafka's default); otherwise commitSync() after or before processing. */
  commit: v.optional(v.picklist(COMMIT_MODES, typeMsg(COMMIT_MODES)), 'auto'),
  'auto.commit.interval.ms': v.optional(ms(1), KafkaDefaults['auto.commit.interval.ms']),
  'group.initial.rebalance.delay.ms': v.optional(ms(0, 300_000), KafkaDefaults['group.initial.rebalance.delay.ms']),
  /** How often the group's leader refreshes its metadata: added partitions are assigned only after a refresh. */
  'metadata.max.age.ms': v.optional(ms(100), KafkaDefaults['metadata.max.age.ms']),
  /**
   * Broker (group coordinator) setting as it applies to this group: once the group is empty, its
   * committed offsets are deleted after this many minutes.
   */
  'offsets.retention.minutes': v.optional(num(1, 10_000_000, { integer: true, unit: 'min' }), KafkaDefaults['offsets.retention.minutes']),
  /** Give every member a group.instance.id (static membership, KIP-345). */
  static: v.optional(v.boolean('must be true or false'), false),
  processing: v.strictObject({
    mode: v.optional(v.picklist(PROCESSING_MODES, typeMsg(PROCESSING_MODES)), 'sequential'),
    threads: v.optional(num(1, 1024, { integer: true }), 1),
    time: ServiceSchema,
    idempotent: v.optional(v.boolean('must be true or false'), false),
    /** Probability that an attempt fails with a transient error. */
    failureRate: v.optional(num(0, 1), 0),
  }, 'must be an object like { "mode": "sequential", "time": { "type": "exponential", "mean": 0.01 } }'),
  retry: v.optional(RetrySchema, {}),
  /** Left out: no autoscaler (a link or file without one stays as it was). */
  autoscaler: v.optional(AutoscalerSchema),
});

export const FAULT_KINDS = [
  'crash',
  'restart',
  'add-consumer',
  'remove-consumer',
  'gc-pause',
  'slow-downstream',
  'poison',
  'dependency-outage',
  'producer-stop',
  'producer-start',
  'load-spike',
  'add-partitions',
  'schema-change',
] as const;
const at = () => num(0, SECONDS, { unit: 's' });

/** Faults both broker models take in the same shape (a consumer by name, a producer's load). */
export const CrashFault = v.strictObject({ at: at(), kind: v.literal('crash'), target: name('consumer'), restartAfter: v.optional(v.nullable(num(0, SECONDS, { unit: 's' })), null) });
export const RestartFault = v.strictObject({ at: at(), kind: v.literal('restart'), target: name('consumer') });
export const RemoveConsumerFault = v.strictObject({ at: at(), kind: v.literal('remove-consumer'), target: name('consumer') });
export const GcPauseFault = v.strictObject({ at: at(), kind: v.literal('gc-pause'), target: name('consumer'), duration: num(0, 3600, { minExclusive: true, unit: 's' }) });
export const LoadSpikeFault = v.strictObject({
  at: at(),
  kind: v.literal('load-spike'),
  target: v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"'),
  factor: num(0, 1000, { minExclusive: true }),
  duration: num(0, SECONDS, { minExclusive: true, unit: 's' }),
});

export const FaultSchema = v.variant(
  'kind',
  [
    CrashFault,
    RestartFault,
    v.strictObject({ at: at(), kind: v.literal('add-consumer'), target: name('group'), count: v.optional(num(1, 1000, { integer: true }), 1) }),
    RemoveConsumerFault,
    GcPauseFault,
    v.strictObject({
      at: at(),
      kind: v.literal('slow-downstream'),
      target: name('group'),
      factor: num(0, 1000, { minExclusive: true }),
      duration: num(0, SECONDS, { minExclusive: true, unit: 's' }),
    }),
    v.strictObject({
      at: at(),
      kind: v.literal('poison'),
      /** The next `count` records to this partition (or with this key; or anywhere) are poison. */
      partition: v.optional(v.nullable(num(0, 9999, { integer: true })), null),
      key: v.optional(v.nullable(text(200)), null),
      count: v.optional(num(1, 1_000_000, { integer: true }), 1),
      /** Where it fails: the handler throws, the value deserializer throws inside poll(), or the process dies. */
      effect: v.optional(v.picklist(['exception', 'deserialization', 'crash'], typeMsg(['exception', 'deserialization', 'crash'])), 'exception'),
    }),
    v.strictObject({ at: at(), kind: v.literal('dependency-outage'), target: name('group'), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    v.strictObject({ at: at(), kind: v.literal('producer-stop'), target: v.union([name('producer'), v.literal('*')]) }),
    v.strictObject({ at: at(), kind: v.literal('producer-start'), target: v.union([name('producer'), v.literal('*')]) }),
    LoadSpikeFault,
    v.strictObject({ at: at(), kind: v.literal('add-partitions'), count: num(2, 10_000, { integer: true }) }),
    /** The producer deploys a new version of its value schema that changes one field. */
    v.strictObject({
      at: at(),
      kind: v.literal('schema-change'),
      target: v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"'),
      change: v.optional(v.picklist(SCHEMA_CHANGES, typeMsg(SCHEMA_CHANGES)), 'remove-required-field'),
    }),
  ],
  typeMsg(FAULT_KINDS),
);

export const KafkaScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('kafka'),
  topic: TopicSchema,
  producers: v.pipe(v.array(ProducerSchema, 'must be a list of producers'), v.minLength(1, 'must have at least 1 producer'), v.maxLength(16, 'must have at most 16 producers')),
  groups: v.pipe(v.array(GroupSchema, 'must be a list of consumer groups'), v.maxLength(8, 'must have at most 8 groups')),
  faults: v.optional(v.pipe(v.array(FaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
  /** QueueLab's client–broker round trips (not Kafka configs). */
  timing: v.optional(
    v.strictObject({
      'rebalance.latency.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 100),
      'commit.latency.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 0),
      'fetch.latency.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 0),
    }),
    {},
  ),
});

/** Field names that contain dots (Kafka config names), so `--set` paths can address them. */
export const DOTTED_FIELDS: ReadonlySet<string> = new Set(
  [TopicSchema, ProducerSchema, GroupSchema, KafkaScenarioSchema.entries.timing.wrapped]
    .flatMap((schema) => Object.keys(schema.entries))
    .filter((k) => k.includes('.')),
);
