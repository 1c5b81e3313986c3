/**
 * What the models' property tests share: numbers with two decimals for fast-check, and a run done
 * in chunks — its conservation checked at every boundary and at the end — that must end exactly
 * where the same run done in one call ends (byte-identical summaries).
 */
import { expect } from 'vitest';
import fc from 'fast-check';

/** A number in [min, max] with two decimals (readable in a shrunk counterexample). */
export const centi = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((x) => x / 100);

/**
 * Runs `s` to each cumulative cut and to its end, expecting `errors(model)` to be empty at every
 * boundary; then runs a fresh model in one call and expects the same summary.
 */
export function expectChunkInvariant<S extends { duration: number }, M extends { run(until: number): number }>(
  s: S,
  cuts: readonly number[],
  create: (s: S) => M,
  summary: (s: S, m: M) => unknown,
  errors: (m: M) => string[],
): void {
  const m = create(s);
  let t = 0;
  for (const c of cuts) {
    t = Math.min(s.duration, t + c);
    m.run(t);
    expect(errors(m), `t=${t}`).toEqual([]);
  }
  m.run(s.duration);
  expect(errors(m)).toEqual([]);
  const one = create(s);
  one.run(s.duration);
  expect(JSON.stringify(summary(s, m))).toBe(JSON.stringify(summary(s, one)));
}
