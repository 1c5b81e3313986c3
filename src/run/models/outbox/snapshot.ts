/**
 * What the page draws of an outbox run at one instant (`OutboxData`, data.ts): the summary, the
 * topology's numbers, the per-second chart columns (typed arrays, transferable) ending on the
 * counters' values, and the tail of the event log. `finalOutboxView` keeps a finished run's last
 * data without the model.
 */
import type { OutboxScenario } from '../../../scenario/schema.ts';
import { OUTBOX_SERIES, type OutboxModel, type OutboxSeriesName } from '../../../sim/model/outbox/outbox-model.ts';
import { CdcRelay, PollingRelay } from '../../../sim/model/outbox/relay.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, withEnd, type SeriesCols } from '../kafka/snapshot.ts';
import { buildOutboxSummary } from './summary.ts';
import type { OutboxData, OutboxSummary, OutboxTopology } from './data.ts';

/** The level a series ends on now (null: a per-second rate, which has no value "now"). */
function levelNow(name: OutboxSeriesName, s: OutboxSummary): number | null {
  switch (name) {
    case 'gap':
      return s.backlog + s.missing;
    case 'backlog':
      return s.backlog;
    case 'missing':
      return s.missing;
    case 'phantom':
      return s.phantom;
    case 'duplicates':
      return s.duplicates;
    case 'dupEffects':
      return s.dupEffects;
    case 'lag':
      return s.lag ?? 0;
    default:
      return null;
  }
}

function topology(model: OutboxModel): OutboxTopology {
  const r = model.relay;
  return {
    rate: model.rateNow(),
    app: model.app(),
    outboxRows: r ? r.held() : 0,
    relay: r
      ? {
          kind: r.kind,
          phase: r.phase,
          batch: r instanceof PollingRelay ? r.batchSize() : r instanceof CdcRelay ? r.inFlight() : 0,
          atRisk: r.atRisk(),
          crashes: r.crashes,
          wal: r instanceof CdcRelay ? { end: r.walEnd, read: r.readPos, acked: r.ackedPos, committed: r.committedPos } : null,
        }
      : null,
    brokerDown: model.brokerDown(),
    consumer: { queued: model.n.consumerQueued, busy: model.n.consumerBusy > 0 },
  };
}

export function buildOutboxData(scenario: OutboxScenario, model: OutboxModel): OutboxData {
  const now = model.sim.now;
  const summary = buildOutboxSummary(scenario, model);
  const series = {} as Record<OutboxSeriesName, SeriesCols>;
  for (const name of OUTBOX_SERIES) {
    const level = levelNow(name, summary);
    const cols = model.series[name].read(now);
    series[name] = level === null ? cols : withEnd(cols, now, level);
  }
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    topology: topology(model),
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function outboxBuffers(d: OutboxData): ArrayBuffer[] {
  return seriesBuffers(d.series, OUTBOX_SERIES);
}

/** A finished run's data, holding nothing of the model. */
export function finalOutboxView(scenario: OutboxScenario, model: OutboxModel): { snapshot(focus: number): OutboxData; transfer(d: OutboxData): ArrayBuffer[] } {
  return finalSeriesView(buildOutboxData(scenario, model), OUTBOX_SERIES);
}
