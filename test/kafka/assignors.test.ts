import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ASSIGNOR_NAMES,
  adjustForCooperative,
  cooperativeStickyAssign,
  getAssignor,
  rangeAssign,
  roundRobinAssign,
  stickyAssign,
  stickyAssignDetailed,
  type AssignorName,
  type Subscription,
  type TopicPartition,
} from '../../src/sim/model/kafka/assignors/index.ts';
import { javaHashMapOrder } from '../../src/sim/model/kafka/assignors/java-hash.ts';

/**
 * Concrete cases are named after, and follow, the Java tests in apache/kafka
 * clients/src/test/java/org/apache/kafka/clients/consumer/ (RangeAssignorTest, RoundRobinAssignorTest,
 * internals/AbstractStickyAssignorTest, StickyAssignorTest, CooperativeStickyAssignorTest).
 */

// ---------------------------------------------------------------------------------------------
// helpers

const P = (s: string): TopicPartition => {
  const i = s.lastIndexOf('-');
  return { topic: s.slice(0, i), partition: Number(s.slice(i + 1)) };
};
const parts = (...s: string[]): TopicPartition[] => s.map(P);
const list = (csv: string): TopicPartition[] =>
  csv
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map(P);
const show = (a: Record<string, TopicPartition[]>): Record<string, string[]> =>
  Object.fromEntries(Object.entries(a).map(([m, ps]) => [m, ps.map((p) => `${p.topic}-${p.partition}`)]));

function sub(
  memberId: string,
  topics: string[],
  ownedPartitions: TopicPartition[] = [],
  extra: Partial<Subscription> = {},
): Subscription {
  return { memberId, topics, ownedPartitions, ...extra };
}

function sizes(a: Record<string, TopicPartition[]>): number[] {
  return Object.values(a).map((l) => l.length);
}

function isFullyBalanced(a: Record<string, TopicPartition[]>): boolean {
  const s = sizes(a);
  return s.length === 0 || Math.max(...s) - Math.min(...s) <= 1;
}

/** Port of AbstractStickyAssignorTest.verifyValidityAndBalance. */
function verifyValidityAndBalance(subs: Subscription[], a: Record<string, TopicPartition[]>): void {
  const byId = new Map(subs.map((s) => [s.memberId, s]));
  const consumers = Object.keys(a).sort();
  expect(consumers.length).toBe(subs.length);
  for (let i = 0; i < consumers.length; i++) {
    const mine = a[consumers[i]];
    for (const p of mine) expect(byId.get(consumers[i])!.topics).toContain(p.topic);
    for (let j = i + 1; j < consumers.length; j++) {
      const other = a[consumers[j]];
      const otherKeys = new Set(other.map((p) => `${p.topic}-${p.partition}`));
      expect(mine.filter((p) => otherKeys.has(`${p.topic}-${p.partition}`))).toEqual([]);
      if (Math.abs(mine.length - other.length) <= 1) continue;
      const [more, less] = mine.length > other.length ? [mine, other] : [other, mine];
      const lessTopics = new Set(less.map((p) => p.topic));
      // if there's any overlap in the assigned topics, we should have been able to balance
      expect(more.filter((p) => lessTopics.has(p.topic))).toEqual([]);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// RangeAssignorTest

describe('RangeAssignorTest', () => {
  const topic1 = 'topic1';
  const topic2 = 'topic2';

  it('testOneConsumerNoTopic', () => {
    expect(rangeAssign({}, [sub('consumer1', [])])).toEqual({ consumer1: [] });
  });

  it('testOneConsumerNonexistentTopic', () => {
    expect(rangeAssign({}, [sub('consumer1', [topic1])])).toEqual({ consumer1: [] });
  });

  it('testOneConsumerOneTopic', () => {
    expect(show(rangeAssign({ [topic1]: 3 }, [sub('consumer1', [topic1])]))).toEqual({
      consumer1: ['topic1-0', 'topic1-1', 'topic1-2'],
    });
  });

  it('testOnlyAssignsPartitionsFromSubscribedTopics', () => {
    expect(show(rangeAssign({ [topic1]: 3, otherTopic: 3 }, [sub('consumer1', [topic1])]))).toEqual({
      consumer1: ['topic1-0', 'topic1-1', 'topic1-2'],
    });
  });

  it('testOneConsumerMultipleTopics', () => {
    expect(show(rangeAssign({ [topic1]: 1, [topic2]: 2 }, [sub('consumer1', [topic1, topic2])]))).toEqual({
      consumer1: ['topic1-0', 'topic2-0', 'topic2-1'],
    });
  });

  it('testTwoConsumersOneTopicOnePartition', () => {
    expect(show(rangeAssign({ [topic1]: 1 }, [sub('consumer1', [topic1]), sub('consumer2', [topic1])]))).toEqual({
      consumer1: ['topic1-0'],
      consumer2: [],
    });
  });

  it('testTwoConsumersOneTopicTwoPartitions', () => {
    expect(show(rangeAssign({ [topic1]: 2 }, [sub('consumer1', [topic1]), sub('consumer2', [topic1])]))).toEqual({
      consumer1: ['topic1-0'],
      consumer2: ['topic1-1'],
    });
  });

  it('testMultipleConsumersMixedTopicSubscriptions', () => {
    const a = rangeAssign({ [topic1]: 3, [topic2]: 2 }, [
      sub('consumer1', [topic1]),
      sub('consumer2', [topic1, topic2]),
      sub('consumer3', [topic1]),
    ]);
    expect(show(a)).toEqual({
      consumer1: ['topic1-0'],
      consumer2: ['topic1-1', 'topic2-0', 'topic2-1'],
      consumer3: ['topic1-2'],
    });
  });

  it('testTwoConsumersTwoTopicsSixPartitions', () => {
    const a = rangeAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer1', [topic1, topic2]),
      sub('consumer2', [topic1, topic2]),
    ]);
    expect(show(a)).toEqual({
      consumer1: ['topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'],
      consumer2: ['topic1-2', 'topic2-2'],
    });
  });

  it('testTwoStaticConsumersTwoTopicsSixPartitions (ordered by group.instance.id, not member id)', () => {
    // member ids sort the other way round; the instance ids decide
    const a = rangeAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer-z', [topic1, topic2], [], { groupInstanceId: 'instance1' }),
      sub('consumer-a', [topic1, topic2], [], { groupInstanceId: 'instance2' }),
    ]);
    expect(show(a)).toEqual({
      'consumer-z': ['topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'],
      'consumer-a': ['topic1-2', 'topic2-2'],
    });
  });

  it('testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions (static members first)', () => {
    const a = rangeAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer-b', [topic1, topic2], [], { groupInstanceId: 'instance1' }),
      sub('consumer-a', [topic1, topic2]),
    ]);
    expect(show(a)).toEqual({
      'consumer-a': ['topic1-2', 'topic2-2'],
      'consumer-b': ['topic1-0', 'topic1-1', 'topic2-0', 'topic2-1'],
    });
  });

  it('testStaticMemberRangeAssignmentPersistent (new member ids, same instance ids → same ranges)', () => {
    const ppt = { [topic1]: 5, [topic2]: 5 };
    const group = (ids: string[]): Subscription[] => [
      sub(ids[0], [topic1, topic2], [], { groupInstanceId: 'instance-1' }),
      sub(ids[1], [topic1, topic2], [], { groupInstanceId: 'instance-2' }),
      sub(ids[2], [topic1, topic2]),
    ];
    const before = rangeAssign(ppt, group(['m-c', 'm-b', 'm-a']));
    const after = rangeAssign(ppt, group(['m-x', 'm-a2', 'm-a']));
    expect(after['m-x']).toEqual(before['m-c']);
    expect(after['m-a2']).toEqual(before['m-b']);
    expect(after['m-a']).toEqual(before['m-a']);
    expect(show(before)['m-c']).toEqual(['topic1-0', 'topic1-1', 'topic2-0', 'topic2-1']);
    expect(show(before)['m-a']).toEqual(['topic1-4', 'topic2-4']);
  });
});

