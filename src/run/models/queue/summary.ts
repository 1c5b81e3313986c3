/**
 * The queue model's run summary (CLI `--json`, tests, every live snapshot) and the mapping from a
 * validated scenario to the model's configuration. Key order is fixed (the order of
 * `QueueSummary`), so the same scenario and seed give byte-identical JSON.
 *
 * `lost` = expired + dropped (messages the system gave up on without a DLQ). `balance`: consumers
 * alive that processed nothing in the window although messages were owed all along (the
 * prefetch-hoarding signature), and the smallest and largest share of the window's successes
 * among the consumers not removed.
 */
import type { QueueScenario } from '../../../scenario/schema.ts';
import type { QueueConfig } from '../../../sim/model/queue/config.ts';
import type { QueueModel } from '../../../sim/model/queue/queue-model.ts';
import { queueStats } from '../../../sim/model/queue/view.ts';
import { MAX_CONSUMER_VIEWS, type QueueStats } from '../../../sim/model/queue/types.ts';
import { mm1, mmc } from '../../../theory/index.ts';
import { est } from '../station/summary.ts';
import { littleCheck } from '../../little.ts';
import type { QueueSummary, QueueTheory } from './data.ts';

export function queueConfig(s: QueueScenario): QueueConfig {
  return {
    queue: s.queue,
    producers: s.producers,
    consumers: s.consumers,
    faults: s.faults,
    rtt: s.timing['rtt.ms'] / 1000,
    warmup: s.warmup,
    horizon: s.duration,
  };
}

/**
 * The closed forms, when the run is one pool of c consumers fed by Poisson producers at a constant
 * total rate, exponential processing, no failures and no faults, one message at a time per
 * consumer (SQS: MaxNumberOfMessages 1 with long polling; RabbitMQ: prefetch 1), no delay, TTL or
 * retention in play. The round trip is not in the formula: with rtt > 0 the run waits a little
 * longer than M/M/c says (a RabbitMQ consumer holds its slot for one more rtt).
 */
export function queueTheory(s: QueueScenario): QueueTheory {
  const none: QueueTheory = { mmc: null, partitioned: null };
  if (s.consumers.length !== 1 || s.faults.length > 0) return none;
  const pool = s.consumers[0];
  const c = pool.count;
  if (c < 1 || pool.processing.time.type !== 'exponential' || pool.processing.failureRate > 0) return none;
  if (s.producers.some((p) => p.arrivals !== 'poisson' || p.profile.length > 0 || p.bursts || p.daily || p.stopAt !== null)) return none;
  const q = s.queue;
  if (q.type === 'sqs') {
    const wait = pool.WaitTimeSeconds ?? q.ReceiveMessageWaitTimeSeconds;
    if (pool.MaxNumberOfMessages !== 1 || wait === 0 || q.DelaySeconds > 0 || q.MessageRetentionPeriod < s.duration) return none;
  } else if (pool.prefetch !== 1 || q['x-message-ttl'] !== null) return none;
  const lambda = s.producers.reduce((a, p) => a + p.rate, 0);
  const mu = 1 / pool.processing.time.mean;
  if (!(lambda > 0) || lambda >= c * mu) return none;
  const m = mmc(lambda, mu, c);
  const p = mm1(lambda / c, mu);
  return {
    mmc: { c, lambda, mu, rho: m.rho, W: m.W, Wq: m.Wq, pWait: m.pWait },
    partitioned: { c, rho: p.rho, W: p.W, Wq: p.Wq },
  };
}

function balance(model: QueueModel, st: QueueStats): QueueSummary['balance'] {
  const cs = model.core.consumers.filter((c) => !c.removed);
  const total = cs.reduce((a, c) => a + c.processed, 0);
  const owedAllAlong = st.L.mean > 0 && st.window > 0;
  const idle = owedAllAlong ? cs.filter((c) => c.alive && c.processed === 0).length : 0;
  if (total === 0 || cs.length === 0) return { idle, minShare: null, maxShare: null };
  let min = Infinity;
  let max = 0;
  for (const c of cs) {
    const share = c.processed / total;
    min = Math.min(min, share);
    max = Math.max(max, share);
  }
  return { idle, minShare: min, maxShare: max };
}

/** `st`: the model's statistics now, when the caller has them already. */
export function buildQueueSummary(s: QueueScenario, model: QueueModel, wallMs?: number, st: QueueStats = queueStats(model)): QueueSummary {
  const summary: QueueSummary = {
    scenario: s.id,
    model: 'queue',
    flavour: st.flavour,
    seed: s.seed,
    simTime: st.simTime,
    warmup: s.warmup,
    window: st.window,
    events: st.events,
    produced: st.produced,
    delayed: st.delayed,
    visible: st.visible,
    inFlight: st.inFlight,
    retrying: st.retrying,
    dlqDepth: st.dlqDepth,
    deleted: st.deleted,
    expired: st.expired,
    dropped: st.dropped,
    parked: st.parked,
    blocked: st.blocked,
    unpublished: st.unpublished,
    lost: st.expired + st.dropped,
    deadLettered: st.deadLettered,
    deliveries: st.deliveries,
    redeliveries: st.redeliveries,
    processed: st.processed,
    duplicates: st.duplicates,
    failures: st.failures,
    receiveCalls: st.receiveCalls,
    emptyReceives: st.emptyReceives,
    leaseExpiries: st.leaseExpiries,
    leaseExtensions: st.leaseExtensions,
    staleDeletes: st.staleDeletes,
    requeued: st.requeued,
    crashes: st.crashes,
    redriven: st.redriven,
    publishRejected: st.publishRejected,
    dropHead: st.dropHead,
    publishTimeouts: st.publishTimeouts,
    node: st.node,
    stored: st.stored,
    oldestAge: st.oldestAge,
    oldestAgeMax: Math.max(model.oldestAgeMax, st.oldestAge),
    depth: { final: st.visible, max: Math.max(model.depthMax, st.visible) },
    lambda: est(st.lambda),
    throughput: est(st.throughput),
    L: est(st.L),
    W: est(st.W),
    Wq: est(st.Wq),
    utilization: est(st.utilization),
    p50: st.p50,
    p90: st.p90,
    p99: st.p99,
    completedInWindow: st.completedInWindow,
    little: littleCheck(est(st.L), est(st.W), est(st.lambda), est(st.throughput)),
    theory: queueTheory(s),
    balance: balance(model, st),
    producers: st.producers.map((p) => ({ name: p.name, priority: p.priority, sent: p.sent, W: est(p.W), p99: p.p99, publish: p.publish })),
    pools: st.pools,
    consumers: st.consumers.slice(0, MAX_CONSUMER_VIEWS),
  };
  if (wallMs !== undefined) summary.wallMs = wallMs;
  return summary;
}
