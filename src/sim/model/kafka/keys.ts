/**
 * Record-key generators for simulated producers, and a per-key partition cache.
 *
 * A generator draws a key INDEX (an integer) from an injected {@link Rng}; the key string and its
 * partition are derived from the index and cached, so the hot path (`next()` + `partitionOf(i)`)
 * neither allocates nor re-hashes. Index −1 means a null key: Kafka's producer then uses the
 * sticky partitioner (sticky-partitioner.ts) instead of hashing (`KafkaProducer.partition()`:
 * `if (serializedKey != null && !partitionerIgnoreKeys) return BuiltInPartitioner.partitionForKey(…)
 * else return RecordMetadata.UNKNOWN_PARTITION`).
 *
 * Specs and their exact pmf over indices i:
 * - `none`: always −1 (null key); no random draws.
 * - `uniform` over N keys: P(i) = 1/N, i ∈ [0, N); one `rng.nextInt(N)` draw. Key string
 *   `${prefix}${i}` (prefix default `"key-"`).
 * - `zipf` over N keys with exponent s ≥ 0: P(i) = (i+1)^−s / H(N,s), i ∈ [0, N), where
 *   H(N,s) = Σ_{k=1..N} k^−s; index 0 (rank 1) is the hottest key, with share 1/H(N,s). Sampled by
 *   inversion: u = rng.next() (53-bit uniform in [0,1)), answer = the first i with
 *   C(i) > u·H where C(i) = Σ_{k≤i+1} k^−s (compensated summation), by binary search — O(log N)
 *   time, one Float64Array of N cumulative weights (8 bytes per key; N ≤ 10^7). s = 0 is uniform.
 *   Key string `${prefix}${i}`.
 * - `coarse`: an explicit small list of distinct values (e.g. countries) with optional
 *   non-negative weights: P(i) = w_i / Σw (uniform when weights are omitted). The key string is
 *   the value itself.
 *
 * Memory: key strings are built lazily, only for indices passed to `key(i)`; the partition cache
 * stores one 31-bit hash per key (Int32Array, 4 bytes per key) computed lazily from UTF-8 bytes
 * written into a reused scratch buffer, never from a string.
 */

import { pow } from '../../kernel/pmath.ts';
import type { Rng } from '../../kernel/rng.ts';
import { murmur2Bytes, toPositive, utf8Into, utf8MaxLength } from './murmur2.ts';

export type KeySpec =
  | { kind: 'none' }
  | { kind: 'uniform'; count: number; prefix?: string }
  | { kind: 'zipf'; count: number; s: number; prefix?: string }
  | { kind: 'coarse'; values: readonly string[]; weights?: readonly number[] };

export type KeyKind = KeySpec['kind'];

export interface KeyGenerator {
  readonly kind: KeyKind;
  /** Number of distinct keys (0 for `none`). */
  readonly count: number;
  /** Draws the next key index in [0, count), or −1 for a null key. */
  next(): number;
  /** Key string of index i (cached after the first call). */
  key(i: number): string;
  /** Exact probability that `next()` returns i. */
  pmf(i: number): number;
  /** Upper bound on the UTF-8 length of any key: the size `encodeKey`'s buffer needs. */
  readonly maxKeyBytes: number;
  /** Writes the UTF-8 bytes of key i (as Kafka's StringSerializer would) into `out`, returns the length. */
  encodeKey(i: number, out: Uint8Array): number;
}

/** Largest key count accepted for generated (`uniform`/`zipf`) keys. */
export const MAX_KEYS = 10_000_000;
const DEFAULT_PREFIX = 'key-';

export function makeKeyGenerator(spec: KeySpec, rng: Rng): KeyGenerator {
  switch (spec.kind) {
    case 'none':
      return new NullKeys();
    case 'uniform':
      return new UniformKeys(checkCount(spec.count), spec.prefix ?? DEFAULT_PREFIX, rng);
    case 'zipf':
      return new ZipfKeys(checkCount(spec.count), spec.s, spec.prefix ?? DEFAULT_PREFIX, rng);
    case 'coarse':
      return new CoarseKeys(spec.values, spec.weights, rng);
    default:
      throw new RangeError(`unknown key kind ${(spec as { kind: unknown }).kind}`);
  }
}

function checkCount(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > MAX_KEYS) {
    throw new RangeError(`key count must be an integer in [1, ${MAX_KEYS}], got ${n}`);
  }
  return n;
}

function checkIndex(i: number, count: number): void {
  if (!Number.isInteger(i) || i < 0 || i >= count) throw new RangeError(`key index ${i} outside [0, ${count})`);
}

