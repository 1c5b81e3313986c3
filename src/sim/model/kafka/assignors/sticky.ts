/**
 * apache/kafka
 * `clients/src/main/java/org/apache/kafka/clients/consumer/internals/AbstractStickyAssignor.java`
 * (the rack-aware version of Kafka 3.5+, with rack awareness off — `client.rack` is not modelled),
 * shared by `StickyAssignor` (eager) and `CooperativeStickyAssignor` (cooperative).
 *
 * Order. The leader (`ConsumerCoordinator.onLeaderElected`) puts the subscriptions into a
 * `java.util.HashMap` in the JoinGroup response's member order, and the assignor visits the members
 * in that map's iteration order (java-hash.ts): by bucket of the member id's hash, and in JoinGroup
 * order within a bucket. So `subscriptions` must come in the JoinGroup response's order (the
 * coordinator model lists them as the broker's own member `HashMap` does).
 *
 * 1. `allSubscriptionsEqual` — validates each member's previously owned partitions, member by member
 *    in that order (dropped: topics without metadata or nobody's subscription; a partition already
 *    claimed by an earlier-visited member goes to the claimant of the higher generation, and is
 *    invalidated for both if they are of the same generation — `partitionsWithMultiplePreviousOwners`).
 * 2. All members subscribe to the same topic set → `ConstrainedAssignmentBuilder`:
 *    `minQuota = ⌊P/C⌋`, `maxQuota = ⌈P/C⌉`, `expectedNumMembersWithOverMinQuotaPartitions = P % C`.
 *    Visiting the members in HashMap order, each keeps its owned partitions (sorted by partition,
 *    then topic) up to minQuota, or up to maxQuota while fewer than `P % C` members kept more than
 *    minQuota — so when more members own ≥ maxQuota than `P % C`, the first visited keep maxQuota;
 *    the rest is revoked. Unassigned partitions (sorted by topic, partition) then go round-robin to
 *    the members below minQuota (sorted by member id), then one each to the members allowed maxQuota.
 * 3. Otherwise → `GeneralAssignmentBuilder`: keep owned partitions the member still subscribes to,
 *    give each unassigned partition (topics with fewest potential consumers first) to the
 *    least-loaded eligible member, then move partitions from members holding ≥ 2 more than another
 *    eligible member (preferring the partition's owner of an older generation — of two such owners
 *    of the same generation, the first visited; undoing earlier moves rather than creating cycles,
 *    via `PartitionMovements`, which takes the first partition of a Java `HashSet`) until
 *    `isBalanced()`, reverting the moves if the balance score did not improve.
 *
 * Checked against Kafka's own classes on a JVM: test/kafka/sticky-java-order.test.ts.
 *
 * Deviations from Kafka (inputs Kafka never receives, state it keeps between calls, or orders that
 * cannot occur in the model):
 * - `maxGeneration` is computed per call (Kafka keeps it in an assignor instance field that never
 *   decreases across the rebalances the same leader runs).
 * - Set equality of subscriptions is checked for every member. Kafka takes the first non-empty
 *   subscription in HashMap order as the reference, so members with an empty subscription visited
 *   before it count as equal (and then get partitions of topics they do not subscribe to); in the
 *   model every member subscribes to the topic.
 * - One `generation` per member stands for both the generation in the eager assignor's user data and
 *   `Subscription.generationId` (Kafka compares a conflicting earlier claimant by the latter; they
 *   differ only for a consumer that lost its generation but kept its user data).
 * - Owned partitions with an index beyond the topic's partition count, or repeated in a member's
 *   list, are ignored; in the general path a previous owner from an older generation is only
 *   preferred when it still participates and subscribes to the topic (Kafka would throw or hand the
 *   partition to a non-subscriber); the balancing loop has a safety cap on moves.
 * - A `HashMap` bucket that Java would turn into a tree (9+ keys in one bucket of a 64+ bucket
 *   table) keeps insertion order here (see java-hash.ts).
 */
