/**
 * One consumer process — a KafkaConsumer with its worker threads — and its life: start, crash,
 * GC pause, graceful close, restart.
 *
 * A crash sends no LeaveGroup: the coordinator notices it only when the member's session expires
 * (coordinator.ts). On close, dynamic members send LeaveGroup; static members (`group.instance.id`)
 * do not, and their session keeps their partitions. A GC pause stops the whole JVM — processing
 * and heartbeats — and the threads resume with the work they had left. A restart is a new
 * process: it remembers nothing (in-memory attempt counts are lost).
 *
 * The process's poll loop is in member.ts, its worker threads in executor.ts.
 */
import type { Rng } from '../../../kernel/rng.ts';
import { TimeIntegral } from '../../../metrics/time-integral.ts';
import { RecordState } from '../partition-log.ts';
import { MAX_THREADS } from './executor.ts';
import { Phase } from './member.ts';
import type { Entry } from './coordinator.ts';
import type { ConsumerGroup } from './group.ts';

export class Consumer {
  readonly clientId: string;
  /** Where the consumer is in its poll loop. */
  phase = Phase.Down;
  entry: Entry | null = null;
  incarnation = 0;
  rng: Rng;
  frozenUntil = -Infinity;
  // Batch being processed.
  readonly bp: Int32Array;
  readonly bo: Float64Array;
  readonly bNext: Int32Array;
  /** Per batch record: 0 pending or running, DROPPED by a seek-back (mode none), or DONE (executor.ts). */
  readonly bDrop: Uint8Array;
  /** In-memory attempt counts by record (partition·2^32 + offset); lost on restart. */
  readonly attempts = new Map<number, number>();
  failRng: Rng;
  batchLen = 0;
  batchDone = 0;
  /** Pool mode: next batch index to hand to a free thread. */
  dispatch = 0;
  readonly tCur: Int32Array;
  readonly tHandle: Float64Array;
  readonly tEnd: Float64Array;
  /** Work a thread had left when a GC pause froze it. */
  readonly tLeft: Float64Array;
  /** Keyed mode: per-thread head of its record chain. */
  readonly tHead: Int32Array;
  readonly tTail: Int32Array;
  busyThreads = 0;
  lastPoll = 0;
  pollTimeoutHandle = -1;
  /** When the poll timeout is due (−1: none) and its place in the event order (member.ts busyUntil). */
  pollDeadline = -1;
  pollDeadlineOrd = 0;
  pollHandle = -1;
  autoCommitDue = 0;
  autoCommitHandle = -1;
  /** Set when the coordinator kicked this incarnation out while it was busy, or it left on a poll timeout. */
  kicked = false;
  /**
   * A static member that left on a poll timeout reset its generation (resetGenerationOnLeaveGroup):
   * when it rejoins it gives its partitions away as lost and fetches them again from the
   * committed offsets.
   */
  generationReset = false;
  needsRejoin = false;
  /** Its pod was deleted (graceful shutdown); a crash leaves the pod, and a restart clears it. */
  deleted = false;
  /**
   * The autoscaler started this incarnation (until it joins) or is deleting its pod: the rebalance
   * its join or leave sets off is counted as the autoscaler's (coordinator.ts).
   */
  autoscaled = false;
  rotate = 0;
  readonly busy: TimeIntegral;

  constructor(
    private readonly group: ConsumerGroup,
    readonly index: number,
    readonly name: string,
    readonly instanceId: string | null,
    maxPollRecords: number,
    threads: number,
    rng: Rng,
    failRng: Rng,
    timeBatch: number,
  ) {
    this.clientId = `consumer-${name}`;
    this.rng = rng;
    this.failRng = failRng;
    this.bp = new Int32Array(maxPollRecords);
    this.bo = new Float64Array(maxPollRecords);
    this.bNext = new Int32Array(maxPollRecords);
    this.bDrop = new Uint8Array(maxPollRecords);
    this.tCur = new Int32Array(threads).fill(-1);
    this.tHandle = new Float64Array(threads).fill(-1);
    this.tEnd = new Float64Array(threads);
    this.tLeft = new Float64Array(threads);
    this.tHead = new Int32Array(threads).fill(-1);
    this.tTail = new Int32Array(threads).fill(-1);
    this.busy = new TimeIntegral(timeBatch);
  }