class NullKeys implements KeyGenerator {
  readonly kind = 'none' as const;
  readonly count = 0;
  readonly maxKeyBytes = 0;
  next(): number {
    return -1;
  }
  key(i: number): string {
    throw new RangeError(`null-key generator has no key ${i}`);
  }
  pmf(i: number): number {
    return i === -1 ? 1 : 0;
  }
  encodeKey(i: number): number {
    throw new RangeError(`null-key generator has no key ${i}`);
  }
}

/** Keys `${prefix}${i}`: shared string cache and allocation-free UTF-8 encoding. */
abstract class PrefixedKeys implements KeyGenerator {
  abstract readonly kind: KeyKind;
  readonly count: number;
  readonly maxKeyBytes: number;
  private readonly prefix: string;
  private readonly prefixBytes: Uint8Array;
  private readonly strings: (string | undefined)[] = [];

  constructor(count: number, prefix: string) {
    this.count = count;
    this.prefix = prefix;
    const buf = new Uint8Array(utf8MaxLength(prefix));
    this.prefixBytes = buf.slice(0, utf8Into(prefix, buf, 0));
    this.maxKeyBytes = this.prefixBytes.length + String(count - 1).length;
  }

  abstract next(): number;
  abstract pmf(i: number): number;

  key(i: number): string {
    const s = this.strings[i];
    if (s !== undefined) return s;
    checkIndex(i, this.count);
    return (this.strings[i] = this.prefix + i);
  }

  encodeKey(i: number, out: Uint8Array): number {
    checkIndex(i, this.count);
    const pb = this.prefixBytes;
    out.set(pb, 0);
    let digits = 1;
    for (let x = i; x >= 10; x = Math.floor(x / 10)) digits++;
    const end = pb.length + digits;
    let x = i;
    for (let p = end - 1; p >= pb.length; p--) {
      out[p] = 0x30 + (x % 10);
      x = Math.floor(x / 10);
    }
    return end;
  }
}

class UniformKeys extends PrefixedKeys {
  readonly kind = 'uniform' as const;
  private readonly rng: Rng;

  constructor(count: number, prefix: string, rng: Rng) {
    super(count, prefix);
    this.rng = rng;
  }

  next(): number {
    return this.rng.nextInt(this.count);
  }

  pmf(i: number): number {
    return Number.isInteger(i) && i >= 0 && i < this.count ? 1 / this.count : 0;
  }
}

/**
 * Cumulative weights C[i] = Σ_{k≤i} w_k with Neumaier-compensated summation, and inversion sampling
 * (first index with C[i] > u·C[last]) — shared by zipf and weighted coarse keys.
 */
function cumulative(n: number, weight: (i: number) => number): Float64Array {
  const c = new Float64Array(n);
  let sum = 0;
  let comp = 0;
  for (let i = 0; i < n; i++) {
    const w = weight(i);
    const t = sum + w;
    comp += Math.abs(sum) >= Math.abs(w) ? sum - t + w : w - t + sum;
    sum = t;
    c[i] = sum + comp;
  }
  return c;
}

