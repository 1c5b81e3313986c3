/**
 * Share-link decompression is bounded (hardening): a link is at most 16,000 characters, but
 * lz-string can expand that to ~25 million. `decompressBounded` stops once the output would pass
 * `MAX_SHARE_JSON` and the link is refused with a message; below the bound it returns exactly
 * what lz-string returns — for every link a compressor writes, and for any other input too.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { decodeShareData, encodeShareHash, MAX_SHARE_JSON, MAX_SHARE_LENGTH, shareCheck } from '../../src/scenario/index.ts';
import { decompressBounded } from '../../src/scenario/lz-bounded.ts';
import { cutLinkStart, decodePrefix } from '../../src/scenario/cutlink.ts';
import { allShipped } from '../app/fixtures.ts';
import { LZ, repeatBomb } from '../fixtures/lz-bomb.ts';

const { compressToEncodedURIComponent: compress, decompressFromEncodedURIComponent } = LZString;
/** lz-string's answer, a throw counted as null (the link is refused either way). */
const lz = (payload: string): string | null => {
  try {
    return decompressFromEncodedURIComponent(payload);
  } catch {
    return null;
  }
};

const v1Links = (JSON.parse(readFileSync('test/fixtures/share-links-v1.json', 'utf8')) as { links: { hash: string }[] }).links.map((l) => l.hash.slice('#v1.'.length));

describe('bounded share-link decompression', () => {
  it('decodes every shipped scenario’s link and every stored v1 link exactly as lz-string does', () => {
    const payloads = [...allShipped().map((s) => encodeShareHash(s).split('.')[2]), ...v1Links];
    expect(payloads.length).toBeGreaterThan(40);
    for (const p of payloads) {
      const r = decompressBounded(p, MAX_SHARE_JSON);
      expect(r.over).toBe(false);
      expect(r.text).not.toBeNull();
      expect(r.text).toBe(decompressFromEncodedURIComponent(p));
      expect(r.produced).toBe(r.text!.length);
    }
  });

  it('decodes whatever lz-string compressed byte for byte (any UTF-16 text, JSON, repetitive text)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: fc.constantFrom('a', 'b', '{', '"', ':', '0', '1'), maxLength: 3000 }),
      fc.json({ maxDepth: 4 }),
      fc.tuple(fc.string({ maxLength: 20 }), fc.integer({ min: 1, max: 500 })).map(([s, n]) => s.repeat(n)),
    );
    fc.assert(
      fc.property(text, (s) => {
        const p = compress(s);
        const r = decompressBounded(p, MAX_SHARE_JSON);
        expect(r.text).toBe(lz(p));
        if (s !== '') expect(r.text).toBe(s);
      }),
      { seed: 20_260_501, numRuns: 600 },
    );
  });

  it('answers like lz-string on input no compressor wrote: garbage, cut and changed payloads', () => {
    const garbage = fc.string({ unit: fc.constantFrom(...LZ, ' ', '.', 'é', '%'), maxLength: 200 });
    const cut = fc.tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.nat(), fc.constantFrom(...LZ)).map(([s, i, j, c]) => {
      const p = compress(s);
      const a = i % (p.length + 1);
      return j % 2 === 0 ? p.slice(0, a) : p.slice(0, a) + c + p.slice(a + 1);
    });
    fc.assert(
      fc.property(fc.oneof(garbage, cut), (p) => {
        const r = decompressBounded(p, 1_000_000);
        expect(r.over).toBe(false);
        expect(r.text).toBe(lz(p));
      }),
      { seed: 20_260_502, numRuns: 3000 },
    );
  });

  it('stops exactly at the bound: text of n characters decodes with max n and is refused with max n − 1', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }), (s) => {
        const p = compress(s);
        expect(decompressBounded(p, s.length)).toEqual({ text: s, produced: s.length, over: false });
        const r = decompressBounded(p, s.length - 1);
        expect(r.over).toBe(true);
        expect(r.text).toBeNull();
        expect(r.produced).toBeLessThanOrEqual(s.length - 1);
      }),
      { seed: 20_260_503, numRuns: 400 },
    );
  });

  it('the crafted payload builder writes what lz-string reads', () => {
    for (const k of [0, 1, 5, 50, 300]) {
      const b = repeatBomb(k);
      expect(b.expands).toBe(((k + 1) * (k + 2)) / 2);
      expect(lz(b.payload)).toBe('a'.repeat(b.expands));
      expect(decompressBounded(b.payload, MAX_SHARE_JSON).text).toBe('a'.repeat(b.expands));
    }
  });

  it('refuses a link of at most 16,000 characters that expands to millions, after producing at most the bound', () => {
    const bomb = repeatBomb(7000);
    const link = `#v2.${shareCheck(bomb.payload)}.${bomb.payload}`;
    expect(link.length - 1).toBeLessThanOrEqual(MAX_SHARE_LENGTH);
    expect(bomb.expands).toBeGreaterThan(24_000_000);

    const r = decodeShareData(`https://example.org/queuelab/${link}`);
    expect(r).toEqual({ ok: false, errors: [{ path: 'link', message: 'is too large: its data expands to more than 262,144 characters (real scenarios are under 100,000; share a larger one as a file)' }] });

    // Bounded work: the decoder produced no more than the bound before stopping (lz-string would produce all 24 M).
    const d = decompressBounded(bomb.payload, MAX_SHARE_JSON);
    expect(d.over).toBe(true);
    expect(d.produced).toBeLessThanOrEqual(MAX_SHARE_JSON);
    expect(d.produced).toBeGreaterThan(MAX_SHARE_JSON - 1000);

    // The same link cut short: what its start names is read from at most the bound, too.
    expect(decodePrefix(bomb.payload).length).toBeLessThanOrEqual(MAX_SHARE_JSON);
    expect(decodePrefix(bomb.payload.slice(0, 12_000)).length).toBeLessThanOrEqual(MAX_SHARE_JSON);
    expect(cutLinkStart(`${link.slice(0, 12_000)}`)).toBeNull();
  });

  it('keeps real links well inside the bound: 300 live faults, 16 producers of 1,000-step profiles', () => {
    const [kafka] = allShipped().filter((s) => s.model === 'kafka');
    if (kafka.model !== 'kafka') throw new Error('no Kafka scenario');
    const faults = Array.from({ length: 300 }, (_, i) => ({ at: 1 + i * 0.123456789, kind: 'add-consumer' as const, target: kafka.groups[0]['group.id'], count: 1 }));
    const withFaults = JSON.stringify({ ...kafka, faults });
    expect(withFaults.length).toBeLessThan(MAX_SHARE_JSON / 5);
    // Real JSON compresses at most ~6×: a link of 16,000 characters carries well under the bound.
    const profiles = JSON.stringify({
      ...kafka,
      producers: Array.from({ length: 16 }, (_, i) => ({ ...kafka.producers[0], name: `p${i}`, profile: Array.from({ length: 1000 }, (_, k) => ({ at: k * 0.5, rate: 5 + (k % 7) })) })),
    });
    const ratio = profiles.length / compress(profiles).length;
    expect(ratio).toBeLessThan(MAX_SHARE_JSON / MAX_SHARE_LENGTH / 2);
  });
});
