/**
 * The iteration order of Java's `java.util.HashMap` / `HashSet` (OpenJDK 8–21), for the places
 * where Kafka's code lets it decide something (see sticky.ts).
 *
 * A `HashMap` iterates its table from bucket 0 upwards and each bucket in insertion order:
 * - `hash(key) = h ^ (h >>> 16)` with `h = key.hashCode()`; bucket `(capacity − 1) & hash`;
 * - the table is allocated on the first put: 16 buckets, or `tableSizeFor(n)` (the next power of
 *   two ≥ n, at least 1) for `new HashMap<>(n)`;
 * - it doubles when the size exceeds `threshold` (0.75 × capacity), and also when a put makes a
 *   bucket hold 9 entries while the table has fewer than 64 buckets (`treeifyBin` resizes instead of
 *   treeifying); a resize splits each bucket into two, keeping the entries' relative order, so the
 *   result is the same as re-inserting every entry in iteration order;
 * - it never shrinks: removals leave the capacity and the other entries' order alone.
 *
 * Not modelled: a bucket of 9+ entries in a table of 64+ buckets becomes a red-black tree, whose
 * iteration starts with the tree's root (for keys that are not `Comparable`, such as Kafka's
 * `TopicPartition`, the tree order even depends on `System.identityHashCode`, so Java itself is not
 * reproducible there). Here such a bucket keeps insertion order. It takes 9 keys whose spread hashes
 * agree in their low 6+ bits — with the handful of member ids of one group or the partitions moved
 * between two members it does not occur in practice.
 *
 * Pure and deterministic (this code runs in the simulation core).
 */

/** `String.hashCode()`: `s[0]·31^(n−1) + … + s[n−1]` over UTF-16 code units, in 32-bit arithmetic. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * `org.apache.kafka.common.TopicPartition.hashCode()`:
 * `result = 31 + partition; result = 31 * result + Objects.hashCode(topic)`.
 */
export function topicPartitionHash(topic: string, partition: number): number {
  return (Math.imul(31, (31 + partition) | 0) + javaStringHash(topic)) | 0;
}

/** `HashMap.tableSizeFor(cap)`: the smallest power of two ≥ cap (1 for cap ≤ 1). */
export function tableSizeFor(cap: number): number {
  const n = (-1 >>> Math.clz32(cap - 1)) | 0;
  return n < 0 ? 1 : n >= MAXIMUM_CAPACITY ? MAXIMUM_CAPACITY : n + 1;
}

const MAXIMUM_CAPACITY = 1 << 30;
const DEFAULT_INITIAL_CAPACITY = 16;
const TREEIFY_THRESHOLD = 8;
const MIN_TREEIFY_CAPACITY = 64;

interface JavaNode<K, V> {
  /** The spread hash, `h ^ (h >>> 16)`. */
  readonly hash: number;
  readonly key: K;
  value: V;
}

/**
 * A map that iterates in the order a `java.util.HashMap` (load factor 0.75) would after the same
 * sequence of puts and removes. Keys are compared by `identity(key)` (Java's `equals`), bucketed by
 * `hashCode(key)` (Java's `hashCode`).
 */
export class JavaHashMap<K, V> {
  private table: JavaNode<K, V>[][] | null = null;
  private threshold: number;
  private readonly nodes = new Map<string | number, JavaNode<K, V>>();

  /**
   * @param hashCode        the key's Java `hashCode()`
   * @param identity        a primitive that is equal for keys Java's `equals` finds equal
   * @param initialCapacity as `new HashMap<>(initialCapacity)`; omitted = `new HashMap<>()`
   */
  constructor(
    private readonly hashCode: (key: K) => number,
    private readonly identity: (key: K) => string | number,
    initialCapacity?: number,
  ) {
    if (initialCapacity === undefined) this.threshold = 0;
    else {
      if (!Number.isInteger(initialCapacity) || initialCapacity < 0) throw new Error(`Illegal initial capacity: ${initialCapacity}`);
      this.threshold = tableSizeFor(initialCapacity);
    }
  }

  get size(): number {
    return this.nodes.size;
  }

  /** Number of buckets (0 before the first put). */
  get capacity(): number {
    return this.table?.length ?? 0;
  }

