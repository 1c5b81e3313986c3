/** The cluster page's pure helpers: topology view and layout, counters, charts, settings, live faults, compare. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { readFileSync } from 'node:fs';
import { blankCluster } from '../../src/app/panels/cluster/blank.ts';
import { clusterTopology, gridLayout, idempotenceOf, partitionRow, restCounts, rowsThatFit } from '../../src/app/panels/cluster/topology.ts';
import { clusterCounters, lostReason, topException } from '../../src/app/panels/cluster/counters.ts';
import { clusterCharts, CLUSTER_CHART_IDS, trailingMean } from '../../src/app/panels/cluster/charts.ts';
import { CLUSTER_SETTINGS } from '../../src/app/panels/cluster/settings.ts';
import { clusterCompare } from '../../src/app/panels/cluster/compare.ts';
import { CLUSTER_MESSAGES, cltranslate } from '../../src/app/panels/cluster/text.ts';
import { brokerOf, brokerTarget, clusterLiveFault, type ClusterFaultKind } from '../../src/app/panels/cluster/view.ts';
import { buildView } from '../../src/app/settings/view.ts';
import { ClusterFaultSchema } from '../../src/scenario/cluster-schema.ts';
import { validateScenario, type ClusterScenario } from '../../src/scenario/index.ts';
import { CLUSTER_SERIES, type BrokerView, type PartitionReplicasView } from '../../src/sim/model/cluster/types.ts';
import type { ClusterData, ClusterSummary } from '../../src/run/models/cluster/data.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';
import type { Lang } from '../../src/app/i18n.ts';

const withProcessor = (): ClusterScenario => {
  const r = validateScenario(JSON.parse(readFileSync('test/fixtures/cluster-processor.json', 'utf8')));
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario as ClusterScenario;
};

const lat = (p50: number | null, p99: number | null) => ({ p50, p99, mean: p50, count: p50 === null ? 0 : 10 });

function summary(over: Partial<ClusterSummary> = {}): ClusterSummary {
  return {
    scenario: 'custom',
    model: 'cluster',
    seed: 1,
    simTime: 100,
    warmup: 10,
    window: 90,
    events: 1000,
    records: { produced: 1000, blocked: 0, inFlight: 10, ackedStored: 990, ackedLost: 0, failed: 0, expired: 0, refused: 0, shed: 0 },
    lost: 0,
    failedBy: {},
    duplicates: 0,
    notEnoughReplicas: 0,
    retries: 0,
    deduplicated: 0,
    truncated: 0,
    truncations: { events: 0, last: [] },
    outOfOrder: 0,
    epochBumps: 0,
    disconnects: 0,
    produceLatency: lat(0.002, 0.008),
    produceByAcks: [],
    throughput: 11,
    requests: { count: 500, perSecond: 5.6, batchRecords: 2, batchBytes: 2048 },
    buffer: { memory: 33_554_432, used: 16_384, maxUsed: 32_768, blockedNow: 0, blockedPeak: 0, sendsBlocked: 0, blockedTime: 0, blockedMax: 0, firstBlockedAt: null, sendTime: lat(0, 0) },
    front: null,
    producers: [{ name: 'producer', acks: 'all', idempotence: true, sent: 1000, acked: 990, lost: 0, failed: 0, expired: 0, refused: 0, shed: 0, duplicates: 0, failedBy: {}, outOfOrder: 0, epochBumps: 0, latency: lat(0.002, 0.008), bufferMemory: 33_554_432, bufferUsed: 0, blocked: 0, gateway504: null }],
    elections: { clean: 0, unclean: 0, preferred: 0 },
    unavailable: { offline: 0, underMinIsr: 0, total: 0 },
    underReplicated: { final: 0, max: 0 },
    isrChanges: { shrinks: 0, expands: 0 },
    electionTime: { last: null, max: null },
    stored: 2970,
    consumers: [{ name: 'reader', reads: 'topic', isolation: 'read_uncommitted', rack: null, records: 900, duplicates: 0, abortedSkipped: 0, abortedRead: 0, e2e: lat(0.02, 0.5), crossRackBytes: 0, fetches: 10, followerShare: null }],
    processor: null,
    brokers: [],
    io: null,
    ...over,
  };
}

const brokers = (states: BrokerView['state'][]): BrokerView[] => states.map((state, i) => ({ id: i + 1, rack: null, state, slow: false, controller: false, leaderOf: 0, replicas: 0 }));
const part = (p: number, over: Partial<PartitionReplicasView> = {}): PartitionReplicasView => ({ partition: p, leader: 1, leaderEpoch: 0, replicas: [1, 2, 3], isr: [1, 2, 3], leo: [100, 100, 100], hw: 100, lso: 100, state: 'online', lastCut: null, ...over });

function data(s: ClusterScenario, sum: ClusterSummary, parts: PartitionReplicasView[]): ClusterData {
  const series = Object.fromEntries(CLUSTER_SERIES.map((k) => [k, { t: Float64Array.of(0, 1), mean: Float64Array.of(0, 0), max: Float64Array.of(0, 0), width: 1 }])) as ClusterData['series'];
  return {
    simTime: 100,
    events: 1000,
    summary: sum,
    topology: {
      topic: 'orders',
      partitions: s.topic.partitions,
      brokers: brokers(['up', 'up', 'up']),
      controller: { mode: 'kraft', broker: null, failingOver: false, pendingElections: 0 },
      replicas: parts,
      counts: { offline: 0, underMinIsr: 0, underReplicated: 0 },
      processor: null,
      consumers: [{ name: 'reader', reads: 'topic', isolation: 'read_uncommitted', fetchesFrom: 1, fetchesFromParts: parts.map(() => 1) }],
    },
    producers: [{ name: 'producer', rate: 200, varies: false }],
    series,
    log: [],
    logCount: 0,
  };
}

/** A producer with a web front (30 s gateway timeout), and a run whose buffer is full. */
const withFront = (): ClusterScenario => {
  const b = blankCluster();
  return { ...b, producers: [{ ...b.producers[0], front: { 'timeout.ms': 30_000, respond: 'after-send' } }] };
};
const bufferFull: Partial<ClusterSummary> = {
  records: { produced: 149_000, blocked: 29_000, inFlight: 2_000, ackedStored: 74_400, ackedLost: 0, failed: 7_600, expired: 7_600, refused: 36_000, shed: 0 },
  failedBy: { TimeoutException: 7_600 },
  buffer: { memory: 33_554_432, used: 33_554_432, maxUsed: 33_554_432, blockedNow: 29_000, blockedPeak: 29_500, sendsBlocked: 91_000, blockedTime: 4e6, blockedMax: 60, firstBlockedAt: 74, sendTime: lat(35, 59.7) },
  front: { requests: 149_000, ok: 74_000, shed: 0, errors: 0, timeouts: 75_000, open: 0, afterTimeout: 39_000, latency: lat(29.9, 30) },
  producers: [{ name: 'producer', acks: 'all', idempotence: true, sent: 149_000, acked: 74_400, lost: 0, failed: 7_600, expired: 7_600, refused: 36_000, shed: 0, duplicates: 0, failedBy: { TimeoutException: 7_600 }, outOfOrder: 0, epochBumps: 0, latency: lat(13, 157), bufferMemory: 33_554_432, bufferUsed: 33_554_432, blocked: 29_000, gateway504: 75_000 }],
};

