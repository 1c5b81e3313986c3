/** Validation and the cost estimate of the dependency model: messages name the field and its range. */
import { describe, expect, it } from 'vitest';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';
import { costOf } from '../../src/scenario/budget.ts';
import type { ServiceScenario } from '../../src/scenario/schema.ts';

const base = {
  version: 1,
  model: 'service',
  duration: 60,
  clients: { rate: 100, timeout: 1, retries: 3 },
  service: { concurrency: 10, time: { type: 'exponential', mean: 0.06 } },
};

function errors(patch: (s: typeof base & Record<string, unknown>) => unknown): string[] {
  const s = JSON.parse(JSON.stringify(base));
  const r = validateScenario(patch(s) ?? s);
  return r.ok ? [] : r.errors.map(formatError);
}

describe('service scenario validation', () => {
  it('fills the documented defaults (Resilience4j breaker, Finagle budget when set, queue 1000)', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    const s = (r as { scenario: ServiceScenario }).scenario;
    expect(s.breaker).toEqual({ enabled: false, failureRateThreshold: 50, slidingWindowSize: 100, minimumNumberOfCalls: 100, waitDurationInOpenState: 60, permittedNumberOfCallsInHalfOpenState: 10 });
    expect(s.service.queueLimit).toBe(1000);
    expect(s.clients.backoff).toBe('none');
    expect(s.clients.budget).toEqual({ enabled: false, percentCanRetry: 0.2, minRetriesPerSec: 10, ttl: 10 });
  });

  it('names the field and the allowed range', () => {
    expect(errors((s) => void (s.clients.timeout = 0))).toEqual(['clients.timeout: must be a number in (0, 3600] s (got 0)']);
    expect(errors((s) => void ((s.clients as Record<string, unknown>).retries = 21))).toEqual(['clients.retries: must be an integer in [0, 20] (got 21)']);
    expect(errors((s) => void ((s.clients as Record<string, unknown>).jitter = 'decorrelated'))[0]).toBe('clients.jitter: must be one of: none, full, equal (got "decorrelated")');
    expect(errors((s) => void ((s.service as Record<string, unknown>).concurrency = 0))).toEqual(['service.concurrency: must be an integer in [1, 10000] (got 0)']);
    expect(errors((s) => ({ ...s, breaker: { failureRateThreshold: 0 } }))).toEqual(['breaker.failureRateThreshold: must be a number in [1, 100] (got 0)']);
  });

  it('cross-field checks: backoff cap below base, a window smaller than its minimum, a fault after the end', () => {
    expect(errors((s) => ({ ...s, clients: { ...s.clients, backoff: 'exponential', 'backoff.base': 2, 'backoff.cap': 1 } }))).toEqual(['clients.backoff.cap: must be at least backoff.base (2 s) (got 1)']);
    expect(errors((s) => ({ ...s, breaker: { enabled: true, slidingWindowSize: 10, minimumNumberOfCalls: 20 } }))[0]).toMatch(/^breaker\.minimumNumberOfCalls: must be at most slidingWindowSize \(10\)/);
    expect(errors((s) => ({ ...s, faults: [{ at: 60, kind: 'outage', duration: 5 }] }))).toEqual(['faults.0.at: must be before the end of the run (60 s) (got 60)']);
  });

  it('the budget refuses a run too large up front and names the field to lower', () => {
    const big = errors((s) => ({ ...s, duration: 1_000_000, clients: { ...s.clients, rate: 40 } }));
    expect(big[0]).toMatch(/^duration: is too long for the event budget/);
    const mem = errors((s) => ({ ...s, clients: { ...s.clients, rate: 50_000, timeout: 3600, retries: 20 } }));
    expect(mem.some((e) => e.startsWith('clients.timeout: needs too much memory'))).toBe(true);
    const r = validateScenario(base);
    const c = costOf((r as { scenario: ServiceScenario }).scenario);
    // 100 calls/s for 60 s, up to 4 attempts each.
    expect(c.records).toBe(6000);
    expect(c.events).toBeGreaterThan(6000 * 4);
  });
});
