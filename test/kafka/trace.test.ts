/**
 * "Follow one record" (src/sim/model/kafka/trace.ts, src/run/models/kafka/trace.ts): the traced
 * stories of the shipped scenarios — a poison record retried and dead-lettered, a record moving
 * through retry topics, one lost to a commit before processing, one processed twice after a crash,
 * one deleted by retention and skipped — with their events in order and their times consistent;
 * the run's numbers the same with and without a trace; the memory bound; the request's ranges.
 */
import { describe, expect, it } from 'vitest';
import { load } from './helpers.ts';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { checkTraceRequest, parseTraceArg, traceKafka } from '../../src/run/models/kafka/trace.ts';
import { keyIndexOf, TRACE_HEAD_EVENTS, TRACE_MAX_EVENTS, TRACE_MAX_RECORDS, TRACE_TAIL_EVENTS, type TraceEvent, type TraceResult, type TracedRecord } from '../../src/sim/model/kafka/trace.ts';
import { KafkaModel } from '../../src/sim/model/kafka/kafka-model.ts';
import { kafkaConfig } from '../../src/run/models/kafka/summary.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { laneStory } from '../../src/run/models/kafka/trace-text.ts';

function trace(s: KafkaScenario, request: unknown, until = s.duration): TraceResult {
  const r = traceKafka(s, request, until);
  if (!r.ok) throw new Error(r.error);
  return r.trace;
}

/** The only record a (partition, offset) or n request follows. */
function one(s: KafkaScenario, request: unknown): TracedRecord {
  const t = trace(s, request);
  expect(t.records).toHaveLength(1);
  return t.records[0];
}

const kinds = (es: readonly TraceEvent[]) => es.map((e) => e.kind);
const of = (r: TracedRecord, kind: TraceEvent['kind']) => r.events.filter((e) => e.kind === kind);

/** Events in time order, each folded one's last repeat not before its first, none after the replay's end. */
function expectOrdered(t: TraceResult): void {
  for (const r of t.records) {
    expect(r.events[0]).toMatchObject({ kind: 'produced', t: r.t });
    expect(r.events[1]).toMatchObject({ kind: 'appended', t: r.t, offset: r.offset });
    for (let i = 1; i < r.events.length; i++) expect(r.events[i].t, `${r.partition}@${r.offset} event ${i}`).toBeGreaterThanOrEqual(r.events[i - 1].t);
    for (const e of r.events) {
      expect(e.last).toBeGreaterThanOrEqual(e.t);
      expect(e.last).toBeLessThanOrEqual(t.until);
    }
    expect(r.events.length).toBeLessThanOrEqual(TRACE_MAX_EVENTS);
  }
}

/** The offset of the first poison record the fault injector wrote (its log line says where). */
function poisonAt(s: KafkaScenario): { partition: number; offset: number } {
  const m = createKafka(s);
  m.run(s.duration);
  for (const e of m.logEntries()) {
    const x = /poison record produced to \S+-(\d+) at offset (\d+)/.exec(e.text);
    if (x) return { partition: Number(x[1]), offset: Number(x[2]) };
  }
  throw new Error('no poison record');
}

