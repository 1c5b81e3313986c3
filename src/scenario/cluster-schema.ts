/**
 * Scenario schema of the cluster model (`"model": "cluster"`): Kafka's write path and durability.
 * A cluster of brokers holds one topic whose partitions have `replication.factor` replicas — a leader
 * and followers that fetch from it; producers write with `acks` 0 / 1 / all, retries and (by default)
 * idempotence; the leader keeps the in-sync replicas (ISR) and the high watermark; a controller
 * (KRaft or ZooKeeper, as a simple timing model) elects new leaders when a broker dies, cleanly from
 * the ISR or, with `unclean.leader.election.enable`, from any live replica. Optionally a
 * read-process-write processor (`processing.guarantee` at_least_once / exactly_once_v2, Kafka
 * Streams' names) copies the topic to `<topic>-out`, and consumers read either topic with an
 * `isolation.level` and a `client.rack` (follower fetching).
 *
 * Config names and defaults are Kafka 4.x's (kafka-defaults.json holds their sources), in Kafka's
 * units (ms); the scenario's own instants (`at`, `duration`, `restartAfter`) are seconds, as in every
 * model. Broker ids are 1…N, as `kafka-topics.sh --describe` prints them.
 *
 * Simplifications (the README lists them): no disk — a broker that crashes keeps what it had
 * appended (the page cache survives a process crash; a power loss of the whole cluster is not
 * modelled, nor `log.flush.*`); one replica fetcher per broker pair; the output topic of the
 * processor is not replicated; controllers are a timing model, not simulated nodes.
 */
import * as v from 'valibot';
import { commonEntries, num, SECONDS, ServiceSchema, text, typeMsg } from './fields.ts';
import { CrashFault, KafkaDefaults, LoadSpikeFault, ProducerSchema, RestartFault } from './kafka-schema.ts';
import { COMPRESSION_TYPES } from '../sim/model/cluster/compression.ts';

const name = (what: string) =>
  v.pipe(text(64), v.regex(/^[A-Za-z0-9._-]+$/, `must be a ${what} name of letters, digits, '.', '_' and '-'`));
const bool = () => v.boolean('must be true or false');
const at = () => num(0, SECONDS, { unit: 's' });
const ms = (min: number, max: number) => num(min, max, { integer: true, unit: 'ms' });

/** Brokers a cluster may have (ids 1…MAX_BROKERS). */
export const MAX_BROKERS = 64;

export const ClusterDefaults = {
  brokers: 3,
  /** Broker default `default.replication.factor` is 1; QueueLab's topics default to 3, as production topics are created. */
  'replication.factor': 3,
  'min.insync.replicas': 1,
  'unclean.leader.election.enable': false,
  'replica.lag.time.max.ms': 30_000,
  'replica.fetch.wait.max.ms': 500,
  'auto.leader.rebalance.enable': true,
  'leader.imbalance.check.interval.seconds': 300,
  acks: 'all',
  retries: 2_147_483_647,
  'retry.backoff.ms': 100,
  'request.timeout.ms': 30_000,
  'delivery.timeout.ms': 120_000,
  'max.in.flight.requests.per.connection': 5,
  'linger.ms': 5,
  'fetch.max.wait.ms': 500,
  /** ConsumerConfig: 1 MiB per partition and 50 MiB per response (kafka-defaults.json; the log model's KafkaDefaults). */
  'max.partition.fetch.bytes': KafkaDefaults['max.partition.fetch.bytes'],
  'fetch.max.bytes': KafkaDefaults['fetch.max.bytes'],
  'isolation.level': 'read_uncommitted',
  'commit.interval.ms': 100,
  'transaction.timeout.ms': 60_000,
  'broker.session.timeout.ms': 9_000,
  'zookeeper.session.timeout.ms': 18_000,
  'controller.quorum.election.timeout.ms': 1_000,
  /** ServerConfigs.NUM_IO_THREADS_DEFAULT and SocketServerConfigs.QUEUED_MAX_REQUESTS_DEFAULT (kafka-defaults.json). */
  'num.io.threads': 8,
  'queued.max.requests': 500,
  'compression.type': 'none',
  /** ProducerConfig: 32 MiB of accumulator memory, and send() blocks up to 60 s for it (kafka-defaults.json). */
  'buffer.memory': 33_554_432,
  'max.block.ms': 60_000,
  /** QueueLab's web front: a 30 s gateway timeout (nginx's proxy_read_timeout and AWS ALB's idle timeout default to 60 s; 30 s is a common setting). */
  'front.timeout.ms': 30_000,
} as const;