  get alive(): boolean {
    return this.phase !== Phase.Down;
  }

  /** Frozen by a GC pause. */
  frozen(): boolean {
    return this.frozenUntil > this.group.host.sim.now;
  }

  /** Starts a new incarnation of the process; it joins (or, static, rejoins) at its first poll. */
  start(): void {
    const g = this.group;
    const now = g.host.sim.now;
    this.incarnation++;
    this.attempts.clear(); // a new process remembers nothing
    this.phase = Phase.PollScheduled;
    this.kicked = false;
    this.generationReset = false;
    this.needsRejoin = false;
    this.deleted = false;
    this.autoscaled = false;
    this.frozenUntil = -Infinity;
    this.lastPoll = now;
    this.autoCommitDue = now + g.ms('auto.commit.interval.ms');
    if (!g.coordinator.rejoinStatic(this)) this.entry = null;
    g.pollLoop.schedulePoll(this, 0);
  }

  /** The consumer process dies (crash fault): no LeaveGroup; the coordinator notices on session expiry. */
  crash(): void {
    if (!this.alive) return;
    const g = this.group;
    this.stop('crashed');
    g.warn(this.clientId, 'Consumer process crashed (no LeaveGroup sent)');
    if (g.host.tracer !== null) g.host.tracer.crashed(g.host.sim.now, g.host.groupIndex, this.name);
    const e = this.entry;
    if (e) g.coordinator.goneWithoutLeaveGroup(e);
  }

  /** Graceful shutdown (remove-consumer fault): dynamic members send LeaveGroup, static ones do not. */
  shutdown(): void {
    if (!this.alive) return;
    const g = this.group;
    const e = this.entry;
    if (e && this.phase !== Phase.Busy) g.pollLoop.commitProcessed(this, e.owned);
    this.stop('closed');
    this.deleted = true;
    if (!e) return;
    if (this.instanceId !== null) {
      g.info(this.clientId, `Closing static member (group.instance.id=${this.instanceId}): no LeaveGroup, the session (${g.config['session.timeout.ms']} ms) keeps its partitions`);
      g.coordinator.goneWithoutLeaveGroup(e);
    } else {
      g.info(this.clientId, `Member ${e.memberId} sending LeaveGroup request to coordinator due to the consumer is being closed`);
      g.coordinator.removeEntry(e, `removing member ${e.memberId} on LeaveGroup`);
    }
  }

  restart(): void {
    if (this.alive) return;
    this.group.info(this.clientId, 'Consumer process started');
    this.start();
  }

  /** GC pause: the whole JVM stops — processing and heartbeats — for `seconds`. */
  freeze(seconds: number): void {
    if (!this.alive) return;
    const g = this.group;
    const sim = g.host.sim;
    const now = sim.now;
    const until = Math.max(this.frozenUntil, now + seconds);
    if (this.frozenUntil <= now) {
      for (let t = 0; t < g.executor.threads; t++) {
        if (this.tCur[t] >= 0 && this.tHandle[t] >= 0) {
          sim.cancel(this.tHandle[t]);
          this.tHandle[t] = -1;
          this.tLeft[t] = this.tEnd[t] - now;
        }
      }
      if (this.pollHandle >= 0) {
        sim.cancel(this.pollHandle);
        this.pollHandle = -1;
      }
    }
    // Frozen, the batch cannot end before the poll timeout is due.
    if (this.phase === Phase.Busy) g.pollLoop.busyUntil(this, Infinity);
    g.warn(this.clientId, `GC pause of ${Math.round(seconds * 1000)} ms: processing and heartbeats stop`);
    this.frozenUntil = until;
    const e = this.entry;
    if (e && e.alive && e.heartbeating) g.coordinator.heartbeatsPaused(e, until);
    sim.scheduleAt(until, g.kThaw, this.index);
  }

