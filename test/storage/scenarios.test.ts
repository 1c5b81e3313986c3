/**
 * The shipped storage scenarios' signatures over seeds 1–5: the effect each lesson tells, with
 * tolerances wide enough for the seed's luck and narrow enough to fail if the mechanism breaks.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import type { StorageScenario } from '../../src/scenario/schema.ts';
import { run } from './helpers.ts';

function load(id: string, ...sets: string[]): StorageScenario {
  let raw: unknown = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
  for (const s of sets) raw = applyOverride(raw, parseOverride(s));
  const r = validateScenario(raw);
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  return r.scenario as StorageScenario;
}

const SEEDS = [1, 2, 3, 4, 5];

describe('compaction: a table topic under delete loses its quiet keys; compact keeps every live key', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const broken = run({ ...load('compaction'), seed }).r;
      const fixed = run({ ...load('compaction', 'topic.cleanup.policy=compact'), seed }).r;
      const b = broken.lastCatchUp!;
      const f = fixed.lastCatchUp!;
      expect(b.kind).toBe('restore');
      // delete: about a tenth of the live customers (the rarely changed ones) expired with their segments.
      expect(b.missing).toBeGreaterThan(600);
      expect(b.missing).toBeLessThan(1300);
      expect(b.resurrected).toBe(0);
      expect(b.keys + b.missing).toBe(b.trueKeys);
      // compact: every live key, none stale, from far fewer records than the delete log held.
      expect(f.missing).toBe(0);
      expect(f.stale).toBe(0);
      expect(f.resurrected).toBe(0);
      expect(f.keys).toBe(f.trueKeys);
      expect(f.read * 3).toBeLessThan(b.read);
      expect(f.seconds * 3).toBeLessThan(b.seconds);
      // The compacted log is bounded by the keys (≈ 9,100 live, 10,000 at most): at most about twice that.
      expect(fixed.logRecordsMax).toBeLessThan(2.5 * fixed.liveKeys);
      expect(fixed.logRecordsMax * 5).toBeLessThan(fixed.produced);
      expect(fixed.cleaner.runs).toBeGreaterThan(50);
    });
  }
});

describe('tombstones: a reader offline longer than delete.retention.ms keeps deleted keys; a longer delete.retention.ms fixes it', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const broken = run({ ...load('tombstones'), seed }).r;
      const fixed = run({ ...load('tombstones', 'topic.delete.retention.ms=3600000'), seed }).r;
      const b = broken.lastCatchUp!;
      const f = fixed.lastCatchUp!;
      // The catch-up after the outage (600 s + 1800 s).
      expect(b.kind).toBe('resume');
      expect(b.startedAt).toBe(2400);
      expect(b.resurrected).toBeGreaterThan(200);
      expect(b.resurrected).toBeLessThan(700);
      expect(b.missing).toBe(0);
      expect(b.keys).toBe(b.trueKeys + b.resurrected);
      expect(broken.cleaner.runs).toBeGreaterThan(50);
      expect(broken.records.expiredTombstones).toBeGreaterThan(1000);
      expect(f.kind).toBe('resume');
      expect(f.resurrected).toBe(0);
      expect(f.missing).toBe(0);
      expect(f.keys).toBe(f.trueKeys);
    });
  }
});
