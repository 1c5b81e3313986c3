/** The pipeline model's contribution to the page (see `src/app/registry.ts`). */
import type { PipelineScenario } from '../../../scenario/index.ts';
import type { PipelineData } from '../../../run/models/pipeline/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { pipelineCounters } from './counters.ts';
import { pipelineCompare } from './compare.ts';

export const panels: ModelPanels<PipelineScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as PipelineData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: pipelineCounters,
  settings: () => import('./settings.ts').then((m) => m.PIPELINE_SETTINGS),
  sweep: null,
  hasLog: true,
  compare: pipelineCompare,
  present: { panels: ['topology', 'chart-backlog'], counters: ['p-done', 'p-W', 'p-backlog', 'p-lost'] },
};
