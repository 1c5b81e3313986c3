/**
 * The sticky assignors depend on the order in which the JoinGroup response lists the members
 * (sticky.ts). Kafka's group coordinator lists them in the iteration order of its own member map
 * (`ClassicGroup.members`, a java.util.HashMap that never shrinks), so the model keeps one too.
 */
import { describe, expect, it } from 'vitest';
import { javaHashMapOrder, javaStringHash } from '../../src/sim/model/kafka/assignors/java-hash.ts';
import { run } from './helpers.ts';

describe('JoinGroup member order', () => {
  it("is the broker's member HashMap order: a group that grew to 20 members keeps a 32-bucket table", () => {
    const faults = Array.from({ length: 14 }, (_, i) => ({ at: 60 + i, kind: 'remove-consumer', target: `warehouse-${i + 1}` }));
    const { m } = run(
      'eager-vs-cooperative',
      'groups.0.partition.assignment.strategy=sticky',
      'groups.0.members=20',
      'duration=90',
      `faults=${JSON.stringify(faults)}`,
    );
    const coordinator = m.groups[0].coordinator;
    const ids = coordinator.joinGroupMembers().map((e) => e.memberId);
    expect(ids.length).toBe(6);
    // java.util.HashMap: by bucket of the spread hash, then in insertion (join) order
    const bucket32 = (id: string): number => {
      const h = javaStringHash(id);
      return (h ^ (h >>> 16)) & 31;
    };
    const expected = [...coordinator.entries].sort((a, b) => bucket32(a.memberId) - bucket32(b.memberId) || a.uid - b.uid);
    expect(ids).toEqual(expected.map((e) => e.memberId));
    // not the order of a fresh 16-bucket map of the same six (which the leader then builds)
    expect(ids).not.toEqual(javaHashMapOrder(ids));
  });
});