export { COMPRESSION, COMPRESSION_TYPES, type CompressionType } from '../sim/model/cluster/compression.ts';

export const CONTROLLER_MODES = ['kraft', 'zookeeper'] as const;

/**
 * The controller as a timing model (nothing of ZooKeeper or the KRaft quorum is simulated):
 * - a broker that dies is noticed after `broker.session.timeout.ms` (KRaft: no heartbeat) or
 *   `zookeeper.session.timeout.ms` (ZooKeeper: its ephemeral znode expires);
 * - the controller then elects a leader for each of its partitions, one after another, at
 *   `electionMsPerPartition` each (ZooKeeper: a znode write per partition; KRaft: a record in the
 *   metadata log), and each partition is back online when its election is done;
 * - when the active controller itself fails over (`controller-failover`, or in ZooKeeper mode a
 *   crash of the broker that is the controller), the new one is ready after
 *   `controller.quorum.election.timeout.ms` (KRaft: a standby already has the metadata) or after
 *   the ZooKeeper session timeout plus `loadMsPerPartition` × every partition of the cluster
 *   (ZooKeeper: the new controller reads the whole state before it acts).
 */
export const ControllerSchema = v.strictObject({
  mode: v.optional(v.picklist(CONTROLLER_MODES, typeMsg(CONTROLLER_MODES)), 'kraft'),
  'broker.session.timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['broker.session.timeout.ms']),
  'zookeeper.session.timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['zookeeper.session.timeout.ms']),
  'controller.quorum.election.timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['controller.quorum.election.timeout.ms']),
  /** QueueLab's model: controller time per partition leader election, ms; null = the mode's default (KRaft 0.01, ZooKeeper 1). */
  electionMsPerPartition: v.optional(v.nullable(num(0, 10_000, { unit: 'ms' })), null),
  /** QueueLab's model: a new ZooKeeper-mode controller reads each partition's state, ms per partition; null = the mode's default (KRaft 0, ZooKeeper 0.1). */
  loadMsPerPartition: v.optional(v.nullable(num(0, 10_000, { unit: 'ms' })), null),
}, 'must be an object like { "mode": "kraft" }');

export const REPLICA_SELECTORS = ['leader', 'rack-aware'] as const;

export const ClusterSchema = v.strictObject({
  brokers: v.optional(num(1, MAX_BROKERS, { integer: true }), ClusterDefaults.brokers),
  /** `broker.rack` of each broker, by index (broker 1 is the first), cycled when shorter; [] = no racks. */
  'broker.rack': v.optional(v.pipe(v.array(name('rack'), 'must be a list of rack names'), v.maxLength(MAX_BROKERS, `must have at most ${MAX_BROKERS} racks`)), []),
  /** A follower that has not caught up to the leader's log end for this long leaves the ISR. */
  'replica.lag.time.max.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['replica.lag.time.max.ms']),
  /** A follower's fetch waits up to this long at the leader for new records. */
  'replica.fetch.wait.max.ms': v.optional(ms(0, 60_000), ClusterDefaults['replica.fetch.wait.max.ms']),
  /** `replica.selector.class`: `leader` (Kafka's default, no class set) or `rack-aware` (RackAwareReplicaSelector: a consumer with `client.rack` reads from a replica in its rack). */
  'replica.selector.class': v.optional(v.picklist(REPLICA_SELECTORS, typeMsg(REPLICA_SELECTORS)), 'leader'),
  /** Move leadership back to each partition's preferred (first) replica once it is in the ISR again. */
  'auto.leader.rebalance.enable': v.optional(bool(), ClusterDefaults['auto.leader.rebalance.enable']),
  'leader.imbalance.check.interval.seconds': v.optional(num(1, 86_400, { integer: true, unit: 's' }), ClusterDefaults['leader.imbalance.check.interval.seconds']),
  controller: v.optional(ControllerSchema, {}),
  /**
   * Request handler threads per broker. Used only when produce requests cost the broker time
   * (`timing.request.ms` or `timing.request.ms.per.MiB` set): then each produce request holds one
   * thread for its cost, and requests beyond the free threads wait in the request queue.
   */
  'num.io.threads': v.optional(num(1, 256, { integer: true }), ClusterDefaults['num.io.threads']),
  /**
   * Requests the broker's request queue holds; when it is full the network threads stop reading
   * (QueueLab: a request that reaches a full queue waits, unread, until a place frees, in arrival
   * order — its wait counts as queue time). Used only with the request costs on, as above.
   */
  'queued.max.requests': v.optional(num(1, 100_000, { integer: true }), ClusterDefaults['queued.max.requests']),
}, 'must be an object like { "brokers": 3 }');

