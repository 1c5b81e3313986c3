/**
 * The dependency model (clients with timeouts, retries, a retry budget and a circuit breaker
 * calling a service of finite capacity) as a registry entry.
 */
import type { ServiceScenario } from '../../../scenario/schema.ts';
import { ServiceScenarioSchema } from '../../../scenario/service-schema.ts';
import { ServiceModel } from '../../../sim/model/service/service-model.ts';
import type { ServiceFault } from '../../../sim/model/service/config.ts';
import type { ModelEntry } from '../../registry.ts';
import { buildServiceSummary, serviceConfig, serviceTheory, type ServiceSummary } from './summary.ts';
import { buildServiceData, finalServiceView, serviceBuffers } from './snapshot.ts';
import { formatServiceTable } from './table.ts';
import { serviceShipped } from './shipped.ts';
import { SERVICE_HEADLINE } from './headline.ts';
import type { ServiceData } from './data.ts';

export function createService(scenario: ServiceScenario): ServiceModel {
  return new ServiceModel(serviceConfig(scenario), scenario.seed);
}

export const serviceEntry: ModelEntry<ServiceScenario, ServiceModel, ServiceSummary, ServiceData, ServiceFault> = {
  kind: 'service',
  schema: ServiceScenarioSchema,
  create: createService,
  summary: buildServiceSummary,
  theory: (s) => serviceTheory(s),
  table: formatServiceTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildServiceData(s as ServiceScenario, model),
      transfer: serviceBuffers,
      final: (s) => finalServiceView(s as ServiceScenario, model),
    };
  },
  focusCount: () => 1,
  sweepPoint: (r) => ({ lambda: r.offeredRate, W: r.W.mean, hw: r.W.hw, busy: r.utilization.mean !== null && r.utilization.mean > 0 ? r.utilization.mean : null }),
  shipped: serviceShipped,
  headline: SERVICE_HEADLINE,
};
