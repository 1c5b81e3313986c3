/**
 * What the Kafka playground shows at one instant, as plain data: the run summary (the record
 * `npm run sim -- … --json --no-timing` prints), the topology (partitions with their offsets, every
 * group's members with state and assignment), chart columns (typed arrays, transferable) and the
 * tail of the client-style event log. Built in the worker; the page never sees the model.
 *
 * The topology part is bounded, so a group of 10,000 members or a topic of 10,000 partitions does
 * not cost the page per member or per partition: each group lists its first `SNAPSHOT_MEMBERS`
 * members and the rest summed (how many, in which state), and the first `SNAPSHOT_PARTITIONS`
 * partitions one by one and the rest's lag summed. The summary is sent whole, as the CLI prints it.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import { MAX_PARTITION_SERIES, type KafkaModel } from '../../../sim/model/kafka/kafka-model.ts';
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

/** How many members are in each state. */
export type StateCounts = Record<MemberState, number>;

/** Members summed instead of listed: how many, in which state, owning how many partitions. */
export interface MemberTail {
  count: number;
  states: StateCounts;
  partitions: number;
}

export interface GroupView {
  id: string;
  state: string;
  generation: number;
  /** The group's first `SNAPSHOT_MEMBERS` members, in the group's order. */
  members: MemberView[];
  /** The members after `members`, summed (count 0 when every member is listed). */
  membersRest: MemberTail;
  /** Per listed partition: the index of its owner among all the group's members, or -1. */
  owner: number[];
  /** Per listed partition (indexed by partition number). */
  committed: number[];
  partitionLag: number[];
  partitionLagSeconds: number[];
  /** Lag summed over the partitions after the listed ones, records. */
  partitionsRestLag: number;
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
  /** The topic's first `SNAPSHOT_PARTITIONS` partitions. */
  partitions: PartitionView[];
  /** Every partition of the topic, listed or not. */
  partitionCount: number;
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
/** Members per group a snapshot lists by name (the topology draws fewer; the fault buttons offer these). */
export const SNAPSHOT_MEMBERS = 100;
/** Partitions a snapshot lists one by one: as many as get a lag series (the heat map's rows). */
export const SNAPSHOT_PARTITIONS = MAX_PARTITION_SERIES;

const STATE_NAMES: readonly MemberState[] = ['active', 'idle', 'rebalancing', 'paused', 'dead'];

/** No members: the identity of `mergeTails`. */
export function emptyTail(): MemberTail {
  return { count: 0, states: { active: 0, idle: 0, rebalancing: 0, paused: 0, dead: 0 }, partitions: 0 };
}

/** `members` summed. */
export function tailOf(members: readonly Pick<MemberView, 'state' | 'partitions'>[]): MemberTail {
  const t = emptyTail();
  for (const m of members) {
    t.count++;
    t.states[m.state]++;
    t.partitions += m.partitions.length;
  }
  return t;
}

/** Two disjoint sets of members summed together. */
export function mergeTails(a: MemberTail, b: MemberTail): MemberTail {
  const states = emptyTail().states;
  for (const k of STATE_NAMES) states[k] = a.states[k] + b.states[k];
  return { count: a.count + b.count, states, partitions: a.partitions + b.partitions };
}

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
  const listed = Math.min(model.logs.length, SNAPSHOT_PARTITIONS);
  const groups: GroupView[] = model.groups.map((g) => {
    const st = g.stats();
    const owner: number[] = new Array<number>(listed).fill(-1);
    const rest = emptyTail();
    g.consumers.forEach((c, i) => {
      const parts = st.assignment[c.name] ?? [];
      for (const p of parts) if (p < listed) owner[p] = i;
      if (i >= SNAPSHOT_MEMBERS) {
        rest.count++;
        rest.states[st.memberStates[c.name] ?? 'dead']++;
        rest.partitions += parts.length;
      }
    });
    let restLag = 0;
    for (let p = listed; p < st.partitionLag.length; p++) restLag += st.partitionLag[p];
    return {
      id: st.groupId,
      state: st.state,
      generation: st.generation,
      members: g.consumers.slice(0, SNAPSHOT_MEMBERS).map((c) => ({
        name: c.name,
        state: st.memberStates[c.name] ?? 'dead',
        partitions: st.assignment[c.name] ?? [],
        utilization: finiteOrNull(st.memberUtilization[c.name] ?? NaN),
      })),
      membersRest: rest,
      owner,
      committed: st.committed.slice(0, listed),
      partitionLag: st.partitionLag.slice(0, listed),
      partitionLagSeconds: st.partitionLagSeconds.slice(0, listed),
      partitionsRestLag: restLag,
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
    partitions: model.logs.slice(0, listed).map((l) => ({ partition: l.index, logStart: l.logStart, logEnd: l.logEnd })),
    partitionCount: model.logs.length,
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
