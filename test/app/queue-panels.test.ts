/** The queue page's pure helpers: topology view and layout, counters, charts, settings, sweep, compare. */
import { describe, expect, it } from 'vitest';
import { blankQueue } from '../../src/app/panels/queue/blank.ts';
import { consumerLayout, leaseFraction, queueTopology, sideNames, slotView } from '../../src/app/panels/queue/topology.ts';
import { queueCounters, shortPolling } from '../../src/app/panels/queue/counters.ts';
import { queueChartIds, queueCharts, QUEUE_CHART_IDS } from '../../src/app/panels/queue/charts.ts';
import { QUEUE_SETTINGS } from '../../src/app/panels/queue/settings.ts';
import { capacity, mmcCurve, queueSweep, sweepScenario } from '../../src/app/panels/queue/sweep.ts';
import { queueCompare } from '../../src/app/panels/queue/compare.ts';
import { QUEUE_HEADLINE } from '../../src/run/models/queue/headline.ts';
import { QUEUE_MESSAGES } from '../../src/app/panels/queue/text.ts';
import { queueLiveFault, type QueueFaultKind } from '../../src/app/panels/queue/view.ts';
import { buildView } from '../../src/app/settings/view.ts';
import { fieldsAnywhere } from '../../src/app/settings/schema-info.ts';
import { QueueFaultSchema, QueueScenarioSchema } from '../../src/scenario/queue-schema.ts';
import { validateScenario, type QueueScenario } from '../../src/scenario/index.ts';
import { mmc } from '../../src/theory/queues.ts';
import { MAX_CONSUMER_VIEWS } from '../../src/sim/model/queue/types.ts';
import { PAGES } from '../../src/app/registry.ts';
import { WATCH_TARGETS } from '../../src/content/targets.ts';
import { consumer, fakePg, msg, queueData } from './queue-fixture.ts';
import * as v from 'valibot';

const rabbit = (over: Record<string, unknown> = {}, pool: Record<string, unknown> = {}): QueueScenario => {
  const b = blankQueue();
  const r = validateScenario({ ...b, queue: { type: 'rabbitmq', name: 'orders', 'x-dead-letter-exchange': true, retry: { 'x-message-ttl': 5000 }, ...over }, consumers: [{ ...b.consumers[0], prefetch: 4, ...pool }] });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario as QueueScenario;
};

describe('queue blank start and registry', () => {
  it('the blank scenario is valid and registered, with EN/RU headings', () => {
    const s = blankQueue();
    expect(s.model).toBe('queue');
    expect(PAGES.queue.blank().id).toBe('custom');
    expect(PAGES.queue.label.en).toMatch(/SQS/);
    expect(PAGES.queue.label.ru).toMatch(/SQS/);
  });
  it('every English message has a Russian one, and none is empty', () => {
    for (const k of Object.keys(QUEUE_MESSAGES.en) as (keyof typeof QUEUE_MESSAGES.en)[]) {
      expect(QUEUE_MESSAGES.ru[k], k).toBeTruthy();
      // Placeholders are the same in both languages.
      const ph = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(ph(QUEUE_MESSAGES.ru[k]), k).toEqual(ph(QUEUE_MESSAGES.en[k]));
    }
  });
  it('every live fault a button sends is a valid queue fault', () => {
    const kinds: QueueFaultKind[] = ['crash', 'restart', 'gc-pause', 'remove-consumer', 'add-consumer', 'slow-downstream', 'dependency-outage', 'load-spike', 'producer-stop', 'producer-start', 'poison', 'redrive'];
    for (const k of kinds) expect(v.safeParse(QueueFaultSchema, queueLiveFault(k, k === 'add-consumer' ? 'worker' : 'worker-1')).success, k).toBe(true);
  });
});

