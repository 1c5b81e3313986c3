/**
 * What the page draws of a cluster run at one instant (`ClusterData`, data.ts): the summary, the
 * topology, the producers, chart columns (typed arrays, transferable) and the tail of the event
 * log. Built in the worker; `finalClusterView` keeps a finished run's last data without any
 * reference to the model (fresh buffers on every call).
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterModel } from '../../../sim/model/cluster/cluster-model.ts';
import { clusterTopology } from '../../../sim/model/cluster/view.ts';
import { CLUSTER_SERIES, type ClusterSeriesName } from '../../../sim/model/cluster/types.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, withEnd, type SeriesCols } from '../kafka/snapshot.ts';
import { buildClusterSummary } from './summary.ts';
import type { ClusterData } from './data.ts';

/** The value a level series ends with now (its counter); NaN for series that describe intervals. */
function levelNow(name: ClusterSeriesName, m: ClusterModel): number {
  switch (name) {
    case 'lost':
      return m.records.ackedLost;
    case 'failed':
      return m.records.failed;
    case 'duplicates':
      return m.records.duplicates;
    case 'outDuplicates':
      return m.readers.outputDuplicates();
    case 'isrMean':
      return m.isrSum / m.partitions;
    case 'outOfIsr':
      return m.outOfIsr();
    case 'underReplicated':
      return m.underReplicated;
    case 'unavailable':
      return m.unavailableNow();
    case 'bufferUsed':
      return m.bufferShare();
    case 'blockedNow':
      return m.blockedNow();
    case 'blockedOldest':
      return m.blockedOldest();
    case 'refused':
      return m.records.refused;
    case 'shed':
      return m.records.shed;
    case 'expired':
      return m.records.expired;
    case 'frontOk':
      return m.producers.frontTotal('ok');
    case 'frontShed':
      return m.producers.frontTotal('shed');
    case 'frontErrors':
      return m.producers.frontTotal('errors');
    case 'frontTimeouts':
      return m.producers.frontTotal('timeouts');
    default:
      return NaN;
  }
}

export function buildClusterData(scenario: ClusterScenario, model: ClusterModel): ClusterData {
  const now = model.sim.now;
  const summary = buildClusterSummary(scenario, model);
  const series = {} as Record<ClusterSeriesName, SeriesCols>;
  for (const name of CLUSTER_SERIES) series[name] = withEnd(model.series[name].read(now), now, levelNow(name, model));
  const rates = model.producerRates();
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topology: clusterTopology(model),
    producers: scenario.producers.map((p, i) => ({
      name: p.name,
      rate: rates[i]?.rate ?? p.rate,
      varies: p.profile.length > 0 || !!p.bursts || !!p.daily || p.stopAt !== null,
    })),
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function clusterBuffers(d: ClusterData): ArrayBuffer[] {
  return seriesBuffers(d.series, CLUSTER_SERIES);
}

/** A finished run's data, holding nothing of the model. */
export function finalClusterView(scenario: ClusterScenario, model: ClusterModel): { snapshot(focus: number): ClusterData; transfer(d: ClusterData): ArrayBuffer[] } {
  return finalSeriesView(buildClusterData(scenario, model), CLUSTER_SERIES);
}
