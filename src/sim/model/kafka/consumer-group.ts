/**
 * A Kafka consumer group: its members' poll loops and the group coordinator's classic rebalance
 * protocol, in simulated time.
 *
 * Members. Each consumer runs Kafka's single-threaded poll loop: `poll()` returns up to
 * `max.poll.records` records from its assigned partitions (rotating through them as the fetcher
 * does), the records are processed — one at a time, by a pool of N threads in arrival order, or by
 * N threads chosen as hash(key) % N — and, depending on the commit mode, offsets are committed
 * after the batch (at-least-once), right after poll (at-most-once) or every
 * `auto.commit.interval.ms` from inside poll (Kafka's default). With nothing to fetch, the member
 * waits in poll until a record arrives on one of its partitions.
 *
 * Liveness. A background heartbeat every `heartbeat.interval.ms` keeps the member in the group; a
 * crashed (or GC-frozen) member is noticed only when `session.timeout.ms` has passed since its last
 * heartbeat. A member whose batch keeps it from calling poll for `max.poll.interval.ms` leaves the
 * group (dynamic members send LeaveGroup; static members with `group.instance.id` do not), its
 * uncommitted work is redone by the new owner, and its late commit fails.
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
 */
import type { Simulation } from '../../kernel/simulation.ts';
import type { Rng, RngStreams } from '../../kernel/rng.ts';
import { makeDistribution, type Distribution, type DistributionSpec } from '../../kernel/distributions.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { CONFIDENCE, type Estimate } from '../../metrics/estimate.ts';
import type { EventLog } from './event-log.ts';
import { RecordState, type PartitionLog } from './partition-log.ts';
import { getAssignor, adjustForCooperative, type AssignorName, type Subscription, type TopicPartition } from './assignors/index.ts';

export type CommitMode = 'auto' | 'after-processing' | 'before-processing';
export type ProcessingMode = 'sequential' | 'thread-pool' | 'keyed';

export interface GroupConfig {
  'group.id': string;
  /** Consumers started at t = 0. */
  members: number;
  'partition.assignment.strategy': AssignorName;
  'max.poll.records': number;
  'max.poll.interval.ms': number;
  'session.timeout.ms': number;
  'heartbeat.interval.ms': number;
  'auto.offset.reset': 'earliest' | 'latest';
  /** auto = enable.auto.commit=true; otherwise enable.auto.commit=false and commitSync() after / before processing. */
  commit: CommitMode;
  'auto.commit.interval.ms': number;
  'group.initial.rebalance.delay.ms': number;
  /** Static membership: each consumer gets group.instance.id = "<group>-<n>". */
  static: boolean;
  processing: {
    mode: ProcessingMode;
    threads: number;
    time: DistributionSpec;
    /** An idempotent handler applies a redelivered record's effect only once. */
    idempotent: boolean;
    /** Probability that an attempt fails with a transient error (a flaky dependency). */
    failureRate: number;
  };
  retry: RetryConfig;
}

/**
 * What the handler's caller does when processing a record throws.
 * - none: nothing — the exception escapes the loop, the consumer seeks back and re-reads the same
 *   offset forever (no commit past it): head-of-line blocking of that partition.
 * - in-place: retry inside the handler with exponential backoff and jitter, holding the
 *   consumer's poll loop, up to maxAttempts; then the DLQ (if enabled) or give up (lost).
 * - retry-topics: re-publish to the next retry topic (orders.retry.5s → .1m → .10m), whose
 *   consumer waits until timestamp + delay; after the last one, the DLQ. The main partition never
 *   blocks, but per-key order can break.
 */
export interface RetryConfig {
  mode: 'none' | 'in-place' | 'retry-topics';
  /** Total attempts in place before giving up (in-place). */
  maxAttempts: number;
  backoff: { initialMs: number; multiplier: number; maxMs: number; jitter: number };
  /** Retry topics in order, with their delays. */
  topics: { name: string; delayMs: number }[];
  /** A dead-letter topic exists (`<topic>.dlq`). */
  dlq: boolean;
  /** Where the attempt count lives: a header travels with the record and survives restarts; memory does not. */
  attempts: 'header' | 'memory';
  /** Permanent errors (a poison payload) go to the DLQ at once instead of being retried. */
  classify: boolean;
  /** Seconds after which a crashed consumer is restarted by its supervisor (null = stays down). */
  restartAfter: number | null;
}

/** A record in the dead-letter topic, with the headers a real DLQ carries. */
export interface DlqRecord {
  t: number;
  topic: string;
  partition: number;
  offset: number;
  /** The record's key, or null for a null key. */
  key: string | null;
  attempts: number;
  error: string;
}

const enum Outcome {
  Ok,
  Transient,
  Permanent,
  Crash,
}

interface RetryItem {
  p: number;
  o: number;
  due: number;
  attempts: number;
}

/** QueueLab timing of client–broker round trips (not Kafka configs), seconds. */
export interface GroupTiming {
  /** JoinGroup + SyncGroup round trips once all members have joined. */
  rebalanceLatency: number;
  /** commitSync round trip. */
  commitLatency: number;
  /** From a record's append to its availability to a waiting consumer. */
  fetchLatency: number;
}

export interface GroupHost {
  sim: Simulation;
  streams: RngStreams;
  log: EventLog;
  logs: PartitionLog[];
  topic: string;
  /** Number of distinct keys over all producers (per-key order tracking). */
  keyCount: number;
  /** 31-bit key hash for keyed executors. */
  keyHash(key: number): number;
  /** The key string of a global key index (for DLQ headers and logs). */
  keyName(key: number): string;
  groupIndex: number;
  groups: number;
  /** Every group's committed offset of a partition, for pruning. */
  committedOf(partition: number): ArrayLike<number>;
}

/** A group member as the coordinator sees it (one incarnation of a consumer process). */
interface Entry {
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

const enum Phase {
  Down,
  /** Waiting in poll() for records. */
  Idle,
  /** A poll event is scheduled. */
  PollScheduled,
  Busy,
  /** Sent JoinGroup (eager: nothing to fetch until SyncGroup). */
  Joining,
}

const MAX_THREADS = 1024;
/** Batch record status (Consumer.bDrop). */
const DROPPED = 1;
const DONE = 2;

class Consumer {
  readonly clientId: string;
  phase = Phase.Down;
  entry: Entry | null = null;
  incarnation = 0;
  rng: Rng;
  frozenUntil = -Infinity;
  // Batch being processed.
  readonly bp: Int32Array;
  readonly bo: Float64Array;
  readonly bNext: Int32Array;
  /** Per batch record: 0 pending or running, DROPPED by a seek-back (mode none), or DONE. */
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
  pollHandle = -1;
  autoCommitDue = 0;
  autoCommitHandle = -1;
  /** Set when the coordinator kicked this incarnation out while it was busy. */
  kicked = false;
  needsRejoin = false;
  rotate = 0;
  readonly busy: TimeIntegral;