import {
  adjustForCooperative,
  type CooperativeAdjustment,
  type PartitionTransfer,
} from './cooperative.ts';
import { JavaHashMap, javaHashMapOrder, javaStringMap, topicPartitionHash } from './java-hash.ts';
import {
  DEFAULT_GENERATION,
  compareStrings,
  compareTopicPartitions,
  finalizeAssignment,
  normalizeInput,
  partitionsOf,
  tpKey,
  type Assignor,
  type NormalizedInput,
  type Subscription,
  type TopicPartition,
} from './types.ts';

export interface StickyResult {
  /** The (target) assignment: every member present, lists sorted by (topic, partition). */
  assignment: Record<string, TopicPartition[]>;
  /** Which of Kafka's two algorithms ran. */
  path: 'constrained' | 'general';
  /**
   * `AbstractStickyAssignor.partitionsTransferringOwnership`: partitions the constrained path gave
   * to a new owner although a current (valid or conflicting) owner still holds them; `null` after
   * the general path (the cooperative assignor then computes it from the subscriptions).
   */
  partitionsTransferringOwnership: PartitionTransfer[] | null;
}

interface Validated {
  allSubscriptionsEqual: boolean;
  /**
   * consumerToOwnedPartitions: each member's valid, still-existing owned partitions — a Java
   * `HashMap` filled in `visitOrder`, so it iterates in that order too.
   */
  owned: JavaHashMap<string, TopicPartition[]>;
  /** tpKey → partition: `partitionsWithMultiplePreviousOwners`. */
  multipleOwners: Map<string, TopicPartition>;
  maxGeneration: number;
}

/**
 * `allSubscriptionsEqual(...)`: subscription equality plus ownership validation, visiting the
 * members in `visitOrder` (the iteration order of Kafka's `subscriptions` HashMap). Claims are
 * resolved one after another as Kafka does: a later claimant of a higher generation takes the
 * partition, of a lower one leaves it, of the same one invalidates it for everyone (and the
 * partition is remembered as claimed by multiple owners even if a higher generation claims it later).
 */
function validate(input: NormalizedInput, visitOrder: readonly string[]): Validated {
  const { byId, partitionsPerTopic } = input;
  let equal = true;
  const first = input.members[0]?.topicSet;
  for (const m of input.members) {
    if (!first || m.topicSet.size !== first.size || [...m.topicSet].some((t) => !first.has(t))) {
      equal = false;
      break;
    }
  }

  let maxGeneration = DEFAULT_GENERATION;
  const owned = javaStringMap<TopicPartition[]>();
  const multipleOwners = new Map<string, TopicPartition>();
  // allPreviousPartitionsToOwner
  const previousOwner = new Map<string, string>();
  const drop = (list: TopicPartition[], k: string): void => {
    const i = list.findIndex((q) => tpKey(q) === k);
    if (i >= 0) list.splice(i, 1);
  };
  for (const consumer of visitOrder) {
    const m = byId.get(consumer)!;
    const memberGeneration = m.generation ?? DEFAULT_GENERATION;
    maxGeneration = Math.max(maxGeneration, memberGeneration);
    const ownedPartitions: TopicPartition[] = [];
    owned.set(consumer, ownedPartitions);
    for (const p of m.ownedPartitions) {
      const n = partitionsPerTopic.get(p.topic);
      // filter out any topics that no longer exist or aren't part of the current subscription
      if (n === undefined || !Number.isInteger(p.partition) || p.partition < 0 || p.partition >= n) continue;
      const k = tpKey(p);
      const otherConsumer = previousOwner.get(k);
      if (otherConsumer === undefined) {
        ownedPartitions.push({ ...p });
        previousOwner.set(k, consumer);
        continue;
      }
      const otherMemberGeneration = byId.get(otherConsumer)!.generation ?? DEFAULT_GENERATION;
      if (memberGeneration === otherMemberGeneration) {
        // two members of the same generation own the same partition: revoke it from both
        multipleOwners.set(k, { ...p });
        drop(owned.get(otherConsumer)!, k);
        previousOwner.set(k, consumer);
      } else if (memberGeneration > otherMemberGeneration) {
        // move the partition from the member with the older generation to the newer one
        ownedPartitions.push({ ...p });
        drop(owned.get(otherConsumer)!, k);
        previousOwner.set(k, consumer);
      }
      // else: the other member (newer generation) keeps it
    }
  }
  return { allSubscriptionsEqual: equal, owned, multipleOwners, maxGeneration };
}

