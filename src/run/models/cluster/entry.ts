/**
 * The cluster model (brokers, replication, acks, ISR, elections; readers and transactions in
 * readers.ts / processor.ts) as a registry entry.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import { ClusterScenarioSchema } from '../../../scenario/cluster-schema.ts';
import { ClusterModel } from '../../../sim/model/cluster/cluster-model.ts';
import type { ClusterFault } from '../../../sim/model/cluster/types.ts';
import type { ModelEntry } from '../../registry.ts';
import { CLUSTER_HEADLINE } from './headline.ts';
import { buildClusterSummary } from './summary.ts';
import { buildClusterData, clusterBuffers, finalClusterView } from './snapshot.ts';
import { formatClusterTable } from './table.ts';
import { describeClusterStep } from './describe.ts';
import { clusterShipped } from './shipped.ts';
import type { ClusterData, ClusterSummary } from './data.ts';

export function createCluster(scenario: ClusterScenario): ClusterModel {
  return new ClusterModel(scenario);
}

export const clusterEntry: ModelEntry<ClusterScenario, ClusterModel, ClusterSummary, ClusterData, ClusterFault> = {
  kind: 'cluster',
  schema: ClusterScenarioSchema,
  create: createCluster,
  summary: buildClusterSummary,
  theory: () => null,
  table: formatClusterTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildClusterData(s as ClusterScenario, model),
      transfer: clusterBuffers,
      final: (s) => finalClusterView(s as ClusterScenario, model),
    };
  },
  describeStep: (_s, m) => describeClusterStep(m),
  focusCount: () => 1,
  sweepPoint: (r) => ({ lambda: null, W: r.produceLatency.mean, hw: null, busy: null }),
  shipped: clusterShipped,
  headline: CLUSTER_HEADLINE,
};
