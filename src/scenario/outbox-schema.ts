/**
 * Scenario schema of the outbox model (`"model": "outbox"`): the write path from a service's
 * database to a broker — an app that writes a row and publishes an event per request, as a dual
 * write (either order) or through a transactional outbox and a relay — and a consumer that applies
 * the events, idempotent or not (issue 15, catalog `dual-write-outbox`; seed articles 003 §18, §22,
 * §28 and 004 §6–7, §10).
 *
 * Names and defaults that come from real systems:
 * - `publish.delivery.timeout.ms`: Kafka's producer setting (default 120000 ms);
 * - the CDC relay: Debezium's `poll.interval.ms` (500) and `max.batch.size` (2048)
 *   (debezium CommonConnectorConfig: DEFAULT_POLL_INTERVAL_MILLIS, DEFAULT_MAX_BATCH_SIZE) and Kafka
 *   Connect's worker setting `offset.flush.interval.ms` (60000); Connect's own producer overrides
 *   (Worker.java: acks=all, max.in.flight.requests.per.connection=1, delivery.timeout.ms =
 *   Integer.MAX_VALUE) are built into the model.
 *
 * QueueLab's own, not any system's settings: the polling relay's `pollInterval` and `batchSize`
 * (the article's relay takes `LIMIT 100`), the database's `time` and `failureRate`, the publish
 * `latency` and the consumer's `time`.
 */
import * as v from 'valibot';
import { commonEntries, num, SECONDS, ServiceSchema, text, typeMsg } from './fields.ts';
import { ClientsSchema } from './service-schema.ts';

const at = () => num(0, SECONDS, { unit: 's' });
const bool = () => v.boolean('must be true or false');

export const OUTBOX_MODES = ['dual-write', 'publish-first', 'outbox'] as const;
export const RELAY_KINDS = ['polling', 'cdc'] as const;

export const OutboxDefaults = {
  /** Kafka's producer default. */
  'delivery.timeout.ms': 120_000,
  /** Debezium's defaults. */
  'poll.interval.ms': 500,
  'max.batch.size': 2048,
  /** Kafka Connect's worker default. */
  'offset.flush.interval.ms': 60_000,
  /** QueueLab's: a polling relay every second, 100 rows a poll (the seed article's LIMIT 100). */
  pollInterval: 1,
  batchSize: 100,
} as const;

export const OutboxAppSchema = v.strictObject(
  {
    /** Requests per second at t = 0. */
    rate: ClientsSchema.entries.rate,
    arrivals: ClientsSchema.entries.arrivals,
    profile: ClientsSchema.entries.profile,
  },
  'must be an object like { "rate": 200 }',
);

export const OutboxDbSchema = v.strictObject(
  {
    /** One transaction (and one relay SELECT or UPDATE), before slowdowns. */
    time: ServiceSchema,
    /** Share of commits that fail (a deadlock, a constraint) and roll back. */
    failureRate: v.optional(num(0, 1), 0),
  },
  'must be an object like { "time": { "type": "exponential", "mean": 0.01 } }',
);

export const OutboxPublishSchema = v.strictObject(
  {
    /** A send's time to its acknowledgement while the broker is up. */
    latency: ServiceSchema,
    /** Kafka's producer setting: a send not acknowledged this long after it started fails. */
    'delivery.timeout.ms': v.optional(num(1, 2_147_483_647, { integer: true, unit: 'ms' }), OutboxDefaults['delivery.timeout.ms']),
  },
  'must be an object like { "latency": { "type": "exponential", "mean": 0.01 } }',
);

