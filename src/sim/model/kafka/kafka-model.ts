/**
 * The log-broker world: one topic's partitions as logs, producers writing to them with Kafka's
 * partitioner, consumer groups reading them, retention deleting closed segments, a fault timeline,
 * and the metrics the playground charts.
 *
 * Faults are data: `applyFault` is the one entry point, used for the scenario's timeline and for
 * live toggles alike, and every applied fault is recorded, so a run replays exactly from the
 * scenario plus its fault list.
 */
import { FaultTimeline } from '../fault-timeline.ts';
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { DownsampledSeries, sampleInterval } from '../../metrics/series.ts';
import { CONFIDENCE, type Estimate } from '../../metrics/estimate.ts';
import { EventLog, type LogEntry } from './event-log.ts';
import { PartitionLog, POISON, POISON_CRASH, POISON_DESERIALIZE } from './partition-log.ts';
import { RateProfile, type RateProfileSpec } from './rate-profile.ts';
import { makeKeyGenerator, makeKeyPartitionCache, type KeyGenerator, type KeyPartitionCache, type KeySpec } from './keys.ts';
import { StickyPartitioner } from './sticky-partitioner.ts';
import { ConsumerGroup, type GroupConfig, type GroupStats, type GroupTiming } from './consumer-group.ts';
import type { SimModel } from '../contract.ts';
import { ProducerArrivals, type ProducerFault } from '../producer-arrivals.ts';
import { oldReadersCope, refusedText, registers, type CompatibilityLevel, type SchemaChange } from './schema-registry.ts';
import { keyIndexOf, RecordTracer, type TraceRequest, type TraceResult } from './trace.ts';

export interface TopicConfig {
  name: string;
  partitions: number;
  'retention.ms': number;
  'segment.ms': number;
  /** Broker: how often the log cleaner looks for expired segments. */
  'log.retention.check.interval.ms': number;
  /** The schema registry's compatibility level for the topic's value subject. */
  'schema.compatibility.level': CompatibilityLevel;
}

export interface ProducerConfig extends RateProfileSpec {
  name: string;
  /** poisson = exponential gaps at rate(t); constant = evenly spaced. */
  arrivals: 'poisson' | 'constant';
  keys: KeySpec;
  /** Serialized record size, bytes (drives the sticky partitioner for null keys). */
  recordBytes: number;
  'batch.size': number;
  /** How often the producer refreshes its metadata (sees added partitions). */
  'metadata.max.age.ms': number;
}

export type Fault =
  | { at: number; kind: 'crash'; target: string; restartAfter?: number | null }
  | { at: number; kind: 'restart'; target: string }
  | { at: number; kind: 'add-consumer'; target: string; count?: number }
  | { at: number; kind: 'remove-consumer'; target: string }
  | { at: number; kind: 'gc-pause'; target: string; duration: number }
  | { at: number; kind: 'slow-downstream'; target: string; factor: number; duration: number }
  /** The next `count` records to `partition` (or with `key`, or anywhere) carry a payload the handler cannot process. */
  | { at: number; kind: 'poison'; partition?: number | null; key?: string | null; count?: number; effect?: PoisonEffect }
  /** The group's downstream dependency fails every call (transient errors) for `duration` seconds. */
  | { at: number; kind: 'dependency-outage'; target: string; duration: number }
  | ProducerFault
  /** The topic grows to `count` partitions (Kafka can only add). */
  | { at: number; kind: 'add-partitions'; count: number }
  /** Producer `target` (or every one) deploys a new value schema that makes `change` (schema-registry.ts). */
  | { at: number; kind: 'schema-change'; target: string; change?: SchemaChange };

/**
 * Where a poison record fails: `exception` — the application's handler throws (it parses the payload
 * itself); `deserialization` — the consumer's value deserializer throws inside poll()
 * (RecordDeserializationException); `crash` — handling it kills the consumer process.
 */