function sortedAllPartitions(partitionsPerTopic: ReadonlyMap<string, number>, topics: string[]): TopicPartition[] {
  return topics.flatMap((t) => partitionsOf(t, partitionsPerTopic.get(t)!));
}

/** `ConstrainedAssignmentBuilder.build()` (without the rack-aware round). */
function constrainedAssign(
  input: NormalizedInput,
  consumerToOwnedPartitions: JavaHashMap<string, TopicPartition[]>,
  partitionsWithMultiplePreviousOwners: Map<string, TopicPartition>,
): { assignment: Map<string, TopicPartition[]>; transferring: Map<string, PartitionTransfer> } {
  const topics = [...input.partitionsPerTopic.keys()].sort(compareStrings);
  const allPartitions = sortedAllPartitions(input.partitionsPerTopic, topics);
  const totalPartitionsCount = allPartitions.length;
  const numberOfConsumers = input.members.length;
  const minQuota = Math.floor(totalPartitionsCount / numberOfConsumers);
  const maxQuota = Math.ceil(totalPartitionsCount / numberOfConsumers);
  const expectedNumMembersWithOverMinQuotaPartitions = totalPartitionsCount % numberOfConsumers;
  let currentNumMembersWithOverMinQuotaPartitions = 0;

  const allRevokedPartitions = new Set<string>();
  const unfilledMembersWithUnderMinQuotaPartitions: string[] = [];
  let unfilledMembersWithExactlyMinQuotaPartitions: string[] = [];
  const assignment = new Map<string, TopicPartition[]>();
  const assigned = new Set<string>();
  const transferring = new Map<string, PartitionTransfer>();

  // assignOwnedPartitions(): members in the HashMap order of consumerToOwnedPartitions. When more
  // members own ≥ maxQuota than P % C, the first ones visited keep maxQuota.
  for (const [consumer, owned] of consumerToOwnedPartitions.entries()) {
    const ownedPartitions = owned
      .filter((p) => !partitionsWithMultiplePreviousOwners.has(tpKey(p)))
      .sort((a, b) => a.partition - b.partition || compareStrings(a.topic, b.topic));
    const consumerAssignment: TopicPartition[] = [];
    assignment.set(consumer, consumerAssignment);
    const keep = (list: TopicPartition[]): void => {
      for (const p of list) {
        consumerAssignment.push(p);
        assigned.add(tpKey(p));
      }
    };

    if (ownedPartitions.length < minQuota) {
      // keep all the owned partitions; the member is still unfilled
      keep(ownedPartitions);
      unfilledMembersWithUnderMinQuotaPartitions.push(consumer);
    } else if (
      ownedPartitions.length >= maxQuota &&
      currentNumMembersWithOverMinQuotaPartitions < expectedNumMembersWithOverMinQuotaPartitions
    ) {
      // keep maxQuota of the owned partitions, revoke the rest
      currentNumMembersWithOverMinQuotaPartitions++;
      if (currentNumMembersWithOverMinQuotaPartitions === expectedNumMembersWithOverMinQuotaPartitions) {
        unfilledMembersWithExactlyMinQuotaPartitions = [];
      }
      keep(ownedPartitions.slice(0, maxQuota));
      for (const p of ownedPartitions.slice(maxQuota)) allRevokedPartitions.add(tpKey(p));
    } else {
      // keep minQuota of the owned partitions, revoke the rest; maybe a maxQuota candidate
      keep(ownedPartitions.slice(0, minQuota));
      for (const p of ownedPartitions.slice(minQuota)) allRevokedPartitions.add(tpKey(p));
      if (currentNumMembersWithOverMinQuotaPartitions < expectedNumMembersWithOverMinQuotaPartitions) {
        unfilledMembersWithExactlyMinQuotaPartitions.push(consumer);
      }
    }
  }

  const unassignedPartitions = allPartitions.filter((p) => !assigned.has(tpKey(p)));
  unfilledMembersWithUnderMinQuotaPartitions.sort(compareStrings);
  unfilledMembersWithExactlyMinQuotaPartitions.sort(compareStrings);

  const assignNewPartition = (p: TopicPartition, consumer: string): number => {
    const consumerAssignment = assignment.get(consumer)!;
    consumerAssignment.push(p);
    // newly assigned to this consumer: it was revoked from its owner, or claimed by several owners
    const k = tpKey(p);
    if (allRevokedPartitions.has(k) || partitionsWithMultiplePreviousOwners.has(k)) {
      transferring.set(k, { partition: p, to: consumer });
    }
    return consumerAssignment.length;
  };

  // assignRoundRobin(): a java.util.Iterator over the (sorted) under-minQuota list, restarted when
  // exhausted; `next` is the iterator's cursor.
  const under = unfilledMembersWithUnderMinQuotaPartitions;
  const exactlyMin = unfilledMembersWithExactlyMinQuotaPartitions;
  let next = 0;
  for (const unassignedPartition of unassignedPartitions) {
    let consumer: string;
    let fromIterator = true;
    if (next < under.length) {
      consumer = under[next++];
    } else if (under.length === 0 && exactlyMin.length === 0) {
      throw new Error('No more unfilled consumers to be assigned.');
    } else if (under.length === 0) {
      consumer = exactlyMin.shift()!;
      fromIterator = false;
    } else {
      next = 0;
      consumer = under[next++];
    }

    const currentAssignedCount = assignNewPartition(unassignedPartition, consumer);
    if (currentAssignedCount === minQuota) {
      if (!fromIterator) throw new Error('IllegalStateException: iterator remove without next');
      under.splice(--next, 1);
      exactlyMin.push(consumer);
    } else if (currentAssignedCount === maxQuota) {
      currentNumMembersWithOverMinQuotaPartitions++;
    }
  }

  // verifyUnfilledMembers()
  if (under.length > 0) {
    if (currentNumMembersWithOverMinQuotaPartitions !== expectedNumMembersWithOverMinQuotaPartitions) {
      throw new Error(
        "We haven't reached the expected number of members with more than the minQuota partitions, but no more partitions to be assigned",
      );
    }
    for (const m of under) {
      if (assignment.get(m)!.length !== minQuota) {
        throw new Error(`Consumer: [${m}] doesn't reach minQuota partitions, and no more partitions to be assigned`);
      }
    }
  }
  return { assignment, transferring };
}