function invert(c: Float64Array, u: number): number {
  const n = c.length;
  const x = u * c[n - 1];
  let lo = 0;
  let hi = n - 1; // answer in [lo, hi]; the last index is the fallback if rounding puts x ≥ C[n−1]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (c[mid] > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

class ZipfKeys extends PrefixedKeys {
  readonly kind = 'zipf' as const;
  readonly s: number;
  /** H(N, s) = Σ_{k=1..N} k^−s. */
  readonly harmonic: number;
  private readonly cdf: Float64Array;
  private readonly rng: Rng;

  constructor(count: number, s: number, prefix: string, rng: Rng) {
    super(count, prefix);
    if (!Number.isFinite(s) || s < 0) throw new RangeError(`zipf exponent s must be finite and >= 0, got ${s}`);
    this.s = s;
    this.rng = rng;
    this.cdf = cumulative(count, (i) => pow(i + 1, -s));
    this.harmonic = this.cdf[count - 1];
  }

  next(): number {
    return invert(this.cdf, this.rng.next());
  }

  pmf(i: number): number {
    return Number.isInteger(i) && i >= 0 && i < this.count ? pow(i + 1, -this.s) / this.harmonic : 0;
  }
}

class CoarseKeys implements KeyGenerator {
  readonly kind = 'coarse' as const;
  readonly count: number;
  readonly maxKeyBytes: number;
  private readonly values: readonly string[];
  private readonly encoded: Uint8Array[];
  private readonly probs: Float64Array;
  private readonly cdf: Float64Array | null;
  private readonly rng: Rng;

  constructor(values: readonly string[], weights: readonly number[] | undefined, rng: Rng) {
    if (!Array.isArray(values) || values.length === 0) throw new RangeError('coarse keys need a non-empty list of values');
    if (values.length > MAX_KEYS) throw new RangeError(`at most ${MAX_KEYS} coarse values`);
    if (new Set(values).size !== values.length) throw new RangeError('coarse key values must be distinct');
    this.values = values.slice();
    this.count = values.length;
    this.rng = rng;
    this.encoded = this.values.map((v) => {
      if (typeof v !== 'string') throw new RangeError(`coarse key values must be strings, got ${String(v)}`);
      const buf = new Uint8Array(utf8MaxLength(v));
      return buf.slice(0, utf8Into(v, buf, 0));
    });
    this.maxKeyBytes = this.encoded.reduce((m, b) => Math.max(m, b.length), 0);
    this.probs = new Float64Array(this.count);
    if (weights === undefined) {
      this.probs.fill(1 / this.count);
      this.cdf = null;
    } else {
      if (weights.length !== this.count) throw new RangeError('coarse weights must match values in length');
      for (const w of weights) {
        if (!Number.isFinite(w) || w < 0) throw new RangeError(`coarse weights must be finite and >= 0, got ${w}`);
      }
      this.cdf = cumulative(this.count, (i) => weights[i]);
      const total = this.cdf[this.count - 1];
      if (!(total > 0)) throw new RangeError('coarse weights must not all be zero');
      for (let i = 0; i < this.count; i++) this.probs[i] = weights[i] / total;
    }
  }

  next(): number {
    return this.cdf === null ? this.rng.nextInt(this.count) : invert(this.cdf, this.rng.next());
  }

  key(i: number): string {
    checkIndex(i, this.count);
    return this.values[i];
  }

  pmf(i: number): number {
    return Number.isInteger(i) && i >= 0 && i < this.count ? this.probs[i] : 0;
  }

  encodeKey(i: number, out: Uint8Array): number {
    checkIndex(i, this.count);
    const b = this.encoded[i];
    out.set(b, 0);
    return b.length;
  }
}

export interface KeyPartitionCache {
  /** The partition count partitions are currently computed for. */
  readonly numPartitions: number;
  /** Kafka `partitionForKey(utf8(key(i)), numPartitions)` = `toPositive(murmur2(bytes)) % numPartitions`. */
  partitionOf(i: number): number;
  /** `toPositive(murmur2(utf8(key(i))))`, cached. */
  hashOf(i: number): number;
  /** Switch to a new partition count (Part 2). O(1): hashes are cached, partitions are hash % n. */
  setNumPartitions(numPartitions: number): void;
  /** Hash every key now, to keep first-use hashing off the hot path. */
  warm(): void;
}

/**
 * Per-key partition cache for a generator. Stores the 31-bit positive murmur2 hash of each key
 * (computed on first use), so a change of partition count needs no re-hashing — the partition is
 * `hash % numPartitions`, exactly Kafka's `partitionForKey` for the new count.
 */
export function makeKeyPartitionCache(gen: KeyGenerator, numPartitions: number): KeyPartitionCache {
  return new HashPartitionCache(gen, numPartitions);
}

class HashPartitionCache implements KeyPartitionCache {
  private n: number;
  private readonly gen: KeyGenerator;
  private readonly hashes: Int32Array; // −1 = not yet computed; hashes are in [0, 2^31)
  private readonly scratch: Uint8Array;

  constructor(gen: KeyGenerator, numPartitions: number) {
    this.gen = gen;
    this.n = checkPartitionCount(numPartitions);
    this.hashes = new Int32Array(gen.count).fill(-1);
    this.scratch = new Uint8Array(Math.max(1, gen.maxKeyBytes));
  }

  get numPartitions(): number {
    return this.n;
  }

  hashOf(i: number): number {
    let h = this.hashes[i];
    if (h === undefined || h < 0) {
      checkIndex(i, this.gen.count);
      h = toPositive(murmur2Bytes(this.scratch, this.gen.encodeKey(i, this.scratch)));
      this.hashes[i] = h;
    }
    return h;
  }

  partitionOf(i: number): number {
    return this.hashOf(i) % this.n;
  }

  setNumPartitions(numPartitions: number): void {
    this.n = checkPartitionCount(numPartitions);
  }

  warm(): void {
    for (let i = 0; i < this.gen.count; i++) this.hashOf(i);
  }
}

function checkPartitionCount(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`numPartitions must be a positive integer, got ${n}`);
  return n;
}
