/**
 * What the topology draws, bounded: at most `TOPO_MEMBERS` member boxes and `TOPO_PARTITIONS`
 * partition rows, the rest aggregated into one box and one row that say how many they are and what
 * they add up to. The limits are what stays readable in the topology card of a 1280×720 page
 * (about 110 px of drawing height):
 *
 * - members: up to 40 boxes, 8 columns × 5 rows of ~20 px — a group of 40 (the shipped
 *   "40 pods on 12 partitions") is drawn in full. A larger group draws its first 32 (4 rows) and
 *   one full-width box below for the rest: "+9,968 more · 9,000 idle · 968 active".
 * - partitions: up to 24 rows (below that, rows get thinner than 5 px). A larger topic draws its
 *   first 23 and sums the rest in one line under the drawing: how many, and their lag.
 *
 * Pure functions of the snapshot, so they are unit-tested without a browser.
 */
import { emptyTail, mergeTails, tailOf, type GroupView, type KafkaSnapshotData, type MemberTail, type MemberView, type PartitionView } from '../../../run/models/kafka/snapshot.ts';

export interface TopologyLimits {
  /** A group of at most this many members is drawn in full. */
  members: number;
  /** Members drawn beside the aggregate box when a group is larger. */
  membersWithRest: number;
  /** A topic of at most this many partitions is drawn in full. */
  partitions: number;
  /** Partition rows drawn above the aggregate line when a topic is larger. */
  partitionsWithRest: number;
}

export const TOPO_LIMITS: TopologyLimits = { members: 40, membersWithRest: 32, partitions: 24, partitionsWithRest: 23 };

/** Owner of a row that belongs to a member in the aggregate box. */
export const OWNER_REST = -2;

export interface PartitionRow extends PartitionView {
  committed: number;
  lag: number;
  /** Index of the owning member among the drawn ones, `OWNER_REST`, or -1 (no owner). */
  owner: number;
}

export interface PartitionRest {
  count: number;
  /** Lag summed over these partitions, records. */
  lag: number;
}

export interface TopologyView {
  members: MemberView[];
  /** Members not drawn one by one, summed; null when every member has a box. */
  memberRest: MemberTail | null;
  /** Members in the group, drawn or not. */
  memberCount: number;
  rows: PartitionRow[];
  /** Partitions not drawn one by one, summed; null when every partition has a row. */
  partitionRest: PartitionRest | null;
  partitionCount: number;
}

/**
 * The drawn part of group `group` of `data` (or, before the first snapshot, `partitions` empty
 * partitions and no members).
 */
export function topologyView(data: KafkaSnapshotData | null, group: number, partitions: number, limits: TopologyLimits = TOPO_LIMITS): TopologyView {
  const g: GroupView | null = data?.groups[group] ?? null;

  // Members: the listed ones beyond the limit join the snapshot's own tail.
  const listed = g?.members ?? [];
  const snapshotRest = g?.membersRest ?? emptyTail();
  const memberCount = listed.length + snapshotRest.count;
  const drawnMembers = memberCount <= limits.members ? listed : listed.slice(0, Math.min(limits.membersWithRest, listed.length));
  const memberRest = drawnMembers.length < memberCount ? mergeTails(tailOf(listed.slice(drawnMembers.length)), snapshotRest) : null;

  // Partitions: likewise, with the snapshot's listed ones and its summed rest.
  const listedParts: PartitionView[] = data
    ? data.partitions
    : Array.from({ length: Math.min(partitions, limits.partitions + 1) }, (_, p) => ({ partition: p, logStart: 0, logEnd: 0 }));
  const partitionCount = data ? data.partitionCount : partitions;
  const drawnCount = partitionCount <= limits.partitions ? listedParts.length : Math.min(limits.partitionsWithRest, listedParts.length);
  const rows: PartitionRow[] = listedParts.slice(0, drawnCount).map((p) => {
    const o = g ? (g.owner[p.partition] ?? -1) : -1;
    return {
      ...p,
      committed: g?.committed[p.partition] ?? 0,
      lag: g?.partitionLag[p.partition] ?? 0,
      owner: o < 0 ? -1 : o < drawnMembers.length ? o : OWNER_REST,
    };
  });
  let partitionRest: PartitionRest | null = null;
  if (rows.length < partitionCount) {
    let lag = g?.partitionsRestLag ?? 0;
    for (const p of listedParts.slice(drawnCount)) lag += g?.partitionLag[p.partition] ?? 0;
    partitionRest = { count: partitionCount - rows.length, lag };
  }
  return { members: drawnMembers, memberRest, memberCount, rows, partitionRest, partitionCount };
}

/** How long an ownership line glides to its new member (ms); Topology.svelte's `.own.glide` transition. */
export const GLIDE_MS = 600;

/**
 * Which ownership lines glide: those whose partition went from one member straight to another
 * (a line that appears or disappears has nothing to glide from), for {@link GLIDE_MS} after the
 * drawing that showed it. Every other change of a line is drawn at once — its start moving right
 * when the lag numbers grow a digit, a member box moving. A line whose `d` is being animated is
 * restyled, laid out and painted in every frame while it glides; with all lines gliding whenever
 * a lag number grew a digit, a run at top speed spent a third of the page's rendering on it.
 */
export class LineGlides {
  #owner = new Map<number, number>();
  #until = new Map<number, number>();

  /** The partitions whose line glides in the drawing of `rows` at `now` (ms, any monotonic clock). */
  update(rows: readonly { partition: number; owner: number }[], now: number): Set<number> {
    const gliding = new Set<number>();
    for (const r of rows) {
      const before = this.#owner.get(r.partition);
      if (before !== undefined && before !== -1 && r.owner !== -1 && before !== r.owner) this.#until.set(r.partition, now + GLIDE_MS);
      this.#owner.set(r.partition, r.owner);
      const until = this.#until.get(r.partition);
      if (until === undefined) continue;
      if (now < until) gliding.add(r.partition);
      else this.#until.delete(r.partition);
    }
    return gliding;
  }
}
