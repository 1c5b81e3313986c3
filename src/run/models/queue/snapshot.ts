/**
 * What the page draws of a queue run at one instant (`QueueData`, data.ts): the summary, the
 * topology, the producers, chart columns (typed arrays, transferable) and the tail of the event
 * log. Built in the worker; the page never sees the model. `finalQueueView` keeps a finished run's
 * last data without any reference to the model (fresh buffers on every call).
 */
import type { QueueScenario } from '../../../scenario/schema.ts';
import type { QueueModel } from '../../../sim/model/queue/queue-model.ts';
import { queueStats, queueTopology } from '../../../sim/model/queue/view.ts';
import { MiB, QUEUE_SERIES, type QueueSeriesName } from '../../../sim/model/queue/types.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, withEnd, type SeriesCols } from '../kafka/snapshot.ts';
import { buildQueueSummary } from './summary.ts';
import type { QueueData } from './data.ts';

/** The value a level series ends with now (its counter); NaN for series that describe intervals. */
function levelNow(name: QueueSeriesName, d: Pick<QueueData, 'summary'>): number {
  const s = d.summary;
  switch (name) {
    case 'visible':
      return s.visible;
    case 'inFlight':
      return s.inFlight;
    case 'oldestAge':
      return s.oldestAge;
    case 'dlqDepth':
      return s.dlqDepth;
    case 'duplicates':
      return s.duplicates;
    case 'stored':
      return s.stored;
    case 'memory':
      return s.node ? s.node.memory / MiB : NaN;
    default:
      return NaN;
  }
}

export function buildQueueData(scenario: QueueScenario, model: QueueModel): QueueData {
  const now = model.sim.now;
  const summary = buildQueueSummary(scenario, model, undefined, queueStats(model));
  const series = {} as Record<QueueSeriesName, SeriesCols>;
  for (const name of QUEUE_SERIES) series[name] = withEnd(model.series[name].read(now), now, levelNow(name, { summary }));
  const producers = model.producerRates();
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topology: queueTopology(model),
    producers: scenario.producers.map((p, i) => ({
      name: p.name,
      rate: producers[i]?.rate ?? p.rate,
      varies: p.profile.length > 0 || !!p.bursts || !!p.daily || p.stopAt !== null,
    })),
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function queueBuffers(d: QueueData): ArrayBuffer[] {
  return seriesBuffers(d.series, QUEUE_SERIES);
}

/** A finished run's data, holding nothing of the model. */
export function finalQueueView(scenario: QueueScenario, model: QueueModel): { snapshot(focus: number): QueueData; transfer(d: QueueData): ArrayBuffer[] } {
  return finalSeriesView(buildQueueData(scenario, model), QUEUE_SERIES);
}