const pgOf = (d: ClusterData | null, scenario: ClusterScenario, lang: Lang = 'en') => ({ data: d, scenario, lang, focus: 0, status: 'running' }) as unknown as Playground;

describe('cluster texts and faults', () => {
  it('every English message has a Russian one with the same placeholders', () => {
    const ph = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const k of Object.keys(CLUSTER_MESSAGES.en) as (keyof typeof CLUSTER_MESSAGES.en)[]) {
      expect(CLUSTER_MESSAGES.ru[k], k).toBeTruthy();
      expect(ph(CLUSTER_MESSAGES.ru[k]), k).toEqual(ph(CLUSTER_MESSAGES.en[k]));
    }
  });
  it('every fault a button sends is a valid cluster fault, aimed at the broker chosen', () => {
    const kinds: ClusterFaultKind[] = ['broker-crash', 'broker-restart', 'slow-broker', 'slow-replica', 'network-partition', 'lose-response', 'controller-failover', 'crash', 'restart'];
    for (const k of kinds) expect(v.safeParse(ClusterFaultSchema, clusterLiveFault(k, k === 'crash' || k === 'restart' ? 'enricher' : brokerTarget(3))).success, k).toBe(true);
    expect(clusterLiveFault('broker-crash', brokerTarget(3))).toMatchObject({ kind: 'broker-crash', broker: 3 });
    expect(brokerOf('broker-12')).toBe(12);
    expect(brokerOf('enricher')).toBeNull();
  });
});