/** A `HashSet<TopicPartition>`: iterates as Java would. */
function topicPartitionSet(): JavaHashMap<TopicPartition, TopicPartition> {
  return new JavaHashMap<TopicPartition, TopicPartition>((p) => topicPartitionHash(p.topic, p.partition), tpKey);
}

/** Kafka's `PartitionMovements`: the moves made during one general-path balance. */
class PartitionMovements {
  /** topic → "src\0dst" → moved partitions (a Java `HashSet`). */
  private readonly byTopic = new Map<
    string,
    Map<string, { src: string; dst: string; parts: JavaHashMap<TopicPartition, TopicPartition> }>
  >();
  /** tpKey → (src, dst) of its net movement. */
  private readonly movements = new Map<string, { src: string; dst: string }>();

  private static pairKey(src: string, dst: string): string {
    return `${src}\u0000${dst}`;
  }

  private removeMovementRecordOfPartition(p: TopicPartition): { src: string; dst: string } {
    const k = tpKey(p);
    const pair = this.movements.get(k)!;
    this.movements.delete(k);
    const forTopic = this.byTopic.get(p.topic)!;
    const pk = PartitionMovements.pairKey(pair.src, pair.dst);
    const entry = forTopic.get(pk)!;
    entry.parts.delete(p);
    if (entry.parts.size === 0) forTopic.delete(pk);
    if (forTopic.size === 0) this.byTopic.delete(p.topic);
    return pair;
  }

