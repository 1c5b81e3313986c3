/**
 * The log-broker world: one topic's partitions as logs, producers writing to them with Kafka's
 * partitioner, consumer groups reading them, retention deleting closed segments, a fault timeline,
 * and the metrics the playground charts.
 *
 * Faults are data: `applyFault` is the one entry point, used for the scenario's timeline and for
 * live toggles alike, and every applied fault is recorded, so a run replays exactly from the
 * scenario plus its fault list.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { DownsampledSeries } from '../../metrics/series.ts';
import { CONFIDENCE, type Estimate } from '../../metrics/estimate.ts';
import { EventLog, type LogEntry } from './event-log.ts';
import { PartitionLog } from './partition-log.ts';
import { RateProfile, type RateProfileSpec } from './rate-profile.ts';
import { makeKeyGenerator, makeKeyPartitionCache, type KeyGenerator, type KeyPartitionCache, type KeySpec } from './keys.ts';
import { StickyPartitioner } from './sticky-partitioner.ts';
import { ConsumerGroup, type GroupConfig, type GroupStats, type GroupTiming } from './consumer-group.ts';

export interface TopicConfig {
  name: string;
  partitions: number;
  'retention.ms': number;
  'segment.ms': number;
  /** Broker: how often the log cleaner looks for expired segments. */
  'log.retention.check.interval.ms': number;
}

export interface ProducerConfig extends RateProfileSpec {
  name: string;
  /** poisson = exponential gaps at rate(t); constant = evenly spaced. */
  arrivals: 'poisson' | 'constant';
  keys: KeySpec;
  /** Serialized record size, bytes (drives the sticky partitioner for null keys). */
  recordBytes: number;
  'batch.size': number;
}

export type Fault =
  | { at: number; kind: 'crash'; target: string; restartAfter?: number | null }
  | { at: number; kind: 'restart'; target: string }
  | { at: number; kind: 'add-consumer'; target: string; count?: number }
  | { at: number; kind: 'remove-consumer'; target: string }
  | { at: number; kind: 'gc-pause'; target: string; duration: number }
  | { at: number; kind: 'slow-downstream'; target: string; factor: number; duration: number };

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
  produced: number;
}

export interface KafkaStats {
  simTime: number;
  events: number;
  produced: number;
  lambda: Estimate;
  partitions: { partition: number; logStart: number; logEnd: number; held: number; segments: number }[];
  groups: GroupStats[];
  faultsApplied: number;
  log: { entries: number; folded: number; evicted: number };
  heldRecords: number;
}

export class KafkaModel {
  readonly sim = new Simulation();
  readonly streams: RngStreams;
  readonly log = new EventLog();
  readonly logs: PartitionLog[];
  readonly groups: ConsumerGroup[] = [];
  private readonly producers: Producer[] = [];
  private readonly keyHashes: Int32Array;
  private readonly kProduce: number;
  private readonly kFault: number;
  private readonly kRetention: number;
  private readonly kSample: number;
  private readonly kRestart: number;
  /** Faults applied so far, in order (the replayable timeline). */
  readonly applied: Fault[] = [];
  private readonly pending: Fault[] = [];
  private sequence = 0;
  produced = 0;
  readonly inRate: TimeIntegral;
  readonly sampleEvery: number;
  /** Charts: total lag (records) and lag (seconds) of the first group, produce rate. */
  readonly lagSeries: DownsampledSeries;
  readonly lagSecondsSeries: DownsampledSeries;

