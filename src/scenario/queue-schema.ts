/**
 * Scenario schema of the queue-broker model (`"model": "queue"`): one queue that deletes a message
 * once a consumer has acknowledged it, in one of two flavours with the real systems' names and
 * defaults (kafka-defaults.json holds their sources):
 *
 * - `"type": "sqs"` — Amazon SQS: consumers pull with `ReceiveMessage` (batch `MaxNumberOfMessages`
 *   1–10, long polling `WaitTimeSeconds`), a received message is invisible for the
 *   `VisibilityTimeout` (30 s) and comes back unless deleted; `RedrivePolicy.maxReceiveCount` moves
 *   a message received that many times to the dead-letter queue; FIFO queues keep order per message
 *   group (the producer's key) and let one message of a group be in flight at a time.
 * - `"type": "rabbitmq"` — RabbitMQ: the broker pushes to consumers with free `basic.qos`
 *   prefetch slots, round robin; a consumer acks, or nacks with or without requeue; a dead-letter
 *   exchange, a retry queue with a message TTL (the usual retry-with-delay pattern), a delivery
 *   limit (quorum queues) and priorities (`x-max-priority`); a length limit (`x-max-length`, with
 *   `x-overflow`); and, opt-in, the node it lives on (`node`): its memory and disk against
 *   RabbitMQ's resource alarms (`vm_memory_high_watermark`, `disk_free_limit`), which block every
 *   publishing connection of the node — of this queue and of any other queue on it (a producer's
 *   `routingKey`) — until the alarm clears.
 *
 * Producers (rates, profiles, keys) are the log model's; seconds are the unit of the scenario's own
 * instants and of SQS's settings (SQS states them in seconds), milliseconds of RabbitMQ's (as it
 * states them).
 */
import * as v from 'valibot';
import { commonEntries, num, SECONDS, ServiceSchema, text, typeMsg } from './fields.ts';
import { CrashFault, GcPauseFault, LoadSpikeFault, ProducerSchema, RemoveConsumerFault, RestartFault } from './kafka-schema.ts';

const name = (what: string) =>
  v.pipe(text(64), v.regex(/^[A-Za-z0-9._-]+$/, `must be a ${what} name of letters, digits, '.', '_' and '-'`));
const bool = () => v.boolean('must be true or false');
const at = () => num(0, SECONDS, { unit: 's' });

export const QueueDefaults = {
  VisibilityTimeout: 30,
  ReceiveMessageWaitTimeSeconds: 0,
  DelaySeconds: 0,
  MessageRetentionPeriod: 345_600,
  MaxNumberOfMessages: 1,
  /** basic.qos prefetch_count: 0 means unlimited (RabbitMQ's own default, no basic.qos sent). */
  prefetch: 0,
  /** RabbitMQ 4.0 quorum queues: a message delivered this many times is dead-lettered or dropped. */
  'x-delivery-limit': 20,
  consumer_timeout: 1_800_000,
} as const;

export const SqsQueueSchema = v.strictObject({
  type: v.literal('sqs'),
  name: v.optional(name('queue'), 'orders'),
  /** Seconds a received message stays invisible unless it is deleted (ChangeMessageVisibility restarts it). */
  VisibilityTimeout: v.optional(num(0, 43_200, { integer: true, unit: 's' }), QueueDefaults.VisibilityTimeout),
  /** The queue's default long-poll wait for ReceiveMessage; 0 = short polling. */
  ReceiveMessageWaitTimeSeconds: v.optional(num(0, 20, { integer: true, unit: 's' }), QueueDefaults.ReceiveMessageWaitTimeSeconds),
  /** Every message stays invisible this long after it is sent (a delay queue). */
  DelaySeconds: v.optional(num(0, 900, { integer: true, unit: 's' }), QueueDefaults.DelaySeconds),
  /** A message not deleted this long after it was sent is deleted by the queue (counted as expired). */
  MessageRetentionPeriod: v.optional(num(60, 1_209_600, { integer: true, unit: 's' }), QueueDefaults.MessageRetentionPeriod),
  /** FIFO queue: order per message group (the producer's key), one message of a group in flight at a time. */
  FifoQueue: v.optional(bool(), false),
  /** Move a message to the dead-letter queue `<name>-dlq` once it has been received this many times; null = no DLQ. */
  RedrivePolicy: v.optional(v.nullable(v.strictObject({ maxReceiveCount: num(1, 1000, { integer: true }) }, 'must be null or { "maxReceiveCount": 5 }')), null),
}, 'must be an object like { "type": "sqs", "VisibilityTimeout": 30 }');

