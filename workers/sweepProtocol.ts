import type { SweepHeader, SweepRun } from '../src/run/sweep-aggregate.ts';

/** Result of one sweep point (types only). */
export type SweepResult =
  | { ok: true; rho: number; lambda: number | null; W: number | null; hw: number | null; busy: number | null }
  | { ok: false; rho: number; error: string };

/** One run of a sweep of any setting (types only): its headline metrics, or why it failed. */
export type ItemResult = { ok: true; run: SweepRun } | { ok: false; item: number; error: string };

/** A sweep of any setting checked before it runs (types only): its header, estimated events and the largest run's estimated memory (bytes), or the errors of its first bad value. */
export type PlanResult = { ok: true; header: SweepHeader; events: number; bytes: number } | { ok: false; errors: string[] };