  constructor(
    readonly config: KafkaConfig,
    seed: number,
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
        produced: 0,
      });
      keyBase += keys.count;
    }
    this.keyHashes = new Int32Array(Math.max(1, keyBase)).fill(-1);
    const scale = Math.max(1e-3, config.horizon / 2000);
    this.sampleEvery = scale;
    this.inRate = new TimeIntegral(Math.max(scale, 1e-3) * 10);
    this.lagSeries = new DownsampledSeries(scale, 1024);
    this.lagSecondsSeries = new DownsampledSeries(scale, 1024);

    const sim = this.sim;
    this.kProduce = sim.register('produce', (i) => this.onProduce(i));
    this.kFault = sim.register('fault', (i) => this.applyFault(this.pending[i]));
    this.kRetention = sim.register('retention-check', () => this.onRetentionCheck());
    this.kSample = sim.register('sample', () => this.onSample());
    this.kRestart = sim.register('restart', (x) => this.onRestart(x));
    const host = (g: number) => ({
      sim,
      streams: this.streams,
      log: this.log,
      logs: this.logs,
      topic: topic.name,
      keyCount: keyBase,
      keyHash: (k: number) => this.keyHash(k),
      groupIndex: g,
      groups: G,
      committedOf: (p: number) => this.groups.map((gr) => gr.committed[p]),
    });
    for (const [g, gc] of config.groups.entries()) this.groups.push(new ConsumerGroup(gc, host(g), config.timing, scale * 10));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    else this.resetStats();
    for (const [i, p] of this.producers.entries()) this.scheduleProduce(i, p, 0);
    for (const f of [...config.faults].sort((a, b) => a.at - b.at)) this.scheduleFault(f);
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

  private scheduleProduce(i: number, p: Producer, from: number): void {
    const t = p.profile.nextArrival(from, p.rng, p.config.arrivals === 'constant');
    if (t !== Infinity) this.sim.scheduleAt(t, this.kProduce, i);
  }

  private onProduce(i: number): void {
    const p = this.producers[i];
    const now = this.sim.now;
    this.scheduleProduce(i, p, now);
    const k = p.keys.next();
    const partition = k < 0 ? p.sticky.partition(p.config.recordBytes) : p.cache!.partitionOf(k);
    const log = this.logs[partition];
    log.append(now, k < 0 ? -1 : p.keyBase + k, this.sequence++, this.config.topic['segment.ms'] / 1000);
    p.produced++;
    this.produced++;
    this.inRate.impulse(now);
    for (const g of this.groups) {
      g.onProduced(1);
      g.onAppend(partition);
    }
  }

  private onRetentionCheck(): void {
    const t = this.config.topic;
    const retention = t['retention.ms'] / 1000;
    for (const log of this.logs) {
      const removed = log.enforceRetention(this.sim.now, retention);
      if (removed > 0) {
        this.log.add(this.sim.now, 'INFO', 'LogManager', `Deleting segment of ${log.name} due to retention time ${t['retention.ms']}ms breach: log start offset is now ${log.logStart}`);
        log.prune(this.groups.map((g) => g.committed[log.index]));
      }
    }
    this.sim.schedule(t['log.retention.check.interval.ms'] / 1000, this.kRetention);
  }

  private onSample(): void {
    const now = this.sim.now;
    if (this.groups.length > 0) {
      const [records, seconds] = this.groups[0].sampleLag();
      this.lagSeries.set(now, records);
      this.lagSecondsSeries.set(now, seconds);
      for (let g = 1; g < this.groups.length; g++) this.groups[g].sampleLag();
    }
    this.sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  private scheduleFault(f: Fault): void {
    this.pending.push(f);
    this.sim.scheduleAt(Math.max(f.at, this.sim.now), this.kFault, this.pending.length - 1, -10);
  }

  /** Schedules a fault for later (live toggles use `applyFault` at the current time instead). */
  injectAt(f: Fault): void {
    this.scheduleFault(f);
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

  /** Applies a fault now and records it (with its actual time) in the timeline. */
  applyFault(f: Fault): void {
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
    }
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

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  stats(level = CONFIDENCE): KafkaStats {
    const now = this.sim.now;
    return {
      simTime: now,
      events: this.sim.events,
      produced: this.produced,
      lambda: this.inRate.estimate(now, level),
      partitions: this.logs.map((l) => ({ partition: l.index, logStart: l.logStart, logEnd: l.logEnd, held: l.held, segments: l.segments })),
      groups: this.groups.map((g) => g.stats(level)),
      faultsApplied: this.applied.length,
      log: { entries: this.log.size, folded: this.log.folded, evicted: this.log.evicted },
      heldRecords: this.logs.reduce((n, l) => n + l.held, 0),
    };
  }
}