  /** End of a GC pause (gc-end event): heartbeats, the working threads and the poll loop resume. */
  thaw(): void {
    const g = this.group;
    const sim = g.host.sim;
    if (!this.alive || sim.now < this.frozenUntil) return;
    const e = this.entry;
    if (e && e.alive) g.coordinator.resumeHeartbeats(e);
    // Resume the threads that were working, with the work they had left.
    for (let t = 0; t < g.executor.threads; t++) {
      if (this.tCur[t] >= 0 && this.tHandle[t] < 0) {
        this.tEnd[t] = sim.now + this.tLeft[t];
        this.tHandle[t] = sim.scheduleAt(this.tEnd[t], g.kDone, this.index * MAX_THREADS + t);
        g.pollLoop.busyUntil(this, this.tEnd[t]);
      }
    }
    if (this.phase === Phase.Idle || this.phase === Phase.PollScheduled || this.phase === Phase.Joining) g.pollLoop.schedulePoll(this, 0);
  }

  /** Stops the process: cancels its events and hands its in-flight records back (or loses them). */
  private stop(why: 'crashed' | 'closed'): void {
    const sim = this.group.host.sim;
    for (let t = 0; t < this.group.executor.threads; t++) {
      if (this.tHandle[t] >= 0) sim.cancel(this.tHandle[t]);
      this.tHandle[t] = -1;
      this.tCur[t] = -1;
      this.tHead[t] = -1;
      this.tTail[t] = -1;
    }
    if (this.busyThreads > 0) {
      this.busyThreads = 0;
      this.busy.set(sim.now, 0);
    }
    for (const h of [this.pollHandle, this.pollTimeoutHandle, this.autoCommitHandle]) if (h >= 0) sim.cancel(h);
    this.pollHandle = this.pollTimeoutHandle = this.autoCommitHandle = -1;
    this.pollDeadline = -1;
    this.releaseBatch(true, why);
    this.phase = Phase.Down;
    this.frozenUntil = -Infinity;
  }

  /**
   * Returns the unfinished records of a batch: records already committed (at-most-once) are lost
   * if the process died, the others wait to be fetched again from the committed offset. The whole
   * batch is scanned: with a thread pool or keyed threads records finish out of order, so an
   * unfinished record can sit below finished ones (`batchDone` counts them, it is no index).
   */
  private releaseBatch(died: boolean, why: 'crashed' | 'closed'): void {
    const g = this.group;
    const logs = g.host.logs;
    const gi = g.host.groupIndex;
    const tr = g.host.tracer;
    for (let k = 0; k < this.batchLen; k++) {
      if (this.bDrop[k]) continue; // finished, or dropped by a seek-back
      const p = this.bp[k];
      const o = this.bo[k];
      const log = logs[p];
      if (!log.holds(o) || log.state(gi, o) !== RecordState.InFlight) continue;
      g.inFlight--;
      if (tr !== null) tr.event(g.host.sim.now, gi, p, o, died && o < g.committed[p] ? 'lost' : 'released', this.name, { why: died && o < g.committed[p] ? 'committed-before-processing' : why });
      if (died && o < g.committed[p]) {
        log.setState(gi, o, RecordState.Lost);
        g.lost++;
        g.owed.set(g.host.sim.now, g.owed.current - 1);
        g.host.sim.progress++;
      } else log.setState(gi, o, RecordState.Waiting);
    }
    // Processed-but-finished records in a batch that was cut short are handled by applied flags.
    this.batchLen = 0;
    this.batchDone = 0;
    this.dispatch = 0;
  }
}
