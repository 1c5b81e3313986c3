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
import type { AutoscalerStats, GroupStats, MemberState } from '../../../sim/model/kafka/consumer-group.ts';
import type { LogEntry } from '../../../sim/model/kafka/event-log.ts';
import { buildKafkaSummary, type KafkaSummary } from './summary.ts';
import { est } from '../station/summary.ts';
import { littleCheck, type LittleCheck } from '../../little.ts';

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

/** A producer as the topology draws it: its rate now (profile, spikes), stopped, or silent. */
export interface ProducerView {
  name: string;
  /** Records per second now (its profile's rate with any load spike; 0 once stopped). */
  rate: number;
  /** The rate changes over the run (a profile, bursts, a daily curve, a stop time). */
  varies: boolean;
}

/** The consumer group the page follows (the topology's choice), and what only it has. */
export interface FocusView {
  index: number;
  id: string;
  /** Little's law for this group, judged as the summary judges it for the first group. */
  little: LittleCheck;
  /**
   * Why members are idle, when some are: more members (alive, in the group) than partitions, or
   * members the assignment gave nothing although there are enough partitions to go round.
   */
  idle: 'members' | 'assignment' | null;
  /** The group's retry topics and dead-letter topic, with the records waiting in each. */
  side: { kind: 'retry' | 'dlq'; name: string; short: string; depth: number }[];
  /** The group's lag-driven autoscaler (KEDA + HPA) now, or null without one. */
  autoscaler: AutoscalerStats | null;
}

/** Seconds of input a fixed lag scale spans ("one minute of input"). */
export const FIXED_SCALE_SECONDS = 60;

/**
 * The lag charts' fixed scales, from the scenario alone, so a broken run and its fix are drawn on
 * the same axes: lag up to one minute of input at the producers' peak rate (profile steps, bursts,
 * daily curve; not live spikes), lag age up to one minute, and the heat map's darkest colour at one
 * minute of a partition's fair share.
 */
