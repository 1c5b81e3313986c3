/**
 * apache/kafka `clients/src/main/java/org/apache/kafka/clients/consumer/RoundRobinAssignor.java`.
 *
 * All partitions of all subscribed topics (`allPartitionsSorted`: topics in a `TreeSet`, i.e. by
 * name, then partitions in numeric order) are dealt to the members in `MemberInfo` order
 * (`Utils.sorted(memberInfoList)`: static members first by `group.instance.id`, then dynamic
 * members by member id) through a `CircularIterator`: before each partition the iterator skips
 * members not subscribed to the partition's topic, then hands the partition to the member it rests
 * on and advances.
 */
import {
  compareMemberInfo,
  compareStrings,
  finalizeAssignment,
  normalizeInput,
  partitionsOf,
  type Assignor,
  type Subscription,
  type TopicPartition,
} from './types.ts';

export function roundRobinAssign(
  partitionsPerTopic: Record<string, number>,
  subscriptions: Subscription[],
): Record<string, TopicPartition[]> {
  const input = normalizeInput(partitionsPerTopic, subscriptions);
  const assignment = new Map<string, TopicPartition[]>();
  for (const m of input.members) assignment.set(m.memberId, []);

  const ring = [...input.members].sort(compareMemberInfo);
  // allPartitionsSorted: subscribed topics with metadata, by name; partitionsPerTopic is already
  // restricted to subscribed topics and ordered by name.
  const all: TopicPartition[] = [];
  for (const topic of [...input.partitionsPerTopic.keys()].sort(compareStrings)) {
    all.push(...partitionsOf(topic, input.partitionsPerTopic.get(topic)!));
  }

  let cursor = 0; // CircularIterator position (peek = ring[cursor])
  for (const partition of all) {
    // Terminates: partitionsPerTopic only holds topics somebody subscribes to.
    while (!ring[cursor].topicSet.has(partition.topic)) cursor = (cursor + 1) % ring.length;
    assignment.get(ring[cursor].memberId)!.push(partition);
    cursor = (cursor + 1) % ring.length;
  }
  return finalizeAssignment(assignment.keys(), assignment);
}

export const roundRobinAssignor: Assignor = {
  name: 'roundrobin',
  protocol: 'eager',
  assign: roundRobinAssign,
};