  constructor(
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
}

export interface SlowWindow {
  from: number;
  until: number;
  factor: number;
}

/** Per-group statistics, plain numbers. */
export interface GroupStats {
  groupId: string;
  generation: number;
  state: string;
  members: number;
  alive: number;
  idleMembers: number;
  rebalances: number;
  /** Partition-seconds paused by rebalances (no owner fetching). */
  rebalancePausedSeconds: number;
  applied: number;
  duplicates: number;
  redeliveries: number;
  lost: number;
  skipped: number;
  inFlight: number;
  orderingViolations: number;
  commitFailures: number;
  retries: number;
  dlq: number;
  /** Records waiting in each retry topic, by topic name. */
  retryTopics: Record<string, number>;
  /** The latest dead-lettered records with their headers. */
  dlqRecords: DlqRecord[];
  /** Partitions stuck re-reading one failing offset: partition → offset and attempts so far. */
  stuck: Record<number, { offset: number; attempts: number }>;
  lagRecords: number;
  lagSeconds: number;
  maxLagRecords: number;
  maxLagSeconds: number;
  committed: number[];
  partitionLag: number[];
  partitionLagSeconds: number[];
  assignment: Record<string, number[]>;
  memberUtilization: Record<string, number>;
  /** Every consumer process by name: what a topology view colours it by. */
  memberStates: Record<string, MemberState>;
  L: Estimate;
  W: Estimate;
  Wq: Estimate;
  throughput: Estimate;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
}

/**
 * dead: process down; paused: frozen by a GC pause; rebalancing: waiting to (re)join or for its
 * assignment; idle: in the group with no partitions; active: owns partitions.
 */
export type MemberState = 'active' | 'idle' | 'rebalancing' | 'paused' | 'dead';

/**
 * The coordinator's group states. Kafka's CompletingRebalance (waiting for SyncGroup) is folded
 * into the rebalance latency at the end of PreparingRebalance.
 */
type GroupState = 'Empty' | 'PreparingRebalance' | 'Stable';

export class ConsumerGroup {
  readonly id: string;
  readonly consumers: Consumer[] = [];
  private readonly entries: Entry[] = [];
  state: GroupState = 'Empty';
  generation = 0;
  private readonly assignor;
  private readonly cooperative: boolean;
  private readonly service: Distribution;
  private readonly threads: number;
  /** Partition → owning entry (or null). */
  /** Initial time-batch length (s) of the statistics (confidence intervals). */
  private readonly timeBatch: number;
  private readonly owner: (Entry | null)[];
  position: Float64Array;
  /** Committed offset per partition; −1 = none (a partition created during the run). */
  committed: Float64Array;
  /** Highest offset+1 processed per partition by its current owner (what an after-processing commit sends). */
  private processedUpTo: Float64Array;
  private pausedSince: Float64Array;
  /** Per key: produce sequence of the newest record applied (Int32: a run has < 2^31 records). */
  private readonly lastSeq: Int32Array;
  private readonly slow: SlowWindow[] = [];
  private rebalanceTimeoutHandle = -1;
  private joinHandle = -1;
  private memberSeq = 0;
  private readonly kPoll: number;
  private readonly kDone: number;
  private readonly kPollTimeout: number;
  private readonly kSession: number;
  private readonly kJoin: number;
  private readonly kRebalanceTimeout: number;
  private readonly kAutoCommit: number;
  private readonly kThaw: number;
  private readonly kRetryDue: number;
  private readonly kRetryDone: number;
  private readonly kSupervisorRestart: number;
  private readonly retryQueues: RetryItem[][];
  private readonly retryBusy: (RetryItem | null)[];
  private readonly retryRngs: Rng[];
  private readonly persistedAttempts = new Map<number, number>();
  private readonly outages: { from: number; until: number }[] = [];

  // Counters and statistics.
  rebalances = 0;
  pausedSeconds = 0;
  applied = 0;
  duplicates = 0;
  redeliveries = 0;
  lost = 0;
  skipped = 0;
  inFlight = 0;
  orderingViolations = 0;
  commitFailures = 0;
  /** Processing attempts beyond the first (in place, seek-back re-reads and retry topics). */
  retries = 0;
  /** Records in the dead-letter topic (never replayed here). */
  dlq = 0;
  /** Records waiting in retry topics. */
  retrying = 0;
  /** The latest dead-lettered records with their headers (bounded). */
  readonly dlqRecords: DlqRecord[] = [];
  /** Per partition: the offset failing again and again (seek-back loop) and how many attempts. */
  readonly stuck = new Map<number, { offset: number; attempts: number }>();
  maxLagRecords = 0;
  maxLagSeconds = 0;
  readonly owed: TimeIntegral;
  readonly out: TimeIntegral;
  readonly w = new BatchMeans();
  readonly wq = new BatchMeans();
  readonly wHist = new LogHistogram();
  /** W of the records applied since the last chart sample (percentiles over time). */
  readonly windowHist = new LogHistogram();

  constructor(
    readonly config: GroupConfig,
    private readonly host: GroupHost,
    private readonly timing: GroupTiming,
    timeBatch: number,
  ) {
    this.id = config['group.id'];
    this.assignor = getAssignor(config['partition.assignment.strategy']);
    this.cooperative = this.assignor.protocol === 'cooperative';
    this.service = makeDistribution(config.processing.time);
    this.threads = config.processing.mode === 'sequential' ? 1 : Math.min(MAX_THREADS, config.processing.threads);
    const P = host.logs.length;
    this.owner = new Array<Entry | null>(P).fill(null);
    this.position = new Float64Array(P);
    this.committed = new Float64Array(P);
    this.processedUpTo = new Float64Array(P);
    this.pausedSince = new Float64Array(P).fill(0);
    this.lastSeq = new Int32Array(Math.max(1, host.keyCount)).fill(-1);
    this.owed = new TimeIntegral(timeBatch);
    this.out = new TimeIntegral(timeBatch);
    this.timeBatch = timeBatch;
    const sim = host.sim;
    const g = this.id;
    this.kPoll = sim.register(`${g}:poll`, (i) => this.onPoll(i));
    this.kDone = sim.register(`${g}:record-done`, (x) => this.onRecordDone(Math.floor(x / MAX_THREADS), x % MAX_THREADS));
    this.kPollTimeout = sim.register(`${g}:poll-timeout`, (i) => this.onPollTimeout(i));
    this.kSession = sim.register(`${g}:session-expired`, (i) => this.onSessionExpired(i));
    this.kJoin = sim.register(`${g}:join-complete`, () => this.completeRebalance());
    this.kRebalanceTimeout = sim.register(`${g}:rebalance-timeout`, () => this.onRebalanceTimeout());
    this.kAutoCommit = sim.register(`${g}:auto-commit`, (i) => this.onAutoCommitTimer(i));
    this.kThaw = sim.register(`${g}:gc-end`, (i) => this.onThaw(i));
    this.kRetryDue = sim.register(`${g}:retry-due`, (level) => this.pumpRetry(level));
    this.kRetryDone = sim.register(`${g}:retry-done`, (level) => this.onRetryDone(level));
    this.kSupervisorRestart = sim.register(`${g}:supervisor-restart`, (i) => this.restart(this.consumers[i]));
    const levels = config.retry.mode === 'retry-topics' ? config.retry.topics.length : 0;
    this.retryQueues = Array.from({ length: levels }, () => []);
    this.retryBusy = new Array<RetryItem | null>(levels).fill(null);
    this.retryRngs = Array.from({ length: levels }, (_, l) => host.streams.stream(`retry:${this.id}`, l));
    for (let i = 0; i < config.members; i++) this.addConsumer();
  }

  private ms(key: 'max.poll.interval.ms' | 'session.timeout.ms' | 'heartbeat.interval.ms' | 'auto.commit.interval.ms' | 'group.initial.rebalance.delay.ms'): number {
    return this.config[key] / 1000;
  }

  private info(source: string, text: string): void {
    this.host.log.add(this.host.sim.now, 'INFO', source, text);
  }

  private warn(source: string, text: string): void {
    this.host.log.add(this.host.sim.now, 'WARN', source, text);
  }

  private coordinatorLog(text: string): void {
    this.info('GroupCoordinator', text);
  }

  private pname(p: number): string {
    return this.host.logs[p].name;
  }

  private plist(ps: number[]): string {
    return ps.length ? [...ps].sort((a, b) => a - b).map((p) => this.pname(p)).join(', ') : '(none)';
  }

  // ─── membership ────────────────────────────────────────────────────────────────────────────

  /** Starts a new consumer process (add-consumer fault, or the initial members). */
  addConsumer(): Consumer {
    const i = this.consumers.length;
    const name = `${this.id}-${i + 1}`;
    const c = new Consumer(
      i,
      name,
      this.config.static ? name : null,
      this.config['max.poll.records'],
      this.threads,
      this.host.streams.stream(`consumer:${this.id}`, i),
      this.host.streams.stream(`failures:${this.id}`, i),
      this.timeBatch,
    );
    this.consumers.push(c);
    this.start(c);
    return c;
  }

