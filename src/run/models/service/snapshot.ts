/**
 * What the page draws of a dependency-model run at one instant (`ServiceData`): the summary, the
 * topology's counts and the per-second chart columns (typed arrays, transferable). Built in the
 * worker; `finalServiceView` keeps a finished run's last data without the model.
 */
import type { ServiceScenario } from '../../../scenario/schema.ts';
import { SERVICE_SERIES, type ServiceModel, type ServiceSeriesName } from '../../../sim/model/service/service-model.ts';
import { BREAKER_STATE_NAMES } from '../../../sim/model/service/resilience.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, type SeriesCols } from '../kafka/snapshot.ts';
import { buildServiceSummary } from './summary.ts';
import type { ServiceData } from './data.ts';

export function buildServiceData(scenario: ServiceScenario, model: ServiceModel): ServiceData {
  const now = model.sim.now;
  const summary = buildServiceSummary(scenario, model);
  const series = {} as Record<ServiceSeriesName, SeriesCols>;
  for (const name of SERVICE_SERIES) series[name] = model.series[name].read(now);
  const occ = model.occupancy();
  const b = scenario.clients.budget.enabled ? scenario.clients.budget : null;
  const w = model.budget?.window(now);
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topology: {
      rate: model.rateNow(),
      waiting: model.n.waiting,
      backoff: model.n.backoff,
      breaker: { enabled: scenario.breaker.enabled, state: BREAKER_STATE_NAMES[model.breaker.state], failureRate: model.breaker.failureRate() },
      budget: b && w ? { requests: w.requests, retries: w.retries, allowed: Math.floor(b.minRetriesPerSec * b.ttl + b.percentCanRetry * w.requests) } : null,
      queued: occ.queued,
      abandonedQueued: occ.abandonedQueued,
      queueLimit: scenario.service.queueLimit,
      concurrency: scenario.service.concurrency,
      inService: occ.inService,
      abandonedInService: occ.abandonedInService,
      outage: occ.outage,
    },
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function serviceBuffers(d: ServiceData): ArrayBuffer[] {
  return seriesBuffers(d.series, SERVICE_SERIES);
}

/** A finished run's data, holding nothing of the model. */
export function finalServiceView(scenario: ServiceScenario, model: ServiceModel): { snapshot(focus: number): ServiceData; transfer(d: ServiceData): ArrayBuffer[] } {
  return finalSeriesView(buildServiceData(scenario, model), SERVICE_SERIES);
}