  private addPartitionMovementRecord(p: TopicPartition, src: string, dst: string): void {
    this.movements.set(tpKey(p), { src, dst });
    let forTopic = this.byTopic.get(p.topic);
    if (!forTopic) this.byTopic.set(p.topic, (forTopic = new Map()));
    const pk = PartitionMovements.pairKey(src, dst);
    let entry = forTopic.get(pk);
    if (!entry) forTopic.set(pk, (entry = { src, dst, parts: topicPartitionSet() }));
    entry.parts.set(p, p);
  }

  movePartition(p: TopicPartition, oldConsumer: string, newConsumer: string): void {
    if (this.movements.has(tpKey(p))) {
      // this partition has previously moved
      const existing = this.removeMovementRecordOfPartition(p);
      // unless it moves back to its original consumer, record the net movement
      if (existing.src !== newConsumer) this.addPartitionMovementRecord(p, existing.src, newConsumer);
    } else {
      this.addPartitionMovementRecord(p, oldConsumer, newConsumer);
    }
  }

  getTheActualPartitionToBeMoved(p: TopicPartition, oldConsumer: string, newConsumer: string): TopicPartition {
    const forTopic = this.byTopic.get(p.topic);
    if (!forTopic) return p;
    const previous = this.movements.get(tpKey(p));
    // this partition has previously moved: consider its original consumer
    if (previous) oldConsumer = previous.src;
    const reverse = forTopic.get(PartitionMovements.pairKey(newConsumer, oldConsumer));
    if (!reverse) return p;
    // HashSet.iterator().next(): the first of the partitions that moved the other way
    return reverse.parts.firstKey()!;
  }
}