describe('queue topology', () => {
  it('before the first snapshot: the scenario’s consumers waiting, its DLQ and retry queue named, the rest summed', () => {
    const s = blankQueue();
    const big = { ...s, consumers: [{ ...s.consumers[0], count: 30 }, { ...s.consumers[0], name: 'slow', count: 25 }] };
    const t = queueTopology(null, big);
    expect(t.pools.map((p) => p.consumers.length)).toEqual([30, MAX_CONSUMER_VIEWS - 30]);
    expect(t.rest).toEqual({ count: 55 - MAX_CONSUMER_VIEWS, held: 0, processing: 0 });
    expect(t.pools[0].consumers.every((c) => c.state === 'waiting')).toBe(true);
    expect(t.dlq).toEqual({ name: 'orders-dlq', depth: 0 });
    expect(sideNames(rabbit())).toEqual({ dlq: 'orders.dlq', retry: 'orders.retry' });
    expect(queueTopology(null, rabbit()).pools[0].prefetch).toBe(4);
  });
  it('from a snapshot: counts, head, consumers by pool', () => {
    const s = blankQueue();
    const d = queueData({ visible: 7, inFlight: 3, delayed: 2, dlqDepth: 5 }, [consumer('worker-1', 0, { held: 3, messages: [msg(1), msg(2), msg(3)] })]);
    const t = queueTopology(d, s);
    expect(t.counts).toMatchObject({ visible: 7, inFlight: 3, delayed: 2, dlq: 5 });
    expect(t.head.map((m) => m.id)).toEqual(['m-20', 'm-21']);
    expect(t.pools[0].consumers[0].held).toBe(3);
    expect(t.pools[0].leaseTotal).toBe(30);
    expect(t.dlq?.depth).toBe(5);
  });
  it('a heartbeat’s longer lease sets the bar’s full length', () => {
    const s = blankQueue();
    const hb = { ...s, consumers: [{ ...s.consumers[0], heartbeat: { every: 10, VisibilityTimeout: 120 } }] };
    expect(queueTopology(null, hb).pools[0].leaseTotal).toBe(120);
  });
  it('lease bars and prefetch slots', () => {
    expect(leaseFraction(15, 30)).toBe(0.5);
    expect(leaseFraction(-3, 30)).toBe(0);
    expect(leaseFraction(45, 30)).toBe(1);
    expect(leaseFraction(null, 30)).toBe(0);
    expect(slotView(3, 4)).toEqual({ squares: 4, filled: 3, fraction: null, unlimited: false });
    expect(slotView(7, 4).filled).toBe(4);
    expect(slotView(5, 0).unlimited).toBe(true);
    expect(slotView(250, 500).fraction).toBe(0.5);
  });
  it('consumer boxes stay inside the drawing, pools in order, for 1 to 40 consumers', () => {
    for (const pools of [[1], [4], [40], [20, 20], [3, 30, 7], [1, 1, 1, 1, 1, 1, 1, 1]]) {
      for (const [w, h] of [[500, 170], [170, 330], [700, 300]]) {
        const L = consumerLayout(pools, true, 10, 16, w, h);
        const boxes = L.pools.flatMap((p) => p.boxes);
        expect(boxes.length).toBe(pools.reduce((a, b) => a + b, 0));
        for (const b of [...boxes, L.rest!]) {
          expect(b.x, `${pools} ${w}x${h}`).toBeGreaterThanOrEqual(10);
          expect(b.x + b.w).toBeLessThanOrEqual(10 + w + 0.01);
          expect(b.y + b.h, `${pools} ${w}x${h}`).toBeLessThanOrEqual(16 + h + 0.01);
        }
        for (let i = 1; i < L.pools.length; i++) expect(L.pools[i].head.y).toBeGreaterThan(L.pools[i - 1].head.y);
      }
    }
    // Few consumers get tall boxes, with room for their messages under the name.
    expect(consumerLayout([4], false, 0, 0, 500, 170).boxH).toBeGreaterThanOrEqual(30);
  });
});

