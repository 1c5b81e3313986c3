/** The dependency panels' typed view of the page state, their strings and the live faults they offer. */
import type { ServiceScenario } from '../../../scenario/index.ts';
import type { ServiceData } from '../../../run/models/service/data.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { stranslate, type SMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type ServiceFaultKind = 'outage' | 'slowdown' | 'load-spike';

/** The fault a button sends. */
export function serviceLiveFault(kind: ServiceFaultKind): LiveFault {
  switch (kind) {
    case 'outage':
      return { at: 0, kind, duration: 15 };
    case 'slowdown':
      return { at: 0, kind, factor: 3, duration: 30 };
    case 'load-spike':
      return { at: 0, kind, factor: 2, duration: 20 };
  }
}

export class ServiceView extends PanelView<ServiceData, ServiceScenario> {
  t = (key: SMessageKey, vars?: Vars): string => stranslate(this.pg.lang, key, vars);
}

export const sview = (pg: Playground): ServiceView => new ServiceView(pg);