  consumerByName(name: string): Consumer | undefined {
    return this.consumers.find((c) => c.name === name);
  }

  private start(c: Consumer): void {
    c.incarnation++;
    c.attempts.clear(); // a new process remembers nothing
    c.phase = Phase.PollScheduled;
    c.kicked = false;
    c.needsRejoin = false;
    c.frozenUntil = -Infinity;
    c.lastPoll = this.host.sim.now;
    c.autoCommitDue = this.host.sim.now + this.ms('auto.commit.interval.ms');
    // A static member coming back within its session keeps its entry and assignment.
    const prior = c.instanceId !== null ? this.entries.find((e) => e.consumer === c) : undefined;
    if (prior && !prior.alive) {
      prior.alive = true;
      prior.heartbeating = true;
      prior.hbAnchor = this.host.sim.now;
      this.host.sim.cancel(prior.sessionHandle);
      c.entry = prior;
      this.info(c.clientId, `Rejoining group with group.instance.id=${c.instanceId}: static member keeps its assignment (${this.plist(prior.owned)}), no rebalance`);
      for (const p of prior.owned) this.position[p] = this.committed[p];
      this.schedulePoll(c, 0);
      return;
    }
    c.entry = null;
    this.schedulePoll(c, 0);
  }

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
    c.entry = e;
    return e;
  }

  /** Time of the member's last heartbeat at or before `t`. */
  private lastHeartbeat(e: Entry, t: number): number {
    const hb = this.ms('heartbeat.interval.ms');
    return e.hbAnchor + Math.floor((t - e.hbAnchor) / hb) * hb;
  }

  /** Time of the member's next heartbeat after `t` (when it hears of a rebalance). */
  private nextHeartbeat(e: Entry, t: number): number {
    const hb = this.ms('heartbeat.interval.ms');
    return e.hbAnchor + Math.ceil((t - e.hbAnchor) / hb + 1e-12) * hb;
  }

  /** The consumer process dies (crash fault): no LeaveGroup; the coordinator notices on session expiry. */
  crash(c: Consumer): void {
    if (!c.alive) return;
    const now = this.host.sim.now;
    this.stopProcess(c);
    this.warn(c.clientId, 'Consumer process crashed (no LeaveGroup sent)');
    const e = c.entry;
    if (e) {
      e.alive = false;
      e.heartbeating = false;
      this.host.sim.cancel(e.sessionHandle);
      const expiry = this.lastHeartbeat(e, now) + this.ms('session.timeout.ms');
      e.sessionHandle = this.host.sim.scheduleAt(Math.max(expiry, now), this.kSession, e.uid);
    }
  }

  /** Graceful shutdown (remove-consumer fault): dynamic members send LeaveGroup, static ones do not. */
  shutdown(c: Consumer): void {
    if (!c.alive) return;
    const e = c.entry;
    if (e && c.phase !== Phase.Busy) this.commitProcessed(c, e.owned);
    this.stopProcess(c);
    if (!e) return;
    if (c.instanceId !== null) {
      this.info(c.clientId, `Closing static member (group.instance.id=${c.instanceId}): no LeaveGroup, the session (${this.config['session.timeout.ms']} ms) keeps its partitions`);
      e.alive = false;
      e.heartbeating = false;
      this.host.sim.cancel(e.sessionHandle);
      const expiry = this.lastHeartbeat(e, this.host.sim.now) + this.ms('session.timeout.ms');
      e.sessionHandle = this.host.sim.scheduleAt(Math.max(expiry, this.host.sim.now), this.kSession, e.uid);
    } else {
      this.info(c.clientId, `Member ${e.memberId} sending LeaveGroup request to coordinator due to the consumer is being closed`);
      this.removeEntry(e, `removing member ${e.memberId} on LeaveGroup`);
    }
  }

  restart(c: Consumer): void {
    if (c.alive) return;
    this.info(c.clientId, 'Consumer process started');
    this.start(c);
  }

  /** GC pause: the whole JVM stops — processing and heartbeats — for `seconds`. */
  freeze(c: Consumer, seconds: number): void {
    if (!c.alive) return;
    const sim = this.host.sim;
    const now = sim.now;
    const until = Math.max(c.frozenUntil, now + seconds);
    if (c.frozenUntil <= now) {
      for (let t = 0; t < this.threads; t++) {
        if (c.tCur[t] >= 0 && c.tHandle[t] >= 0) {
          sim.cancel(c.tHandle[t]);
          c.tHandle[t] = -1;
          c.tLeft[t] = c.tEnd[t] - now;
        }
      }
      if (c.pollHandle >= 0) {
        sim.cancel(c.pollHandle);
        c.pollHandle = -1;
      }
    }
    this.warn(c.clientId, `GC pause of ${Math.round(seconds * 1000)} ms: processing and heartbeats stop`);
    c.frozenUntil = until;
    const e = c.entry;
    if (e && e.alive && e.heartbeating) {
      const expiry = this.lastHeartbeat(e, now) + this.ms('session.timeout.ms');
      e.heartbeating = false;
      if (expiry < until) {
        sim.cancel(e.sessionHandle);
        e.sessionHandle = sim.scheduleAt(Math.max(expiry, now), this.kSession, e.uid);
      }
    }
    sim.scheduleAt(until, this.kThaw, c.index);
  }

  private onThaw(i: number): void {
    const c = this.consumers[i];
    const sim = this.host.sim;
    if (!c.alive || sim.now < c.frozenUntil) return;
    const e = c.entry;
    if (e && e.alive) this.resumeHeartbeats(e);
    // Resume the threads that were working, with the work they had left.
    for (let t = 0; t < this.threads; t++) {
      if (c.tCur[t] >= 0 && c.tHandle[t] < 0) {
        c.tEnd[t] = sim.now + c.tLeft[t];
        c.tHandle[t] = sim.scheduleAt(c.tEnd[t], this.kDone, c.index * MAX_THREADS + t);
      }
    }
    if (c.phase === Phase.Idle || c.phase === Phase.PollScheduled || c.phase === Phase.Joining) this.schedulePoll(c, 0);
  }

  /** The heartbeat thread runs again: the pending session expiry is off. */
  private resumeHeartbeats(e: Entry): void {
    this.host.sim.cancel(e.sessionHandle);
    e.sessionHandle = -1;
    e.heartbeating = true;
    e.hbAnchor = this.host.sim.now;
  }

  private frozen(c: Consumer): boolean {
    return c.frozenUntil > this.host.sim.now;
  }

  /** Stops a process: cancels its events and hands its in-flight records back (or loses them). */
  private stopProcess(c: Consumer): void {
    const sim = this.host.sim;
    for (let t = 0; t < this.threads; t++) {
      if (c.tHandle[t] >= 0) sim.cancel(c.tHandle[t]);
      c.tHandle[t] = -1;
      c.tCur[t] = -1;
      c.tHead[t] = -1;
      c.tTail[t] = -1;
    }
    if (c.busyThreads > 0) {
      c.busyThreads = 0;
      c.busy.set(sim.now, 0);
    }
    for (const h of [c.pollHandle, c.pollTimeoutHandle, c.autoCommitHandle]) if (h >= 0) sim.cancel(h);
    c.pollHandle = c.pollTimeoutHandle = c.autoCommitHandle = -1;
    this.releaseBatch(c, true);
    c.phase = Phase.Down;
    c.frozenUntil = -Infinity;
  }

  /**
   * Returns the unfinished records of a batch: records already committed (at-most-once) are lost
   * if the process died, the others wait to be fetched again from the committed offset.
   */
  private releaseBatch(c: Consumer, died: boolean): void {
    const logs = this.host.logs;
    const g = this.host.groupIndex;
    for (let k = c.batchDone; k < c.batchLen; k++) {
      const p = c.bp[k];
      const o = c.bo[k];
      const log = logs[p];
      if (!log.holds(o) || log.state(g, o) !== RecordState.InFlight) continue;
      this.inFlight--;
      if (died && o < this.committed[p]) {
        log.setState(g, o, RecordState.Lost);
        this.lost++;
        this.owed.set(this.host.sim.now, this.owed.current - 1);
      } else log.setState(g, o, RecordState.Waiting);
    }
    // Processed-but-finished records in a batch that was cut short are handled by applied flags.
    c.batchLen = 0;
    c.batchDone = 0;
    c.dispatch = 0;
  }

