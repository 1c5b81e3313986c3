import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Rng } from '../../src/sim/kernel/rng.ts';
import { makeKeyGenerator, makeKeyPartitionCache, type KeySpec } from '../../src/sim/model/kafka/keys.ts';
import { partitionForKey, utf8 } from '../../src/sim/model/kafka/murmur2.ts';

const Z = 4.5; // each binomial check fails by chance with p ≈ 7e-6

function draw(spec: KeySpec, n: number, seed = 1): Float64Array {
  const gen = makeKeyGenerator(spec, new Rng(seed));
  const counts = new Float64Array(gen.count);
  for (let i = 0; i < n; i++) counts[gen.next()]++;
  return counts;
}

/** |count − n·p| < Z · sqrt(n·p·(1−p)) — the binomial standard error of one cell. */
function expectBinomial(count: number, n: number, p: number): void {
  const sd = Math.sqrt(n * p * (1 - p));
  expect(Math.abs(count - n * p)).toBeLessThan(Z * sd + 1e-9);
}

/** H(N, s) = Σ k^−s, summed from the smallest terms up (independent of the implementation). */
function harmonic(N: number, s: number): number {
  let h = 0;
  for (let k = N; k >= 1; k--) h += k ** -s;
  return h;
}

describe('uniform keys', () => {
  it('draws each of N keys with probability 1/N', () => {
    const N = 50;
    const n = 500_000;
    const counts = draw({ kind: 'uniform', count: N }, n);
    for (let i = 0; i < N; i++) expectBinomial(counts[i], n, 1 / N);
    const gen = makeKeyGenerator({ kind: 'uniform', count: N }, new Rng(1));
    expect(gen.pmf(0)).toBe(1 / N);
    expect(gen.pmf(N)).toBe(0);
  });

  it('names keys key-<i>, or with a given prefix', () => {
    const gen = makeKeyGenerator({ kind: 'uniform', count: 1000 }, new Rng(1));
    expect(gen.key(0)).toBe('key-0');
    expect(gen.key(999)).toBe('key-999');
    expect(gen.key(999)).toBe('key-999'); // cached path
    const user = makeKeyGenerator({ kind: 'uniform', count: 10, prefix: 'user-' }, new Rng(1));
    expect(user.key(7)).toBe('user-7');
    expect(() => user.key(10)).toThrow(RangeError);
    expect(() => user.key(-1)).toThrow(RangeError);
  });
});

describe('zipf keys', () => {
  it('matches pmf (i+1)^−s / H(N,s) for the head and the tail mass', () => {
    const N = 1000;
    const s = 1.1;
    const n = 1_000_000;
    const counts = draw({ kind: 'zipf', count: N, s }, n, 2);
    const H = harmonic(N, s);
    for (let i = 0; i < 30; i++) expectBinomial(counts[i], n, (i + 1) ** -s / H);
    let tail = 0;
    let pTail = 0;
    for (let i = 30; i < N; i++) {
      tail += counts[i];
      pTail += (i + 1) ** -s / H;
    }
    expectBinomial(tail, n, pTail);
  });

  it('gives the top key a share of 1/H(N,s)', () => {
    for (const [N, s] of [
      [100, 0.8],
      [10_000, 1.0],
      [1_000_000, 1.2],
    ]) {
      const gen = makeKeyGenerator({ kind: 'zipf', count: N, s }, new Rng(3));
      const H = harmonic(N, s);
      expect(gen.pmf(0)).toBeCloseTo(1 / H, 12);
      const n = 300_000;
      let top = 0;
      for (let i = 0; i < n; i++) if (gen.next() === 0) top++;
      expectBinomial(top, n, 1 / H);
    }
  });

  it('pmf sums to 1 and is decreasing; s = 0 is uniform', () => {
    const gen = makeKeyGenerator({ kind: 'zipf', count: 5000, s: 0.9 }, new Rng(4));
    let sum = 0;
    for (let i = 0; i < gen.count; i++) {
      sum += gen.pmf(i);
      if (i > 0) expect(gen.pmf(i)).toBeLessThan(gen.pmf(i - 1));
    }
    expect(sum).toBeCloseTo(1, 12);
    const flat = makeKeyGenerator({ kind: 'zipf', count: 40, s: 0 }, new Rng(4));
    for (let i = 0; i < 40; i++) expect(flat.pmf(i)).toBeCloseTo(1 / 40, 15);
    const n = 200_000;
    const counts = draw({ kind: 'zipf', count: 40, s: 0 }, n, 5);
    for (let i = 0; i < 40; i++) expectBinomial(counts[i], n, 1 / 40);
  });

  it('samples from 10^6 keys in O(log N) and returns valid indices', () => {
    const gen = makeKeyGenerator({ kind: 'zipf', count: 1_000_000, s: 1.0 }, new Rng(6));
    for (let i = 0; i < 200_000; i++) {
      const k = gen.next();
      if (!(k >= 0 && k < 1_000_000 && Number.isInteger(k))) throw new Error(`bad index ${k}`);
    }
    expect(gen.key(999_999)).toBe('key-999999');
  });

  it('rejects bad parameters', () => {
    expect(() => makeKeyGenerator({ kind: 'zipf', count: 10, s: -1 }, new Rng(1))).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'zipf', count: 0, s: 1 }, new Rng(1))).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'uniform', count: 2.5 }, new Rng(1))).toThrow(RangeError);
  });
});

