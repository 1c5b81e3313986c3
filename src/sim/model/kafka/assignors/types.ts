/**
 * Kafka's classic-protocol (JoinGroup/SyncGroup) client-side partition assignors: shared types and
 * the small helpers every assignor uses.
 *
 * The assignors are pure functions of `(partitionsPerTopic, subscriptions)`, the same inputs as
 * apache/kafka `ConsumerPartitionAssignor.assign` after `AbstractPartitionAssignor` has resolved
 * topic metadata. Output contract (stricter than Kafka's, for determinism and easy comparison):
 * every member id appears (possibly with `[]`) and every list is sorted by (topic, partition).
 *
 * Order: string comparisons follow Java's `String.compareTo` (UTF-16 code units — the same as
 * JavaScript's `<` on strings, never `localeCompare`). Range and round-robin sort the members, so
 * their result never depends on the order of the `subscriptions` array. The sticky assignors visit
 * the members in the iteration order of the leader's `HashMap` (java-hash.ts), which depends on that
 * order for members whose ids share a bucket: there `subscriptions` is the JoinGroup response's
 * member order (sticky.ts).
 */

export type TopicPartition = { topic: string; partition: number };

export type Subscription = {
  memberId: string;
  /** `group.instance.id` of a static member (KIP-345); absent/null for a dynamic member. */
  groupInstanceId?: string | null;
  topics: string[];
  /**
   * The member's previous assignment. For `cooperative-sticky` this is Kafka's
   * `Subscription.ownedPartitions`; for the eager `sticky` assignor Kafka carries the same
   * information in the subscription's `userData` (the consumer revoked everything before joining),
   * which this model folds into the same field.
   */
  ownedPartitions: TopicPartition[];
  /**
   * Generation in which `ownedPartitions` was owned (`Subscription.generationId`, or the generation
   * encoded in the sticky assignors' `userData`). Absent = Kafka's `Optional.empty()`, compared as
   * `DEFAULT_GENERATION` (−1). Only the sticky assignors read it.
   */
  generation?: number;
};

export type AssignorName = 'range' | 'roundrobin' | 'sticky' | 'cooperative-sticky';

export interface Assignor {
  name: AssignorName;
  protocol: 'eager' | 'cooperative';
  assign(
    partitionsPerTopic: Record<string, number>,
    subscriptions: Subscription[],
  ): Record<string, TopicPartition[]>;
}

/** Kafka's `AbstractStickyAssignor.DEFAULT_GENERATION`. */
export const DEFAULT_GENERATION = -1;

/** Java `String.compareTo` sign (UTF-16 code-unit order). */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** (topic, partition) order — Kafka's `Comparator.comparing(topic).thenComparing(partition)`. */
export function compareTopicPartitions(a: TopicPartition, b: TopicPartition): number {
  return compareStrings(a.topic, b.topic) || a.partition - b.partition;
}

/** A collision-free map key for a topic-partition (topic names cannot contain NUL). */
export function tpKey(tp: TopicPartition): string {
  return `${tp.topic}\u0000${tp.partition}`;
}

export function tp(topic: string, partition: number): TopicPartition {
  return { topic, partition };
}

/**
 * `AbstractPartitionAssignor.MemberInfo.compareTo`: static members (with a `group.instance.id`)
 * sort before dynamic ones, static members by instance id, dynamic members by member id. Kafka
 * relies on `Collections.sort` being stable for equal instance ids (never the case in a healthy
 * group: the coordinator fences duplicates); here such ties fall back to the member id.
 */
export function compareMemberInfo(
  a: Pick<Subscription, 'memberId' | 'groupInstanceId'>,
  b: Pick<Subscription, 'memberId' | 'groupInstanceId'>,
): number {
  const ai = a.groupInstanceId ?? null;
  const bi = b.groupInstanceId ?? null;
  if (ai !== null && bi !== null) return compareStrings(ai, bi) || compareStrings(a.memberId, b.memberId);
  if (ai !== null) return -1;
  if (bi !== null) return 1;
  return compareStrings(a.memberId, b.memberId);
}

