/**
 * What the Kafka playground shows at one instant, as plain data: the run summary (the record
 * `npm run sim -- … --json --no-timing` prints), the topology (partitions with their offsets, every
 * group's members with state and assignment), chart columns (typed arrays, transferable) and the
 * tail of the client-style event log. Built in the worker; the page never sees the model.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaModel } from '../../../sim/model/kafka/kafka-model.ts';
import type { MemberState } from '../../../sim/model/kafka/consumer-group.ts';
import type { LogEntry } from '../../../sim/model/kafka/event-log.ts';
import { buildKafkaSummary, type KafkaSummary } from './summary.ts';

export interface SeriesCols {
  t: Float64Array;
  mean: Float64Array;
  max: Float64Array;
  /** Bucket width, simulated seconds. */
  width: number;
}

export interface PartitionView {
  partition: number;
  logStart: number;
  logEnd: number;
}

export interface MemberView {
  name: string;
  state: MemberState;
  partitions: number[];
  /** Busy fraction since the warm-up (null before any time has passed). */
  utilization: number | null;
}

export interface GroupView {
  id: string;
  state: string;
  generation: number;
  members: MemberView[];
  committed: number[];
  partitionLag: number[];
  partitionLagSeconds: number[];
  lagRecords: number;
  lagSeconds: number;
}

/** A line of the model's event log, as the page shows it. */
export type LogLine = LogEntry;

export interface KafkaSnapshotData {
  simTime: number;
  events: number;
  summary: KafkaSummary;
  topic: string;
  partitions: PartitionView[];
  groups: GroupView[];
  producers: { name: string; rate: number }[];
  series: {
    lagRecords: SeriesCols;
    lagSeconds: SeriesCols;
    rateIn: SeriesCols;
    rateOut: SeriesCols;
    p50: SeriesCols;
    p99: SeriesCols;
    /** Per partition, first group (empty beyond 64 partitions). */
    partitionLag: SeriesCols[];
    /** Each group's total lag, when there is more than one group (else empty). */
    groupLag: { id: string; records: SeriesCols; seconds: SeriesCols }[];
  };
  /** Little's law over the run: time-average L and λ·W of the first group, sampled on a grid. */
  little: { t: Float64Array; L: Float64Array; lw: Float64Array };
  /** The newest log entries, oldest first. */
  log: LogLine[];
  /** Lines dropped off the front of the model's bounded log. */
  logEvicted: number;
}

/** At most this many log lines travel with a snapshot. */
export const SNAPSHOT_LOG_LINES = 1000;

const finiteOrNull = (x: number): number | null => (Number.isFinite(x) ? x : null);

/**
 * L (time-average records owed) and λ·W of the first group at the model's current time — the two
 * sides of Little's law as the summary reports them. NaN before anything was measured.
 */
export function littleNow(model: KafkaModel, group = 0): { L: number; lw: number } {
  const g = model.groups[group];
  if (!g) return { L: NaN, lw: NaN };
  const st = g.stats();
  const lambda = model.inRate.estimate(model.sim.now).mean;
  return { L: st.L.mean, lw: lambda * st.W.mean };
}

/** Little's law samples, one per grid step of simulated time (bounded: at most `capacity`). */
export class LittleTrack {
  /** Per group: sample times and the two sides of the identity. */
  readonly t: number[][] = [];
  readonly L: number[][] = [];
  readonly lw: number[][] = [];
  next: number;

  constructor(
    readonly step: number,
    readonly from: number,
  ) {
    this.next = Math.max(step, from + step);
  }

  /** Records a sample when the model has reached the next grid point (or passed it, e.g. by stepping). */
  sample(model: KafkaModel): void {
    const now = model.sim.now;
    if (now < this.next) return;
    for (let g = 0; g < model.groups.length; g++) {
      if (!this.t[g]) [this.t[g], this.L[g], this.lw[g]] = [[], [], []];
      const { L, lw } = littleNow(model, g);
      if (Number.isFinite(L) && Number.isFinite(lw)) {
        this.t[g].push(now);
        this.L[g].push(L);
        this.lw[g].push(lw);
      }
    }
    // The next grid point strictly after now (guarding against floating-point round-down).
    let next = (Math.floor(now / this.step + 1e-9) + 1) * this.step;
    if (!(next > now)) next = now + this.step;
    this.next = next;
  }

  columns(group = 0): KafkaSnapshotData['little'] {
    return { t: Float64Array.from(this.t[group] ?? []), L: Float64Array.from(this.L[group] ?? []), lw: Float64Array.from(this.lw[group] ?? []) };
  }
}

/**
 * The page's view of the model. Throughput out, latency percentiles and Little's law follow
 * consumer group `group` (the one the topology shows); lag is drawn for every group.
 */
export function buildKafkaSnapshot(scenario: KafkaScenario, model: KafkaModel, little?: LittleTrack, group = 0): KafkaSnapshotData {
  const now = model.sim.now;
  const summary = buildKafkaSummary(scenario, model);
  const groups: GroupView[] = model.groups.map((g) => {
    const st = g.stats();
    return {
      id: st.groupId,
      state: st.state,
      generation: st.generation,
      members: g.consumers.map((c) => ({
        name: c.name,
        state: st.memberStates[c.name] ?? 'dead',
        partitions: st.assignment[c.name] ?? [],
        utilization: finiteOrNull(st.memberUtilization[c.name] ?? NaN),
      })),
      committed: st.committed,
      partitionLag: st.partitionLag,
      partitionLagSeconds: st.partitionLagSeconds,
      lagRecords: st.lagRecords,
      lagSeconds: st.lagSeconds,
    };
  });
  const s = model.series;
  const entries = model.logEntries();
  const log = entries.slice(-SNAPSHOT_LOG_LINES);
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topic: scenario.topic.name,
    partitions: model.logs.map((l) => ({ partition: l.index, logStart: l.logStart, logEnd: l.logEnd })),
    groups,
    producers: scenario.producers.map((p) => ({ name: p.name, rate: p.rate })),
    series: {
      lagRecords: s.lagRecords.read(now),
      lagSeconds: s.lagSeconds.read(now),
      rateIn: s.rateIn.read(now),
      rateOut: (s.perGroup[group] ?? s).rateOut.read(now),
      p50: (s.perGroup[group] ?? s).p50.read(now),
      p99: (s.perGroup[group] ?? s).p99.read(now),
      partitionLag: s.partitionLag.map((x) => x.read(now)),
      groupLag:
        model.groups.length > 1
          ? model.groups.map((g, i) => ({ id: g.id, records: s.perGroup[i].lagRecords.read(now), seconds: s.perGroup[i].lagSeconds.read(now) }))
          : [],
    },
    little: little ? little.columns(group) : { t: new Float64Array(0), L: new Float64Array(0), lw: new Float64Array(0) },
    log,
    logEvicted: model.log.evicted,
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function snapshotBuffers(d: KafkaSnapshotData): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const add = (c: SeriesCols) => out.push(c.t.buffer as ArrayBuffer, c.mean.buffer as ArrayBuffer, c.max.buffer as ArrayBuffer);
  const s = d.series;
  [s.lagRecords, s.lagSeconds, s.rateIn, s.rateOut, s.p50, s.p99, ...s.partitionLag, ...s.groupLag.flatMap((g) => [g.records, g.seconds])].forEach(add);
  out.push(d.little.t.buffer as ArrayBuffer, d.little.L.buffer as ArrayBuffer, d.little.lw.buffer as ArrayBuffer);
  return out;
}
