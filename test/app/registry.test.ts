/**
 * The model registry is the one place that lists the models: the simulation side
 * (src/run/registry.ts), the page side (src/app/registry.ts) and the scenario format agree on the
 * kinds, every shipped scenario runs through its entry, and nothing outside the registries and the
 * models' own folders branches on a kind.
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MODELS as KINDS_IN_FORMAT, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { MODELS } from '../../src/run/registry.ts';
import { PAGES } from '../../src/app/registry.ts';
import { allShipped, liveToEnd } from './fixtures.ts';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|svelte)$/.test(f) ? [p] : [];
  });
}

describe('model registry', () => {
  it('the scenario format, the simulation registry and the page registry list the same kinds', () => {
    expect(Object.keys(MODELS).sort()).toEqual([...KINDS_IN_FORMAT].sort());
    expect(Object.keys(PAGES).sort()).toEqual([...KINDS_IN_FORMAT].sort());
    for (const [kind, entry] of Object.entries(MODELS)) expect(entry.kind).toBe(kind);
    for (const [kind, page] of Object.entries(PAGES)) {
      expect(page.kind).toBe(kind);
      // A kind's blank start is a valid scenario of that kind.
      const r = validateScenario(page.blank());
      expect(r.ok && r.scenario.model).toBe(kind);
    }
  });

  it('every shipped scenario runs through its entry: live view, snapshot buffers, summary, sweep point', () => {
    const seen = new Set<string>();
    for (const s0 of allShipped()) {
      const s = { ...s0, duration: Math.min(s0.duration, 60), warmup: Math.min(s0.warmup, 6) } as Scenario;
      const { entry, model, view } = liveToEnd(s);
      expect(entry.kind).toBe(s.model);
      expect(v.safeParse(entry.schema, s0).success, s.id).toBe(true);
      seen.add(s.model);
      const data = view.snapshot(s, 0);
      const buffers = view.transfer(data);
      expect(buffers.length, s.id).toBeGreaterThan(0);
      for (const b of buffers) expect(b, s.id).toBeInstanceOf(ArrayBuffer);
      // Transferred buffers are never shared between two snapshots (transfer detaches them).
      const again = view.transfer(view.snapshot(s, 0));
      for (const b of again) expect(buffers.includes(b), s.id).toBe(false);
      const summary = entry.summary(s, model) as { model: string; simTime: number };
      expect(summary.model).toBe(s.model);
      expect(summary.simTime).toBe(s.duration);
      expect(typeof entry.table(s, summary)).toBe('string');
      expect(entry.focusCount(s)).toBeGreaterThanOrEqual(1);
      const point = entry.sweepPoint(summary);
      expect(Object.keys(point).sort()).toEqual(['W', 'busy', 'hw', 'lambda']);
    }
    expect([...seen].sort()).toEqual(Object.keys(MODELS).sort());
  });

  it('nothing outside the registries and the models’ folders names a kind', () => {
    const kinds = Object.keys(MODELS);
    const generic = [...files('workers'), ...files('src/cli'), ...files('src/app/shell'), ...files('src/run').filter((f) => !f.includes('/models/') && !f.endsWith('registry.ts'))];
    generic.push(...readdirSync('src/app').filter((f) => /\.(ts|svelte)$/.test(f) && f !== 'registry.ts').map((f) => join('src/app', f)));
    expect(generic.length).toBeGreaterThan(15);
    for (const f of generic) {
      const text = readFileSync(f, 'utf8');
      for (const k of kinds) expect(new RegExp(`['"\`]${k}['"\`]`).test(text), `${f} names the kind "${k}"`).toBe(false);
    }
  });
});
