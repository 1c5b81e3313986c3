/**
 * The queue broker (SQS-style leases, RabbitMQ-style acks and prefetch) as a registry entry.
 */
import type { QueueScenario } from '../../../scenario/schema.ts';
import { QueueScenarioSchema } from '../../../scenario/queue-schema.ts';
import { QueueModel } from '../../../sim/model/queue/queue-model.ts';
import type { QueueFault } from '../../../sim/model/queue/config.ts';
import type { ModelEntry } from '../../registry.ts';
import { buildQueueSummary, queueConfig, queueTheory } from './summary.ts';
import { buildQueueData, finalQueueView, queueBuffers } from './snapshot.ts';
import { formatQueueTable } from './table.ts';
import { describeQueueStep } from './describe.ts';
import { queueShipped } from './shipped.ts';
import { QUEUE_HEADLINE } from './headline.ts';
import type { QueueData, QueueSummary } from './data.ts';

export function createQueue(scenario: QueueScenario): QueueModel {
  return new QueueModel(queueConfig(scenario), scenario.seed);
}

export const queueEntry: ModelEntry<QueueScenario, QueueModel, QueueSummary, QueueData, QueueFault> = {
  kind: 'queue',
  schema: QueueScenarioSchema,
  create: createQueue,
  summary: buildQueueSummary,
  theory: (s) => queueTheory(s),
  table: formatQueueTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildQueueData(s as QueueScenario, model),
      transfer: queueBuffers,
      final: (s) => finalQueueView(s as QueueScenario, model),
    };
  },
  describeStep: (_s, m) => describeQueueStep(m),
  focusCount: () => 1,
  sweepPoint: (r) => ({ lambda: r.lambda.mean, W: r.W.mean, hw: r.W.hw, busy: r.utilization.mean !== null && r.utilization.mean > 0 ? r.utilization.mean : null }),
  shipped: queueShipped,
  headline: QUEUE_HEADLINE,
};