describe('queue counters', () => {
  const s = blankQueue();
  const cell = (cells: ReturnType<typeof queueCounters>, id: string) => cells.find((c) => c.testid === `q-${id}`)!;

  it('a healthy run: nothing red, W with its M/M/c theory, SQS shows empty receives', () => {
    const cells = queueCounters(fakePg(queueData(), s));
    expect(cells.filter((c) => c.tone === 'bad')).toEqual([]);
    expect(cells.map((c) => c.testid)).toEqual(['q-depth', 'q-inFlight', 'q-oldest', 'q-throughput', 'q-W', 'q-duplicates', 'q-dlq', 'q-lost', 'q-stored', 'q-empty']);
    expect(cell(cells, 'W').noteValue).toBe(0.1509);
    expect(cell(cells, 'W').note).toBe('M/M/4: 0.1509 s');
    expect(cell(cells, 'oldest').value).toBe(0.8);
  });
  it('red only with a reason true for the run', () => {
    const d = queueData({ duplicates: 3, dlqDepth: 2, lost: 4, expired: 1, dropped: 3, leaseExpiries: 9, visible: 500, lambda: { mean: 40, hw: 1, batches: 20 }, throughput: { mean: 30, hw: 1, batches: 20 } });
    for (const lang of ['en', 'ru'] as const) {
      const cells = queueCounters(fakePg(d, s, lang));
      const bad = cells.filter((c) => c.tone === 'bad').map((c) => c.testid);
      expect(bad).toEqual(['q-depth', 'q-inFlight', 'q-duplicates', 'q-dlq', 'q-lost']);
      for (const c of cells.filter((x) => x.tone === 'bad')) expect(c.note).not.toBe('');
    }
    expect(cell(queueCounters(fakePg(d, s)), 'lost').note).toBe('1 expired · 3 dropped');
    // Idempotent handlers: duplicates are harmless.
    const idem = { ...s, consumers: [{ ...s.consumers[0], processing: { ...s.consumers[0].processing, idempotent: true } }] };
    expect(cell(queueCounters(fakePg(d, idem)), 'duplicates').tone).toBe('plain');
    // Input above output but within the intervals: not red.
    const close = queueData({ visible: 5, lambda: { mean: 30.5, hw: 1, batches: 20 }, throughput: { mean: 30, hw: 1, batches: 20 } });
    expect(cell(queueCounters(fakePg(close, s)), 'depth').tone).toBe('plain');
  });
  it('empty receives are red only while short polling makes most calls empty', () => {
    const d = queueData({ receiveCalls: 1000, emptyReceives: 900 });
    expect(shortPolling(s)).toBe(false); // the blank long-polls 20 s
    expect(cell(queueCounters(fakePg(d, s)), 'empty').tone).toBe('plain');
    const short = { ...s, queue: { ...s.queue, ReceiveMessageWaitTimeSeconds: 0 } } as QueueScenario;
    expect(shortPolling(short)).toBe(true);
    expect(cell(queueCounters(fakePg(d, short)), 'empty').note).toBe('short poll: 90 % empty');
  });
  it('RabbitMQ shows requeues and the prefetch instead of empty receives', () => {
    const cells = queueCounters(fakePg(queueData({ flavour: 'rabbitmq', requeued: 6, redeliveries: 6 }), rabbit()));
    expect(cells.at(-1)!.testid).toBe('q-requeued');
    expect(cell(cells, 'inFlight').note).toBe('prefetch 4');
  });
  it('before the first snapshot every cell is empty, not zero', () => {
    const cells = queueCounters(fakePg(null, s));
    expect(cells.every((c) => c.value === null && c.tone === 'plain')).toBe(true);
  });
});

