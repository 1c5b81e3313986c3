/** Hand-made queue snapshots for the page's pure helpers (the model's own runs are tested in test/sim). */
import type { QueueData, QueueSummary } from '../../src/run/models/queue/data.ts';
import type { ConsumerStats, MessageView } from '../../src/sim/model/queue/types.ts';
import type { SeriesCols } from '../../src/run/models/kafka/snapshot.ts';
import { QUEUE_SERIES } from '../../src/sim/model/queue/types.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';
import type { Lang } from '../../src/app/i18n.ts';
import type { QueueScenario } from '../../src/scenario/index.ts';

const est = (mean: number | null, hw: number | null = null) => ({ mean, hw, batches: 20 });

export function summary(over: Partial<QueueSummary> = {}): QueueSummary {
  return {
    scenario: 'custom',
    model: 'queue',
    flavour: 'sqs',
    seed: 1,
    simTime: 300,
    warmup: 60,
    window: 240,
    events: 12_345,
    produced: 9000,
    delayed: 0,
    visible: 12,
    inFlight: 4,
    retrying: 0,
    dlqDepth: 0,
    deleted: 8984,
    expired: 0,
    dropped: 0,
    parked: 0,
    blocked: 0,
    unpublished: 0,
    lost: 0,
    deadLettered: 0,
    deliveries: 9000,
    redeliveries: 0,
    processed: 8984,
    duplicates: 0,
    failures: 0,
    receiveCalls: 9500,
    emptyReceives: 500,
    leaseExpiries: 0,
    leaseExtensions: 0,
    staleDeletes: 0,
    requeued: 0,
    crashes: 0,
    redriven: 0,
    publishRejected: 0,
    dropHead: 0,
    publishTimeouts: 0,
    node: null,
    stored: 16,
    oldestAge: 0.8,
    oldestAgeMax: 2.5,
    depth: { final: 12, max: 40 },
    lambda: est(30, 0.5),
    throughput: est(29.9, 0.5),
    L: est(4, 0.2),
    W: est(0.13, 0.004),
    Wq: est(0.03, 0.002),
    utilization: est(0.75, 0.01),
    p50: 0.1,
    p90: 0.25,
    p99: 0.5,
    completedInWindow: 7000,
    little: { L: 4, lambdaW: 3.9, relDiff: 0.02, tolerance: 0.1, verdict: 'agrees' },
    theory: { mmc: { c: 4, lambda: 30, mu: 10, rho: 0.75, W: 0.1509, Wq: 0.0509, pWait: 0.5094 }, partitioned: { c: 4, rho: 0.75, W: 0.4, Wq: 0.3 } },
    balance: { idle: 0, minShare: 0.24, maxShare: 0.26 },
    producers: [{ name: "shop", priority: 0, sent: 9000, W: est(0.34, 0.02), p99: 1.2, publish: null }],
    pools: [{ name: 'worker', alive: 4, total: 4, processed: 8984, utilization: 0.75 }],
    consumers: [],
    ...over,
  };
}

const cols = (values: number[], t0 = 0, dt = 10): SeriesCols => ({
  t: Float64Array.from(values.map((_, i) => t0 + i * dt)),
  mean: Float64Array.from(values),
  max: Float64Array.from(values),
  width: dt,
});

export const msg = (seq: number, over: Partial<MessageView> = {}): MessageView => ({ id: `m-${seq}`, key: null, priority: 0, receives: 1, age: 1, leaseLeft: 20, poison: false, ...over });

export function consumer(name: string, pool: number, over: Partial<ConsumerStats & { messages: MessageView[] }> = {}): ConsumerStats & { messages: MessageView[] } {
  return { name, pool, state: 'processing', held: 1, processed: 100, utilization: 0.7, messages: [msg(1)], ...over };
}

/** A snapshot whose series end on the summary's values, as the model's do. */
export function queueData(over: Partial<QueueSummary> = {}, consumers = [consumer('worker-1', 0), consumer('worker-2', 0, { state: 'waiting', held: 0, messages: [] })]): QueueData {
  const s = summary(over);
  const last: Record<string, number> = { visible: s.visible, inFlight: s.inFlight, oldestAge: s.oldestAge, throughput: 29, p99: 0.5, dlqDepth: s.dlqDepth, duplicates: s.duplicates, stored: s.stored, rateIn: 31 };
  const series = Object.fromEntries(QUEUE_SERIES.map((n) => [n, cols([0, 1, 2, last[n]])])) as QueueData['series'];
  return {
    simTime: s.simTime,
    events: s.events,
    summary: s,
    topology: {
      flavour: s.flavour,
      queue: 'orders',
      dlq: 'orders-dlq',
      retryQueue: null,
      fifo: false,
      groups: null,
      head: [msg(20, { receives: 0, leaseLeft: null }), msg(21, { receives: 2, leaseLeft: null, poison: true })],
      consumers,
      consumersRest: { count: 0, held: 0, processing: 0 },
      node: null,
      publishers: null,
    },
    producers: [{ name: 'producer', rate: 30, varies: false }],
    series,
    log: [],
    logCount: 0,
  };
}

export const fakePg = (data: QueueData | null, scenario: QueueScenario, lang: Lang = 'en') => ({ data, scenario, lang, focus: 0 }) as unknown as Playground;
