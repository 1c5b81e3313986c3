/**
 * The group coordinator and the classic rebalance protocol, in simulated time.
 *
 * Liveness. A background heartbeat every `heartbeat.interval.ms` keeps the member in the group; a
 * crashed (or GC-frozen) member is noticed only when `session.timeout.ms` has passed since its last
 * heartbeat.
 *
 * Rebalances (classic protocol). A join, leave or expiry moves the group to PreparingRebalance;
 * every member learns of it at its next heartbeat and rejoins at its next poll — so a member busy
 * with a long batch holds up the whole group, up to the rebalance timeout (max.poll.interval.ms),
 * and a crashed one until its session times out. With an eager assignor (range, roundrobin, sticky)
 * members revoke all partitions when they rejoin: stop-the-world. With cooperative-sticky they keep
 * consuming their partitions; only partitions that move are revoked after the first round and
 * handed over in a follow-up rebalance. The first rebalance of an empty group waits
 * `group.initial.rebalance.delay.ms` for more members. A static member that restarts within the
 * session timeout gets its partitions back without a rebalance.
 *
 * Once every member has rejoined, JoinGroup + SyncGroup take the model's rebalance latency; the
 * new assignment is installed (onJoinComplete: revoke with a commit, then add) at once for a
 * member that is not busy, or at its next poll for a member busy with a batch. A new owner starts
 * from the committed offset (OffsetFetch), or where `auto.offset.reset` says when there is none.
 */
import { getAssignor, adjustForCooperative, type Assignor, type Subscription, type TopicPartition } from '../assignors/index.ts';
import { javaStringMap, type JavaHashMap } from '../assignors/java-hash.ts';
import type { Consumer } from './consumer.ts';
import { Phase } from './member.ts';
import type { ConsumerGroup } from './group.ts';
import type { GroupConfig, GroupHost, GroupState } from './types.ts';

/** A group member as the coordinator sees it (one incarnation of a consumer process). */
export interface Entry {
  /** Stable number of this entry (event argument). */
  uid: number;
  memberId: string;
  /** The heartbeat thread is sending (false after a crash, a GC pause or a static member's poll timeout). */
  heartbeating: boolean;
  consumer: Consumer;
  /** The consumer process behind this entry is running. */
  alive: boolean;
  /** Partitions owned (assigned and not revoked). */
  owned: number[];
  /** Last assignment received (eager sticky uses it as the "owned" user data). */
  previous: number[];
  generation: number;
  joined: boolean;
  /** Assignment received while the member was busy; installed at its next poll. */
  pending: number[] | null;
  /** Time from which heartbeats are sent every heartbeat.interval.ms. */
  hbAnchor: number;
  sessionHandle: number;
}

/**
 * Why a partition has no owner fetching it: the group's first join at start-up, a rebalance in
 * progress (members exist and are re-dividing the partitions), or an empty group (every member is
 * gone). Only the second is the "stop-the-world" cost of rebalancing.
 */
export const enum Pause {
  Startup,
  Rebalance,
  Empty,
}

/** offsets.retention.check.interval.ms: how often the broker looks for expired offsets, seconds. */
export const OFFSETS_RETENTION_CHECK_S = 600;

export class GroupCoordinator {
  readonly entries: Entry[] = [];
  /**
   * The broker's own member map (group coordinator `ClassicGroup.members`, a `java.util.HashMap`:
   * put on join, removed on leave or expiry, never shrinking). The JoinGroup response lists the
   * members in its iteration order, and the sticky assignors depend on that order (sticky.ts).
   * Kafka gives a restarted static member a new member id (`replaceStaticMember`); here it keeps
   * its entry and id, so its place in this map does not change.
   */
  private readonly memberMap: JavaHashMap<string, Entry> = javaStringMap<Entry>();
  state: GroupState = 'Empty';
  /** When the group last became empty (its offsets' retention clock). */
  private emptySince = 0;
  generation = 0;
  /** Per partition: since when it has had no owner (NaN while it has one). */
  pausedSince: Float64Array;
  /** Why each partition without an owner is waiting (see {@link Pause}); meaningful while pausedSince is set. */
  pauseKind: Uint8Array;
  /** Partition-seconds without an owner so far, by {@link Pause}. */
  readonly pausedTotal = new Float64Array(3);
  private readonly host: GroupHost;
  private readonly config: GroupConfig;
  private readonly assignor: Assignor;
  private readonly cooperative: boolean;
  private rebalanceTimeoutHandle = -1;
  private joinHandle = -1;
  private memberSeq = 0;
  private initialDelayUntil = -Infinity;
  /** InitialDelayedJoin: the delay of the current window (s) and what is left of the rebalance timeout for extensions (s). */
  private initialDelay = 0;
  private initialDelayRemaining = 0;
  /** A member joined the new group (generation 0) during the current delay window: extend it once more. */
  private newMemberAdded = false;
  /** The scheduled join completes when the initial delay expires (not when the last member rejoins). */
  private joinAtDelayExpiry = false;
  /** A pod the autoscaler started or deleted set off (or joined) the rebalance in progress. */
  private byAutoscaler = false;

