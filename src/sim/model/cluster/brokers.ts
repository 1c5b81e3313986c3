/**
 * Brokers (ids 1…N) and replica placement.
 *
 * Placement follows Kafka's `StripedReplicaPlacer` / `AdminUtils.assignReplicasToBrokers`: a random
 * start index and a random shift (drawn from the run's `placement` stream, as Kafka draws them at
 * random); partition p's first replica is broker list[(start + p) mod N], its followers
 * list[(first + 1 + (shift + j) mod (N − 1)) mod N], the shift growing by one every N partitions —
 * so leaders spread evenly and no broker holds two replicas of a partition. With racks, the list
 * alternates racks (Kafka's rack-alternated broker list) and a follower whose rack already holds a
 * replica of the partition is skipped for the next broker of an unused rack, while there is one.
 */
import type { Rng } from '../../kernel/rng.ts';

export type BrokerState = 'up' | 'down' | 'isolated' | 'fenced';

export interface Broker {
  id: number;
  rack: string | null;
  state: BrokerState;
  /** `slow-replica`: its fetches take `slowDelay` more until `slowUntil`. */
  slowUntil: number;
  slowDelay: number;
  /** `slow-broker`: produce requests reaching it wait `produceDelay` more until `produceSlowUntil`; none is handled before `produceNext` (they keep their order). */
  produceSlowUntil: number;
  produceDelay: number;
  produceNext: number;
  /** When it died or was cut off (for electionTime), and the controller's pending notice of it (−1 = none). */
  downAt: number;
  noticeHandle: number;
  /** Partitions whose election its death started and that still wait for a leader. */
  orphans: number;
  /** Partitions with a replica on it (static: placement does not change). */
  hosted: number[];
}

/** The brokers in Kafka's rack-alternated order (rack a's first, rack b's first, …, rack a's second, …). */
function rackAlternated(racks: (string | null)[]): number[] {
  const byRack = new Map<string, number[]>();
  racks.forEach((r, i) => {
    const k = r ?? '';
    if (!byRack.has(k)) byRack.set(k, []);
    byRack.get(k)!.push(i);
  });
  const lists = [...byRack.values()];
  const out: number[] = [];
  for (let j = 0; out.length < racks.length; j++) for (const l of lists) if (j < l.length) out.push(l[j]);
  return out;
}

/** Replica assignment: per partition the broker ids, the preferred leader first. */
export function placeReplicas(brokers: number, rf: number, partitions: number, racks: (string | null)[], rng: Rng): Int32Array[] {
  const n = brokers;
  const rackAware = racks.some((r) => r !== null);
  const list = rackAware ? rackAlternated(racks) : Array.from({ length: n }, (_, i) => i);
  const start = rng.nextInt(n);
  let shift = rng.nextInt(n);
  const out: Int32Array[] = [];
  for (let p = 0; p < partitions; p++) {
    if (p > 0 && p % n === 0) shift++;
    const first = (p + start) % n;
    const reps = new Int32Array(rf);
    reps[0] = list[first] + 1;
    const used = new Set<number>([list[first]]);
    const usedRacks = new Set<string | null>([racks[list[first]]]);
    for (let j = 0; j < rf - 1; j++) {
      const base = n > 1 ? (first + 1 + ((shift + j) % (n - 1))) % n : first;
      let pick = -1;
      // Kafka's rule: the next broker in the list not holding a replica yet, preferring unused racks.
      for (let k = 0; k < n && pick < 0; k++) {
        const b = list[(base + k) % n];
        if (used.has(b)) continue;
        if (rackAware && usedRacks.has(racks[b]) && usedRacks.size < new Set(racks).size) continue;
        pick = b;
      }
      if (pick < 0) for (let k = 0; k < n && pick < 0; k++) if (!used.has(list[(base + k) % n])) pick = list[(base + k) % n];
      used.add(pick);
      usedRacks.add(racks[pick]);
      reps[j + 1] = pick + 1;
    }
    out.push(reps);
  }
  return out;
}

export function makeBrokers(racks: (string | null)[], assignment: Int32Array[]): Broker[] {
  const brokers: Broker[] = racks.map((rack, i) => ({ id: i + 1, rack, state: 'up', slowUntil: -Infinity, slowDelay: 0, produceSlowUntil: -Infinity, produceDelay: 0, produceNext: -Infinity, downAt: 0, noticeHandle: -1, orphans: 0, hosted: [] }));
  assignment.forEach((reps, p) => {
    for (const b of reps) brokers[b - 1].hosted.push(p);
  });
  return brokers;
}

/** Running and reachable by the other brokers and the controller. */
export const inCluster = (b: Broker): boolean => b.state === 'up';
/** Running: clients can reach it (an isolated or fenced broker still answers clients). */
export const running = (b: Broker): boolean => b.state !== 'down';
