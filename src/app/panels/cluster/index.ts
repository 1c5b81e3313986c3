/** The cluster model's contribution to the page (see `src/app/registry.ts`). */
import type { ClusterScenario } from '../../../scenario/index.ts';
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import type { ModelPanels } from '../../registry.ts';
import Main from './Main.svelte';
import Faults from './Faults.svelte';
import EventLog from '../common/EventLog.svelte';
import { ctranslate } from '../common/text.ts';
import { clusterCounters } from './counters.ts';
import { clusterCompare } from './compare.ts';

export const panels: ModelPanels<ClusterScenario> = {
  Main,
  Side: Faults,
  tabs: [{ id: 'log', label: (pg) => `${ctranslate(pg.lang, 'tab.log')} (${(pg.data as ClusterData | null)?.log.length ?? 0})`, component: EventLog }],
  counters: clusterCounters,
  settings: () => import('./settings.ts').then((m) => m.CLUSTER_SETTINGS),
  // No W(ρ) sweep: the lesson of this model is durability, not queueing delay.
  sweep: null,
  hasLog: true,
  compare: clusterCompare,
  // The grid of replicas needs the height: alone by default, with one chart at most when a lesson names one.
  present: { panels: ['topology'], counters: ['c-lost', 'c-failed', 'c-unavailable', 'c-underRep'], maxPanels: 2 },
};