  constructor(private readonly g: ConsumerGroup) {
    this.host = g.host;
    this.config = g.config;
    this.assignor = getAssignor(g.config['partition.assignment.strategy']);
    this.cooperative = this.assignor.protocol === 'cooperative';
    this.pausedSince = new Float64Array(g.host.logs.length).fill(0);
    this.pauseKind = new Uint8Array(g.host.logs.length).fill(Pause.Startup);
  }

  /**
   * Moves every waiting partition's time so far into its figure and relabels those of kind `from`
   * as `to` (the group became empty, or a member joined an empty group).
   */
  private relabelPauses(from: Pause, to: Pause): void {
    const now = this.host.sim.now;
    for (let p = 0; p < this.pausedSince.length; p++) {
      if (Number.isNaN(this.pausedSince[p]) || this.pauseKind[p] !== from) continue;
      this.pausedTotal[from] += now - this.pausedSince[p];
      this.pausedSince[p] = now;
      this.pauseKind[p] = to;
    }
  }

  // ─── membership and heartbeats ─────────────────────────────────────────────────────────────

  private newEntry(c: Consumer): Entry {
    const uid = ++this.memberSeq;
    const e: Entry = {
      uid,
      heartbeating: true,
      memberId: `${c.clientId}-${uid.toString(16).padStart(4, '0')}`,
      consumer: c,
      alive: true,
      owned: [],
      previous: [],
      generation: -1,
      joined: false,
      pending: null,
      hbAnchor: this.host.sim.now,
      sessionHandle: -1,
    };
    this.entries.push(e);
    this.memberMap.set(e.memberId, e);
    c.entry = e;
    return e;
  }

  /**
   * A static member coming back within its session keeps its entry and assignment (no rebalance).
   * Returns false when the starting consumer has no such entry.
   */
  rejoinStatic(c: Consumer): boolean {
    const prior = c.instanceId !== null ? this.entries.find((e) => e.consumer === c) : undefined;
    if (!prior || prior.alive) return false;
    prior.alive = true;
    prior.heartbeating = true;
    prior.hbAnchor = this.host.sim.now;
    this.host.sim.cancel(prior.sessionHandle);
    c.entry = prior;
    this.g.info(c.clientId, `Rejoining group with group.instance.id=${c.instanceId}: static member keeps its assignment (${this.g.plist(prior.owned)}), no rebalance`);
    // A restarted process starts from the committed offsets with nothing buffered.
    for (const p of prior.owned) {
      this.g.position[p] = this.g.committed[p];
      this.g.processedUpTo[p] = this.g.committed[p];
      this.g.fetched[p] = 0;
    }
    return true;
  }

  /** Time of the member's last heartbeat at or before `t`. */
  private lastHeartbeat(e: Entry, t: number): number {
    const hb = this.g.ms('heartbeat.interval.ms');
    return e.hbAnchor + Math.floor((t - e.hbAnchor) / hb) * hb;
  }

  /** Time of the member's next heartbeat after `t` (when it hears of a rebalance). */
  private nextHeartbeat(e: Entry, t: number): number {
    const hb = this.g.ms('heartbeat.interval.ms');
    return e.hbAnchor + Math.ceil((t - e.hbAnchor) / hb + 1e-12) * hb;
  }

  /** The member's process is gone without a LeaveGroup (crash, static close): its session expires. */
  goneWithoutLeaveGroup(e: Entry): void {
    const sim = this.host.sim;
    e.alive = false;
    e.heartbeating = false;
    sim.cancel(e.sessionHandle);
    const expiry = this.lastHeartbeat(e, sim.now) + this.g.ms('session.timeout.ms');
    e.sessionHandle = sim.scheduleAt(Math.max(expiry, sim.now), this.g.kSession, e.uid);
  }

