/** The outbox model's contribution to the page (see `src/app/registry.ts`). */
import type { OutboxScenario } from '../../../scenario/index.ts';
import type { OutboxData } from '../../../run/models/outbox/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { outboxCounters } from './counters.ts';
import { outboxCompare } from './compare.ts';

export const panels: ModelPanels<OutboxScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as OutboxData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: outboxCounters,
  settings: () => import('./settings.ts').then((m) => m.OUTBOX_SETTINGS),
  sweep: null,
  hasLog: true,
  compare: outboxCompare,
  present: { panels: ['topology', 'chart-gap', 'chart-dups'], counters: ['o-missing', 'o-phantom', 'o-duplicates', 'o-dupEffects'] },
};