export type PoisonEffect = 'exception' | 'deserialization' | 'crash';

const POISON_FLAGS: Record<PoisonEffect, number> = { exception: POISON, crash: POISON | POISON_CRASH, deserialization: POISON_DESERIALIZE };
const POISON_EFFECT_TEXT: Record<PoisonEffect, string> = {
  exception: 'handler throws',
  deserialization: 'the value deserializer throws in poll()',
  crash: 'crashes the consumer process',
};

interface PoisonRule {
  partition: number | null;
  key: string | null;
  remaining: number;
  flags: number;
}

export interface KafkaConfig {
  topic: TopicConfig;
  producers: ProducerConfig[];
  groups: GroupConfig[];
  faults: Fault[];
  timing: GroupTiming;
  warmup: number;
  /** Expected run length (s): sets the chart sampling cadence. */
  horizon: number;
}

interface Producer {
  config: ProducerConfig;
  profile: RateProfile;
  rng: Rng;
  keys: KeyGenerator;
  cache: KeyPartitionCache | null;
  sticky: StickyPartitioner;
  /** Global index of this producer's key 0. */
  keyBase: number;
  /** Partitions in its metadata: what the partitioner spreads keys over. */
  partitions: number;
  produced: number;
  stopped: boolean;
  handle: number;
  lastAt: number;
  /** Its schema version, 1 until a schema-change is registered. */
  schemaVersion: number;
  /** Its current schema was refused by the registry: every send() throws SerializationException. */
  refused: boolean;
  /** Its current schema was registered but consumers on the old one cannot read it. */
  unreadable: boolean;
  /** Records whose send() threw because the registry refused the schema (never appended). */
  rejected: number;
}

/** Partitions beyond this count get no per-partition lag series (the chart would be unreadable anyway). */
export const MAX_PARTITION_SERIES = 64;

export interface KafkaSeries {
  /** Lag of the first group, records (log-end − committed, all partitions). */
  lagRecords: DownsampledSeries;
  /** Age of the oldest unapplied record, seconds. */
  lagSeconds: DownsampledSeries;
  /** Records produced per second. */
  rateIn: DownsampledSeries;
  /** Records applied (first time) per second by the first group. */
  rateOut: DownsampledSeries;
  /** Percentiles of W of the records applied in each sampling interval, seconds. */
  p50: DownsampledSeries;
  p99: DownsampledSeries;
  /** The same group series for every consumer group (index = group; [0] is the fields above). */
  perGroup: GroupSeries[];
}

/** One consumer group's charts: lag, output rate and latency percentiles over time. */
export interface GroupSeries {
  lagRecords: DownsampledSeries;
  lagSeconds: DownsampledSeries;
  rateOut: DownsampledSeries;
  p50: DownsampledSeries;
  p99: DownsampledSeries;
  /** Lag in records per partition (only up to MAX_PARTITION_SERIES partitions). */
  partitionLag: DownsampledSeries[];
  /** Members in the group, and members settled in it with no partition (idle). */
  members: DownsampledSeries;
  idle: DownsampledSeries;
}

/** Per producer: for the dead-producer indicator (lag alone looks healthy when nothing is produced). */
export interface ProducerStats {
  name: string;
  produced: number;
  /** Sends refused by the schema registry (SerializationException in send(); never appended). */
  rejected: number;
  stopped: boolean;
  /** Seconds since its last record (or since the start, if none yet). */
  silentFor: number;
  /** Records per second it should be producing now, by its profile. */
  expectedRate: number;
  /** Records per second it produces now: its profile's rate with any load spike, 0 once stopped. */
  rate: number;
  /** Silent for more than 10 expected intervals (and at least 5 s) although records are expected. */
  dead: boolean;
}