describe('coarse keys', () => {
  const values = ['US', 'DE', 'IN', 'BR', 'JP'];

  it('honours weights (a zero weight is never drawn)', () => {
    const weights = [5, 3, 1, 1, 0];
    const n = 400_000;
    const counts = draw({ kind: 'coarse', values, weights }, n, 7);
    for (let i = 0; i < 4; i++) expectBinomial(counts[i], n, weights[i] / 10);
    expect(counts[4]).toBe(0);
    const gen = makeKeyGenerator({ kind: 'coarse', values, weights }, new Rng(7));
    expect(gen.pmf(0)).toBe(0.5);
    expect(gen.key(2)).toBe('IN');
  });

  it('is uniform without weights', () => {
    const n = 200_000;
    const counts = draw({ kind: 'coarse', values }, n, 8);
    for (let i = 0; i < values.length; i++) expectBinomial(counts[i], n, 1 / values.length);
  });

  it('rejects bad lists', () => {
    const r = new Rng(1);
    expect(() => makeKeyGenerator({ kind: 'coarse', values: [] }, r)).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'coarse', values: ['a', 'a'] }, r)).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'coarse', values: ['a', 'b'], weights: [1] }, r)).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'coarse', values: ['a', 'b'], weights: [0, 0] }, r)).toThrow(RangeError);
    expect(() => makeKeyGenerator({ kind: 'coarse', values: ['a', 'b'], weights: [1, -1] }, r)).toThrow(RangeError);
  });
});

describe('null keys', () => {
  it('always returns −1 and draws nothing from the rng', () => {
    const rng = new Rng(9);
    const gen = makeKeyGenerator({ kind: 'none' }, rng);
    const before = [rng.s0, rng.s1, rng.s2, rng.s3];
    for (let i = 0; i < 10; i++) expect(gen.next()).toBe(-1);
    expect([rng.s0, rng.s1, rng.s2, rng.s3]).toEqual(before);
    expect(gen.count).toBe(0);
    expect(() => gen.key(0)).toThrow(RangeError);
    expect(() => makeKeyPartitionCache(gen, 3).partitionOf(0)).toThrow(RangeError);
  });
});

describe('determinism', () => {
  const specs: KeySpec[] = [
    { kind: 'uniform', count: 1000 },
    { kind: 'zipf', count: 1000, s: 1.05 },
    { kind: 'coarse', values: ['a', 'b', 'c'], weights: [1, 2, 3] },
    { kind: 'coarse', values: ['a', 'b', 'c'] },
  ];
  it.each(specs)('same seed → same sequence (%j)', (spec) => {
    const seq = (seed: number) => {
      const g = makeKeyGenerator(spec, new Rng(seed));
      return Array.from({ length: 2000 }, () => g.next());
    };
    expect(seq(10)).toEqual(seq(10));
    expect(seq(10)).not.toEqual(seq(11));
  });
});

describe('encodeKey and the partition cache', () => {
  it('encodeKey writes exactly utf8(key(i)), including non-ASCII prefixes', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 6 }),
        fc.integer({ min: 1, max: 2_000_000 }),
        fc.nat(),
        (prefix, count, raw) => {
          const gen = makeKeyGenerator({ kind: 'uniform', count, prefix }, new Rng(1));
          const i = raw % count;
          const out = new Uint8Array(gen.maxKeyBytes);
          const len = gen.encodeKey(i, out);
          expect(Array.from(out.subarray(0, len))).toEqual(Array.from(utf8(gen.key(i))));
        },
      ),
    );
    const coarse = makeKeyGenerator({ kind: 'coarse', values: ['México', 'Côte d’Ivoire', '日本'] }, new Rng(1));
    const out = new Uint8Array(coarse.maxKeyBytes);
    for (let i = 0; i < 3; i++) {
      const len = coarse.encodeKey(i, out);
      expect(Array.from(out.subarray(0, len))).toEqual(Array.from(utf8(coarse.key(i))));
    }
  });

  it('partitionOf(i) is Kafka partitionForKey(key(i), n), before and after a partition-count change', () => {
    const gen = makeKeyGenerator({ kind: 'zipf', count: 20_000, s: 1 }, new Rng(12));
    const cache = makeKeyPartitionCache(gen, 12);
    for (let i = 0; i < 20_000; i += 7) expect(cache.partitionOf(i)).toBe(partitionForKey(gen.key(i), 12));
    cache.setNumPartitions(30);
    expect(cache.numPartitions).toBe(30);
    for (let i = 0; i < 20_000; i += 7) expect(cache.partitionOf(i)).toBe(partitionForKey(gen.key(i), 30));
    cache.warm();
    for (let i = 1; i < 20_000; i += 7) expect(cache.partitionOf(i)).toBe(partitionForKey(gen.key(i), 30));
    expect(() => cache.setNumPartitions(0)).toThrow(RangeError);
    expect(() => cache.partitionOf(20_000)).toThrow(RangeError);
  });

  it("agrees with the Kafka vectors for coarse keys (12 partitions)", () => {
    const gen = makeKeyGenerator({ kind: 'coarse', values: ['21', 'foobar', 'abc'] }, new Rng(1));
    const cache = makeKeyPartitionCache(gen, 12);
    expect([0, 1, 2].map((i) => cache.partitionOf(i))).toEqual([0, 6, 3]);
    expect(cache.hashOf(0)).toBe(-973932308 & 0x7fffffff);
  });

  it('spreads uniform keys evenly over partitions (murmur2 is a good hash)', () => {
    const gen = makeKeyGenerator({ kind: 'uniform', count: 120_000 }, new Rng(1));
    const cache = makeKeyPartitionCache(gen, 12);
    const perPartition = new Float64Array(12);
    for (let i = 0; i < gen.count; i++) perPartition[cache.partitionOf(i)]++;
    for (let p = 0; p < 12; p++) expectBinomial(perPartition[p], gen.count, 1 / 12);
  });
});
