/**
 * The queueing station (M/M/c/K with any distributions) as a registry entry: a single service
 * centre whose numbers the closed forms of `src/theory` describe exactly.
 */
import { stationShipped } from './shipped.ts';
import { STATION_HEADLINE } from './headline.ts';
import { StationScenarioSchema, type StationScenario } from '../../../scenario/schema.ts';
import { Station } from '../../../sim/model/station/station.ts';
import { buildSummary, type StationSummary } from './summary.ts';
import { theoryFor } from './theory.ts';
import { formatTable } from './table.ts';
import type { FinalView, LiveView, ModelEntry } from '../../registry.ts';
import type { StationData } from './snapshot.ts';

export function createStation(scenario: StationScenario): Station {
  return new Station(
    {
      arrival: scenario.arrival,
      service: scenario.service,
      servers: scenario.servers,
      capacity: scenario.capacity,
      warmup: scenario.warmup,
    },
    scenario.seed,
  );
}

/** The series' buffers (module level, so nothing that outlives the run closes over the model). */
function stationBuffers(d: StationData): ArrayBuffer[] {
  return [d.series.t.buffer as ArrayBuffer, d.series.mean.buffer as ArrayBuffer, d.series.max.buffer as ArrayBuffer];
}

/** The data with its own copy of the series (a sent snapshot's buffers are transferred away). */
function withFreshSeries(d: StationData): StationData {
  const c = d.series;
  return { summary: d.summary, series: { t: c.t.slice(), mean: c.mean.slice(), max: c.max.slice(), width: c.width } };
}

/**
 * The final view: the last data and nothing of the model (one entity, so one snapshot). Module level
 * on purpose: a closure made inside `live()` would keep `live()`'s scope, and with it the model, alive.
 */
function finalView(d: StationData): FinalView<StationData> {
  return { snapshot: () => withFreshSeries(d), transfer: stationBuffers };
}

function live(scenario: StationScenario, model: Station): LiveView<StationData> {
  const snapshot = (): StationData => ({ summary: buildSummary(scenario, model.stats()), series: model.series.read(model.sim.now) });
  return {
    next: Infinity,
    sample() {},
    snapshot,
    transfer: stationBuffers,
    final: () => finalView(snapshot()),
  };
}

export const stationEntry: ModelEntry<StationScenario, Station, StationSummary, StationData, never> = {
  kind: 'station',
  schema: StationScenarioSchema,
  create: createStation,
  summary: (s, m, wallMs) => buildSummary(s, m.stats(), wallMs),
  theory: (s) => theoryFor(s),
  table: formatTable,
  log: () => [],
  live,
  focusCount: () => 1,
  sweepPoint: (r) => ({ lambda: r.lambda.mean, W: r.W.mean, hw: r.W.hw, busy: r.utilization.mean }),
  shipped: stationShipped,
  headline: STATION_HEADLINE,
};
