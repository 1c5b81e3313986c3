/**
 * Share links of format v2 carry a checksum: no single changed, dropped or added character goes
 * unnoticed — the link is refused with a message instead of opening some other scenario (3 % of
 * such v1 links did). Exhaustive over every position of a few shipped scenarios' links, and a
 * fast-check property (fixed seed) over many more links.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { crc32, decodeShare, encodeShareHash, formatError, shareCheck, validateScenario, type Scenario } from '../../src/scenario/index.ts';

const shipped: Scenario[] = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .sort()
  .map((f) => {
    const r = validateScenario(JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')));
    if (!r.ok) throw new Error(f);
    return r.scenario;
  });

/** The characters a substitution may put in: the payload's alphabet, the link's separators, and a few that never belong. */
const LZ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
const SUBSTITUTES = [...LZ, '.', '#', ' ', '%', '/', 'é', 'Ł', '😀'];

const messages = (hash: string): string => {
  const r = decodeShare(`https://example.org/queuelab/${hash}`);
  return r.ok ? 'OPENED' : r.errors.map(formatError).join('; ');
};

/** Every single-character substitution, deletion and insertion of `hash` (after its '#'). */
function* mutations(hash: string): Generator<{ what: string; text: string; inPayload: boolean }> {
  const payloadAt = hash.indexOf('.', 4) + 1; // '#v2.' + 8 + '.'
  for (let i = 1; i < hash.length; i++) {
    const inPayload = i >= payloadAt;
    for (const c of SUBSTITUTES) if (c !== hash[i]) yield { what: `${i}: ${hash[i]} → ${c}`, text: hash.slice(0, i) + c + hash.slice(i + 1), inPayload };
    yield { what: `${i}: ${hash[i]} deleted`, text: hash.slice(0, i) + hash.slice(i + 1), inPayload };
  }
  for (let i = payloadAt; i <= hash.length; i++) yield { what: `${i}: A inserted`, text: hash.slice(0, i) + 'A' + hash.slice(i), inPayload: true };
}

describe('v2 share links are checksummed', () => {
  it('have the form #v2.<8 base-36 characters>.<lz-string data> and round-trip', () => {
    for (const s of shipped) {
      const h = encodeShareHash(s);
      expect(h).toMatch(/^#v2\.[0-9a-z]{8}\.[A-Za-z0-9+\-$]+$/);
      expect(decodeShare(h)).toEqual({ ok: true, scenario: s });
    }
  });

  it('use CRC-32 as zlib computes it, and the length mod 36', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
    expect(crc32('')).toBe(0);
    expect(shareCheck('')).toBe('00000000');
    expect(shareCheck('A'.repeat(37))).toBe(crc32('A'.repeat(37)).toString(36).padStart(7, '0') + '1');
  });

  it('refuse every single-character change, deletion and insertion of a shipped scenario’s link', () => {
    let tried = 0;
    const missed: string[] = [];
    for (const id of ['mm1', 'littles-law', 'rebalance-storm']) {
      const hash = encodeShareHash(shipped.find((s) => s.id === id)!);
      for (const m of mutations(hash)) {
        tried++;
        const text = messages(m.text);
        if (text === 'OPENED' || (m.inPayload && !text.startsWith('link: was changed or truncated: '))) missed.push(`${id} ${m.what}: ${text}`);
      }
    }
    expect(missed).toEqual([]);
    expect(tried).toBeGreaterThan(50_000);
  });

  it('refuse any single-character change of many links (property, fixed seed)', () => {
    const scenario = fc
      .record({ base: fc.constantFrom(...shipped), seed: fc.nat(), title: fc.string({ unit: 'grapheme', maxLength: 40 }), durationScale: fc.integer({ min: 1, max: 5 }) })
      .map(({ base, seed, title, durationScale }) => ({ ...base, seed, title, duration: base.duration * durationScale }) as Scenario);
    const change = fc.record({ at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), kind: fc.constantFrom('substitute', 'delete', 'insert'), c: fc.constantFrom(...SUBSTITUTES) });
    fc.assert(
      fc.property(scenario, fc.array(change, { minLength: 1, maxLength: 20 }), (s, changes) => {
        const hash = encodeShareHash(s);
        expect(decodeShare(hash).ok).toBe(true);
        for (const { at, kind, c } of changes) {
          const i = 1 + Math.floor(at * (hash.length - 1));
          const text = kind === 'delete' ? hash.slice(0, i) + hash.slice(i + 1) : kind === 'insert' ? hash.slice(0, i) + c + hash.slice(i) : hash.slice(0, i) + c + hash.slice(i + 1);
          if (text === hash) continue;
          // An insertion right after "#v" may make "v22." etc.: a format this version does not read.
          expect(messages(text), `${kind} ${JSON.stringify(c)} at ${i}`).not.toBe('OPENED');
        }
      }),
      { seed: 20_241_010, numRuns: 400 },
    );
  });
});
