/**
 * The cluster model's configuration: the validated scenario in the model's units (seconds; the
 * scenario's ms fields are divided by 1000 here, once) with every "null = the default" resolved —
 * the controller's per-mode timings and each producer's effective `enable.idempotence`.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import { COMPRESSION, type CompressionType } from './compression.ts';
import type { Acks, ClusterFault } from './types.ts';

export type ScenarioProducer = ClusterScenario['producers'][number];

export interface ClusterProducerConfig {
  spec: ScenarioProducer;
  name: string;
  acks: Acks;
  /** enable.idempotence in effect (null resolved as Kafka 3.2+ does). */
  idempotence: boolean;
  retries: number;
  /** retry.backoff.ms and retry.backoff.max.ms (Kafka 4: 1000 ms), seconds. */
  backoff: number;
  backoffMax: number;
  requestTimeout: number;
  deliveryTimeout: number;
  maxInFlight: number;
  linger: number;
  batchSize: number;
  recordBytes: number;
  /** compression.type, the compressed size of one record on the wire and in the log (recordBytes × ratio), and the producer's CPU time to compress one uncompressed byte, seconds (QueueLab's assumptions). */
  compression: CompressionType;
  wireBytes: number;
  compressPerByte: number;
  rack: string | null;
  /** buffer.memory, bytes; the bytes one new batch takes from it (Kafka: max(batch.size, the record's size)); max.block.ms, seconds. */
  bufferMemory: number;
  batchAlloc: number;
  maxBlock: number;
  /** QueueLab's web front (null: one application thread calls send()): the load balancer's timeout, seconds, and whether the handler answers 202 and sheds a record send() refused. */
  front: { timeout: number; shed: boolean } | null;
}

/**
 * The brokers' request handlers (null = produce requests cost no handler time): `num.io.threads`
 * per broker, `queued.max.requests`, and a produce request's cost, seconds: `perRequest` plus
 * `perByte` × its (compressed) bytes.
 */
export interface ClusterIoConfig {
  threads: number;
  queueMax: number;
  perRequest: number;
  perByte: number;
}

export interface ClusterConfig {
  topic: string;
  partitions: number;
  rf: number;
  minIsr: number;
  unclean: boolean;
  brokers: number;
  /** Rack of broker id b at index b − 1 (null without racks). */
  racks: (string | null)[];
  lagMax: number;
  fetchWait: number;
  rackAware: boolean;
  rebalance: boolean;
  rebalanceEvery: number;
  controller: {
    mode: 'kraft' | 'zookeeper';
    /** How long a dead broker goes unnoticed: broker.session.timeout.ms (KRaft) or zookeeper.session.timeout.ms. */
    sessionTimeout: number;
    /** Until a new controller is ready after a failover. */
    failoverTime: number;
    electionPerPartition: number;
  };
  rtt: number;
  crossRtt: number;
  append: number;
  io: ClusterIoConfig | null;
  producers: ClusterProducerConfig[];
  faults: ClusterFault[];
  warmup: number;
  horizon: number;
}

/** Kafka 4's retry.backoff.max.ms default: backoff grows exponentially up to it. */
export const RETRY_BACKOFF_MAX = 1;

/** Kafka 3.2+: idempotence is on unless a conflicting setting is made (acks ≠ all, retries 0, > 5 in flight). */
export function effectiveIdempotence(p: Pick<ScenarioProducer, 'enable.idempotence' | 'acks' | 'retries' | 'max.in.flight.requests.per.connection'>): boolean {
  if (p['enable.idempotence'] !== null) return p['enable.idempotence'];
  return p.acks === 'all' && p.retries > 0 && p['max.in.flight.requests.per.connection'] <= 5;
}

/** Produce requests cost the brokers' request handlers time (timing.request.ms or request.ms.per.MiB set): the I/O model is on. */
export function hasRequestCosts(s: Pick<ClusterScenario, 'timing'>): boolean {
  return s.timing['request.ms'] !== null || s.timing['request.ms.per.MiB'] !== null;
}

