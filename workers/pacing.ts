/**
 * The part of pacing both runners share: advance a chunk-invariant model towards a target time in
 * adaptive chunks of events (each call ~1–4 ms of wall time), until the target is reached or the
 * tick's wall budget is spent, so commands (pause, reset) are handled between ticks.
 */
import type { Host } from './host.ts';

/** Events per `run` call; adapted so that one call takes about 1–4 ms. */
export interface Chunk {
  size: number;
}

export interface BudgetedRun {
  /** The model's `run(until, maxEvents)`: runs events up to `until`, at most `maxEvents`. */
  run(until: number, maxEvents: number): number;
  /** Simulated time to reach in this tick. */
  target: number;
  chunk: Chunk;
  /** Wall clock, ms. */
  now(): number;
  /** Wall time (ms) the tick started, and how long it may work. */
  start: number;
  budgetMs: number;
  /** Optional checkpoints on the way (e.g. Little's-law samples): the next one, and what to do there. */
  nextStop?(): number;
  onStop?(): void;
}

/** Returns true when `target` was reached within the budget. */
export function runBudgeted(r: BudgetedRun): boolean {
  do {
    const size = r.chunk.size;
    const t0 = r.now();
    const until = Math.min(r.target, r.nextStop?.() ?? Infinity);
    const n = r.run(until, size);
    if (n < size) {
      // `until` was reached: a checkpoint, or the target.
      r.onStop?.();
      if (until >= r.target) return true;
      continue;
    }
    const took = r.now() - t0;
    if (took < 1) r.chunk.size = Math.min(size * 2, 1 << 20);
    else if (took > 4) r.chunk.size = Math.max(size >> 1, 256);
  } while (r.now() - r.start < r.budgetMs);
  return false;
}


/**
 * The Host of a real Worker: `asap` yields to the event loop through a MessageChannel, without
 * the 4 ms clamp of nested setTimeout(0), so commands queued meanwhile run first.
 */
export function workerHost(): Host {
  const channel = new MessageChannel();
  const pending: Array<() => void> = [];
  channel.port1.onmessage = () => pending.shift()?.();
  return {
    now: () => performance.now(),
    asap(fn) {
      pending.push(fn);
      channel.port2.postMessage(0);
    },
    after: (ms, fn) => void setTimeout(fn, ms),
  };
}
