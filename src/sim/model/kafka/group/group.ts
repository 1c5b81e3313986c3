/**
 * A Kafka consumer group: its members' poll loops and the group coordinator's classic rebalance
 * protocol, in simulated time. ConsumerGroup holds the group's books — fetch positions, committed
 * offsets, partition owners, counters and metrics — and composes the parts, each in its own file:
 *   consumer.ts     one consumer process and its life (start, crash, GC pause, close, restart)
 *   coordinator.ts  the group coordinator: heartbeats, sessions, JoinGroup/SyncGroup, assignments
 *   member.ts       a member's poll loop: poll(), fetch, auto.offset.reset, offset commits
 *   executor.ts     processing a batch (sequential, thread pool, keyed) and how attempts end
 *   failures.ts     failed attempts: in-place retries, retry topics, DLQ, poison records
 *   stats.ts        lag and the GroupStats snapshot
 *   autoscaler.ts   a lag-driven autoscaler (KEDA + HPA) that starts and deletes members' pods
 *   types.ts        configuration and statistics types
 *
 * Events are registered here, in one place, and dispatched to the part that owns them; the parts
 * schedule them with the kinds below (no closures or objects per event).
 */
import { BatchMeans } from '../../../metrics/batch-means.ts';
import { TimeIntegral } from '../../../metrics/time-integral.ts';
import { LogHistogram } from '../../../metrics/histogram.ts';
import { CONFIDENCE } from '../../../metrics/estimate.ts';
import { Consumer } from './consumer.ts';
import { GroupCoordinator, type Entry } from './coordinator.ts';
import { PollLoop } from './member.ts';
import { Executor } from './executor.ts';
import { FailureHandler } from './failures.ts';
import { groupStats, idleCount, partitionLag, resetStats, sampleLag } from './stats.ts';
import { Autoscaler } from './autoscaler.ts';
import type { DlqRecord, GroupConfig, GroupHost, GroupState, GroupStats, GroupTiming, SlowWindow } from './types.ts';

/** Most partitions a log line names one by one. */
export const PLIST_MAX = 32;

export class ConsumerGroup {
  readonly id: string;
  readonly consumers: Consumer[] = [];
  readonly coordinator: GroupCoordinator;
  readonly pollLoop: PollLoop;
  readonly executor: Executor;
  readonly failures: FailureHandler;
  /** Initial time-batch length (s) of the statistics (confidence intervals). */
  private readonly timeBatch: number;
  /** Partition → owning entry (or null). */
  readonly owner: (Entry | null)[];
  /** Partitions in the leader's metadata: what the assignor divides (≤ the topic's count). */
  knownPartitions: number;
  position: Float64Array;
  /** Records left in each partition's completed fetch at its owner (member.ts); 0 = none buffered. */
  fetched: Float64Array;
  /** Committed offset per partition; −1 = none (a partition created during the run). */
  committed: Float64Array;
  /** Highest offset+1 processed per partition by its current owner (what an after-processing commit sends). */
  processedUpTo: Float64Array;
  /**
   * Per key: produce sequence of the newest record applied (Int32: a run has < 2^31 records), at
   * `lastSeq[key · seqStride + seqSlot]` — the host's key table, one row per key (types.ts).
   */
  readonly lastSeq: Int32Array;
  readonly seqStride: number;
  readonly seqSlot: number;

  // Event kinds.
  readonly kPoll: number;
  readonly kDone: number;
  readonly kPollTimeout: number;
  readonly kSession: number;
  readonly kJoin: number;
  readonly kRebalanceTimeout: number;
  readonly kAutoCommit: number;
  readonly kThaw: number;
  readonly kRetryDue: number;
  readonly kRetryDone: number;
  readonly kSupervisorRestart: number;
  readonly kMetadata: number;
  readonly kOffsetsExpiry: number;
  /** The autoscaler's events (−1 without one). */
  readonly kHpaSync: number = -1;
  readonly kKedaPoll: number = -1;
  readonly kPodStarted: number = -1;
  /** The lag-driven autoscaler of the group's deployment, if it has one. */
  readonly autoscaler: Autoscaler | null = null;

