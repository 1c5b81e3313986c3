/** The outbox panels' typed view of the page state, their strings, and the live faults they offer. */
import type { OutboxScenario } from '../../../scenario/index.ts';
import type { OutboxData } from '../../../run/models/outbox/data.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { otranslate, type OMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type OutboxFaultKind = 'app-crash' | 'relay-crash' | 'relay-before-mark' | 'broker-outage' | 'db-slowdown' | 'load-spike';

/** The fault a button sends. */
export function outboxLiveFault(kind: OutboxFaultKind): LiveFault {
  switch (kind) {
    case 'app-crash':
      return { at: 0, kind, restartAfter: 10 };
    case 'relay-crash':
      return { at: 0, kind, restartAfter: 10, point: 'any' };
    case 'relay-before-mark':
      return { at: 0, kind: 'relay-crash', restartAfter: 10, point: 'before-mark' };
    case 'broker-outage':
      return { at: 0, kind, duration: 20 };
    case 'db-slowdown':
      return { at: 0, kind, factor: 5, duration: 30 };
    case 'load-spike':
      return { at: 0, kind, factor: 2, duration: 20 };
  }
}

export class OutboxView extends PanelView<OutboxData, OutboxScenario> {
  t = (key: OMessageKey, vars?: Vars): string => otranslate(this.pg.lang, key, vars);
}

export const oview = (pg: Playground): OutboxView => new OutboxView(pg);
