/**
 * Scenario schema of the storage model (`"model": "storage"`): one topic's partition logs on disk —
 * segments, `cleanup.policy` delete / compact / compact,delete, the log cleaner, tombstones — and a
 * reader that rebuilds a table (key → latest value) from the beginning of the log.
 *
 * Topic and broker settings use Kafka's names and defaults, read in apache/kafka @1eb7644:
 * storage/…/log/LogConfig.java (DEFAULT_SEGMENT_BYTES 1 GiB, DEFAULT_SEGMENT_MS and
 * DEFAULT_RETENTION_MS 7 days, DEFAULT_DELETE_RETENTION_MS 1 day, DEFAULT_MIN_COMPACTION_LAG_MS 0,
 * DEFAULT_MAX_COMPACTION_LAG_MS Long.MAX_VALUE, DEFAULT_MIN_CLEANABLE_DIRTY_RATIO 0.5),
 * storage/…/log/CleanerConfig.java (LOG_CLEANER_THREADS 1, LOG_CLEANER_BACKOFF_MS 15 s,
 * LOG_CLEANER_IO_MAX_BYTES_PER_SECOND Double.MAX_VALUE) and server-common/…/ServerLogConfigs.java
 * (LOG_RETENTION_BYTES_DEFAULT −1, LOG_CLEANUP_INTERVAL_MS_DEFAULT 5 min =
 * log.retention.check.interval.ms). Kafka's "no limit" values that JSON cannot hold
 * (Long.MAX_VALUE, Double.MAX_VALUE) are `null` here.
 *
 * QueueLab's own assumptions, not Kafka settings: `cleaner.speed.bytes.per.second` (how fast one
 * cleaner thread reads and rewrites a log), `record.overhead.bytes` (what a record costs on disk
 * besides its value), and the reader's `records.per.second`.
 */
import * as v from 'valibot';
import { commonEntries, num, SECONDS, typeMsg } from './fields.ts';
import { KafkaDefaults, LoadSpikeFault, ProducerSchema } from './kafka-schema.ts';

const at = () => num(0, SECONDS, { unit: 's' });
const ms = (min: number, max = 1e12) => num(min, max, { integer: true, unit: 'ms' });
const name = (what: string) => v.pipe(v.string('must be a string'), v.maxLength(64, 'must be at most 64 characters'), v.regex(/^[A-Za-z0-9._-]+$/, `must be a ${what} name of letters, digits, '.', '_' and '-'`));

export const StorageDefaults = {
  'segment.bytes': 1_073_741_824,
  'segment.ms': KafkaDefaults['segment.ms'],
  'retention.ms': KafkaDefaults['retention.ms'],
  'retention.bytes': -1,
  'delete.retention.ms': 86_400_000,
  'min.cleanable.dirty.ratio': 0.5,
  'min.compaction.lag.ms': 0,
  'log.retention.check.interval.ms': KafkaDefaults['log.retention.check.interval.ms'],
  'log.cleaner.threads': 1,
  'log.cleaner.backoff.ms': 15_000,
  /** QueueLab's assumption: one cleaner thread reads and rewrites 100 MB/s (not a Kafka setting). */
  'speed.bytes.per.second': 100_000_000,
  /** QueueLab's assumption: bytes a record costs on disk besides its value (batch and record headers, key). */
  'record.overhead.bytes': 64,
  'records.per.second': 5_000,
  'fetch.max.wait.ms': 500,
  'max.poll.records': 500,
} as const;

const RETENTION_BYTES_MSG = 'must be -1 (no limit) or an integer in [1024, 1e15] bytes';

export const CLEANUP_POLICIES = ['delete', 'compact', 'compact,delete'] as const;
export type CleanupPolicy = (typeof CLEANUP_POLICIES)[number];

export const StorageTopicSchema = v.strictObject({
  name: v.optional(name('topic'), 'customers'),
  partitions: v.optional(num(1, 64, { integer: true }), 6),
  /** delete: old segments are deleted by time/size; compact: the cleaner keeps the latest record per key; both: both. */
  'cleanup.policy': v.optional(v.picklist(CLEANUP_POLICIES, typeMsg(CLEANUP_POLICIES.map((p) => `"${p}"`))), 'delete'),
  /** A segment rolls when the next record would make it larger than this. */
  'segment.bytes': v.optional(num(1024, 1_073_741_824, { integer: true, unit: 'bytes' }), StorageDefaults['segment.bytes']),
  /** A segment rolls at the first append this long after its first record. */
  'segment.ms': v.optional(ms(1000), StorageDefaults['segment.ms']),
  /** delete: a closed segment whose newest record is older than this is deleted. */
  'retention.ms': v.optional(ms(1000), StorageDefaults['retention.ms']),
  /** delete: per partition, the oldest closed segments are deleted while the log is larger than this; −1 = no limit. */
  'retention.bytes': v.optional(
    v.pipe(v.number(RETENTION_BYTES_MSG), v.check((x) => x === -1 || (Number.isInteger(x) && x >= 1024 && x <= 1e15), RETENTION_BYTES_MSG), v.metadata({ unit: 'bytes' })),
    StorageDefaults['retention.bytes'],
  ),
  /** compact: a tombstone is kept this long after the first clean that sees it (its delete horizon). */
  'delete.retention.ms': v.optional(ms(0), StorageDefaults['delete.retention.ms']),
  /** compact: a partition is cleaned once its dirty bytes exceed this share of its cleanable log. */
  'min.cleanable.dirty.ratio': v.optional(num(0, 1), StorageDefaults['min.cleanable.dirty.ratio']),
  /** compact: a segment is not cleaned until its newest record is at least this old. */
  'min.compaction.lag.ms': v.optional(ms(0), StorageDefaults['min.compaction.lag.ms']),
  /** compact: a dirty segment older than this is cleaned whatever the dirty ratio; null = Kafka's Long.MAX_VALUE (never). */
  'max.compaction.lag.ms': v.optional(v.nullable(ms(1)), null),
}, 'must be an object like { "partitions": 6, "cleanup.policy": "compact" }');

