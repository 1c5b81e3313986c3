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
      // Every send() blocks behind a slow broker: a buffer of 8 batches, web requests with a 1 s gateway timeout.
      { duration: 30, topic: { partitions: 6 }, producers: [{ name: 'p', rate: 2000, 'buffer.memory': 131_072, 'max.block.ms': 2000, front: { 'timeout.ms': 1000 } }], faults: [{ at: 2, kind: 'slow-broker', broker: 1, 'delay.ms': 4000, duration: 20 }] },
      { duration: 30, topic: { partitions: 6 }, producers: [{ name: 'p', rate: 2000, 'buffer.memory': 131_072 }], faults: [{ at: 2, kind: 'slow-broker', broker: 2, 'delay.ms': 4000, duration: 20 }] },
    ]) {
      const { s, m } = run(parts);
      const c = clusterCost(s);
      expect(c.events).toBeGreaterThan(m.sim.events);
      expect(c.records).toBeGreaterThan(m.records.n * 0.9);
    }
  });

  it('memory of the buffer: the batches buffer.memory holds and, with a web front, the requests that can wait in send(), each named by its field', () => {
    const { s } = run({ duration: 1, producers: [{ name: 'p', rate: 100_000, 'batch.size': 1, 'buffer.memory': 1_073_741_824, front: { 'timeout.ms': 1000 } }] });
    const c = clusterCost(s);
    const buf = c.memory.find((x) => x.field === 'producers.0.buffer.memory')!;
    const wait = c.memory.find((x) => x.field === 'producers.0.max.block.ms')!;
    // Bounded by the records: 100,000 batches of one record, not 2^30 of one byte.
    expect(buf.bytes).toBeCloseTo(100_000 * 256, -3);
    // The peak rate × max.block.ms (60 s) bounded by the records sent.
    expect(wait.bytes).toBeCloseTo(100_000 * 160, -3);
    const v = validateScenario({ version: 1, model: 'cluster', duration: 2000, producers: [{ name: 'p', rate: 10_000, 'max.block.ms': 86_400_000, front: {} }] });
    expect(v.ok).toBe(false);
    if (!v.ok) expect(v.errors.map((e) => e.path.toString())).toContain('producers.0.max.block.ms');
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