/** `GeneralAssignmentBuilder.build()` (without the rack-aware steps). */
function generalAssign(
  input: NormalizedInput,
  visitOrder: readonly string[],
  currentAssignment: Map<string, TopicPartition[]>,
  maxGeneration: number,
): Map<string, TopicPartition[]> {
  const ppt = input.partitionsPerTopic;
  const totalPartitionsCount = [...ppt.values()].reduce((a, b) => a + b, 0);

  const topic2AllPotentialConsumers = new Map<string, string[]>();
  for (const topic of ppt.keys()) topic2AllPotentialConsumers.set(topic, []);
  const consumer2AllPotentialTopics = new Map<string, string[]>();
  for (const m of input.members) {
    const subscribed = m.topics.filter((t) => ppt.has(t));
    consumer2AllPotentialTopics.set(m.memberId, subscribed);
    for (const t of subscribed) topic2AllPotentialConsumers.get(t)!.push(m.memberId);
    if (!currentAssignment.has(m.memberId)) currentAssignment.set(m.memberId, []);
  }
  const subscribes = (consumer: string, topic: string): boolean =>
    input.byId.get(consumer)!.topicSet.has(topic) && ppt.has(topic);

  const currentPartitionConsumer = new Map<string, string>();
  for (const [consumer, list] of currentAssignment) for (const p of list) currentPartitionConsumer.set(tpKey(p), consumer);

  // TopicComparator: fewest potential consumers first, then by name.
  const sortedAllTopics = [...topic2AllPotentialConsumers.keys()].sort(
    (a, b) =>
      topic2AllPotentialConsumers.get(a)!.length - topic2AllPotentialConsumers.get(b)!.length || compareStrings(a, b),
  );
  let sortedAll = sortedAllPartitions(ppt, sortedAllTopics);

  // sortedCurrentSubscriptions: a TreeSet by (assignment size, member id); re-sorted on each use.
  const participating = new Set<string>();
  const size = (c: string): number => currentAssignment.get(c)?.length ?? 0;
  const sortedCurrentSubscriptions = (): string[] =>
    [...participating].sort((a, b) => size(a) - size(b) || compareStrings(a, b));

  // prepopulateCurrentAssignments(prevAssignment): owners from older generations, visiting the
  // members in the subscriptions' HashMap order (of two claimants of the same older generation,
  // the first visited is remembered).
  const prevAssignment = new Map<string, { consumer: string; generation: number }>();
  const updatePrevAssignment = (partitions: TopicPartition[], consumer: string, generation: number): void => {
    for (const p of partitions) {
      const k = tpKey(p);
      const existing = prevAssignment.get(k);
      if (!existing || generation > existing.generation) prevAssignment.set(k, { consumer, generation });
    }
  };
  for (const m of visitOrder.map((id) => input.byId.get(id)!)) {
    if (m.generation !== undefined && m.generation < maxGeneration) {
      updatePrevAssignment(m.ownedPartitions, m.memberId, m.generation);
    } else if (m.generation === undefined && maxGeneration > DEFAULT_GENERATION) {
      updatePrevAssignment(m.ownedPartitions, m.memberId, DEFAULT_GENERATION);
    }
  }
  const partitionMovements = new PartitionMovements();

  // assignOwnedPartitions(): keep owned partitions of topics the member still subscribes to.
  let revocationRequired = false;
  const assigned = new Set<string>();
  for (const consumer of [...currentAssignment.keys()].sort(compareStrings)) {
    const kept: TopicPartition[] = [];
    for (const p of currentAssignment.get(consumer)!) {
      if (!topic2AllPotentialConsumers.has(p.topic)) {
        currentPartitionConsumer.delete(tpKey(p));
      } else if (!input.byId.get(consumer)!.topicSet.has(p.topic)) {
        currentPartitionConsumer.delete(tpKey(p));
        revocationRequired = true;
      } else {
        kept.push(p);
        assigned.add(tpKey(p));
      }
    }
    currentAssignment.set(consumer, kept);
  }
  let unassignedPartitions = sortedAll.filter((p) => !assigned.has(tpKey(p)));
  for (const c of currentAssignment.keys()) participating.add(c);

  const getMaxAssignmentSize = (topics: string[]): number =>
    topics.length === ppt.size ? totalPartitionsCount : topics.reduce((a, t) => a + ppt.get(t)!, 0);

  const isBalanced = (): boolean => {
    const sorted = sortedCurrentSubscriptions();
    if (sorted.length === 0) return true;
    const min = size(sorted[0]);
    const max = size(sorted[sorted.length - 1]);
    if (min >= max - 1) return true;
    const allPartitions = new Map<string, string>();
    for (const c of sorted) for (const p of currentAssignment.get(c)!) allPartitions.set(tpKey(p), c);
    for (const consumer of sorted) {
      const consumerPartitionCount = size(consumer);
      const topics = consumer2AllPotentialTopics.get(consumer)!;
      if (consumerPartitionCount === getMaxAssignmentSize(topics)) continue;
      const mine = new Set(currentAssignment.get(consumer)!.map(tpKey));
      for (const topic of topics) {
        const n = ppt.get(topic)!;
        for (let i = 0; i < n; i++) {
          const k = tpKey({ topic, partition: i });
          if (mine.has(k)) continue;
          const other = allPartitions.get(k);
          if (other !== undefined && consumerPartitionCount + 1 < size(other)) return false;
        }
      }
    }
    return true;
  };

  const getBalanceScore = (assignment: Map<string, TopicPartition[]>): number => {
    const sizes = [...assignment.values()].map((l) => l.length);
    let score = 0;
    for (let i = 0; i < sizes.length; i++) for (let j = i + 1; j < sizes.length; j++) score += Math.abs(sizes[i] - sizes[j]);
    return score;
  };

  const canTopicParticipateInReassignment = (topic: string): boolean =>
    topic2AllPotentialConsumers.get(topic)!.length >= 2;

  const canConsumerParticipateInReassignment = (consumer: string): boolean => {
    const current = currentAssignment.get(consumer)!;
    if (current.length < getMaxAssignmentSize(consumer2AllPotentialTopics.get(consumer)!)) return true;
    return current.some((p) => canTopicParticipateInReassignment(p.topic));
  };

  const processPartitionMovement = (p: TopicPartition, newConsumer: string): void => {
    const k = tpKey(p);
    const oldConsumer = currentPartitionConsumer.get(k)!;
    partitionMovements.movePartition(p, oldConsumer, newConsumer);
    const oldList = currentAssignment.get(oldConsumer)!;
    oldList.splice(
      oldList.findIndex((q) => tpKey(q) === k),
      1,
    );
    currentAssignment.get(newConsumer)!.push(p);
    currentPartitionConsumer.set(k, newConsumer);
  };

  const reassignPartitionTo = (p: TopicPartition, newConsumer: string): void => {
    const consumer = currentPartitionConsumer.get(tpKey(p))!;
    // find the correct partition movement considering the stickiness requirement
    processPartitionMovement(partitionMovements.getTheActualPartitionToBeMoved(p, consumer, newConsumer), newConsumer);
  };

  const reassignPartition = (p: TopicPartition): void => {
    const newConsumer = sortedCurrentSubscriptions().find((c) => subscribes(c, p.topic));
    if (newConsumer !== undefined) reassignPartitionTo(p, newConsumer);
  };

  // Safety net (not in Kafka): every move Kafka makes lowers the load spread, but cap them anyway.
  let movesLeft = 64 * (totalPartitionsCount + 1) * (input.members.length + 1);

  const performReassignments = (reassignablePartitions: TopicPartition[]): boolean => {
    let reassignmentPerformed = false;
    let modified: boolean;
    do {
      modified = false;
      for (const partition of reassignablePartitions) {
        if (movesLeft <= 0 || isBalanced()) break;
        const consumer = currentPartitionConsumer.get(tpKey(partition));
        if (consumer === undefined || !participating.has(consumer)) continue;

        const prev = prevAssignment.get(tpKey(partition));
        if (
          prev !== undefined &&
          participating.has(prev.consumer) &&
          subscribes(prev.consumer, partition.topic) &&
          size(consumer) > size(prev.consumer) + 1
        ) {
          reassignPartitionTo(partition, prev.consumer);
          movesLeft--;
          reassignmentPerformed = modified = true;
          continue;
        }

        // check if a better-suited consumer exists for the partition; if so, reassign it
        for (const otherConsumer of topic2AllPotentialConsumers.get(partition.topic)!) {
          if (participating.has(otherConsumer) && size(consumer) > size(otherConsumer) + 1) {
            reassignPartition(partition);
            movesLeft--;
            reassignmentPerformed = modified = true;
            break;
          }
        }
      }
    } while (modified && movesLeft > 0);
    return reassignmentPerformed;
  };

  // balance(prevAssignment, unassignedPartitions)
  const initial = sortedCurrentSubscriptions();
  const initializing = initial.length === 0 || size(initial[initial.length - 1]) === 0;

  // maybeAssign(): each unassigned partition to the least-loaded member subscribed to its topic.
  for (const p of unassignedPartitions) {
    if (topic2AllPotentialConsumers.get(p.topic)!.length === 0) continue;
    const consumer = sortedCurrentSubscriptions().find((c) => subscribes(c, p.topic));
    if (consumer === undefined) continue;
    currentAssignment.get(consumer)!.push(p);
    currentPartitionConsumer.set(tpKey(p), consumer);
  }

  // narrow down the reassignment scope to partitions and consumers that can actually move
  const fixedTopics = new Set([...topic2AllPotentialConsumers.keys()].filter((t) => !canTopicParticipateInReassignment(t)));
  sortedAll = sortedAll.filter((p) => !fixedTopics.has(p.topic));
  unassignedPartitions = unassignedPartitions.filter((p) => !fixedTopics.has(p.topic));
  const fixedAssignments = new Map<string, TopicPartition[]>();
  for (const consumer of [...consumer2AllPotentialTopics.keys()].sort(compareStrings)) {
    if (!canConsumerParticipateInReassignment(consumer)) {
      participating.delete(consumer);
      fixedAssignments.set(consumer, currentAssignment.get(consumer)!);
      currentAssignment.delete(consumer);
    }
  }

  const preBalanceAssignment = new Map<string, TopicPartition[]>([...currentAssignment].map(([c, l]) => [c, [...l]]));
  const preBalancePartitionConsumers = new Map(currentPartitionConsumer);

  // if nothing must be revoked for subscription changes, first try moving only new partitions
  if (!revocationRequired) performReassignments(unassignedPartitions);
  const reassignmentPerformed = performReassignments(sortedAll);

  // keep the moves only if they improved the balance (unless this is the first assignment)
  if (
    !initializing &&
    reassignmentPerformed &&
    getBalanceScore(currentAssignment) >= getBalanceScore(preBalanceAssignment)
  ) {
    currentAssignment.clear();
    for (const [c, l] of preBalanceAssignment) currentAssignment.set(c, [...l]);
    currentPartitionConsumer.clear();
    for (const [k, c] of preBalancePartitionConsumers) currentPartitionConsumer.set(k, c);
  }

  for (const [consumer, list] of fixedAssignments) currentAssignment.set(consumer, list);
  return currentAssignment;
}

