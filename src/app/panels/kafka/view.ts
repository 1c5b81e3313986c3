/**
 * The Kafka panels' typed view of the page state: the snapshot data, the scenario and the strings
 * as the Kafka model shapes them, the group in focus, and the live faults the panel offers. Getters
 * read the page's reactive state, so components that use this view update with it.
 */
import type { KafkaScenario } from '../../../scenario/index.ts';
import type { KafkaSnapshotData } from '../../../run/models/kafka/snapshot.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { ktranslate, type KMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type FaultKind = 'crash' | 'restart' | 'add-consumer' | 'gc-pause' | 'slow-downstream' | 'load-spike' | 'producer-stop' | 'producer-start' | 'poison' | 'schema-change';

/** The fault a button sends, on `target` (a consumer name, or a group id for add-consumer / slow-downstream). */
export function liveFault(kind: FaultKind, target: string): LiveFault {
  switch (kind) {
    case 'crash':
      return { at: 0, kind, target, restartAfter: null };
    case 'restart':
      return { at: 0, kind, target };
    case 'add-consumer':
      return { at: 0, kind, target, count: 1 };
    case 'gc-pause':
      return { at: 0, kind, target, duration: 60 };
    case 'slow-downstream':
      return { at: 0, kind, target, factor: 10, duration: 60 };
    case 'load-spike':
      return { at: 0, kind, target: '*', factor: 8, duration: 120 };
    case 'producer-stop':
    case 'producer-start':
      return { at: 0, kind, target: '*' };
    case 'poison':
      return { at: 0, kind, partition: null, key: null, count: 1, effect: 'exception' };
    case 'schema-change':
      return { at: 0, kind, target: '*', change: 'remove-required-field' };
  }
}

export class KafkaView extends PanelView<KafkaSnapshotData, KafkaScenario> {
  /** The consumer group the topology and the per-group charts follow. */
  get groupIndex(): number {
    return this.pg.focus;
  }
  selectGroup(i: number): void {
    this.pg.setFocus(i);
  }
  t = (key: KMessageKey, vars?: Vars): string => ktranslate(this.pg.lang, key, vars);
  inject(kind: FaultKind, target: string): Promise<boolean> {
    return this.pg.inject(liveFault(kind, target));
  }
}

export const kview = (pg: Playground): KafkaView => new KafkaView(pg);
