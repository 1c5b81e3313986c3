/**
 * Kafka's key hash, byte for byte.
 *
 * Source followed: apache/kafka `clients/src/main/java/org/apache/kafka/common/utils/Utils.java`,
 * `public static int murmur2(final byte[] data)` and `public static int toPositive(int number)`, and
 * `clients/src/main/java/org/apache/kafka/clients/producer/internals/BuiltInPartitioner.java`,
 * `public static int partitionForKey(final byte[] serializedKey, final int numPartitions)`
 * (= `Utils.toPositive(Utils.murmur2(serializedKey)) % numPartitions`). The producer calls it from
 * `KafkaProducer.partition()` when the record has no explicit partition, no custom partitioner is
 * configured, the serialized key is non-null and `partitioner.ignore.keys=false`, with
 * `numPartitions = cluster.partitionsForTopic(topic).size()` (all partitions, not only available ones).
 *
 * Java `int` arithmetic is reproduced with `Math.imul` (32-bit wrap-around multiply) and `| 0`;
 * `>>>` is the same unsigned shift in both languages. Test vectors: `UtilsTest.testMurmur2`.
 *
 * Keys are strings serialized the way Kafka's `StringSerializer` does (`String.getBytes(UTF_8)`):
 * see {@link utf8Into}.
 */

const SEED = 0x9747b28c | 0;
const M = 0x5bd1e995;
const R = 24;

/**
 * MurmurHash2 (32-bit, Kafka's seed) of `bytes[0 .. len)`. Returns a Java `int` (signed 32-bit).
 * Allocation-free: the hot path hashes into a reused scratch buffer.
 */
export function murmur2Bytes(bytes: Uint8Array, len: number = bytes.length): number {
  let h = SEED ^ len;
  const len4 = len >>> 2;
  for (let i = 0; i < len4; i++) {
    const i4 = i << 2;
    // Java: (d[i4] & 0xff) + ((d[i4+1] & 0xff) << 8) + ... — the bytes are disjoint, so + equals |.
    let k = bytes[i4] | (bytes[i4 + 1] << 8) | (bytes[i4 + 2] << 16) | (bytes[i4 + 3] << 24);
    k = Math.imul(k, M);
    k ^= k >>> R;
    k = Math.imul(k, M);
    h = Math.imul(h, M);
    h ^= k;
  }
  // Handle the last few bytes: Java's fall-through `switch (length % 4) { case 3: … case 2: … case 1:
  // h ^= data[length & ~3] & 0xff; h *= m; }`, unrolled (the project forbids switch fall-through).
  const rem = len & 3;
  if (rem !== 0) {
    const tail = len & ~3;
    if (rem === 3) h ^= bytes[tail + 2] << 16;
    if (rem >= 2) h ^= bytes[tail + 1] << 8;
    h ^= bytes[tail];
    h = Math.imul(h, M);
  }
  h ^= h >>> 13;
  h = Math.imul(h, M);
  h ^= h >>> 15;
  return h | 0;
}

/** `Utils.murmur2(byte[])`: the hash of a whole byte array, as a Java `int`. */
export function murmur2(bytes: Uint8Array): number {
  return murmur2Bytes(bytes, bytes.length);
}

/** `Utils.toPositive(int)`: clears the sign bit (not `Math.abs`), result in [0, 2^31). */
export function toPositive(n: number): number {
  return n & 0x7fffffff;
}

/** Upper bound on the UTF-8 length of a string of `s.length` UTF-16 code units. */
export function utf8MaxLength(s: string): number {
  return s.length * 3;
}

/**
 * Writes the UTF-8 encoding of `s` into `out` starting at `offset`, returns the end offset.
 * `out` must have room for {@link utf8MaxLength}(s) bytes past `offset`.
 *
 * Matches Java's `String.getBytes(StandardCharsets.UTF_8)` (what Kafka's `StringSerializer` does):
 * surrogate pairs become 4-byte sequences; an unpaired surrogate becomes `'?'` (0x3F), Java's
 * replacement byte — where `TextEncoder` would write U+FFFD (EF BF BD). Well-formed strings encode
 * identically to `TextEncoder`.
 */
export function utf8Into(s: string, out: Uint8Array, offset = 0): number {
  let p = offset;
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
    } else if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 0x3f);
    } else if (c < 0xd800 || c > 0xdfff) {
      out[p++] = 0xe0 | (c >> 12);
      out[p++] = 0x80 | ((c >> 6) & 0x3f);
      out[p++] = 0x80 | (c & 0x3f);
    } else {
      const c2 = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && c2 >= 0xdc00 && c2 <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (c2 - 0xdc00);
        i++;
        out[p++] = 0xf0 | (c >> 18);
        out[p++] = 0x80 | ((c >> 12) & 0x3f);
        out[p++] = 0x80 | ((c >> 6) & 0x3f);
        out[p++] = 0x80 | (c & 0x3f);
      } else {
        out[p++] = 0x3f; // unpaired surrogate → '?', as Java's encoder replaces it
      }
    }
  }
  return p;
}

/** UTF-8 bytes of `key` (Java `getBytes(UTF_8)` semantics, see {@link utf8Into}). Allocates. */
export function utf8(key: string): Uint8Array {
  const buf = new Uint8Array(utf8MaxLength(key));
  const len = utf8Into(key, buf, 0);
  return buf.subarray(0, len);
}

let scratch = new Uint8Array(256);

/** `toPositive(murmur2(utf8(key)))` without allocating (reuses a module scratch buffer). */
export function positiveKeyHash(key: string): number {
  const need = utf8MaxLength(key);
  if (need > scratch.length) scratch = new Uint8Array(Math.max(need, scratch.length * 2));
  return toPositive(murmur2Bytes(scratch, utf8Into(key, scratch, 0)));
}

/**
 * Kafka's `BuiltInPartitioner.partitionForKey` for a string key serialized by `StringSerializer`:
 * `toPositive(murmur2(utf8(key))) % numPartitions`. Callers on a hot path should cache the result
 * per key (see `makeKeyPartitionCache` in keys.ts).
 */
export function partitionForKey(key: string, numPartitions: number): number {
  if (!Number.isInteger(numPartitions) || numPartitions < 1) {
    throw new RangeError(`numPartitions must be a positive integer, got ${numPartitions}`);
  }
  return positiveKeyHash(key) % numPartitions;
}
