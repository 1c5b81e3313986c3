/**
 * The bench's broker skeleton (src/bench/broker-skeleton.ts) stands in for the broker model's
 * event structure: over the same stretch of steady state it must cost the same events per record
 * as the model, or the "ceiling" the bench prints beside the model's rate means nothing.
 */
import { describe, expect, it } from 'vitest';
import { BROKER_CASES } from '../../src/bench/broker.ts';
import { runBrokerSkeleton } from '../../src/bench/broker-skeleton.ts';
import { createKafka } from '../../src/run/run.ts';

/** The model's events per record between t0 and t1 (after its group has joined and drained the start-up backlog). */
function modelEventsPerRecord(id: keyof typeof BROKER_CASES, t0: number, t1: number): number {
  const m = createKafka(BROKER_CASES[id].scenario());
  m.run(t0);
  const e0 = m.sim.events;
  const r0 = m.produced;
  m.run(t1);
  return (m.sim.events - e0) / (m.produced - r0);
}

describe('broker skeleton', () => {
  it.each([
    ['a', 100, 400],
    ['b', 30, 75],
  ] as const)('case (%s) costs the model’s events per record', (id, t0, t1) => {
    const c = BROKER_CASES[id];
    const model = modelEventsPerRecord(id, t0, t1);
    const sk = runBrokerSkeleton(id, t1 / c.duration);
    const skeleton = sk.events / sk.records;
    // Both sit near 2.9 (produce 1, record-done 1, a poll per ~1.1 records, and a few timers).
    expect(model).toBeGreaterThan(2.5);
    expect(Math.abs(skeleton / model - 1)).toBeLessThan(0.05);
    // Every record is produced at the case's rate and handled.
    expect(sk.records / (c.rate * t1)).toBeCloseTo(1, 1);
    expect(sk.records - sk.applied).toBeLessThan(c.members * 5);
  }, 60_000);
});
