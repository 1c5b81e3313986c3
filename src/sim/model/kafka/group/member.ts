/**
 * A member's poll loop: poll(), fetch, and offset commits.
 *
 * Each consumer runs Kafka's single-threaded poll loop: `poll()` returns up to `max.poll.records`
 * records from its assigned partitions (rotating through them as the fetcher does), the records
 * are processed (executor.ts), and, depending on the commit mode, offsets are committed after the
 * batch (at-least-once), right after poll (at-most-once) or every `auto.commit.interval.ms` from
 * inside poll (Kafka's default). With nothing to fetch, the member waits in poll until a record
 * arrives on one of its partitions. A fetch position below log-start (retention deleted the
 * segment) is out of range and reset as `auto.offset.reset` says.
 *
 * The JoinGroup and the SyncGroup response are handled inside poll() too (coordinator.ts). A member
 * whose batch keeps it from calling poll for `max.poll.interval.ms` leaves the group (dynamic
 * members send LeaveGroup; static members with `group.instance.id` do not), its uncommitted work
 * is redone by the new owner, and its late commit fails.
 */
import { FIRST_FETCH, NOT_WAITING, RecordState } from '../partition-log.ts';
import type { Consumer } from './consumer.ts';
import type { Entry } from './coordinator.ts';
import type { ConsumerGroup } from './group.ts';
import { POLL_ERROR_LOOP_S, type GroupConfig, type GroupHost } from './types.ts';
import type { PartitionLog } from '../partition-log.ts';
import type { RecordTracer, TraceWhy } from '../trace.ts';

/**
 * Where a consumer is in its poll loop. A `const enum` so that esbuild inlines its values in this
 * file (the hot path); other files read it as an object (allowed under isolatedModules: it is not
 * an ambient enum).
 */
export const enum Phase {
  Down,
  /** Waiting in poll() for records. */
  Idle,
  /** A poll event is scheduled. */
  PollScheduled,
  Busy,
  /** Sent JoinGroup (eager: nothing to fetch until SyncGroup). */
  Joining,
}

/** fetch() result: poll() threw and the application has already scheduled its next poll. */
const THREW = 2;


export class PollLoop {
  private readonly host: GroupHost;
  private readonly config: GroupConfig;
  /** Records in one partition's completed fetch: the byte limits over the mean record size, at least one. */
  private readonly chunk: number;
  /** Follows traced records (../trace.ts); null without a trace request. */
  private readonly tr: RecordTracer | null;
  /** max.poll.interval.ms and auto.commit.interval.ms in seconds. */
  private readonly maxPollIntervalS: number;
  private readonly autoCommitS: number;

  constructor(private readonly g: ConsumerGroup) {
    this.host = g.host;
    this.config = g.config;
    this.tr = g.host.tracer;
    this.maxPollIntervalS = g.ms('max.poll.interval.ms');
    this.autoCommitS = g.ms('auto.commit.interval.ms');
    const limit = Math.min(this.config['max.partition.fetch.bytes'], this.config['fetch.max.bytes']);
    this.chunk = Math.max(1, Math.floor(limit / this.config.recordBytes));
  }

  schedulePoll(c: Consumer, delay: number): void {
    const sim = this.host.sim;
    if (c.pollHandle >= 0) {
      sim.cancel(c.pollHandle);
      c.pollHandle = -1;
    }
    if (c.phase !== Phase.Busy) c.phase = Phase.PollScheduled;
    c.pollHandle = sim.schedule(Math.max(0, delay), this.g.kPoll, c.index);
  }

  /** A record was appended to partition p: wake its owner if it waits in poll. */
  onAppend(p: number): void {
    const e = this.g.owner[p];
    if (e === null) return;
    const c = e.consumer;
    if (c.phase === Phase.Idle && c.entry === e && !c.frozen()) this.schedulePoll(c, this.g.timing.fetchLatency);
  }

