/**
 * Reading the queue model: its statistics (`QueueStats`, what the summary and the tests read) and
 * the broker as the topology draws it now (`QueueTopology`, bounded: the first consumers and a few
 * messages per place). Reads only — the lazy heaps may drop stale entries, which changes nothing
 * the run will do.
 */
import { CONFIDENCE } from '../../metrics/estimate.ts';
import type { Consumer, Held } from './core.ts';
import { MsgState, type Msg } from './messages.ts';
import type { QueueModel } from './queue-model.ts';
import { MAX_CONSUMER_VIEWS, MAX_MESSAGE_VIEWS, type ConsumerState, type ConsumerStats, type MessageView, type NodeStats, type PoolStats, type PublishStats, type QueueStats, type QueueTopology } from './types.ts';
import type { RabbitNode } from './node.ts';

export function consumerState(model: QueueModel, c: Consumer): ConsumerState {
  if (c.removed) return 'removed';
  if (!c.alive) return 'crashed';
  if (model.sim.now < c.pausedUntil) return 'paused';
  if (c.current) return 'processing';
  if (model.config.queue.type === 'sqs') return c.polling === 1 ? 'receiving' : 'waiting';
  return c.inbox.length > 0 || c.unackedCount > 0 ? 'receiving' : 'waiting';
}

/** Messages it holds now: SQS its batch (current and waiting), RabbitMQ its unacked deliveries. */
export function heldBy(model: QueueModel, c: Consumer): number {
  return model.config.queue.type === 'sqs' ? c.inbox.length + (c.current ? 1 : 0) : c.unackedCount;
}

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

function consumerStats(model: QueueModel, c: Consumer): ConsumerStats {
  return {
    name: c.name,
    pool: c.pool,
    state: consumerState(model, c),
    held: heldBy(model, c),
    processed: c.processed,
    utilization: finite(c.busy.mean(model.sim.now)),
  };
}

/** Producer i's publishes against the node's alarms (null without a node). */
function publishStats(model: QueueModel, i: number): PublishStats | null {
  const node = model.node;
  if (!node) return null;
  const p = node.publishers[i];
  const now = model.sim.now;
  return {
    queue: p.config.routingKey ?? model.config.queue.name,
    own: p.own,
    calls: model.producers[i].produced,
    sent: p.sent,
    waited: p.waited,
    timedOut: p.timedOut,
    waiting: p.pending.length,
    waitingMax: p.waitingMax,
    blockedTime: p.blockedNow(now),
    waitP99: finite(p.wait.quantile(0.99)),
    waitMax: p.wait.total > 0 ? p.waitMax : null,
  };
}

function nodeStats(node: RabbitNode, now: number): NodeStats {
  return {
    ram: node.cfg.total_memory_available_override_value,
    limit: node.limit,
    memory: node.memory(),
    memoryMax: Math.max(node.memoryMax, node.memory()),
    alarms: node.alarms,
    diskAlarms: node.diskAlarms,
    alarmTime: node.alarmSeconds(now),
    alarm: node.alarmNow(),
    diskFree: node.diskFree(),
    diskLimit: node.cfg['disk_free_limit.absolute'],
  };
}

