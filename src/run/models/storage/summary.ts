/**
 * The storage model's run summary and the mapping from a validated scenario to the model's
 * configuration. Key order is fixed (the order of `StorageSummary`), so the same scenario and seed
 * give byte-identical JSON.
 */
import type { StorageScenario } from '../../../scenario/schema.ts';
import type { StorageConfig } from '../../../sim/model/storage/config.ts';
import type { StorageModel } from '../../../sim/model/storage/storage-model.ts';
import type { StorageSummary } from './data.ts';

export function storageConfig(s: StorageScenario): StorageConfig {
  return { topic: s.topic, cleaner: s.cleaner, producer: s.producer, reader: s.reader, faults: s.faults, overhead: s['record.overhead.bytes'], horizon: s.duration };
}

export function buildStorageSummary(s: StorageScenario, m: StorageModel, wallMs?: number): StorageSummary {
  const st = m.cleaner?.stats;
  const r = m.reader;
  let written = 0;
  for (let k = 0; k < m.truth.version.length; k++) if (m.truth.version[k] >= 0) written++;
  const results = r.results;
  const out: StorageSummary = {
    scenario: s.id,
    model: 'storage',
    policy: s.topic['cleanup.policy'],
    seed: s.seed,
    simTime: m.sim.now,
    events: m.sim.events,
    produced: m.produced,
    tombstonesProduced: m.tombstonesProduced,
    records: m.counts(),
    logRecords: m.logRecords(),
    logRecordsMax: Math.max(m.logRecordsMax, m.logRecords()),
    logBytes: m.logBytes(),
    logBytesMax: Math.max(m.logBytesMax, m.logBytes()),
    segments: m.logs.reduce((a, l) => a + l.segments.length, 0),
    liveKeys: m.truth.live,
    keysWritten: written,
    tombstonesHeld: m.tombstonesHeld(),
    dirtyRatio: m.maxDirtyRatio(),
    cleaner: { runs: st?.runs ?? 0, bytesRead: st?.bytesRead ?? 0, busySeconds: st?.busySeconds ?? 0, horizonsSet: st?.horizonsSet ?? 0 },
    retention: { checks: m.retentionChecks, segmentsDeleted: m.segmentsDeleted },
    reader: { state: r.state, restores: r.restores, read: r.read, readTotal: r.readTotal, keys: r.keys },
    firstCatchUp: results.length > 0 ? { ...results[0] } : null,
    lastCatchUp: results.length > 0 ? { ...results[results.length - 1] } : null,
  };
  if (wallMs !== undefined) out.wallMs = wallMs;
  return out;
}