export const OutboxRelaySchema = v.strictObject(
  {
    /** polling: SELECT … LIMIT, publish, UPDATE (the article's relay); cdc: read the database's log (Debezium on Kafka Connect). */
    kind: v.optional(v.picklist(RELAY_KINDS, typeMsg(RELAY_KINDS.map((k) => `"${k}"`))), 'polling'),
    /** polling: seconds between polls that found less than a full batch. */
    pollInterval: v.optional(num(0, 3600, { minExclusive: true, unit: 's' }), OutboxDefaults.pollInterval),
    /** polling: rows one poll takes. */
    batchSize: v.optional(num(1, 100_000, { integer: true }), OutboxDefaults.batchSize),
    /** cdc: Debezium waits this long when the log has nothing new. */
    'poll.interval.ms': v.optional(num(1, 3_600_000, { integer: true, unit: 'ms' }), OutboxDefaults['poll.interval.ms']),
    /** cdc: most changes one poll hands to Kafka Connect. */
    'max.batch.size': v.optional(num(1, 100_000, { integer: true }), OutboxDefaults['max.batch.size']),
    /** cdc: Kafka Connect commits the connector's source offset this often; a restart resumes from the last commit. */
    'offset.flush.interval.ms': v.optional(num(1, 86_400_000, { integer: true, unit: 'ms' }), OutboxDefaults['offset.flush.interval.ms']),
  },
  'must be an object like { "kind": "polling", "pollInterval": 1, "batchSize": 100 }',
);

export const OutboxConsumerSchema = v.strictObject(
  {
    /** Deduplicates by event id in the same local transaction as the effect (processed_events). */
    idempotent: v.optional(bool(), false),
    /** Time to apply one event; one consumer, in order. */
    time: v.optional(ServiceSchema, { type: 'deterministic', mean: 0.001 }),
  },
  'must be an object like { "idempotent": true }',
);

export const OUTBOX_FAULT_KINDS = ['app-crash', 'relay-crash', 'broker-outage', 'db-slowdown', 'load-spike'] as const;
const duration = () => num(0, SECONDS, { minExclusive: true, unit: 's' });
const restartAfter = () => v.optional(num(0, 86_400, { minExclusive: true, unit: 's' }), 10);

export const OutboxFaultSchema = v.variant(
  'kind',
  [
    /** The app's process dies (a deploy, an OOM kill): open transactions roll back, sends in flight are lost; requests are refused until it is back. */
    v.strictObject({ at: at(), kind: v.literal('app-crash'), restartAfter: restartAfter() }),
    /** The relay dies; `before-mark`: at its first moment, at or after `at`, holding published rows it has not yet marked (polling; CDC ignores it). */
    v.strictObject({ at: at(), kind: v.literal('relay-crash'), restartAfter: restartAfter(), point: v.optional(v.picklist(['any', 'before-mark'], typeMsg(['"any"', '"before-mark"'])), 'any') }),
    /** The broker acknowledges nothing and serves no fetch for `duration` s. */
    v.strictObject({ at: at(), kind: v.literal('broker-outage'), duration: duration() }),
    /** Database times × factor for `duration` s. */
    v.strictObject({ at: at(), kind: v.literal('db-slowdown'), factor: num(1, 1000), duration: duration() }),
    /** The request rate × factor for `duration` s. */
    v.strictObject({ at: at(), kind: v.literal('load-spike'), factor: num(0, 1000), duration: duration() }),
  ],
  typeMsg(OUTBOX_FAULT_KINDS),
);

export const OutboxScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('outbox'),
  /** dual-write: commit, then publish; publish-first: publish, then commit; outbox: one transaction, and a relay. */
  mode: v.optional(v.picklist(OUTBOX_MODES, typeMsg(OUTBOX_MODES.map((m) => `"${m}"`))), 'dual-write'),
  /** The topic's name (it shows in the log lines). */
  topic: v.optional(v.pipe(text(64), v.regex(/^[A-Za-z0-9._-]+$/, "must be a topic name of letters, digits, '.', '_' and '-'")), 'orders'),
  app: OutboxAppSchema,
  db: OutboxDbSchema,
  publish: OutboxPublishSchema,
  relay: v.optional(OutboxRelaySchema, {}),
  consumer: v.optional(OutboxConsumerSchema, {}),
  faults: v.optional(v.pipe(v.array(OutboxFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
});

/** Field names of this schema that contain dots, so `--set` paths can address them. */
export const OUTBOX_DOTTED_FIELDS: readonly string[] = ['delivery.timeout.ms', 'poll.interval.ms', 'max.batch.size', 'offset.flush.interval.ms'];