  /** A GC pause stops the heartbeat thread until `until`: the session expires first if it is shorter. */
  heartbeatsPaused(e: Entry, until: number): void {
    const sim = this.host.sim;
    const now = sim.now;
    const expiry = this.lastHeartbeat(e, now) + this.g.ms('session.timeout.ms');
    e.heartbeating = false;
    if (expiry < until) {
      sim.cancel(e.sessionHandle);
      e.sessionHandle = sim.scheduleAt(Math.max(expiry, now), this.g.kSession, e.uid);
    }
  }

  /** The heartbeat thread runs again: the pending session expiry is off. */
  resumeHeartbeats(e: Entry): void {
    this.host.sim.cancel(e.sessionHandle);
    e.sessionHandle = -1;
    e.heartbeating = true;
    e.hbAnchor = this.host.sim.now;
  }

  /** session-expired event. */
  onSessionExpired(uid: number): void {
    const e = this.entries.find((x) => x.uid === uid);
    if (!e || e.heartbeating) return;
    if (e.alive && e.consumer.entry === e) e.consumer.kicked = true;
    this.g.coordinatorLog(`Member ${e.memberId} in group ${this.g.id} has failed, removing it from the group (session timeout ${this.config['session.timeout.ms']} ms)`);
    this.removeEntry(e, `removing member ${e.memberId} on heartbeat expiration`);
  }

  removeEntry(e: Entry, reason: string): void {
    const idx = this.entries.indexOf(e);
    if (idx < 0) return;
    this.entries.splice(idx, 1);
    this.memberMap.delete(e.memberId);
    this.host.sim.cancel(e.sessionHandle);
    if (e.consumer.entry === e) e.consumer.entry = null;
    this.revoke(e, e.owned);
    if (this.entries.length === 0) {
      this.becomeEmpty();
      this.cancelRebalanceTimers();
      return;
    }
    this.prepareRebalance(reason, !e.consumer.alive && e.consumer.autoscaled);
    // The member the join was waiting for may be the one that just left.
    this.maybeCompleteJoin();
  }

  // ─── the rebalance protocol ────────────────────────────────────────────────────────────────

  private cancelRebalanceTimers(): void {
    const sim = this.host.sim;
    if (this.rebalanceTimeoutHandle >= 0) sim.cancel(this.rebalanceTimeoutHandle);
    if (this.joinHandle >= 0) sim.cancel(this.joinHandle);
    this.rebalanceTimeoutHandle = this.joinHandle = -1;
  }

  /** `byAutoscaler`: a pod the autoscaler started or deleted is the reason (counted once per rebalance). */
  prepareRebalance(reason: string, byAutoscaler = false): void {
    const sim = this.host.sim;
    if (byAutoscaler) this.byAutoscaler = true;
    if (this.state === 'Empty') {
      // InitialDelayedJoin: an empty group waits group.initial.rebalance.delay.ms for more members
      // before its rebalance; while the group is new (generation 0), each window in which another
      // member joined is followed by one more, up to the rebalance timeout (max.poll.interval.ms).
      this.initialDelay = this.g.ms('group.initial.rebalance.delay.ms');
      this.initialDelayUntil = sim.now + this.initialDelay;
      this.initialDelayRemaining = Math.max(this.g.ms('max.poll.interval.ms') - this.initialDelay, 0);
      this.newMemberAdded = false;
      // A member is back: partitions that waited for anyone at all now wait for the rebalance.
      this.relabelPauses(Pause.Empty, Pause.Rebalance);
    }
    if (this.state === 'PreparingRebalance') return;
    this.g.coordinatorLog(`Preparing to rebalance group ${this.g.id} in state PreparingRebalance with old generation ${this.generation} (reason: ${reason})`);
    this.state = 'PreparingRebalance';
    for (const e of this.entries) e.joined = false;
    this.cancelRebalanceTimers();
    this.rebalanceTimeoutHandle = sim.schedule(this.g.ms('max.poll.interval.ms'), this.g.kRebalanceTimeout);
    for (const e of this.entries) {
      const c = e.consumer;
      if (!e.alive || c.entry !== e) continue;
      c.needsRejoin = true;
      // A member waiting for SyncGroup is told REBALANCE_IN_PROGRESS and rejoins at once; the
      // others hear of it at their next heartbeat and rejoin at their next poll().
      if (c.phase === Phase.Joining) this.g.pollLoop.schedulePoll(c, 0);
      else if (c.phase === Phase.Idle) this.g.pollLoop.schedulePoll(c, this.nextHeartbeat(e, sim.now) - sim.now);
    }
  }

