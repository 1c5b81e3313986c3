/**
 * The outbox model (a service's write path to a broker: dual write or transactional outbox with a
 * polling or CDC relay, and a consumer idempotent or not) as a registry entry.
 */
import type { OutboxScenario } from '../../../scenario/schema.ts';
import { OutboxScenarioSchema } from '../../../scenario/outbox-schema.ts';
import { OutboxModel } from '../../../sim/model/outbox/outbox-model.ts';
import type { OutboxFault } from '../../../sim/model/outbox/config.ts';
import type { ModelEntry } from '../../registry.ts';
import { buildOutboxSummary, outboxConfig } from './summary.ts';
import { buildOutboxData, finalOutboxView, outboxBuffers } from './snapshot.ts';
import { formatOutboxTable } from './table.ts';
import { describeOutboxStep } from './describe.ts';
import { outboxShipped } from './shipped.ts';
import { OUTBOX_HEADLINE } from './headline.ts';
import type { OutboxData, OutboxSummary } from './data.ts';

export function createOutbox(scenario: OutboxScenario): OutboxModel {
  return new OutboxModel(outboxConfig(scenario), scenario.seed, scenario.topic);
}

export const outboxEntry: ModelEntry<OutboxScenario, OutboxModel, OutboxSummary, OutboxData, OutboxFault> = {
  kind: 'outbox',
  schema: OutboxScenarioSchema,
  create: createOutbox,
  summary: buildOutboxSummary,
  theory: () => null,
  table: formatOutboxTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildOutboxData(s as OutboxScenario, model),
      transfer: outboxBuffers,
      final: (s) => finalOutboxView(s as OutboxScenario, model),
    };
  },
  describeStep: (_s, m) => describeOutboxStep(m),
  focusCount: () => 1,
  sweepPoint: () => ({ lambda: null, W: null, hw: null, busy: null }),
  shipped: outboxShipped,
  headline: OUTBOX_HEADLINE,
};
