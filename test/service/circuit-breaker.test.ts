/**
 * The circuit-breaker scenario's signature across seeds 1–5: a 30 s outage of a service that hangs,
 * clients with a 2 s timeout and no retries. Without a breaker every failed call takes the whole
 * timeout, about rate × timeout calls wait at once through the outage, the hung service collects
 * every call as an abandoned request and, after the outage, serves them first — recovery takes
 * about twice the outage. With the lesson's fix (Resilience4j's count-based breaker, open 10 s)
 * calls fail at once, the service gets only the calls before the breaker opened and the probes,
 * and it recovers within one open period of the outage's end; the breaker goes through every
 * state, which its chart series shows.
 */
import { describe, expect, it } from 'vitest';
import { createService } from '../../src/run/models/service/entry.ts';
import { buildServiceSummary, type ServiceSummary } from '../../src/run/models/service/summary.ts';
import { runScenario } from '../../src/run/run.ts';
import type { ServiceScenario } from '../../src/scenario/schema.ts';
import { BREAKER_CLOSED, BREAKER_HALF_OPEN, BREAKER_OPEN } from '../../src/sim/model/service/resilience.ts';
import { conservationErrors, shipped } from './helpers.ts';

const withBreaker = (s: ServiceScenario): ServiceScenario => ({ ...s, breaker: { ...s.breaker, enabled: true } });
const run = (s: ServiceScenario) => runScenario(s) as ServiceSummary;

describe('circuit-breaker signature (seeds 1–5)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: without a breaker callers wait out the timeout and the service comes back buried; with it they fail fast and it recovers within an open period`, () => {
      const s = shipped('circuit-breaker', { seed });
      const outage = s.faults[0];
      const timeout = s.clients.timeout;
      const broken = run(s);
      // Every failed call took the whole timeout (there are no other errors without retries or a breaker).
      expect(broken.errors.timeout).toBe(broken.calls.failed);
      expect(broken.failedP50!).toBeGreaterThanOrEqual(timeout);
      expect(broken.failedP50!).toBeLessThan(timeout * 1.01);
      // Through the outage every call reaches the hung service and about rate × timeout calls wait at once (Little's law, less the first 2 s filling up).
      const during = broken.during!;
      expect(during.seconds).toBe(outage.duration);
      expect(during.goodput).toBe(0);
      expect(during.offered).toBeCloseTo(during.calls, 6);
      expect(during.waiting).toBeGreaterThan(0.85 * during.calls * timeout);
      expect(during.waiting).toBeLessThan(1.02 * during.calls * timeout);
      // The service comes back to ~3,000 requests, over 90 % of them abandoned, and needs more than the outage's own length to answer in time again.
      expect(broken.outageEndQueue!.requests).toBeGreaterThan(0.95 * outage.duration * during.calls);
      expect(broken.outageEndQueue!.abandoned).toBeGreaterThan(0.9 * broken.outageEndQueue!.requests);
      expect(broken.recoveredAfter!).toBeGreaterThan(60);
      expect(broken.recoveredAfter!).toBeLessThan(90);
      expect(broken.overloadAfter).toBe(0); // no retries: not a retry storm, the load never exceeds capacity
      expect(broken.amplification).toBe(1);

      const fixed = run(withBreaker(s));
      // Failed calls fail at once: most are the breaker's refusals, which take no time.
      expect(fixed.failedP50!).toBe(0);
      expect(fixed.errors.breaker).toBeGreaterThan(0.8 * fixed.calls.failed);
      // It opened, and re-opened on failed probes while the service was down: 3 times, every seed.
      expect(fixed.breaker.opened).toBe(3);
      expect(fixed.breaker.state).toBe('closed');
      // The load on the hung service: a tenth of the calls, and a tenth of the callers waiting.
      expect(fixed.during!.offered).toBeLessThan(0.12 * fixed.during!.calls);
      expect(fixed.during!.waiting).toBeLessThan(0.12 * during.waiting);
      expect(fixed.outageEndQueue!.requests).toBeLessThan(0.12 * broken.outageEndQueue!.requests);
      // Recovery within one open period (plus the probes' answer) after the outage, far sooner than without.
      expect(fixed.recoveredAfter!).toBeLessThanOrEqual(s.breaker.waitDurationInOpenState);
      expect(fixed.recoveredAfter!).toBeLessThan(broken.recoveredAfter! / 5);
      expect(fixed.calls.failed).toBeLessThan(0.45 * broken.calls.failed);
    });
  }

  it('the breaker state series goes closed → open → half-open → … → closed, and the books balance', () => {
    const s = withBreaker(shipped('circuit-breaker'));
    const m = createService(s);
    m.run(s.duration);
    expect(conservationErrors(m)).toEqual([]);
    const series = m.series.breakerState.read(m.sim.now);
    const states = new Set<number>();
    for (let i = 0; i < series.mean.length; i++) if (Number.isInteger(series.mean[i])) states.add(series.mean[i]);
    expect([...states].sort()).toEqual([BREAKER_CLOSED, BREAKER_HALF_OPEN, BREAKER_OPEN]);
    const at = (t: number) => series.mean[series.t.findIndex((x) => x >= t)];
    const outage = s.faults[0];
    expect(at(outage.at - 5)).toBe(BREAKER_CLOSED);
    expect(at(outage.at + 5)).toBe(BREAKER_OPEN);
    expect(at(s.duration - 5)).toBe(BREAKER_CLOSED);
    expect(buildServiceSummary(s, m).breaker.opened).toBe(3);
  });
});