  /** JoinGroup from a member (called from its poll). */
  join(c: Consumer): void {
    let e = c.entry;
    if (!e) {
      if (this.state === 'PreparingRebalance' && this.generation === 0 && this.host.sim.now < this.initialDelayUntil) this.newMemberAdded = true;
      e = this.newEntry(c);
      this.g.info(c.clientId, '(Re-)joining group');
      this.prepareRebalance(`Adding new member ${e.memberId} with group instance id ${c.instanceId ?? 'null'}`, c.autoscaled);
      c.autoscaled = false;
    } else this.g.info(c.clientId, `(Re-)joining group (generation ${this.generation})`);
    c.needsRejoin = false;
    if (!this.cooperative && e.owned.length > 0) {
      this.g.pollLoop.commitProcessed(c, e.owned);
      this.g.info(c.clientId, `Revoke previously assigned partitions ${this.g.plist(e.owned)}`);
      this.revoke(e, e.owned);
    }
    e.joined = true;
    c.phase = this.cooperative && e.owned.length > 0 ? Phase.PollScheduled : Phase.Joining;
    this.maybeCompleteJoin();
    if (c.phase === Phase.PollScheduled) this.g.pollLoop.schedulePoll(c, 0);
  }

  /** When every known member has rejoined, the join phase ends (after the initial delay, for a new group). */
  private maybeCompleteJoin(): void {
    if (this.state !== 'PreparingRebalance' || this.joinHandle >= 0) return;
    if (!this.entries.every((e) => e.joined)) return;
    const sim = this.host.sim;
    this.joinAtDelayExpiry = this.initialDelayUntil > sim.now;
    const at = Math.max(sim.now, this.initialDelayUntil) + this.g.timing.rebalanceLatency;
    this.joinHandle = sim.scheduleAt(at, this.g.kJoin);
  }

  /** rebalance-timeout event: members that have not rejoined within max.poll.interval.ms are removed. */
  onRebalanceTimeout(): void {
    this.rebalanceTimeoutHandle = -1;
    if (this.state !== 'PreparingRebalance') return;
    for (const e of [...this.entries]) {
      if (!e.joined) {
        this.g.coordinatorLog(`Member ${e.memberId} in group ${this.g.id} has failed to rejoin within the rebalance timeout (${this.config['max.poll.interval.ms']} ms), removing it from the group`);
        const i = this.entries.indexOf(e);
        this.entries.splice(i, 1);
        this.memberMap.delete(e.memberId);
        this.host.sim.cancel(e.sessionHandle);
        if (e.consumer.entry === e) {
          e.consumer.entry = null;
          e.consumer.kicked = true;
        }
        this.revoke(e, e.owned);
      }
    }
    if (this.entries.length === 0) this.becomeEmpty();
    else this.maybeCompleteJoin();
  }

  /**
   * The last member is gone. Its committed offsets are kept for `offsets.retention.minutes` from
   * now; the broker's cleanup, every `offsets.retention.check.interval.ms` (10 min, on a grid from
   * t = 0), deletes them once that has passed and the group is still empty.
   */
  private becomeEmpty(): void {
    const now = this.host.sim.now;
    this.state = 'Empty';
    this.byAutoscaler = false;
    this.emptySince = now;
    this.relabelPauses(Pause.Rebalance, Pause.Empty);
    const due = now + this.config['offsets.retention.minutes'] * 60;
    this.host.sim.scheduleAt(Math.ceil(due / OFFSETS_RETENTION_CHECK_S - 1e-9) * OFFSETS_RETENTION_CHECK_S, this.g.kOffsetsExpiry);
  }

  /** offsets-expiry event: an empty group's committed offsets are deleted (a rejoining member then resets). */
  onOffsetsExpiry(): void {
    const g = this.g;
    const now = this.host.sim.now;
    if (this.state !== 'Empty' || now - this.emptySince < this.config['offsets.retention.minutes'] * 60 - 1e-6) return;
    let n = 0;
    for (let p = 0; p < g.committed.length; p++) {
      if (g.committed[p] < 0) continue;
      g.committed[p] = -1;
      n++;
    }
    if (n > 0) g.coordinatorLog(`Removed ${n} expired offsets of group ${g.id}: empty since t = ${+this.emptySince.toFixed(3)} s, longer than offsets.retention.minutes=${this.config['offsets.retention.minutes']}`);
  }

