/**
 * The cooperative half of apache/kafka
 * `clients/src/main/java/org/apache/kafka/clients/consumer/CooperativeStickyAssignor.java`
 * (`assign` → `adjustAssignment`, `computePartitionsTransferringOwnership`) plus the consumer-side
 * consequence (`ConsumerCoordinator.onJoinComplete`: a member whose assignment no longer contains a
 * partition it owned revokes it and, under COOPERATIVE, requests another rebalance).
 *
 * Incremental cooperative rebalancing (KIP-429) never hands a partition to a new owner while the
 * old owner may still hold it: a partition moving from A to B is removed from B's assignment in
 * this round; A, whose new assignment lacks it, revokes it; the follow-up rebalance then assigns it
 * to B (A no longer claims it).
 */
import { compareStrings, compareTopicPartitions, tpKey, type TopicPartition } from './types.ts';

/** A partition whose ownership changes, and the member it is eventually meant for. */
export interface PartitionTransfer {
  partition: TopicPartition;
  to: string;
}

export interface CooperativeAdjustment {
  /** What each member is assigned in this round (moving partitions withheld). */
  assignment: Record<string, TopicPartition[]>;
  /** What each member must give up in this round: owned but not in its assignment. */
  revoking: Record<string, TopicPartition[]>;
  /** Somebody revokes something, so (as in Kafka) a follow-up rebalance is needed. */
  followUpNeeded: boolean;
}

function sorted(list: Iterable<TopicPartition>): TopicPartition[] {
  return [...list].map((p) => ({ topic: p.topic, partition: p.partition })).sort(compareTopicPartitions);
}

/**
 * `CooperativeStickyAssignor.computePartitionsTransferringOwnership`: the partitions some member
 * newly gets (`target` minus its own `owned`) that some member gives up (its `owned` minus its
 * `target`). Only members present in `target` (i.e. in this rebalance) count; the claims of members
 * that left the group are ignored, as Kafka only sees the subscriptions of the joining members.
 */
export function computePartitionsTransferringOwnership(
  owned: Readonly<Record<string, readonly TopicPartition[]>>,
  target: Readonly<Record<string, readonly TopicPartition[]>>,
): PartitionTransfer[] {
  const added = new Map<string, PartitionTransfer>();
  const revoked = new Set<string>();
  for (const member of Object.keys(target).sort(compareStrings)) {
    const ownedList = owned[member] ?? [];
    const assigned = target[member];
    const ownedSet = new Set(ownedList.map(tpKey));
    const assignedSet = new Set(assigned.map(tpKey));
    for (const p of assigned) if (!ownedSet.has(tpKey(p))) added.set(tpKey(p), { partition: p, to: member });
    for (const p of ownedList) if (!assignedSet.has(tpKey(p))) revoked.add(tpKey(p));
  }
  return [...added.entries()]
    .filter(([k]) => revoked.has(k))
    .map(([, t]) => t)
    .sort((a, b) => compareTopicPartitions(a.partition, b.partition));
}

/**
 * Turn a target assignment into this round's cooperative assignment.
 *
 * @param owned       each member's currently owned partitions (`Subscription.ownedPartitions`)
 * @param target      the assignor's target assignment (every member of this rebalance is a key)
 * @param transferring the partitions to withhold; defaults to
 *   {@link computePartitionsTransferringOwnership}. The sticky assignor's constrained path passes
 *   its own bookkeeping (`AbstractStickyAssignor.partitionsTransferringOwnership`), exactly as
 *   Kafka's `CooperativeStickyAssignor.assign` prefers it when it is non-null.
 */
export function adjustForCooperative(
  owned: Readonly<Record<string, readonly TopicPartition[]>>,
  target: Readonly<Record<string, readonly TopicPartition[]>>,
  transferring?: readonly PartitionTransfer[] | null,
): CooperativeAdjustment {
  const moves = transferring ?? computePartitionsTransferringOwnership(owned, target);
  const withheld = new Map<string, Set<string>>();
  for (const t of moves) {
    let s = withheld.get(t.to);
    if (!s) withheld.set(t.to, (s = new Set()));
    s.add(tpKey(t.partition));
  }

  const assignment: Record<string, TopicPartition[]> = {};
  const revoking: Record<string, TopicPartition[]> = {};
  let followUpNeeded = false;
  for (const member of Object.keys(target).sort(compareStrings)) {
    const drop = withheld.get(member);
    const mine = sorted(target[member].filter((p) => !drop?.has(tpKey(p))));
    assignment[member] = mine;
    const mineSet = new Set(mine.map(tpKey));
    const gone = sorted((owned[member] ?? []).filter((p) => !mineSet.has(tpKey(p))));
    // De-duplicate (a malformed owned list may repeat a partition).
    revoking[member] = gone.filter((p, i) => i === 0 || compareTopicPartitions(gone[i - 1], p) !== 0);
    if (revoking[member].length > 0) followUpNeeded = true;
  }
  return { assignment, revoking, followUpNeeded };
}