export const ClusterTopicSchema = v.strictObject({
  name: v.optional(name('topic'), 'orders'),
  partitions: v.optional(num(1, 100_000, { integer: true }), 6),
  'replication.factor': v.optional(num(1, MAX_BROKERS, { integer: true }), ClusterDefaults['replication.factor']),
  /** With acks=all, a write is refused (NOT_ENOUGH_REPLICAS) while the ISR is smaller than this. */
  'min.insync.replicas': v.optional(num(1, MAX_BROKERS, { integer: true }), ClusterDefaults['min.insync.replicas']),
  /** Elect a replica outside the ISR when no in-sync one is alive (availability over durability). */
  'unclean.leader.election.enable': v.optional(bool(), ClusterDefaults['unclean.leader.election.enable']),
}, 'must be an object like { "name": "orders", "partitions": 6, "replication.factor": 3 }');

export const ACKS = ['0', '1', 'all'] as const;

/** What the web handler answers: after-send = 200 once send() returned, 503 when it threw; accept-and-shed = 202 once send() returned, and a record send() refused is dropped and counted. */
export const FRONT_RESPONSES = ['after-send', 'accept-and-shed'] as const;

/**
 * QueueLab's assumption, not a Kafka setting: web requests in front of the producer. Every arrival
 * of the producer is one HTTP request whose handler (its own thread; no thread-pool limit) calls
 * send() once and answers when send() returns — `after-send`: 200, or 503 when send() failed with
 * BufferExhaustedException; `accept-and-shed`: 202 either way, a refused record dropped and counted
 * as shed. The load balancer (or the client) gives up after `timeout.ms` and answers 504 Gateway
 * Timeout when the handler has not answered by then; the handler runs on regardless (its send()
 * may still put the record in the buffer). Without a front (null), the producer is one application
 * thread calling send() at its rate: a send() that blocks holds back the next one.
 */
export const FrontSchema = v.strictObject({
  'timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['front.timeout.ms']),
  respond: v.optional(v.picklist(FRONT_RESPONSES, typeMsg(FRONT_RESPONSES)), 'after-send'),
}, 'must be null or an object like { "timeout.ms": 30000, "respond": "after-send" }');