// ---------------------------------------------------------------------------------------------
// RoundRobinAssignorTest

describe('RoundRobinAssignorTest', () => {
  const topic = 'topic';
  const topic1 = 'topic1';
  const topic2 = 'topic2';

  it('testOneConsumerNoTopic / testOneConsumerNonexistentTopic', () => {
    expect(roundRobinAssign({}, [sub('consumer', [])])).toEqual({ consumer: [] });
    expect(roundRobinAssign({}, [sub('consumer', [topic])])).toEqual({ consumer: [] });
  });

  it('testOneConsumerOneTopic', () => {
    expect(show(roundRobinAssign({ [topic]: 3 }, [sub('consumer', [topic])]))).toEqual({
      consumer: ['topic-0', 'topic-1', 'topic-2'],
    });
  });

  it('testOnlyAssignsPartitionsFromSubscribedTopics', () => {
    expect(show(roundRobinAssign({ [topic]: 3, otherTopic: 3 }, [sub('consumer', [topic])]))).toEqual({
      consumer: ['topic-0', 'topic-1', 'topic-2'],
    });
  });

  it('testOneConsumerMultipleTopics', () => {
    expect(show(roundRobinAssign({ [topic1]: 1, [topic2]: 2 }, [sub('consumer', [topic1, topic2])]))).toEqual({
      consumer: ['topic1-0', 'topic2-0', 'topic2-1'],
    });
  });

  it('testTwoConsumersOneTopicOnePartition / testTwoConsumersOneTopicTwoPartitions', () => {
    const two = [sub('consumer1', [topic]), sub('consumer2', [topic])];
    expect(show(roundRobinAssign({ [topic]: 1 }, two))).toEqual({ consumer1: ['topic-0'], consumer2: [] });
    expect(show(roundRobinAssign({ [topic]: 2 }, two))).toEqual({ consumer1: ['topic-0'], consumer2: ['topic-1'] });
  });

  it('testMultipleConsumersMixedTopics', () => {
    const a = roundRobinAssign({ [topic1]: 3, [topic2]: 2 }, [
      sub('consumer1', [topic1]),
      sub('consumer2', [topic1, topic2]),
      sub('consumer3', [topic1]),
    ]);
    expect(show(a)).toEqual({
      consumer1: ['topic1-0'],
      consumer2: ['topic1-1', 'topic2-0', 'topic2-1'],
      consumer3: ['topic1-2'],
    });
  });

  it('testTwoConsumersTwoTopicsSixPartitions', () => {
    const a = roundRobinAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer1', [topic1, topic2]),
      sub('consumer2', [topic1, topic2]),
    ]);
    expect(show(a)).toEqual({
      consumer1: ['topic1-0', 'topic1-2', 'topic2-1'],
      consumer2: ['topic1-1', 'topic2-0', 'topic2-2'],
    });
  });

  it('testTwoStaticConsumersTwoTopicsSixPartitions', () => {
    const a = roundRobinAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer-b', [topic1, topic2], [], { groupInstanceId: 'instance1' }),
      sub('consumer-a', [topic1, topic2], [], { groupInstanceId: 'instance2' }),
    ]);
    expect(show(a)).toEqual({
      'consumer-a': ['topic1-1', 'topic2-0', 'topic2-2'],
      'consumer-b': ['topic1-0', 'topic1-2', 'topic2-1'],
    });
  });

  it('testOneStaticConsumerAndOneDynamicConsumerTwoTopicsSixPartitions', () => {
    // although consumer-a sorts before consumer-b by member id, the static member goes first
    const a = roundRobinAssign({ [topic1]: 3, [topic2]: 3 }, [
      sub('consumer-b', [topic1, topic2], [], { groupInstanceId: 'instance1' }),
      sub('consumer-a', [topic1, topic2]),
    ]);
    expect(show(a)).toEqual({
      'consumer-a': ['topic1-1', 'topic2-0', 'topic2-2'],
      'consumer-b': ['topic1-0', 'topic1-2', 'topic2-1'],
    });
  });

  it('testStaticMemberRoundRobinAssignmentPersistent', () => {
    const ppt = { [topic1]: 4, [topic2]: 3 };
    const group = (ids: string[]): Subscription[] =>
      ids.map((id, i) => sub(id, [topic1, topic2], [], { groupInstanceId: `instance-${i}` }));
    const before = roundRobinAssign(ppt, group(['z', 'y', 'x']));
    const after = roundRobinAssign(ppt, group(['a', 'b', 'c']));
    expect([after.a, after.b, after.c]).toEqual([before.z, before.y, before.x]);
  });
});

