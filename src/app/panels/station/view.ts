/**
 * The station panels' typed view of the page state: the snapshot (the CLI's summary and the
 * number-in-system series), the scenario and the strings. Getters read the page's reactive state,
 * so components that use this view update with it.
 */
import type { StationScenario } from '../../../scenario/index.ts';
import type { StationData } from '../../../run/models/station/snapshot.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { stranslate, type SMessageKey, type Vars } from './text.ts';

export class StationView {
  constructor(readonly pg: Playground) {}
  get data(): StationData | null {
    return this.pg.data as StationData | null;
  }
  /** The data with the run's warm-up and duration, or null before the first snapshot. */
  get snapshot(): (StationData & { warmup: number; duration: number }) | null {
    const s = this.pg.snapshot;
    const d = this.data;
    return s && d ? { ...d, warmup: s.warmup, duration: s.duration } : null;
  }
  get scenario(): StationScenario {
    return this.pg.scenario as StationScenario;
  }
  get lang() {
    return this.pg.lang;
  }
  t = (key: SMessageKey, vars?: Vars): string => stranslate(this.pg.lang, key, vars);
}

export const sview = (pg: Playground): StationView => new StationView(pg);
