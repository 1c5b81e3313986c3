/** The cluster model's cost estimate: an upper bound of the events a run takes; absurd runs refused naming the field. */
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/validate.ts';
import { clusterCost, clusterRecordScale, clusterVisitScale, CLUSTER_SEQ_HISTORY_BYTES } from '../../src/scenario/budget.ts';
import { DEDUP_WINDOW } from '../../src/sim/model/cluster/partition-state.ts';
import { run, shipped, validationErrors as errorsOf } from './core-helpers.ts';

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

  it('a record costs more the more partitions it is spread over, and a partition visit more beyond 10,000 partitions', () => {
    expect(clusterRecordScale(1000)).toBe(2);
    expect(clusterRecordScale(10_000)).toBeCloseTo(4.46, 2);
    expect(clusterVisitScale(10_000)).toBe(1);
    expect(clusterVisitScale(30_000)).toBeCloseTo(2.54, 2);
    // producer-batching for 400 s (16 M records): at 100 partitions it fits; at 10,000 each record is
    // a batch of its own and its partition's state is out of the caches — measured 4 × the time a
    // record takes at 100 — so it is refused (the estimate without the scale was half the budget).
    expect(errorsOf(shipped('producer-batching', { duration: 400, topic: { partitions: 100 } }))).toEqual([]);
    expect(errorsOf(shipped('producer-batching', { duration: 400, topic: { partitions: 10_000 } }))[0]).toMatch(/^duration: is too long for the event budget/);
    // exactly-once's reader visits every partition each fetch round: 10,000 fit (a 33 s run here); 30,000
    // took 282 s and are refused.
    expect(errorsOf(shipped('exactly-once', { topic: { partitions: 10_000 } }))).toEqual([]);
    expect(errorsOf(shipped('exactly-once', { topic: { partitions: 30_000 } }))[0]).toMatch(/^topic\.partitions: asks for too many events: .* visits of 30,000 partitions/);
  });

  it('memory: each partition’s idempotent state is bounded by the compaction of its history', () => {
    // producer-batching: one idempotent producer, linger.ms 0, 40,000 records/s over 500 partitions: 1,200 batches each.
    const { s, m } = run(shipped('producer-batching', { duration: 15, topic: { partitions: 500 } }));
    const c = clusterCost(s);
    const term = c.memory.find((x) => x.what.startsWith("the idempotent producers' state"))!;
    const entries = term.bytes / CLUSTER_SEQ_HISTORY_BYTES / 500;
    // DEDUP_WINDOW remembered, twice DEDUP_WINDOW and the 5 requests in flight kept, 16 of slack.
    expect(entries).toBe(3 * DEDUP_WINDOW + 2 * 5 + 16);
    let most = 0;
    for (const p of m.parts) most = Math.max(most, p.historySize + DEDUP_WINDOW);
    // The bound holds and is reached (not a bound that cannot fail).
    expect(most).toBeLessThanOrEqual(entries);
    expect(most).toBeGreaterThan(entries / 2);
    // Without idempotence there is no such state.
    const off = shipped('producer-batching', { duration: 5 });
    off.producers = off.producers.map((p: object) => ({ ...p, 'enable.idempotence': false }));
    expect(clusterCost(run(off).s).memory.some((x) => x.what.startsWith("the idempotent producers' state"))).toBe(false);
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