// ---------------------------------------------------------------------------------------------
// AbstractStickyAssignorTest / StickyAssignorTest

describe('StickyAssignorTest (AbstractStickyAssignorTest, eager)', () => {
  const topic = 'topic';
  const topic1 = 'topic1';
  const topic2 = 'topic2';
  const topic3 = 'topic3';
  const generationId = 1;

  it('testOneConsumerNoTopic / testOneConsumerNonexistentTopic / testOneConsumerOneTopic', () => {
    expect(stickyAssign({}, [sub('consumer', [])])).toEqual({ consumer: [] });
    expect(stickyAssign({}, [sub('consumer', [topic])])).toEqual({ consumer: [] });
    expect(show(stickyAssign({ [topic]: 3 }, [sub('consumer', [topic])]))).toEqual({
      consumer: ['topic-0', 'topic-1', 'topic-2'],
    });
  });

  it('testTwoConsumersOneTopicOnePartition / testTwoConsumersOneTopicTwoPartitions', () => {
    const two = [sub('consumer1', [topic]), sub('consumer2', [topic])];
    expect(show(stickyAssign({ [topic]: 1 }, two))).toEqual({ consumer1: ['topic-0'], consumer2: [] });
    expect(show(stickyAssign({ [topic]: 2 }, two))).toEqual({ consumer1: ['topic-0'], consumer2: ['topic-1'] });
  });

  it('testAddRemoveConsumerOneTopic', () => {
    const ppt = { [topic]: 3 };
    let a = stickyAssign(ppt, [sub('consumer1', [topic])]);
    expect(show(a)).toEqual({ consumer1: ['topic-0', 'topic-1', 'topic-2'] });

    let subs = [
      sub('consumer1', [topic], a.consumer1, { generation: generationId }),
      sub('consumer2', [topic], [], { generation: generationId }),
    ];
    a = stickyAssign(ppt, subs);
    expect(show(a)).toEqual({ consumer1: ['topic-0', 'topic-1'], consumer2: ['topic-2'] });
    verifyValidityAndBalance(subs, a);

    subs = [sub('consumer2', [topic], a.consumer2, { generation: generationId })];
    a = stickyAssign(ppt, subs);
    expect(show(a)).toEqual({ consumer2: ['topic-0', 'topic-1', 'topic-2'] });
  });

  it('stickiness when a member leaves: only the leaver’s partitions move', () => {
    const ppt = { [topic1]: 7, [topic2]: 5 };
    const ids = ['c1', 'c2', 'c3', 'c4'];
    const a0 = stickyAssign(ppt, ids.map((id) => sub(id, [topic1, topic2])));
    const subs = ids
      .filter((id) => id !== 'c3')
      .map((id) => sub(id, [topic1, topic2], a0[id], { generation: generationId }));
    const a1 = stickyAssign(ppt, subs);
    for (const id of ['c1', 'c2', 'c4']) expect(a1[id]).toEqual(expect.arrayContaining(a0[id]));
    verifyValidityAndBalance(subs, a1);
    expect(isFullyBalanced(a1)).toBe(true);
  });

  it('testSameSubscriptions (constrained path) and the constrained quota rules', () => {
    // 3 members own 4/4/2 of 10 partitions: quotas 3..4, one member may keep 4.
    const ppt = { [topic]: 10 };
    const subs = [
      sub('c1', [topic], parts('topic-0', 'topic-1', 'topic-2', 'topic-3'), { generation: 5 }),
      sub('c2', [topic], parts('topic-4', 'topic-5', 'topic-6', 'topic-7'), { generation: 5 }),
      sub('c3', [topic], parts('topic-8', 'topic-9'), { generation: 5 }),
    ];
    const r = stickyAssignDetailed(ppt, subs);
    expect(r.path).toBe('constrained');
    // Kafka visits the members in HashMap order (c3, c1, c2: buckets 0, 14, 15): c1 comes before c2,
    // so c1 keeps maxQuota = 4; c2 keeps minQuota = 3 and gives up topic-7 to c3
    expect(show(r.assignment)).toEqual({
      c1: ['topic-0', 'topic-1', 'topic-2', 'topic-3'],
      c2: ['topic-4', 'topic-5', 'topic-6'],
      c3: ['topic-7', 'topic-8', 'topic-9'],
    });
    expect(r.partitionsTransferringOwnership).toEqual([{ partition: P('topic-7'), to: 'c3' }]);
  });

  it('more members own ≥ maxQuota than P % C: the first in Java HashMap order keeps maxQuota (checked with Kafka)', () => {
    // 7 partitions, 3 members: quotas 2..3, one member may keep 3. w1 sorts first by id, but the
    // leader's HashMap visits w4 (bucket 0) before w1 (bucket 14), so w4 keeps 3 and w1 gives up 2.
    const [w1, w4, w5] = ['consumer-warehouse-1-0001', 'consumer-warehouse-4-0004', 'consumer-warehouse-5-0005'];
    const subs = [
      sub(w1, ['orders'], list('orders-0, orders-1, orders-2, orders-3'), { generation: 1 }),
      sub(w4, ['orders'], list('orders-4, orders-5, orders-6'), { generation: 1 }),
      sub(w5, ['orders']),
    ];
    // the same answer as apache/kafka's StickyAssignor on a JVM
    expect(show(stickyAssign({ orders: 7 }, subs))).toEqual({
      [w1]: ['orders-0', 'orders-1'],
      [w4]: ['orders-4', 'orders-5', 'orders-6'],
      [w5]: ['orders-2', 'orders-3'],
    });
  });

  it('members sharing a HashMap bucket are visited in JoinGroup order (checked with Kafka)', () => {
    // w1 and w13 share bucket 14 of the leader's 16-bucket HashMap: whichever the broker listed
    // first keeps maxQuota
    const [w1, w13, w5] = ['consumer-warehouse-1-0001', 'consumer-warehouse-13-000d', 'consumer-warehouse-5-0005'];
    const s1 = sub(w1, ['orders'], list('orders-0, orders-1, orders-2'), { generation: 1 });
    const s13 = sub(w13, ['orders'], list('orders-3, orders-4, orders-5, orders-6'), { generation: 1 });
    const s5 = sub(w5, ['orders']);
    expect(show(stickyAssign({ orders: 7 }, [s1, s13, s5]))).toEqual({
      [w1]: ['orders-0', 'orders-1', 'orders-2'],
      [w13]: ['orders-3', 'orders-4'],
      [w5]: ['orders-5', 'orders-6'],
    });
    expect(show(stickyAssign({ orders: 7 }, [s13, s1, s5]))).toEqual({
      [w1]: ['orders-0', 'orders-1'],
      [w13]: ['orders-3', 'orders-4', 'orders-5'],
      [w5]: ['orders-2', 'orders-6'],
    });
  });

  it('testPartitionsTransferringOwnershipIncludeThePartitionClaimedByMultipleConsumersInSameGeneration', () => {
    const subs = [
      sub('consumer1', [topic], parts('topic-0', 'topic-1'), { generation: generationId }),
      sub('consumer2', [topic], parts('topic-0', 'topic-2'), { generation: generationId }),
      sub('consumer3', [topic], [], { generation: generationId }),
    ];
    const r = stickyAssignDetailed({ [topic]: 3 }, subs);
    expect(r.partitionsTransferringOwnership).toEqual([{ partition: P('topic-0'), to: 'consumer3' }]);
    expect(show(r.assignment)).toEqual({ consumer1: ['topic-1'], consumer2: ['topic-2'], consumer3: ['topic-0'] });
    verifyValidityAndBalance(subs, r.assignment);
  });

  it('testEnsurePartitionsAssignedToHighestGeneration', () => {
    const g = 10;
    const all = [topic, topic2, topic3];
    const subs = [
      sub('consumer1', all, parts('topic-0', 'topic2-0', 'topic3-0'), { generation: g }),
      sub('consumer2', all, parts('topic-1', 'topic2-1', 'topic3-1'), { generation: g - 1 }),
      sub('consumer3', all, parts('topic2-1', 'topic3-0', 'topic3-2'), { generation: g - 2 }),
    ];
    const r = stickyAssignDetailed({ [topic]: 3, [topic2]: 3, [topic3]: 3 }, subs);
    expect(show(r.assignment)).toEqual({
      consumer1: ['topic-0', 'topic2-0', 'topic3-0'],
      consumer2: ['topic-1', 'topic2-1', 'topic3-1'],
      consumer3: ['topic-2', 'topic2-2', 'topic3-2'],
    });
    expect(r.partitionsTransferringOwnership).toEqual([]);
  });

  it('testNoReassignmentOnCurrentMembers', () => {
    const g = 10;
    const all = [topic, topic2, topic3, topic1];
    const subs = [
      sub('consumer1', all, []),
      sub('consumer2', all, parts('topic-0', 'topic2-0', 'topic1-0'), { generation: g - 1 }),
      sub('consumer3', all, parts('topic3-2', 'topic2-2', 'topic1-1'), { generation: g - 2 }),
      sub('consumer4', all, parts('topic3-1', 'topic-1', 'topic-2'), { generation: g - 3 }),
    ];
    const r = stickyAssignDetailed({ [topic]: 3, [topic1]: 3, [topic2]: 3, [topic3]: 3 }, subs);
    expect(show(r.assignment).consumer1).toEqual(['topic1-2', 'topic2-1', 'topic3-0']);
    for (const s of subs.slice(1)) expect(r.assignment[s.memberId]).toEqual(expect.arrayContaining(s.ownedPartitions));
    expect(r.partitionsTransferringOwnership).toEqual([]);
    verifyValidityAndBalance(subs, r.assignment);
    expect(isFullyBalanced(r.assignment)).toBe(true);
  });

  it('testOwnedPartitionsAreInvalidatedForConsumerWithMultipleGeneration', () => {
    const g = 10;
    const subs = [
      sub('consumer1', [topic, topic2], parts('topic-0', 'topic2-1', 'topic-1'), { generation: g }),
      sub('consumer2', [topic, topic2], parts('topic-0', 'topic2-1', 'topic2-2'), { generation: g - 2 }),
    ];
    const r = stickyAssignDetailed({ [topic]: 3, [topic2]: 3 }, subs);
    expect(show(r.assignment)).toEqual({
      consumer1: ['topic-0', 'topic-1', 'topic2-1'],
      consumer2: ['topic-2', 'topic2-0', 'topic2-2'],
    });
    expect(r.partitionsTransferringOwnership).toEqual([]);
  });

  it('conflicting previous generations (cf. testAssignmentWithConflictingPreviousGenerations)', () => {
    // topic-0: c1 (gen 1) vs c2 (gen 2) → c2; topic-4: c1 vs c3 (gen 2) → c3;
    // topic-3: c2 and c3 both at gen 2 → invalidated for both.
    const subs = [
      sub('c1', [topic], parts('topic-0', 'topic-1', 'topic-4'), { generation: 1 }),
      sub('c2', [topic], parts('topic-0', 'topic-2', 'topic-3'), { generation: 2 }),
      sub('c3', [topic], parts('topic-3', 'topic-4', 'topic-5'), { generation: 2 }),
    ];
    const r = stickyAssignDetailed({ [topic]: 6 }, subs);
    expect(show(r.assignment)).toEqual({
      c1: ['topic-1', 'topic-3'],
      c2: ['topic-0', 'topic-2'],
      c3: ['topic-4', 'topic-5'],
    });
    expect(r.partitionsTransferringOwnership).toEqual([{ partition: P('topic-3'), to: 'c1' }]);
    verifyValidityAndBalance(subs, r.assignment);
  });

  it('testRackAwareAssignmentWithUniformSubscription (non-rack-aware expectation)', () => {
    const all = ['t1', 't2', 't3'];
    const subs = [0, 1, 2].map((i) => sub(`consumer${i}`, all));
    expect(show(stickyAssign({ t1: 6, t2: 7, t3: 2 }, subs))).toEqual({
      consumer0: ['t1-0', 't1-3', 't2-0', 't2-3', 't2-6'],
      consumer1: ['t1-1', 't1-4', 't2-1', 't2-4', 't3-0'],
      consumer2: ['t1-2', 't1-5', 't2-2', 't2-5', 't3-1'],
    });
  });

  it('testRackAwareAssignmentWithNonEqualSubscription (general path, non-rack-aware expectation)', () => {
    const all = ['t1', 't2', 't3'];
    const topics = [all, all, ['t1', 't3']];
    const expected = [
      't1-5, t2-0, t2-2, t2-4, t2-6',
      't1-3, t2-1, t2-3, t2-5, t3-0',
      't1-0, t1-1, t1-2, t1-4, t3-1',
    ];
    const fresh = stickyAssignDetailed(
      { t1: 6, t2: 7, t3: 2 },
      topics.map((t, i) => sub(`consumer${i}`, t)),
    );
    expect(fresh.path).toBe('general');
    expect(fresh.assignment).toEqual({ consumer0: list(expected[0]), consumer1: list(expected[1]), consumer2: list(expected[2]) });
    // verifyNonEqualSubscription's second step: owning the expected assignment changes nothing
    const again = stickyAssign(
      { t1: 6, t2: 7, t3: 2 },
      topics.map((t, i) => sub(`consumer${i}`, t, list(expected[i]))),
    );
    expect(again).toEqual(fresh.assignment);
  });

  it('testReassignmentAfterOneConsumerLeaves (general path stays valid and balanced)', () => {
    const ppt: Record<string, number> = {};
    for (let i = 1; i < 20; i++) ppt[`topic${String(i).padStart(2, '0')}`] = i;
    const topicsUpTo = (i: number): string[] =>
      Array.from({ length: i }, (_, j) => `topic${String(j + 1).padStart(2, '0')}`);
    let subs: Subscription[] = [];
    for (let i = 1; i < 20; i++) subs.push(sub(`consumer${String(i).padStart(2, '0')}`, topicsUpTo(i)));
    const a0 = stickyAssign(ppt, subs);
    verifyValidityAndBalance(subs, a0);

    subs = subs
      .filter((s) => s.memberId !== 'consumer10')
      .map((s) => ({ ...s, ownedPartitions: a0[s.memberId], generation: 1 }));
    const a1 = stickyAssign(ppt, subs);
    verifyValidityAndBalance(subs, a1);
    // the bulk of the assignment stays put
    const kept = subs.reduce(
      (n, s) => n + a1[s.memberId].filter((p) => a0[s.memberId].some((q) => q.topic === p.topic && q.partition === p.partition)).length,
      0,
    );
    const before = subs.reduce((n, s) => n + a0[s.memberId].length, 0);
    expect(kept / before).toBeGreaterThan(0.8);
  });
});