export const RABBIT_QUEUE_TYPES = ['classic', 'quorum'] as const;
/** x-overflow: what a queue at its x-max-length does (RabbitMQ's default drop-head). */
export const RABBIT_OVERFLOW = ['drop-head', 'reject-publish', 'reject-publish-dlx'] as const;

const GiB = 1024 * 1024 * 1024;
const MiB = 1024 * 1024;

/**
 * RabbitMQ's resource-alarm settings with their defaults (deps/rabbit/Makefile of rabbitmq-server:
 * `{vm_memory_high_watermark, 0.6}` since 4.0 — 0.4 before —, `{disk_free_limit, 50000000}`), and
 * QueueLab's assumptions about what the node holds (named as such in the schema).
 */
export const NodeDefaults = {
  /** QueueLab's default RAM for the node (RabbitMQ reads the OS's, or this setting when given). */
  total_memory_available_override_value: 4 * GiB,
  'vm_memory_high_watermark.relative': 0.6,
  /** QueueLab's assumption: what a node with empty queues uses (the Erlang VM, connections, channels, plugins). */
  baseMemory: 128 * MiB,
  /** QueueLab's assumption: RAM a stored message costs besides its body (properties, index entries, queue bookkeeping). */
  messageOverhead: 1024,
  'disk_free_limit.absolute': 50_000_000,
} as const;

/**
 * The node a RabbitMQ queue lives on, for its resource alarms (null: not modelled — memory and
 * disk never run out, publishers are never blocked). Every second (RabbitMQ's vm_memory_monitor
 * checks every 1000 ms) the node compares its memory — baseMemory + every message it stores ×
 * (messageOverhead + its body when bodiesInMemory) — with vm_memory_high_watermark × RAM, and its
 * free disk — diskFree less the bodies on disk — with disk_free_limit; while either alarm is set,
 * every publishing connection is blocked (connection.blocked) and consumers carry on.
 */
export const NodeSchema = v.strictObject({
  /** The node's RAM, bytes (RabbitMQ's setting of that name overrides what it reads from the OS; QueueLab's default 4 GiB). */
  total_memory_available_override_value: v.optional(num(16 * MiB, 1024 * GiB, { integer: true, unit: 'bytes' }), NodeDefaults.total_memory_available_override_value),
  /** The memory alarm is set when the node uses more than this share of its RAM (0 blocks every publisher at once, as RabbitMQ does). */
  'vm_memory_high_watermark.relative': v.optional(num(0, 1), NodeDefaults['vm_memory_high_watermark.relative']),
  /** QueueLab's assumption: memory the node uses with empty queues, bytes. */
  baseMemory: v.optional(num(0, 1024 * GiB, { integer: true, unit: 'bytes' }), NodeDefaults.baseMemory),
  /** QueueLab's assumption: RAM one stored message costs besides its body, bytes. */
  messageOverhead: v.optional(num(0, 1_048_576, { integer: true, unit: 'bytes' }), NodeDefaults.messageOverhead),
  /**
   * QueueLab's assumption: true = message bodies are kept in RAM (classic queues version 1 of
   * RabbitMQ 3.11 and before, not lazy); false = on disk (classic queues v2 — 3.12 and later, the
   * only kind in 4.x —, lazy and quorum queues), where they count against the free disk instead.
   */
  bodiesInMemory: v.optional(bool(), true),
  /** The disk alarm is set when the free disk falls below this, bytes (RabbitMQ's default 50 MB). */
  'disk_free_limit.absolute': v.optional(num(0, 1024 * 1024 * GiB, { integer: true, unit: 'bytes' }), NodeDefaults['disk_free_limit.absolute']),
  /** QueueLab's assumption: free disk when the run starts, bytes; null = the disk is not modelled. */
  diskFree: v.optional(v.nullable(num(0, 1024 * 1024 * GiB, { integer: true, unit: 'bytes' })), null),
}, 'must be null or an object like { "total_memory_available_override_value": 1073741824, "vm_memory_high_watermark.relative": 0.6 }');