  private onSessionExpired(uid: number): void {
    const e = this.entries.find((x) => x.uid === uid);
    if (!e || e.heartbeating) return;
    if (e.alive && e.consumer.entry === e) e.consumer.kicked = true;
    this.coordinatorLog(`Member ${e.memberId} in group ${this.id} has failed, removing it from the group (session timeout ${this.config['session.timeout.ms']} ms)`);
    this.removeEntry(e, `removing member ${e.memberId} on heartbeat expiration`);
  }

  private removeEntry(e: Entry, reason: string): void {
    const idx = this.entries.indexOf(e);
    if (idx < 0) return;
    this.entries.splice(idx, 1);
    this.host.sim.cancel(e.sessionHandle);
    if (e.consumer.entry === e) e.consumer.entry = null;
    this.revoke(e, e.owned);
    if (this.entries.length === 0) {
      this.state = 'Empty';
      this.cancelRebalanceTimers();
      return;
    }
    this.prepareRebalance(reason);
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

  private prepareRebalance(reason: string): void {
    const sim = this.host.sim;
    if (this.state === 'Empty') {
      // InitialDelayedJoin: a new group waits for more members before its first rebalance.
      this.initialDelayUntil = sim.now + this.ms('group.initial.rebalance.delay.ms');
    }
    if (this.state === 'PreparingRebalance') return;
    this.coordinatorLog(`Preparing to rebalance group ${this.id} in state PreparingRebalance with old generation ${this.generation} (reason: ${reason})`);
    this.state = 'PreparingRebalance';
    for (const e of this.entries) e.joined = false;
    this.cancelRebalanceTimers();
    this.rebalanceTimeoutHandle = sim.schedule(this.ms('max.poll.interval.ms'), this.kRebalanceTimeout);
    for (const e of this.entries) {
      const c = e.consumer;
      if (!e.alive || c.entry !== e) continue;
      c.needsRejoin = true;
      // A member waiting for SyncGroup is told REBALANCE_IN_PROGRESS and rejoins at once; the
      // others hear of it at their next heartbeat and rejoin at their next poll().
      if (c.phase === Phase.Joining) this.schedulePoll(c, 0);
      else if (c.phase === Phase.Idle) this.schedulePoll(c, this.nextHeartbeat(e, sim.now) - sim.now);
    }
  }

  private initialDelayUntil = -Infinity;

  /** JoinGroup from a member (called from its poll). */
  private join(c: Consumer): void {
    let e = c.entry;
    if (!e) {
      e = this.newEntry(c);
      this.info(c.clientId, '(Re-)joining group');
      this.prepareRebalance(`Adding new member ${e.memberId} with group instance id ${c.instanceId ?? 'null'}`);
    } else this.info(c.clientId, `(Re-)joining group (generation ${this.generation})`);
    c.needsRejoin = false;
    if (!this.cooperative && e.owned.length > 0) {
      this.commitProcessed(c, e.owned);
      this.info(c.clientId, `Revoke previously assigned partitions ${this.plist(e.owned)}`);
      this.revoke(e, e.owned);
    }
    e.joined = true;
    c.phase = this.cooperative && e.owned.length > 0 ? Phase.PollScheduled : Phase.Joining;
    this.maybeCompleteJoin();
    if (c.phase === Phase.PollScheduled) this.schedulePoll(c, 0);
  }

  /** When every known member has rejoined, the join phase ends (after the initial delay, for a new group). */
  private maybeCompleteJoin(): void {
    if (this.state !== 'PreparingRebalance' || this.joinHandle >= 0) return;
    if (!this.entries.every((e) => e.joined)) return;
    const sim = this.host.sim;
    const at = Math.max(sim.now, this.initialDelayUntil) + this.timing.rebalanceLatency;
    this.joinHandle = sim.scheduleAt(at, this.kJoin);
  }

  private onRebalanceTimeout(): void {
    this.rebalanceTimeoutHandle = -1;
    if (this.state !== 'PreparingRebalance') return;
    for (const e of [...this.entries]) {
      if (!e.joined) {
        this.coordinatorLog(`Member ${e.memberId} in group ${this.id} has failed to rejoin within the rebalance timeout (${this.config['max.poll.interval.ms']} ms), removing it from the group`);
        const i = this.entries.indexOf(e);
        this.entries.splice(i, 1);
        this.host.sim.cancel(e.sessionHandle);
        if (e.consumer.entry === e) {
          e.consumer.entry = null;
          e.consumer.kicked = true;
        }
        this.revoke(e, e.owned);
      }
    }
    if (this.entries.length === 0) this.state = 'Empty';
    else this.maybeCompleteJoin();
  }

  private completeRebalance(): void {
    this.joinHandle = -1;
    if (this.state !== 'PreparingRebalance' || !this.entries.every((e) => e.joined)) return;
    const sim = this.host.sim;
    if (this.rebalanceTimeoutHandle >= 0) sim.cancel(this.rebalanceTimeoutHandle);
    this.rebalanceTimeoutHandle = -1;
    this.generation++;
    const topic = this.host.topic;
    const P = this.host.logs.length;
    const tp = (ps: number[]): TopicPartition[] => ps.map((partition) => ({ topic, partition }));
    const subs: Subscription[] = this.entries.map((e) => ({
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
    this.rebalances++;
    this.coordinatorLog(`Stabilized group ${this.id} generation ${this.generation} with ${this.entries.length} members`);
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
        this.schedulePoll(c, 0);
      }
    }
    if (followUp) this.prepareRebalance('revoked partitions must be reassigned (cooperative follow-up rebalance)');
  }

  /** onJoinComplete: revoke what is no longer ours (committing it first), then add the new partitions. */
  private installAssignment(e: Entry, assigned: number[]): void {
    e.pending = null;
    const c = e.consumer;
    const revoked = e.owned.filter((p) => !assigned.includes(p));
    const added = assigned.filter((p) => !e.owned.includes(p));
    const live = e.alive && c.entry === e;
    if (live) this.info(c.clientId, `Successfully joined group with generation Generation{generationId=${this.generation}, memberId='${e.memberId}', protocol='${this.assignor.name}'}`);
    if (revoked.length) {
      if (live) {
        this.commitProcessed(c, revoked);
        this.info(c.clientId, `Revoke previously assigned partitions ${this.plist(revoked)}`);
      }
      this.revoke(e, revoked);
    }
    if (live) this.info(c.clientId, `Adding newly assigned partitions: ${this.plist(added)}${assigned.length === 0 ? ' — no partitions for this member: it stays idle' : ''}`);
    for (const p of added) this.assign(e, p);
  }

  private assign(e: Entry, p: number): void {
    e.owned.push(p);
    e.owned.sort((a, b) => a - b);
    this.owner[p] = e;
    if (!Number.isNaN(this.pausedSince[p])) {
      this.pausedSeconds += this.host.sim.now - this.pausedSince[p];
      this.pausedSince[p] = NaN;
    }
    // The new owner starts from the committed offset (OffsetFetch), or — when there is none —
    // where auto.offset.reset says.
    if (this.committed[p] < 0) {
      const log = this.host.logs[p];
      const to = this.config['auto.offset.reset'] === 'earliest' ? log.logStart : log.logEnd;
      this.info(e.consumer.clientId, `Found no committed offset for partition ${log.name}; resetting offset to position FetchPosition{offset=${to}} (auto.offset.reset=${this.config['auto.offset.reset']})`);
      this.skipRange(p, log.logStart, to);
      this.position[p] = to;
      this.processedUpTo[p] = to;
      return;
    }
    this.position[p] = this.committed[p];
    this.processedUpTo[p] = this.committed[p];
  }

  private revoke(e: Entry, ps: number[]): void {
    const now = this.host.sim.now;
    for (const p of [...ps]) {
      const i = e.owned.indexOf(p);
      if (i >= 0) e.owned.splice(i, 1);
      if (this.owner[p] === e) {
        this.owner[p] = null;
        this.pausedSince[p] = now;
      }
    }
  }

  /**
   * The topic now has `n` partitions (partitions were added). The new ones have no committed
   * offset, so auto.offset.reset decides where their new owner starts; the group's leader notices
   * the metadata change and rebalances.
   */
  onPartitionsAdded(n: number): void {
    const old = this.position.length;
    if (n <= old) return;
    const grow = (a: Float64Array, fill: number) => {
      const b = new Float64Array(n).fill(fill);
      b.set(a);
      return b;
    };
    this.position = grow(this.position, 0);
    this.committed = grow(this.committed, -1);
    this.processedUpTo = grow(this.processedUpTo, 0);
    this.pausedSince = grow(this.pausedSince, this.host.sim.now);
    for (let p = old; p < n; p++) this.owner.push(null);
    if (this.entries.length > 0) this.prepareRebalance(`topic metadata changed: ${this.host.topic} now has ${n} partitions (was ${old})`);
  }

  /** Partition-seconds without an owner so far, including partitions still waiting. */
  private pauseSecondsNow(): number {
    const now = this.host.sim.now;
    let total = this.pausedSeconds;
    for (let p = 0; p < this.pausedSince.length; p++) if (!Number.isNaN(this.pausedSince[p])) total += now - this.pausedSince[p];
    return total;
  }

  // ─── the poll loop ─────────────────────────────────────────────────────────────────────────

  private schedulePoll(c: Consumer, delay: number): void {
    const sim = this.host.sim;
    if (c.pollHandle >= 0) {
      sim.cancel(c.pollHandle);
      c.pollHandle = -1;
    }
    if (c.phase !== Phase.Busy) c.phase = Phase.PollScheduled;
    c.pollHandle = sim.schedule(Math.max(0, delay), this.kPoll, c.index);
  }

  /** A record was appended to partition p: wake its owner if it waits in poll. */
  onAppend(p: number): void {
    const e = this.owner[p];
    if (e === null) return;
    const c = e.consumer;
    if (c.phase === Phase.Idle && c.entry === e && !this.frozen(c)) this.schedulePoll(c, this.timing.fetchLatency);
  }

  private onPoll(i: number): void {
    const c = this.consumers[i];
    c.pollHandle = -1;
    if (!c.alive || c.phase === Phase.Busy) return;
    if (this.frozen(c)) return; // the thaw reschedules
    const sim = this.host.sim;
    const now = sim.now;
    c.lastPoll = now;
    if (c.pollTimeoutHandle >= 0) sim.cancel(c.pollTimeoutHandle);
    c.pollTimeoutHandle = -1;
    const e0 = c.entry;
    if (e0 && !e0.heartbeating) {
      // A static member back from a long batch before its session expired: same assignment.
      this.info(c.clientId, `Rejoining group with group.instance.id=${c.instanceId} before session.timeout.ms: assignment kept, no rebalance`);
      this.resumeHeartbeats(e0);
    }
    // Kicked out while busy (poll timeout or rebalance timeout): rejoin as a new member.
    if (e0 === null || c.needsRejoin) {
      this.join(c);
      if (c.phase === Phase.Joining) return;
    } else if (this.state === 'PreparingRebalance' && !e0.joined) {
      this.join(c);
      if (c.phase === Phase.Joining) return;
    }
    const e = c.entry!;
    if (e.pending) this.installAssignment(e, e.pending);
    if (this.config.commit === 'auto' && now >= c.autoCommitDue) {
      this.commitPositions(c, e.owned);
      c.autoCommitDue = now + this.ms('auto.commit.interval.ms');
    }
    if (this.fetch(c, e)) {
      c.phase = Phase.Busy;
      c.pollTimeoutHandle = sim.schedule(this.ms('max.poll.interval.ms'), this.kPollTimeout, c.index);
      if (this.config.commit === 'before-processing') this.commitPositions(c, e.owned);
      this.startBatch(c);
    } else {
      c.phase = Phase.Idle;
      if (this.config.commit === 'auto' && this.hasUncommittedPositions(e)) {
        if (c.autoCommitHandle >= 0) sim.cancel(c.autoCommitHandle);
        c.autoCommitHandle = sim.scheduleAt(Math.max(now, c.autoCommitDue), this.kAutoCommit, c.index);
      }
    }
  }

  private hasUncommittedPositions(e: Entry): boolean {
    return e.owned.some((p) => this.position[p] > this.committed[p]);
  }

  private onAutoCommitTimer(i: number): void {
    const c = this.consumers[i];
    c.autoCommitHandle = -1;
    // An idle consumer's poll(timeout) returns empty and loops; that poll auto-commits.
    if (c.alive && c.phase === Phase.Idle && !this.frozen(c)) this.onPoll(i);
  }

  /** Fills the member's batch from its partitions; false when there is nothing to fetch. */
  private fetch(c: Consumer, e: Entry): boolean {
    const owned = e.owned;
    const n = owned.length;
    if (n === 0) return false;
    const g = this.host.groupIndex;
    const max = this.config['max.poll.records'];
    let k = 0;
    let lastTaken = -1;
    let cut = false;
    for (let j = 0; j < n && k < max; j++) {
      const idx = (c.rotate + j) % n;
      const p = owned[idx];
      const log = this.host.logs[p];
      this.checkOutOfRange(c, p);
      let o = this.position[p];
      const end = log.logEnd;
      if (o >= end) continue;
      while (o < end && k < max) {
        if (log.state(g, o) === RecordState.Waiting) {
          if (!log.fetchedBefore(g, o)) this.wq.add(this.host.sim.now - log.timestamp(o));
          this.inFlight++;
          log.markFetched(g, o);
        }
        // A record already handled (applied, dead-lettered, in a retry topic) is delivered again
        // but keeps its state: processing it again is a duplicate at most.
        c.bp[k] = p;
        c.bo[k] = o;
        k++;
        o++;
      }
      this.position[p] = o;
      lastTaken = idx;
      cut = o < end;
    }
    // Drained partitions move to the end of the fetch order; a partition cut short by
    // max.poll.records stays first: its fetched records wait "next in line" for the next poll.
    if (lastTaken >= 0) c.rotate = cut ? lastTaken : (lastTaken + 1) % n;
    c.batchLen = k;
    c.batchDone = 0;
    return k > 0;
  }

  /** Kafka's out-of-range handling: the position is below log-start after retention deleted segments. */
  private checkOutOfRange(c: Consumer, p: number): void {
    const log = this.host.logs[p];
    if (this.position[p] >= log.logStart) return;
    const from = this.position[p];
    const to = this.config['auto.offset.reset'] === 'earliest' ? log.logStart : log.logEnd;
    this.info(c.clientId, `Fetch position FetchPosition{offset=${from}} is out of range for partition ${log.name}, resetting offset`);
    this.info(c.clientId, `Resetting offset for partition ${log.name} to position FetchPosition{offset=${to}, offsetEpoch=Optional.empty} (auto.offset.reset=${this.config['auto.offset.reset']})`);
    this.skipRange(p, from, to);
    this.position[p] = to;
    this.processedUpTo[p] = Math.max(this.processedUpTo[p], to);
  }

  /** Marks records in [from, to) that were never applied as skipped. */
  private skipRange(p: number, from: number, to: number): void {
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    let n = 0;
    for (let o = Math.max(from, log.base); o < to; o++) {
      const s = log.state(g, o);
      if (s === RecordState.Waiting) {
        log.setState(g, o, RecordState.Skipped);
        n++;
      }
    }
    if (n > 0) {
      this.skipped += n;
      this.owed.set(this.host.sim.now, this.owed.current - n);
    }
  }

  private startBatch(c: Consumer): void {
    const mode = this.config.processing.mode;
    c.bDrop.fill(0, 0, c.batchLen);
    if (mode === 'keyed') {
      c.tHead.fill(-1);
      c.tTail.fill(-1);
      for (let k = 0; k < c.batchLen; k++) {
        const key = this.host.logs[c.bp[k]].keyOf(c.bo[k]);
        const t = key < 0 ? c.bp[k] % this.threads : this.host.keyHash(key) % this.threads;
        c.bNext[k] = -1;
        if (c.tTail[t] < 0) c.tHead[t] = k;
        else c.bNext[c.tTail[t]] = k;
        c.tTail[t] = k;
      }
      for (let t = 0; t < this.threads; t++) if (c.tHead[t] >= 0) this.runOn(c, t, c.tHead[t]);
    } else {
      c.dispatch = 0;
      for (let t = 0; t < this.threads && c.dispatch < c.batchLen; t++) this.runOn(c, t, c.dispatch++);
    }
  }

  private slowFactor(t: number): number {
    let f = 1;
    for (const w of this.slow) if (t >= w.from && t < w.until) f *= w.factor;
    return f;
  }

  addSlowWindow(w: SlowWindow): void {
    this.slow.push(w);
  }

  private runOn(c: Consumer, t: number, k: number): void {
    const sim = this.host.sim;
    const log = this.host.logs[c.bp[k]];
    if (log.holds(c.bo[k]) && log.markDelivered(this.host.groupIndex, c.bo[k])) this.redeliveries++;
    const dt = this.service.sample(c.rng) * this.slowFactor(sim.now);
    c.tCur[t] = k;
    c.tEnd[t] = sim.now + dt;
    if (c.busyThreads++ === 0 || this.threads > 1) c.busy.set(sim.now, c.busyThreads / this.threads);
    c.tHandle[t] = sim.schedule(dt, this.kDone, c.index * MAX_THREADS + t);
  }

  private onRecordDone(i: number, t: number): void {
    const c = this.consumers[i];
    const sim = this.host.sim;
    const k = c.tCur[t];
    const p = c.bp[k];
    const o = c.bo[k];
    c.tHandle[t] = -1;
    const log = this.host.logs[p];
    const handled = !log.holds(o) || log.state(this.host.groupIndex, o) !== RecordState.InFlight;
    const outcome = handled ? Outcome.Ok : this.outcome(p, o, c.failRng, true);
    if (outcome === Outcome.Ok) {
      this.forgetAttempts(c, p, o);
      this.apply(c, p, o);
    } else if (outcome === Outcome.Crash) {
      this.onCrashingRecord(c, p, o);
      return;
    } else if (this.onFailure(c, t, k, outcome)) return; // retried in place on this thread
    c.bDrop[k] = DONE;
    c.tCur[t] = -1;
    c.busyThreads--;
    c.batchDone++;
    // Next record for this thread (skipping records dropped by a seek-back).
    let next = -1;
    if (this.config.processing.mode === 'keyed') {
      next = c.bNext[k];
      while (next >= 0 && c.bDrop[next]) next = c.bNext[next];
    } else {
      while (c.dispatch < c.batchLen && c.bDrop[c.dispatch]) c.dispatch++;
      if (c.dispatch < c.batchLen) next = c.dispatch++;
    }
    if (next >= 0) this.runOn(c, t, next);
    else c.busy.set(sim.now, c.busyThreads / this.threads);
    if (c.batchDone === c.batchLen) this.finishBatch(c);
  }

  // ─── failures, retries and dead letters ────────────────────────────────────────────────────

  addOutage(from: number, until: number): void {
    this.outages.push({ from, until });
  }

  /** How an attempt at record (p, o) ends: a poison payload, an outage or bad luck fail it. */
  private outcome(p: number, o: number, rng: Rng, crashes: boolean): Outcome {
    const log = this.host.logs[p];
    if (log.poisoned > 0 && log.holds(o) && log.isPoison(o)) return crashes && log.crashesConsumer(o) ? Outcome.Crash : Outcome.Permanent;
    const now = this.host.sim.now;
    for (const w of this.outages) if (now >= w.from && now < w.until) return Outcome.Transient;
    const rate = this.config.processing.failureRate;
    return rate > 0 && rng.next() < rate ? Outcome.Transient : Outcome.Ok;
  }

  private recordId(p: number, o: number): number {
    return p * 4294967296 + o;
  }

  /** Counts one more attempt of a record, in a header (survives restarts) or in the consumer's memory. */
  private countAttempt(c: Consumer, p: number, o: number): number {
    const id = this.recordId(p, o);
    const store = this.config.retry.attempts === 'header' ? this.persistedAttempts : c.attempts;
    const n = (store.get(id) ?? 0) + 1;
    store.set(id, n);
    if (n > 1) this.retries++;
    return n;
  }

  private forgetAttempts(c: Consumer, p: number, o: number): void {
    const id = this.recordId(p, o);
    if (this.persistedAttempts.size > 0) this.persistedAttempts.delete(id);
    if (c.attempts.size > 0) c.attempts.delete(id);
    if (this.stuck.size > 0 && this.stuck.get(p)?.offset === o) this.stuck.delete(p);
  }

  private errorText(p: number, o: number, outcome: Outcome): string {
    return outcome === Outcome.Transient ? 'TimeoutException: dependency did not answer' : `SerializationException: cannot parse payload at ${this.pname(p)} offset ${o}`;
  }

  /**
   * A failed attempt on thread t of record k. Returns true when the thread keeps the record
   * (an in-place retry after backoff), false when the record is done with for this batch.
   */
  private onFailure(c: Consumer, t: number, k: number, outcome: Outcome): boolean {
    const p = c.bp[k];
    const o = c.bo[k];
    const r = this.config.retry;
    const attempt = this.countAttempt(c, p, o);
    const error = this.errorText(p, o, outcome);
    const permanent = outcome === Outcome.Permanent;
    if (r.mode === 'none') {
      // No retry logic: the exception escapes, the consumer seeks back to the failed offset.
      this.host.log.add(this.host.sim.now, 'ERROR', c.clientId, `handler failed offset=${o} partition=${this.pname(p)}: ${error}`);
      this.stuck.set(p, { offset: o, attempts: attempt });
      this.seekBack(c, p, o, k);
      return false;
    }
    this.host.log.add(this.host.sim.now, 'WARN', c.clientId, `handler failed offset=${o} partition=${this.pname(p)} attempt=${attempt}: ${error}`);
    if (permanent && r.classify) {
      this.deadLetter(c, p, o, attempt, `${error} (permanent: not retried)`);
      return false;
    }
    if (r.mode === 'in-place') {
      if (attempt < r.maxAttempts) {
        const b = r.backoff;
        const base = Math.min(b.maxMs, b.initialMs * Math.pow(b.multiplier, attempt - 1)) / 1000;
        const delay = base * (1 - b.jitter * c.failRng.next());
        const dt = delay + this.service.sample(c.rng) * this.slowFactor(this.host.sim.now);
        c.tEnd[t] = this.host.sim.now + dt;
        c.tHandle[t] = this.host.sim.schedule(dt, this.kDone, c.index * MAX_THREADS + t);
        return true;
      }
      if (r.dlq) this.deadLetter(c, p, o, attempt, `${error} (gave up after ${attempt} attempts)`);
      else this.giveUp(c, p, o, attempt);
      return false;
    }
    // Retry topics: re-publish with attempts in a header; the main partition moves on.
    this.toRetryTopic(c, p, o, 0, attempt);
    return false;
  }

  /** Marks the batch's remaining records of partition p as not processed and rewinds the fetch position. */
  private seekBack(c: Consumer, p: number, o: number, k: number): void {
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    this.releaseRecord(log, g, o);
    for (let j = 0; j < c.batchLen; j++) {
      if (j === k || c.bDrop[j] || c.bp[j] !== p || c.bo[j] < o) continue;
      // Only records not started yet can be dropped; a running one finishes normally.
      if (c.tCur.includes(j)) continue;
      if (this.config.processing.mode !== 'keyed' && j < c.dispatch) continue;
      c.bDrop[j] = DROPPED;
      c.batchDone++;
      this.releaseRecord(log, g, c.bo[j]);
    }
    if (this.owner[p] === c.entry) this.position[p] = Math.min(this.position[p], o);
    // seek() discards what was buffered for p: the next poll serves the other partitions first.
    const owned = c.entry?.owned ?? [];
    const idx = owned.indexOf(p);
    if (idx >= 0) c.rotate = (idx + 1) % owned.length;
  }

  /** An in-flight record goes back to waiting (it will be fetched again). */
  private releaseRecord(log: PartitionLog, g: number, o: number): void {
    if (log.holds(o) && log.state(g, o) === RecordState.InFlight) {
      log.setState(g, o, RecordState.Waiting);
      this.inFlight--;
    }
  }

  /** The record leaves the group's books in state `to` (DLQ, lost) — it will not be applied. */
  private settle(p: number, o: number, to: RecordState): void {
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    if (!log.holds(o)) return;
    const s = log.state(g, o);
    if (s === RecordState.InFlight) this.inFlight--;
    else if (s === RecordState.Retrying) this.retrying--;
    else return;
    log.setState(g, o, to);
    this.owed.set(this.host.sim.now, this.owed.current - 1);
  }

  private deadLetter(c: Consumer | null, p: number, o: number, attempts: number, error: string): void {
    const dlqTopic = `${this.host.topic}.dlq`;
    const log = this.host.logs[p];
    this.settle(p, o, RecordState.DeadLettered);
    this.dlq++;
    if (c) this.forgetAttempts(c, p, o);
    else this.persistedAttempts.delete(this.recordId(p, o));
    this.dlqRecords.push({ t: this.host.sim.now, topic: this.host.topic, partition: p, offset: o, key: log.holds(o) && log.keyOf(o) >= 0 ? this.host.keyName(log.keyOf(o)) : null, attempts, error });
    if (this.dlqRecords.length > 100) this.dlqRecords.shift();
    this.host.log.add(this.host.sim.now, 'WARN', c?.clientId ?? `${this.id}-retry`, `sent to ${dlqTopic}: ${this.pname(p)} offset=${o} attempts=${attempts}`);
    this.markHandled(c, p, o);
  }

  private giveUp(c: Consumer, p: number, o: number, attempts: number): void {
    this.settle(p, o, RecordState.Lost);
    this.lost++;
    this.forgetAttempts(c, p, o);
    this.host.log.add(this.host.sim.now, 'ERROR', c.clientId, `giving up on ${this.pname(p)} offset=${o} after ${attempts} attempts (no DLQ): record dropped`);
    this.markHandled(c, p, o);
  }

  /** The main partition may commit past this record. */
  private markHandled(c: Consumer | null, p: number, o: number): void {
    if (c && o + 1 > this.processedUpTo[p] && this.owner[p] === c.entry) this.processedUpTo[p] = o + 1;
  }

  private toRetryTopic(c: Consumer | null, p: number, o: number, level: number, attempts: number): void {
    const r = this.config.retry;
    if (level >= r.topics.length) {
      if (r.dlq) this.deadLetter(c, p, o, attempts, `retries exhausted after ${attempts} attempts`);
      else {
        this.settle(p, o, RecordState.Lost);
        this.lost++;
        this.host.log.add(this.host.sim.now, 'ERROR', `${this.id}-retry`, `retries exhausted for ${this.pname(p)} offset=${o} and no DLQ: record dropped`);
      }
      return;
    }
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    if (log.holds(o) && log.state(g, o) === RecordState.InFlight) {
      log.setState(g, o, RecordState.Retrying);
      this.inFlight--;
      this.retrying++;
    }
    if (c) this.markHandled(c, p, o);
    const topic = r.topics[level];
    const item: RetryItem = { p, o, due: this.host.sim.now + topic.delayMs / 1000, attempts };
    this.retryQueues[level].push(item);
    this.host.log.add(this.host.sim.now, 'INFO', c?.clientId ?? `${this.id}-retry`, `sent to ${this.host.topic}.${topic.name}: ${this.pname(p)} offset=${o} attempts=${attempts}`);
    if (this.retryQueues[level].length === 1 && !this.retryBusy[level]) this.host.sim.scheduleAt(item.due, this.kRetryDue, level);
  }

  /** The retry topic's consumer takes the next due record (delays are constant per topic, so FIFO). */
  private pumpRetry(level: number): void {
    const q = this.retryQueues[level];
    if (this.retryBusy[level] || q.length === 0) return;
    const now = this.host.sim.now;
    if (q[0].due > now) {
      this.host.sim.scheduleAt(q[0].due, this.kRetryDue, level);
      return;
    }
    const item = q.shift()!;
    this.retryBusy[level] = item;
    this.retries++;
    this.host.sim.schedule(this.service.sample(this.retryRngs[level]) * this.slowFactor(now), this.kRetryDone, level);
  }

  private onRetryDone(level: number): void {
    const item = this.retryBusy[level]!;
    this.retryBusy[level] = null;
    const { p, o } = item;
    const log = this.host.logs[p];
    const attempts = item.attempts + 1;
    // The retry consumer runs elsewhere: a payload that kills a process fails here as an exception.
    const outcome = this.outcome(p, o, this.retryRngs[level], false);
    if (outcome === Outcome.Ok) {
      this.retrying--;
      log.setState(this.host.groupIndex, o, RecordState.InFlight);
      this.inFlight++;
      this.apply(null, p, o);
    } else {
      const error = this.errorText(p, o, outcome);
      this.host.log.add(this.host.sim.now, 'WARN', `${this.id}-retry`, `handler failed offset=${o} partition=${this.pname(p)} attempt=${attempts} (from ${this.host.topic}.${this.config.retry.topics[level].name}): ${error}`);
      if (outcome === Outcome.Permanent && this.config.retry.classify) this.deadLetter(null, p, o, attempts, `${error} (permanent: not retried)`);
      else this.toRetryTopic(null, p, o, level + 1, attempts);
    }
    this.pumpRetry(level);
  }

  /** A poison record that kills the process (OOM, native crash): the supervisor restarts it later. */
  private onCrashingRecord(c: Consumer, p: number, o: number): void {
    const r = this.config.retry;
    const attempt = this.countAttempt(c, p, o);
    this.host.log.add(this.host.sim.now, 'ERROR', c.clientId, `process killed while handling offset=${o} partition=${this.pname(p)} attempt=${attempt} (attempts counted in ${r.attempts})`);
    if (r.mode !== 'none' && attempt >= r.maxAttempts && r.dlq) {
      // The count survived the restarts (a header): this time it is recognised and dead-lettered.
      this.deadLetter(c, p, o, attempt, `process crashed ${attempt} times on this record`);
    }
    this.crash(c);
    if (r.restartAfter !== null) this.host.sim.schedule(r.restartAfter, this.kSupervisorRestart, c.index);
  }

  /** A record's effect happens. */
  private apply(c: Consumer | null, p: number, o: number): void {
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    const now = this.host.sim.now;
    this.markHandled(c, p, o);
    if (!log.holds(o)) return;
    const s = log.state(g, o);
    if (s === RecordState.Applied) {
      if (!this.config.processing.idempotent) this.duplicates++;
      return;
    }
    if (s !== RecordState.InFlight) return;
    log.setState(g, o, RecordState.Applied);
    this.inFlight--;
    this.applied++;
    this.owed.set(now, this.owed.current - 1);
    this.out.impulse(now);
    const w = now - log.timestamp(o);
    this.w.add(w);
    const bucket = this.wHist.bucketOf(w);
    this.wHist.addAt(bucket);
    this.windowHist.addAt(bucket);
    const key = log.keyOf(o);
    if (key >= 0) {
      const seq = log.sequenceOf(o);
      if (seq < this.lastSeq[key]) this.orderingViolations++;
      else this.lastSeq[key] = seq;
    }
  }

  private finishBatch(c: Consumer): void {
    const e = c.entry;
    c.batchLen = 0;
    c.batchDone = 0;
    c.phase = Phase.PollScheduled;
    let delay = 0;
    if (this.config.commit === 'after-processing') {
      if (e === null || c.kicked) {
        this.commitFailures++;
        this.warn(
          c.clientId,
          'Offset commit failed: CommitFailedException: Commit cannot be completed since the group has already rebalanced and assigned the partitions to another member. This means that the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms',
        );
        c.kicked = false;
      } else {
        this.commitProcessed(c, e.owned);
        delay = this.timing.commitLatency;
      }
    }
    this.schedulePoll(c, delay);
  }

  private onPollTimeout(i: number): void {
    const c = this.consumers[i];
    c.pollTimeoutHandle = -1;
    if (!c.alive || c.phase !== Phase.Busy) return;
    if (this.frozen(c)) {
      c.pollTimeoutHandle = this.host.sim.scheduleAt(c.frozenUntil, this.kPollTimeout, i);
      return;
    }
    const e = c.entry;
    if (!e) return;
    this.warn(
      c.clientId,
      `consumer poll timeout has expired. This means the time between subsequent calls to poll() was longer than the configured max.poll.interval.ms (${this.config['max.poll.interval.ms']} ms), which typically implies that the poll loop is spending too much time processing messages. You can address this either by increasing max.poll.interval.ms or by reducing the maximum size of batches returned in poll() with max.poll.records (${this.config['max.poll.records']}).`,
    );
    if (c.instanceId !== null) {
      // A static member sends no LeaveGroup, but its heartbeat thread stops: unless it polls again
      // within session.timeout.ms, the coordinator expires it and rebalances.
      e.heartbeating = false;
      this.host.sim.cancel(e.sessionHandle);
      e.sessionHandle = this.host.sim.schedule(this.ms('session.timeout.ms'), this.kSession, e.uid);
      return;
    }
    this.info(c.clientId, `Member ${e.memberId} sending LeaveGroup request to coordinator due to consumer poll timeout has expired`);
    c.kicked = true;
    c.needsRejoin = true;
    this.removeEntry(e, `removing member ${e.memberId} on LeaveGroup: consumer poll timeout has expired`);
  }

  // ─── commits ───────────────────────────────────────────────────────────────────────────────

  private setCommitted(p: number, offset: number): void {
    if (offset <= this.committed[p]) return;
    this.committed[p] = offset;
    this.host.logs[p].prune(this.host.committedOf(p));
  }

  /** commitSync of what has been processed (after-processing, revocation, shutdown). */
  private commitProcessed(c: Consumer, ps: number[]): void {
    if (this.config.commit === 'before-processing') return;
    for (const p of ps) if (this.owner[p] === c.entry) this.setCommitted(p, this.processedUpTo[p]);
  }

  /** Commit of the fetch positions (auto-commit, and commit-before-processing). */
  private commitPositions(c: Consumer, ps: number[]): void {
    for (const p of ps) if (this.owner[p] === c.entry) this.setCommitted(p, this.position[p]);
  }

  // ─── statistics ────────────────────────────────────────────────────────────────────────────

  /** Records produced to partition p: count them as owed by this group. */
  onProduced(n: number): void {
    this.owed.set(this.host.sim.now, this.owed.current + n);
  }

  /** Lag of partition p in records (log-end − committed) and seconds (age of the oldest unapplied record at or after committed). */
  partitionLag(p: number): [number, number] {
    const log = this.host.logs[p];
    const g = this.host.groupIndex;
    const committed = Math.max(0, this.committed[p]);
    const start = Math.max(committed, log.base);
    const records = log.logEnd - committed;
    let seconds = 0;
    for (let o = start; o < log.logEnd; o++) {
      const s = log.state(g, o);
      if (s === RecordState.Waiting || s === RecordState.InFlight) {
        seconds = this.host.sim.now - log.timestamp(o);
        break;
      }
    }
    return [records, seconds];
  }

  /** Samples total lag (records, seconds) for the maxima; per-partition lag goes to `perPartition`. */
  sampleLag(perPartition?: Float64Array): [number, number] {
    let records = 0;
    let seconds = 0;
    for (let p = 0; p < this.host.logs.length; p++) {
      const [r, s] = this.partitionLag(p);
      if (perPartition) perPartition[p] = r;
      records += r;
      if (s > seconds) seconds = s;
    }
    if (records > this.maxLagRecords) this.maxLagRecords = records;
    if (seconds > this.maxLagSeconds) this.maxLagSeconds = seconds;
    return [records, seconds];
  }

  resetStats(t: number): void {
    this.owed.reset(t);
    this.out.reset(t);
    this.w.reset();
    this.wq.reset();
    this.wHist.reset();
    for (const c of this.consumers) c.busy.reset(t);
  }

  stats(level = CONFIDENCE): GroupStats {
    const now = this.host.sim.now;
    const P = this.host.logs.length;
    const partitionLag: number[] = [];
    const partitionLagSeconds: number[] = [];
    let lagRecords = 0;
    let lagSeconds = 0;
    for (let p = 0; p < P; p++) {
      const [r, s] = this.partitionLag(p);
      partitionLag.push(r);
      partitionLagSeconds.push(s);
      lagRecords += r;
      lagSeconds = Math.max(lagSeconds, s);
    }
    const assignment: Record<string, number[]> = {};
    const memberUtilization: Record<string, number> = {};
    const memberStates: Record<string, MemberState> = {};
    let idle = 0;
    for (const c of this.consumers) {
      const e = c.entry;
      if (c.alive && e) {
        assignment[c.name] = [...e.owned];
        if (e.owned.length === 0) idle++;
      }
      memberUtilization[c.name] = c.busy.mean(now);
      memberStates[c.name] = !c.alive
        ? 'dead'
        : this.frozen(c)
          ? 'paused'
          : !e || c.phase === Phase.Joining || c.needsRejoin
            ? 'rebalancing'
            : e.owned.length === 0
              ? 'idle'
              : 'active';
    }
    return {
      groupId: this.id,
      generation: this.generation,
      state: this.state,
      members: this.entries.length,
      alive: this.consumers.filter((c) => c.alive).length,
      idleMembers: idle,
      rebalances: this.rebalances,
      rebalancePausedSeconds: this.pauseSecondsNow(),
      applied: this.applied,
      duplicates: this.duplicates,
      redeliveries: this.redeliveries,
      lost: this.lost,
      skipped: this.skipped,
      inFlight: this.inFlight,
      orderingViolations: this.orderingViolations,
      commitFailures: this.commitFailures,
      retries: this.retries,
      dlq: this.dlq,
      retryTopics: Object.fromEntries(
        this.retryQueues.map((q, l) => [`${this.host.topic}.${this.config.retry.topics[l].name}`, q.length + (this.retryBusy[l] ? 1 : 0)]),
      ),
      dlqRecords: this.dlqRecords.map((r) => ({ ...r })),
      stuck: Object.fromEntries([...this.stuck].map(([p, s]) => [p, { ...s }])),
      lagRecords,
      lagSeconds,
      maxLagRecords: Math.max(this.maxLagRecords, lagRecords),
      maxLagSeconds: Math.max(this.maxLagSeconds, lagSeconds),
      committed: Array.from(this.committed),
      partitionLag,
      partitionLagSeconds,
      assignment,
      memberUtilization,
      memberStates,
      L: this.owed.estimate(now, level),
      W: this.w.estimate(level),
      Wq: this.wq.estimate(level),
      throughput: this.out.estimate(now, level),
      p50: this.wHist.quantile(0.5),
      p90: this.wHist.quantile(0.9),
      p99: this.wHist.quantile(0.99),
      p999: this.wHist.quantile(0.999),
    };
  }
}
