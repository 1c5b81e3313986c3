/**
 * apache/kafka `clients/src/main/java/org/apache/kafka/clients/consumer/RangeAssignor.java`
 * (`assign` / `assignRanges`, without rack information — `client.rack` is not modelled).
 *
 * Per topic, independently: the consumers subscribed to it are sorted by `MemberInfo.compareTo`
 * (static members first, by `group.instance.id`; then dynamic members by member id), the partitions
 * are laid out in numeric order, each consumer gets `numPartitionsPerConsumer = P / C` contiguous
 * partitions and the first `consumersWithExtraPartition = P % C` consumers one more:
 * `start = n·i + min(i, extra)`, `length = n + (i + 1 > extra ? 0 : 1)`.
 *
 * Topics without metadata (absent from `partitionsPerTopic`) are skipped, as in Kafka.
 */
import {
  compareMemberInfo,
  finalizeAssignment,
  normalizeInput,
  partitionsOf,
  type Assignor,
  type NormalizedSubscription,
  type Subscription,
  type TopicPartition,
} from './types.ts';

export function rangeAssign(
  partitionsPerTopic: Record<string, number>,
  subscriptions: Subscription[],
): Record<string, TopicPartition[]> {
  const input = normalizeInput(partitionsPerTopic, subscriptions);
  const assignment = new Map<string, TopicPartition[]>();
  for (const m of input.members) assignment.set(m.memberId, []);

  // consumersPerTopic(...), then Collections.sort(consumers) per topic.
  const consumersPerTopic = new Map<string, NormalizedSubscription[]>();
  for (const m of input.members) {
    for (const topic of m.topics) {
      let list = consumersPerTopic.get(topic);
      if (!list) consumersPerTopic.set(topic, (list = []));
      list.push(m);
    }
  }

  for (const [topic, numPartitionsForTopic] of input.partitionsPerTopic) {
    const consumers = consumersPerTopic.get(topic);
    if (!consumers || consumers.length === 0 || numPartitionsForTopic === 0) continue;
    const sorted = [...consumers].sort(compareMemberInfo);
    const numPartitionsPerConsumer = Math.floor(numPartitionsForTopic / sorted.length);
    const consumersWithExtraPartition = numPartitionsForTopic % sorted.length;
    const partitions = partitionsOf(topic, numPartitionsForTopic);
    for (let i = 0; i < sorted.length; i++) {
      const start = numPartitionsPerConsumer * i + Math.min(i, consumersWithExtraPartition);
      const length = numPartitionsPerConsumer + (i + 1 > consumersWithExtraPartition ? 0 : 1);
      assignment.get(sorted[i].memberId)!.push(...partitions.slice(start, start + length));
    }
  }
  return finalizeAssignment(assignment.keys(), assignment);
}

export const rangeAssignor: Assignor = {
  name: 'range',
  protocol: 'eager',
  assign: rangeAssign,
};