export const RabbitQueueSchema = v.strictObject({
  type: v.literal('rabbitmq'),
  name: v.optional(name('queue'), 'orders'),
  'x-queue-type': v.optional(v.picklist(RABBIT_QUEUE_TYPES, typeMsg(RABBIT_QUEUE_TYPES)), 'classic'),
  /** Priorities 0…x-max-priority, higher first; null = a plain FIFO queue (priorities ignored). */
  'x-max-priority': v.optional(v.nullable(num(1, 255, { integer: true })), null),
  /** Quorum queues: a message delivered more than this many times is dead-lettered (or dropped without a DLX); null = no limit. */
  'x-delivery-limit': v.optional(v.nullable(num(0, 1_000_000, { integer: true })), null),
  /** Rejected, expired and over-limit messages go to the dead-letter queue `<name>.dlq`; false = they are dropped. */
  'x-dead-letter-exchange': v.optional(bool(), false),
  /** A message waiting longer than this (ms) is dead-lettered; null = no TTL. */
  'x-message-ttl': v.optional(v.nullable(num(1, 86_400_000, { integer: true, unit: 'ms' })), null),
  /**
   * Retry with a delay: a message the consumer rejects goes (through a dead-letter exchange) to a
   * wait queue `<name>.retry` whose `x-message-ttl` dead-letters it back to this queue; after
   * `maxAttempts` deliveries it goes to the dead-letter queue instead. null = no retry queue.
   */
  retry: v.optional(
    v.nullable(v.strictObject({ 'x-message-ttl': num(1, 86_400_000, { integer: true, unit: 'ms' }), maxAttempts: v.optional(num(1, 1000, { integer: true }), 3) }, 'must be null or { "x-message-ttl": 5000, "maxAttempts": 3 }')),
    null,
  ),
  /** consumer_timeout: an unacked delivery older than this (ms) closes the consumer's channel and is requeued. */
  consumer_timeout: v.optional(num(1000, 86_400_000, { integer: true, unit: 'ms' }), QueueDefaults.consumer_timeout),
  /** Ready messages the queue keeps at most (unacknowledged deliveries do not count, as in RabbitMQ); null = no limit. */
  'x-max-length': v.optional(v.nullable(num(0, 100_000_000, { integer: true })), null),
  /**
   * At x-max-length: drop-head (RabbitMQ's default) drops the oldest ready message, or
   * dead-letters it with a DLX; reject-publish refuses the new one (the publisher gets basic.nack);
   * reject-publish-dlx refuses it and dead-letters it (classic queues only).
   */
  'x-overflow': v.optional(v.picklist(RABBIT_OVERFLOW, typeMsg(RABBIT_OVERFLOW)), 'drop-head'),
  /** The node's memory and disk and RabbitMQ's resource alarms; null = not modelled. */
  node: v.optional(v.nullable(NodeSchema), null),
}, 'must be an object like { "type": "rabbitmq", "x-queue-type": "quorum" }');

export const QUEUE_TYPES = ['sqs', 'rabbitmq'] as const;
export const QueueSchema = v.variant('type', [SqsQueueSchema, RabbitQueueSchema], typeMsg(QUEUE_TYPES.map((t) => `"${t}"`)));

/** What a consumer does with a message whose handler failed. */
export const ON_FAILURE = ['retry', 'requeue', 'reject'] as const;

/** A pool of identical consumers of the queue (all pools compete for the same messages). */
export const ConsumerPoolSchema = v.strictObject({
  name: v.optional(name('consumer pool'), 'worker'),
  count: v.optional(num(0, 1000, { integer: true }), 1),
  processing: v.strictObject({
    time: ServiceSchema,
    /** Probability that an attempt fails with a transient error. */
    failureRate: v.optional(num(0, 1), 0),
    /** The handler is idempotent: a message processed twice has one effect (duplicates are still counted as deliveries). */
    idempotent: v.optional(bool(), false),
  }, 'must be an object like { "time": { "type": "exponential", "mean": 0.1 } }'),
  /** SQS ReceiveMessage: messages per call (1–10). */
  MaxNumberOfMessages: v.optional(num(1, 10, { integer: true }), QueueDefaults.MaxNumberOfMessages),
  /** SQS ReceiveMessage long-poll wait (s); null = the queue's ReceiveMessageWaitTimeSeconds. */
  WaitTimeSeconds: v.optional(v.nullable(num(0, 20, { integer: true, unit: 's' })), null),
  /**
   * SQS lease extension: while a message is being processed, every `every` seconds the consumer
   * calls ChangeMessageVisibility to make it invisible for `VisibilityTimeout` more seconds. null = off.
   */
  heartbeat: v.optional(v.nullable(v.strictObject({ every: num(0, 43_200, { minExclusive: true, unit: 's' }), VisibilityTimeout: num(1, 43_200, { integer: true, unit: 's' }) }, 'must be null or { "every": 10, "VisibilityTimeout": 30 }')), null),
  /** RabbitMQ basic.qos prefetch_count: unacked deliveries a consumer may hold; 0 = unlimited. */
  prefetch: v.optional(num(0, 65_535, { integer: true }), QueueDefaults.prefetch),
  /**
   * After a failed attempt: `retry` — SQS: leave the message to reappear after its visibility
   * timeout; RabbitMQ: nack with requeue (same as `requeue`). `requeue` — SQS: ChangeMessageVisibility
   * to 0 (it is receivable at once); RabbitMQ: basic.nack requeue=true. `reject` — RabbitMQ:
   * basic.reject requeue=false (dead-lettered, or to the retry queue); SQS: same as `retry`.
   */
  onFailure: v.optional(v.picklist(ON_FAILURE, typeMsg(ON_FAILURE)), 'retry'),
  /** Seconds until a supervisor restarts a consumer that crashed; null = never. */
  restartAfter: v.optional(v.nullable(num(0, 86_400, { unit: 's' })), 10),
}, 'must be an object like { "name": "worker", "count": 4, "processing": { "time": { "type": "exponential", "mean": 0.1 } } }');

