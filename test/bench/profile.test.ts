/**
 * The bench's "where the time goes" (src/bench/profile.ts): a profiled child's samples are charged
 * to the parts of the model that ran, only while the workload ran.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { formatShares, whereTimeGoes } from '../../src/bench/profile.ts';

const BENCH = fileURLToPath(new URL('../../src/bench/bench.ts', import.meta.url));

describe('where the time goes', () => {
  it('charges a station run to the station and its metrics, and nothing to start-up or to models that did not run', () => {
    const shares = whereTimeGoes(['--import', 'tsx', BENCH, '--profile-child', 'station', 'a']);
    const parts = new Map(shares.map((s) => [s.part, s.share]));
    expect(shares.reduce((a, s) => a + s.share, 0)).toBeCloseTo(1, 9);
    // Largest first.
    expect(shares.map((s) => s.share)).toEqual([...shares.map((s) => s.share)].sort((a, b) => b - a));
    // Samples are charged to the function on top of the stack, so V8's inlining decides whether the
    // metrics' time shows as theirs or the station's: six runs in a row gave the metrics 0.8–17.7 %.
    // Together the station and what it calls are nearly all of it.
    const own = ['the station model', 'metrics: integrals, histograms, series, batch means', 'random numbers and distributions'];
    expect(parts.get('the station model') ?? 0).toBeGreaterThan(0.05);
    expect(own.reduce((a, k) => a + (parts.get(k) ?? 0), 0) + (parts.get('garbage collector') ?? 0)).toBeGreaterThan(0.8);
    // No broker model ran; loading the modules is outside the profiled workload.
    expect(parts.has('producers: arrivals, keys, partitioner, append')).toBe(false);
    expect(parts.get('other (runtime, built-ins)') ?? 0).toBeLessThan(0.2);
    expect(formatShares(shares)).toMatch(/^the station model \d+ %; /);
  }, 60_000);

  it('formats the parts over 2 % and the rest', () => {
    expect(
      formatShares([
        { part: 'a', share: 0.6 },
        { part: 'b', share: 0.385 },
        { part: 'c', share: 0.01 },
        { part: 'd', share: 0.005 },
      ]),
    ).toBe('a 60 %; b 39 %; the rest 2 %');
  });
});
