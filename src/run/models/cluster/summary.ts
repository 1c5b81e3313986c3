/**
 * The cluster model's run summary (CLI `--json`, tests, every live snapshot). Key order is fixed
 * (the order of `ClusterSummary`), so the same scenario and seed give byte-identical JSON.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterModel } from '../../../sim/model/cluster/cluster-model.ts';
import { brokerViews } from '../../../sim/model/cluster/view.ts';
import { ACKS_ORDER } from '../../../sim/model/cluster/types.ts';
import type { LogHistogram } from '../../../sim/metrics/histogram.ts';
import type { ClusterSummary, Latency } from './data.ts';

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

export function latencyOf(h: LogHistogram, sum: number): Latency {
  return { p50: finite(h.quantile(0.5)), p99: finite(h.quantile(0.99)), mean: h.total > 0 ? sum / h.total : null, count: h.total };
}

/** The web fronts' requests summed over the producers that have one; null when none has. */
function frontOf(m: ClusterModel): ClusterSummary['front'] {
  const fronts = m.producers.list.flatMap((p) => (p.front ? [p.front] : []));
  if (fronts.length === 0) return null;
  const sum = (k: keyof (typeof fronts)[number]) => fronts.reduce((a, f) => a + f[k], 0);
  return { requests: sum('requests'), ok: sum('ok'), shed: sum('shed'), errors: sum('errors'), timeouts: sum('timeouts'), open: sum('open'), afterTimeout: sum('afterTimeout'), latency: latencyOf(m.producers.clientHist, m.producers.clientSum) };
}

export function buildClusterSummary(s: ClusterScenario, m: ClusterModel, wallMs?: number): ClusterSummary {
  const now = m.sim.now;
  const rec = m.records;
  const rs = m.readers.stats();
  const un = m.unavailableSeconds();
  const window = now - Math.min(now, s.warmup);
  const pr = m.producers;
  const io = m.io;
  const summary: ClusterSummary = {
    scenario: s.id,
    model: 'cluster',
    seed: s.seed,
    simTime: now,
    warmup: s.warmup,
    window: now - Math.min(now, s.warmup),
    events: m.sim.events,
    records: { produced: rec.n, blocked: rec.blocked, inFlight: rec.inFlight, ackedStored: rec.ackedStored, ackedLost: rec.ackedLost, failed: rec.failed, expired: rec.expired, refused: rec.refused, shed: rec.shed },
    lost: rec.ackedLost,
    failedBy: { ...rec.failedBy },
    duplicates: rec.duplicates,
    notEnoughReplicas: m.notEnoughReplicas,
    retries: m.retries,
    deduplicated: m.deduplicated,
    truncated: m.truncated,
    truncations: { events: m.truncationEvents, last: m.truncations.map((t) => ({ ...t, replicas: t.replicas.map((x) => ({ ...x })) })) },
    outOfOrder: m.outOfOrder,
    epochBumps: m.epochBumps,
    disconnects: m.producers.disconnects,
    produceLatency: latencyOf(m.producers.hist, m.producers.sum),
    produceByAcks: (m.producers.byAcks ?? []).flatMap((a, i) => {
      const acks = ACKS_ORDER[i];
      return a ? [{ acks, producers: m.producers.list.filter((p) => p.config.acks === acks).map((p) => p.config.name), latency: latencyOf(a.hist, a.sum) }] : [];
    }),
    throughput: window > 0 ? m.producers.hist.total / window : null,
    requests: {
      count: pr.requests,
      perSecond: window > 0 ? pr.requests / window : null,
      batchRecords: pr.requests > 0 ? pr.requestRecords / pr.requests : null,
      batchBytes: pr.requests > 0 ? pr.requestBytes / pr.requests : null,
    },
    buffer: {
      memory: pr.list.reduce((a, p) => a + p.pool.memory, 0),
      used: pr.bufferUsed,
      maxUsed: pr.bufferMax,
      blockedNow: pr.blockedNow,
      blockedPeak: pr.blockedPeak,
      sendsBlocked: pr.sendsBlocked,
      blockedTime: pr.blockedTime,
      blockedMax: pr.blockedMax,
      firstBlockedAt: pr.firstBlockedAt,
      sendTime: latencyOf(pr.sendHist, pr.sendSum),
    },
    front: frontOf(m),
    producers: m.producers.list.map((p) => {
      const c = rec.byProducer[p.index];
      return {
        name: p.config.name,
        acks: p.config.acks,
        idempotence: p.config.idempotence,
        sent: c.sent,
        acked: c.acked,
        lost: c.lost,
        failed: c.failed,
        expired: c.expired,
        refused: c.refused,
        shed: c.shed,
        duplicates: c.duplicates,
        failedBy: { ...p.failedBy },
        outOfOrder: p.outOfOrder,
        epochBumps: p.epochBumps,
        latency: latencyOf(p.hist, p.sum),
        bufferMemory: p.pool.memory,
        bufferUsed: p.pool.used,
        blocked: p.pool.waiting,
        gateway504: p.front?.timeouts ?? null,
      };
    }),
    elections: { ...m.elections },
    unavailable: { offline: un.offline, underMinIsr: un.underMinIsr, total: un.offline + un.underMinIsr },
    underReplicated: { final: m.underReplicated, max: Math.max(m.underReplicatedMax, m.underReplicated) },
    isrChanges: { ...m.isrChanges },
    electionTime: { ...m.electionTime },
    stored: m.stored(),
    consumers: s.consumers.map((c, i) => {
      const r = rs.consumers[i];
      return {
        name: c.name,
        reads: c.reads,
        isolation: c['isolation.level'],
        rack: c['client.rack'],
        records: r?.records ?? 0,
        duplicates: r?.duplicates ?? 0,
        abortedSkipped: r?.abortedSkipped ?? 0,
        abortedRead: r?.abortedRead ?? 0,
        e2e: r ? { ...r.e2e } : { p50: null, p99: null, mean: null, count: 0 },
        crossRackBytes: r?.crossRackBytes ?? 0,
        fetches: r?.fetches ?? 0,
        followerShare: r?.followerShare ?? null,
      };
    }),
    processor:
      s.processor && rs.processor
        ? {
            name: s.processor.name,
            guarantee: s.processor['processing.guarantee'],
            processed: rs.processor.processed,
            outputs: rs.processor.outputs,
            commits: rs.processor.commits,
            aborts: rs.processor.aborts,
            abortedRecords: rs.processor.abortedRecords,
            crashes: rs.processor.crashes,
            reprocessed: rs.processor.reprocessed,
          }
        : null,
    brokers: brokerViews(m).map((b) => ({ id: b.id, rack: b.rack, state: b.state, leaderOf: b.leaderOf, replicas: b.replicas })),
    io: io
      ? (() => {
          const u = io.utilisation();
          return { threads: io.config.threads, queueMax: io.config.queueMax, utilisation: u, busiest: Math.max(0, ...u), wait: latencyOf(io.wait, io.waitSum), handled: io.handled, maxWaiting: io.maxWaiting, maxUnread: io.maxUnread };
        })()
      : null,
  };
  if (wallMs !== undefined) summary.wallMs = wallMs;
  return summary;
}