describe('follow one record', () => {
  it('does not change the run: the same summary with and without a trace, and the same trace twice', () => {
    const cases: [KafkaScenario, unknown][] = [
      [load('poison-message'), { by: 'offset', partition: 3, offset: 3051 }],
      [load('retry-topics'), { by: 'key', key: 'user-332' }],
      [load('idempotent-consumer'), { by: 'nth', n: 11200 }],
      [load('thread-pool-reorder'), { by: 'nth', n: 500 }],
      [load('attempts-in-memory', 'groups.0.retry.attempts="store"'), { by: 'offset', partition: 3, offset: 0 }],
      [load('rebalance-storm'), { by: 'nth', n: 2000 }],
    ];
    for (const [s, q] of cases) {
      const plain = createKafka(s);
      plain.run(s.duration);
      const checked = checkTraceRequest(q, s);
      if (!checked.ok) throw new Error(checked.error);
      const traced = new KafkaModel(kafkaConfig(s), s.seed, checked.request);
      traced.run(s.duration);
      expect(traced.tracer, s.id).not.toBeNull();
      expect(JSON.stringify(buildKafkaSummary(s, traced)), s.id).toBe(JSON.stringify(buildKafkaSummary(s, plain)));
      expect(traced.sim.events, s.id).toBe(plain.sim.events);
      expect(JSON.stringify(trace(s, q)), s.id).toBe(JSON.stringify(traced.traceResult()));
      expectOrdered(traced.traceResult()!);
    }
  });

  it('poison-message: poll() throws on the unreadable record, folded into one event; with a retry policy it is dead-lettered at once', () => {
    const s = load('poison-message');
    const at = poisonAt(s);
    const r = one(s, { by: 'offset', ...at });
    expect(kinds(r.events)).toEqual(['produced', 'appended', 'poll-threw']);
    const threw = r.events[2];
    // The application polls again every millisecond: one event, counted, from the poison's arrival to the end.
    expect(threw.count).toBeGreaterThan(200_000);
    expect(threw.last).toBeGreaterThan(s.duration - 0.01);
    expect(threw.by).toBe('warehouse-2');
    expect(r.state).toEqual(['waiting']);
    expect(laneStory('en', r, 0, trace(s, { by: 'offset', ...at }))).toMatch(/never fetched, poll\(\) threw at it [\d,]+ times, not processed yet/);

    const fixed = load('poison-message', 'groups.0.retry={"mode":"retry-topics","maxAttempts":3,"dlq":true}');
    const f = one(fixed, { by: 'offset', ...at });
    expect(kinds(f.events).slice(0, 4)).toEqual(['produced', 'appended', 'poll-threw', 'dlq']);
    expect(f.events[2]).toMatchObject({ count: 1, next: 'dlq' });
    expect(f.events[3]).toMatchObject({ attempt: 1, t: f.events[2].t });
    expect(of(f, 'committed')).toHaveLength(1);
    expect(of(f, 'committed')[0].t).toBeGreaterThanOrEqual(f.events[3].t);
    expect(f.state).toEqual(['dead-lettered']);
  });

  it('a poison record retried in place: attempts 1 … 3 back off, attempt 4 goes to the DLQ no sooner than the last backoff allows', () => {
    const s = load('poison-message', 'faults.0.effect="exception"', 'groups.0.retry={"mode":"in-place","maxAttempts":4,"dlq":true,"classify":false,"backoff":{"initial.ms":500,"multiplier":2,"max.ms":4000,"jitter":0}}');
    const r = one(s, { by: 'offset', ...poisonAt(s) });
    const failed = of(r, 'failed');
    expect(failed.map((e) => [e.attempt, e.next])).toEqual([
      [1, 'backoff'],
      [2, 'backoff'],
      [3, 'backoff'],
      [4, 'dlq'],
    ]);
    expect(failed.slice(0, 3).map((e) => e.delay)).toEqual([0.5, 1, 2]);
    for (let i = 1; i < failed.length; i++) expect(failed[i].t - failed[i - 1].t).toBeGreaterThanOrEqual(failed[i - 1].delay!);
    const [dlq] = of(r, 'dlq');
    expect(dlq).toMatchObject({ attempt: 4, by: failed[0].by });
    expect(dlq.t).toBeGreaterThanOrEqual(failed[2].t + failed[2].delay!);
    expect(kinds(r.events).slice(0, 4)).toEqual(['produced', 'appended', 'fetched', 'start']);
    expect(r.state).toEqual(['dead-lettered']);
    expect(laneStory('en', r, 0, trace(s, { by: 'offset', ...poisonAt(s) }))).toMatch(/fetched once, failed attempts: 4, retried 3 times, then dead-lettered [\d.]+ s after it was produced/);
  });

  it('retry-topics: a record moves through orders.retry.5s and orders.retry.1m, each taken no sooner than its delay, then to the DLQ', () => {
    const s = load('retry-topics');
    const summary = buildKafkaSummary(s, (() => {
      const m = createKafka(s);
      m.run(s.duration);
      return m;
    })());
    const dead = Object.values(summary.groups)[0].dlqRecords[0];
    const r = one(s, { by: 'offset', partition: dead.partition, offset: dead.offset });
    expect(r.key).toBe(dead.key);
    const path = r.events.filter((e) => e.kind !== 'committed' && e.group >= 0);
    expect(kinds(path)).toEqual(['fetched', 'start', 'failed', 'retry-topic', 'retry-pick', 'failed', 'retry-topic', 'retry-pick', 'failed', 'dlq']);
    const sent = of(r, 'retry-topic');
    const picked = of(r, 'retry-pick');
    expect(sent.map((e) => [e.topic, e.delay, e.attempt])).toEqual([
      ['orders.retry.5s', 5, 1],
      ['orders.retry.1m', 60, 2],
    ]);
    for (let i = 0; i < 2; i++) {
      expect(picked[i].topic).toBe(sent[i].topic);
      expect(picked[i].t).toBeGreaterThanOrEqual(sent[i].t + sent[i].delay! - 1e-9);
    }
    const [dlq] = of(r, 'dlq');
    expect(dlq.t).toBeCloseTo(dead.t, 9);
    expect(dlq.t).toBeGreaterThanOrEqual(picked[1].t);
    expect(dlq).toMatchObject({ attempt: 3, by: 'crm-sync-retry' });
    // The main partition commits past the record as soon as it is re-published: it never blocks.
    expect(of(r, 'committed')[0].t).toBeLessThan(picked[0].t);
    expect(r.state).toEqual(['dead-lettered']);
  });

  it('commit-before-processing: a record committed right after poll() and lost when its consumer crashes', () => {
    const s = load('commit-before-processing');
    const r = one(s, { by: 'offset', partition: 0, offset: 400 });
    expect(kinds(r.events)).toEqual(['produced', 'appended', 'fetched', 'committed', 'lost']);
    expect(r.events[3]).toMatchObject({ why: 'positions', by: 'ledger-1' });
    expect(r.events[3].offset).toBeGreaterThan(400);
    expect(r.events[4]).toMatchObject({ why: 'committed-before-processing', by: 'ledger-1', t: 7.5 });
    expect(r.state).toEqual(['lost']);
  });

  it('idempotent-consumer: a record applied, its consumer crashed before the commit, processed again', () => {
    const s = load('idempotent-consumer');
    const r = one(s, { by: 'nth', n: 11200 });
    expect(kinds(r.events)).toEqual(['produced', 'appended', 'fetched', 'start', 'applied', 'uncommitted', 'fetched', 'start', 'duplicate', 'committed']);
    expect(r.events[5]).toMatchObject({ t: 30, by: 'ledger-1' });
    expect(r.events[6].again).toBe(true);
    expect(r.events[8].why).toBe('applied');
    // The crash is at 30 s; the group gives the partition out again after the session times out.
    expect(r.events[6].t).toBeGreaterThan(30);
    const fixed = load('idempotent-consumer', 'groups.0.processing.idempotent=true');
    const f = trace(fixed, { by: 'nth', n: 11200 });
    expect(kinds(f.records[0].events)).toEqual(kinds(r.events));
    expect(f.groups[0].idempotent).toBe(true);
  });

  it('retention-reset: a record deleted by retention while its consumer is down, then skipped by the offset reset', () => {
    const s = load('retention-reset', 'groups.0.auto.offset.reset="earliest"');
    const r = one(s, { by: 'nth', n: 7000 });
    expect(kinds(r.events)).toEqual(['produced', 'appended', 'deleted', 'skipped', 'committed']);
    const [deleted] = of(r, 'deleted');
    const [skipped] = of(r, 'skipped');
    expect(deleted.group).toBe(-1);
    expect(deleted.offset).toBeGreaterThan(r.offset);
    expect(skipped).toMatchObject({ why: 'out-of-range', by: 'warehouse-1', offset: deleted.offset });
    // The consumer comes back at 120 + 480 s and finds its position below the log start.
    expect(skipped.t).toBeGreaterThanOrEqual(600);
    expect(deleted.t).toBeLessThan(skipped.t);
    // Deleted by retention: more than retention.ms after it was produced.
    expect(deleted.t - r.t).toBeGreaterThanOrEqual(360);
    expect(r.state).toEqual(['skipped']);
  });

  it('attempts counted in a store: the poison record kills its consumer 5 times, each after the restart, then the 5th crash dead-letters it', () => {
    const s = load('attempts-in-memory', 'groups.0.retry.attempts="store"');
    const r = one(s, { by: 'offset', ...poisonAt(s) });
    const crashes = of(r, 'crashed');
    expect(crashes.map((e) => e.attempt)).toEqual([1, 2, 3, 4, 5]);
    expect(crashes[4].next).toBe('dlq');
    for (let i = 1; i < 5; i++) expect(crashes[i].t - crashes[i - 1].t).toBeGreaterThanOrEqual(10); // restartAfter
    expect(of(r, 'dlq')[0]).toMatchObject({ t: crashes[4].t, attempt: 5 });
    expect(of(r, 'released')).toHaveLength(4);
    expect(r.state).toEqual(['dead-lettered']);
    // In memory, every restart's attempt is the first: the crash loop never ends.
    const broken = one(load('attempts-in-memory'), { by: 'offset', ...poisonAt(s) });
    expect(new Set(of(broken, 'crashed').map((e) => e.attempt))).toEqual(new Set([1]));
    expect(of(broken, 'dlq')).toHaveLength(0);
  });

  it('bounded memory: a key follows its first 20 records and counts the rest; a long crash loop keeps its first and last events', () => {
    const s = load('retry-topics');
    const t = trace(s, { by: 'key', key: 'user-332' });
    expect(t.records).toHaveLength(TRACE_MAX_RECORDS);
    expect(t.beyond).toBeGreaterThan(10);
    for (const r of t.records) expect(r.key).toBe('user-332');
    expect(t.records.map((r) => r.t)).toEqual([...t.records.map((r) => r.t)].sort((a, b) => a - b));
    expect(trace(s, { by: 'key', key: 'user-332', limit: 3 }).records).toHaveLength(3);

    const long = load('attempts-in-memory', 'duration=3000');
    const loop = trace(long, { by: 'offset', ...poisonAt(load('attempts-in-memory')) });
    const r = loop.records[0];
    expect(r.events).toHaveLength(TRACE_MAX_EVENTS);
    expect(r.omitted).toBeGreaterThan(500);
    expect(r.events[TRACE_HEAD_EVENTS - 1].t).toBeLessThan(r.events[TRACE_HEAD_EVENTS].t);
    // The tail is the end of the story: the last crash a restart before the end.
    expect(r.events.at(-1)!.t).toBeGreaterThan(3000 - 30);
    expect(loop.bound).toEqual({ records: TRACE_MAX_RECORDS, events: TRACE_MAX_EVENTS, head: TRACE_HEAD_EVENTS, tail: TRACE_TAIL_EVENTS });
    expectOrdered(loop);
  });

  it('a replay up to a time follows the record that far; nothing is found where nothing was produced', () => {
    const s = load('retry-topics');
    const part = trace(s, { by: 'offset', partition: 5, offset: 2691 }, 100);
    expect(part.until).toBe(100);
    expect(part.records[0].state).toEqual(['retrying']);
    expect(of(part.records[0], 'dlq')).toHaveLength(0);
    const none = trace(s, { by: 'offset', partition: 0, offset: 10_000_000 });
    expect(none.records).toEqual([]);
    expect(none.logEnd[0]).toBeGreaterThan(0);
    expect(trace(s, { by: 'nth', n: 1 }).records[0].n).toBe(1);
  });

  it('refuses a request outside its ranges, naming the range', () => {
    const s = load('retry-topics');
    const err = (q: unknown) => {
      const r = checkTraceRequest(q, s);
      return r.ok ? '' : r.error;
    };
    expect(err({ by: 'offset', partition: 6, offset: 0 })).toMatch(/partition must be an integer in \[0, 5\]/);
    expect(err({ by: 'offset', partition: 0, offset: -1 })).toMatch(/offset must be an integer in \[0, /);
    expect(err({ by: 'offset', partition: 0, offset: 1.5 })).toMatch(/offset must be an integer/);
    expect(err({ by: 'nth', n: 0 })).toMatch(/must be an integer in \[1, 2147483647\]/);
    expect(err({ by: 'key', key: 'user-2000' })).toMatch(/not one of the producers' keys \(profile-service: user-0 … user-1999\)/);
    expect(err({ by: 'key', key: 'user-1', limit: 21 })).toMatch(/limit must be an integer in \[1, 20\]/);
    expect(err({ by: 'key', key: '' })).toMatch(/1 to 200 characters/);
    expect(err({ by: 'time' })).toMatch(/"key", "offset" or "nth"/);
    expect(err(null)).toMatch(/must be/);
    expect(err({ by: 'key', key: 'user-1999' })).toBe('');
    // add-partitions grows the range.
    const grown = load('add-partitions');
    const r = checkTraceRequest({ by: 'offset', partition: grown.topic.partitions, offset: 0 }, grown);
    expect(r.ok).toBe(true);
    expect(traceKafka(s, { by: 'nth', n: -3 }, 10)).toMatchObject({ ok: false });
  });

  it('reads the CLI value and a key into its index', () => {
    expect(parseTraceArg('key=user-7')).toEqual({ by: 'key', key: 'user-7' });
    expect(parseTraceArg('key=a=b')).toEqual({ by: 'key', key: 'a=b' });
    expect(parseTraceArg('3:1841')).toEqual({ by: 'offset', partition: 3, offset: 1841 });
    expect(parseTraceArg('n=12')).toEqual({ by: 'nth', n: 12 });
    expect(parseTraceArg('nth=12')).toEqual({ by: 'nth', n: 12 });
    expect(parseTraceArg('3:-1')).toMatch(/--trace must be/);
    expect(parseTraceArg('orders-3')).toMatch(/--trace must be/);
    expect(keyIndexOf({ kind: 'uniform', count: 100, prefix: 'order-' }, 'order-42')).toBe(42);
    expect(keyIndexOf({ kind: 'uniform', count: 100, prefix: 'order-' }, 'order-100')).toBe(-1);
    expect(keyIndexOf({ kind: 'uniform', count: 100, prefix: 'order-' }, 'order-042')).toBe(-1);
    expect(keyIndexOf({ kind: 'zipf', count: 10, s: 1 }, 'key-3')).toBe(3);
    expect(keyIndexOf({ kind: 'coarse', values: ['DE', 'FR'] }, 'FR')).toBe(1);
    expect(keyIndexOf({ kind: 'none' }, 'x')).toBe(-1);
  });
});
