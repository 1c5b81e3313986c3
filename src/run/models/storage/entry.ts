/**
 * The storage model (a partition's log on disk: segments, cleanup.policy, the log cleaner,
 * tombstones, a reader that rebuilds a table) as a registry entry.
 */
import type { StorageScenario } from '../../../scenario/schema.ts';
import { StorageScenarioSchema } from '../../../scenario/storage-schema.ts';
import { StorageModel } from '../../../sim/model/storage/storage-model.ts';
import type { StorageFault } from '../../../sim/model/storage/config.ts';
import type { ModelEntry } from '../../registry.ts';
import { buildStorageSummary, storageConfig } from './summary.ts';
import { buildStorageData, finalStorageView, storageBuffers } from './snapshot.ts';
import { formatStorageTable } from './table.ts';
import { storageShipped } from './shipped.ts';
import { STORAGE_HEADLINE } from './headline.ts';
import type { StorageData, StorageSummary } from './data.ts';

export function createStorage(scenario: StorageScenario): StorageModel {
  return new StorageModel(storageConfig(scenario), scenario.seed);
}

export const storageEntry: ModelEntry<StorageScenario, StorageModel, StorageSummary, StorageData, StorageFault> = {
  kind: 'storage',
  schema: StorageScenarioSchema,
  create: createStorage,
  summary: buildStorageSummary,
  theory: () => null,
  table: formatStorageTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildStorageData(s as StorageScenario, model),
      transfer: storageBuffers,
      final: (s) => finalStorageView(s as StorageScenario, model),
    };
  },
  focusCount: () => 1,
  sweepPoint: () => ({ lambda: null, W: null, hw: null, busy: null }),
  shipped: storageShipped,
  headline: STORAGE_HEADLINE,
};
