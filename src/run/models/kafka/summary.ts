/**
 * The Kafka model's run summary (CLI `--json`, tests, worker), and the mapping from a validated
 * scenario to the model's configuration.
 *
 * Top-level numbers: counters (duplicates, lost, skipped, ordering violations, rebalances, idle
 * consumers) are summed over consumer groups; lag in records is summed over groups and partitions,
 * lag in seconds is the worst; L, W, Wq, percentiles, Little's law and `partitions[].committed`
 * describe the first group (the one the story is about). `groups` has every group in full.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaConfig } from '../../../sim/model/kafka/kafka-model.ts';
import type { KafkaModel, KafkaStats } from '../../../sim/model/kafka/kafka-model.ts';
import type { AutoscalerStats, GroupStats } from '../../../sim/model/kafka/consumer-group.ts';
import { makeKeyGenerator, makeKeyPartitionCache } from '../../../sim/model/kafka/keys.ts';
import { Rng } from '../../../sim/kernel/rng.ts';
import { mm1 } from '../../../theory/index.ts';
import { est, fin, type EstimateOut } from '../station/summary.ts';
import { littleCheck, type LittleCheck } from '../../little.ts';

/** Mean record size of the topic's producers, weighted by their rates at t = 0 (bytes). */
export function meanRecordBytes(s: KafkaScenario): number {
  const total = s.producers.reduce((a, p) => a + p.rate, 0);
  if (!(total > 0)) return s.producers.reduce((a, p) => a + p.recordBytes, 0) / Math.max(1, s.producers.length);
  return s.producers.reduce((a, p) => a + p.rate * p.recordBytes, 0) / total;
}

export function kafkaConfig(s: KafkaScenario): KafkaConfig {
  const recordBytes = meanRecordBytes(s);
  return {
    topic: s.topic,
    producers: s.producers,
    groups: s.groups.map((g) => ({
      ...g,
      recordBytes,
      retry: {
        mode: g.retry.mode,
        maxAttempts: g.retry.maxAttempts,
        backoff: {
          initialMs: g.retry.backoff['initial.ms'],
          multiplier: g.retry.backoff.multiplier,
          maxMs: g.retry.backoff['max.ms'],
          jitter: g.retry.backoff.jitter,
        },
        topics: g.retry.topics.map((t) => ({ name: t.name, delayMs: t['delay.ms'] })),
        dlq: g.retry.dlq,
        attempts: g.retry.attempts,
        classify: g.retry.classify,
        restartAfter: g.retry.restartAfter,
      },
    })),
    faults: s.faults,
    timing: {
      rebalanceLatency: s.timing['rebalance.latency.ms'] / 1000,
      commitLatency: s.timing['commit.latency.ms'] / 1000,
      fetchLatency: s.timing['fetch.latency.ms'] / 1000,
    },
    warmup: s.warmup,
    horizon: s.duration,
  };
}

export interface KafkaTheory {
  model: string;
  /** Mean time in system of the first group, records weighted by their partition's rate. */
  W: number;
  L: number;
  /** Per member: arrival rate of its partitions and utilisation. */
  members: Record<string, { lambda: number; rho: number }>;
}

/**
 * Exact theory for the degenerate case the catalog names: one Poisson producer at a constant rate,
 * sequential processing with exponential times, no faults. Each member then serves the records of
 * its partitions as one M/M/1 queue (any work-conserving order gives the same mean), at the rate
 * its partitions receive — computed exactly from the keys' probabilities and Kafka's partitioner.
 */
export function kafkaTheory(s: KafkaScenario, assignment: Record<string, number[]>): KafkaTheory | null {
  const g = s.groups[0];
  // An autoscaler changes the group (and its assignment) with the load: no fixed M/M/1 per consumer.
  if (!g || s.producers.length !== 1 || s.faults.length > 0 || g.autoscaler?.enabled) return null;
  const p = s.producers[0];
  if (p.arrivals !== 'poisson' || p.profile.length > 0 || p.bursts || p.daily || p.stopAt !== null) return null;
  if (g.processing.mode !== 'sequential' || g.processing.time.type !== 'exponential' || !(p.rate > 0)) return null;
  if (p.keys.kind === 'none') return null; // sticky partitioning is not a Poisson split
  const P = s.topic.partitions;
  const keys = makeKeyGenerator(p.keys, new Rng(0));
  const cache = makeKeyPartitionCache(keys, P);
  const share = new Float64Array(P);
  for (let i = 0; i < keys.count; i++) share[cache.partitionOf(i)] += keys.pmf(i);
  const mu = 1 / g.processing.time.mean;
  const members: KafkaTheory['members'] = {};
  let W = 0;
  let L = 0;
  for (const [name, parts] of Object.entries(assignment)) {
    const lambda = parts.reduce((a, q) => a + p.rate * share[q], 0);
    members[name] = { lambda, rho: lambda / mu };
    if (lambda === 0) continue;
    if (lambda >= mu) return null;
    const q = mm1(lambda, mu);
    W += (lambda / p.rate) * q.W;
    L += q.L;
  }
  const covered = Object.values(assignment).reduce((a, parts) => a + parts.reduce((b, q) => b + share[q], 0), 0);
  if (Math.abs(covered - 1) > 1e-9) return null; // some partition has no consumer
  return { model: 'M/M/1 per consumer', W, L, members };
}

