/**
 * A sweep of any numeric setting, in the page: the runs `npm run sweep` would make (the same
 * scenarios, seeds and aggregation: src/run/sweep.ts), spread over a pool of workers, each point's
 * mean and 95 % interval shown as soon as its replications are in. Part of the sweep tool's chunk.
 */
import { wrap, type Remote } from 'comlink';
import type { SweepWorkerApi } from '../../../workers/sweep.worker.ts';
import type { SweepHeader, SweepPointResult, SweepResult, SweepRun } from '../../run/sweep-aggregate.ts';
import { MAX_PAGE_SWEEP_REPS, MAX_PAGE_SWEEP_STEPS, type Scenario, type SweepLink } from '../../scenario/index.ts';
import { MAX_SWEEP_WORKERS } from './sweep.svelte.ts';
import { MEMORY_BUDGET } from '../../scenario/budget.ts';

/** Most runs of one sweep in the page. */
export const MAX_PAGE_SWEEP_RUNS = 1000;
/** Most simulation events (the budget's estimate, src/scenario/budget.ts) of one sweep in the page: about five minutes of one worker. */
export const MAX_PAGE_SWEEP_EVENTS = 1_000_000_000;

export type ParamSweepStatus = 'idle' | 'planning' | 'running' | 'done' | 'cancelled' | 'error';

/** What is wrong with a sweep's shape before anything runs, as a message key and its values, or null. */
export function sweepShapeError(w: Omit<SweepLink, 'metric'>): { key: 'steps' | 'reps' | 'range' | 'runs' | 'one'; vars: Record<string, number> } | null {
  if (!Number.isFinite(w.from) || !Number.isFinite(w.to)) return { key: 'range', vars: {} };
  if (!Number.isInteger(w.steps) || w.steps < 1 || w.steps > MAX_PAGE_SWEEP_STEPS) return { key: 'steps', vars: { max: MAX_PAGE_SWEEP_STEPS } };
  if (w.steps === 1 && w.from !== w.to) return { key: 'one', vars: {} };
  if (!Number.isInteger(w.reps) || w.reps < 1 || w.reps > MAX_PAGE_SWEEP_REPS) return { key: 'reps', vars: { max: MAX_PAGE_SWEEP_REPS } };
  if (w.steps * w.reps > MAX_PAGE_SWEEP_RUNS) return { key: 'runs', vars: { runs: w.steps * w.reps, max: MAX_PAGE_SWEEP_RUNS } };
  return null;
}

export class ParamSweep {
  status = $state<ParamSweepStatus>('idle');
  /** The sweep shown (running or finished), as its link carries it. */
  link = $state.raw<SweepLink | null>(null);
  header = $state.raw<SweepHeader | null>(null);
  /** Per point, its result once every replication is in. */
  points = $state.raw<(SweepPointResult | null)[]>([]);
  done = $state(0);
  total = $state(0);
  /** Why it stopped: a value that is no valid scenario, the budget, a run that failed. */
  error = $state<string | null>(null);
  /** Over the page's budget: the estimate, to say by how much. */
  overBudget = $state<number | null>(null);
  /** Every run's metrics, when all are in: the same object `npm run sweep -- --json` prints, and the CLI's `--csv`. */
  result = $state.raw<SweepResult | null>(null);
  csv = $state<string | null>(null);
  workers = $state(0);
  #pool: Worker[] = [];
  #run = 0;