export interface KafkaStats {
  simTime: number;
  events: number;
  produced: number;
  producers: ProducerStats[];
  lambda: Estimate;
  partitions: { partition: number; logStart: number; logEnd: number; held: number; segments: number }[];
  groups: GroupStats[];
  faultsApplied: number;
  log: { entries: number; folded: number; evicted: number };
  heldRecords: number;
}

export class KafkaModel implements SimModel<Fault> {
  readonly sim = new Simulation();
  readonly streams: RngStreams;
  readonly log = new EventLog();
  readonly logs: PartitionLog[];
  readonly groups: ConsumerGroup[] = [];
  private readonly producers: Producer[] = [];
  private readonly arrivals: ProducerArrivals<Producer>;
  private readonly keyHashes: Int32Array;
  /**
   * One row of `keyStride` = 1 + groups Int32 per global key: the partition the key's producer
   * sends it to now (−1: not looked up yet, or the producer's partition count changed), then each
   * group's newest applied produce sequence (GroupHost.keyTable). A produce and, later, the apply
   * of the same record read the same row: one cache line per record instead of two.
   */
  private readonly keyTable: Int32Array;
  private readonly keyStride: number;
  /** segment.ms in seconds. */
  private readonly segmentS: number;
  private readonly kProduce: number;
  private readonly faults: FaultTimeline<Fault>;
  private readonly kRetention: number;
  private readonly kSample: number;
  private readonly kRestart: number;
  private readonly kProducerMetadata: number;
  private readonly kRedraw: number;
  /** Faults applied so far, in order (the replayable timeline). */
  readonly applied: Fault[] = [];
  private sequence = 0;
  produced = 0;
  readonly inRate: TimeIntegral;
  readonly sampleEvery: number;
  /** Charts (first consumer group), bounded and self-downsampling; see {@link KafkaSeries}. */
  readonly series: KafkaSeries;
  private lastSampleT = 0;
  private lastProduced = 0;
  private readonly lastApplied: number[];
  /** Per group: the lag of each partition at the last chart sample. */
  private partitionLag: Float64Array[];
  /** Follows the records a trace request names (trace.ts); null — the usual case — when none is asked for. */
  readonly tracer: RecordTracer | null;