export function fixedLagScales(s: KafkaScenario): { records: number; seconds: number; partition: number } {
  const peak = s.producers.reduce(
    (a, p) => a + Math.max(p.rate, ...p.profile.map((x) => x.rate)) * (p.bursts ? Math.max(1, p.bursts.factor) : 1) * (p.daily ? 1 + Math.abs(p.daily.amplitude) : 1),
    0,
  );
  const records = Math.max(1, Math.round(peak * FIXED_SCALE_SECONDS));
  return { records, seconds: FIXED_SCALE_SECONDS, partition: Math.max(1, Math.round(records / Math.max(1, s.topic.partitions))) };
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
  producers: ProducerView[];
  /** The group the per-group panels follow. */
  focus: FocusView;
  /** The lag charts' fixed scales (see {@link fixedLagScales}). */
  scales: { records: number; seconds: number; partition: number };
  /**
   * Charts. Lag series end with one more point at the current time, the lag now, so a chart's last
   * point is the counter's number (the buckets before it are time-averages).
   */
  series: {
    /** Lag of the group in focus. */
    lagRecords: SeriesCols;
    lagSeconds: SeriesCols;
    rateIn: SeriesCols;
    rateOut: SeriesCols;
    p50: SeriesCols;
    p99: SeriesCols;
    /** Per partition, group in focus (empty beyond 64 partitions). */
    partitionLag: SeriesCols[];
    /** Each group's total lag, when there is more than one group (else empty). */
    groupLag: { id: string; records: SeriesCols; seconds: SeriesCols }[];
    /** Members of the group in focus, and its idle members (no partition), over time. */
    members: SeriesCols;
    idle: SeriesCols;
  };
  /** Little's law over the run: time-average L and λ·W of the group in focus, sampled on a grid. */
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
  // The estimates `g.stats()` reports, read directly: stats() also sums every partition's lag, which
  // costs as much as the backlog (hours of it at seed scale), for 300 samples a run.
  const now = model.sim.now;
  const lambda = model.inRate.estimate(now).mean;
  return { L: g.owed.estimate(now).mean, lw: lambda * g.w.estimate().mean };
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
  // One pass over the model for the summary and the group views (each group's stats walk its lag).
  const st = model.stats();
  const summary = buildKafkaSummary(scenario, model, undefined, st);
  const listed = Math.min(model.logs.length, SNAPSHOT_PARTITIONS);
  const focus = Math.min(Math.max(0, group), Math.max(0, model.groups.length - 1));
  const groups: GroupView[] = model.groups.map((g, gi) => {
    const gs = st.groups[gi];
    const owner: number[] = new Array<number>(listed).fill(-1);
    const rest = emptyTail();
    // Pods the autoscaler deleted are gone, not dead: they are left out (their slot may start again).
    const consumers = g.autoscaler ? g.consumers.filter((c) => !(c.deleted && c.autoscaled)) : g.consumers;
    consumers.forEach((c, i) => {
      const parts = gs.assignment[c.name] ?? [];
      for (const p of parts) if (p < listed) owner[p] = i;
      if (i >= SNAPSHOT_MEMBERS) {
        rest.count++;
        rest.states[gs.memberStates[c.name] ?? 'dead']++;
        rest.partitions += parts.length;
      }
    });
    let restLag = 0;
    for (let p = listed; p < gs.partitionLag.length; p++) restLag += gs.partitionLag[p];
    return {
      id: gs.groupId,
      state: gs.state,
      generation: gs.generation,
      members: consumers.slice(0, SNAPSHOT_MEMBERS).map((c) => ({
        name: c.name,
        state: gs.memberStates[c.name] ?? 'dead',
        partitions: gs.assignment[c.name] ?? [],
        utilization: finiteOrNull(gs.memberUtilization[c.name] ?? NaN),
      })),
      membersRest: rest,
      owner,
      committed: gs.committed.slice(0, listed),
      partitionLag: gs.partitionLag.slice(0, listed),
      partitionLagSeconds: gs.partitionLagSeconds.slice(0, listed),
      partitionsRestLag: restLag,
      lagRecords: gs.lagRecords,
      lagSeconds: gs.lagSeconds,
    };
  });
  const s = model.series;
  const fs = s.perGroup[focus] ?? s;
  const fg = st.groups[focus];
  const entries = model.logEntries();
  const log = entries.slice(-SNAPSHOT_LOG_LINES);
  const none = { mean: null, hw: null, batches: 0 };
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topic: scenario.topic.name,
    partitions: model.logs.slice(0, listed).map((l) => ({ partition: l.index, logStart: l.logStart, logEnd: l.logEnd })),
    partitionCount: model.logs.length,
    groups,
    producers: scenario.producers.map((p, i) => ({
      name: p.name,
      rate: st.producers[i]?.rate ?? p.rate,
      varies: p.profile.length > 0 || !!p.bursts || !!p.daily || p.stopAt !== null,
    })),
    focus: {
      index: focus,
      id: fg?.groupId ?? '',
      little: fg ? littleCheck(est(fg.L), est(fg.W), est(st.lambda), est(fg.throughput)) : littleCheck(none, none, none, none),
      idle: !fg || fg.idleMembers === 0 ? null : model.groups[focus].consumers.filter((c) => c.alive).length > model.logs.length ? 'members' : 'assignment',
      side: sideTopics(scenario, focus, fg),
      autoscaler: fg?.autoscaler ?? null,
    },
    scales: fixedLagScales(scenario),
    series: {
      lagRecords: withEnd(fs.lagRecords.read(now), now, fg?.lagRecords ?? NaN),
      lagSeconds: withEnd(fs.lagSeconds.read(now), now, fg?.lagSeconds ?? NaN),
      rateIn: s.rateIn.read(now),
      rateOut: fs.rateOut.read(now),
      p50: fs.p50.read(now),
      p99: fs.p99.read(now),
      partitionLag: fs.partitionLag.map((x) => x.read(now)),
      groupLag:
        model.groups.length > 1
          ? model.groups.map((g, i) => ({
              id: g.id,
              records: withEnd(s.perGroup[i].lagRecords.read(now), now, st.groups[i].lagRecords),
              seconds: withEnd(s.perGroup[i].lagSeconds.read(now), now, st.groups[i].lagSeconds),
            }))
          : [],
      members: withEnd(fs.members.read(now), now, fg?.members ?? NaN),
      idle: withEnd(fs.idle.read(now), now, fg?.idleMembers ?? NaN),
    },
    little: little ? little.columns(focus) : { t: new Float64Array(0), L: new Float64Array(0), lw: new Float64Array(0) },
    log,
    logEvicted: model.log.evicted,
  };
}

/** What of a snapshot depends on the group in focus. */
type FocusPart = Pick<KafkaSnapshotData, 'focus' | 'little'> & {
  series: Pick<KafkaSnapshotData['series'], 'lagRecords' | 'lagSeconds' | 'rateOut' | 'p50' | 'p99' | 'partitionLag' | 'members' | 'idle'>;
};

function focusPart(d: KafkaSnapshotData): FocusPart {
  const { lagRecords, lagSeconds, rateOut, p50, p99, partitionLag, members, idle } = d.series;
  return { focus: d.focus, little: d.little, series: { lagRecords, lagSeconds, rateOut, p50, p99, partitionLag, members, idle } };
}

/** A copy of a series' columns with fresh buffers (a transferred buffer is detached, so a final view copies on every call). */
export const freshCols = (c: SeriesCols): SeriesCols => ({ t: c.t.slice(), mean: c.mean.slice(), max: c.max.slice(), width: c.width });

