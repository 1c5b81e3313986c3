/** The dependency model's contribution to the page (see `src/app/registry.ts`). */
import type { ServiceScenario } from '../../../scenario/index.ts';
import type { ServiceData } from '../../../run/models/service/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { serviceCounters } from './counters.ts';
import { serviceCompare } from './compare.ts';

export const panels: ModelPanels<ServiceScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as ServiceData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: serviceCounters,
  settings: () => import('./settings.ts').then((m) => m.SERVICE_SETTINGS),
  sweep: null,
  hasLog: true,
  compare: serviceCompare,
  present: { panels: ['chart-load', 'chart-goodput'], counters: ['s-offered', 's-goodput', 's-overload', 's-recovery'] },
};