// ---------------------------------------------------------------------------------------------
// CooperativeStickyAssignorTest and adjustForCooperative

describe('CooperativeStickyAssignorTest', () => {
  const topic = 'topic';
  const generationId = 1;

  it('testAddRemoveConsumerOneTopic: the moving partition is absent in round one, present after the follow-up', () => {
    const ppt = { [topic]: 3 };
    const r0 = cooperativeStickyAssign(ppt, [sub('consumer1', [topic])]);
    expect(show(r0.assignment)).toEqual({ consumer1: ['topic-0', 'topic-1', 'topic-2'] });
    expect(r0.followUpNeeded).toBe(false);

    // consumer2 joins: topic-2 moves consumer1 → consumer2, so consumer2 gets nothing yet
    const r1 = cooperativeStickyAssign(ppt, [
      sub('consumer1', [topic], r0.assignment.consumer1, { generation: generationId }),
      sub('consumer2', [topic], [], { generation: generationId }),
    ]);
    expect(show(r1.assignment)).toEqual({ consumer1: ['topic-0', 'topic-1'], consumer2: [] });
    expect(show(r1.revoking)).toEqual({ consumer1: ['topic-2'], consumer2: [] });
    expect(show(r1.target)).toEqual({ consumer1: ['topic-0', 'topic-1'], consumer2: ['topic-2'] });
    expect(r1.followUpNeeded).toBe(true);
    expect(getAssignor('cooperative-sticky').assign(ppt, [
      sub('consumer1', [topic], r0.assignment.consumer1, { generation: generationId }),
      sub('consumer2', [topic], [], { generation: generationId }),
    ])).toEqual(r1.assignment);

    // follow-up rebalance: consumer1 revoked topic-2, which is now free
    const r2 = cooperativeStickyAssign(ppt, [
      sub('consumer1', [topic], r1.assignment.consumer1, { generation: generationId + 1 }),
      sub('consumer2', [topic], r1.assignment.consumer2, { generation: generationId + 1 }),
    ]);
    expect(show(r2.assignment)).toEqual({ consumer1: ['topic-0', 'topic-1'], consumer2: ['topic-2'] });
    expect(r2.followUpNeeded).toBe(false);

    // consumer1 leaves: its partitions are not owned by any member of the group, so no revocation
    const r3 = cooperativeStickyAssign(ppt, [
      sub('consumer2', [topic], r2.assignment.consumer2, { generation: generationId + 2 }),
    ]);
    expect(show(r3.assignment)).toEqual({ consumer2: ['topic-0', 'topic-1', 'topic-2'] });
    expect(r3.followUpNeeded).toBe(false);
  });

  it('testAllConsumersHaveOwnedPartitionInvalidatedWhenClaimedByMultipleConsumersInSameGenerationWithEqualPartitionsPerConsumer', () => {
    const r = cooperativeStickyAssign({ [topic]: 3 }, [
      sub('consumer1', [topic], parts('topic-0', 'topic-1'), { generation: generationId }),
      sub('consumer2', [topic], parts('topic-0', 'topic-2'), { generation: generationId }),
      sub('consumer3', [topic], [], { generation: generationId }),
    ]);
    expect(show(r.assignment)).toEqual({ consumer1: ['topic-1'], consumer2: ['topic-2'], consumer3: [] });
    expect(show(r.revoking)).toEqual({ consumer1: ['topic-0'], consumer2: ['topic-0'], consumer3: [] });
    expect(r.followUpNeeded).toBe(true);
  });

  it('testAllConsumersHaveOwnedPartitionInvalidatedWhenClaimedByMultipleConsumersInSameGenerationWithUnequalPartitionsPerConsumer', () => {
    const r = cooperativeStickyAssign({ [topic]: 4 }, [
      sub('consumer1', [topic], parts('topic-0', 'topic-1'), { generation: generationId }),
      sub('consumer2', [topic], parts('topic-0', 'topic-2'), { generation: generationId }),
      sub('consumer3', [topic], [], { generation: generationId }),
    ]);
    expect(show(r.assignment)).toEqual({ consumer1: ['topic-1', 'topic-3'], consumer2: ['topic-2'], consumer3: [] });
  });

  it('conflicting generations: the stale claimant revokes, the contested partition is withheld', () => {
    const r = cooperativeStickyAssign({ [topic]: 6 }, [
      sub('c1', [topic], parts('topic-0', 'topic-1', 'topic-4'), { generation: 1 }),
      sub('c2', [topic], parts('topic-0', 'topic-2', 'topic-3'), { generation: 2 }),
      sub('c3', [topic], parts('topic-3', 'topic-4', 'topic-5'), { generation: 2 }),
    ]);
    expect(show(r.assignment)).toEqual({ c1: ['topic-1'], c2: ['topic-0', 'topic-2'], c3: ['topic-4', 'topic-5'] });
    expect(show(r.revoking)).toEqual({ c1: ['topic-0', 'topic-4'], c2: ['topic-3'], c3: ['topic-3'] });
    expect(r.followUpNeeded).toBe(true);
  });

  it('testRackAwareAssignmentWithNonEqualSubscription (cooperative intermediate and final steps)', () => {
    const ppt = { t1: 6, t2: 7, t3: 2 };
    const all = ['t1', 't2', 't3'];
    const topics = [all, all, ['t1', 't3']];
    const group = (owned: string[]): Subscription[] => topics.map((t, i) => sub(`consumer${i}`, t, list(owned[i])));
    const owned = ['t1-0, t1-1, t1-2, t1-3, t1-4', 't1-5, t2-0, t2-1, t2-2, t2-3', 't2-4, t2-5, t2-6, t3-0, t3-1'];
    const intermediate = ['t1-2, t1-3, t1-4', 't2-0, t2-1, t2-2, t2-3', 't3-0, t3-1'];
    const final = ['t1-2, t1-3, t1-4, t2-4, t2-5', 't2-0, t2-1, t2-2, t2-3, t2-6', 't1-0, t1-1, t1-5, t3-0, t3-1'];
    const r1 = cooperativeStickyAssign(ppt, group(owned));
    expect(r1.assignment).toEqual({ consumer0: list(intermediate[0]), consumer1: list(intermediate[1]), consumer2: list(intermediate[2]) });
    const r2 = cooperativeStickyAssign(ppt, group(intermediate));
    expect(r2.assignment).toEqual({ consumer0: list(final[0]), consumer1: list(final[1]), consumer2: list(final[2]) });
    expect(r2.followUpNeeded).toBe(false);
  });

  it('adjustForCooperative: moves withheld, owners revoke, departed owners ignored', () => {
    const owned = { A: parts('t-0', 't-1'), B: [], Gone: parts('t-2') };
    const target = { A: parts('t-0'), B: parts('t-1', 't-2') };
    const r = adjustForCooperative(owned, target);
    expect(show(r.assignment)).toEqual({ A: ['t-0'], B: ['t-2'] });
    expect(show(r.revoking)).toEqual({ A: ['t-1'], B: [] });
    expect(r.followUpNeeded).toBe(true);

    const still = adjustForCooperative({ A: parts('t-0') }, { A: parts('t-0', 't-1') });
    expect(show(still.assignment)).toEqual({ A: ['t-0', 't-1'] });
    expect(still.followUpNeeded).toBe(false);
  });

  it('getAssignor exposes all four with their protocols', () => {
    expect(ASSIGNOR_NAMES.map((n) => [getAssignor(n).name, getAssignor(n).protocol])).toEqual([
      ['range', 'eager'],
      ['roundrobin', 'eager'],
      ['sticky', 'eager'],
      ['cooperative-sticky', 'cooperative'],
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// properties

const TOPICS = ['t0', 't1', 't2', 't3'];

interface Group {
  ppt: Record<string, number>;
  subs: Subscription[];
}

/** Random groups: up to 4 topics (plus an unknown "ghost" topic), up to 6 members, random owned claims. */
function arbGroup(opts: { equal: boolean; owned: boolean }): fc.Arbitrary<Group> {
  return fc
    .record({
      counts: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 4 }),
      equalTopics: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      members: fc.array(
        fc.record({
          topics: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
          instance: fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined }),
          generation: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
          owned: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
        }),
        { minLength: 1, maxLength: 6 },
      ),
    })
    .map(({ counts, equalTopics, members }) => {
      const ppt: Record<string, number> = {};
      counts.forEach((n, i) => (ppt[TOPICS[i]] = n));
      const names = [...TOPICS.slice(0, counts.length), 'ghost'];
      const pick = (mask: boolean[]): string[] => names.filter((_, i) => mask[i]);
      const subs = members.map((m, i): Subscription => ({
        memberId: `member-${(i * 7919) % 101}`,
        groupInstanceId: m.instance === undefined ? null : `instance-${m.instance}`,
        topics: pick(opts.equal ? equalTopics : m.topics),
        ownedPartitions: opts.owned
          ? m.owned.map(([t, p]) => {
              const topic = TOPICS[t % counts.length];
              return { topic, partition: p % (ppt[topic] + 1) };
            })
          : [],
        generation: opts.owned ? m.generation : undefined,
      }));
      return { ppt, subs };
    });
}

function subscribedPartitions({ ppt, subs }: Group): string[] {
  const out: string[] = [];
  for (const t of Object.keys(ppt).sort()) {
    if (!subs.some((s) => s.topics.includes(t))) continue;
    for (let i = 0; i < ppt[t]; i++) out.push(`${t}-${i}`);
  }
  return out;
}

function assignWith(name: AssignorName, g: Group): Record<string, TopicPartition[]> {
  // cooperative-sticky's round-one assignment withholds moving partitions; its target is complete
  return name === 'cooperative-sticky' ? cooperativeStickyAssign(g.ppt, g.subs).target : getAssignor(name).assign(g.ppt, g.subs);
}

function expectValid(g: Group, a: Record<string, TopicPartition[]>, complete: boolean): void {
  expect(Object.keys(a).sort()).toEqual(g.subs.map((s) => s.memberId).sort());
  const seen = new Map<string, string>();
  for (const s of g.subs) {
    const mine = a[s.memberId];
    const sorted = [...mine].sort((x, y) => (x.topic < y.topic ? -1 : x.topic > y.topic ? 1 : x.partition - y.partition));
    expect(mine).toEqual(sorted);
    for (const p of mine) {
      const k = `${p.topic}-${p.partition}`;
      expect(s.topics).toContain(p.topic);
      expect(seen.has(k)).toBe(false);
      seen.set(k, s.memberId);
    }
  }
  const all = subscribedPartitions(g);
  if (complete) expect([...seen.keys()].sort()).toEqual([...all].sort());
  else for (const k of seen.keys()) expect(all).toContain(k);
}

const spread = (xs: number[]): number => (xs.length === 0 ? 0 : Math.max(...xs) - Math.min(...xs));

describe('assignor properties', () => {
  it('every partition of a subscribed topic is assigned exactly once, to a subscriber (all four)', () => {
    fc.assert(
      fc.property(arbGroup({ equal: false, owned: true }), fc.constantFrom(...ASSIGNOR_NAMES), (g, name) => {
        expectValid(g, assignWith(name, g), true);
        if (name === 'cooperative-sticky') expectValid(g, getAssignor(name).assign(g.ppt, g.subs), false);
      }),
      { numRuns: 400 },
    );
  });

  it('balance: roundrobin and sticky with equal subscriptions differ by ≤ 1; range per topic', () => {
    fc.assert(
      fc.property(arbGroup({ equal: true, owned: true }), (g) => {
        for (const name of ['roundrobin', 'sticky', 'cooperative-sticky'] as const) {
          expect(spread(sizes(assignWith(name, g)))).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(arbGroup({ equal: false, owned: false }), (g) => {
        const a = rangeAssign(g.ppt, g.subs);
        for (const t of Object.keys(g.ppt)) {
          const holders = g.subs.filter((s) => s.topics.includes(t));
          expect(spread(holders.map((s) => a[s.memberId].filter((p) => p.topic === t).length))).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('sticky general path: no partition could move to an eligible member holding ≥ 2 fewer (Kafka’s verifyValidityAndBalance)', () => {
    fc.assert(
      fc.property(arbGroup({ equal: false, owned: true }), (g) => {
        verifyValidityAndBalance(g.subs, stickyAssign(g.ppt, g.subs));
      }),
      { numRuns: 300 },
    );
  });

  it('stickiness: when a member leaves, every remaining member keeps all its partitions (equal subscriptions)', () => {
    fc.assert(
      fc.property(arbGroup({ equal: true, owned: false }), fc.nat(), (g, k) => {
        fc.pre(g.subs.length >= 2);
        const a0 = stickyAssign(g.ppt, g.subs);
        const leaver = g.subs[k % g.subs.length].memberId;
        const rest = g.subs
          .filter((s) => s.memberId !== leaver)
          .map((s) => ({ ...s, ownedPartitions: a0[s.memberId], generation: 1 }));
        const a1 = stickyAssign(g.ppt, rest);
        for (const s of rest) expect(a1[s.memberId]).toEqual(expect.arrayContaining(a0[s.memberId]));
        const coop = cooperativeStickyAssign(g.ppt, rest);
        expect(coop.followUpNeeded).toBe(false);
        expect(coop.assignment).toEqual(a1);
      }),
      { numRuns: 300 },
    );
  });

  it('cooperative-sticky: never hands over a partition its owner still holds; converges after the follow-up', () => {
    fc.assert(
      fc.property(
        arbGroup({ equal: false, owned: false }),
        arbGroup({ equal: false, owned: false }),
        fc.nat(),
        (prev, next, cut) => {
          // a realistic previous state: a valid, disjoint assignment of an older membership
          const before = cooperativeStickyAssign(prev.ppt, prev.subs).target;
          const keep = prev.subs.slice(0, cut % (prev.subs.length + 1));
          let subs: Subscription[] = [
            ...keep.map((s, i) => ({ ...s, topics: next.subs[i]?.topics ?? s.topics, ownedPartitions: before[s.memberId], generation: 3 })),
            ...next.subs.slice(keep.length).map((s) => ({ ...s, memberId: `new-${s.memberId}`, generation: 3 })),
          ];
          const g = { ppt: prev.ppt, subs };
          for (let round = 0; round < 4; round++) {
            const r = cooperativeStickyAssign(g.ppt, subs);
            expectValid({ ppt: g.ppt, subs }, r.assignment, false);
            for (const s of subs) {
              for (const p of r.assignment[s.memberId]) {
                const otherOwners = subs.filter(
                  (o) => o !== s && o.ownedPartitions.some((q) => q.topic === p.topic && q.partition === p.partition),
                );
                expect(otherOwners.map((o) => o.memberId)).toEqual([]);
              }
            }
            if (!r.followUpNeeded) {
              expectValid({ ppt: g.ppt, subs }, r.assignment, true);
              expect(round).toBeLessThanOrEqual(2);
              return;
            }
            subs = subs.map((s) => ({ ...s, ownedPartitions: r.assignment[s.memberId], generation: 4 + round }));
          }
          throw new Error('no convergence');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('determinism: range and roundrobin ignore the subscription order; the sticky ones see only the leader’s HashMap order', () => {
    fc.assert(
      fc.property(
        arbGroup({ equal: false, owned: true }).chain((g) =>
          fc
            .shuffledSubarray(g.subs, { minLength: g.subs.length, maxLength: g.subs.length })
            .map((shuffled) => ({ g, shuffled })),
        ),
        ({ g, shuffled }) => {
          for (const name of ['range', 'roundrobin'] as const) {
            expect(getAssignor(name).assign(g.ppt, shuffled)).toEqual(getAssignor(name).assign(g.ppt, g.subs));
          }
          // The sticky assignors see the JoinGroup order only through the HashMap the leader fills
          // with it: handing them that HashMap's own iteration order changes nothing.
          const byId = new Map(shuffled.map((s) => [s.memberId, s]));
          const hashOrdered = javaHashMapOrder(shuffled.map((s) => s.memberId)).map((id) => byId.get(id)!);
          for (const name of ['sticky', 'cooperative-sticky'] as const) {
            expect(getAssignor(name).assign(g.ppt, hashOrdered)).toEqual(getAssignor(name).assign(g.ppt, shuffled));
          }
          expect(cooperativeStickyAssign(g.ppt, hashOrdered)).toEqual(cooperativeStickyAssign(g.ppt, shuffled));
        },
      ),
      { numRuns: 300 },
    );
  });
});
