/**
 * "Sweep ρ": runs the current setup at several utilisations in a pool of workers (never on the
 * main thread), collecting (ρ, W ± hw) points as they arrive. The mode lives in an xstate machine.
 */
import { createActor, type Actor } from 'xstate';
import { wrap, type Remote } from 'comlink';
import type { SweepWorkerApi } from '../../../workers/sweep.worker.ts';
import type { SweepResult } from '../../../workers/sweepProtocol.ts';
import type { Scenario } from '../../scenario/index.ts';
import type { SweepPlan } from '../registry.ts';
import { sweepMachine, type SweepState } from '../machines/sweepMachine.ts';

/** Utilisations a sweep runs, one scenario each. */
export const SWEEP_RHOS: readonly number[] = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95];

export const MAX_SWEEP_WORKERS = 4;

export class Sweep {
  status = $state<SweepState>('idle');
  points = $state.raw<SweepResult[]>([]);
  total = SWEEP_RHOS.length;
  #actor: Actor<typeof sweepMachine>;
  #workers: Worker[] = [];
  #run = 0;
  #scenario: () => Scenario;
  #plan: () => SweepPlan | null;
  #focus: () => number;

  /** `focus`: the entity the points are for (a Kafka consumer group); another one clears them. */
  constructor(scenario: () => Scenario, plan: () => SweepPlan | null, focus: () => number) {
    this.#scenario = scenario;
    this.#plan = plan;
    this.#focus = focus;
    this.#actor = createActor(
      sweepMachine.provide({
        actions: {
          start: () => this.#start(),
          cancel: () => this.#stop(),
          clear: () => (this.points = []),
        },
      }),
    );
    this.#actor.subscribe((s) => (this.status = s.value as SweepState));
    this.#actor.start();
  }

  start(): void {
    this.#actor.send({ type: 'START' });
  }
  cancel(): void {
    this.#actor.send({ type: 'CANCEL' });
  }
  /** The scenario (or the entity in focus) changed: its points no longer apply. */
  clear(): void {
    this.#actor.send({ type: 'CLEAR' });
  }

  #start(): void {
    this.#stop();
    const run = ++this.#run;
    this.points = [];
    const base = $state.snapshot(this.#scenario()) as Scenario;
    const plan = this.#plan();
    const focus = this.#focus();
    if (!plan) {
      this.#actor.send({ type: 'DONE' });
      return;
    }
    const queue = [...SWEEP_RHOS];
    const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
    const n = Math.max(1, Math.min(MAX_SWEEP_WORKERS, cores - 1, queue.length));
    let pending = queue.length;
    const finish = (r: SweepResult) => {
      if (run !== this.#run) return;
      this.points = [...this.points, r].sort((a, b) => a.rho - b.rho);
      if (--pending === 0) {
        this.#stop();
        this.#actor.send({ type: 'DONE' });
      }
    };
    for (let i = 0; i < n; i++) {
      const w = new Worker(new URL('../../../workers/sweep.worker.ts', import.meta.url), { type: 'module', name: `queuelab-sweep-${i}` });
      this.#workers.push(w);
      const api: Remote<SweepWorkerApi> = wrap<SweepWorkerApi>(w);
      const next = async (): Promise<void> => {
        const rho = queue.shift();
        if (rho === undefined || run !== this.#run) return;
        let r: SweepResult;
        try {
          r = await api.run(plan.scenarioAt(base, rho, focus), rho);
        } catch (e) {
          r = { ok: false, rho, error: e instanceof Error ? e.message : String(e) };
        }
        finish(r);
        return next();
      };
      void next();
    }
  }

  #stop(): void {
    this.#run++;
    for (const w of this.#workers) w.terminate();
    this.#workers = [];
  }

  destroy(): void {
    this.#stop();
    this.#actor.stop();
  }
}
