/**
 * What the page draws of a storage run at one instant (`StorageData`, data.ts): the summary, each
 * partition's strip of segments, chart columns (typed arrays, transferable) and the tail of the
 * event log. `finalStorageView` keeps a finished run's last data without the model.
 */
import type { StorageScenario } from '../../../scenario/schema.ts';
import { STORAGE_SERIES, type StorageModel, type StorageSeriesName } from '../../../sim/model/storage/storage-model.ts';
import { finalSeriesView, seriesBuffers, SNAPSHOT_LOG_LINES, withEnd, type SeriesCols } from '../kafka/snapshot.ts';
import { buildStorageSummary } from './summary.ts';
import type { PartitionStrip, StorageData, StorageSummary } from './data.ts';

/** Segments drawn per partition at most (the newest; older ones are summed as hidden). */
export const MAX_STRIP_SEGMENTS = 48;

function levelNow(name: StorageSeriesName, s: StorageSummary): number {
  switch (name) {
    case 'logRecords':
      return s.logRecords;
    case 'logMB':
      return s.logBytes / 1e6;
    case 'liveKeys':
      return s.liveKeys;
    case 'dirtyRatio':
      return s.dirtyRatio;
    case 'readerKeys':
      return s.reader.keys;
    case 'readerRead':
      return s.reader.read;
    case 'tombstones':
      return s.tombstonesHeld;
  }
}

function strips(model: StorageModel): PartitionStrip[] {
  const now = model.sim.now;
  const reading = model.reader.state !== 'none';
  return model.logs.map((l) => {
    const all = l.segments;
    const from = Math.max(0, all.length - MAX_STRIP_SEGMENTS);
    return {
      partition: l.index,
      start: l.start,
      end: l.end,
      bytes: l.bytes,
      records: l.records,
      dirtyRatio: model.cleaner ? model.cleaner.dirtiness(l, now).ratio : 0,
      cleaning: l.cleaning,
      readerAt: reading ? model.reader.pos[l.index] : null,
      segments: all.slice(from).map((g) => ({ base: g.base, records: g.n, bytes: g.bytes, tombstones: g.tombstones, kind: g === l.active ? 'active' : l.isCleaned(g) ? 'cleaned' : 'dirty' })),
      hidden: from,
    };
  });
}

export function buildStorageData(scenario: StorageScenario, model: StorageModel): StorageData {
  const now = model.sim.now;
  const summary = buildStorageSummary(scenario, model);
  const series = {} as Record<StorageSeriesName, SeriesCols>;
  for (const name of STORAGE_SERIES) series[name] = withEnd(model.series[name].read(now), now, levelNow(name, summary));
  return {
    simTime: now,
    events: model.sim.events,
    summary,
    producerRate: model.producerRate(),
    partitions: strips(model),
    series,
    log: model.logEntries().slice(-SNAPSHOT_LOG_LINES),
    logCount: model.logMark(),
  };
}

/** Every ArrayBuffer in a snapshot (to transfer rather than copy). */
export function storageBuffers(d: StorageData): ArrayBuffer[] {
  return seriesBuffers(d.series, STORAGE_SERIES);
}

/** A finished run's data, holding nothing of the model. */
export function finalStorageView(scenario: StorageScenario, model: StorageModel): { snapshot(focus: number): StorageData; transfer(d: StorageData): ArrayBuffer[] } {
  return finalSeriesView(buildStorageData(scenario, model), STORAGE_SERIES);
}
