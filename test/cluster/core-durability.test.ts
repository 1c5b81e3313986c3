/** The write path's durability: acks, min.insync.replicas, unclean elections, idempotence. */
import { describe, expect, it } from 'vitest';
import { conserved, run } from './core-helpers.ts';

const crashWhileLagging = (acks: string, seed: number) =>
  run({
    seed,
    duration: 40,
    topic: { partitions: 6, 'replication.factor': 3, 'min.insync.replicas': 2 },
    producers: [{ name: 'p', rate: 500, acks }],
    faults: [
      { at: 5, kind: 'slow-replica', broker: 2, 'delay.ms': 3000, duration: 35 },
      { at: 5, kind: 'slow-replica', broker: 3, 'delay.ms': 50, duration: 35 },
      { at: 15, kind: 'broker-crash', broker: 1 },
    ],
  }).r;

describe('cluster core: acks and durability', () => {
  it('acks=1 loses acknowledged records when the leader dies while a follower lags (slow-replica)', () => {
    const r = crashWhileLagging('1', 1);
    expect(r.lost).toBeGreaterThan(0);
    expect(r.truncated).toBeGreaterThanOrEqual(r.lost);
    expect(conserved(r)).toBe(true);
  });

  it('acks=all with min.insync.replicas 2 loses nothing, over several seeds', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const r = crashWhileLagging('all', seed);
      expect(r.lost).toBe(0);
      expect(r.records.ackedStored).toBeGreaterThan(0);
      expect(conserved(r)).toBe(true);
    }
  });

  const lastIsrDies = (unclean: boolean) =>
    run({
      duration: 60,
      topic: { partitions: 6, 'unclean.leader.election.enable': unclean },
      producers: [{ name: 'p', rate: 200, acks: '1' }],
      faults: [
        { at: 5, kind: 'broker-crash', broker: 2 },
        { at: 5, kind: 'broker-crash', broker: 3 },
        { at: 30, kind: 'broker-crash', broker: 1 },
        { at: 31, kind: 'broker-restart', broker: 2 },
      ],
    }).r;

  it('an unclean election loses acknowledged records; a clean one keeps the partitions offline instead', () => {
    const unclean = lastIsrDies(true);
    const clean = lastIsrDies(false);
    expect(unclean.elections.unclean).toBeGreaterThan(0);
    expect(unclean.lost).toBeGreaterThan(0);
    expect(clean.elections.unclean).toBe(0);
    expect(clean.lost).toBe(0);
    expect(clean.unavailable.offline).toBeGreaterThan(unclean.unavailable.offline);
    expect(clean.unavailable.total).toBeGreaterThan(0);
    expect(conserved(unclean) && conserved(clean)).toBe(true);
  });

  it('RF 3, min ISR 2, two brokers down: NOT_ENOUGH_REPLICAS and records failed with NotEnoughReplicasException', () => {
    const { r } = run({
      topic: { partitions: 6, 'min.insync.replicas': 2 },
      producers: [{ name: 'p', rate: 200, retries: 3 }],
      faults: [
        { at: 10, kind: 'broker-crash', broker: 1 },
        { at: 10, kind: 'broker-crash', broker: 2 },
      ],
    });
    expect(r.notEnoughReplicas).toBeGreaterThan(0);
    expect(r.failedBy.NotEnoughReplicasException ?? 0).toBeGreaterThan(0);
    expect(r.records.failed).toBe(r.failedBy.NotEnoughReplicasException);
    expect(r.unavailable.underMinIsr).toBeGreaterThan(0);
    expect(r.lost).toBe(0);
  });

  it('with the default retries the same records fail with TimeoutException after delivery.timeout.ms', () => {
    const { r } = run({
      duration: 200,
      topic: { partitions: 6, 'min.insync.replicas': 2 },
      producers: [{ name: 'p', rate: 100 }],
      faults: [
        { at: 10, kind: 'broker-crash', broker: 1 },
        { at: 10, kind: 'broker-crash', broker: 2 },
      ],
    });
    expect(r.failedBy.TimeoutException ?? 0).toBeGreaterThan(0);
    expect(r.failedBy.NotEnoughReplicasException).toBeUndefined();
  });

  it('lost responses with retries write duplicates without idempotence and none with it', () => {
    const lose = (idem: boolean | null) =>
      run({ producers: [{ name: 'p', rate: 200, 'enable.idempotence': idem }], faults: [{ at: 10, kind: 'lose-response', target: 'p', count: 20 }] }).r;
    const without = lose(false);
    const withIdem = lose(null);
    expect(without.producers[0].idempotence).toBe(false);
    expect(withIdem.producers[0].idempotence).toBe(true);
    expect(without.retries).toBeGreaterThan(0);
    expect(without.duplicates).toBeGreaterThan(0);
    expect(withIdem.retries).toBeGreaterThan(0);
    expect(withIdem.duplicates).toBe(0);
    expect(withIdem.deduplicated).toBeGreaterThan(0);
  });

  it('acks=all is slower than acks=1 (p50): it waits for the followers', () => {
    const { r } = run({ duration: 30, producers: [{ name: 'one', rate: 500, acks: '1' }, { name: 'all', rate: 500, acks: 'all' }] });
    const [one, all] = r.producers;
    expect(all.latency.p50!).toBeGreaterThan(one.latency.p50!);
  });

  it('an isolated leader keeps taking acks=1 writes until it is fenced; they are lost when another leader is elected', () => {
    const { r } = run({ topic: { partitions: 3 }, producers: [{ name: 'p', rate: 200, acks: '1' }], faults: [{ at: 10, kind: 'network-partition', broker: 1, duration: 30 }] });
    expect(r.lost).toBeGreaterThan(0);
    expect(r.elections.clean).toBeGreaterThan(0);
  });
});