  /** `trace`: follow the records it names through the run (a replay for "follow one record"; trace.ts). */
  constructor(
    readonly config: KafkaConfig,
    seed: number,
    trace: TraceRequest | null = null,
  ) {
    this.streams = new RngStreams(seed);
    const topic = config.topic;
    const G = config.groups.length;
    this.logs = Array.from({ length: topic.partitions }, (_, p) => new PartitionLog(topic.name, p, G));
    let keyBase = 0;
    for (const [i, pc] of config.producers.entries()) {
      const rng = this.streams.stream(`producer:${pc.name}`, i);
      const keys = makeKeyGenerator(pc.keys, this.streams.stream(`keys:${pc.name}`, i));
      this.producers.push({
        config: pc,
        profile: new RateProfile(pc),
        rng,
        keys,
        cache: keys.count > 0 ? makeKeyPartitionCache(keys, topic.partitions) : null,
        sticky: new StickyPartitioner(topic.partitions, pc['batch.size'], this.streams.stream(`sticky:${pc.name}`, i)),
        keyBase,
        partitions: topic.partitions,
        produced: 0,
        stopped: false,
        handle: -1,
        lastAt: -Infinity,
        schemaVersion: 1,
        refused: false,
        unreadable: false,
        rejected: 0,
      });
      keyBase += keys.count;
    }
    this.keyHashes = new Int32Array(Math.max(1, keyBase)).fill(-1);
    this.keyStride = 1 + G;
    this.segmentS = topic['segment.ms'] / 1000;
    this.keyTable = new Int32Array(Math.max(1, keyBase) * this.keyStride).fill(-1);
    const keyName = (k: number) => {
      const p = this.producers.find((x) => k >= x.keyBase && k < x.keyBase + x.keys.count)!;
      return p.keys.key(k - p.keyBase);
    };
    this.tracer = trace
      ? new RecordTracer(trace, {
          keys:
            trace.by === 'key'
              ? this.producers.flatMap((p) => {
                  const i = keyIndexOf(p.config.keys, trace.key);
                  return i >= 0 ? [p.keyBase + i] : [];
                })
              : [],
          groups: G,
          keyName,
        })
      : null;
    const scale = sampleInterval(config.horizon);
    this.sampleEvery = scale;
    this.inRate = new TimeIntegral(Math.max(scale, 1e-3) * 10);
    const perPartition = topic.partitions <= MAX_PARTITION_SERIES ? topic.partitions : 0;
    const series = (): GroupSeries => ({
      lagRecords: new DownsampledSeries(scale, 1024),
      lagSeconds: new DownsampledSeries(scale, 1024),
      rateOut: new DownsampledSeries(scale, 1024),
      p50: new DownsampledSeries(scale, 1024),
      p99: new DownsampledSeries(scale, 1024),
      partitionLag: Array.from({ length: perPartition }, () => new DownsampledSeries(scale, 256)),
      members: new DownsampledSeries(scale, 1024),
      idle: new DownsampledSeries(scale, 1024),
    });
    const perGroup = config.groups.map(series);
    this.series = {
      ...(perGroup[0] ?? series()),
      perGroup,
      rateIn: new DownsampledSeries(scale, 1024),
    };
    this.lastApplied = config.groups.map(() => 0);
    this.partitionLag = config.groups.map(() => new Float64Array(topic.partitions));

    const sim = this.sim;
    // Progress (Simulation.progress) is a record produced, applied for the first time, or settled
    // (dead-lettered, lost, skipped); redelivered duplicates are not, so a crash loop is caught too.
    sim.noProgressHint =
      'the model has work that takes no time and repeats forever (e.g. processing.time 0 with a record that always fails, or a consumer that crashes on a record and restarts at once)';
    this.kProduce = sim.register('produce', (i) => this.onProduce(i));
    this.kRetention = sim.register('retention-check', () => this.onRetentionCheck());
    this.kSample = sim.register('sample', () => this.onSample());
    this.kRestart = sim.register('restart', (x) => this.onRestart(x));
    this.kRedraw = sim.register('producer-redraw', (i) => this.arrivals.redraw(i));
    this.kProducerMetadata = sim.register('producer-metadata', (i) => this.onProducerMetadata(i));
    const host = (g: number) => ({
      sim,
      streams: this.streams,
      log: this.log,
      logs: this.logs,
      topic: topic.name,
      keyCount: keyBase,
      keyTable: this.keyTable,
      keyStride: this.keyStride,
      keyHash: (k: number) => this.keyHash(k),
      keyName,
      groupIndex: g,
      groups: G,
      committedOf: (p: number) => this.groups.map((gr) => gr.committed[p]),
      tracer: this.tracer,
    });
    for (const [g, gc] of config.groups.entries()) this.groups.push(new ConsumerGroup(gc, host(g), config.timing, scale * 10));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    else this.resetStats();
    this.arrivals = new ProducerArrivals(sim, this.log, this.producers, this.kProduce, this.kRedraw);
    for (let i = 0; i < this.producers.length; i++) this.arrivals.schedule(i, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    sim.schedule(topic['log.retention.check.interval.ms'] / 1000, this.kRetention);
    sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  private keyHash(globalKey: number): number {
    let h = this.keyHashes[globalKey];
    if (h < 0) {
      for (const p of this.producers) {
        if (globalKey >= p.keyBase && globalKey < p.keyBase + p.keys.count && p.cache) {
          h = p.cache.hashOf(globalKey - p.keyBase);
          break;
        }
      }
      this.keyHashes[globalKey] = h = Math.max(0, h);
    }
    return h;
  }

  private onProduce(i: number): void {
    const p = this.producers[i];
    const now = this.sim.now;
    this.arrivals.schedule(i, now);
    const k = p.keys.next();
    if (p.refused) {
      // The serializer throws before the partitioner runs: nothing is sent. It counts as progress
      // (a record settled), as a produced one would.
      // Nothing reaches the topic, so the producer looks dead to the dead-man's switch — as it should.
      p.rejected++;
      this.sim.progress++;
      this.log.add(now, 'ERROR', `KafkaProducer ${p.config.name}`, refusedText(`${this.config.topic.name}-value`, this.config.topic['schema.compatibility.level']));
      return;
    }
    let partition: number;
    if (k < 0) partition = p.sticky.partition(p.config.recordBytes);
    else {
      const j = (p.keyBase + k) * this.keyStride;
      partition = this.keyTable[j];
      if (partition < 0) partition = this.keyTable[j] = p.cache!.partitionOf(k);
    }
    const log = this.logs[partition];
    const flags = p.unreadable ? POISON_DESERIALIZE : this.poison.length > 0 ? this.poisonFlags(p, k, partition) : 0;
    const offset = log.append(now, k < 0 ? -1 : p.keyBase + k, this.sequence++, this.segmentS, flags);
    if (this.tracer !== null) this.tracer.appended(now, p.config.name, k < 0 ? -1 : p.keyBase + k, partition, offset, this.sequence - 1);
    if (flags && !p.unreadable) this.log.add(now, 'WARN', 'FaultInjector', `poison record produced to ${log.name} at offset ${log.logEnd - 1}${k >= 0 ? ` (key ${p.keys.key(k)})` : ''}`);
    p.produced++;
    p.lastAt = now;
    this.produced++;
    this.sim.progress++;
    this.inRate.count(now);
    for (const g of this.groups) {
      g.onProduced(1);
      g.onAppend(partition);
    }
  }

  private readonly poison: PoisonRule[] = [];

  private poisonFlags(p: Producer, k: number, partition: number): number {
    for (let r = 0; r < this.poison.length; r++) {
      const rule = this.poison[r];
      if (rule.partition !== null && rule.partition !== partition) continue;
      if (rule.key !== null && (k < 0 || p.keys.key(k) !== rule.key)) continue;
      if (--rule.remaining <= 0) this.poison.splice(r, 1);
      return rule.flags;
    }
    return 0;
  }

  /**
   * Adds partitions to the topic. Clients see them only at their next metadata refresh
   * (`metadata.max.age.ms`, on a grid from t = 0): each producer then re-hashes keys over the new
   * count, and each group's leader rejoins so the group rebalances (group.ts).
   */
  private addPartitions(n: number): void {
    const old = this.logs.length;
    if (n <= old) throw new RangeError(`partitions can only be added: the topic has ${old}, asked for ${n}`);
    const G = this.groups.length;
    for (let p = old; p < n; p++) this.logs.push(new PartitionLog(this.config.topic.name, p, G));
    const now = this.sim.now;
    for (const [i, p] of this.producers.entries()) {
      const age = p.config['metadata.max.age.ms'] / 1000;
      this.sim.scheduleAt((Math.floor(now / age + 1e-9) + 1) * age, this.kProducerMetadata, i);
    }
    this.partitionLag = this.partitionLag.map((old) => {
      const lags = new Float64Array(n);
      lags.set(old);
      return lags;
    });
    if (n <= MAX_PARTITION_SERIES) {
      for (const gs of this.series.perGroup) for (let p = gs.partitionLag.length; p < n; p++) gs.partitionLag.push(new DownsampledSeries(this.sampleEvery, 256));
    }
    this.log.add(now, 'INFO', 'AdminClient', `Created ${n - old} new partitions for topic ${this.config.topic.name}: ${old} → ${n}; clients see them at their next metadata refresh`);
    for (const g of this.groups) g.onPartitionsAdded(n);
  }

  /** producer-metadata event: producer i refreshes its metadata and starts using every partition. */
  private onProducerMetadata(i: number): void {
    const p = this.producers[i];
    const n = this.logs.length;
    if (p.partitions >= n) return;
    this.log.add(this.sim.now, 'INFO', p.config.name, `metadata refresh (metadata.max.age.ms=${p.config['metadata.max.age.ms']}): topic ${this.config.topic.name} has ${n} partitions (was ${p.partitions}); keys now map by hash mod ${n}`);
    p.partitions = n;
    p.cache?.setNumPartitions(n);
    // Its keys' partitions are looked up again (hash % n) at their next record.
    for (let k = 0; k < p.keys.count; k++) this.keyTable[(p.keyBase + k) * this.keyStride] = -1;
    p.sticky.setNumPartitions(n);
  }

  private onRetentionCheck(): void {
    const t = this.config.topic;
    const retention = t['retention.ms'] / 1000;
    for (const log of this.logs) {
      const removed = log.enforceRetention(this.sim.now, retention);
      if (removed > 0) {
        this.log.add(this.sim.now, 'INFO', 'LogManager', `Deleting segment of ${log.name} due to retention time ${t['retention.ms']}ms breach: log start offset is now ${log.logStart}`);
        if (this.tracer !== null) this.tracer.deleted(this.sim.now, log.index, log.logStart);
        log.prune(this.groups.map((g) => g.committed[log.index]));
      }
    }
    this.sim.schedule(t['log.retention.check.interval.ms'] / 1000, this.kRetention);
  }

  /**
   * Chart sampling every `sampleEvery` seconds. Levels (lag) are sampled at the instant; rates and
   * percentiles describe the interval just ended and are recorded from its start.
   */
  private onSample(): void {
    const now = this.sim.now;
    const s = this.series;
    const dt = now - this.lastSampleT;
    s.rateIn.set(this.lastSampleT, (this.produced - this.lastProduced) / dt);
    this.lastProduced = this.produced;
    this.groups.forEach((group, g) => {
      const gs = s.perGroup[g];
      const lags = this.partitionLag[g];
      const [records, seconds] = group.sampleLag(lags);
      gs.lagRecords.set(now, records);
      gs.lagSeconds.set(now, seconds);
      gs.rateOut.set(this.lastSampleT, (group.applied - this.lastApplied[g]) / dt);
      this.lastApplied[g] = group.applied;
      const h = group.windowHist;
      if (h.total > 0) {
        gs.p50.set(this.lastSampleT, h.quantile(0.5));
        gs.p99.set(this.lastSampleT, h.quantile(0.99));
      }
      h.reset();
      for (let p = 0; p < gs.partitionLag.length; p++) gs.partitionLag[p].set(now, lags[p]);
      const [members, idle] = group.sampleMembers();
      gs.members.set(now, members);
      gs.idle.set(now, idle);
    });
    this.lastSampleT = now;
    this.sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  /**
   * Applies a fault now — the playground's live toggles. It goes through the event list exactly as
   * a scheduled fault would (same priority, same event count), so replaying the recorded timeline
   * (`applied`) reproduces the live run bit for bit. Throws RangeError for an unknown target.
   */
  inject(f: Fault): void {
    this.resolveTarget(f);
    this.faults.inject(f);
  }

  /** Validates a fault's target against the current topic, producers, groups and consumers. */
  private resolveTarget(f: Fault): void {
    switch (f.kind) {
      case 'add-consumer':
      case 'slow-downstream':
      case 'dependency-outage':
        this.findGroup(f.target);
        return;
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
      case 'schema-change':
        this.arrivals.find(f.target);
        return;
      case 'poison':
        if (f.partition != null && !(f.partition >= 0 && f.partition < this.logs.length)) {
          throw new RangeError(`no partition ${f.partition}: ${this.config.topic.name} has partitions 0 … ${this.logs.length - 1}`);
        }
        return;
      case 'add-partitions':
        if (!(f.count > this.logs.length)) throw new RangeError(`partitions can only be added: the topic has ${this.logs.length}, asked for ${f.count}`);
        return;
      default:
        this.findConsumer(f.target);
    }
  }

  private findConsumer(target: string) {
    for (const g of this.groups) {
      const c = g.consumerByName(target);
      if (c) return { group: g, consumer: c };
    }
    throw new RangeError(`no consumer named "${target}" (consumers are named <group.id>-<n>, e.g. ${this.groups[0]?.id ?? 'group'}-1)`);
  }

  private findGroup(target: string): ConsumerGroup {
    const g = this.groups.find((x) => x.id === target);
    if (!g) throw new RangeError(`no consumer group "${target}" (groups: ${this.groups.map((x) => x.id).join(', ')})`);
    return g;
  }

  /** A timeline fault whose target does not exist (yet) is logged and skipped, never fatal. */
  private onFault(f: Fault): void {
    try {
      this.resolveTarget(f);
    } catch (e) {
      this.log.add(this.sim.now, 'WARN', 'FaultInjector', `${f.kind} skipped: ${(e as Error).message}`);
      return;
    }
    this.applyFault(f);
  }

  /** Carries out a fault at the current time and records it (with that time) in the timeline. */
  private applyFault(f: Fault): void {
    const now = this.sim.now;
    this.applied.push({ ...f, at: now });
    const src = 'FaultInjector';
    switch (f.kind) {
      case 'crash': {
        const { group, consumer } = this.findConsumer(f.target);
        this.log.add(now, 'WARN', src, `crash ${f.target}${f.restartAfter ? `, restart after ${f.restartAfter} s` : ''}`);
        group.crash(consumer);
        if (f.restartAfter != null) this.sim.schedule(f.restartAfter, this.kRestart, this.groups.indexOf(group) * 65536 + consumer.index);
        break;
      }
      case 'restart': {
        const { group, consumer } = this.findConsumer(f.target);
        this.log.add(now, 'INFO', src, `restart ${f.target}`);
        group.restart(consumer);
        break;
      }
      case 'add-consumer': {
        const g = this.findGroup(f.target);
        const n = f.count ?? 1;
        this.log.add(now, 'INFO', src, `add ${n} consumer${n > 1 ? 's' : ''} to ${f.target}`);
        for (let i = 0; i < n; i++) g.addConsumer();
        break;
      }
      case 'remove-consumer': {
        const { group, consumer } = this.findConsumer(f.target);
        this.log.add(now, 'INFO', src, `shut down ${f.target} gracefully`);
        group.shutdown(consumer);
        break;
      }
      case 'gc-pause': {
        const { group, consumer } = this.findConsumer(f.target);
        group.freeze(consumer, f.duration);
        break;
      }
      case 'slow-downstream': {
        const g = this.findGroup(f.target);
        this.log.add(now, 'WARN', src, `downstream of ${f.target} slows ×${f.factor} for ${f.duration} s`);
        g.addSlowWindow({ from: now, until: now + f.duration, factor: f.factor });
        break;
      }
      case 'poison': {
        const count = f.count ?? 1;
        const where = f.partition != null ? `partition ${this.config.topic.name}-${f.partition}` : f.key != null ? `key "${f.key}"` : 'any partition';
        const effect = f.effect ?? 'exception';
        this.log.add(now, 'WARN', src, `the next ${count} record${count > 1 ? 's' : ''} to ${where} will be poison (${POISON_EFFECT_TEXT[effect]})`);
        this.poison.push({ partition: f.partition ?? null, key: f.key ?? null, remaining: count, flags: POISON_FLAGS[effect] });
        break;
      }
      case 'dependency-outage': {
        const g = this.findGroup(f.target);
        this.log.add(now, 'WARN', src, `dependency of ${f.target} down for ${f.duration} s: every call fails (transient)`);
        g.addOutage(now, now + f.duration);
        break;
      }
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        this.arrivals.apply(f);
        break;
      case 'add-partitions':
        this.addPartitions(f.count);
        break;
      case 'schema-change':
        for (const p of this.producers) if (f.target === '*' || p.config.name === f.target) this.deploySchema(p, f.change ?? 'remove-required-field');
        break;
    }
  }

  /**
   * Producer `p` deploys a schema version that makes `change`: its first send registers it with the
   * registry, which accepts or refuses it by the subject's compatibility level (schema-registry.ts).
   * Accepted, the producer writes the new version from now on — unreadable for the consumers if
   * they cannot resolve it; refused, every send() throws and nothing is written until the next
   * deploy.
   */
  private deploySchema(p: Producer, change: SchemaChange): void {
    const now = this.sim.now;
    const level = this.config.topic['schema.compatibility.level'];
    const subject = `${this.config.topic.name}-value`;
    const src = `KafkaProducer ${p.config.name}`;
    const version = p.schemaVersion + 1;
    this.log.add(now, 'INFO', 'FaultInjector', `${p.config.name} deploys schema version ${version} of ${subject}: ${change.replaceAll('-', ' ')}`);
    if (!registers(level, change)) {
      p.refused = true;
      return;
    }
    p.refused = false;
    p.schemaVersion = version;
    p.unreadable = !oldReadersCope(change);
    this.log.add(now, 'INFO', src, `registered schema version ${version} for subject ${subject} (compatibility ${level.toUpperCase()})`);
  }

  private onRestart(x: number): void {
    const g = this.groups[Math.floor(x / 65536)];
    const c = g.consumers[x % 65536];
    this.log.add(this.sim.now, 'INFO', 'FaultInjector', `restart ${c.name}`);
    g.restart(c);
  }

  // ─── run and read ──────────────────────────────────────────────────────────────────────────

  private resetStats(): void {
    const t = this.sim.now;
    this.inRate.reset(t);
    for (const g of this.groups) g.resetStats(t);
  }

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  /** Lines written to the event log so far, folded repeats included (monotone). */
  logMark(): number {
    return this.log.size + this.log.evicted + this.log.folded;
  }

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  /** The records followed so far (null without a trace request). */
  traceResult(): TraceResult | null {
    const tr = this.tracer;
    if (tr === null) return null;
    const groups = this.groups.map((g) => ({ id: g.id, commit: g.config.commit, mode: g.config.processing.mode, idempotent: g.config.processing.idempotent }));
    return tr.result(this.sim.now, this.config.topic.name, groups, this.logs, this.sequence);
  }

  stats(level = CONFIDENCE): KafkaStats {
    const now = this.sim.now;
    return {
      simTime: now,
      events: this.sim.events,
      produced: this.produced,
      producers: this.producers.map((p) => {
        const silentFor = now - Math.max(p.lastAt, 0); // since its last record, or since the start
        const expectedRate = p.profile.rateAt(Math.max(0, now - 1e-9)) || p.config.rate;
        return {
          name: p.config.name,
          produced: p.produced,
          rejected: p.rejected,
          stopped: p.stopped,
          silentFor,
          expectedRate,
          rate: p.stopped ? 0 : p.profile.rateAt(now),
          dead: expectedRate > 0 && silentFor > Math.max(5, 10 / expectedRate),
        };
      }),
      lambda: this.inRate.estimate(now, level),
      partitions: this.logs.map((l) => ({ partition: l.index, logStart: l.logStart, logEnd: l.logEnd, held: l.held, segments: l.segments })),
      groups: this.groups.map((g) => g.stats(level)),
      faultsApplied: this.applied.length,
      log: { entries: this.log.size, folded: this.log.folded, evicted: this.log.evicted },
      heldRecords: this.logs.reduce((n, l) => n + l.held, 0),
    };
  }
}