  /** poll event. */
  onPoll(i: number): void {
    const g = this.g;
    const c = g.consumers[i];
    c.pollHandle = -1;
    if (!c.alive || c.phase === Phase.Busy) return;
    if (c.frozen()) return; // the thaw reschedules
    const sim = this.host.sim;
    const now = sim.now;
    c.lastPoll = now;
    if (c.pollTimeoutHandle >= 0) sim.cancel(c.pollTimeoutHandle);
    c.pollTimeoutHandle = -1;
    c.pollDeadline = -1;
    const e0 = c.entry;
    // Membership work (a rejoin, a JoinGroup, a new assignment) is rare: out of line.
    if (e0 === null || !e0.heartbeating || c.needsRejoin || e0.pending !== null || (!e0.joined && g.coordinator.state === 'PreparingRebalance')) {
      if (!this.membership(c, e0)) return;
    }
    const e = c.entry!;
    const auto = this.config.commit === 'auto';
    if (auto && now >= c.autoCommitDue) {
      this.commitPositions(c, e.owned);
      c.autoCommitDue = now + this.autoCommitS;
    }
    const fetched = this.fetch(c, e);
    // poll() threw: the consumer was closed (auto.offset.reset=none), or the application caught a
    // RecordDeserializationException and has already scheduled its next poll.
    if (!c.alive || fetched === THREW) return;
    if (fetched) {
      c.phase = Phase.Busy;
      // The poll timeout takes its place in the order now; it is scheduled only if the batch's work reaches it (busyUntil).
      c.pollDeadline = now + this.maxPollIntervalS;
      c.pollDeadlineOrd = sim.reserve();
      if (this.config.commit === 'before-processing') this.commitPositions(c, e.owned);
      g.executor.startBatch(c);
    } else {
      c.phase = Phase.Idle;
      if (auto && this.hasUncommittedPositions(e)) {
        // Re-armed each time the consumer goes idle: moved, not cancelled and scheduled anew (the same order).
        c.autoCommitHandle = sim.moveLater(c.autoCommitHandle, Math.max(now, c.autoCommitDue), g.kAutoCommit, c.index);
      }
    }
  }

  /**
   * The membership part of poll(): a static member's rejoin, a JoinGroup, a pending assignment.
   * Returns false when poll() ends here (the member is joining).
   */
  private membership(c: Consumer, e0: Entry | null): boolean {
    const g = this.g;
    if (e0 && !e0.heartbeating) {
      // A static member back from a long batch before its session expired: same assignment, no
      // rebalance — but its generation was reset, so the client gives its partitions away as lost
      // (onJoinPrepare) and fetches them again from the committed offsets: the batch whose commit
      // failed is processed again.
      g.info(c.clientId, `Rejoining group with group.instance.id=${c.instanceId} before session.timeout.ms: assignment kept, no rebalance`);
      if (c.generationReset) {
        g.info(c.clientId, `Giving away all assigned partitions as lost since generation/memberID has been reset, indicating that consumer is in old state or no longer part of the group: ${g.plist(e0.owned)}`);
        for (const p of e0.owned) {
          g.position[p] = g.committed[p];
          g.processedUpTo[p] = g.committed[p];
          g.fetched[p] = 0;
        }
      }
      c.generationReset = false;
      g.coordinator.resumeHeartbeats(e0);
    }
    // Kicked out while busy (poll timeout or rebalance timeout): rejoin as a new member.
    if (e0 === null || c.needsRejoin) {
      g.coordinator.join(c);
      if (c.phase === Phase.Joining) return false;
    } else if (g.coordinator.state === 'PreparingRebalance' && !e0.joined) {
      g.coordinator.join(c);
      if (c.phase === Phase.Joining) return false;
    }
    const e = c.entry!;
    if (e.pending) g.coordinator.installAssignment(e, e.pending);
    return true;
  }

  private hasUncommittedPositions(e: Entry): boolean {
    const owned = e.owned;
    const g = this.g;
    for (let j = 0; j < owned.length; j++) if (g.position[owned[j]] > g.committed[owned[j]]) return true;
    return false;
  }

  /** auto-commit event. */
  onAutoCommitTimer(i: number): void {
    const c = this.g.consumers[i];
    c.autoCommitHandle = -1;
    // An idle consumer's poll(timeout) returns empty and loops; that poll auto-commits.
    if (c.alive && c.phase === Phase.Idle && !c.frozen()) this.onPoll(i);
  }

