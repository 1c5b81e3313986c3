/**
 * The group's statistics. Consumer lag per partition, both from the committed offset: in records,
 * log-end − committed offset; in seconds, the age of the record at the committed offset; the
 * fetched-but-uncommitted part of it is reported as `lagInFlight`. Lag is sampled for its maxima; `groupStats` is the GroupStats snapshot (counters,
 * assignment, member states, L, W, Wq and throughput with confidence intervals, latency
 * percentiles). `resetStats` (at the end of the warm-up) restarts L, W, Wq, throughput, the
 * percentiles and the members' utilisation; the counters are not reset.
 */
import { Pause } from './coordinator.ts';
import { CONFIDENCE } from '../../../metrics/estimate.ts';
import { RecordState } from '../partition-log.ts';
import type { Consumer } from './consumer.ts';
import { Phase } from './member.ts';
import type { ConsumerGroup } from './group.ts';
import type { GroupStats, MemberState } from './types.ts';

/**
 * Lag of partition p, both measured from the committed offset as lag exporters measure it: in
 * records, log-end − committed; in seconds, the age of the record at the committed offset (the
 * oldest record still in the log at or after it), 0 when nothing is left to commit.
 */
export function partitionLag(g: ConsumerGroup, p: number): [number, number] {
  const log = g.host.logs[p];
  const committed = Math.max(0, g.committed[p]);
  const at = Math.max(committed, log.logStart, log.base);
  return [log.logEnd - committed, at < log.logEnd ? g.host.sim.now - log.timestamp(at) : 0];
}

/**
 * Records of partition p counted in its lag that the group has already fetched (being processed,
 * or applied and waiting for the next commit): the part of the lag that is "in flight". Only a
 * fetch makes a record in flight (and only an in-flight one becomes applied), so the scan stops at
 * the group's highest fetched offset: O(fetched and uncommitted), however deep the backlog behind it.
 */
export function partitionInFlight(g: ConsumerGroup, p: number): number {
  const log = g.host.logs[p];
  const gi = g.host.groupIndex;
  const end = Math.min(log.logEnd, log.fetchedEnd[gi]);
  let n = 0;
  for (let o = Math.max(0, g.committed[p], log.base); o < end; o++) {
    const s = log.state(gi, o);
    if (s === RecordState.InFlight || s === RecordState.Applied) n++;
  }
  return n;
}

/** Samples total lag (records, seconds) for the maxima; per-partition lag goes to `perPartition`. */
export function sampleLag(g: ConsumerGroup, perPartition?: Float64Array): [number, number] {
  let records = 0;
  let seconds = 0;
  const logs = g.host.logs;
  const now = g.host.sim.now;
  for (let p = 0; p < logs.length; p++) {
    // partitionLag(g, p), without its pair: this runs for every partition at every chart sample.
    const log = logs[p];
    const committed = Math.max(0, g.committed[p]);
    const at = Math.max(committed, log.logStart, log.base);
    const r = log.logEnd - committed;
    const s = at < log.logEnd ? now - log.timestamp(at) : 0;
    if (perPartition) perPartition[p] = r;
    records += r;
    if (s > seconds) seconds = s;
  }
  if (records > g.maxLagRecords) g.maxLagRecords = records;
  if (seconds > g.maxLagSeconds) g.maxLagSeconds = seconds;
  return [records, seconds];
}

export function resetStats(g: ConsumerGroup, t: number): void {
  g.owed.reset(t);
  g.out.reset(t);
  g.w.reset();
  g.wq.reset();
  g.wHist.reset();
  for (const c of g.consumers) c.busy.reset(t);
}

function memberState(c: Consumer): MemberState {
  const e = c.entry;
  return !c.alive
    ? 'dead'
    : c.frozen()
      ? 'paused'
      : !e || c.phase === Phase.Joining || c.needsRejoin
        ? 'rebalancing'
        : e.owned.length === 0
          ? 'idle'
          : 'active';
}

/** Members settled in the group with no partition (the counters' idle consumers). */
export function idleCount(g: ConsumerGroup): number {
  let n = 0;
  for (const c of g.consumers) if (memberState(c) === 'idle') n++;
  return n;
}

export function groupStats(g: ConsumerGroup, level = CONFIDENCE): GroupStats {
  const now = g.host.sim.now;
  const P = g.host.logs.length;
  const partitionLags: number[] = [];
  const partitionLagSeconds: number[] = [];
  let lagRecords = 0;
  let lagSeconds = 0;
  let lagInFlight = 0;
  for (let p = 0; p < P; p++) {
    const [r, s] = partitionLag(g, p);
    lagInFlight += partitionInFlight(g, p);
    partitionLags.push(r);
    partitionLagSeconds.push(s);
    lagRecords += r;
    lagSeconds = Math.max(lagSeconds, s);
  }
  const assignment: Record<string, number[]> = {};
  const memberUtilization: Record<string, number> = {};
  const memberStates: Record<string, MemberState> = {};
  let idle = 0;
  for (const c of g.consumers) {
    const e = c.entry;
    const state = memberState(c);
    if (c.alive && e) assignment[c.name] = [...e.owned];
    // Idle: in the group, settled, with no partition. A member between leaving and rejoining owns
    // nothing either, but it is rebalancing, not idle.
    if (state === 'idle') idle++;
    memberUtilization[c.name] = c.busy.mean(now);
    memberStates[c.name] = state;
  }
  const { coordinator, failures } = g;
  return {
    groupId: g.id,
    generation: coordinator.generation,
    state: coordinator.state,
    members: coordinator.entries.length,
    alive: g.consumers.filter((c) => c.alive).length,
    idleMembers: idle,
    maxMembers: Math.max(g.maxMembers, coordinator.entries.length),
    maxIdleMembers: Math.max(g.maxIdle, idle),
    rebalances: g.rebalances,
    rebalancePausedSeconds: coordinator.pauseSecondsNow(Pause.Rebalance),
    startupPausedSeconds: coordinator.pauseSecondsNow(Pause.Startup),
    emptyPausedSeconds: coordinator.pauseSecondsNow(Pause.Empty),
    applied: g.applied,
    duplicates: g.duplicates,
    redeliveries: g.redeliveries,
    lost: g.lost,
    skipped: g.skipped,
    inFlight: g.inFlight,
    orderingViolations: g.orderingViolations,
    commitFailures: g.commitFailures,
    retries: g.retries,
    dlq: g.dlq,
    retryTopics: Object.fromEntries(
      failures.retryQueues.map((q, l) => [`${g.host.topic}.${g.config.retry.topics[l].name}`, q.length + (failures.retryBusy[l] ? 1 : 0)]),
    ),
    dlqRecords: g.dlqRecords.map((r) => ({ ...r })),
    stuck: Object.fromEntries([...g.stuck].map(([p, s]) => [p, { ...s }])),
    lagRecords,
    lagSeconds,
    lagInFlight,
    maxLagRecords: Math.max(g.maxLagRecords, lagRecords),
    maxLagSeconds: Math.max(g.maxLagSeconds, lagSeconds),
    committed: Array.from(g.committed),
    partitionLag: partitionLags,
    partitionLagSeconds,
    assignment,
    memberUtilization,
    memberStates,
    L: g.owed.estimate(now, level),
    W: g.w.estimate(level),
    Wq: g.wq.estimate(level),
    throughput: g.out.estimate(now, level),
    p50: g.wHist.quantile(0.5),
    p90: g.wHist.quantile(0.9),
    p99: g.wHist.quantile(0.99),
    p999: g.wHist.quantile(0.999),
    autoscaler: g.autoscaler ? g.autoscaler.stats() : null,
  };
}
