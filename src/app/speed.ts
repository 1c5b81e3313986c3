/**
 * Speed choices: simulated seconds per wall-clock second on a 1–3–10 ladder, plus 'max'. The
 * default is the slowest speed that still finishes the scenario within a few seconds, so a class
 * watches the queue fill and the averages settle instead of a run that ends before anyone looks.
 */
import type { Speed } from '../../workers/protocol.ts';

export type { Speed };

export const SPEED_LADDER: readonly number[] = [
  1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 30_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000,
];

/** A default run takes at most this many wall seconds. */
export const DEFAULT_RUN_SECONDS = 5;

/** Ladder speeds worth offering for a run of `duration` simulated seconds (≥ 0.5 s of wall time each), then 'max'. */
export function speedChoices(duration: number): Speed[] {
  const useful = SPEED_LADDER.filter((v) => duration / v >= 0.5);
  return [...(useful.length > 0 ? useful : [SPEED_LADDER[0]]), 'max'];
}

/** The slowest offered speed that finishes `duration` within `seconds` wall seconds ('max' if none does). */
export function defaultSpeed(duration: number, seconds = DEFAULT_RUN_SECONDS): Speed {
  for (const v of speedChoices(duration)) if (v !== 'max' && duration / v <= seconds) return v;
  return 'max';
}

/** Form value of a speed (for <select>), and back. */
export const speedKey = (s: Speed): string => String(s);
export function parseSpeedKey(key: string): Speed | null {
  if (key === 'max') return 'max';
  const n = Number(key);
  return Number.isFinite(n) && n > 0 ? n : null;
}