  /**
   * Fills the member's batch from its partitions, as the Java consumer's fetcher does; false when
   * there is nothing to fetch.
   *
   * Every assigned partition is fetched; the broker returns at most `max.partition.fetch.bytes`
   * for each (and `fetch.max.bytes` in all; at least one record) — a "completed fetch" of up to
   * `chunk` records here, sized from the topic's mean record size. poll() drains the completed
   * fetches in order, up to `max.poll.records`: one that a poll cuts short stays next in line for
   * the next poll, and a partition whose completed fetch is drained moves to the end of the order
   * (`movePartitionToEnd`). So a partition with a deep backlog gets at most one chunk before each
   * of the member's other partitions gets its turn. `g.fetched[p]` is what is left of p's
   * completed fetch (0 = none buffered).
   */
  private fetch(c: Consumer, e: Entry): boolean | typeof THREW {
    const owned = e.owned;
    const n = owned.length;
    if (n === 0) return false;
    const g = this.g;
    const gi = this.host.groupIndex;
    const max = this.config['max.poll.records'];
    const chunk = this.chunk;
    const tr = this.tr;
    const logs = this.host.logs;
    for (let j = 0; j < n; j++) {
      const pos = g.position[owned[j]];
      if (pos < 0 || pos < logs[owned[j]].logStart) {
        if (this.outOfRange(c, owned, j)) return false;
        break;
      }
    }
    let k = 0;
    let lastTaken = -1;
    let cut = false;
    let unreadable = -1;
    fetching: for (let j = 0; j < n && k < max; j++) {
      const idx = (c.rotate + j) % n;
      const p = owned[idx];
      const log = this.host.logs[p];
      let o = g.position[p];
      const end = log.logEnd;
      if (o >= end) {
        g.fetched[p] = 0;
        continue;
      }
      // A new completed fetch holds what the log had when it was fetched, up to one chunk.
      if (g.fetched[p] <= 0) g.fetched[p] = Math.min(chunk, end - o);
      const stop = Math.min(end, o + g.fetched[p]);
      while (o < stop && k < max) {
        if (log.poisoned > 0 && log.failsDeserialization(o)) {
          // The deserializer throws on this record: poll() returns what it collected before it and
          // caches the exception; the partition's completed fetch stays next in line, so the
          // following poll() throws before reaching any other partition.
          g.fetched[p] = stop - o;
          g.position[p] = o;
          if (o > log.fetchedEnd[gi]) log.fetchedEnd[gi] = o;
          c.rotate = idx;
          unreadable = p;
          break fetching;
        }
        if (tr !== null) this.traceFetch(tr, c, log, p, o);
        const i = log.slot(o);
        const taken = log.takeAt(gi, i);
        if (taken !== NOT_WAITING) {
          if (taken === FIRST_FETCH) g.wq.add(this.host.sim.now - log.tsAt(i));
          g.inFlight++;
        }
        // A record already handled (applied, dead-lettered, in a retry topic) is delivered again
        // but keeps its state: processing it again is a duplicate at most.
        c.bp[k] = p;
        c.bo[k] = o;
        k++;
        o++;
      }
      g.fetched[p] = stop - o;
      g.position[p] = o;
      if (o > log.fetchedEnd[gi]) log.fetchedEnd[gi] = o;
      lastTaken = idx;
      cut = g.fetched[p] > 0;
    }
    if (unreadable >= 0 && k === 0) return this.deserializationFailure(c, unreadable);
    // A drained completed fetch moves its partition to the end of the order; one cut short by
    // max.poll.records stays first: its records wait "next in line" for the next poll.
    if (unreadable < 0 && lastTaken >= 0) c.rotate = cut ? lastTaken : (lastTaken + 1) % n;
    c.batchLen = k;
    c.batchDone = 0;
    return k > 0;
  }

  /**
   * Out-of-range positions (from `owned[from]` on; those before it are in range) are reported by the
   * fetch response for every partition at once; with auto.offset.reset=none poll() throws instead,
   * and the application's consumer stops. Returns true when it stopped.
   */
  private outOfRange(c: Consumer, owned: number[], from: number): boolean {
    let failure: string | null = null;
    for (let j = from; j < owned.length; j++) failure ??= this.checkOutOfRange(c, owned[j]);
    if (failure === null) return false;
    this.g.error(c.clientId, `${failure} — the exception escapes poll() and the consumer is closed`);
    this.g.shutdown(c);
    return true;
  }

  /** A traced record is in the batch poll() returns (again: this group had fetched it before). */
  private traceFetch(tr: RecordTracer, c: Consumer, log: PartitionLog, p: number, o: number): void {
    if (!tr.follows(p, o)) return;
    const gi = this.host.groupIndex;
    const again = log.state(gi, o) !== RecordState.Waiting || log.fetchedBefore(gi, o);
    tr.event(this.host.sim.now, gi, p, o, 'fetched', c.name, again ? { again } : undefined);
  }

