/** The cluster model's cost estimate: an upper bound of the events a run takes; absurd runs refused naming the field. */
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/validate.ts';
import { clusterCost } from '../../src/scenario/budget.ts';
import { run } from './core-helpers.ts';

describe('cluster core: budget', () => {
  it('the event estimate bounds what runs take (events plus partition visits)', () => {
    for (const parts of [
      { duration: 20, topic: { partitions: 6 }, producers: [{ name: 'p', rate: 5000 }] },
      { duration: 5, topic: { partitions: 300 }, producers: [{ name: 'p', rate: 2000, acks: '1' }] },
      { duration: 60, topic: { partitions: 3 }, producers: [{ name: 'p', rate: 10 }], faults: [{ at: 10, kind: 'broker-crash', broker: 1, restartAfter: 5 }] },
      { duration: 10, topic: { partitions: 300 }, producers: [{ name: 'p', rate: 2000, 'linger.ms': 0 }], consumers: [{ name: 'r' }], processor: { processing: { time: { type: 'exponential', mean: 0.0001 } } } },
    ]) {
      const { s, m } = run(parts);
      const c = clusterCost(s);
      expect(c.events).toBeGreaterThan(m.sim.events);
      expect(c.records).toBeGreaterThan(m.records.n * 0.9);
    }
  });

  it('refuses a run of too many partition visits naming topic.partitions, and too many records naming duration', () => {
    // A consumer visits every partition each fetch round; replication visits only what changed.
    const many = validateScenario({ version: 1, model: 'cluster', duration: 3600, topic: { partitions: 10_000 }, producers: [{ name: 'p', rate: 1000 }], consumers: [{ name: 'r' }] });
    expect(many.ok).toBe(false);
    if (!many.ok) expect(many.errors.map((e) => e.path.toString())).toContain('topic.partitions');
    expect(validateScenario({ version: 1, model: 'cluster', duration: 3600, topic: { partitions: 10_000 }, producers: [{ name: 'p', rate: 1000 }] }).ok).toBe(true);
    const long = validateScenario({ version: 1, model: 'cluster', duration: 3600, topic: { partitions: 6 }, producers: [{ name: 'p', rate: 100_000 }] });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.errors.map((e) => e.path.toString())).toContain('duration');
  });
});