/** Every ArrayBuffer of the named series of a snapshot (to transfer rather than copy). */
export function seriesBuffers<N extends string>(series: Readonly<Record<N, SeriesCols>>, names: readonly N[]): ArrayBuffer[] {
  return names.flatMap((n) => [series[n].t.buffer as ArrayBuffer, series[n].mean.buffer as ArrayBuffer, series[n].max.buffer as ArrayBuffer]);
}

/**
 * A finished run's view for a model whose snapshot keeps its charts as named series (the queue,
 * the cluster and the dependency models): the last data, holding nothing of the model, with fresh
 * series buffers on every call.
 */
export function finalSeriesView<N extends string, D extends { series: Record<N, SeriesCols> }>(base: D, names: readonly N[]): { snapshot(focus: number): D; transfer(d: D): ArrayBuffer[] } {
  return {
    snapshot() {
      const series = {} as Record<N, SeriesCols>;
      for (const n of names) series[n] = freshCols(base.series[n]);
      return { ...base, series };
    },
    transfer: (d) => seriesBuffers(d.series, names),
  };
}

/**
 * A finished (or failed) run's data for every group in focus, holding nothing of the model: the
 * focus-independent part (summary, topology, log…) once, and per group only what follows the
 * focus (its charts, Little's law, side topics) — at most 8 groups of 256-bucket series, against a
 * model of up to the memory budget. Every snapshot gets its own buffers (sent ones are transferred).
 */
export function finalKafkaView(scenario: KafkaScenario, model: KafkaModel, little: LittleTrack | undefined): { snapshot(focus: number): KafkaSnapshotData; transfer(d: KafkaSnapshotData): ArrayBuffer[] } {
  const base = buildKafkaSnapshot(scenario, model, little, 0);
  const parts = [focusPart(base)];
  for (let g = 1; g < model.groups.length; g++) parts.push(focusPart(buildKafkaSnapshot(scenario, model, little, g)));
  return {
    snapshot(focus) {
      const p = parts[Math.min(Math.max(0, focus), parts.length - 1)];
      const s = base.series;
      return {
        ...base,
        focus: p.focus,
        series: {
          lagRecords: freshCols(p.series.lagRecords),
          lagSeconds: freshCols(p.series.lagSeconds),
          rateIn: freshCols(s.rateIn),
          rateOut: freshCols(p.series.rateOut),
          p50: freshCols(p.series.p50),
          p99: freshCols(p.series.p99),
          partitionLag: p.series.partitionLag.map(freshCols),
          groupLag: s.groupLag.map((g) => ({ id: g.id, records: freshCols(g.records), seconds: freshCols(g.seconds) })),
          members: freshCols(p.series.members),
          idle: freshCols(p.series.idle),
        },
        little: { t: p.little.t.slice(), L: p.little.L.slice(), lw: p.little.lw.slice() },
      };
    },
    transfer: snapshotBuffers,
  };
}

/** Group `g`'s retry topics and DLQ (as its retry settings name them) with their depth now. */
function sideTopics(s: KafkaScenario, g: number, st: GroupStats | undefined): FocusView['side'] {
  const cfg = s.groups[g];
  if (!cfg) return [];
  const topic = s.topic.name;
  const out: FocusView['side'] = [];
  if (cfg.retry.mode === 'retry-topics') {
    for (const t of cfg.retry.topics) out.push({ kind: 'retry', name: `${topic}.${t.name}`, short: t.name, depth: st?.retryTopics[`${topic}.${t.name}`] ?? 0 });
  }
  if (cfg.retry.dlq) out.push({ kind: 'dlq', name: `${topic}.dlq`, short: 'dlq', depth: st?.dlq ?? 0 });
  return out;
}

/** `c` with one more point (t = now, value), unless its last point is already at or after now. */
export function withEnd(c: SeriesCols, now: number, value: number): SeriesCols {
  const n = c.t.length;
  if (!Number.isFinite(value) || (n > 0 && c.t[n - 1] >= now)) return c;
  const t = new Float64Array(n + 1);
  const mean = new Float64Array(n + 1);
  const max = new Float64Array(n + 1);
  t.set(c.t);
  mean.set(c.mean);
  max.set(c.max);
  t[n] = now;
  mean[n] = value;
  max[n] = value;
  return { t, mean, max, width: c.width };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function snapshotBuffers(d: KafkaSnapshotData): ArrayBuffer[] {
  const out: ArrayBuffer[] = [];
  const add = (c: SeriesCols) => out.push(c.t.buffer as ArrayBuffer, c.mean.buffer as ArrayBuffer, c.max.buffer as ArrayBuffer);
  const s = d.series;
  [s.lagRecords, s.lagSeconds, s.rateIn, s.rateOut, s.p50, s.p99, ...s.partitionLag, ...s.groupLag.flatMap((g) => [g.records, g.seconds]), s.members, s.idle].forEach(add);
  out.push(d.little.t.buffer as ArrayBuffer, d.little.L.buffer as ArrayBuffer, d.little.lw.buffer as ArrayBuffer);
  return out;
}