export const CleanerSchema = v.strictObject({
  /** Cleaner threads: how many partitions are cleaned at once (0 = the cleaner is off). */
  'log.cleaner.threads': v.optional(num(0, 16, { integer: true }), StorageDefaults['log.cleaner.threads']),
  /** A thread that finds nothing to clean sleeps this long. */
  'log.cleaner.backoff.ms': v.optional(ms(1), StorageDefaults['log.cleaner.backoff.ms']),
  /** Kafka's throttle on the cleaner's read + write I/O; null = Kafka's default (unlimited). */
  'log.cleaner.io.max.bytes.per.second': v.optional(v.nullable(num(1000, 1e12, { unit: 'bytes/s' })), null),
  /** QueueLab's assumption: how fast one thread reads and rewrites a log (a clean takes its bytes / this). */
  'speed.bytes.per.second': v.optional(num(1000, 1e12, { unit: 'bytes/s' }), StorageDefaults['speed.bytes.per.second']),
  /** How often the retention check deletes expired segments (log.retention.check.interval.ms). */
  'log.retention.check.interval.ms': v.optional(ms(1000), StorageDefaults['log.retention.check.interval.ms']),
}, 'must be an object like { "log.cleaner.threads": 1 }');

export const StorageProducerSchema = v.strictObject({
  ...v.omit(ProducerSchema, ['batch.size', 'metadata.max.age.ms', 'recordBytes']).entries,
  /** Bytes of a record's value (an update); a tombstone has no value. */
  'value.bytes': v.optional(num(0, 1_048_576, { integer: true, unit: 'bytes' }), 1024),
  /** Share of writes that delete their key: a record with a null value (a tombstone). */
  tombstones: v.optional(num(0, 1), 0),
});

export const ReaderSchema = v.strictObject({
  /** When the reader starts reading from the beginning (auto.offset.reset=earliest), seconds; null = only at a "restore" fault. */
  start: v.optional(v.nullable(at()), null),
  /** QueueLab's assumption: records the reader reads and applies to its table per second. */
  'records.per.second': v.optional(num(1, 10_000_000, { unit: '/s' }), StorageDefaults['records.per.second']),
  /** Records per fetch (Kafka's max.poll.records). */
  'max.poll.records': v.optional(num(1, 100_000, { integer: true }), StorageDefaults['max.poll.records']),
  /** A reader at the log end waits this long for new records (Kafka's fetch.max.wait.ms). */
  'fetch.max.wait.ms': v.optional(ms(1, 3_600_000), StorageDefaults['fetch.max.wait.ms']),
}, 'must be an object like { "start": 1500, "records.per.second": 5000 }');

export const STORAGE_FAULT_KINDS = ['restore', 'reader-offline', 'producer-stop', 'producer-start', 'load-spike'] as const;

export const StorageFaultSchema = v.variant(
  'kind',
  [
    /** The reader drops its table and reads the log again from the beginning (offset reset to earliest). */
    v.strictObject({ at: at(), kind: v.literal('restore') }),
    /** The reader stops reading for `duration` seconds, then resumes where it was. */
    v.strictObject({ at: at(), kind: v.literal('reader-offline'), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    v.strictObject({ at: at(), kind: v.literal('producer-stop'), target: v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"') }),
    v.strictObject({ at: at(), kind: v.literal('producer-start'), target: v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"') }),
    LoadSpikeFault,
  ],
  typeMsg(STORAGE_FAULT_KINDS),
);

export const StorageScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('storage'),
  topic: v.optional(StorageTopicSchema, {}),
  cleaner: v.optional(CleanerSchema, {}),
  producer: StorageProducerSchema,
  reader: v.optional(ReaderSchema, {}),
  faults: v.optional(v.pipe(v.array(StorageFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
  /** QueueLab's assumption: bytes a record costs on disk besides its value (headers, key, offset). */
  'record.overhead.bytes': v.optional(num(0, 4096, { integer: true, unit: 'bytes' }), StorageDefaults['record.overhead.bytes']),
});

/** Field names of this schema that contain dots, so `--set` paths can address them. */
export const STORAGE_DOTTED_FIELDS: readonly string[] = [
  'cleanup.policy',
  'segment.bytes',
  'segment.ms',
  'retention.ms',
  'retention.bytes',
  'delete.retention.ms',
  'min.cleanable.dirty.ratio',
  'min.compaction.lag.ms',
  'max.compaction.lag.ms',
  'log.cleaner.threads',
  'log.cleaner.backoff.ms',
  'log.cleaner.io.max.bytes.per.second',
  'speed.bytes.per.second',
  'log.retention.check.interval.ms',
  'value.bytes',
  'records.per.second',
  'max.poll.records',
  'fetch.max.wait.ms',
  'record.overhead.bytes',
];
