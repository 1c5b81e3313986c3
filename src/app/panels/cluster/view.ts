/**
 * The cluster panels' typed view of the page state (see `../common/view.ts`), their strings, and
 * the live faults their panel offers: the same fault objects as `ClusterFaultSchema`.
 */
import type { ClusterScenario } from '../../../scenario/index.ts';
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import type { ClusterFault } from '../../../sim/model/cluster/types.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { cltranslate, type ClMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type ClusterFaultKind = 'broker-crash' | 'broker-restart' | 'slow-broker' | 'slow-replica' | 'network-partition' | 'lose-response' | 'controller-failover' | 'crash' | 'restart';

/** A broker's id as the faults panel names it (`broker-3`), and back; null when `name` is not one. */
export const brokerTarget = (id: number): string => `broker-${id}`;
export function brokerOf(name: string): number | null {
  const m = /^broker-(\d+)$/.exec(name);
  return m ? Number(m[1]) : null;
}

/**
 * The fault a button sends. `target`: a broker (`broker-N`) for the broker faults, the processor's
 * name for crash/restart, '*' for the rest.
 */
export function clusterLiveFault(kind: ClusterFaultKind, target: string): ClusterFault {
  const broker = brokerOf(target) ?? 1;
  switch (kind) {
    case 'broker-crash':
      return { at: 0, kind, broker, restartAfter: null };
    case 'broker-restart':
      return { at: 0, kind, broker };
    case 'slow-broker':
      return { at: 0, kind, broker, 'delay.ms': 5000, duration: 60 };
    case 'slow-replica':
      return { at: 0, kind, broker, 'delay.ms': 2000, duration: 60 };
    case 'network-partition':
      return { at: 0, kind, broker, duration: 30 };
    case 'lose-response':
      return { at: 0, kind, target: '*', count: 1 };
    case 'controller-failover':
      return { at: 0, kind };
    case 'crash':
      return { at: 0, kind, target, restartAfter: null };
    case 'restart':
      return { at: 0, kind, target };
  }
}

export class ClusterView extends PanelView<ClusterData, ClusterScenario> {
  t = (key: ClMessageKey, vars?: Vars): string => cltranslate(this.pg.lang, key, vars);
}

export const clview = (pg: Playground): ClusterView => new ClusterView(pg);
