/**
 * The storage world: one topic's partitions as logs of segments on disk (log.ts), a producer of
 * keyed updates and tombstones (the log model's rate profiles and key spaces, murmur2 partitioning),
 * the cleanup policy — the retention check for `delete`, the log cleaner (cleaner.ts) for
 * `compact`, both for `compact,delete` — and a reader that rebuilds the table from the beginning
 * (reader.ts). Faults (restore, reader offline, producer stop/start/load spike) are data: one entry
 * point for the scenario's timeline and live toggles alike, every applied fault recorded.
 *
 * The conservation law (checked by a property test at every chunk boundary): every record produced
 * is in exactly one of — the active segment, a dirty closed segment, a cleaned segment — or removed
 * as superseded by a later record of its key, as an expired tombstone, or by retention.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { DownsampledSeries, sampleInterval } from '../../metrics/series.ts';
import { EventLog, type LogEntry } from '../kafka/event-log.ts';
import { FaultTimeline } from '../fault-timeline.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import { makeKeyGenerator, makeKeyPartitionCache, type KeyGenerator, type KeyPartitionCache } from '../kafka/keys.ts';
import { ProducerArrivals, type ProducerFault } from '../producer-arrivals.ts';
import type { SimModel } from '../contract.ts';
import { PartitionLog } from './log.ts';
import { Cleaner } from './cleaner.ts';
import { TableReader, type TrueTable } from './reader.ts';
import type { StorageConfig, StorageFault } from './config.ts';

export const STORAGE_SERIES = ['logRecords', 'logMB', 'liveKeys', 'dirtyRatio', 'readerKeys', 'readerRead', 'tombstones'] as const;
export type StorageSeriesName = (typeof STORAGE_SERIES)[number];

interface Producer {
  config: StorageConfig['producer'];
  profile: RateProfile;
  rng: Rng;
  keys: KeyGenerator;
  stopped: boolean;
  handle: number;
}

/** Records by place: the conservation law's states. */
export interface RecordCounts {
  active: number;
  dirty: number;
  cleaned: number;
  superseded: number;
  expiredTombstones: number;
  retention: number;
}

export class StorageModel implements SimModel<StorageFault> {
  readonly sim = new Simulation();
  readonly log = new EventLog();
  readonly logs: PartitionLog[];
  readonly cleaner: Cleaner | null;
  readonly reader: TableReader;
  readonly truth: TrueTable;
  readonly producer: Producer;
  readonly partitioner: KeyPartitionCache;
  readonly applied: StorageFault[] = [];
  readonly series: Record<StorageSeriesName, DownsampledSeries>;
  readonly sampleEvery: number;
  produced = 0;
  tombstonesProduced = 0;
  retentionChecks = 0;
  segmentsDeleted = 0;
  logRecordsMax = 0;
  logBytesMax = 0;
  private readonly rand: Rng;
  private readonly arrivals: ProducerArrivals<Producer>;
  private readonly faults: FaultTimeline<StorageFault>;
  private readonly kSample: number;
  private readonly kCheck: number;
  readonly compact: boolean;
  readonly delete: boolean;