/** Compressed size over uncompressed size of the producer's batches (1 without compression). */
export function compressionRatio(p: Pick<ScenarioProducer, 'compression.type' | 'compressionRatio'>): number {
  const t = p['compression.type'];
  return t === 'none' ? 1 : (p.compressionRatio ?? COMPRESSION[t].ratio);
}

export function clusterConfig(s: ClusterScenario): ClusterConfig {
  const c = s.cluster;
  const ctl = c.controller;
  const zk = ctl.mode === 'zookeeper';
  const racks = c['broker.rack'];
  const electionMs = ctl.electionMsPerPartition ?? (zk ? 1 : 0.01);
  const loadMs = ctl.loadMsPerPartition ?? (zk ? 0.1 : 0);
  return {
    topic: s.topic.name,
    partitions: s.topic.partitions,
    rf: Math.min(s.topic['replication.factor'], c.brokers),
    minIsr: s.topic['min.insync.replicas'],
    unclean: s.topic['unclean.leader.election.enable'],
    brokers: c.brokers,
    racks: Array.from({ length: c.brokers }, (_, i) => (racks.length > 0 ? racks[i % racks.length] : null)),
    lagMax: c['replica.lag.time.max.ms'] / 1000,
    fetchWait: c['replica.fetch.wait.max.ms'] / 1000,
    rackAware: c['replica.selector.class'] === 'rack-aware',
    rebalance: c['auto.leader.rebalance.enable'],
    rebalanceEvery: c['leader.imbalance.check.interval.seconds'],
    controller: {
      mode: ctl.mode,
      sessionTimeout: (zk ? ctl['zookeeper.session.timeout.ms'] : ctl['broker.session.timeout.ms']) / 1000,
      failoverTime: zk ? (ctl['zookeeper.session.timeout.ms'] + loadMs * s.topic.partitions) / 1000 : ctl['controller.quorum.election.timeout.ms'] / 1000,
      electionPerPartition: electionMs / 1000,
    },
    rtt: s.timing['rtt.ms'] / 1000,
    crossRtt: s.timing['cross-rack.rtt.ms'] / 1000,
    append: s.timing['append.ms'] / 1000,
    io: !hasRequestCosts(s)
        ? null
        : { threads: c['num.io.threads'], queueMax: c['queued.max.requests'], perRequest: (s.timing['request.ms'] ?? 0) / 1000, perByte: (s.timing['request.ms.per.MiB'] ?? 0) / 1000 / 1_048_576 },
    producers: s.producers.map((p) => ({
      spec: p,
      name: p.name,
      acks: p.acks,
      idempotence: effectiveIdempotence(p),
      retries: p.retries,
      backoff: p['retry.backoff.ms'] / 1000,
      backoffMax: Math.max(RETRY_BACKOFF_MAX, p['retry.backoff.ms'] / 1000),
      requestTimeout: p['request.timeout.ms'] / 1000,
      deliveryTimeout: p['delivery.timeout.ms'] / 1000,
      maxInFlight: p['max.in.flight.requests.per.connection'],
      linger: p['linger.ms'] / 1000,
      batchSize: p['batch.size'],
      recordBytes: p.recordBytes,
      compression: p['compression.type'],
      wireBytes: p.recordBytes * compressionRatio(p),
      compressPerByte: COMPRESSION[p['compression.type']].nsPerByte * 1e-9,
      rack: p['client.rack'],
      bufferMemory: p['buffer.memory'],
      batchAlloc: Math.max(p['batch.size'], p.recordBytes),
      maxBlock: p['max.block.ms'] / 1000,
      front: p.front ? { timeout: p.front['timeout.ms'] / 1000, shed: p.front.respond === 'accept-and-shed' } : null,
    })),
    faults: s.faults,
    warmup: s.warmup,
    horizon: s.duration,
  };
}
