/**
 * The cluster model (brokers, replication, acks, ISR, elections, transactions) as a registry entry.
 * STUB: the model lands in src/sim/model/cluster/; until then creating one throws.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import { ClusterScenarioSchema } from '../../../scenario/cluster-schema.ts';
import type { ClusterFault } from '../../../sim/model/cluster/types.ts';
import type { ModelEntry, SimModel } from '../../registry.ts';
import { CLUSTER_HEADLINE } from './headline.ts';
import type { ClusterData, ClusterSummary } from './data.ts';

const todo = (): never => {
  throw new Error('the cluster model is not built yet');
};

export const clusterEntry: ModelEntry<ClusterScenario, SimModel<ClusterFault>, ClusterSummary, ClusterData, ClusterFault> = {
  kind: 'cluster',
  schema: ClusterScenarioSchema,
  create: todo,
  summary: todo,
  theory: () => null,
  table: todo,
  log: () => [],
  live: todo,
  focusCount: () => 1,
  sweepPoint: () => ({ lambda: null, W: null, hw: null, busy: null }),
  shipped: { intro: () => '', head: [], row: todo },
  headline: CLUSTER_HEADLINE,
};