  constructor(
    readonly config: StorageConfig,
    seed: number,
  ) {
    const sim = this.sim;
    sim.noProgressHint = 'the model has work that takes no time and repeats forever';
    const streams = new RngStreams(seed);
    const t = config.topic;
    this.compact = t['cleanup.policy'] !== 'delete';
    this.delete = t['cleanup.policy'] !== 'compact';
    const pc = config.producer;
    const keys = makeKeyGenerator(pc.keys, streams.stream(`keys:${pc.name}`, 0));
    this.producer = { config: pc, profile: new RateProfile(pc), rng: streams.stream(`producer:${pc.name}`, 0), keys, stopped: false, handle: -1 };
    this.rand = streams.stream('tombstones', 0);
    this.partitioner = makeKeyPartitionCache(keys, t.partitions);
    const sizes = { value: pc['value.bytes'] + config.overhead, tombstone: config.overhead };
    const perSegment = Math.max(16, Math.min(4096, Math.floor(t['segment.bytes'] / Math.max(1, sizes.value))));
    this.logs = Array.from({ length: t.partitions }, (_, p) => new PartitionLog(p, sizes, t['segment.bytes'], t['segment.ms'] / 1000, perSegment));
    this.truth = { version: new Int32Array(keys.count).fill(-1), alive: new Uint8Array(keys.count), live: 0 };
    const c = config.cleaner;
    const speed = Math.min(c['speed.bytes.per.second'], c['log.cleaner.io.max.bytes.per.second'] ?? Infinity);
    this.cleaner =
      this.compact && c['log.cleaner.threads'] > 0
        ? new Cleaner(
            sim,
            this.logs,
            {
              threads: c['log.cleaner.threads'],
              backoff: c['log.cleaner.backoff.ms'] / 1000,
              speed,
              minRatio: t['min.cleanable.dirty.ratio'],
              minLag: t['min.compaction.lag.ms'] / 1000,
              maxLag: t['max.compaction.lag.ms'] === null ? Infinity : t['max.compaction.lag.ms'] / 1000,
              deleteRetention: t['delete.retention.ms'] / 1000,
              segmentBytes: t['segment.bytes'],
            },
            keys.count,
            (p) => this.onCleaned(p),
          )
        : null;
    const r = config.reader;
    this.reader = new TableReader(sim, this.logs, { rate: r['records.per.second'], maxPoll: r['max.poll.records'], idle: r['fetch.max.wait.ms'] / 1000 }, keys.count, this.truth);
    const scale = sampleInterval(config.horizon);
    this.sampleEvery = scale;
    this.series = Object.fromEntries(STORAGE_SERIES.map((n) => [n, new DownsampledSeries(scale, 1024)])) as Record<StorageSeriesName, DownsampledSeries>;
    const kProduce = sim.register('produce', () => this.onProduce());
    const kRedraw = sim.register('producer-redraw', (i) => this.arrivals.redraw(i));
    this.arrivals = new ProducerArrivals(sim, this.log, [this.producer], kProduce, kRedraw);
    this.arrivals.schedule(0, 0);
    this.kCheck = sim.register('retention-check', () => this.onRetentionCheck());
    if (this.delete) {
      // LogManager runs kafka-log-retention every log.retention.check.interval.ms (after an initial delay; here one interval).
      sim.schedule(c['log.retention.check.interval.ms'] / 1000, this.kCheck, 0, 30);
    }
    const kStart = sim.register('reader-start', () => this.startReader('start'));
    if (r.start !== null) sim.scheduleAt(r.start, kStart, 0, 110);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    this.kSample = sim.register('sample', () => this.onSample());
    sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  private onProduce(): void {
    const p = this.producer;
    const now = this.sim.now;
    this.arrivals.schedule(0, now);
    const k = p.keys.next();
    if (k < 0) return;
    const tomb = p.config.tombstones > 0 && this.rand.next() < p.config.tombstones;
    const part = this.partitioner.partitionOf(k);
    const log = this.logs[part];
    const offset = log.append(k, now, tomb);
    this.produced++;
    this.sim.progress++;
    const t = this.truth;
    if (tomb) {
      this.tombstonesProduced++;
      if (t.alive[k]) t.live--;
      t.alive[k] = 0;
    } else {
      if (!t.alive[k]) t.live++;
      t.alive[k] = 1;
    }
    t.version[k] = offset;
  }

  logRecords(): number {
    let n = 0;
    for (const l of this.logs) n += l.records;
    return n;
  }

  logBytes(): number {
    let n = 0;
    for (const l of this.logs) n += l.bytes;
    return n;
  }

  private onCleaned(p: number): void {
    const st = this.cleaner!.stats;
    this.log.add(this.sim.now, 'INFO', 'LogCleaner', `cleaned ${this.config.topic.name}-${p}: log ${this.logs[p].records} records (${st.runs} cleans so far)`);
  }

  private onRetentionCheck(): void {
    const now = this.sim.now;
    const t = this.config.topic;
    this.retentionChecks++;
    for (const l of this.logs) {
      const n = l.deleteExpired(now, t['retention.ms'] / 1000, t['retention.bytes']);
      if (n > 0) {
        this.segmentsDeleted += n;
        this.log.add(now, 'INFO', 'UnifiedLog', `deleted ${n} segment(s) of ${t.name}-${l.index} past retention; log start offset ${l.start}`);
      }
    }
    this.sim.schedule(this.config.cleaner['log.retention.check.interval.ms'] / 1000, this.kCheck, 0, 30);
  }

  private startReader(why: 'start' | 'restore'): void {
    this.log.add(this.sim.now, 'INFO', 'Reader', why === 'start' ? 'reader starts from the beginning (auto.offset.reset=earliest)' : 'restore: the reader drops its table and reads from the beginning');
    this.reader.restore();
  }

  private onFault(f: StorageFault): void {
    this.applied.push(f);
    switch (f.kind) {
      case 'restore':
        this.startReader('restore');
        return;
      case 'reader-offline':
        this.log.add(this.sim.now, 'WARN', 'FaultInjector', `reader offline for ${f.duration} s`);
        this.reader.offline(f.duration);
        return;
      default:
        this.arrivals.apply(f as ProducerFault);
    }
  }

  private onSample(): void {
    const now = this.sim.now;
    const s = this.series;
    const records = this.logRecords();
    const bytes = this.logBytes();
    if (records > this.logRecordsMax) this.logRecordsMax = records;
    if (bytes > this.logBytesMax) this.logBytesMax = bytes;
    s.logRecords.set(now, records);
    s.logMB.set(now, bytes / 1e6);
    s.liveKeys.set(now, this.truth.live);
    s.dirtyRatio.set(now, this.maxDirtyRatio());
    s.readerKeys.set(now, this.reader.keys);
    s.readerRead.set(now, this.reader.read);
    s.tombstones.set(now, this.tombstonesHeld());
    this.sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  /** The highest cleanable ratio over the partitions now (Kafka's max-dirty-percent / 100); 0 without compaction. */
  maxDirtyRatio(): number {
    if (!this.cleaner) return 0;
    let m = 0;
    for (const l of this.logs) m = Math.max(m, this.cleaner.dirtiness(l, this.sim.now).ratio);
    return m;
  }

  tombstonesHeld(): number {
    let n = 0;
    for (const l of this.logs) n += l.tombstones;
    return n;
  }

  /** Every record produced, by place. */
  counts(): RecordCounts {
    const c: RecordCounts = { active: 0, dirty: 0, cleaned: 0, superseded: 0, expiredTombstones: 0, retention: 0 };
    for (const l of this.logs) {
      for (const g of l.segments) {
        if (g === l.active) c.active += g.n;
        else if (l.isCleaned(g)) c.cleaned += g.n;
        else c.dirty += g.n;
      }
      c.superseded += l.removed.superseded;
      c.expiredTombstones += l.removed.expiredTombstones;
      c.retention += l.removed.retention;
    }
    return c;
  }

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  inject(fault: StorageFault): void {
    if (fault.kind !== 'restore' && fault.kind !== 'reader-offline') this.arrivals.find(fault.target);
    this.faults.inject(fault);
  }

  logMark(): number {
    return this.log.size + this.log.evicted + this.log.folded;
  }

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  /** The producer's rate now (0 once stopped). */
  producerRate(): number {
    return this.producer.stopped ? 0 : this.producer.profile.rateAt(this.sim.now);
  }
}
