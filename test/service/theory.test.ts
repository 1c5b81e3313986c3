/**
 * With no fault, no retries, no breaker, no shedding and no contention, exponential service and
 * Poisson calls at a constant rate, the service is M/M/c/K with K = concurrency + queueLimit —
 * whatever the client timeout, since the service is never told a client gave up. The run's
 * sojourn time W and the share of attempts that find the queue full are checked against the
 * closed form (src/theory), and the summary carries it.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { ServiceScenario } from '../../src/scenario/schema.ts';
import { runScenario } from '../../src/run/run.ts';
import type { ServiceSummary } from '../../src/run/models/service/summary.ts';
import { mmck } from '../../src/theory/index.ts';

function scenario(extra: Record<string, unknown> = {}): ServiceScenario {
  return parseScenarioOrThrow({
    version: 1,
    model: 'service',
    seed: 3,
    duration: 40_000,
    warmup: 500,
    clients: { rate: 7.5, timeout: 0.3, retries: 0 },
    service: { concurrency: 4, queueLimit: 10, time: { type: 'exponential', mean: 0.5 } },
    ...extra,
  }) as ServiceScenario;
}

describe('the service against M/M/c/K', () => {
  it('W and P(queue full) of M/M/4/14 at ρ = 0.94, with clients timing out after 0.3 s (wasted work, same service)', () => {
    const s = scenario();
    const r = runScenario(s) as ServiceSummary;
    const t = mmck(7.5, 2, 4, 14);
    expect(r.theory?.model).toBe('M/M/4/14');
    expect(r.theory!.W).toBeCloseTo(t.W, 10);
    expect(r.W.hw!).toBeLessThan(0.05 * t.W);
    expect(Math.abs(r.W.mean! - t.W)).toBeLessThan(1.5 * r.W.hw! + 0.01 * t.W);
    // P(block): about 300,000 attempts, so the binomial standard error is under 0.001.
    expect(Math.abs(r.pBlock! - t.pBlock)).toBeLessThan(0.01);
    // Most answers arrive after the 0.3 s timeout: the work is wasted, the service does not know.
    expect(r.wasted!).toBeGreaterThan(0.3);
    expect(r.errors.timeout).toBeGreaterThan(0);
  });

  it('no closed form with retries, a breaker, shedding, contention or a fault', () => {
    expect(scenario({ clients: { rate: 7.5, timeout: 0.3, retries: 1 } }).clients.retries).toBe(1);
    for (const extra of [
      { clients: { rate: 7.5, timeout: 0.3, retries: 1 } },
      { breaker: { enabled: true, minimumNumberOfCalls: 10 } },
      { service: { concurrency: 4, queueLimit: 10, time: { type: 'exponential', mean: 0.5 }, deadline: 1 } },
      { service: { concurrency: 4, queueLimit: 10, time: { type: 'exponential', mean: 0.5 }, contention: 0.1 } },
      { faults: [{ at: 10, kind: 'slowdown', factor: 2, duration: 5 }] },
    ]) {
      const r = runScenario({ ...scenario(extra), duration: 50, warmup: 0 }) as ServiceSummary;
      expect(r.theory).toBeNull();
    }
  });
});