  /** Runs the sweep `w` of `base` (any previous one stops). */
  start(base: Scenario, w: SweepLink): void {
    this.#stop();
    const run = ++this.#run;
    this.#reset(w);
    this.total = w.steps * w.reps;
    this.status = 'planning';
    const cores = typeof navigator !== 'undefined' ? navigator.hardwareConcurrency || 2 : 2;
    const spec = { param: w.param, from: w.from, to: w.to, steps: w.steps, reps: w.reps };
    const apis = [this.#spawn()];
    void apis[0].plan(base, spec).then(
      (plan) => {
        if (run !== this.#run) return;
        if (!plan.ok) return this.#fail(plan.errors.join('\n'));
        if (plan.events > MAX_PAGE_SWEEP_EVENTS) {
          this.overBudget = plan.events;
          return this.#fail(null);
        }
        // Runs at once: one per core but one, at most four, and no more than the run budget's memory holds together.
        const n = Math.max(1, Math.min(MAX_SWEEP_WORKERS, cores - 1, this.total, Math.floor(MEMORY_BUDGET / Math.max(1, plan.bytes))));
        while (apis.length < n) apis.push(this.#spawn());
        this.header = plan.header;
        this.status = 'running';
        this.#dispatch(run, base, plan.header, apis);
      },
      (e: unknown) => run === this.#run && this.#fail(e instanceof Error ? e.message : String(e)),
    );
  }

  #dispatch(run: number, base: Scenario, header: SweepHeader, apis: Remote<SweepWorkerApi>[]): void {
    const runs: (SweepRun | undefined)[] = new Array(this.total);
    const left = new Array<number>(header.values.length).fill(header.reps);
    const points: (SweepPointResult | null)[] = new Array(header.values.length).fill(null);
    let next = 0;
    const pump = async (api: Remote<SweepWorkerApi>): Promise<void> => {
      while (run === this.#run && next < this.total) {
        const item = next++;
        const r = await api.item(base, header, item).catch((e: unknown) => ({ ok: false as const, item, error: e instanceof Error ? e.message : String(e) }));
        if (run !== this.#run) return;
        if (!r.ok) {
          const p = Math.floor(item / header.reps);
          return this.#fail(`${header.param} = ${header.values[p]}, replication ${item % header.reps}: ${r.error}`);
        }
        runs[item] = r.run;
        this.done++;
        // The statistics are computed in a worker too: the page's own code stays small.
        const p = Math.floor(item / header.reps);
        if (--left[p] === 0) {
          const point = await api.point(header, p, runs.slice(p * header.reps, (p + 1) * header.reps) as SweepRun[]);
          if (run !== this.#run) return;
          points[p] = point;
          this.points = [...points];
        }
        if (points.every((x) => x !== null)) {
          const { result, csv } = await api.result(header, runs as SweepRun[]);
          if (run !== this.#run || this.status === 'done') return;
          this.result = result;
          this.csv = csv;
          this.status = 'done';
          this.#stop();
        }
      }
    };
    for (const api of apis) void pump(api);
  }

  /** A sweep worker of the pool (ended by #stop). */
  #spawn(): Remote<SweepWorkerApi> {
    const worker = new Worker(new URL('../../../workers/sweep.worker.ts', import.meta.url), { type: 'module', name: `queuelab-param-sweep-${this.#pool.length}` });
    this.#pool.push(worker);
    this.workers = this.#pool.length;
    return wrap<SweepWorkerApi>(worker);
  }

  #fail(message: string | null): void {
    this.error = message;
    this.status = 'error';
    this.#stop();
  }

  cancel(): void {
    if (this.status !== 'running' && this.status !== 'planning') return;
    this.#run++;
    this.#stop();
    this.status = 'cancelled';
  }

  /** The scenario changed: the points no longer apply (the form keeps its values). */
  clear(): void {
    this.#run++;
    this.#stop();
    this.status = 'idle';
    this.#reset(null);
  }

  /** No points, no result, no error: the state before sweep `w` (or none) runs. */
  #reset(w: SweepLink | null): void {
    this.link = w;
    this.header = null;
    this.points = [];
    this.result = null;
    this.csv = null;
    this.error = null;
    this.overBudget = null;
    this.done = 0;
  }

  #stop(): void {
    for (const w of this.#pool) w.terminate();
    this.#pool = [];
    this.workers = 0;
  }

  destroy(): void {
    this.clear();
  }
}
