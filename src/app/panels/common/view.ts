/**
 * A model panel's typed view of the page state: the snapshot data and the scenario as that model
 * shapes them. Getters read the page's reactive state, so components that use a view update with
 * it. Each model's `view.ts` extends it with its words and its faults.
 */
import type { Playground } from '../../shell/playground.svelte.ts';

export class PanelView<D, S> {
  constructor(readonly pg: Playground) {}
  get data(): D | null {
    return this.pg.data as D | null;
  }
  /** The snapshot data for the charts that draw from it (a task ahead of `data`: Playground.chartData). */
  get chartData(): D | null {
    return this.pg.chartData as D | null;
  }
  get scenario(): S {
    return this.pg.scenario as S;
  }
  get lang() {
    return this.pg.lang;
  }
  get snapshot() {
    return this.pg.snapshot;
  }
  get status() {
    return this.pg.status;
  }
  get faultError() {
    return this.pg.faultError;
  }
}