describe('queue charts and compare', () => {
  it('four charts, each line a series of the snapshot; the depth chart (with the DLQ) and the age chart end on their counters', () => {
    const d = queueData({ visible: 9, inFlight: 2, oldestAge: 4.5, dlqDepth: 3, duplicates: 1, stored: 14 });
    const charts = queueCharts(d, 'en', queueChartIds(false));
    expect(charts.map((c) => c.id)).toEqual(['chart-depth', 'chart-oldest', 'chart-throughput', 'chart-latency']);
    expect(queueChartIds(true)).toEqual(['chart-depth', 'chart-memory', 'chart-throughput', 'chart-publish']);
    const last = (id: string, i = 0) => {
      const m = charts.find((c) => c.id === id)!.lines[i].cols.mean;
      return m[m.length - 1];
    };
    const counters = Object.fromEntries(queueCounters(fakePg(d, blankQueue())).map((c) => [c.testid, c.value]));
    expect(last('chart-depth')).toBe(counters['q-depth']);
    expect(last('chart-depth', 1)).toBe(counters['q-inFlight']);
    expect(last('chart-oldest')).toBe(counters['q-oldest']);
    expect(last('chart-depth', 2)).toBe(counters['q-dlq']);
    for (const c of queueCharts(d, 'ru')) expect(c.title && c.yLabel && c.caption).toBeTruthy();
  });
  it('compare view draws depth, oldest age and p99 per run, and reads the headline off the summary', () => {
    const d = queueData();
    const pg = fakePg(d, blankQueue());
    expect(queueCompare.charts(d, pg).map((c) => c.id)).toEqual(['cmp-depth', 'cmp-oldest', 'cmp-p99']);
    expect(queueCompare.charts(null, pg)[0].lines[0].cols.t.length).toBe(0);
    const sum = queueCompare.summary(d) as typeof d.summary;
    expect(QUEUE_HEADLINE.find((m) => m.id === 'p99')!.value(sum)).toBe(0.5);
    // Every compare target of a counter names a headline row that exists.
    const rows = new Set(QUEUE_HEADLINE.map((m) => `cmp-row-${m.id}`));
    for (const ids of Object.values(queueCompare.targets)) for (const id of ids) if (id.startsWith('cmp-row-')) expect(rows.has(id), id).toBe(true);
  });
  it('every counter and chart is a watch target', () => {
    const t = WATCH_TARGETS.queue;
    for (const id of QUEUE_CHART_IDS) expect(t[id], id).toBeDefined();
    for (const c of queueCounters(fakePg(queueData(), blankQueue()))) expect(t[c.testid], c.testid).toBeDefined();
    expect(t['q-requeued']).toBeDefined();
  });
});

describe('queue settings', () => {
  it('every field path exists in the schema', () => {
    for (const sec of QUEUE_SETTINGS) for (const f of sec.fields) expect(fieldsAnywhere(QueueScenarioSchema, f.path).length, f.path).toBeGreaterThan(0);
  });
  it('SQS shows SQS names and ranges, not RabbitMQ’s', () => {
    const view = buildView(QUEUE_SETTINGS, blankQueue(), [], 'en');
    const fields = view.flatMap((s) => s.fields);
    const byConfig = Object.fromEntries(fields.filter((f) => f.config).map((f) => [f.config!, f]));
    expect(byConfig['VisibilityTimeout'].range).toBe('0 – 43,200');
    expect(byConfig['MaxNumberOfMessages'].range).toBe('1 – 10');
    expect(byConfig['WaitTimeSeconds'].range).toBe('0 – 20');
    expect(byConfig['RedrivePolicy.maxReceiveCount'].value).toBe(5);
    expect(byConfig['DelaySeconds'].range).toBe('0 – 900');
    expect(byConfig['FifoQueue']).toBeDefined();
    expect(byConfig['basic.qos prefetch_count']).toBeUndefined();
    expect(byConfig['x-max-priority']).toBeUndefined();
    expect(view.map((s) => s.id)).toEqual(['producer', 'queue', 'pool-0', 'timing', 'run']);
  });
  it('RabbitMQ shows its queue arguments and prefetch, in Russian too', () => {
    const fields = buildView(QUEUE_SETTINGS, rabbit(), [], 'ru').flatMap((s) => s.fields);
    const configs = fields.map((f) => f.config);
    for (const c of ['x-queue-type', 'x-max-priority', 'x-delivery-limit', 'x-dead-letter-exchange', 'x-message-ttl', 'orders.retry x-message-ttl', 'consumer_timeout', 'basic.qos prefetch_count']) expect(configs, c).toContain(c);
    expect(configs).not.toContain('VisibilityTimeout');
    expect(configs).not.toContain('MaxNumberOfMessages');
    expect(fields.find((f) => f.config === 'basic.qos prefetch_count')!.label).toBe('Prefetch');
    expect(fields.find((f) => f.config === 'x-message-ttl')!.unit).toBe('мс');
  });
});