  has(key: K): boolean {
    return this.nodes.has(this.identity(key));
  }

  get(key: K): V | undefined {
    return this.nodes.get(this.identity(key))?.value;
  }

  /** `put`: a new key goes to the end of its bucket; an existing key keeps its place. */
  set(key: K, value: V): this {
    const id = this.identity(key);
    const existing = this.nodes.get(id);
    if (existing) {
      existing.value = value;
      return this;
    }
    if (this.table === null || this.table.length === 0) this.resize();
    const h = this.hashCode(key) | 0;
    const node: JavaNode<K, V> = { hash: h ^ (h >>> 16), key, value };
    const tab = this.table!;
    const bucket = tab[(tab.length - 1) & node.hash];
    bucket.push(node);
    this.nodes.set(id, node);
    // putVal: appending the 9th node of a bucket calls treeifyBin, which resizes a small table
    if (bucket.length > TREEIFY_THRESHOLD && tab.length < MIN_TREEIFY_CAPACITY) this.resize();
    if (this.nodes.size > this.threshold) this.resize();
    return this;
  }

  /** `remove`: the other entries keep their order; the table does not shrink. */
  delete(key: K): boolean {
    const id = this.identity(key);
    const node = this.nodes.get(id);
    if (!node) return false;
    this.nodes.delete(id);
    const tab = this.table!;
    const bucket = tab[(tab.length - 1) & node.hash];
    bucket.splice(bucket.indexOf(node), 1);
    return true;
  }

  /** Keys in Java iteration order (a snapshot). */
  keys(): K[] {
    return this.nodeList().map((n) => n.key);
  }

  values(): V[] {
    return this.nodeList().map((n) => n.value);
  }

  entries(): [K, V][] {
    return this.nodeList().map((n) => [n.key, n.value]);
  }

  /** `iterator().next()`: the first key in iteration order. */
  firstKey(): K | undefined {
    for (const bucket of this.table ?? []) if (bucket.length > 0) return bucket[0].key;
    return undefined;
  }

  private nodeList(): JavaNode<K, V>[] {
    const out: JavaNode<K, V>[] = [];
    for (const bucket of this.table ?? []) for (const n of bucket) out.push(n);
    return out;
  }

  /** `HashMap.resize()`: allocate the first table or double it. */
  private resize(): void {
    const oldTab = this.table;
    const oldCap = oldTab === null ? 0 : oldTab.length;
    const oldThr = this.threshold;
    let newCap: number;
    let newThr = 0;
    if (oldCap > 0) {
      if (oldCap >= MAXIMUM_CAPACITY) {
        this.threshold = 0x7fffffff;
        return;
      }
      newCap = oldCap << 1;
      if (newCap < MAXIMUM_CAPACITY && oldCap >= DEFAULT_INITIAL_CAPACITY) newThr = oldThr << 1;
    } else if (oldThr > 0) {
      newCap = oldThr; // initial capacity was placed in threshold
    } else {
      newCap = DEFAULT_INITIAL_CAPACITY;
      newThr = Math.floor(0.75 * DEFAULT_INITIAL_CAPACITY);
    }
    if (newThr === 0) newThr = newCap < MAXIMUM_CAPACITY ? Math.floor(newCap * 0.75) : 0x7fffffff;
    this.threshold = newThr;
    const newTab: JavaNode<K, V>[][] = Array.from({ length: newCap }, () => []);
    // Java splits each bucket j into j and j + oldCap, preserving order: the same as re-inserting
    // the nodes in iteration order.
    for (const bucket of oldTab ?? []) for (const n of bucket) newTab[(newCap - 1) & n.hash].push(n);
    this.table = newTab;
  }
}

/** A `java.util.HashMap<String, V>`. */
export function javaStringMap<V>(initialCapacity?: number): JavaHashMap<string, V> {
  return new JavaHashMap<string, V>(javaStringHash, (s) => s, initialCapacity);
}

/** The order in which `new HashMap<>()` filled with `keys` (in this order) iterates them. */
export function javaHashMapOrder(keys: Iterable<string>): string[] {
  const map = javaStringMap<true>();
  for (const k of keys) map.set(k, true);
  return map.keys();
}
