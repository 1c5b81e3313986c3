/**
 * A model's faults through its event list — what every model's fault timeline shares. Recorded
 * faults are scheduled in time order at construction; a live fault (the playground's toggles) is
 * scheduled at the current instant and run at once, with the same priority and event count as a
 * recorded one, so replaying the recorded timeline reproduces the live run bit for bit. A fault
 * runs after every other event at its instant: exactly where a live toggle lands, since the
 * playground applies it after run(t) has processed everything up to t.
 */
import type { Simulation } from '../kernel/simulation.ts';

/** The priority of a fault event: after everything else at the same instant. */
const FAULT_PRIORITY = 120;

export class FaultTimeline<F extends { at: number }> {
  private readonly pending: F[] = [];
  private readonly kFault: number;

  constructor(
    private readonly sim: Simulation,
    /** Carries out a fault when its time comes. */
    apply: (f: F) => void,
    recorded: readonly F[],
  ) {
    this.kFault = sim.register('fault', (i) => apply(this.pending[i]));
    for (const f of [...recorded].sort((a, b) => a.at - b.at)) this.schedule(f);
  }

  private schedule(f: F): void {
    this.pending.push(f);
    this.sim.scheduleAt(Math.max(f.at, this.sim.now), this.kFault, this.pending.length - 1, FAULT_PRIORITY);
  }

  /** Applies `f` now (its `at` is ignored), through the event list. */
  inject(f: F): void {
    this.schedule({ ...f, at: this.sim.now });
    this.sim.run(this.sim.now);
  }
}