  /**
   * poll() threw RecordDeserializationException for the record at p's position. Without a retry
   * policy the application logs it and polls again — and poll() throws again, for as long as the
   * record is there: every partition of this consumer stalls, not only p. With one, it does what
   * the Kafka docs advise: sends the raw record to the DLQ (or drops it, without a DLQ) and seeks
   * past it. A deserialization failure is permanent, so it is never retried.
   */
  private deserializationFailure(c: Consumer, p: number): typeof THREW {
    const g = this.g;
    const o = g.position[p];
    const error = `RecordDeserializationException: Error deserializing VALUE for partition ${g.pname(p)} at offset ${o}. If needed, please seek past the record to continue consumption.`;
    const attempts = (g.stuck.get(p)?.offset === o ? g.stuck.get(p)!.attempts : 0) + 1;
    if (attempts > 1) g.retries++;
    if (this.tr !== null) this.tr.event(this.host.sim.now, this.host.groupIndex, p, o, 'poll-threw', c.name, { error: 'RecordDeserializationException', next: this.config.retry.mode === 'none' ? undefined : this.config.retry.dlq ? 'dlq' : 'lost' });
    if (this.config.retry.mode === 'none') {
      g.error(c.clientId, `poll() failed: ${error}`);
      g.stuck.set(p, { offset: o, attempts });
    } else {
      g.warn(c.clientId, `poll() failed: ${error} — seeking past it`);
      g.failures.skipUnreadable(c, p, o);
      g.position[p] = o + 1;
      g.fetched[p] = Math.max(0, g.fetched[p] - 1);
    }
    this.schedulePoll(c, POLL_ERROR_LOOP_S);
    return THREW;
  }

  /**
   * Kafka's out-of-range handling: the position is below log-start after retention deleted segments.
   * Returns the exception poll() throws when auto.offset.reset=none: the partition has no position
   * (no committed offset), or its position is out of range.
   */
  private checkOutOfRange(c: Consumer, p: number): string | null {
    const g = this.g;
    const log = this.host.logs[p];
    if (g.position[p] < 0) return `NoOffsetForPartitionException: Undefined offset with no reset policy for partitions: [${log.name}]`;
    if (g.position[p] >= log.logStart) return null;
    const from = g.position[p];
    const out = `Fetch position FetchPosition{offset=${from}} is out of range for partition ${log.name}`;
    if (this.config['auto.offset.reset'] === 'none') {
      g.info(c.clientId, `${out}, raising error to the application since no reset policy is configured`);
      return `OffsetOutOfRangeException: ${out}`;
    }
    const to = this.config['auto.offset.reset'] === 'earliest' ? log.logStart : log.logEnd;
    g.info(c.clientId, `${out}, resetting offset`);
    g.info(c.clientId, `Resetting offset for partition ${log.name} to position FetchPosition{offset=${to}, offsetEpoch=Optional.empty} (auto.offset.reset=${this.config['auto.offset.reset']})`);
    this.skipRange(p, from, to, c.name, 'out-of-range');
    g.fetched[p] = 0;
    g.position[p] = to;
    g.processedUpTo[p] = Math.max(g.processedUpTo[p], to);
    return null;
  }

  /** Marks records in [from, to) that were never applied as skipped (by consumer `by`'s offset reset, for the trace). */
  skipRange(p: number, from: number, to: number, by: string, why: TraceWhy): void {
    const log = this.host.logs[p];
    const gi = this.host.groupIndex;
    const tr = this.tr;
    let n = 0;
    for (let o = Math.max(from, log.base); o < to; o++) {
      const s = log.state(gi, o);
      if (s === RecordState.Waiting) {
        log.setState(gi, o, RecordState.Skipped);
        n++;
        if (tr !== null) tr.event(this.host.sim.now, gi, p, o, 'skipped', by, { why, offset: to });
      }
    }
    if (n > 0) {
      this.g.skipped += n;
      this.g.owed.set(this.host.sim.now, this.g.owed.current - n);
      this.host.sim.progress += n;
    }
  }

  /** Every record of the batch is done: commit (after-processing) and poll again. */
  finishBatch(c: Consumer): void {
    const g = this.g;
    const e = c.entry;
    c.batchLen = 0;
    c.batchDone = 0;
    c.phase = Phase.PollScheduled;
    let delay = 0;
    if (this.config.commit === 'after-processing') {
      if (e === null || c.kicked) {
        g.commitFailures++;
        g.warn(
          c.clientId,
          'Offset commit failed: CommitFailedException: Commit cannot be completed since the group has already rebalanced and assigned the partitions to another member. This means that the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms',
        );
        c.kicked = false;
      } else {
        this.commitProcessed(c, e.owned);
        delay = g.timing.commitLatency;
      }
    }
    if (delay > 0) this.schedulePoll(c, delay);
    else this.pollNow(c);
  }

