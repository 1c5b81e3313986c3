import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  murmur2,
  murmur2Bytes,
  partitionForKey,
  positiveKeyHash,
  toPositive,
  utf8,
  utf8Into,
} from '../../src/sim/model/kafka/murmur2.ts';

/**
 * The complete `testMurmur2` case list of apache/kafka
 * clients/src/test/java/org/apache/kafka/common/utils/UtilsTest.java (the last case is the byte
 * array {'a','b','c'}, identical to "abc".getBytes()).
 */
const KAFKA_VECTORS: readonly [string, number][] = [
  ['21', -973932308],
  ['foobar', -790332482],
  ['a-little-bit-long-string', -985981536],
  ['a-little-bit-longer-string', -1486304829],
  ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', -58897971],
  ['abc', 479470107],
];

/**
 * librdkafka src/rdmurmur2.c `unittest_murmur2`, array `java_murmur2_results` (values the Java
 * client produces; an independent cross-check covering every tail length 0–3 and unaligned starts).
 */
const LIBRDKAFKA_JAVA_VECTORS: readonly [string, number][] = [
  ['kafka', 0xd067cf64],
  ['giberish123456789', 0x8f552b0c],
  ['1234', 0x9fc97b14],
  ['234', 0xe7c009ca],
  ['34', 0x873930da],
  ['4', 0x5a4b5ca1],
  ['PreAmbleWillBeRemoved,ThePrePartThatIs', 0x78424f1c],
  ['reAmbleWillBeRemoved,ThePrePartThatIs', 0x4a62b377],
  ['eAmbleWillBeRemoved,ThePrePartThatIs', 0xe0e4e09e],
  ['AmbleWillBeRemoved,ThePrePartThatIs', 0x62b8b43f],
  ['', 0x106e08d9],
];

describe('murmur2 (Kafka Utils.murmur2)', () => {
  it.each(KAFKA_VECTORS)('UtilsTest.testMurmur2: %j → %d', (key, expected) => {
    expect(murmur2(utf8(key))).toBe(expected);
  });

  it.each(LIBRDKAFKA_JAVA_VECTORS)('librdkafka java_murmur2_results: %j → %i', (key, expected) => {
    expect(murmur2(utf8(key))).toBe(expected | 0);
  });

  it('returns Java ints (signed 32-bit)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const h = murmur2(bytes);
        return Number.isInteger(h) && h >= -(2 ** 31) && h < 2 ** 31;
      }),
    );
  });

  it('murmur2Bytes(buf, len) hashes only the first len bytes of a larger buffer', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ maxLength: 8 }), (bytes, junk) => {
        const buf = new Uint8Array(bytes.length + junk.length);
        buf.set(bytes, 0);
        buf.set(junk, bytes.length);
        return murmur2Bytes(buf, bytes.length) === murmur2(bytes);
      }),
    );
  });
});

describe('toPositive (Kafka Utils.toPositive)', () => {
  it('clears the sign bit rather than taking |n|', () => {
    expect(toPositive(-2147483648)).toBe(0);
    expect(toPositive(-1)).toBe(0x7fffffff);
    expect(toPositive(0)).toBe(0);
    expect(toPositive(2147483647)).toBe(2147483647);
    expect(toPositive(-973932308)).toBe(1173551340);
  });
});

describe('utf8 (String.getBytes(UTF_8))', () => {
  it('matches TextEncoder on well-formed strings', () => {
    const enc = new TextEncoder();
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(Array.from(utf8(s))).toEqual(Array.from(enc.encode(s)));
      }),
    );
  });

  it('encodes 1-, 2-, 3- and 4-byte sequences', () => {
    expect(Array.from(utf8('A\u00ea\u20ac\u{1f600}'))).toEqual([
      0x41, 0xc3, 0xaa, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80,
    ]);
  });

  it("replaces an unpaired surrogate with '?' as Java does", () => {
    expect(Array.from(utf8('a\ud800b'))).toEqual([0x61, 0x3f, 0x62]);
    expect(Array.from(utf8('\udc00'))).toEqual([0x3f]);
    expect(Array.from(utf8('x\ud83d'))).toEqual([0x78, 0x3f]);
  });

  it('utf8Into writes at an offset and returns the end', () => {
    const buf = new Uint8Array(16).fill(0xee);
    expect(utf8Into('hé', buf, 3)).toBe(6);
    expect(Array.from(buf.subarray(0, 7))).toEqual([0xee, 0xee, 0xee, 0x68, 0xc3, 0xa9, 0xee]);
  });
});

describe('partitionForKey (BuiltInPartitioner.partitionForKey)', () => {
  // toPositive(murmur2) % 12 worked by hand from the Kafka vectors, e.g.
  // "21": -973932308 & 0x7fffffff = 1173551340 = 12 · 97795945 → partition 0.
  const TWELVE: readonly [string, number][] = [
    ['21', 0],
    ['foobar', 6], // 1357151166 = 12·113095930 + 6
    ['a-little-bit-long-string', 8], // 1161502112 = 12·96791842 + 8
    ['a-little-bit-longer-string', 11], // 661178819 = 12·55098234 + 11
    ['lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8', 5], // 2088585677 = 12·174048806 + 5
    ['abc', 3], // 479470107 = 12·39955842 + 3
  ];

  it.each(TWELVE)('%j with 12 partitions → %i', (key, expected) => {
    expect(partitionForKey(key, 12)).toBe(expected);
    const v = KAFKA_VECTORS.find(([k]) => k === key)![1];
    expect((v & 0x7fffffff) % 12).toBe(expected);
  });

  it('is in [0, n) and equals toPositive(murmur2(utf8(key))) % n', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.integer({ min: 1, max: 100_000 }), (key, n) => {
        const p = partitionForKey(key, n);
        expect(Number.isInteger(p) && p >= 0 && p < n).toBe(true);
        expect(p).toBe(toPositive(murmur2(utf8(key))) % n);
        expect(positiveKeyHash(key)).toBe(toPositive(murmur2(utf8(key))));
      }),
    );
  });

  it('handles keys longer than the internal scratch buffer', () => {
    const long = 'é'.repeat(1000) + '\u{1f600}'.repeat(100);
    expect(positiveKeyHash(long)).toBe(toPositive(murmur2(new TextEncoder().encode(long))));
  });

  it('rejects a non-positive partition count', () => {
    expect(() => partitionForKey('a', 0)).toThrow(RangeError);
    expect(() => partitionForKey('a', 1.5)).toThrow(RangeError);
  });
});
