import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  JavaHashMap,
  javaHashMapOrder,
  javaStringHash,
  tableSizeFor,
  topicPartitionHash,
} from '../../src/sim/model/kafka/assignors/java-hash.ts';

/**
 * test/fixtures/java-hash-order.json was printed by a real JVM (OpenJDK 17) running
 * test/fixtures/sticky-java/StickyJavaOrder.java `hash-order`: hash codes of a few strings and
 * TopicPartitions, and the iteration order of java.util.HashMaps after given puts and removes.
 */
interface OrderCase {
  name: string;
  keys: 'String' | 'TopicPartition';
  initialCapacity?: number;
  ops: string[];
  order: string[];
}
interface Fixture {
  stringHashCodes: [string, number][];
  topicPartitionHashCodes: [string, number, number][];
  orders: OrderCase[];
}
const fixture = JSON.parse(readFileSync('test/fixtures/java-hash-order.json', 'utf8')) as Fixture;

describe('Java HashMap emulation (checked against a real JVM)', () => {
  it('String.hashCode over UTF-16 code units, with 32-bit overflow', () => {
    for (const [s, h] of fixture.stringHashCodes) expect([s, javaStringHash(s)]).toEqual([s, h]);
  });

  it('TopicPartition.hashCode = 31 * (31 + partition) + topic.hashCode()', () => {
    for (const [t, p, h] of fixture.topicPartitionHashCodes) expect([t, p, topicPartitionHash(t, p)]).toEqual([t, p, h]);
  });

  it('tableSizeFor', () => {
    expect([0, 1, 2, 3, 5, 12, 13, 16, 17, 100].map(tableSizeFor)).toEqual([1, 1, 2, 4, 8, 16, 16, 16, 32, 128]);
  });

  it.each(fixture.orders.map((c) => [c.name, c] as const))('iteration order: %s', (_name, c) => {
    const split = (k: string): { topic: string; partition: number } => {
      const i = k.lastIndexOf('#');
      return { topic: k.slice(0, i), partition: Number(k.slice(i + 1)) };
    };
    const map =
      c.keys === 'String'
        ? new JavaHashMap<string, true>(javaStringHash, (k) => k, c.initialCapacity)
        : new JavaHashMap<string, true>(
            (k) => {
              const { topic, partition } = split(k);
              return topicPartitionHash(topic, partition);
            },
            (k) => k,
            c.initialCapacity,
          );
    for (const op of c.ops) {
      if (op[0] === '+') map.set(op.slice(1), true);
      else map.delete(op.slice(1));
    }
    expect(map.keys()).toEqual(c.order);
    expect(map.firstKey()).toBe(c.order[0]);
    expect(map.size).toBe(c.order.length);
  });

  it('javaHashMapOrder is a fixed point: a HashMap filled in its own iteration order iterates the same', () => {
    const grownOnly = fixture.orders.filter(
      (o) => o.keys === 'String' && o.initialCapacity === undefined && o.ops.every((op) => op[0] === '+'),
    );
    expect(grownOnly.length).toBeGreaterThan(10);
    for (const c of grownOnly) expect(javaHashMapOrder(c.order)).toEqual(c.order);
  });

  it("but a map that once held more keys (the broker's member map after members left) iterates differently from a fresh one", () => {
    const shrunk = fixture.orders.find((o) => o.name.startsWith('broker map'))!;
    // the broker's table kept 32 buckets; the leader's fresh HashMap of the same members has 16
    expect(javaHashMapOrder(shrunk.order)).not.toEqual(shrunk.order);
  });

  it('a table never shrinks and a resize keeps the relative order within a bucket', () => {
    const m = new JavaHashMap<string, number>(javaStringHash, (k) => k);
    for (let i = 0; i < 20; i++) m.set(`k${i}`, i);
    expect(m.capacity).toBe(32);
    for (let i = 0; i < 18; i++) m.delete(`k${i}`);
    expect(m.capacity).toBe(32);
    expect(m.keys().sort()).toEqual(['k18', 'k19']);
  });
});