/**
 * `AbstractStickyAssignor.assign` with Kafka's bookkeeping exposed.
 *
 * `subscriptions` must come in the JoinGroup response's member order: the leader
 * (`ConsumerCoordinator.onLeaderElected`) puts them into a `HashMap` in that order, and where two
 * member ids share a bucket of that map, the one put first is visited first.
 */
export function stickyAssignDetailed(
  partitionsPerTopic: Record<string, number>,
  subscriptions: Subscription[],
): StickyResult {
  const input = normalizeInput(partitionsPerTopic, subscriptions);
  const ids = input.members.map((m) => m.memberId);
  if (ids.length === 0) return { assignment: {}, path: 'constrained', partitionsTransferringOwnership: [] };

  // the iteration order of the leader's Map<String, Subscription>
  const visitOrder = javaHashMapOrder(subscriptions.map((s) => s.memberId));
  const v = validate(input, visitOrder);
  if (v.allSubscriptionsEqual) {
    const { assignment, transferring } = constrainedAssign(input, v.owned, v.multipleOwners);
    return {
      assignment: finalizeAssignment(ids, assignment),
      path: 'constrained',
      partitionsTransferringOwnership: [...transferring.values()].sort((a, b) =>
        compareTopicPartitions(a.partition, b.partition),
      ),
    };
  }
  const assignment = generalAssign(input, visitOrder, new Map(v.owned.entries()), v.maxGeneration);
  return { assignment: finalizeAssignment(ids, assignment), path: 'general', partitionsTransferringOwnership: null };
}