/** A subscription after input checks: topics de-duplicated, owned partitions de-duplicated. */
export interface NormalizedSubscription {
  memberId: string;
  groupInstanceId: string | null;
  /** Subscribed topics, de-duplicated, in first-seen order. */
  topics: string[];
  topicSet: ReadonlySet<string>;
  ownedPartitions: TopicPartition[];
  /** `undefined` = Kafka's `Optional.empty()`. */
  generation: number | undefined;
}

export interface NormalizedInput {
  /** Members sorted by member id. */
  members: NormalizedSubscription[];
  byId: ReadonlyMap<string, NormalizedSubscription>;
  /**
   * What Kafka's `AbstractPartitionAssignor.assign(Cluster, GroupSubscription)` passes on: only the
   * topics someone subscribes to and for which metadata (a partition count) exists, sorted by name.
   */
  partitionsPerTopic: ReadonlyMap<string, number>;
}

/** Validate and normalize the assignor inputs (throws on malformed input). */
export function normalizeInput(
  partitionsPerTopic: Record<string, number>,
  subscriptions: readonly Subscription[],
): NormalizedInput {
  const byId = new Map<string, NormalizedSubscription>();
  for (const s of subscriptions) {
    if (byId.has(s.memberId)) throw new Error(`duplicate member id ${JSON.stringify(s.memberId)}`);
    const topics = [...new Set(s.topics)];
    const seen = new Set<string>();
    const owned: TopicPartition[] = [];
    for (const p of s.ownedPartitions) {
      const k = tpKey(p);
      if (seen.has(k)) continue;
      seen.add(k);
      owned.push({ topic: p.topic, partition: p.partition });
    }
    const generation = s.generation ?? undefined;
    if (generation !== undefined && !Number.isInteger(generation)) {
      throw new Error(`member ${s.memberId}: generation must be an integer`);
    }
    byId.set(s.memberId, {
      memberId: s.memberId,
      groupInstanceId: s.groupInstanceId ?? null,
      topics,
      topicSet: new Set(topics),
      ownedPartitions: owned,
      generation,
    });
  }
  const members = [...byId.values()].sort((a, b) => compareStrings(a.memberId, b.memberId));

  const subscribed = new Set<string>();
  for (const m of members) for (const t of m.topics) subscribed.add(t);
  const ppt = new Map<string, number>();
  for (const topic of Object.keys(partitionsPerTopic).sort(compareStrings)) {
    const n = partitionsPerTopic[topic];
    if (!Number.isInteger(n) || n < 0) {
      throw new Error(`topic ${JSON.stringify(topic)}: partition count must be a non-negative integer`);
    }
    if (subscribed.has(topic)) ppt.set(topic, n);
  }
  return { members, byId: new Map(members.map((m) => [m.memberId, m])), partitionsPerTopic: ppt };
}

/** `[topic-0 … topic-(n−1)]` (`AbstractPartitionAssignor.partitions`). */
export function partitionsOf(topic: string, n: number): TopicPartition[] {
  const out: TopicPartition[] = [];
  for (let i = 0; i < n; i++) out.push({ topic, partition: i });
  return out;
}

/** An assignment with every member present and each list sorted by (topic, partition). */
export function finalizeAssignment(
  memberIds: Iterable<string>,
  assignment: ReadonlyMap<string, readonly TopicPartition[]>,
): Record<string, TopicPartition[]> {
  const out: Record<string, TopicPartition[]> = {};
  const ids = [...memberIds].sort(compareStrings);
  for (const id of ids) {
    out[id] = (assignment.get(id) ?? []).map((p) => ({ topic: p.topic, partition: p.partition }));
    out[id].sort(compareTopicPartitions);
  }
  return out;
}