describe('cluster topology', () => {
  it('a replica cell: leader, ISR membership, how far behind, the HW tick', () => {
    const r = partitionRow(part(0, { leader: 2, isr: [2, 3], leo: [60, 100, 100], hw: 100 }), brokers(['down', 'up', 'up']));
    expect(r.cells.get(2)).toMatchObject({ leader: true, inIsr: true, behind: 0, fill: 1 });
    expect(r.cells.get(1)).toMatchObject({ leader: false, inIsr: false, brokerDown: true, behind: 40, fill: 0.6 });
    expect(r.hwFill).toBe(1);
  });
  it('a replica cell: the last cut from the model (records, epoch, when) and the consumers that read it there', () => {
    const r = partitionRow(part(2, { leader: 2, leaderEpoch: 1, leo: [480, 480, 480], lastCut: { at: 99, epoch: 1, records: [3903, 0, 0] } }), brokers(['down', 'up', 'up']), [
      { name: 'analytics', from: 2 },
      { name: 'billing', from: 2 },
      { name: 'audit', from: null },
    ]);
    expect(r.cells.get(1)!.cut).toEqual({ records: 3903, at: 99, epoch: 1 });
    expect(r.cells.get(2)!.cut).toBeNull();
    expect(r.cells.get(2)!.readBy).toEqual(['analytics', 'billing']);
    expect(r.cells.get(3)!.readBy).toEqual([]);
    // Note lines under the grid take their height from the rows.
    const plain = gridLayout(900, 200, 3, 6, false);
    const noted = gridLayout(900, 200, 3, 6, false, undefined, 2);
    expect(noted.notes).toHaveLength(2);
    expect(noted.notes[1].y + noted.notes[1].h).toBeLessThanOrEqual(200);
    expect(noted.rowH).toBeLessThan(plain.rowH);
    expect(rowsThatFit(120, 12, 13, undefined, 2)).toBeLessThan(rowsThatFit(120, 12));
  });
  it('before the first snapshot: the scenario’s brokers, producers with idempotence as in effect, readers', () => {
    const s = blankCluster();
    const t = clusterTopology(null, s);
    expect(t.brokers.map((b) => b.id)).toEqual([1, 2, 3]);
    expect(t.rows).toEqual([]);
    expect(t.producers[0]).toMatchObject({ acks: 'all', idempotence: true });
    expect(idempotenceOf({ ...s.producers[0], acks: '1' })).toBe(false);
    expect(t.consumers[0]).toMatchObject({ name: 'reader', fetchesFrom: null });
    expect(clusterTopology(null, withProcessor()).processor).toMatchObject({ name: 'enricher', guarantee: 'exactly_once_v2' });
  });
  it('rows that do not fit are counted, with the states of the partitions not drawn', () => {
    const s = { ...blankCluster(), topic: { ...blankCluster().topic, partitions: 20 } };
    const parts = Array.from({ length: 12 }, (_, p) => part(p, p === 0 ? { leader: null, state: 'offline', isr: [2] } : {}));
    const d = data(s, summary(), parts);
    d.topology.counts = { offline: 3, underMinIsr: 0, underReplicated: 3 };
    const t = clusterTopology(d, s, 8);
    expect(t.rows).toHaveLength(8);
    expect(t.more).toEqual({ n: 12, offline: 2, underMinIsr: 0, underReplicated: 2 });
    expect(restCounts({ offline: 0, underMinIsr: 0, underReplicated: 0 }, t.rows)).toEqual({ offline: 0, underMinIsr: 0, underReplicated: 0 });
    expect(rowsThatFit(400, 12)).toBe(12);
    expect(rowsThatFit(150, 12)).toBeLessThan(12);
  });
  it('layout: side columns when wide, broker columns at least 44 px, rows inside the drawing', () => {
    const L = gridLayout(800, 240, 6, 10, true);
    expect(L.left.w).toBeGreaterThan(0);
    expect(L.cols).toBe(6);
    expect(L.rowsTop + 10 * L.rowH).toBeLessThanOrEqual(240);
    expect(L.more!.y + L.more!.h).toBeLessThanOrEqual(240);
    const narrow = gridLayout(400, 240, 64, 6, false);
    expect(narrow.left.w).toBe(0);
    expect(narrow.colW).toBeGreaterThanOrEqual(44);
    expect(narrow.cols).toBeLessThan(64);
  });
});

