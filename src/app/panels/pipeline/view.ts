/** The pipeline panels' typed view of the page state, their strings and the live faults they offer. */
import type { PipelineScenario } from '../../../scenario/index.ts';
import type { PipelineData } from '../../../run/models/pipeline/data.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { ptranslate, type PMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type PipelineFaultKind = 'load-spike' | 'slowdown' | 'add-workers';

/** The fault a button sends: on every source ("*"), or on the chosen stage. */
export function pipelineLiveFault(kind: PipelineFaultKind, target: string): LiveFault {
  switch (kind) {
    case 'load-spike':
      return { at: 0, kind, target: '*', factor: 2, duration: 30 };
    case 'slowdown':
      return { at: 0, kind, target, factor: 3, duration: 30 };
    case 'add-workers':
      return { at: 0, kind, target, count: 1 };
  }
}

export class PipelineView extends PanelView<PipelineData, PipelineScenario> {
  t = (key: PMessageKey, vars?: Vars): string => ptranslate(this.pg.lang, key, vars);
}

export const pview = (pg: Playground): PipelineView => new PipelineView(pg);