export interface KafkaGroupSummary {
  /** From the committed offset; `inFlight`: the part of `final` already fetched or applied, not yet committed. */
  lagRecords: { final: number; max: number; inFlight: number };
  /** Age of the record at the committed offset (worst partition). */
  lagSeconds: { final: number; max: number };
  applied: number;
  duplicates: number;
  redeliveries: number;
  lost: number;
  skipped: number;
  inFlight: number;
  orderingViolations: number;
  rebalances: number;
  rebalancePausedSeconds: number;
  startupPausedSeconds: number;
  emptyPausedSeconds: number;
  commitFailures: number;
  retries: number;
  dlq: number;
  retryTopics: Record<string, number>;
  dlqRecords: GroupStats['dlqRecords'];
  stuck: GroupStats['stuck'];
  idleConsumers: number;
  members: number;
  /** Most members, and most idle members, at a chart sample of the run. */
  maxMembers: number;
  maxIdleConsumers: number;
  /** The lag-driven autoscaler (KEDA + HPA): pods, scale steps and the rebalances they set off; null without one. */
  autoscaler: AutoscalerStats | null;
  generation: number;
  state: string;
  L: EstimateOut;
  W: EstimateOut;
  Wq: EstimateOut;
  throughput: EstimateOut;
  p50: number | null;
  p99: number | null;
  assignment: Record<string, number[]>;
  utilization: Record<string, number | null>;
  committed: number[];
  partitionLag: number[];
}

export interface KafkaSummary {
  scenario: string;
  model: 'kafka';
  seed: number;
  simTime: number;
  warmup: number;
  events: number;
  produced: number;
  lambda: EstimateOut;
  /** From the committed offset; `inFlight`: the part of `final` already fetched or applied, not yet committed. */
  lagRecords: { final: number; max: number; inFlight: number };
  /** Age of the record at the committed offset (worst partition). */
  lagSeconds: { final: number; max: number };
  duplicates: number;
  lost: number;
  skipped: number;
  orderingViolations: number;
  /** Records in dead-letter topics. */
  dlq: number;
  /** Processing attempts beyond the first (in place, seek-back re-reads, retry topics). */
  retries: number;
  /** Records waiting in retry topics, by topic. */
  retryTopics: Record<string, number>;
  /** Per producer: records, sends the schema registry refused, silence and the dead-producer indicator. */
  producers: { name: string; produced: number; rejected: number; stopped: boolean; silentFor: number | null; dead: boolean }[];
  redeliveries: number;
  rebalances: number;
  /** Partition-seconds without an owner while a rebalance was in progress (not the start-up join, not an empty group). */
  rebalancePausedSeconds: number;
  /** Partition-seconds before each group's first assignment. */
  startupPausedSeconds: number;
  /** Partition-seconds while a group had no member at all. */
  emptyPausedSeconds: number;
  commitFailures: number;
  idleConsumers: number;
  L: EstimateOut;
  W: EstimateOut;
  Wq: EstimateOut;
  throughput: EstimateOut;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  p999: number | null;
  /** Little's law for the first group, with the verdict (steady, overloaded, too wide to judge). */
  littlesLaw: LittleCheck;
  assignment: Record<string, number[]>;
  partitions: { partition: number; logStart: number; logEnd: number; committed: number; lag: number }[];
  groups: Record<string, KafkaGroupSummary>;
  heldRecords: number;
  theory: KafkaTheory | null;
  wallMs?: number;
}