  /**
   * The poll() after a batch, at once: run in place when nothing else is pending at this instant
   * (`Simulation.runNow`: the same order of events, one event less in the event list), else
   * scheduled (also when a poll is already pending, which scheduling replaces). Only at the end of
   * a record-done event, where nothing else of the event follows.
   */
  private pollNow(c: Consumer): void {
    if (c.pollHandle < 0 && this.host.sim.runNow(this.g.kPoll, c.index)) return;
    this.schedulePoll(c, 0);
  }

  /**
   * The batch's work goes on until `until` (a record's end, a backoff's end; Infinity for a GC
   * pause): if that reaches max.poll.interval.ms after the last poll, schedule the poll timeout,
   * at the place in the order it took at that poll. A batch that ends in time never puts it in the
   * event list, and the events are the same, in the same order, as if it had been scheduled at the
   * poll and cancelled at the next.
   */
  busyUntil(c: Consumer, until: number): void {
    if (c.pollTimeoutHandle < 0 && c.pollDeadline >= 0 && until >= c.pollDeadline) {
      c.pollTimeoutHandle = this.host.sim.scheduleAtReserved(c.pollDeadline, this.g.kPollTimeout, c.index, c.pollDeadlineOrd);
    }
  }

  /** poll-timeout event: max.poll.interval.ms passed since the member's last poll. */
  onPollTimeout(i: number): void {
    const g = this.g;
    const c = g.consumers[i];
    c.pollTimeoutHandle = -1;
    c.pollDeadline = -1;
    if (!c.alive || c.phase !== Phase.Busy) return;
    if (c.frozen()) {
      c.pollTimeoutHandle = this.host.sim.scheduleAt(c.frozenUntil, g.kPollTimeout, i);
      return;
    }
    const e = c.entry;
    if (!e) return;
    g.warn(
      c.clientId,
      `consumer poll timeout has expired. This means the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms (${this.config['max.poll.interval.ms']} ms), which typically implies that the poll loop is spending too much time processing messages. You can address this either by increasing max.poll.interval.ms or by reducing the maximum size of batches returned in poll() with max.poll.records (${this.config['max.poll.records']}).`,
    );
    if (c.instanceId !== null) {
      // A static member sends no LeaveGroup, but its heartbeat thread stops: unless it polls again
      // within session.timeout.ms, the coordinator expires it and rebalances. The client still
      // resets its generation on leaving (maybeLeaveGroup → resetGenerationOnLeaveGroup), so the
      // batch's late commitSync fails.
      c.kicked = true;
      c.generationReset = true;
      e.heartbeating = false;
      this.host.sim.cancel(e.sessionHandle);
      e.sessionHandle = this.host.sim.schedule(g.ms('session.timeout.ms'), g.kSession, e.uid);
      return;
    }
    g.info(c.clientId, `Member ${e.memberId} sending LeaveGroup request to coordinator due to consumer poll timeout has expired`);
    c.kicked = true;
    c.needsRejoin = true;
    g.coordinator.removeEntry(e, `removing member ${e.memberId} on LeaveGroup: consumer poll timeout has expired`);
  }

  // ─── commits ───────────────────────────────────────────────────────────────────────────────

  private setCommitted(p: number, offset: number, c: Consumer, why: 'positions' | 'processed'): void {
    const g = this.g;
    if (offset <= g.committed[p]) return;
    if (this.tr !== null) this.tr.committed(this.host.sim.now, this.host.groupIndex, p, Math.max(0, g.committed[p]), offset, c.name, why);
    g.committed[p] = offset;
    this.host.logs[p].prune(this.host.committedOf(p));
  }

  /** commitSync of what has been processed (after-processing, revocation, shutdown). */
  commitProcessed(c: Consumer, ps: number[]): void {
    if (this.config.commit === 'before-processing') return;
    for (const p of ps) if (this.g.owner[p] === c.entry) this.setCommitted(p, this.g.processedUpTo[p], c, 'processed');
  }

  /** Commit of the fetch positions (auto-commit, and commit-before-processing). */
  private commitPositions(c: Consumer, ps: number[]): void {
    for (const p of ps) if (this.g.owner[p] === c.entry) this.setCommitted(p, this.g.position[p], c, 'positions');
  }

  /**
   * The main partition may commit past this record. Only a record below the member's fetch
   * position counts: one fetched under an earlier ownership of the partition (a batch still running
   * when the partition moved away and came back, and the position was reset to the committed
   * offset) must not carry the commit past records nobody has fetched since.
   */
  markHandled(c: Consumer | null, p: number, o: number): void {
    const g = this.g;
    if (c && o + 1 > g.processedUpTo[p] && o < g.position[p] && g.owner[p] === c.entry) g.processedUpTo[p] = o + 1;
  }
}
