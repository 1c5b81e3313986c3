/**
 * The dependency model: the retry storm's signature and its fix across seeds 1–5, conservation of
 * requests and attempts over random runs with random faults at every chunk boundary, chunk
 * invariance, live faults replaying from the recorded timeline, and the pieces (backoff, budget,
 * breaker) on their own.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createService } from '../../src/run/models/service/entry.ts';
import { buildServiceSummary } from '../../src/run/models/service/summary.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { ServiceScenario } from '../../src/scenario/schema.ts';
import { backoffDelay, BREAKER_CLOSED, BREAKER_HALF_OPEN, BREAKER_OPEN, CircuitBreaker, RetryBudget } from '../../src/sim/model/service/resilience.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';
import { centi, expectChunkInvariant } from '../sim/chunked.ts';
import { conservationErrors, shipped } from './helpers.ts';
import { runScenario } from '../../src/run/run.ts';
import type { ServiceSummary } from '../../src/run/models/service/summary.ts';

const FIX = { backoff: 'exponential', jitter: 'full', budget: { enabled: true, percentCanRetry: 0.1, minRetriesPerSec: 0, ttl: 10 } };

function run(s: ServiceScenario): ServiceSummary {
  return runScenario(s) as ServiceSummary;
}

describe('retry-storm signature (seeds 1–5)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: without the fix the load stays above capacity after the outage; with it the service recovers`, () => {
      const s = shipped('retry-storm', { seed });
      const broken = run(s);
      const after = s.duration - broken.triggerEnd!;
      // Above capacity in (almost) every second after the outage ended, never recovered, goodput far below the calls.
      expect(broken.overloadAfter!).toBeGreaterThanOrEqual(after - 3);
      expect(broken.recoveredAfter).toBeNull();
      expect(broken.offeredNow).toBeGreaterThan(broken.capacity);
      expect(broken.goodputNow).toBeLessThan(0.5 * s.clients.rate);
      expect(broken.amplification!).toBeGreaterThan(2.5);
      expect(broken.wasted!).toBeGreaterThan(0.6);
      // Averaged over every second after the outage: about (retries + 1) × the calls offered, nothing answered in time.
      expect(broken.after!.offered).toBeGreaterThan(2.5 * broken.capacity);
      expect(broken.after!.goodput).toBeLessThan(2);
      const fixed = run({ ...s, clients: { ...s.clients, ...FIX } } as ServiceScenario);
      expect(fixed.recoveredAfter).not.toBeNull();
      expect(fixed.recoveredAfter!).toBeLessThanOrEqual(20);
      expect(fixed.overloadAfter!).toBeLessThanOrEqual(5);
      expect(fixed.offeredNow).toBeLessThan(fixed.capacity);
      expect(fixed.goodput!).toBeGreaterThan(3 * broken.goodput!);
      expect(fixed.after!.offered).toBeLessThan(0.8 * fixed.capacity);
      expect(fixed.after!.goodput).toBeGreaterThan(0.85 * fixed.after!.calls);
    });
  }

  it('the breaker variant also recovers (open, drain, half-open probes, closed)', () => {
    const s = shipped('retry-storm');
    const r = run({ ...s, breaker: { ...s.breaker, enabled: true, slidingWindowSize: 50, minimumNumberOfCalls: 50, waitDurationInOpenState: 5 } } as ServiceScenario);
    expect(r.breaker.opened).toBeGreaterThan(0);
    expect(r.errors.breaker).toBeGreaterThan(0);
    expect(r.recoveredAfter).not.toBeNull();
  });

  it('shedding by deadline (no client change) also recovers: the stale queue costs no server time', () => {
    const s = shipped('retry-storm');
    const r = run({ ...s, service: { ...s.service, deadline: 0.8 } } as ServiceScenario);
    expect(r.counts.shed).toBeGreaterThan(0);
    expect(r.recoveredAfter).not.toBeNull();
  });
});

const num = centi;
const faultArb = fc.oneof(
  fc.record({ at: num(0, 29), kind: fc.constant('outage'), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('slowdown'), factor: num(1, 10), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('load-spike'), factor: num(0, 5), duration: num(0.5, 10) }),
);
const scenarioArb = fc.record({
  version: fc.constant(1),
  model: fc.constant('service'),
  seed: fc.integer({ min: 0, max: 1000 }),
  duration: fc.constant(30),
  warmup: fc.constantFrom(0, 5),
  clients: fc.record({
    rate: num(1, 80),
    arrivals: fc.constantFrom('poisson', 'constant'),
    timeout: num(0.05, 2),
    retries: fc.integer({ min: 0, max: 4 }),
    backoff: fc.constantFrom('none', 'exponential'),
    'backoff.base': num(0.01, 0.5),
    'backoff.cap': num(0.5, 5),
    jitter: fc.constantFrom('none', 'full', 'equal'),
    budget: fc.record({ enabled: fc.boolean(), percentCanRetry: num(0, 1), minRetriesPerSec: num(0, 5), ttl: fc.integer({ min: 1, max: 10 }) }),
  }),
  breaker: fc.record({
    enabled: fc.boolean(),
    failureRateThreshold: num(10, 100),
    slidingWindowSize: fc.integer({ min: 5, max: 50 }),
    minimumNumberOfCalls: fc.integer({ min: 1, max: 5 }),
    waitDurationInOpenState: num(0.1, 5),
    permittedNumberOfCallsInHalfOpenState: fc.integer({ min: 1, max: 5 }),
  }),
  service: fc.record({
    concurrency: fc.integer({ min: 1, max: 8 }),
    queueLimit: fc.integer({ min: 0, max: 50 }),
    time: fc.oneof(fc.record({ type: fc.constant('exponential'), mean: num(0.01, 0.5) }), fc.record({ type: fc.constant('deterministic'), mean: num(0, 0.3) })),
    contention: num(0, 2),
    deadline: fc.option(num(0.05, 2)),
  }),
  faults: fc.array(faultArb, { maxLength: 4 }),
});

function valid(raw: unknown): ServiceScenario | null {
  const r = validateScenario(raw);
  return r.ok ? (r.scenario as ServiceScenario) : null;
}

describe('conservation and chunk invariance (random runs, random faults)', () => {
  it('every request and attempt is in exactly one state at every chunk boundary; chunked = one call', () => {
    fc.assert(
      fc.property(scenarioArb, fc.array(num(0.01, 3), { minLength: 1, maxLength: 30 }), (raw, cuts) => {
        const s = valid(raw);
        if (s) expectChunkInvariant(s, cuts, createService, buildServiceSummary, conservationErrors);
      }),
      { numRuns: 60, seed: 15 },
    );
  });

  it('a fault injected live replays bit for bit from the recorded timeline', () => {
    const s = shipped('retry-storm', { faults: [], duration: 120 });
    const live = createService(s);
    live.run(40);
    live.inject({ at: 0, kind: 'outage', duration: 10 });
    live.run(70);
    live.inject({ at: 0, kind: 'load-spike', factor: 2, duration: 5 });
    live.run(s.duration);
    const replay = createService({ ...s, faults: live.applied } as ServiceScenario);
    replay.run(s.duration);
    expect(JSON.stringify(buildServiceSummary(s, replay))).toBe(JSON.stringify(buildServiceSummary(s, live)));
    expect(live.applied.map((f) => f.at)).toEqual([40, 70]);
  });
});

describe('resilience pieces', () => {
  const clients = shipped('retry-storm').clients;
  it('backoff: none is 0; exponential doubles to the cap; full jitter in [0, d); equal in [d/2, d)', () => {
    const rng = new Rng(7);
    expect(backoffDelay(clients, 3, rng)).toBe(0);
    const exp = { ...clients, backoff: 'exponential' as const, 'backoff.base': 0.1, 'backoff.cap': 1, jitter: 'none' as const };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(exp, n, rng))).toEqual([0.1, 0.2, 0.4, 0.8, 1, 1]);
    for (let i = 0; i < 200; i++) {
      const f = backoffDelay({ ...exp, jitter: 'full' }, 3, rng);
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(0.4);
      const e = backoffDelay({ ...exp, jitter: 'equal' }, 3, rng);
      expect(e).toBeGreaterThanOrEqual(0.2);
      expect(e).toBeLessThan(0.4);
    }
  });

  it('retry budget: retries ≤ minRetriesPerSec·ttl + percentCanRetry × requests of the last ttl seconds', () => {
    const b = new RetryBudget({ percentCanRetry: 0.1, minRetriesPerSec: 0, ttl: 10 });
    for (let i = 0; i < 100; i++) b.deposit(0.5);
    let ok = 0;
    for (let i = 0; i < 20; i++) if (b.tryWithdraw(1.5)) ok++;
    expect(ok).toBe(10);
    expect(b.refused).toBe(10);
    // Ten seconds later the deposits have expired.
    expect(b.tryWithdraw(11)).toBe(false);
    const floor = new RetryBudget({ percentCanRetry: 0, minRetriesPerSec: 2, ttl: 5 });
    let n = 0;
    for (let i = 0; i < 20; i++) if (floor.tryWithdraw(0)) n++;
    expect(n).toBe(10);
  });

  it('breaker: opens at the threshold once minimumNumberOfCalls are in, half-opens, closes or reopens on its probes', () => {
    const b = new CircuitBreaker({ enabled: true, failureRateThreshold: 50, slidingWindowSize: 10, minimumNumberOfCalls: 4, waitDurationInOpenState: 5, permittedNumberOfCallsInHalfOpenState: 2 });
    b.record(true, false, 0);
    b.record(true, false, 0);
    b.record(false, false, 0);
    expect(b.state).toBe(BREAKER_CLOSED);
    expect(b.record(true, false, 1)).toBe(true);
    expect(b.state).toBe(BREAKER_OPEN);
    expect(b.openUntil).toBe(6);
    expect(b.acquire()).toBe(0);
    b.halfOpen();
    expect(b.state).toBe(BREAKER_HALF_OPEN);
    expect(b.acquire()).toBe(2);
    expect(b.acquire()).toBe(2);
    expect(b.acquire()).toBe(0);
    b.record(false, true, 7);
    b.record(true, true, 7);
    expect(b.state).toBe(BREAKER_OPEN);
    b.halfOpen();
    b.acquire();
    b.acquire();
    b.record(false, true, 13);
    b.record(false, true, 13);
    expect(b.state).toBe(BREAKER_CLOSED);
    expect(b.failureRate()).toBeNull();
  });
});