export function queueStats(model: QueueModel, level = CONFIDENCE): QueueStats {
  const core = model.core;
  const now = model.sim.now;
  const c = core.counts;
  const oldest = core.oldest();
  const consumers = core.consumers.map((x) => consumerStats(model, x));
  const pools: PoolStats[] = model.config.consumers.map((p, i) => {
    const mine = core.consumers.filter((x) => x.pool === i);
    const utils = mine.map((x) => x.busy.mean(now)).filter((u) => Number.isFinite(u));
    return {
      name: p.name,
      alive: mine.filter((x) => x.alive).length,
      total: mine.length,
      processed: mine.reduce((a, x) => a + x.processed, 0),
      utilization: utils.length > 0 ? utils.reduce((a, u) => a + u, 0) / utils.length : null,
    };
  });
  return {
    flavour: model.config.queue.type,
    simTime: now,
    events: model.sim.events,
    window: now - Math.min(now, model.config.warmup),
    produced: core.produced,
    delayed: c[MsgState.Delayed],
    visible: c[MsgState.Visible],
    inFlight: c[MsgState.InFlight],
    retrying: c[MsgState.Retrying],
    dlqDepth: c[MsgState.Dlq],
    deleted: c[MsgState.Deleted],
    expired: c[MsgState.Expired],
    dropped: c[MsgState.Dropped],
    parked: c[MsgState.Parked],
    blocked: c[MsgState.Blocked],
    unpublished: c[MsgState.Unpublished],
    deadLettered: core.deadLettered,
    deliveries: core.deliveries,
    redeliveries: core.redeliveries,
    processed: core.processed,
    duplicates: core.duplicates,
    failures: core.failures,
    receiveCalls: core.receiveCalls,
    emptyReceives: core.emptyReceives,
    leaseExpiries: core.leaseExpiries,
    leaseExtensions: core.leaseExtensions,
    staleDeletes: core.staleDeletes,
    requeued: core.requeued,
    crashes: core.crashes,
    redriven: core.redriven,
    publishRejected: core.publishRejected,
    dropHead: core.dropHead,
    publishTimeouts: core.publishTimeouts,
    node: model.node ? nodeStats(model.node, now) : null,
    stored: model.stored(),
    oldestAge: oldest ? now - oldest.sentAt : 0,
    lambda: core.lambda.estimate(now, level),
    throughput: core.out.estimate(now, level),
    L: core.owed.estimate(now, level),
    W: core.w.estimate(level),
    Wq: core.wq.estimate(level),
    utilization: core.util.estimate(now, level),
    p50: finite(core.wHist.quantile(0.5)),
    p90: finite(core.wHist.quantile(0.9)),
    p99: finite(core.wHist.quantile(0.99)),
    completedInWindow: core.w.n,
    producers: model.producerRates().map((p, i) => ({
      name: p.name,
      priority: model.producers[i].config.priority,
      sent: p.produced,
      W: core.byProducer[i].w.estimate(level),
      p99: finite(core.byProducer[i].hist.quantile(0.99)),
      publish: publishStats(model, i),
    })),
    pools,
    consumers,
  };
}

function messageView(model: QueueModel, m: Msg): MessageView {
  const now = model.sim.now;
  return {
    id: m.id,
    key: m.key,
    priority: m.priority,
    receives: m.receiveCount,
    age: now - m.sentAt,
    leaseLeft: model.config.queue.type === 'sqs' ? m.leaseUntil - now : null,
    poison: m.poison !== 0,
  };
}

export function queueTopology(model: QueueModel): QueueTopology {
  const core = model.core;
  const q = model.config.queue;
  const sqs = q.type === 'sqs';
  const rest = { count: 0, held: 0, processing: 0 };
  const consumers: QueueTopology['consumers'] = [];
  for (const c of core.consumers) {
    if (consumers.length >= MAX_CONSUMER_VIEWS) {
      rest.count++;
      rest.held += heldBy(model, c);
      if (c.current) rest.processing++;
      continue;
    }
    const held: Held[] = sqs ? (c.current ? [c.current, ...c.inbox.toArray()] : c.inbox.toArray()) : c.unacked.toArray().filter((h) => h.m.state === MsgState.InFlight && h.m.receipt === h.receipt && h.m.holder === c.index);
    consumers.push({ ...consumerStats(model, c), messages: held.slice(0, MAX_MESSAGE_VIEWS).map((h) => messageView(model, h.m)) });
  }
  return {
    flavour: q.type,
    queue: q.name,
    dlq: model.broker.dlqName,
    retryQueue: q.type === 'rabbitmq' && q.retry ? `${q.name}.retry` : null,
    fifo: sqs && q.FifoQueue,
    groups: core.broker.fifoGroups,
    head: core.broker.head(MAX_MESSAGE_VIEWS).map((m) => messageView(model, m)),
    consumers,
    consumersRest: rest,
    node: model.node ? nodeView(model.node) : null,
    publishers: model.node
      ? model.node.publishers.map((p) => {
          const head = p.pending.peek();
          return { name: p.config.name, queue: p.config.routingKey ?? q.name, own: p.own, waiting: p.pending.length, oldestWait: head ? model.sim.now - head.at : 0 };
        })
      : null,
  };
}

function nodeView(node: RabbitNode): QueueTopology['node'] {
  return {
    memory: node.memory(),
    limit: node.limit,
    ram: node.cfg.total_memory_available_override_value,
    alarm: node.alarmNow(),
    diskFree: node.diskFree(),
    diskLimit: node.cfg['disk_free_limit.absolute'],
  };
}