function groupSummary(g: GroupStats): KafkaGroupSummary {
  const utilization: Record<string, number | null> = {};
  for (const [k, u] of Object.entries(g.memberUtilization)) utilization[k] = fin(u);
  return {
    lagRecords: { final: g.lagRecords, max: g.maxLagRecords, inFlight: g.lagInFlight },
    lagSeconds: { final: g.lagSeconds, max: g.maxLagSeconds },
    applied: g.applied,
    duplicates: g.duplicates,
    redeliveries: g.redeliveries,
    lost: g.lost,
    skipped: g.skipped,
    inFlight: g.inFlight,
    orderingViolations: g.orderingViolations,
    rebalances: g.rebalances,
    rebalancePausedSeconds: g.rebalancePausedSeconds,
    startupPausedSeconds: g.startupPausedSeconds,
    emptyPausedSeconds: g.emptyPausedSeconds,
    commitFailures: g.commitFailures,
    retries: g.retries,
    dlq: g.dlq,
    retryTopics: g.retryTopics,
    dlqRecords: g.dlqRecords,
    stuck: g.stuck,
    idleConsumers: g.idleMembers,
    members: g.members,
    maxMembers: g.maxMembers,
    maxIdleConsumers: g.maxIdleMembers,
    autoscaler: g.autoscaler ? { ...g.autoscaler } : null,
    generation: g.generation,
    state: g.state,
    L: est(g.L),
    W: est(g.W),
    Wq: est(g.Wq),
    throughput: est(g.throughput),
    p50: fin(g.p50),
    p99: fin(g.p99),
    assignment: g.assignment,
    utilization,
    committed: g.committed,
    partitionLag: g.partitionLag,
  };
}

/** `st`: the model's statistics now, when the caller has them already (they cost a pass over the logs). */
export function buildKafkaSummary(s: KafkaScenario, model: KafkaModel, wallMs?: number, st: KafkaStats = model.stats()): KafkaSummary {
  const gs = st.groups;
  const first = gs[0];
  const sum = (f: (g: GroupStats) => number) => gs.reduce((a, g) => a + f(g), 0);
  const max = (f: (g: GroupStats) => number) => gs.reduce((a, g) => Math.max(a, f(g)), 0);
  const assignment: Record<string, number[]> = {};
  for (const g of gs) Object.assign(assignment, g.assignment);
  const none: EstimateOut = { mean: null, hw: null, batches: 0 };
  const summary: KafkaSummary = {
    scenario: s.id,
    model: 'kafka',
    seed: s.seed,
    simTime: st.simTime,
    warmup: s.warmup,
    events: st.events,
    produced: st.produced,
    lambda: est(st.lambda),
    lagRecords: { final: sum((g) => g.lagRecords), max: sum((g) => g.maxLagRecords), inFlight: sum((g) => g.lagInFlight) },
    lagSeconds: { final: max((g) => g.lagSeconds), max: max((g) => g.maxLagSeconds) },
    duplicates: sum((g) => g.duplicates),
    lost: sum((g) => g.lost),
    skipped: sum((g) => g.skipped),
    orderingViolations: sum((g) => g.orderingViolations),
    dlq: sum((g) => g.dlq),
    retries: sum((g) => g.retries),
    retryTopics: Object.assign({}, ...gs.map((g) => g.retryTopics)),
    producers: st.producers.map((p) => ({ name: p.name, produced: p.produced, rejected: p.rejected, stopped: p.stopped, silentFor: fin(p.silentFor), dead: p.dead })),
    redeliveries: sum((g) => g.redeliveries),
    rebalances: sum((g) => g.rebalances),
    rebalancePausedSeconds: sum((g) => g.rebalancePausedSeconds),
    startupPausedSeconds: sum((g) => g.startupPausedSeconds),
    emptyPausedSeconds: sum((g) => g.emptyPausedSeconds),
    commitFailures: sum((g) => g.commitFailures),
    idleConsumers: sum((g) => g.idleMembers),
    L: first ? est(first.L) : none,
    W: first ? est(first.W) : none,
    Wq: first ? est(first.Wq) : none,
    throughput: first ? est(first.throughput) : none,
    p50: first ? fin(first.p50) : null,
    p90: first ? fin(first.p90) : null,
    p99: first ? fin(first.p99) : null,
    p999: first ? fin(first.p999) : null,
    littlesLaw: first ? littleCheck(est(first.L), est(first.W), est(st.lambda), est(first.throughput)) : littleCheck(none, none, none, none),
    assignment,
    partitions: st.partitions.map((p) => ({
      partition: p.partition,
      logStart: p.logStart,
      logEnd: p.logEnd,
      committed: first ? first.committed[p.partition] : 0,
      lag: first ? first.partitionLag[p.partition] : p.logEnd,
    })),
    groups: Object.fromEntries(gs.map((g) => [g.groupId, groupSummary(g)])),
    heldRecords: st.heldRecords,
    theory: first ? kafkaTheory(s, first.assignment) : null,
  };
  if (wallMs !== undefined) summary.wallMs = wallMs;
  return summary;
}
