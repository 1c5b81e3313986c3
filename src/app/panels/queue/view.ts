/**
 * The queue panels' typed view of the page state (see `../common/view.ts`), their strings, and the
 * live faults their panel offers.
 */
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueData } from '../../../run/models/queue/data.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { qtranslate, type QMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type QueueFaultKind =
  | 'crash'
  | 'restart'
  | 'gc-pause'
  | 'remove-consumer'
  | 'add-consumer'
  | 'slow-downstream'
  | 'dependency-outage'
  | 'load-spike'
  | 'producer-stop'
  | 'producer-start'
  | 'poison'
  | 'redrive';

/** The fault a button sends, on `target` (a consumer name, a pool name, or '*'). */
export function queueLiveFault(kind: QueueFaultKind, target: string): LiveFault {
  switch (kind) {
    case 'crash':
      return { at: 0, kind, target, restartAfter: null };
    case 'restart':
    case 'remove-consumer':
      return { at: 0, kind, target };
    case 'gc-pause':
      return { at: 0, kind, target, duration: 60 };
    case 'add-consumer':
      return { at: 0, kind, target, count: 1 };
    case 'slow-downstream':
      return { at: 0, kind, target, factor: 10, duration: 60 };
    case 'dependency-outage':
      return { at: 0, kind, target, duration: 30 };
    case 'load-spike':
      return { at: 0, kind, target: '*', factor: 8, duration: 120 };
    case 'producer-stop':
    case 'producer-start':
      return { at: 0, kind, target: '*' };
    case 'poison':
      return { at: 0, kind, key: null, count: 1, effect: 'exception' };
    case 'redrive':
      return { at: 0, kind, maxReplays: null };
  }
}

export class QueueView extends PanelView<QueueData, QueueScenario> {
  t = (key: QMessageKey, vars?: Vars): string => qtranslate(this.pg.lang, key, vars);
}

export const qview = (pg: Playground): QueueView => new QueueView(pg);
