/** The storage model's contribution to the page (see `src/app/registry.ts`). */
import type { StorageScenario } from '../../../scenario/index.ts';
import type { StorageData } from '../../../run/models/storage/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { storageCounters } from './counters.ts';
import { storageCompare } from './compare.ts';

export const panels: ModelPanels<StorageScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as StorageData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: storageCounters,
  settings: () => import('./settings.ts').then((m) => m.STORAGE_SETTINGS),
  sweep: null,
  hasLog: true,
  compare: storageCompare,
  present: { panels: ['topology', 'chart-log', 'chart-restore'], counters: ['s-log', 's-keys', 's-restore', 's-missing'] },
};