/** A producer of the queue: the log model's producer, with a RabbitMQ priority. */
export const QueueProducerSchema = v.strictObject({
  ...v.omit(ProducerSchema, ['batch.size', 'metadata.max.age.ms']).entries,
  /** Message priority (RabbitMQ, with x-max-priority; higher first). */
  priority: v.optional(num(0, 255, { integer: true }), 0),
  /**
   * RabbitMQ: the routing key it publishes with on the default exchange, i.e. the queue it
   * publishes to; null = this scenario's queue. Another name is another queue on the same node,
   * whose consumers keep up: QueueLab models only its publishes (sent, blocked by an alarm, timed
   * out), not its messages — enough to see that an alarm blocks it too.
   */
  routingKey: v.optional(v.nullable(name('queue')), null),
  /**
   * RabbitMQ: the application's limit on a publish held by a blocked connection, ms (a
   * BlockedListener that fails fast, or waitForConfirmsOrDie with a timeout): after it the publish
   * fails and the message is dropped by the application, counted. null = wait until the alarm clears.
   */
  blockedTimeout: v.optional(v.nullable(num(1, 3_600_000, { integer: true, unit: 'ms' })), null),
});

export const QUEUE_FAULT_KINDS = [
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
  'redrive',
] as const;

const target = () => v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"');

export const QueueFaultSchema = v.variant(
  'kind',
  [
    /** Consumer `<pool>-<n>` (1-based) dies; its in-flight messages return (RabbitMQ at once, SQS when their lease ends). */
    CrashFault,
    RestartFault,
    v.strictObject({ at: at(), kind: v.literal('add-consumer'), target: name('consumer pool'), count: v.optional(num(1, 1000, { integer: true }), 1) }),
    RemoveConsumerFault,
    GcPauseFault,
    v.strictObject({
      at: at(),
      kind: v.literal('slow-downstream'),
      target: name('consumer pool'),
      factor: num(0, 1000, { minExclusive: true }),
      duration: num(0, SECONDS, { minExclusive: true, unit: 's' }),
    }),
    /** The next `count` messages (with this key, or any) are poison: every attempt fails (or kills the consumer). */
    v.strictObject({
      at: at(),
      kind: v.literal('poison'),
      key: v.optional(v.nullable(text(200)), null),
      count: v.optional(num(1, 1_000_000, { integer: true }), 1),
      effect: v.optional(v.picklist(['exception', 'crash'], typeMsg(['exception', 'crash'])), 'exception'),
    }),
    v.strictObject({ at: at(), kind: v.literal('dependency-outage'), target: name('consumer pool'), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    v.strictObject({ at: at(), kind: v.literal('producer-stop'), target: target() }),
    v.strictObject({ at: at(), kind: v.literal('producer-start'), target: target() }),
    LoadSpikeFault,
    /**
     * Move every message of the dead-letter queue back to the queue (SQS StartMessageMoveTask, a
     * shovel in RabbitMQ). `maxReplays`: a message already moved back this many times is parked
     * instead (counted, not redelivered) — the fix for a replay loop; null = no limit.
     */
    v.strictObject({ at: at(), kind: v.literal('redrive'), maxReplays: v.optional(v.nullable(num(0, 1000, { integer: true })), null) }),
  ],
  typeMsg(QUEUE_FAULT_KINDS),
);

export const QueueScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('queue'),
  queue: QueueSchema,
  producers: v.pipe(v.array(QueueProducerSchema, 'must be a list of producers'), v.minLength(1, 'must have at least 1 producer'), v.maxLength(16, 'must have at most 16 producers')),
  consumers: v.pipe(v.array(ConsumerPoolSchema, 'must be a list of consumer pools'), v.maxLength(8, 'must have at most 8 consumer pools')),
  faults: v.optional(v.pipe(v.array(QueueFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
  /** QueueLab's client–broker round trip (not a broker setting): every API call and delivery takes it. */
  timing: v.optional(v.strictObject({ 'rtt.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 1) }), {}),
});

/** Field names of this schema that contain dots, so `--set` paths can address them. */
export const QUEUE_DOTTED_FIELDS: readonly string[] = ['rtt.ms', 'vm_memory_high_watermark.relative', 'disk_free_limit.absolute'];