describe('cluster counters', () => {
  it('red only with a true reason, which it names', () => {
    const s = blankCluster();
    const ok = clusterCounters(pgOf(data(s, summary(), [part(0)]), s));
    expect(ok.map((c) => c.testid)).toEqual(['c-lost', 'c-failed', 'c-duplicates', 'c-unavailable', 'c-ner', 'c-underRep', 'c-produceP99', 'c-e2eP99', 'c-elections']);
    expect(ok.filter((c) => c.tone === 'bad')).toEqual([]);
    const bad = summary({
      lost: 40,
      truncated: 55,
      records: { produced: 1000, blocked: 0, inFlight: 0, ackedStored: 930, ackedLost: 40, failed: 30, expired: 0, refused: 0, shed: 0 },
      failedBy: { TimeoutException: 20, NotEnoughReplicasException: 10 },
      producers: [{ name: 'producer', acks: '1', idempotence: false, sent: 1000, acked: 970, lost: 40, failed: 30, expired: 0, refused: 0, shed: 0, duplicates: 0, failedBy: { TimeoutException: 20, NotEnoughReplicasException: 10 }, outOfOrder: 0, epochBumps: 0, latency: lat(0.002, 0.008), bufferMemory: 33_554_432, bufferUsed: 0, blocked: 0, gateway504: null }],
      elections: { clean: 2, unclean: 0, preferred: 0 },
    });
    const cells = Object.fromEntries(clusterCounters(pgOf(data(s, bad, [part(0)]), s)).map((c) => [c.testid, c]));
    expect(cells['c-lost']).toMatchObject({ value: 40, tone: 'bad', note: 'acks=1 · truncated at leader change' });
    expect(cells['c-failed']).toMatchObject({ value: 30, tone: 'bad', note: 'TimeoutException ×20 +1' });
    // The hint gives the whole breakdown.
    expect(cells['c-failed'].hint).toContain('TimeoutException 20, NotEnoughReplicasException 10');
    expect(cells['c-elections']).toMatchObject({ value: 2, tone: 'plain' });
    expect(cells['c-produceP99']).toMatchObject({ value: 0.008, text: '8' });
    expect(topException(bad)).toEqual({ name: 'TimeoutException', n: 20 });
    expect(lostReason({ ...bad, elections: { clean: 0, unclean: 1, preferred: 0 } }, (k, vars) => cltranslate('en', k, vars))).toBe('acks=1 · unclean election');
  });
  it('the output counters only with a processor; greyed without a reader of its output', () => {
    const s = withProcessor();
    const ids = clusterCounters(pgOf(null, s)).map((c) => c.testid);
    expect(ids).toContain('c-outDup');
    expect(ids).toContain('c-aborted');
    const noReader = { ...s, consumers: [s.consumers[0]] };
    expect(clusterCounters(pgOf(null, noReader)).find((c) => c.testid === 'c-outDup')?.tone).toBe('na');
  });
});

