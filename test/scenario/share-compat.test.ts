/**
 * Share links made before the model registry (by commit 527ddbe, stored in
 * test/fixtures/share-links-v1.json) still open and replay to exactly the summary they replayed to
 * then — for every shipped scenario, a reseeded one and a Kafka run with live faults recorded.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { decodeShare, SHARE_FORMAT } from '../../src/scenario/index.ts';
import { runScenario } from '../../src/run/run.ts';

interface Fixture {
  madeBy: string;
  links: { name: string; hash: string; summarySha256: string }[];
}

const fixture = JSON.parse(readFileSync('test/fixtures/share-links-v1.json', 'utf8')) as Fixture;

describe('share links of the previous version', () => {
  it('are of link format v1, which this version reads', () => {
    expect(SHARE_FORMAT).toBe(1);
    expect(fixture.links.length).toBeGreaterThanOrEqual(22);
    for (const l of fixture.links) expect(l.hash.startsWith('#v1.'), l.name).toBe(true);
  });

  for (const l of fixture.links) {
    it(`${l.name}: opens and replays to the same summary, byte for byte`, () => {
      const r = decodeShare(`http://127.0.0.1:5173/${l.hash}`);
      expect(r.ok, r.ok ? '' : JSON.stringify(r.errors)).toBe(true);
      if (!r.ok) return;
      const sha = createHash('sha256').update(JSON.stringify(runScenario(r.scenario))).digest('hex');
      expect(sha).toBe(l.summarySha256);
    });
  }
});
