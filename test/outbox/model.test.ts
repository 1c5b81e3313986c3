/**
 * The outbox model: conservation of requests and events over random runs with random faults at
 * every chunk boundary (and the outbox never losing or inventing an event, whatever the faults),
 * chunk invariance, live faults replaying from the recorded timeline, and each mechanism on its
 * own: a dual write's crash window, a failed commit after publishing, the polling relay's
 * duplicates between publish and UPDATE, the CDC relay's duplicates since its last offset commit,
 * expiring sends, and the price of polling.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createOutbox } from '../../src/run/models/outbox/entry.ts';
import { buildOutboxSummary } from '../../src/run/models/outbox/summary.ts';
import type { OutboxSummary } from '../../src/run/models/outbox/data.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { OutboxScenario } from '../../src/scenario/schema.ts';
import { runScenario } from '../../src/run/run.ts';
import { CdcRelay, PollingRelay } from '../../src/sim/model/outbox/relay.ts';
import { centi, expectChunkInvariant } from '../sim/chunked.ts';
import { BASE as base, conservationErrors } from './helpers.ts';


function scenario(patch: Record<string, unknown>): OutboxScenario {
  const r = validateScenario({ ...base, ...patch });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario as OutboxScenario;
}

const run = (s: OutboxScenario): OutboxSummary => runScenario(s) as OutboxSummary;

const num = centi;
const faultArb = fc.oneof(
  fc.record({ at: num(0, 29), kind: fc.constant('app-crash'), restartAfter: num(0.1, 5) }),
  fc.record({ at: num(0, 29), kind: fc.constant('relay-crash'), restartAfter: num(0.1, 5), point: fc.constantFrom('any', 'before-mark') }),
  fc.record({ at: num(0, 29), kind: fc.constant('broker-outage'), duration: num(0.1, 8) }),
  fc.record({ at: num(0, 29), kind: fc.constant('db-slowdown'), factor: num(1, 20), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('load-spike'), factor: num(0, 5), duration: num(0.5, 10) }),
);
const timeArb = (maxMean: number) =>
  fc.oneof(
    fc.record({ type: fc.constant('exponential'), mean: num(0.01, maxMean) }),
    fc.record({ type: fc.constant('deterministic'), mean: num(0, maxMean) }),
    fc.record({ type: fc.constant('lognormal'), mean: num(0.01, maxMean), cv: num(0.2, 3) }),
  );
const scenarioArb = fc.record({
  version: fc.constant(1),
  model: fc.constant('outbox'),
  seed: fc.integer({ min: 0, max: 1000 }),
  duration: fc.constant(30),
  warmup: fc.constantFrom(0, 5),
  mode: fc.constantFrom('dual-write', 'publish-first', 'outbox'),
  app: fc.record({ rate: num(1, 150), arrivals: fc.constantFrom('poisson', 'constant') }),
  db: fc.record({ time: timeArb(0.2), failureRate: fc.constantFrom(0, 0, 0.05, 0.5) }),
  publish: fc.record({ latency: timeArb(0.3), 'delivery.timeout.ms': fc.constantFrom(200, 2000, 120_000) }),
  relay: fc.record({
    kind: fc.constantFrom('polling', 'cdc'),
    pollInterval: num(0.05, 3),
    batchSize: fc.integer({ min: 1, max: 200 }),
    'poll.interval.ms': fc.integer({ min: 10, max: 2000 }),
    'max.batch.size': fc.integer({ min: 1, max: 500 }),
    'offset.flush.interval.ms': fc.integer({ min: 100, max: 20_000 }),
  }),
  consumer: fc.record({ idempotent: fc.boolean(), time: timeArb(0.02) }),
  faults: fc.array(faultArb, { maxLength: 5 }),
});

function valid(raw: unknown): OutboxScenario | null {
  const r = validateScenario(raw);
  return r.ok ? (r.scenario as OutboxScenario) : null;
}

describe('conservation and chunk invariance (random runs, random faults)', () => {
  it('every request and every event is in exactly one state at every chunk boundary; the outbox never loses or invents one; chunked = one call', () => {
    fc.assert(
      fc.property(scenarioArb, fc.array(num(0.01, 3), { minLength: 1, maxLength: 30 }), (raw, cuts) => {
        const s = valid(raw);
        if (s) expectChunkInvariant(s, cuts, createOutbox, buildOutboxSummary, conservationErrors);
      }),
      { numRuns: 80, seed: 15 },
    );
  });

  it('a fault injected live replays bit for bit from the recorded timeline', () => {
    const s = scenario({ duration: 60, mode: 'outbox' });
    const live = createOutbox(s);
    live.run(10);
    live.inject({ at: 0, kind: 'broker-outage', duration: 5 });
    live.run(20.3);
    live.inject({ at: 0, kind: 'relay-crash', restartAfter: 3, point: 'before-mark' });
    live.run(30.7);
    live.inject({ at: 0, kind: 'app-crash', restartAfter: 2 });
    live.run(s.duration);
    const replay = createOutbox({ ...s, faults: live.applied } as OutboxScenario);
    replay.run(s.duration);
    expect(JSON.stringify(buildOutboxSummary(s, replay))).toBe(JSON.stringify(buildOutboxSummary(s, live)));
    expect(live.applied.map((f) => f.at)).toEqual([10, 20.3, 30.7]);
  });
});

describe('the mechanisms, one at a time', () => {
  it('dual-write: a crash loses exactly the committed rows whose send was in flight, and refuses requests while down', () => {
    const s = scenario({ mode: 'dual-write', app: { rate: 500 }, publish: { latency: { type: 'deterministic', mean: 0.05 } }, faults: [{ at: 20, kind: 'app-crash', restartAfter: 5 }] });
    const m = createOutbox(s);
    m.run(19.9999);
    const inFlight = m.n.publishing;
    expect(inFlight).toBeGreaterThan(10);
    m.run(s.duration);
    const r = buildOutboxSummary(s, m);
    expect(r.missing).toBe(inFlight);
    expect(r.phantom).toBe(0);
    expect(r.duplicates).toBe(0);
    // About 5 s × 500 requests/s refused.
    expect(r.rejected).toBeGreaterThan(2200);
    expect(r.rejected).toBeLessThan(2800);
    expect(r.rows - r.eventsPublished).toBe(r.missing + r.counts.publishing);
  });

  it('publish-first: a failed commit leaves a phantom event, and most events reach the consumer before their row is committed', () => {
    const s = scenario({ mode: 'publish-first', db: { time: { type: 'deterministic', mean: 0.02 }, failureRate: 0.1 } });
    const r = run(s);
    expect(r.missing).toBe(0);
    expect(r.phantom / r.eventsPublished).toBeGreaterThan(0.08);
    expect(r.phantom / r.eventsPublished).toBeLessThan(0.12);
    expect(r.early).toBeGreaterThan(0.8 * r.applied);
  });

  it('outbox, polling: a crash between publish and UPDATE publishes the batch again; an idempotent consumer skips it, a plain one applies it twice', () => {
    const faults = [{ at: 20, kind: 'relay-crash', restartAfter: 2, point: 'before-mark' }];
    const plain = run(scenario({ mode: 'outbox', relay: { batchSize: 50 }, faults }));
    expect(plain.missing).toBe(0);
    expect(plain.relayCrashes).toBe(1);
    expect(plain.duplicates).toBeGreaterThan(0);
    expect(plain.duplicates).toBeLessThanOrEqual(50);
    expect(plain.dupEffects).toBe(plain.duplicates);
    const dedup = run(scenario({ mode: 'outbox', relay: { batchSize: 50 }, consumer: { idempotent: true }, faults }));
    expect(dedup.duplicates).toBe(plain.duplicates);
    expect(dedup.deduped).toBe(dedup.duplicates);
    expect(dedup.dupEffects).toBe(0);
    // Without a crash, no duplicate at all.
    expect(run(scenario({ mode: 'outbox' })).duplicates).toBe(0);
  });

  it('outbox, polling: the price is about a poll interval of delay', () => {
    const r = run(scenario({ mode: 'outbox', relay: { pollInterval: 2 } }));
    const dual = run(scenario({ mode: 'dual-write' }));
    expect(dual.delayP50!).toBeLessThan(0.05);
    expect(r.delayP50!).toBeGreaterThan(0.5);
    expect(r.delayP50!).toBeLessThan(2);
    expect(r.lagMax!).toBeLessThan(2.5);
  });

  it('outbox, CDC: a crash republishes what was acknowledged since the last offset commit (at most one flush interval)', () => {
    const s = scenario({ mode: 'outbox', relay: { kind: 'cdc', 'offset.flush.interval.ms': 10_000 }, faults: [{ at: 25, kind: 'relay-crash', restartAfter: 2 }] });
    const m = createOutbox(s);
    m.run(25);
    const relay = m.relay as CdcRelay;
    const atRisk = relay.ackedPos - relay.committedPos;
    expect(atRisk).toBeGreaterThan(300);
    m.run(s.duration);
    const r = buildOutboxSummary(s, m);
    expect(r.duplicates).toBe(atRisk);
    expect(r.duplicates).toBeLessThanOrEqual(100 * 10 * 1.5);
    expect(r.missing).toBe(0);
  });

  it('expiring sends: a dual write loses the rows whose send expired; the polling relay keeps them and publishes them later', () => {
    const faults = [{ at: 10, kind: 'broker-outage', duration: 10 }];
    const publish = { latency: { type: 'exponential', mean: 0.01 }, 'delivery.timeout.ms': 3000 };
    const dual = run(scenario({ mode: 'dual-write', publish, faults }));
    expect(dual.missing).toBeGreaterThan(600);
    const relay = scenario({ mode: 'outbox', publish, faults });
    const m = createOutbox(relay);
    m.run(relay.duration);
    expect((m.relay as PollingRelay).expired).toBeGreaterThan(0);
    const r = buildOutboxSummary(relay, m);
    expect(r.missing).toBe(0);
    expect(r.backlog).toBeLessThan(200);
    expect(r.lagMax!).toBeGreaterThan(9);
  });
});