describe('queue W vs ρ', () => {
  it('M/M/c curve: 1/μ at ρ = 0, Erlang C above', () => {
    const curve = mmcCurve(4, 0.1, 0.9, 9);
    expect(curve[0]).toEqual([0, 0.1]);
    expect(curve[9][1]).toBeCloseTo(mmc(0.9 * 40, 10, 4).W, 12);
    const s = blankQueue();
    expect(capacity(s)).toBeCloseTo(40, 12);
    expect(queueSweep.curve(s, 0.9, 9, 0)).toEqual(curve);
    expect(queueSweep.curveLabel(s, 'en', 0)).toBe('theory, M/M/4: one queue, 4 consumers (1/μ = 0.1 s)');
  });
  it('a sweep point is the same queue and pool at a steady Poisson rate, valid', () => {
    const s = { ...blankQueue(), faults: [{ at: 10, kind: 'redrive' as const, maxReplays: null }] };
    const p = sweepScenario(s, 0.5);
    expect(p.producers[0].rate).toBeCloseTo(20, 12);
    expect(p.faults).toEqual([]);
    expect(validateScenario(p).ok).toBe(true);
    expect(queueSweep.current(queueData(), 0)).toEqual({ lambda: 30, W: 0.13, hw: 0.004 });
  });
  it('no curve for non-exponential processing', () => {
    const s = blankQueue();
    const d = { ...s, consumers: [{ ...s.consumers[0], processing: { ...s.consumers[0].processing, time: { type: 'deterministic' as const, mean: 0.1 } } }] } as QueueScenario;
    expect(queueSweep.curve(d, 0.9, 9, 0)).toEqual([]);
    expect(queueSweep.curveLabel(d, 'ru', 0)).toMatch(/deterministic/);
  });
});

describe('W vs ρ: the shared queue beside the same load over partitions', () => {
  it('draws c × M/M/1 next to M/M/c when a pool has several consumers, and nothing for one', () => {
    const s = rabbit({}, { count: 10, processing: { time: { type: 'exponential', mean: 1 } } });
    const ref = queueSweep.reference!(s, 0.97, 80, 0, 'en')!;
    expect(ref.label).toBe('the same load over 10 partitions: 10 × M/M/1');
    // One M/M/1 queue with 1/μ = 1 s has W = 1 / (1 − ρ) (5 s at ρ = 0.8); M/M/10 waits far less.
    const mmc = queueSweep.curve(s, 0.97, 80, 0);
    expect(ref.points.length).toBe(mmc.length);
    for (const [i, [rho, w]] of ref.points.entries()) {
      expect(w).toBeCloseTo(1 / (1 - rho), 9);
      if (rho > 0.3) expect(mmc[i][1]).toBeLessThan(w);
    }
    expect(queueSweep.reference!(s, 0.97, 80, 0, 'ru')!.label).toBe('та же нагрузка по 10 партициям: 10 × M/M/1');
    expect(queueSweep.reference!(rabbit({}, { count: 1 }), 0.97, 80, 0, 'en')).toBeNull();
  });
});