/** A producer of the topic: the log model's producer with the write-path settings. */
export const ClusterProducerSchema = v.strictObject({
  ...v.omit(ProducerSchema, ['metadata.max.age.ms']).entries,
  /** "0": no response awaited; "1": the leader's append; "all": every replica in the ISR (the default since Kafka 3.0). */
  acks: v.optional(v.picklist(ACKS, typeMsg(ACKS.map((a) => `"${a}"`))), ClusterDefaults.acks),
  /**
   * null = not set: on, unless acks is not all or retries is 0, which turn it off silently (Kafka
   * 3.2+); more than 5 requests in flight is refused unless it is false (Kafka's ConfigException
   * names it even when idempotence is only on by default). true with acks other than all or
   * retries 0 is refused too, as Kafka refuses it.
   */
  'enable.idempotence': v.optional(v.nullable(bool()), null),
  retries: v.optional(num(0, 2_147_483_647, { integer: true }), ClusterDefaults.retries),
  'retry.backoff.ms': v.optional(ms(0, 3_600_000), ClusterDefaults['retry.backoff.ms']),
  'request.timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['request.timeout.ms']),
  /** A record not acknowledged this long after send() fails with a TimeoutException ("Expiring N record(s) …"). */
  'delivery.timeout.ms': v.optional(ms(1, 86_400_000), ClusterDefaults['delivery.timeout.ms']),
  /** Requests in flight on one connection, to one broker (a request carries a batch of each partition that broker leads; the broker handles a connection's requests one at a time). */
  'max.in.flight.requests.per.connection': v.optional(num(1, 1000, { integer: true }), ClusterDefaults['max.in.flight.requests.per.connection']),
  'linger.ms': v.optional(ms(0, 60_000), ClusterDefaults['linger.ms']),
  /** The codec of the producer's batches (Kafka's default none): batches on the wire and in the log shrink by the codec's ratio, and batch.size counts compressed bytes, as Kafka's estimate does. */
  'compression.type': v.optional(v.picklist(COMPRESSION_TYPES, typeMsg(COMPRESSION_TYPES)), ClusterDefaults['compression.type']),
  /** QueueLab's assumption: compressed size over uncompressed size; null = the codec's assumed ratio (gzip 0.3, snappy 0.5, lz4 0.45, zstd 0.28); ignored with compression.type none. */
  compressionRatio: v.optional(v.nullable(num(0.01, 1)), null),
  /** Broker rack of the producer's host (only decides which links are cross-rack). */
  'client.rack': v.optional(v.nullable(name('rack')), null),
  /**
   * The accumulator's memory (Kafka's BufferPool): each new batch takes max(batch.size, the
   * record's size) bytes at send() and gives them back when the batch is acknowledged, fails or
   * expires; a send() that needs a new batch when none is left waits, first come first served.
   */
  'buffer.memory': v.optional(num(1, 1_099_511_627_776, { integer: true, unit: 'bytes' }), ClusterDefaults['buffer.memory']),
  /** How long send() waits for buffer memory before it fails with BufferExhaustedException (a TimeoutException); 0 = fail at once. */
  'max.block.ms': v.optional(ms(0, 86_400_000), ClusterDefaults['max.block.ms']),
  front: v.optional(v.nullable(FrontSchema), null),
});

export const PROCESSING_GUARANTEES = ['at_least_once', 'exactly_once_v2'] as const;

/**
 * A read-process-write loop (a Kafka Streams task per partition, in one instance): it reads the
 * topic, takes `processing.time` per record, writes one output record per input record to
 * `<topic>-out` (same partition number) and commits its input offsets every `commit.interval.ms`.
 * `at_least_once`: outputs are written at once and offsets committed afterwards — a crash between
 * the two re-processes records after the restart (duplicate outputs). `exactly_once_v2`: the
 * outputs and the offsets of one commit interval are one transaction (`transactional.id`); a crash
 * aborts it (the restarted instance fences the old one, or `transaction.timeout.ms` expires), and
 * only `read_committed` consumers skip the aborted records.
 */
export const ProcessorSchema = v.strictObject({
  name: v.optional(name('processor'), 'enricher'),
  'processing.guarantee': v.optional(v.picklist(PROCESSING_GUARANTEES, typeMsg(PROCESSING_GUARANTEES)), 'at_least_once'),
  processing: v.strictObject({ time: ServiceSchema }, 'must be an object like { "time": { "type": "exponential", "mean": 0.002 } }'),
  /** Kafka Streams' default is 30000 ms with at_least_once and 100 ms with exactly_once_v2; QueueLab uses 100 for both unless set. */
  'commit.interval.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['commit.interval.ms']),
  'transaction.timeout.ms': v.optional(ms(1, 3_600_000), ClusterDefaults['transaction.timeout.ms']),
  /** Seconds until a crashed processor is restarted; null = never. */
  restartAfter: v.optional(v.nullable(num(0, 86_400, { unit: 's' })), 5),
}, 'must be null or an object like { "processing.guarantee": "exactly_once_v2", "processing": { "time": { "type": "exponential", "mean": 0.002 } } }');

