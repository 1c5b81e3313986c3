import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/sim/kernel/rng.ts';
import { StickyPartitioner } from '../../src/sim/model/kafka/sticky-partitioner.ts';

/** Upper 1 − 1e-5 quantile of χ²(k), Wilson–Hilferty approximation (z = 4.265). */
function chi2Bound(k: number): number {
  const z = 4.265;
  const a = 2 / (9 * k);
  return k * (1 - a + z * Math.sqrt(a)) ** 3;
}

function chi2(counts: ArrayLike<number>, probs: ArrayLike<number>, total: number): number {
  let x = 0;
  for (let i = 0; i < counts.length; i++) {
    const e = total * probs[i];
    x += (counts[i] - e) ** 2 / e;
  }
  return x;
}

const uniform = (n: number) => new Float64Array(n).fill(1 / n);

describe('StickyPartitioner (Kafka BuiltInPartitioner, KIP-794)', () => {
  it('stays on one partition until batch.size bytes were appended, then switches', () => {
    // 1000-byte records, batch.size 16384: the 17th record takes producedBytes to 17000 ≥ 16384,
    // still goes to the old partition, and the 18th record goes to a newly chosen one.
    const sp = new StickyPartitioner(12, 16384, new Rng(1));
    const parts: number[] = [];
    for (let i = 0; i < 17 * 500; i++) {
      parts.push(sp.partition(1000));
      expect(sp.choices).toBe(1 + Math.floor((i + 1) / 17));
      expect(sp.producedBytes).toBe(((i + 1) % 17) * 1000);
    }
    let changes = 0;
    for (let i = 1; i < parts.length; i++) {
      if (parts[i] !== parts[i - 1]) {
        expect(i % 17).toBe(0);
        changes++;
      }
    }
    // Kafka does not exclude the current partition: a "switch" lands on the same one w.p. 1/12, so
    // of the 499 re-choices ~457 change partition (sd ≈ 6.2); the bounds are > 4.5 sd away.
    expect(changes).toBeGreaterThan(427);
    expect(changes).toBeLessThan(487);
  });

  it('switches exactly at the threshold (>=)', () => {
    const sp = new StickyPartitioner(8, 4096, new Rng(2));
    sp.partition(1024);
    sp.partition(1024);
    sp.partition(1024);
    expect(sp.choices).toBe(1);
    sp.partition(1024); // 4096 >= 4096 → switch after this record
    expect(sp.choices).toBe(2);
    expect(sp.producedBytes).toBe(0);
  });

  it('chooses lazily: no random draw before the first keyless record', () => {
    const rng = new Rng(3);
    const sp = new StickyPartitioner(5, 100, rng);
    const before = [rng.s0, rng.s1, rng.s2, rng.s3];
    expect(sp.choices).toBe(0);
    expect([rng.s0, rng.s1, rng.s2, rng.s3]).toEqual(before);
    sp.peek();
    expect(sp.choices).toBe(1);
  });

  it('with enableSwitch=false holds the partition until 2 × batch.size', () => {
    const sp = new StickyPartitioner(6, 1000, new Rng(4));
    for (let i = 0; i < 19; i++) sp.partition(100, false);
    expect(sp.choices).toBe(1);
    expect(sp.producedBytes).toBe(1900);
    sp.partition(100, false); // 2000 >= 2 × 1000 → forced switch
    expect(sp.choices).toBe(2);
  });

  it('draws the new partition as toPositive(nextInt()) % n, one 32-bit draw per choice', () => {
    const n = 7;
    const sp = new StickyPartitioner(n, 1, new Rng(99));
    const mirror = new Rng(99);
    for (let i = 0; i < 1000; i++) {
      const expected = ((mirror.nextUint32() | 0) & 0x7fffffff) % n;
      expect(sp.partition(1)).toBe(expected);
    }
  });

  it('spreads records uniformly over partitions (χ², p = 1e-5)', () => {
    const n = 12;
    const N = 120_000;
    // recordBytes = batch.size: every record ends its sticky run, so each record is a fresh choice.
    const sp = new StickyPartitioner(n, 512, new Rng(5));
    const counts = new Float64Array(n);
    let same = 0;
    let prev = -1;
    for (let i = 0; i < N; i++) {
      const p = sp.partition(512);
      counts[p]++;
      if (p === prev) same++;
      prev = p;
    }
    expect(chi2(counts, uniform(n), N)).toBeLessThan(chi2Bound(n - 1));
    // Consecutive choices are independent: P(same) = 1/n (the current partition is not excluded).
    const pSame = 1 / n;
    const sd = Math.sqrt((N - 1) * pSame * (1 - pSame));
    expect(Math.abs(same - (N - 1) * pSame)).toBeLessThan(4.5 * sd);
  });

  it('spreads bytes evenly with mixed record sizes', () => {
    const n = 6;
    const rng = new Rng(6);
    const sizes = new Rng(60);
    const sp = new StickyPartitioner(n, 16384, rng);
    const bytes = new Float64Array(n);
    let total = 0;
    for (let i = 0; i < 600_000; i++) {
      const b = 100 + sizes.nextInt(1900);
      bytes[sp.partition(b)] += b;
      total += b;
    }
    // ≈ 630 MB / ~17 KB per run ≈ 37k sticky runs of nearly equal size; a partition's share of runs
    // is binomial, sd = sqrt(p(1−p)/37k) ≈ 0.0019 for p = 1/6, so 0.01 is > 4.5 sd.
    for (let p = 0; p < n; p++) expect(Math.abs(bytes[p] / total - 1 / n)).toBeLessThan(0.01);
  });

  it('is deterministic for a seed', () => {
    const run = (seed: number) => {
      const sp = new StickyPartitioner(10, 2000, new Rng(seed));
      return Array.from({ length: 5000 }, (_, i) => sp.partition(100 + (i % 7) * 50));
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  describe('adaptive partitioning (updatePartitionLoadStats)', () => {
    it("weights by (max queue + 1 − queue): Kafka's example 0 3 1 → CFT 4 5 8", () => {
      const sp = new StickyPartitioner(3, 1, new Rng(7));
      sp.updatePartitionLoadStats([0, 3, 1]);
      expect(sp.adaptive).toBe(true);
      const N = 80_000;
      const counts = new Float64Array(3);
      for (let i = 0; i < N; i++) counts[sp.partition(1)]++;
      expect(chi2(counts, [4 / 8, 1 / 8, 3 / 8], N)).toBeLessThan(chi2Bound(2));
    });

    it('matches the CFT lookup exactly, draw by draw', () => {
      const sp = new StickyPartitioner(4, 1, new Rng(8));
      sp.updatePartitionLoadStats([2, 0, 5, 1], [3, 1, 0, 2]);
      // weights 6−q: 4 6 1 5 → CFT 4 10 11 16; ids 3 1 0 2
      const mirror = new Rng(8);
      for (let i = 0; i < 2000; i++) {
        const r = (((mirror.nextUint32() | 0) & 0x7fffffff) % 16);
        const expected = r < 4 ? 3 : r < 10 ? 1 : r < 11 ? 0 : 2;
        expect(sp.partition(1)).toBe(expected);
      }
    });

    it('falls back to uniform when all queues are equal, or stats are null, or < 2 partitions', () => {
      const sp = new StickyPartitioner(3, 1, new Rng(9));
      sp.updatePartitionLoadStats([2, 2, 2]);
      expect(sp.adaptive).toBe(false);
      sp.updatePartitionLoadStats([0, 3, 1]);
      expect(sp.adaptive).toBe(true);
      sp.updatePartitionLoadStats(null);
      expect(sp.adaptive).toBe(false);
      const one = new StickyPartitioner(1, 1, new Rng(9));
      one.updatePartitionLoadStats([4]);
      expect(one.adaptive).toBe(false);
    });

    it('excludes partitions beyond the logical length even when the rest are equal', () => {
      const sp = new StickyPartitioner(3, 1, new Rng(10));
      sp.updatePartitionLoadStats([1, 1, 0], [2, 0, 1], 2); // partition 1 excluded (slow leader)
      expect(sp.adaptive).toBe(true);
      const seen = new Set<number>();
      for (let i = 0; i < 2000; i++) seen.add(sp.partition(1));
      expect([...seen].sort()).toEqual([0, 2]);
    });

    it('does not modify the caller’s arrays', () => {
      const q = [0, 3, 1];
      new StickyPartitioner(3, 1, new Rng(11)).updatePartitionLoadStats(q);
      expect(q).toEqual([0, 3, 1]);
    });
  });

  it('picks only among available partitions when some lack a leader', () => {
    const sp = new StickyPartitioner(8, 1, new Rng(12));
    sp.setAvailablePartitions([1, 4, 6]);
    const counts = new Float64Array(8);
    const N = 30_000;
    for (let i = 0; i < N; i++) counts[sp.partition(1)]++;
    expect(counts[0] + counts[2] + counts[3] + counts[5] + counts[7]).toBe(0);
    expect(chi2([counts[1], counts[4], counts[6]], uniform(3), N)).toBeLessThan(chi2Bound(2));
    sp.setAvailablePartitions([]); // none available → all partitions, as Kafka
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) seen.add(sp.partition(1));
    expect(seen.size).toBe(8);
  });

  it('follows a change of partition count', () => {
    const sp = new StickyPartitioner(4, 1 << 20, new Rng(13));
    const p = sp.partition(10);
    sp.setNumPartitions(16); // growing keeps the current sticky partition
    expect(sp.partition(10)).toBe(p);
    expect(sp.numPartitions).toBe(16);
    const big = new StickyPartitioner(16, 1, new Rng(14));
    const seen = new Set<number>();
    for (let i = 0; i < 4000; i++) seen.add(big.partition(1));
    expect(seen.size).toBe(16);
    big.setNumPartitions(2);
    for (let i = 0; i < 100; i++) expect(big.partition(1)).toBeLessThan(2);
  });

  it('validates its arguments', () => {
    expect(() => new StickyPartitioner(0, 100, new Rng(1))).toThrow(RangeError);
    expect(() => new StickyPartitioner(3, 0, new Rng(1))).toThrow(RangeError);
    const sp = new StickyPartitioner(3, 100, new Rng(1));
    expect(() => sp.updatePartitionLoadStats([1, 2], [0, 1, 2])).toThrow(RangeError);
    expect(() => sp.updatePartitionLoadStats([1, 2, 3], [0, 1, 7])).toThrow(RangeError);
    expect(() => sp.updatePartitionLoadStats([1, -2, 3])).toThrow(RangeError);
    expect(() => sp.setAvailablePartitions([5])).toThrow(RangeError);
  });
});
