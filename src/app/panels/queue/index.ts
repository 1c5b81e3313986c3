/** The queue-broker model's contribution to the page (see `src/app/registry.ts`). */
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueData } from '../../../run/models/queue/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { queueCounters } from './counters.ts';
import { queueSweep } from './sweep.ts';
import { queueCompare } from './compare.ts';

export const panels: ModelPanels<QueueScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as QueueData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: queueCounters,
  settings: () => import('./settings.ts').then((m) => m.QUEUE_SETTINGS),
  sweep: queueSweep,
  hasLog: true,
  compare: queueCompare,
  present: { panels: ['topology', 'chart-oldest'], counters: ['q-depth', 'q-oldest', 'q-duplicates', 'q-dlq'] },
};