describe('cluster charts, settings, compare', () => {
  it('four charts; produce latency in ms; a chart of zeros says so with the run’s number', () => {
    const s = blankCluster();
    const d = data(s, summary(), [part(0)]);
    d.series.produceP99 = { t: Float64Array.of(1), mean: Float64Array.of(0.012), max: Float64Array.of(0.012), width: 1 };
    const charts = clusterCharts(d, 'en');
    // Without request costs (io null) the broker I/O charts are not drawn.
    expect(charts.map((c) => c.id)).toEqual(['chart-records', 'chart-isr', 'chart-produce', 'chart-e2e']);
    const produce = charts.find((c) => c.id === 'chart-produce')!;
    expect(produce.lines[1].cols.mean[0]).toBeCloseTo(12);
    expect(charts.find((c) => c.id === 'chart-records')!.note).toContain('990');
    expect(clusterCharts(d, 'ru').find((c) => c.id === 'chart-isr')!.lines.map((l) => l.label)).toEqual(['вне ISR', 'недорепл.', 'недоступно']);
  });
  it('with request costs, throughput beside requests (the batch in the note) and the busiest broker’s handlers in % (the wait in the note) take the ISR’s and end-to-end’s places', () => {
    const io = { threads: 8, queueMax: 500, utilisation: [0.5, 1], busiest: 1, wait: lat(0.001, 0.003), handled: 100, maxWaiting: 12, maxUnread: 0 };
    const d = data(blankCluster(), summary({ io }), [part(0)]);
    d.series.handlerBusy = { t: Float64Array.of(1), mean: Float64Array.of(0.25), max: Float64Array.of(0.25), width: 1 };
    const charts = clusterCharts(d, 'en');
    expect(charts.map((c) => c.id)).toEqual(['chart-records', 'chart-produce', 'chart-io', 'chart-busy']);
    expect(CLUSTER_CHART_IDS).toEqual(['chart-records', 'chart-isr', 'chart-produce', 'chart-e2e', 'chart-io', 'chart-busy', 'chart-buffer', 'chart-send', 'chart-front', 'chart-dropped']);
    const ioChart = charts.find((c) => c.id === 'chart-io')!;
    expect(ioChart.lines.map((l) => l.label)).toEqual(['acked', 'requests']);
    expect(ioChart.note).toMatch(/^A request carries 2 records \(2 KiB\) on average\.$/);
    const busy = charts.find((c) => c.id === 'chart-busy')!;
    expect(busy.lines[0].cols.mean[0]).toBeCloseTo(25);
    expect(busy.note).toBe('100 % of 8 threads busy; p99 wait for a handler 3 ms.');
    expect(clusterCharts(d, 'ru').find((c) => c.id === 'chart-busy')!.note).toBe('Занято 100\u00a0% из 8 потоков; p99 ожидания обработчика 3\u00a0мс.');
  });
  it('with a web front, the buffer’s four charts: its fill in %, time in send() against the clients’ wait, the answers per second, the records never written', () => {
    const s = withFront();
    const d = data(s, summary(bufferFull), [part(0)]);
    d.series.bufferUsed = { t: Float64Array.of(1), mean: Float64Array.of(1), max: Float64Array.of(1), width: 1 };
    const charts = clusterCharts(d, 'en');
    expect(charts.map((c) => c.id)).toEqual(['chart-buffer', 'chart-send', 'chart-front', 'chart-dropped']);
    const buf = charts[0];
    expect(buf.lines[0].cols.mean[0]).toBe(100);
    expect(buf.yFixed).toBe(100);
    expect(buf.note).toBe('32 of 32 MiB held; 29,000 send() calls waiting.');
    expect(clusterCharts(d, 'ru')[0].note).toBe('Занято 32 из 32 МиБ; ждут в send(): 29\u00a0000.');
    expect(charts[1].lines.map((l) => l.label)).toEqual(['oldest wait', 'p99']);
    expect(charts[2].lines.map((l) => l.label)).toEqual(['2xx', '503', '504', '202 shed']);
    expect(charts[3].lines.map((l) => l.label)).toEqual(['refused', 'shed', 'expired']);
    expect(clusterCompare.charts(d, pgOf(null, s)).map((c) => c.id)).toEqual(['cmp-buffer', 'cmp-front']);
  });
  it('with a web front, the buffer’s counters: full, blocked, send() p99, 504s with the records still sent, answers, refused, expired — red with the reason', () => {
    const s = withFront();
    const cells = clusterCounters(pgOf(data(s, summary(bufferFull), [part(0)]), s));
    expect(cells.map((c) => c.testid)).toEqual(['c-buffer', 'c-blocked', 'c-sendP99', 'c-gateway', 'c-answered', 'c-refused', 'c-expired', 'c-lost', 'c-failed', 'c-produceP99']);
    const by = (id: string) => cells.find((c) => c.testid === id)!;
    expect(by('c-buffer')).toMatchObject({ value: 1, text: '100', tone: 'bad', note: 'full: send() blocks' });
    expect(by('c-blocked')).toMatchObject({ value: 29_000, tone: 'bad', note: 'peak 29,500 · up to 60 s' });
    expect(by('c-sendP99')).toMatchObject({ value: 59.7, tone: 'bad', note: 'blocks up to max.block.ms' });
    expect(by('c-gateway')).toMatchObject({ value: 75_000, tone: 'bad', note: '39,000 still sent after' });
    expect(by('c-answered')).toMatchObject({ value: 74_000, tone: 'plain', note: 'of 149,000 requests' });
    expect(by('c-refused')).toMatchObject({ value: 36_000, tone: 'bad', note: 'after max.block.ms' });
    expect(by('c-expired')).toMatchObject({ value: 7_600, tone: 'bad', note: 'delivery timeout' });
    // Before the run: no reason to be red.
    expect(clusterCounters(pgOf(null, s)).filter((c) => c.tone === 'bad')).toEqual([]);
    // The topology's producer box: the buffer instead of acks and losses.
    const t = clusterTopology(data(s, summary(bufferFull), [part(0)]), s);
    expect(t.producers[0]).toMatchObject({ bufferUsed: 33_554_432, bufferMemory: 33_554_432, blocked: 29_000, gateway504: 75_000 });
    expect(clusterTopology(null, blankCluster()).producers[0].gateway504).toBeNull();
  });
  it('settings: buffer.memory and max.block.ms always; the web front’s fields when the producer has one', () => {
    const ids = (s: ClusterScenario) => buildView(CLUSTER_SETTINGS, s, [], 'en').flatMap((x) => x.fields.map((f) => f.testid));
    expect(ids(blankCluster())).toEqual(expect.arrayContaining(['producers.0.buffer.memory', 'producers.0.max.block.ms']));
    expect(ids(blankCluster())).not.toContain('producers.0.front.timeout.ms');
    expect(ids(withFront())).toEqual(expect.arrayContaining(['producers.0.front.timeout.ms', 'producers.0.front.respond']));
  });
  it('the I/O charts draw a trailing mean: a burst of acknowledgements does not swing the line', () => {
    const c = { t: Float64Array.of(0, 1, 2, 3, 4), mean: Float64Array.of(10, 30, 10, 30, NaN) };
    expect(Array.from(trailingMean(c, 1).mean)).toEqual([10, 20, 20, 20, 30]);
    expect(Array.from(trailingMean(c, 10).mean)).toEqual([10, 20, 50 / 3, 20, 20]);
  });
  it('with request costs, counters for throughput (red below the offered rate), requests with the batch, and handlers busy (red when saturated)', () => {
    const raw = { ...blankCluster(), consumers: [], timing: { ...blankCluster().timing, 'request.ms': 3 } };
    const io = { threads: 8, queueMax: 500, utilisation: [1], busiest: 1, wait: lat(0.001, 0.003), handled: 100, maxWaiting: 12, maxUnread: 0 };
    const rate = raw.producers.reduce((a, p) => a + p.rate, 0);
    const cells = clusterCounters(pgOf(null, raw));
    expect(cells.map((c) => c.testid)).toEqual(expect.arrayContaining(['c-throughput', 'c-requests', 'c-busy']));
    expect(clusterCounters(pgOf(null, blankCluster())).map((c) => c.testid)).not.toContain('c-busy');
    const saturated = clusterCounters(pgOf(data(raw, summary({ io, throughput: rate * 0.8 }), [part(0)]), raw));
    const by = (id: string) => saturated.find((c) => c.testid === id)!;
    expect(by('c-throughput').tone).toBe('bad');
    expect(by('c-busy').tone).toBe('bad');
    expect(by('c-busy').note).toBe('saturated');
    expect(by('c-throughput').note).toBe('80 % of offered');
    expect(by('c-requests').note).toBe('2 records each');
    // No consumer: the end-to-end cell gives its place (the strip keeps one row).
    expect(saturated.map((c) => c.testid)).not.toContain('c-e2eP99');
    const idle = clusterCounters(pgOf(data(raw, summary({ io: { ...io, busiest: 0.1, utilisation: [0.1] }, throughput: rate }), [part(0)]), raw));
    expect(idle.find((c) => c.testid === 'c-busy')!.tone).toBe('plain');
    expect(idle.find((c) => c.testid === 'c-busy')!.note).toBe('wait p99 3 ms');
    expect(idle.find((c) => c.testid === 'c-throughput')!.tone).toBe('plain');
  });
  it('the records chart draws the output duplicates only for a scenario with a processor, and then counts them in its verdict', () => {
    const d = data(blankCluster(), summary(), [part(0)]);
    const records = (processor: boolean) => clusterCharts(d, 'en', ['chart-records'], 1, processor)[0];
    expect(records(false).lines.map((l) => l.label)).toEqual(['lost', 'failed', 'log dup.']);
    expect(records(true).lines.map((l) => l.label)).toEqual(['lost', 'failed', 'log dup.', 'output dup.']);
    d.series.outDuplicates = { t: Float64Array.of(1), mean: Float64Array.of(7), max: Float64Array.of(7), width: 1 };
    // Seven outputs read twice: the chart no longer says "none yet".
    expect(records(true).note).toBeNull();
    expect(records(false).note).toContain('990');
  });
  it('settings: every field resolves in the schema for the blank start and a processor scenario', () => {
    for (const s of [blankCluster(), withProcessor()]) {
      const view = buildView(CLUSTER_SETTINGS, s, [], 'en');
      for (const sec of view) for (const f of sec.fields) expect(f.control.kind, f.testid).not.toBe('unsupported');
      const shown = view.flatMap((x) => x.fields.map((f) => f.testid));
      for (const p of ['cluster.broker.rack', 'cluster.replica.lag.time.max.ms', 'topic.min.insync.replicas', 'producers.0.acks', 'producers.0.enable.idempotence', 'consumers.0.isolation.level', 'timing.rtt.ms']) expect(shown, p).toContain(p);
      expect(shown.includes('processor.processing.guarantee')).toBe(s.processor !== null);
    }
  });
  it('compare: records, ISR and end-to-end charts; end-to-end is the latency role', () => {
    const s = blankCluster();
    const charts = clusterCompare.charts(data(s, summary(), [part(0)]), pgOf(null, s));
    expect(charts.map((c) => c.id)).toEqual(['cmp-records', 'cmp-isr', 'cmp-e2e']);
    expect(charts.find((c) => c.id === 'cmp-e2e')!.role).toBe('latency');
    expect(charts.filter((c) => c.role).length).toBe(1);
    const io = { threads: 8, queueMax: 500, utilisation: [1], busiest: 1, wait: lat(0.001, 0.003), handled: 100, maxWaiting: 12, maxUnread: 0 };
    expect(clusterCompare.charts(data(s, summary({ io }), [part(0)]), pgOf(null, s)).map((c) => c.id)).toEqual(['cmp-records', 'cmp-io']);
  });
});
