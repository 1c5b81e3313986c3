/** The queueing station's contribution to the page (see `src/app/registry.ts`). */
import type { StationScenario } from '../../../scenario/index.ts';
import type { ModelPanels } from '../../registry.ts';
import { stationCompare } from './compare.ts';
import Main from './Main.svelte';
import { stationCounters } from './counters.ts';
import { stationSweep } from './sweep.ts';

export const panels: ModelPanels<StationScenario> = {
  Main,
  tabs: [],
  counters: stationCounters,
  settings: () => import('./settings.ts').then((m) => m.STATION_SETTINGS),
  sweep: stationSweep,
  hasLog: false,
  compare: stationCompare,
  present: { panels: ['series-chart'], counters: ['stat-W', 'stat-utilization'], maxPanels: 1 },
};
