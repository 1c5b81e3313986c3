/**
 * Share links made before the model registry (by commit 527ddbe, stored in
 * test/fixtures/share-links-v1.json with the scenario that version decoded) still open, as the
 * same scenario: every field the old version saw has the same value (fields added since then take
 * their defaults) — for every shipped scenario, a reseeded one and a Kafka run with live faults.
 * The numbers a link replays to follow the model, which fidelity fixes may change. A value renamed
 * since is compared under its new name ({@link renamed}).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { decodeShare, SHARE_FORMATS_READ } from '../../src/scenario/index.ts';

interface Fixture {
  madeBy: string;
  links: { name: string; hash: string; scenario: Record<string, unknown> }[];
}

const fixture = JSON.parse(readFileSync('test/fixtures/share-links-v1.json', 'utf8')) as Fixture;

/** The old version's scenario with values renamed since: retry.attempts "header" is "store" (2026-12). */
function renamed(s: Record<string, unknown>): Record<string, unknown> {
  const groups = s.groups as { retry?: { attempts?: string } }[] | undefined;
  if (!groups) return s;
  return { ...s, groups: groups.map((g) => (g.retry?.attempts === 'header' ? { ...g, retry: { ...g.retry, attempts: 'store' } } : g)) };
}

describe('share links of the previous version', () => {
  it('are of link format v1, which this version reads', () => {
    expect(SHARE_FORMATS_READ).toContain(1);
    expect(fixture.links.length).toBeGreaterThanOrEqual(22);
    for (const l of fixture.links) expect(l.hash.startsWith('#v1.'), l.name).toBe(true);
  });

  for (const l of fixture.links) {
    it(`${l.name}: opens as the same scenario`, () => {
      const r = decodeShare(`http://127.0.0.1:5173/${l.hash}`);
      expect(r.ok, r.ok ? '' : JSON.stringify(r.errors)).toBe(true);
      if (!r.ok) return;
      expect(r.scenario).toMatchObject(renamed(l.scenario));
    });
  }
});