export const ISOLATION_LEVELS = ['read_uncommitted', 'read_committed'] as const;
export const CONSUMER_READS = ['topic', 'output'] as const;

/** A consumer that reads every partition of a topic (assign(), no group) and measures what it sees. */
export const ClusterConsumerSchema = v.strictObject({
  name: v.optional(name('consumer'), 'reader'),
  /** `topic` = the producers' topic; `output` = the processor's `<topic>-out`. */
  reads: v.optional(v.picklist(CONSUMER_READS, typeMsg(CONSUMER_READS)), 'topic'),
  /** read_committed: stop at the last stable offset and skip aborted transactions' records. */
  'isolation.level': v.optional(v.picklist(ISOLATION_LEVELS, typeMsg(ISOLATION_LEVELS)), ClusterDefaults['isolation.level']),
  /** With `replica.selector.class` rack-aware, the consumer reads from a replica in this rack; a rack no broker is in is accepted, as Kafka accepts it, and the consumer reads from the leaders (the page warns). */
  'client.rack': v.optional(v.nullable(name('rack')), null),
  'fetch.max.wait.ms': v.optional(ms(0, 60_000), ClusterDefaults['fetch.max.wait.ms']),
  /** Most bytes one fetch returns for one partition (at least one record, however large). */
  'max.partition.fetch.bytes': v.optional(num(1, 1_073_741_824, { integer: true, unit: 'bytes' }), ClusterDefaults['max.partition.fetch.bytes']),
  /** Most bytes one fetch response returns over the partitions of its broker (at least one record); the broker starts the next response at the first partition this one left out. */
  'fetch.max.bytes': v.optional(num(1, 2_147_483_647, { integer: true, unit: 'bytes' }), ClusterDefaults['fetch.max.bytes']),
}, 'must be an object like { "name": "reader", "isolation.level": "read_committed" }');

export const CLUSTER_FAULT_KINDS = [
  'broker-crash',
  'broker-restart',
  'slow-broker',
  'slow-replica',
  'network-partition',
  'lose-response',
  'controller-failover',
  'crash',
  'restart',
  'producer-stop',
  'producer-start',
  'load-spike',
] as const;

const broker = () => num(1, MAX_BROKERS, { integer: true });
const target = () => v.union([name('producer'), v.literal('*')], 'must be a producer name or "*"');