  // Counters and statistics.
  rebalances = 0;
  /** Rebalances set off (or joined) by a pod the autoscaler started or deleted. */
  autoscalerRebalances = 0;
  /** Most members and most idle members at a chart sample (sampleMembers). */
  maxMembers = 0;
  maxIdle = 0;
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
    readonly host: GroupHost,
    readonly timing: GroupTiming,
    timeBatch: number,
  ) {
    this.id = config['group.id'];
    const coordinator = (this.coordinator = new GroupCoordinator(this));
    const executor = (this.executor = new Executor(this));
    const pollLoop = (this.pollLoop = new PollLoop(this));
    const failures = (this.failures = new FailureHandler(this));
    const P = host.logs.length;
    this.knownPartitions = P;
    this.owner = new Array<Entry | null>(P).fill(null);
    this.position = new Float64Array(P);
    this.fetched = new Float64Array(P);
    // The topic starts empty, so a group starting at offset 0 is what earliest and latest both give;
    // with auto.offset.reset=none a new group has no committed offset at all (−1) and poll() throws.
    this.committed = new Float64Array(P).fill(config['auto.offset.reset'] === 'none' ? -1 : 0);
    this.processedUpTo = new Float64Array(P);
    this.lastSeq = host.keyTable;
    this.seqStride = host.keyStride;
    this.seqSlot = 1 + host.groupIndex;
    this.owed = new TimeIntegral(timeBatch);
    this.out = new TimeIntegral(timeBatch);
    this.timeBatch = timeBatch;
    const sim = host.sim;
    const g = this.id;
    this.kPoll = sim.register(`${g}:poll`, (i) => pollLoop.onPoll(i));
    this.kDone = sim.register(`${g}:record-done`, (x) => executor.onRecordDone(x));
    this.kPollTimeout = sim.register(`${g}:poll-timeout`, (i) => pollLoop.onPollTimeout(i));
    this.kSession = sim.register(`${g}:session-expired`, (i) => coordinator.onSessionExpired(i));
    this.kJoin = sim.register(`${g}:join-complete`, () => coordinator.completeRebalance());
    this.kRebalanceTimeout = sim.register(`${g}:rebalance-timeout`, () => coordinator.onRebalanceTimeout());
    this.kAutoCommit = sim.register(`${g}:auto-commit`, (i) => pollLoop.onAutoCommitTimer(i));
    this.kThaw = sim.register(`${g}:gc-end`, (i) => this.consumers[i].thaw());
    this.kRetryDue = sim.register(`${g}:retry-due`, (level) => failures.pumpRetry(level));
    this.kRetryDone = sim.register(`${g}:retry-done`, (level) => failures.onRetryDone(level));
    this.kSupervisorRestart = sim.register(`${g}:supervisor-restart`, (i) => this.consumers[i].restart());
    this.kMetadata = sim.register(`${g}:metadata-refresh`, () => this.onMetadataRefresh());
    this.kOffsetsExpiry = sim.register(`${g}:offsets-expiry`, () => coordinator.onOffsetsExpiry());
    for (let i = 0; i < config.members; i++) this.addConsumer();
    // Registered only when there is one, so a group without it has the event kinds it always had.
    if (config.autoscaler?.enabled) {
      this.kHpaSync = sim.register(`${g}:hpa-sync`, () => this.autoscaler!.onHpaSync());
      this.kKedaPoll = sim.register(`${g}:keda-poll`, () => this.autoscaler!.onKedaPoll());
      this.kPodStarted = sim.register(`${g}:pod-started`, () => this.autoscaler!.onPodStarted());
      this.autoscaler = new Autoscaler(this, config.autoscaler);
    }
  }

  get state(): GroupState {
    return this.coordinator.state;
  }

  get generation(): number {
    return this.coordinator.generation;
  }

  // ─── helpers shared by the parts ───────────────────────────────────────────────────────────

  /** A duration config in seconds. */
  ms(key: 'max.poll.interval.ms' | 'session.timeout.ms' | 'heartbeat.interval.ms' | 'auto.commit.interval.ms' | 'group.initial.rebalance.delay.ms' | 'metadata.max.age.ms'): number {
    return this.config[key] / 1000;
  }

  info(source: string, text: string): void {
    this.host.log.add(this.host.sim.now, 'INFO', source, text);
  }

  warn(source: string, text: string): void {
    this.host.log.add(this.host.sim.now, 'WARN', source, text);
  }

  error(source: string, text: string): void {
    this.host.log.add(this.host.sim.now, 'ERROR', source, text);
  }

  coordinatorLog(text: string): void {
    this.info('GroupCoordinator', text);
  }

  pname(p: number): string {
    return this.host.logs[p].name;
  }

  /**
   * Partitions as the client's log names them ("orders-0, orders-3"), the first
   * {@link PLIST_MAX} of them when there are more, then how many more: a member of a 10,000-partition
   * topic writes one bounded line, not a 100 KB one, to the event log and to `npm run sim -- --log`.
   */
  plist(ps: number[]): string {
    if (ps.length === 0) return '(none)';
    const sorted = [...ps].sort((a, b) => a - b);
    const named = sorted.slice(0, PLIST_MAX).map((p) => this.pname(p)).join(', ');
    return sorted.length > PLIST_MAX ? `${named} … and ${sorted.length - PLIST_MAX} more (${sorted.length} in all)` : named;
  }

  // ─── consumers (faults) ────────────────────────────────────────────────────────────────────

  /** Starts a new consumer process (add-consumer fault, or the initial members). */
  addConsumer(): Consumer {
    const i = this.consumers.length;
    const name = `${this.id}-${i + 1}`;
    const c = new Consumer(
      this,
      i,
      name,
      this.config.static ? name : null,
      this.config['max.poll.records'],
      this.executor.threads,
      this.host.streams.stream(`consumer:${this.id}`, i),
      this.host.streams.stream(`failures:${this.id}`, i),
      this.timeBatch,
    );
    this.consumers.push(c);
    c.start();
    return c;
  }

  consumerByName(name: string): Consumer | undefined {
    return this.consumers.find((c) => c.name === name);
  }

  /** The consumer process dies (crash fault): no LeaveGroup; the coordinator notices on session expiry. */
  crash(c: Consumer): void {
    c.crash();
  }

  /** Graceful shutdown (remove-consumer fault): dynamic members send LeaveGroup, static ones do not. */
  shutdown(c: Consumer): void {
    c.shutdown();
  }

  restart(c: Consumer): void {
    c.restart();
  }

  /** GC pause: the whole JVM stops — processing and heartbeats — for `seconds`. */
  freeze(c: Consumer, seconds: number): void {
    c.freeze(seconds);
  }

  addSlowWindow(w: SlowWindow): void {
    this.executor.addSlowWindow(w);
  }

  /** The group's downstream dependency fails every call (transient errors) in [from, until). */
  addOutage(from: number, until: number): void {
    this.executor.addOutage(from, until);
  }

  // ─── the topic ─────────────────────────────────────────────────────────────────────────────

  /** Records produced to partition p: count them as owed by this group. */
  onProduced(n: number): void {
    this.owed.set(this.host.sim.now, this.owed.current + n);
  }

  /** A record was appended to partition p: wake its owner if it waits in poll. */
  onAppend(p: number): void {
    this.pollLoop.onAppend(p);
  }

  /**
   * The topic now has `n` partitions (partitions were added). The group does not know yet: its
   * leader sees them at its next metadata refresh (`metadata.max.age.ms` after the last one; the
   * refreshes run on a grid from t = 0), rejoins and rebalances. The new partitions have no
   * committed offset, so auto.offset.reset decides where their first owner starts — with latest,
   * records produced to them before that are skipped.
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
    this.fetched = grow(this.fetched, 0);
    this.committed = grow(this.committed, -1);
    this.processedUpTo = grow(this.processedUpTo, 0);
    for (let p = old; p < n; p++) this.owner.push(null);
    this.coordinator.onPartitionsCreated(n);
    const age = this.ms('metadata.max.age.ms');
    const now = this.host.sim.now;
    this.host.sim.scheduleAt((Math.floor(now / age + 1e-9) + 1) * age, this.kMetadata);
  }

  /** metadata-refresh event: the leader's metadata catches up with the topic's partition count. */
  onMetadataRefresh(): void {
    const n = this.host.logs.length;
    const old = this.knownPartitions;
    if (n <= old) return;
    this.knownPartitions = n;
    this.coordinator.onMetadataChanged(old, n);
  }

  // ─── statistics (stats.ts) ─────────────────────────────────────────────────────────────────

  /** Lag of partition p in records (log-end − committed) and seconds (age of the oldest unapplied record at or after committed). */
  partitionLag(p: number): [number, number] {
    return partitionLag(this, p);
  }

  /** Samples total lag (records, seconds) for the maxima; per-partition lag goes to `perPartition`. */
  sampleLag(perPartition?: Float64Array): [number, number] {
    return sampleLag(this, perPartition);
  }

  /** Members in the group and idle members now, for the charts; keeps their maxima. */
  sampleMembers(): [number, number] {
    const members = this.coordinator.entries.length;
    const idle = idleCount(this);
    if (members > this.maxMembers) this.maxMembers = members;
    if (idle > this.maxIdle) this.maxIdle = idle;
    return [members, idle];
  }

  resetStats(t: number): void {
    resetStats(this, t);
  }

  stats(level = CONFIDENCE): GroupStats {
    return groupStats(this, level);
  }
}
