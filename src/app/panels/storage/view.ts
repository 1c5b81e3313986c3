/** The storage panels' typed view of the page state, their strings, and the live faults they offer. */
import type { StorageScenario } from '../../../scenario/index.ts';
import type { StorageData } from '../../../run/models/storage/data.ts';
import type { LiveFault } from '../../../../workers/protocol.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { stranslate, type SMessageKey, type Vars } from './text.ts';
import { PanelView } from '../common/view.ts';

export type StorageFaultKind = 'restore' | 'reader-offline' | 'load-spike' | 'producer-stop' | 'producer-start';

export function storageLiveFault(kind: StorageFaultKind): LiveFault {
  switch (kind) {
    case 'restore':
      return { at: 0, kind };
    case 'reader-offline':
      return { at: 0, kind, duration: 300 };
    case 'load-spike':
      return { at: 0, kind, target: '*', factor: 5, duration: 60 };
    case 'producer-stop':
    case 'producer-start':
      return { at: 0, kind, target: '*' };
  }
}

export class StorageView extends PanelView<StorageData, StorageScenario> {
  t = (key: SMessageKey, vars?: Vars): string => stranslate(this.pg.lang, key, vars);
}

export const sview = (pg: Playground): StorageView => new StorageView(pg);