  /** The members in the order the JoinGroup response lists them: the broker's member map's. */
  joinGroupMembers(): Entry[] {
    return this.memberMap.values();
  }

  /** join-complete event: the leader's assignment is computed and sent to every member (SyncGroup). */
  completeRebalance(): void {
    this.joinHandle = -1;
    if (this.state !== 'PreparingRebalance' || !this.entries.every((e) => e.joined)) return;
    const sim = this.host.sim;
    if (this.joinAtDelayExpiry && this.newMemberAdded && this.initialDelayRemaining > 0) {
      // The initial delay expired with new members having joined: wait one more window.
      const ext = Math.min(this.initialDelay, this.initialDelayRemaining);
      this.initialDelayRemaining = Math.max(this.initialDelayRemaining - ext, 0);
      this.newMemberAdded = false;
      this.initialDelayUntil += ext;
      this.joinAtDelayExpiry = true;
      this.joinHandle = sim.scheduleAt(this.initialDelayUntil + this.g.timing.rebalanceLatency, this.g.kJoin);
      return;
    }
    if (this.rebalanceTimeoutHandle >= 0) sim.cancel(this.rebalanceTimeoutHandle);
    this.rebalanceTimeoutHandle = -1;
    this.generation++;
    const topic = this.host.topic;
    const P = this.g.knownPartitions;
    const tp = (ps: number[]): TopicPartition[] => ps.map((partition) => ({ topic, partition }));
    const subs: Subscription[] = this.joinGroupMembers().map((e) => ({
      memberId: e.memberId,
      groupInstanceId: e.consumer.instanceId,
      topics: [topic],
      ownedPartitions: tp(this.cooperative ? e.owned : e.previous),
      generation: e.generation,
    }));
    let target = this.assignor.assign({ [topic]: P }, subs);
    let followUp = false;
    if (this.cooperative) {
      const owned: Record<string, TopicPartition[]> = {};
      for (const e of this.entries) owned[e.memberId] = tp(e.owned);
      const adj = adjustForCooperative(owned, target);
      target = adj.assignment;
      followUp = adj.followUpNeeded;
    }
    this.state = 'Stable';
    this.g.rebalances++;
    const byAutoscaler = this.byAutoscaler;
    this.byAutoscaler = false;
    if (byAutoscaler) this.g.autoscalerRebalances++;
    this.g.coordinatorLog(`Stabilized group ${this.g.id} generation ${this.generation} with ${this.entries.length} members`);
    for (const e of this.entries) {
      const c = e.consumer;
      const assigned = (target[e.memberId] ?? []).map((x) => x.partition).sort((a, b) => a - b);
      e.generation = this.generation;
      e.previous = assigned;
      if (!e.alive || c.entry !== e) {
        // A dead member that has not timed out yet still "owns" what it is assigned.
        this.installAssignment(e, assigned);
        continue;
      }
      // The SyncGroup response is handled inside poll(): a member busy with a batch switches
      // to its new assignment (revoking, with a commit) only when it polls again.
      if (c.phase === Phase.Busy) e.pending = assigned;
      else {
        this.installAssignment(e, assigned);
        this.g.pollLoop.schedulePoll(c, 0);
      }
    }
    if (followUp) this.prepareRebalance('revoked partitions must be reassigned (cooperative follow-up rebalance)', byAutoscaler);
  }

  /** onJoinComplete: revoke what is no longer ours (committing it first), then add the new partitions. */
  installAssignment(e: Entry, assigned: number[]): void {
    e.pending = null;
    const c = e.consumer;
    const revoked = e.owned.filter((p) => !assigned.includes(p));
    const added = assigned.filter((p) => !e.owned.includes(p));
    const live = e.alive && c.entry === e;
    if (live) this.g.info(c.clientId, `Successfully joined group with generation Generation{generationId=${this.generation}, memberId='${e.memberId}', protocol='${this.assignor.name}'}`);
    if (revoked.length) {
      if (live) {
        this.g.pollLoop.commitProcessed(c, revoked);
        this.g.info(c.clientId, `Revoke previously assigned partitions ${this.g.plist(revoked)}`);
      }
      this.revoke(e, revoked);
    }
    if (live) this.g.info(c.clientId, `Adding newly assigned partitions: ${this.g.plist(added)}${assigned.length === 0 ? ' — no partitions for this member: it stays idle' : ''}`);
    for (const p of added) this.assign(e, p);
  }

