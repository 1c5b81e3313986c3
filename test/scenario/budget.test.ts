/**
 * Budgets instead of surprises: a scenario whose estimated cost (events, memory) exceeds the
 * budget is refused by validation — so by the CLI, share links, settings and live faults alike —
 * with a message naming the field to lower; every shipped scenario fits with room to spare.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { CLUSTER_DRAIN_VISIT_EVENTS, costOf, EVENTS_BUDGET, FETCH_VISIT_EVENTS, MEMORY_BUDGET, medianAtLeast, POLLS_PER_MEDIAN, SAMPLE_VISIT_EVENTS, spikeSeconds } from '../../src/scenario/budget.ts';
import { CHART_SAMPLES } from '../../src/sim/metrics/series.ts';
import { makeDistribution, type DistributionSpec } from '../../src/sim/kernel/distributions.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';
import type { ClusterModel } from '../../src/sim/model/cluster/cluster-model.ts';
import type { StorageModel } from '../../src/sim/model/storage/storage-model.ts';
import { createKafka, createModel } from '../../src/run/run.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';

const raw = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
const errorsOf = (x: unknown) => {
  const r = validateScenario(x);
  return r.ok ? [] : r.errors.map(formatError);
};

describe('run budgets', () => {
  it('every shipped scenario fits: under a tenth of the event budget and of the memory budget', () => {
    const ids = readdirSync('scenarios').filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json');
    for (const f of ids) {
      const r = validateScenario(JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')));
      expect(r.ok, f).toBe(true);
      if (!r.ok) continue;
      const c = costOf(r.scenario);
      expect(c.events, f).toBeLessThan(EVENTS_BUDGET / 10);
      expect(c.bytes, f).toBeLessThan(MEMORY_BUDGET / 10);
    }
  });

  it('the event estimate is an upper bound of what a run takes (shipped Kafka scenarios)', () => {
    for (const id of ['black-friday', 'retry-topics', 'consumers-gt-partitions', 'pubsub-groups']) {
      const r = validateScenario(raw(id));
      if (!r.ok || r.scenario.model !== 'kafka') throw new Error(id);
      const m = createKafka(r.scenario);
      m.run(r.scenario.duration);
      const c = costOf(r.scenario);
      expect(m.stats().events, id).toBeLessThan(c.events);
      expect(m.produced, id).toBeLessThan(c.records);
    }
  });

  /** A shipped scenario with some fields set (dotted paths; numeric parts index lists). */
  const edited = (id: string, set: Record<string, unknown>) => {
    const x = raw(id);
    for (const [path, value] of Object.entries(set)) {
      const keys = path.split('.');
      const parent = keys.slice(0, -1).reduce((o, k) => o[k], x);
      parent[keys[keys.length - 1]] = value;
    }
    return x;
  };
  const fast = { type: 'exponential', mean: 0.0002 };
  /** Failure loops that run at the consumers' pace, not the producers' (budget.ts failureLoop). */
  const LOOPS: [string, string, Record<string, unknown>][] = [
    // (A batch of 10: at 500 a turn is charged 2 + 0.1 × 500 = 52 events, for the records the seek back hands back and the poll fetches again.)
    ['a poison record failing in the handler, retry.mode none', 'poison-message', { 'faults.0.effect': 'exception', 'faults.0.at': 5, duration: 40, warmup: 0, 'groups.0': { ...raw('poison-message').groups[0], 'max.poll.records': 10 } }],
    ['failureRate 0.99 with retry.mode none: each record 100 attempts on average', 'retry-topics', { 'groups.0': { ...raw('retry-topics').groups[0], retry: { mode: 'none' }, processing: { mode: 'sequential', time: fast, failureRate: 0.99 }, 'max.poll.records': 10 }, faults: [], duration: 10, warmup: 0 }],
    ['a poison record the deserializer cannot read, retry.mode none', 'poison-message', { 'faults.0.at': 5, duration: 40, warmup: 0 }],
    ['an accepted schema change old readers cannot read, retry.mode none', 'schema-change', { 'faults.0.at': 5, duration: 40, warmup: 0 }],
    ['a dependency outage with in-place retries and no backoff', 'retry-topics', { 'groups.0.retry': { mode: 'in-place', maxAttempts: 1000, backoff: { 'initial.ms': 0, 'max.ms': 0 } }, 'groups.0.processing': { mode: 'sequential', time: fast }, 'faults.0.at': 5, 'faults.0.duration': 30, duration: 40, warmup: 0 }],
  ];

  /** Queue redeliveries at the consumers' pace (budget.ts queueRedeliveryLoops). */
  const QUEUE_LOOPS: [string, string, Record<string, unknown>][] = [
    ['a poison message requeued by RabbitMQ without a delivery limit', 'prefetch', { faults: [{ at: 10, kind: 'poison', count: 1 }], duration: 120, 'producers.0.rate': 1 }],
    ['SQS VisibilityTimeout 0: messages handed out again while 100 consumers process them', 'fifo-groups', { 'queue.VisibilityTimeout': 0, timing: { 'rtt.ms': 0.1 }, 'consumers.0.count': 100, duration: 60, 'faults.0.at': 10 }],
  ];

  it.each([...LOOPS, ...QUEUE_LOOPS])('loops at the consumers’ pace are in the event estimate: %s', (_, id, set) => {
    const r = validateScenario(edited(id, set));
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const m = createModel(r.scenario);
    m.run(r.scenario.duration);
    const c = costOf(r.scenario);
    // The loop is most of the run, and the estimate bounds it without overshooting tenfold.
    expect(Math.max(...(c.loops ?? []).map((l) => l.events))).toBeGreaterThan(m.sim.events / 2);
    expect(m.sim.events).toBeLessThan(c.events);
    expect(c.events).toBeLessThan(10 * m.sim.events);
  });

  it('an SQS queue that hands messages out again while they are processed is refused over the budget, naming VisibilityTimeout; a longer one fits', () => {
    const loop = { 'queue.VisibilityTimeout': 0, timing: { 'rtt.ms': 0.1 }, 'consumers.0.count': 100, duration: 86_400 };
    expect(errorsOf(edited('fifo-groups', loop))[0]).toMatch(/^queue\.VisibilityTimeout: asks for too many events: .* of them are deliveries to other consumers of pool applier of messages still being processed \(VisibilityTimeout 0 s, processing 0\.02 s on average\)\. Raise queue\.VisibilityTimeout or lower duration$/);
    expect(errorsOf(edited('fifo-groups', { ...loop, 'queue.VisibilityTimeout': 30 }))).toEqual([]);
  });

  it('a failure loop too long for the budget is refused, naming the group’s retry.mode; a retry policy that moves past the record fits', () => {
    // 60 consumers re-polling an unreadable record every millisecond for 30 days: about 3·10¹¹ events, though the producer sends 1 record/s.
    const loop = { duration: 2_592_000, 'producers.0.rate': 1, 'topic.partitions': 60, 'groups.0.members': 60, 'faults.0.at': 1 };
    const [e] = errorsOf(edited('schema-change', loop));
    expect(e).toMatch(/^groups\.0\.retry\.mode: asks for too many events: this run needs about 319 billion events, the budget is 300 million; 100 % of them are turns of consumers of warehouse re-reading a record that keeps failing/);
    expect(e).toContain('Give groups.0 a retry policy that moves past a failing record');
    // scenarios/README.md quotes this message.
    const doc = readFileSync('scenarios/README.md', 'utf8').split('the message names the setting that stops it')[1].split('```')[1];
    expect(doc.replace(/\s+/g, ' ').trim()).toBe(e.replace(/\s+/g, ' '));
    expect(errorsOf(edited('schema-change', { ...loop, 'groups.0.retry': { mode: 'retry-topics', dlq: true } }))).toEqual([]);
    // The in-place loop of an outage is bounded by maxAttempts per record, and refused when that is too many.
    const storm = { 'groups.0.retry': { mode: 'in-place', maxAttempts: 1000, backoff: { 'initial.ms': 0, 'max.ms': 0 } }, 'groups.0.processing': { mode: 'sequential', time: fast }, 'faults.0.duration': 36_000, duration: 36_000 };
    expect(errorsOf(edited('retry-topics', storm))[0]).toMatch(/^groups\.0\.retry\.mode: asks for too many events: .* of them are attempts of consumers of crm-sync retrying in place while a dependency outage fails them/);
    expect(errorsOf(edited('retry-topics', { ...storm, 'groups.0.retry': { mode: 'in-place', maxAttempts: 3 } }))).toEqual([]);
  });

  it('many partitions per consumer are counted: each poll visits every partition its consumer owns', () => {
    // 2 consumers owning 5,000 partitions each for 10 hours at 400 records/s: 58 M events of records, 3.6 billion of visits.
    const tenHours = { 'topic.partitions': 10_000, duration: 36_000 };
    expect(errorsOf(edited('thread-pool-reorder', tenHours))[0]).toMatch(/^topic\.partitions: asks for too many events: .* of them are visits of 10,000 partitions by polls \(each consumer's own\) and by chart samples\. Lower topic\.partitions or duration$/);
    expect(errorsOf(edited('thread-pool-reorder', { ...tenHours, 'topic.partitions': 12 }))).toEqual([]);
  });

  /** A Kafka scenario's cost, and the events it charges for its polls' visits of partitions (the partition term without the chart samples'). */
  const charged = (x: unknown) => {
    const r = validateScenario(x);
    if (!r.ok || r.scenario.model !== 'kafka') throw new Error(JSON.stringify(r));
    const cost = costOf(r.scenario);
    const visits = cost.loops?.find((l) => l.what.includes('visits of'))?.events ?? NaN;
    return { s: r.scenario, cost, fetches: visits - CHART_SAMPLES * r.scenario.groups.length * r.scenario.topic.partitions * SAMPLE_VISIT_EVENTS };
  };

  /** Runs a Kafka scenario: {@link charged}, with the polls it made (every group's, in place or not) and its records. */
  const polled = (x: unknown) => {
    const c = charged(x);
    const m = createKafka(c.s);
    const counts = m.sim.countEvents();
    m.run(c.s.duration);
    const polls = counts().reduce((n, [kind, k]) => (kind.endsWith(':poll') ? n + k : n), 0);
    return { ...c, polls, records: m.produced };
  };

  it('polls are charged at most at the consumers’ pace: slow consumers, or none, are not charged a poll per record', () => {
    // 2 consumers of 16 threads taking 0.3 s a record, 400 records/s: they cannot poll once a record.
    const slow = { 'groups.0.processing': { mode: 'thread-pool', threads: 16, time: { type: 'bimodal', fast: 0.002, slow: 0.3, pSlow: 1 } }, 'topic.partitions': 2000, duration: 120 };
    const a = polled(edited('thread-pool-reorder', slow));
    const pace = (POLLS_PER_MEDIAN * 2 * 120) / 0.3;
    expect(a.polls).toBeGreaterThan(10);
    expect(a.polls).toBeLessThan(pace);
    // Charged for its pace (far below a poll per record), and still for more polls than it made.
    const perPoll = 1000 * FETCH_VISIT_EVENTS;
    expect(a.fetches).toBeLessThan((a.records * perPoll) / 10);
    expect(a.fetches).toBeGreaterThan(a.polls * perPoll);
    // So 10,000 partitions for ten hours fit with these consumers (the fast ones are refused: above).
    expect(errorsOf(edited('thread-pool-reorder', { ...slow, 'topic.partitions': 10_000, duration: 36_000 }))).toEqual([]);
    // A group without consumers never polls: 10,000 partitions cost only the chart samples' visits.
    const none = polled(edited('poison-message', { 'groups.0.members': 0, 'topic.partitions': 10_000, duration: 600 }));
    expect(none.polls).toBe(0);
    expect(none.fetches).toBe(0);
    expect(errorsOf(edited('poison-message', { 'groups.0.members': 0, 'topic.partitions': 10_000, duration: 3000 }))).toEqual([]);
  });

  it('with a retry policy, each unreadable record is skipped by a poll of its own, however slow processing is', () => {
    // Every record after a schema change at t = 0 is unreadable; the consumers send each to the DLQ and poll again.
    const set = { 'faults.0.at': 0, 'groups.0.retry': { mode: 'retry-topics', dlq: true }, 'groups.0.processing': { mode: 'sequential', time: { type: 'deterministic', mean: 10 } } };
    const a = polled(edited('schema-change', { ...set, 'topic.partitions': 2000, duration: 120 }));
    // About two polls a record (the one that throws, and the next), charged as one, as a consumer that keeps up is.
    expect(a.polls).toBeGreaterThan(a.records);
    expect(a.fetches).toBeGreaterThan((a.polls / 2) * Math.ceil(2000 / 3) * FETCH_VISIT_EVENTS);
    // Ten hours of it with 10,000 partitions would take about ten minutes: refused.
    expect(errorsOf(edited('schema-change', { ...set, 'topic.partitions': 10_000, duration: 36_000 }))[0]).toMatch(/^topic\.partitions: asks for too many events/);
  });

  it('a commit after each batch walks the partitions too, and a crashed consumer’s partitions are charged to the consumers left', () => {
    const base = { 'topic.partitions': 2000, faults: [] };
    const auto = charged(edited('idempotent-consumer', base));
    // commitSync after each batch: a second walk of the consumer's partitions per poll.
    const sync = charged(edited('idempotent-consumer', { ...base, 'groups.0.commit': 'after-processing' }));
    expect(sync.fetches / auto.fetches).toBeGreaterThan(1.9);
    // ledger-1 of 2 down for 100 s of the 150: the other owns all 2,000 partitions then.
    const crash = charged(edited('idempotent-consumer', { ...base, faults: [{ at: 30, kind: 'crash', target: 'ledger-1', restartAfter: 100 }] }));
    expect(crash.fetches / auto.fetches).toBeCloseTo((50 * 1000 + 100 * 2000) / 150 / 1000, 2);
    // A consumer paused for a second: its partitions are the other's for that second only.
    const pause = charged(edited('idempotent-consumer', { ...base, faults: [{ at: 30, kind: 'gc-pause', target: 'ledger-2', duration: 1 }] }));
    expect(pause.fetches / auto.fetches).toBeCloseTo((149 * 1000 + 1 * 2000) / 150 / 1000, 2);
  });

  it('the pace is the median’s, not the mean’s: a rare very long record makes the mean long while most records are short', () => {
    // One consumer; 1 record in 100,000 takes 10,000 s (mean 0.101 s), the others 1 ms; 200 records/s for a minute.
    const time = { type: 'bimodal', fast: 0.001, slow: 10_000, pSlow: 0.00001 };
    const a = polled(edited('littles-law', { 'groups.0.members': 1, 'groups.0.processing': { mode: 'sequential', time }, 'producers.0.rate': 200, 'topic.partitions': 100, duration: 60, warmup: 0 }));
    // A pace from the mean (3 × 60 / 0.101 = 1,782 polls) would be far below the polls the run makes.
    expect(a.polls).toBeGreaterThan((5 * POLLS_PER_MEDIAN * 60) / makeDistribution(time as DistributionSpec).mean);
    // The median's pace does not bind: a poll per record is charged, as for a consumer that keeps up.
    expect(a.fetches).toBeGreaterThanOrEqual(a.cost.records * 100 * FETCH_VISIT_EVENTS);
  });

  it('medianAtLeast is at most the median of 20,001 samples of every processing-time type, and exact where it has a closed form', () => {
    const specs: [DistributionSpec, boolean][] = [
      [{ type: 'exponential', mean: 0.01 }, true],
      [{ type: 'deterministic', mean: 0.01 }, true],
      [{ type: 'uniform', min: 0.002, max: 0.02 }, true],
      [{ type: 'erlang', mean: 0.01, k: 1 }, false],
      [{ type: 'erlang', mean: 0.01, k: 4 }, false],
      [{ type: 'gamma', mean: 0.01, cv: 0.5 }, false],
      [{ type: 'gamma', mean: 0.01, cv: 1.5 }, false],
      [{ type: 'lognormal', mean: 0.01, cv: 2 }, true],
      [{ type: 'lognormal', mean: 0.01, p99: 0.1 }, true],
      [{ type: 'hyperexponential', mean: 0.01, cv: 3 }, false],
      [{ type: 'bimodal', fast: 0.001, slow: 1, pSlow: 0.3 }, true],
      [{ type: 'bimodal', fast: 0.001, slow: 1, pSlow: 0.7 }, true],
      [{ type: 'pareto', mean: 0.01, alpha: 1.5 }, true],
    ];
    for (const [spec, exact] of specs) {
      const d = makeDistribution(spec);
      const rng = new Rng(7);
      const xs = Array.from({ length: 20_001 }, () => d.sample(rng)).sort((a, b) => a - b);
      const median = xs[10_000];
      // The sample median's 99.9 % interval: ranks 10,000 ± 3.3·√20,001/2 = ± 233.
      const [lo, hi] = [xs[10_000 - 233], xs[10_000 + 233]];
      const bound = medianAtLeast(spec);
      expect(bound, spec.type).toBeLessThanOrEqual(hi);
      if (exact) expect(bound, spec.type).toBeGreaterThanOrEqual(lo);
      else expect(bound, spec.type).toBeGreaterThan(median / 2);
    }
  });

  it('a broker outage makes each retried batch’s wake walk every partition holding a batch: the walks are in the estimate, and 6,000 partitions with a large buffer.memory are refused', () => {
    // Two brokers down with min.insync.replicas 2: every partition's batch is refused and retried once a backoff for 180 s.
    const r = validateScenario(edited('min-insync-unavailable', { 'topic.partitions': 300 }));
    if (!r.ok || r.scenario.model !== 'cluster') throw new Error(JSON.stringify(r));
    const m = createModel(r.scenario) as ClusterModel;
    m.run(r.scenario.duration);
    const walks = costOf(r.scenario).loops?.find((l) => l.what.includes('walks'));
    const visits = (walks?.events ?? 0) / CLUSTER_DRAIN_VISIT_EVENTS;
    expect(m.producers.walked).toBeGreaterThan(visits / 10);
    expect(m.producers.walked).toBeLessThan(visits);
    // Without a fault that fails requests, nothing is retried and the term is absent.
    expect(costOf({ ...r.scenario, faults: [] }).loops?.some((l) => l.what.includes('walks'))).toBe(false);
    // 6,000 partitions: buffer.memory's 2,048 batches bound the partitions holding one; with 1 GiB every partition holds one.
    expect(errorsOf(edited('min-insync-unavailable', { 'topic.partitions': 6000 }))).toEqual([]);
    expect(errorsOf(edited('min-insync-unavailable', { 'topic.partitions': 6000, 'producers.0': { ...raw('min-insync-unavailable').producers[0], 'buffer.memory': 1024 ** 3 } }))[0]).toMatch(/^topic\.partitions: asks for too many events: .* of them are the producers' walks of the partitions holding a batch while batches are retried \(.* partition visits\)\. Lower topic\.partitions or duration$/);
  });

  it('small segments are counted: each clean rewrites the partition segment by segment; 1 KiB segments cleaned at every roll for 10 hours are refused', () => {
    // min.cleanable.dirty.ratio 0: a partition is cleaned whenever a segment has rolled, each clean writing every segment it holds again.
    const topic = raw('tombstones').topic;
    const small = { topic: { ...topic, 'segment.bytes': 1024, 'min.cleanable.dirty.ratio': 0 } };
    const r = validateScenario(edited('tombstones', { ...small, duration: 300, faults: [] }));
    if (!r.ok || r.scenario.model !== 'storage') throw new Error(JSON.stringify(r));
    const m = createModel(r.scenario) as StorageModel;
    m.run(r.scenario.duration);
    const work = costOf(r.scenario).loops?.find((l) => l.what.startsWith('cleans rewriting'));
    const segments = Number(/in ([\d,]+) segments/.exec(work?.what ?? '')?.[1].replace(/,/g, '') ?? 0);
    expect(m.cleaner!.segmentsWritten).toBeGreaterThan(segments / 20);
    expect(m.cleaner!.segmentsWritten).toBeLessThan(segments);
    expect(errorsOf(edited('tombstones', { ...small, duration: 36_000 }))[0]).toMatch(/^topic\.segment\.bytes: asks for too many events: .* of them are cleans rewriting up to .* records in .* segments, and walks of up to .* segments\. Raise topic\.segment\.bytes or lower duration$/);
    expect(errorsOf(edited('tombstones', { topic: { ...small.topic, 'segment.bytes': 1_073_741_824 }, duration: 36_000 }))).toEqual([]);
  });

  it('a ×1000 load spike counts: it is refused, naming duration and the load-spike factors', () => {
    const s = { ...raw('littles-law'), faults: [{ at: 100, kind: 'load-spike', target: '*', factor: 1000, duration: 120 }] };
    const errs = errorsOf(s);
    expect(errs).toHaveLength(2);
    expect(errs[1]).toMatch(/^duration: needs too much memory: .* 121 million records held/);
    expect(errs[0]).toMatch(/^duration: is too long for the event budget: this run needs about [\d.]+ million events .* the budget is 300 million\. Lower duration \(at most about \d+ s here\), the producers' rates or load-spike factors/);
  });

  it('stacked load spikes multiply', () => {
    const spike = (at: number) => ({ at, kind: 'load-spike' as const, target: '*', factor: 8, duration: 120 });
    expect(spikeSeconds([spike(0)], 'p', 900)).toBe(120 * 8 + 780);
    expect(spikeSeconds([spike(0), spike(60)], 'p', 900)).toBe(60 * 8 + 60 * 64 + 60 * 8 + 720);
    // A spike for another producer does not count; one past the end is cut.
    expect(spikeSeconds([{ ...spike(0), target: 'other' }], 'p', 900)).toBe(900);
    expect(spikeSeconds([spike(850)], 'p', 900)).toBe(850 + 50 * 8);
  });

  it('a stopped producer is charged nothing until it starts again, and a Kafka producer nothing after its stopAt', () => {
    const f = (at: number, kind: 'producer-stop' | 'producer-start', target = '*') => ({ at, kind, target });
    expect(spikeSeconds([f(100, 'producer-stop')], 'p', 900)).toBe(100);
    expect(spikeSeconds([f(100, 'producer-stop', 'p'), f(300, 'producer-start')], 'p', 900)).toBe(700);
    expect(spikeSeconds([f(100, 'producer-stop', 'other')], 'p', 900)).toBe(900);
    // Faults due at the same time apply in list order: start, then stop, leaves it stopped.
    expect(spikeSeconds([f(100, 'producer-start'), f(100, 'producer-stop')], 'p', 900)).toBe(100);
    expect(spikeSeconds([f(100, 'producer-stop'), f(100, 'producer-start')], 'p', 900)).toBe(900);
    // A spike while stopped adds nothing; its part while running counts.
    expect(spikeSeconds([{ at: 0, kind: 'load-spike', target: '*', factor: 8, duration: 200 }, f(100, 'producer-stop')], 'p', 900)).toBe(800);
    // dead-producer: 200 records/s until the stop at 300 s of a 600 s run; the run produces about as many.
    const a = polled(raw('dead-producer'));
    expect(a.cost.records).toBe(200 * 300);
    expect(a.records).toBeLessThan(a.cost.records * 1.05);
    expect(a.records).toBeGreaterThan(a.cost.records * 0.95);
    const stopAt = polled(edited('dead-producer', { faults: [], 'producers.0.stopAt': 120 }));
    expect(stopAt.cost.records).toBe(200 * 120);
    expect(stopAt.records).toBeLessThan(stopAt.cost.records * 1.05);
  });

  it('a huge key space is refused, naming the producer’s keys.count (10⁷ Zipf keys × 16 producers × 8 groups)', () => {
    const base = raw('littles-law');
    const s = {
      ...base,
      duration: 10,
      warmup: 0,
      producers: Array.from({ length: 16 }, (_, i) => ({ name: `p${i}`, rate: 10, keys: { kind: 'zipf', count: 10_000_000, s: 1 } })),
      groups: Array.from({ length: 8 }, (_, i) => ({ ...base.groups[0], 'group.id': `g${i}` })),
    };
    const errs = errorsOf(s);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^producers\.\d+\.keys\.count: needs too much memory: this run may need about [\d.]+ GiB, the budget is 1 GiB; \d+ % of it is the key space of producer p\d+\. Lower producers\.\d+\.keys\.count or the number of consumer groups$/);
  });

  it('with one consumer group, a huge key space is not told to lower the number of groups', () => {
    const base = raw('littles-law');
    const s = { ...base, duration: 10, warmup: 0, producers: Array.from({ length: 8 }, (_, i) => ({ name: `p${i}`, rate: 10, keys: { kind: 'zipf', count: 10_000_000, s: 1 } })), groups: [base.groups[0]] };
    const errs = errorsOf(s);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^producers\.(\d+)\.keys\.count: needs too much memory: .* Lower producers\.\1\.keys\.count$/);
  });

  it('a run that would hold too many records is refused, naming duration', () => {
    const s = { ...raw('littles-law'), duration: 49_000, groups: Array.from({ length: 8 }, (_, i) => ({ ...raw('littles-law').groups[0], 'group.id': `g${i}`, members: 1 })) };
    const errs = errorsOf(s);
    expect(errs.some((e) => e.startsWith('duration: is too long for the event budget'))).toBe(true);
  });

  it('many consumers with big poll buffers are refused by memory, naming that group’s members', () => {
    const base = raw('littles-law') as KafkaScenario;
    const s = { ...base, duration: 10, warmup: 0, groups: [{ ...base.groups[0], members: 1000, 'max.poll.records': 100_000 }] };
    const errs = errorsOf(s);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^groups\.0\.members: needs too much memory: .* of it is 1,000 consumers of warehouse and their poll buffers\. Lower groups\.0\.members$/);
  });

  it('Pareto arrivals with alpha near 1 are refused, naming arrival.shape.alpha (their gaps can be almost all tiny)', () => {
    const s = { ...raw('mm1'), warmup: 0, duration: 10, arrival: { rate: 0.9, shape: { type: 'pareto', alpha: 1.0000000000000002 } } };
    const errs = errorsOf(s);
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^arrival\.shape\.alpha: is too close to 1 for the event budget: .* up to [\d.]+ × 10\^\d+ arrivals/);
    // A heavy but sane tail still runs.
    expect(errorsOf({ ...raw('mm1'), arrival: { rate: 0.9, shape: { type: 'pareto', alpha: 1.5 } } })).toEqual([]);
    // Its queue too large for memory: alpha is to be raised (nearer 1 crowds it more), not lowered.
    const crowded = errorsOf({ ...raw('mm1'), warmup: 0, duration: 1e6, arrival: { rate: 1, shape: { type: 'pareto', alpha: 1.01 } } });
    expect(crowded.find((e) => e.includes('needs too much memory'))).toMatch(/^arrival\.shape\.alpha: needs too much memory: .*\. Raise arrival\.shape\.alpha or lower duration$/);
  });
});