/** The eager `StickyAssignor`: the full target assignment. */
export function stickyAssign(
  partitionsPerTopic: Record<string, number>,
  subscriptions: Subscription[],
): Record<string, TopicPartition[]> {
  return stickyAssignDetailed(partitionsPerTopic, subscriptions).assignment;
}

export interface CooperativeStickyResult extends CooperativeAdjustment {
  /** The sticky target this round moves towards (reached after the follow-up rebalance). */
  target: Record<string, TopicPartition[]>;
}

/**
 * `CooperativeStickyAssignor.assign`: the sticky target, minus every partition that changes owner
 * (its current owner must revoke it first; it is assigned in the follow-up rebalance). Uses the
 * constrained path's `partitionsTransferringOwnership` when available, else computes it from the
 * subscriptions' owned partitions, as Kafka does.
 */
export function cooperativeStickyAssign(
  partitionsPerTopic: Record<string, number>,
  subscriptions: Subscription[],
): CooperativeStickyResult {
  const result = stickyAssignDetailed(partitionsPerTopic, subscriptions);
  const owned: Record<string, TopicPartition[]> = {};
  for (const m of normalizeInput(partitionsPerTopic, subscriptions).members) owned[m.memberId] = m.ownedPartitions;
  const adjusted = adjustForCooperative(owned, result.assignment, result.partitionsTransferringOwnership);
  return { ...adjusted, target: result.assignment };
}

export const stickyAssignor: Assignor = {
  name: 'sticky',
  protocol: 'eager',
  assign: stickyAssign,
};

export const cooperativeStickyAssignor: Assignor = {
  name: 'cooperative-sticky',
  protocol: 'cooperative',
  assign: (partitionsPerTopic, subscriptions) => cooperativeStickyAssign(partitionsPerTopic, subscriptions).assignment,
};