export const ClusterFaultSchema = v.variant(
  'kind',
  [
    /** Broker `broker` (an id, 1…N) dies: its process is gone, clients see their connections closed; it comes back after `restartAfter` seconds (null = only by `broker-restart`). */
    v.strictObject({ at: at(), kind: v.literal('broker-crash'), broker: broker(), restartAfter: v.optional(v.nullable(num(0, SECONDS, { unit: 's' })), null) }),
    /** The broker starts again with the log it had, truncates what diverges from the leaders and catches up. */
    v.strictObject({ at: at(), kind: v.literal('broker-restart'), broker: broker() }),
    /**
     * The broker answers produce requests `delay.ms` later (a stalled disk: its appends wait) for
     * `duration` seconds; requests are still handled in the order they arrived. Replica and
     * consumer fetches are not slowed (that is `slow-replica`).
     */
    v.strictObject({ at: at(), kind: v.literal('slow-broker'), broker: broker(), 'delay.ms': num(0, 3_600_000, { minExclusive: true, unit: 'ms' }), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /** The broker's replica fetches take `delay` ms longer (a slow disk or link) for `duration` seconds. */
    v.strictObject({ at: at(), kind: v.literal('slow-replica'), broker: broker(), 'delay.ms': num(0, 3_600_000, { minExclusive: true, unit: 'ms' }), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /**
     * The broker is cut off from the other brokers and the controller (not from clients) for
     * `duration` seconds: as a follower it stops fetching; as a leader it still takes acks=0/1 writes
     * until the controller fences it and elects another leader — writes lost when it rejoins.
     */
    v.strictObject({ at: at(), kind: v.literal('network-partition'), broker: broker(), duration: num(0, SECONDS, { minExclusive: true, unit: 's' }) }),
    /** The next `count` produce responses to this producer are lost on the way back: the write happened, the ack never arrives; nothing after it arrives on that connection either (its stream is in order) until the client times the request out, closes the connection and retries everything that was in flight on it. */
    v.strictObject({ at: at(), kind: v.literal('lose-response'), target: target(), count: v.optional(num(1, 1_000_000, { integer: true }), 1) }),
    /** The active controller fails over (KRaft: a standby takes over; ZooKeeper: a new controller loads the whole state). */
    v.strictObject({ at: at(), kind: v.literal('controller-failover') }),
    /** The processor (`target` = its name) dies mid-work; it restarts after `restartAfter` seconds (null = its own setting). */
    CrashFault,
    RestartFault,
    v.strictObject({ at: at(), kind: v.literal('producer-stop'), target: target() }),
    v.strictObject({ at: at(), kind: v.literal('producer-start'), target: target() }),
    LoadSpikeFault,
  ],
  typeMsg(CLUSTER_FAULT_KINDS),
);

export const ClusterScenarioSchema = v.strictObject({
  ...commonEntries,
  model: v.literal('cluster'),
  cluster: v.optional(ClusterSchema, {}),
  topic: v.optional(ClusterTopicSchema, {}),
  producers: v.pipe(v.array(ClusterProducerSchema, 'must be a list of producers'), v.minLength(1, 'must have at least 1 producer'), v.maxLength(16, 'must have at most 16 producers')),
  processor: v.optional(v.nullable(ProcessorSchema), null),
  consumers: v.optional(v.pipe(v.array(ClusterConsumerSchema, 'must be a list of consumers'), v.maxLength(8, 'must have at most 8 consumers')), []),
  faults: v.optional(v.pipe(v.array(ClusterFaultSchema, 'must be a list of faults'), v.maxLength(1000, 'must have at most 1000 faults')), []),
  /**
   * QueueLab's network and broker costs (not Kafka settings): round trips within a rack and across
   * racks, a broker's delay to append one request (a latency, no thread held), and the request
   * handlers' cost of a produce request: `request.ms` per request plus `request.ms.per.MiB` per MiB
   * of the (compressed) batch, holding one of `num.io.threads` for that long. Both null (the
   * default) = produce requests cost no handler time, as before the costs existed. Replica and
   * consumer fetches never cost handler time.
   */
  timing: v.optional(
    v.strictObject({
      'rtt.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 1),
      'cross-rack.rtt.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 3),
      'append.ms': v.optional(num(0, 60_000, { unit: 'ms' }), 0.2),
      'request.ms': v.optional(v.nullable(num(0, 10_000, { unit: 'ms' })), null),
      'request.ms.per.MiB': v.optional(v.nullable(num(0, 100_000, { unit: 'ms' })), null),
    }),
    {},
  ),
});

/** Field names of this schema that contain dots, so `--set` paths can address them. */
export const CLUSTER_DOTTED_FIELDS: readonly string[] = [
  'broker.rack',
  'replica.lag.time.max.ms',
  'replica.fetch.wait.max.ms',
  'replica.selector.class',
  'auto.leader.rebalance.enable',
  'leader.imbalance.check.interval.seconds',
  'num.io.threads',
  'queued.max.requests',
  'compression.type',
  'request.ms',
  'request.ms.per.MiB',
  'broker.session.timeout.ms',
  'zookeeper.session.timeout.ms',
  'controller.quorum.election.timeout.ms',
  'replication.factor',
  'min.insync.replicas',
  'unclean.leader.election.enable',
  'enable.idempotence',
  'retry.backoff.ms',
  'request.timeout.ms',
  'delivery.timeout.ms',
  'max.in.flight.requests.per.connection',
  'linger.ms',
  'client.rack',
  'buffer.memory',
  'max.block.ms',
  'timeout.ms',
  'processing.guarantee',
  'commit.interval.ms',
  'transaction.timeout.ms',
  'isolation.level',
  'fetch.max.wait.ms',
  'delay.ms',
  'rtt.ms',
  'cross-rack.rtt.ms',
  'append.ms',
];
