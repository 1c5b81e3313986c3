/**
 * Replica placement as Kafka places replicas (issue 13: "a leader and followers placed as Kafka
 * places them"; brokers.ts follows StripedReplicaPlacer / AdminUtils.assignReplicasToBrokers): no
 * broker holds two replicas of a partition, leaders (first replicas) spread evenly, followers too,
 * and with racks every partition's replicas are in as many racks as there are (up to its RF).
 */
import { describe, expect, it } from 'vitest';
import { placeReplicas } from '../../src/sim/model/cluster/brokers.ts';
import { RngStreams } from '../../src/sim/kernel/rng.ts';

const place = (brokers: number, rf: number, partitions: number, racks: (string | null)[], seed = 1) => placeReplicas(brokers, rf, partitions, racks, new RngStreams(seed).stream('placement'));
const count = (xs: number[]) => xs.reduce<Record<number, number>>((m, b) => ((m[b] = (m[b] ?? 0) + 1), m), {});

describe('cluster: replica placement', () => {
  it('distinct brokers per partition; leaders and replicas spread evenly (at most one apart), across seeds', () => {
    for (const seed of [1, 2, 3, 4, 5])
      for (const [n, rf, parts] of [
        [3, 3, 6],
        [5, 3, 20],
        [6, 2, 13],
        [4, 1, 9],
      ]) {
        const a = place(n, rf, parts, Array(n).fill(null), seed);
        expect(a.length).toBe(parts);
        for (const reps of a) {
          expect(new Set(reps).size).toBe(rf);
          for (const b of reps) expect(b >= 1 && b <= n).toBe(true);
        }
        const leaders = Object.values(count(a.map((r) => r[0])));
        expect(Math.max(...leaders) - Math.min(...leaders), `leaders n=${n} seed=${seed}`).toBeLessThanOrEqual(1);
        const all = Object.values(count(a.flatMap((r) => [...r])));
        expect(all.length).toBe(n);
        expect(Math.max(...all) - Math.min(...all), `replicas n=${n} seed=${seed}`).toBeLessThanOrEqual(1);
      }
  });

  it('with racks, each partition’s replicas are in min(RF, racks) racks, even when brokers are listed rack by rack', () => {
    for (const seed of [1, 2, 3]) {
      const racks = ['a', 'a', 'b', 'b', 'c', 'c'];
      for (const reps of place(6, 3, 12, racks, seed)) expect(new Set([...reps].map((b) => racks[b - 1])).size).toBe(3);
      const two = ['x', 'x', 'x', 'y'];
      for (const reps of place(4, 2, 8, two, seed)) expect(new Set([...reps].map((b) => two[b - 1])).size).toBe(2);
    }
  });

  it('the same seed places the same way; another seed may start elsewhere', () => {
    expect(place(5, 3, 10, Array(5).fill(null), 7)).toEqual(place(5, 3, 10, Array(5).fill(null), 7));
  });
});
