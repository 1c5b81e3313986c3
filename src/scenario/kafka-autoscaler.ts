/**
 * The log model's lag-driven autoscaler (`groups[].autoscaler`, KEDA's Kafka scaler and a
 * Kubernetes HPA): the checks that span its fields and the group's, and the consumer slots it can
 * add. Called from the Kafka model's own validation and cost (validate.ts `kafkaErrors`,
 * budget.ts `kafkaCost`).
 */
import type { ScenarioError } from './checks.ts';
import type { KafkaScenario } from './schema.ts';

type Group = KafkaScenario['groups'][number];

/**
 * Consumer processes the autoscaler may start beyond the group's own (members and add-consumer
 * faults): a scale-up reuses the slot of a pod it deleted before making a new one, so at most
 * maxReplicaCount new ones. 0 without an enabled autoscaler.
 */
export function autoscalerSlots(g: Group): number {
  return g.autoscaler?.enabled ? g.autoscaler.maxReplicaCount : 0;
}

/** Errors of every group's enabled autoscaler, each naming its field and the allowed range. */
export function autoscalerErrors(s: KafkaScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  s.groups.forEach((g, i) => {
    const a = g.autoscaler;
    if (!a?.enabled) return;
    const at = `groups.${i}.autoscaler`;
    if (a.minReplicaCount > a.maxReplicaCount) {
      errors.push({ path: `${at}.minReplicaCount`, message: `must be at most maxReplicaCount (${a.maxReplicaCount})`, value: a.minReplicaCount });
      return;
    }
    if (a.allowIdleConsumers && a.limitToPartitionsWithLag) {
      errors.push({ path: `${at}.limitToPartitionsWithLag`, message: 'cannot be true together with allowIdleConsumers (KEDA refuses the pair: one lifts the cap at the partition count, the other lowers it)', value: true });
    }
    if (g.members < a.minReplicaCount || g.members > a.maxReplicaCount) {
      errors.push({
        path: `groups.${i}.members`,
        message: `must be between autoscaler.minReplicaCount and autoscaler.maxReplicaCount (${a.minReplicaCount} … ${a.maxReplicaCount}): with the autoscaler on, members is the deployment's replicas at t = 0`,
        value: g.members,
      });
    }
  });
  return errors;
}
