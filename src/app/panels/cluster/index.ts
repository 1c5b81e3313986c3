/** The cluster model's contribution to the page (see `src/app/registry.ts`). STUB until the panels land. */
import type { ClusterScenario } from '../../../scenario/index.ts';
import type { ModelPanels } from '../../registry.ts';
import { CLUSTER_HEADLINE } from '../../../run/models/cluster/headline.ts';
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import Main from './Main.svelte';

export const panels: ModelPanels<ClusterScenario> = {
  Main,
  tabs: [],
  counters: () => [],
  settings: [],
  sweep: null,
  hasLog: true,
  compare: {
    headline: CLUSTER_HEADLINE as never,
    summary: (d) => (d as ClusterData | null)?.summary ?? null,
    charts: () => [],
    xLabel: () => 's',
    targets: {},
  },
  present: { panels: [], counters: [] },
};
