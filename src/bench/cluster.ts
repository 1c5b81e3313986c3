/**
 * Cluster-model workload for `npm run bench` (`npm run bench -- --cluster` runs only this part):
 * 3 brokers, a topic of 12 partitions with replication factor 3 and min.insync.replicas 2, one
 * producer with acks=all (idempotent) at 20,000 records/s for one minute (1.2 M records), every
 * metric on, rtt 1 ms. Target: ≥ 200 k records/s of wall time and < 400 MB peak RSS.
 */
import type { ClusterScenario } from '../scenario/schema.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { createCluster } from '../run/models/cluster/entry.ts';

function scenario(): ClusterScenario {
  const s = parseScenarioOrThrow({
    version: 1,
    model: 'cluster',
    id: 'bench-cluster-rf3-acks-all',
    duration: 60,
    cluster: { brokers: 3 },
    topic: { partitions: 12, 'replication.factor': 3, 'min.insync.replicas': 2 },
    producers: [{ name: 'checkout', rate: 20_000, acks: 'all', keys: { kind: 'uniform', count: 100_000, prefix: 'order-' } }],
  });
  if (s.model !== 'cluster') throw new Error('unreachable');
  return s;
}

export const CLUSTER_CASES = {
  'rf3-all': { label: '(rf3-all) 3 brokers, 12 partitions × RF 3, acks=all, min ISR 2, 1 min at 20,000 records/s', scenario, target: 2e5 },
} as const;

/** Runs the cluster case; returns records sent, events and records acknowledged. */
export function runCluster(id: keyof typeof CLUSTER_CASES): { records: number; events: number; applied: number } {
  const s = CLUSTER_CASES[id].scenario();
  const m = createCluster(s);
  m.run(s.duration);
  return { records: m.records.n, events: m.sim.events, applied: m.ackedTotal() };
}