  private assign(e: Entry, p: number): void {
    const g = this.g;
    e.owned.push(p);
    e.owned.sort((a, b) => a - b);
    g.owner[p] = e;
    g.fetched[p] = 0; // the new owner has nothing buffered for p
    if (!Number.isNaN(this.pausedSince[p])) {
      this.pausedTotal[this.pauseKind[p]] += this.host.sim.now - this.pausedSince[p];
      this.pausedSince[p] = NaN;
    }
    // The new owner starts from the committed offset (OffsetFetch), or — when there is none —
    // where auto.offset.reset says.
    if (g.committed[p] < 0) {
      const log = this.host.logs[p];
      if (this.config['auto.offset.reset'] === 'none') {
        // No position (and nothing to commit on revocation): the next poll() throws
        // NoOffsetForPartitionException (member.ts).
        g.position[p] = -1;
        g.processedUpTo[p] = -1;
        return;
      }
      let to = this.config['auto.offset.reset'] === 'earliest' ? log.logStart : log.logEnd;
      g.info(e.consumer.clientId, `Found no committed offset for partition ${log.name}; resetting offset to position FetchPosition{offset=${to}} (auto.offset.reset=${this.config['auto.offset.reset']})`);
      if (to < log.base) {
        // Only after committed offsets expired: records below `base` were final for every group and
        // are no longer held in memory. They are counted as redelivered (and, without an idempotent
        // handler, applied again) at once instead of being processed one by one.
        const n = log.base - to;
        g.redeliveries += n;
        if (!this.config.processing.idempotent) g.duplicates += n;
        g.info(e.consumer.clientId, `re-reading ${n} records of ${log.name} below offset ${log.base} that this group had already handled (counted at once, not simulated one by one)`);
        to = log.base;
      }
      g.pollLoop.skipRange(p, log.logStart, to, e.consumer.name, 'no-committed-offset');
      g.position[p] = to;
      g.processedUpTo[p] = to;
      return;
    }
    g.position[p] = g.committed[p];
    g.processedUpTo[p] = g.committed[p];
  }

  private revoke(e: Entry, ps: number[]): void {
    const now = this.host.sim.now;
    for (const p of [...ps]) {
      const i = e.owned.indexOf(p);
      if (i >= 0) e.owned.splice(i, 1);
      if (this.g.owner[p] === e) {
        this.g.owner[p] = null;
        this.pausedSince[p] = now;
        this.pauseKind[p] = Pause.Rebalance;
      }
    }
  }

  /** The topic grew to `n` partitions: the group keeps their pause clocks, stopped until its leader notices. */
  onPartitionsCreated(n: number): void {
    // Not paused yet: nobody in the group knows of them (records may already pile up: lag).
    const b = new Float64Array(n).fill(NaN);
    b.set(this.pausedSince);
    this.pausedSince = b;
    const k = new Uint8Array(n).fill(Pause.Rebalance);
    k.set(this.pauseKind);
    this.pauseKind = k;
  }

  /** The leader's metadata refresh found partitions [old, n): it rejoins, and the group rebalances. */
  onMetadataChanged(old: number, n: number): void {
    const now = this.host.sim.now;
    // From now on the new partitions wait for the rebalance (or for any member at all).
    for (let p = old; p < n; p++) {
      this.pausedSince[p] = now;
      this.pauseKind[p] = this.entries.length > 0 ? Pause.Rebalance : Pause.Empty;
    }
    const leader = this.entries[0];
    if (!leader) return;
    const topic = this.host.topic;
    this.g.info(leader.consumer.clientId, `Request joining group due to: cached metadata has changed from {${topic}=${old}} at the beginning of the rebalance to {${topic}=${n}} (metadata.max.age.ms=${this.config['metadata.max.age.ms']})`);
    this.prepareRebalance(`Updating metadata for member ${leader.memberId} during Stable`);
  }

  /** Partition-seconds without an owner so far for reason `kind`, including partitions still waiting. */
  pauseSecondsNow(kind: Pause): number {
    const now = this.host.sim.now;
    let total = this.pausedTotal[kind];
    for (let p = 0; p < this.pausedSince.length; p++) if (!Number.isNaN(this.pausedSince[p]) && this.pauseKind[p] === kind) total += now - this.pausedSince[p];
    return total;
  }
}
