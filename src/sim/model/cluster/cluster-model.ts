/**
 * The cluster model (`"model": "cluster"`): Kafka's write path and its durability — brokers holding
 * replicas of one topic's partitions, producers with acks 0 / 1 / all, follower fetching, the ISR
 * and the high watermark, a controller that elects leaders, and the faults that test them.
 *
 * The protocol lives in the files next to this one:
 *   config.ts           the scenario in seconds, defaults resolved;
 *   records.ts          every record's state (the conservation law), copies in the log, duplicates;
 *   brokers.ts          brokers and replica placement;
 *   partition-state.ts  a partition's log, LEOs, ISR, HW, epoch, waiting acks=all requests;
 *   replication.ts      fetch sessions per broker pair;
 *   producer.ts         accumulators, requests, retries, timeouts, idempotence;
 *   controller.ts       noticing dead brokers, elections, failover, preferred-leader rebalance;
 *   view.ts             the topology the page draws.
 * This file wires them: leader changes and truncation, ISR changes and the shrink schedule,
 * partition status and unavailability, faults (one `applyFault` path for the timeline and live
 * toggles, recorded in `applied`), chart sampling, and the read API the readers use (read-api.ts).
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams } from '../../kernel/rng.ts';
import { DownsampledSeries, sampleInterval } from '../../metrics/series.ts';
import { EventLog, type LogEntry } from '../kafka/event-log.ts';
import { FaultTimeline } from '../fault-timeline.ts';
import { ProducerArrivals } from '../producer-arrivals.ts';
import type { SimModel } from '../contract.ts';
import { clusterConfig, type ClusterConfig } from './config.ts';
import { RecordTable } from './records.ts';
import { inCluster, makeBrokers, placeReplicas, type Broker } from './brokers.ts';
import { Partition, PState } from './partition-state.ts';
import { Replication } from './replication.ts';
import { Producers, type ProducerState } from './producer.ts';
import { Controller } from './controller.ts';
import { createReaders } from './readers.ts';
import { RequestHandlers } from './io.ts';
import type { ClusterCore, ClusterReaders } from './read-api.ts';
import { ACKS_ORDER, CLUSTER_SERIES, MAX_TRUNCATIONS, PRODUCE_P99_BY_ACKS, type ClusterFault, type ClusterSeriesName, type TruncationEvent } from './types.ts';

export type ElectionKind = 'clean' | 'unclean' | 'preferred';

export class ClusterModel implements SimModel<ClusterFault>, ClusterCore {
  readonly sim = new Simulation();
  readonly streams: RngStreams;
  readonly log = new EventLog(1000);
  readonly config: ClusterConfig;
  readonly topic: string;
  readonly partitions: number;
  readonly warmup: number;
  readonly appendTime: number;
  readonly records: RecordTable;
  readonly brokers: Broker[];
  readonly parts: Partition[];
  readonly controller: Controller;
  readonly replication: Replication;
  readonly producers: Producers;
  /** The brokers' request handlers; null when produce requests cost no handler time. */
  readonly io: RequestHandlers | null;
  readonly arrivals: ProducerArrivals<ProducerState>;
  readonly readers: ClusterReaders;
  /** Faults applied so far, in order (the replayable timeline). */
  readonly applied: ClusterFault[] = [];
  private readonly faults: FaultTimeline<ClusterFault>;

  // Counters (whole run).
  retries = 0;
  notEnoughReplicas = 0;
  deduplicated = 0;
  truncated = 0;
  /** The last MAX_TRUNCATIONS leader changes that cut records from replicas' logs, and how many there were in all. */
  readonly truncations: TruncationEvent[] = [];
  truncationEvents = 0;
  /** OUT_OF_ORDER_SEQUENCE_NUMBER answers to idempotent batches, and the idempotent producers' epoch bumps. */
  outOfOrder = 0;
  epochBumps = 0;
  readonly elections = { clean: 0, unclean: 0, preferred: 0 };
  readonly isrChanges = { shrinks: 0, expands: 0 };
  readonly electionTime: { last: number | null; max: number | null } = { last: null, max: null };

  // Partition status counts and their time integrals.
  readonly statusCount = [0, 0, 0, 0];
  underReplicated = 0;
  underReplicatedMax = 0;
  isrSum = 0;
  offlineArea = 0;
  underMinIsrArea = 0;
  private areaT = 0;

  // Charts.
  readonly sampleEvery: number;
  readonly series: Record<ClusterSeriesName, DownsampledSeries>;
  private lastSampleT = 0;
  private lastAcked = 0;
  private readonly kSample: number;
  private readonly kIsrCheck: number;
  private readonly kRestart: number;
  private readonly kHeal: number;

  constructor(readonly scenario: ClusterScenario) {
    const c = (this.config = clusterConfig(scenario));
    this.streams = new RngStreams(scenario.seed);
    this.topic = c.topic;
    this.partitions = c.partitions;
    this.warmup = c.warmup;
    this.appendTime = c.append;
    const sim = this.sim;
    sim.noProgressHint = 'the model has work that takes no time and repeats forever (e.g. rtt.ms 0 with append.ms 0 and a produce request that fails and is retried at once with retry.backoff.ms 0)';
    this.records = new RecordTable(c.producers.length);
    const assignment = placeReplicas(c.brokers, c.rf, c.partitions, c.racks, this.streams.stream('placement'));
    this.brokers = makeBrokers(c.racks, assignment);
    this.parts = assignment.map((reps, p) => new Partition(p, reps));
    this.statusCount[PState.Online] = c.partitions;
    this.isrSum = c.partitions * c.rf;
    this.controller = new Controller(this);
    this.replication = new Replication(this);
    this.producers = new Producers(this);
    this.io = c.io ? new RequestHandlers(c.io, c.brokers, sim, c.warmup, (id) => this.producers.live(id), (id) => this.producers.handle(id)) : null;
    const kRedraw = sim.register('producer-redraw', (i) => this.arrivals.redraw(i));
    this.arrivals = new ProducerArrivals(sim, this.log, this.producers.list, this.producers.kProduce, kRedraw);
    this.kSample = sim.register('sample', () => this.onSample());
    this.kIsrCheck = sim.register('isr-expiration', () => this.onIsrCheck());
    this.kRestart = sim.register('broker-restart', (b) => this.restartBroker(b, 'restarted'));
    this.kHeal = sim.register('network-heal', (b) => this.heal(b));
    for (const p of this.parts) {
      this.replication.leaderChanged(p, 0, p.leaderBroker);
      this.refreshStatus(p);
    }
    this.readers = createReaders(this, scenario.consumers, scenario.processor);
    for (let i = 0; i < this.producers.list.length; i++) this.arrivals.schedule(i, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), c.faults);
    this.sampleEvery = sampleInterval(c.horizon);
    this.series = Object.fromEntries(CLUSTER_SERIES.map((n) => [n, new DownsampledSeries(this.sampleEvery, 1024)])) as Record<ClusterSeriesName, DownsampledSeries>;
    this.series.isrMean.set(0, c.rf);
    sim.schedule(this.sampleEvery, this.kSample, 0, 50);
    sim.schedule(c.lagMax / 2, this.kIsrCheck, 0, 20);
  }

  // ─── read API (read-api.ts) ────────────────────────────────────────────────────────────────

  rackOf(broker: number): string | null {
    return this.brokers[broker - 1]?.rack ?? null;
  }

  rtt(a: string | null, b: string | null): number {
    return a !== null && b !== null && a !== b ? this.config.crossRtt : this.config.rtt;
  }

  /** Clients can reach broker b and it still acts as a broker (not fenced). */
  servesClients(b: number): boolean {
    const s = this.brokers[b - 1].state;
    return s === 'up' || s === 'isolated';
  }

  offline(p: Partition): boolean {
    return p.leader < 0 || !this.servesClients(p.leaderBroker);
  }

  replicaFor(p: number, rack: string | null): number | null {
    const part = this.parts[p];
    if (this.offline(part)) return null;
    if (this.config.rackAware && rack !== null) {
      for (let r = 0; r < part.rf; r++) {
        const b = part.replicas[r];
        if (part.isr[r] && this.brokers[b - 1].rack === rack && inCluster(this.brokers[b - 1])) return b;
      }
    }
    return part.leaderBroker;
  }

  logStart(): number {
    return 0;
  }

  logEnd(p: number): number {
    return this.parts[p].end;
  }

  hwAt(p: number, broker: number): number {
    const part = this.parts[p];
    if (part.leaderBroker === broker) return part.hw;
    const r = part.replicaOf(broker);
    return r < 0 ? 0 : Math.min(part.knownHw[r], part.hw);
  }

  recordAt(p: number, o: number): number {
    return this.parts[p].log[o];
  }

  sentAt(id: number): number {
    return this.records.sentAt[id];
  }

  bytesOf(id: number): number {
    return this.config.producers[this.records.producer[id]].recordBytes;
  }

  // ─── partition state changes ───────────────────────────────────────────────────────────────

  private accrue(): void {
    const now = this.sim.now;
    const dt = now - this.areaT;
    if (dt > 0) {
      this.offlineArea += this.statusCount[PState.Offline] * dt;
      this.underMinIsrArea += this.statusCount[PState.UnderMinIsr] * dt;
    }
    this.areaT = now;
  }

  refreshStatus(p: Partition): void {
    const rf = p.rf;
    const s = this.offline(p) ? PState.Offline : p.isrSize < this.config.minIsr ? PState.UnderMinIsr : p.isrSize < rf ? PState.UnderReplicated : PState.Online;
    if (s !== p.status) {
      this.accrue();
      this.statusCount[p.status]--;
      this.statusCount[s]++;
      p.status = s;
    }
  }

  /** The leader appended records to p. */
  appended(p: Partition, from: number): void {
    this.replication.appended(p, from);
    if (p.updateHw()) this.hwAdvanced(p);
  }

  hwAdvanced(p: Partition): void {
    this.replication.hwChanged(p);
    this.producers.completeWaiting(p);
    this.readers.changed(p.index);
  }

  private fmtIsr(p: Partition): string {
    return p.isrBrokers().join(',');
  }

  /** Adds (on) or removes replica r of p from the ISR. */
  setIsr(p: Partition, r: number, on: boolean, why: string): void {
    if (!!p.isr[r] === on) return;
    const before = this.fmtIsr(p);
    p.isr[r] = on ? 1 : 0;
    p.isrSize += on ? 1 : -1;
    this.isrSum += on ? 1 : -1;
    const ur = p.isrSize < p.rf;
    if (ur !== p.wasUnderReplicated) {
      this.underReplicated += ur ? 1 : -1;
      p.wasUnderReplicated = ur;
    }
    const now = this.sim.now;
    const src = `Partition ${this.topic}-${p.index} broker=${p.leaderBroker}`;
    if (on) {
      this.isrChanges.expands++;
      this.log.add(now, 'INFO', src, `[Partition ${this.topic}-${p.index} broker=${p.leaderBroker}] Expanding ISR from ${before} to ${this.fmtIsr(p)}`);
    } else {
      this.isrChanges.shrinks++;
      const lastMs = Math.round(p.lastCaughtUp[r] * 1000);
      this.log.add(
        now,
        'INFO',
        src,
        `[Partition ${this.topic}-${p.index} broker=${p.leaderBroker}] Shrinking ISR from ${before} to ${this.fmtIsr(p)}. Leader: (highWatermark: ${p.hw}, endOffset: ${p.end}). Out of sync replicas: (brokerId: ${p.replicas[r]}, endOffset: ${p.leo[r]}, lastCaughtUpTimeMs: ${lastMs}).${why ? ` (${why})` : ''}`,
      );
      if (p.leader >= 0 && p.updateHw()) this.hwAdvanced(p);
    }
    this.refreshStatus(p);
  }

  /** A follower caught up to the HW: back in the ISR, if its leader can reach the controller. */
  expandIsr(p: Partition, r: number): void {
    if (!p.fetchedThisEpoch[r] || !inCluster(this.brokers[p.leaderBroker - 1]) || !this.controller.ready) return;
    this.setIsr(p, r, true, '');
  }

  /** The leader's periodic check (every replica.lag.time.max.ms / 2): followers behind for longer than the limit leave the ISR. */
  private onIsrCheck(): void {
    const now = this.sim.now;
    const lag = this.config.lagMax;
    this.sim.schedule(lag / 2, this.kIsrCheck, 0, 20);
    if (!this.controller.ready) return;
    for (const p of this.parts) {
      if (p.leader < 0 || p.isrSize <= 1 || !inCluster(this.brokers[p.leaderBroker - 1])) continue;
      const leo = p.leo[p.leader];
      for (let r = 0; r < p.rf; r++) {
        if (r === p.leader || !p.isr[r]) continue;
        if (p.view[r] < leo && now - p.lastCaughtUp[r] > lag) this.setIsr(p, r, false, '');
      }
    }
  }

  /** Leader election result for p: replica r leads from now (the log is cut to its LEO). */
  changeLeader(p: Partition, r: number, kind: ElectionKind): void {
    const now = this.sim.now;
    const old = p.leaderBroker;
    const e = p.leo[r];
    const epoch = p.epoch + 1;
    const cut = new Array<number>(p.rf).fill(0);
    const [removed, lost] = p.truncate(e, this.records, cut);
    if (removed > 0) {
      this.truncated += removed;
      // One line per replica that loses records (Kafka's replica fetcher logs its own truncation); the acknowledged records lost go on the longest cut's line.
      let most = 0;
      for (let i = 1; i < p.rf; i++) if (cut[i] > cut[most]) most = i;
      for (let i = 0; i < p.rf; i++) {
        if (cut[i] === 0) continue;
        const note = i === most && lost > 0 ? `, ${lost} acknowledged record(s) lost` : '';
        this.log.add(now, note ? 'WARN' : 'INFO', `ReplicaFetcher broker=${p.replicas[i]}`, `Truncating partition ${this.topic}-${p.index} with TruncationState(offset=${e}, completed=true) due to leader epoch and offset EpochEndOffset(errorCode=0, partition=${p.index}, leaderEpoch=${epoch}, endOffset=${e}) — ${cut[i]} record(s) cut${note}`);
      }
      const t: TruncationEvent = { at: now, partition: p.index, epoch, leader: p.replicas[r], offset: e, kind, lost, replicas: [] };
      for (let i = 0; i < p.rf; i++) if (cut[i] > 0) t.replicas.push({ broker: p.replicas[i], records: cut[i] });
      this.truncations.push(t);
      if (this.truncations.length > MAX_TRUNCATIONS) this.truncations.shift();
      this.truncationEvents++;
      p.lastCut = { at: now, epoch, records: cut };
    }
    // ISR: clean = the old ISR's members in the cluster; unclean = the new leader alone; preferred: unchanged.
    for (let i = 0; i < p.rf; i++) {
      const keep = kind === 'unclean' ? i === r : kind === 'clean' ? p.isr[i] === 1 && inCluster(this.brokers[p.replicas[i] - 1]) : p.isr[i] === 1;
      if (keep !== (p.isr[i] === 1)) {
        p.isr[i] = keep ? 1 : 0;
        p.isrSize += keep ? 1 : -1;
        this.isrSum += keep ? 1 : -1;
      }
      p.fetchedThisEpoch[i] = 0;
      if (p.isr[i]) p.lastCaughtUp[i] = now;
    }
    const ur = p.isrSize < p.rf;
    if (ur !== p.wasUnderReplicated) {
      this.underReplicated += ur ? 1 : -1;
      p.wasUnderReplicated = ur;
    }
    p.leader = r;
    p.epoch = epoch;
    p.view[r] = e;
    this.elections[kind]++;
    const nb = p.replicas[r];
    if (kind === 'unclean') this.log.add(now, 'ERROR', 'Controller', `Unclean leader election for ${this.topic}-${p.index}: broker ${nb} (not in the ISR, endOffset ${e}) becomes leader at epoch ${epoch}; records after offset ${e} are gone`);
    else this.log.add(now, 'INFO', 'Controller', `${kind === 'preferred' ? 'Preferred replica' : 'Clean'} leader election for ${this.topic}-${p.index}: leader ${old || 'none'} → ${nb}, leader epoch ${epoch}, ISR ${this.fmtIsr(p)}`);
    this.producers.failWaiting(p, old);
    this.replication.leaderChanged(p, old, nb);
    p.knownHw[r] = p.hw;
    if (p.updateHw()) this.producers.completeWaiting(p);
    this.orphanResolved(p);
    this.refreshStatus(p);
    this.readers.changed(p.index);
    this.producers.drainPartition(p.index);
  }

  /** p has a leader again: if a broker's death left it leaderless, one fewer to wait for. */
  orphanResolved(p: Partition): void {
    const b = p.orphanOf;
    if (b === 0) return;
    p.orphanOf = 0;
    const br = this.brokers[b - 1];
    if (--br.orphans === 0) {
      const t = this.sim.now - br.downAt;
      this.electionTime.last = t;
      this.electionTime.max = Math.max(this.electionTime.max ?? 0, t);
      this.log.add(this.sim.now, 'INFO', 'Controller', `Every partition broker ${b} led has a new leader, ${+(t * 1000).toFixed(3)} ms after it left`);
    }
  }

  /** Broker b's state changed: the status of its partitions may have. */
  brokerStateChanged(b: number): void {
    for (const p of this.brokers[b - 1].hosted) {
      const part = this.parts[p];
      this.refreshStatus(part);
      this.readers.changed(p);
    }
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  /** Applies a fault now, through the event list as a scheduled one would. Throws RangeError for an unknown target. */
  inject(f: ClusterFault): void {
    this.resolveTarget(f);
    this.faults.inject(f);
  }

  private resolveTarget(f: ClusterFault): void {
    switch (f.kind) {
      case 'broker-crash':
      case 'broker-restart':
      case 'slow-broker':
      case 'slow-replica':
      case 'network-partition':
        if (!(f.broker >= 1 && f.broker <= this.config.brokers)) throw new RangeError(`no broker ${f.broker} (brokers are 1…${this.config.brokers})`);
        return;
      case 'lose-response':
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        this.arrivals.find(f.target);
        return;
      case 'crash':
      case 'restart': {
        const name = this.scenario.processor?.name;
        if (name !== f.target) throw new RangeError(`no processor named "${f.target}"${name ? ` (the processor is ${name})` : ' (the scenario has no processor)'}`);
        return;
      }
      case 'controller-failover':
        return;
    }
  }

  /** A timeline fault whose target does not exist is logged and skipped, never fatal. */
  private onFault(f: ClusterFault): void {
    try {
      this.resolveTarget(f);
    } catch (e) {
      this.log.add(this.sim.now, 'WARN', 'FaultInjector', `${f.kind} skipped: ${(e as Error).message}`);
      return;
    }
    this.applyFault(f);
  }

  private applyFault(f: ClusterFault): void {
    const now = this.sim.now;
    this.applied.push({ ...f, at: now });
    const src = 'FaultInjector';
    switch (f.kind) {
      case 'broker-crash': {
        const br = this.brokers[f.broker - 1];
        if (br.state === 'down') return;
        this.log.add(now, 'ERROR', src, `broker ${f.broker} crashed${f.restartAfter != null ? `; it restarts in ${f.restartAfter} s` : ''}`);
        const wasUp = br.state === 'up';
        br.state = 'down';
        if (wasUp) br.downAt = now;
        br.produceNext = -Infinity;
        this.replication.stopBroker(f.broker);
        this.io?.brokerDied(f.broker);
        this.producers.brokerDied(f.broker);
        this.controller.brokerLeft(f.broker);
        this.brokerStateChanged(f.broker);
        if (f.restartAfter != null) this.sim.schedule(f.restartAfter, this.kRestart, f.broker);
        return;
      }
      case 'broker-restart':
        this.restartBroker(f.broker, 'started');
        return;
      case 'slow-broker': {
        const br = this.brokers[f.broker - 1];
        br.produceSlowUntil = now + f.duration;
        br.produceDelay = f['delay.ms'] / 1000;
        this.log.add(now, 'WARN', src, `broker ${f.broker}: produce requests answered ${f['delay.ms']} ms later (a stalled disk) for ${f.duration} s`);
        return;
      }
      case 'slow-replica': {
        const br = this.brokers[f.broker - 1];
        br.slowUntil = now + f.duration;
        br.slowDelay = f['delay.ms'] / 1000;
        this.log.add(now, 'WARN', src, `broker ${f.broker}: replica fetches ${f['delay.ms']} ms slower for ${f.duration} s`);
        return;
      }
      case 'network-partition': {
        const br = this.brokers[f.broker - 1];
        if (br.state !== 'up') return;
        this.log.add(now, 'ERROR', src, `broker ${f.broker} cut off from the other brokers and the controller for ${f.duration} s (clients still reach it)`);
        br.state = 'isolated';
        br.downAt = now;
        this.replication.stopBroker(f.broker);
        this.controller.brokerLeft(f.broker);
        this.brokerStateChanged(f.broker);
        this.sim.schedule(f.duration, this.kHeal, f.broker);
        return;
      }
      case 'lose-response':
        for (const i of this.arrivals.find(f.target)) this.producers.list[i].loseNext += f.count;
        this.log.add(now, 'WARN', src, `the next ${f.count} produce response${f.count > 1 ? 's' : ''} to ${f.target === '*' ? 'every producer' : f.target} will be lost`);
        return;
      case 'controller-failover':
        this.controller.failover('controller-failover');
        return;
      case 'crash':
      case 'restart':
        this.readers.applyFault(f);
        return;
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        this.arrivals.apply(f);
        return;
    }
  }

  private restartBroker(b: number, how: string): void {
    const br = this.brokers[b - 1];
    if (br.state !== 'down') return;
    br.state = 'up';
    this.log.add(this.sim.now, 'INFO', `broker-${b}`, `[KafkaServer id=${b}] ${how}: registering with the controller, replicas resume fetching`);
    this.controller.brokerBack(b);
    this.replication.kickBroker(b);
    this.brokerStateChanged(b);
    this.producers.brokerBack(b);
  }

  private heal(b: number): void {
    const br = this.brokers[b - 1];
    if (br.state !== 'isolated' && br.state !== 'fenced') return;
    br.state = 'up';
    this.log.add(this.sim.now, 'INFO', `broker-${b}`, `network partition healed: broker ${b} rejoins the cluster`);
    this.controller.brokerBack(b);
    this.replication.kickBroker(b);
    this.brokerStateChanged(b);
    this.producers.brokerBack(b);
  }

  // ─── charts ────────────────────────────────────────────────────────────────────────────────

  ackedTotal(): number {
    let a = 0;
    for (const p of this.records.byProducer) a += p.acked;
    return a;
  }

  private onSample(): void {
    const now = this.sim.now;
    const s = this.series;
    const dt = now - this.lastSampleT;
    const acked = this.ackedTotal();
    s.ackedRate.set(this.lastSampleT, (acked - this.lastAcked) / dt);
    const pr = this.producers;
    s.requestRate.set(this.lastSampleT, pr.intervalRequests / dt);
    if (pr.intervalRequests > 0) s.batchRecords.set(this.lastSampleT, pr.intervalRecords / pr.intervalRequests);
    pr.intervalRequests = pr.intervalRecords = 0;
    if (this.io) s.handlerBusy.set(this.lastSampleT, this.io.takeInterval(dt));
    s.lost.set(now, this.records.ackedLost);
    s.failed.set(now, this.records.failed);
    s.duplicates.set(now, this.records.duplicates);
    s.outDuplicates.set(now, this.readers.outputDuplicates());
    s.isrMean.set(now, this.isrSum / this.partitions);
    s.outOfIsr.set(now, this.outOfIsr());
    s.underReplicated.set(now, this.underReplicated);
    s.unavailable.set(now, this.unavailableNow());
    if (this.underReplicated > this.underReplicatedMax) this.underReplicatedMax = this.underReplicated;
    const h = this.producers.interval;
    if (h.total > 0) {
      s.produceP50.set(this.lastSampleT, h.quantile(0.5));
      s.produceP99.set(this.lastSampleT, h.quantile(0.99));
    }
    h.reset();
    if (pr.byAcks) {
      pr.byAcks.forEach((a, i) => {
        if (!a) return;
        if (a.interval.total > 0) s[PRODUCE_P99_BY_ACKS[ACKS_ORDER[i]]].set(this.lastSampleT, a.interval.quantile(0.99));
        a.interval.reset();
      });
    }
    const sh = pr.sendInterval;
    if (sh.total > 0) {
      s.sendP50.set(this.lastSampleT, sh.quantile(0.5));
      s.sendP99.set(this.lastSampleT, sh.quantile(0.99));
    }
    sh.reset();
    s.frontOk.set(now, pr.frontTotal('ok'));
    s.frontShed.set(now, pr.frontTotal('shed'));
    s.frontErrors.set(now, pr.frontTotal('errors'));
    s.frontTimeouts.set(now, pr.frontTotal('timeouts'));
    s.bufferUsed.set(now, this.bufferShare());
    s.blockedNow.set(now, this.blockedNow());
    s.blockedOldest.set(now, this.blockedOldest());
    s.refused.set(now, this.records.refused);
    s.shed.set(now, this.records.shed);
    s.expired.set(now, this.records.expired);
    const e2e = this.readers.takeInterval();
    if (e2e.p50 !== null) s.e2eP50.set(this.lastSampleT, e2e.p50);
    if (e2e.p99 !== null) s.e2eP99.set(this.lastSampleT, e2e.p99);
    this.lastAcked = acked;
    this.lastSampleT = now;
    this.sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  /** buffer.memory held by batches now, as a share of all producers' buffer.memory (0…1). */
  bufferShare(): number {
    let mem = 0;
    for (const p of this.producers.list) mem += p.pool.memory;
    return mem > 0 ? this.producers.bufferUsed / mem : 0;
  }

  /** send() calls waiting for buffer memory now, all producers. */
  blockedNow(): number {
    let n = 0;
    for (const p of this.producers.list) n += p.pool.waiting;
    return n;
  }

  /** How long the send() call waiting longest now has waited, seconds (0 when none waits). */
  blockedOldest(): number {
    const now = this.sim.now;
    let w = 0;
    for (const p of this.producers.list) {
      const h = p.pool.peek();
      if (h && now - h.at > w) w = now - h.at;
    }
    return w;
  }

  /** Replicas out of the ISR, summed over partitions (0 when every replica is in sync). */
  outOfIsr(): number {
    return this.config.rf * this.partitions - this.isrSum;
  }

  unavailableNow(): number {
    return this.statusCount[PState.Offline] + this.statusCount[PState.UnderMinIsr];
  }

  /** Partition-seconds offline and under min ISR up to now. */
  unavailableSeconds(): { offline: number; underMinIsr: number } {
    const dt = this.sim.now - this.areaT;
    return { offline: this.offlineArea + this.statusCount[PState.Offline] * dt, underMinIsr: this.underMinIsrArea + this.statusCount[PState.UnderMinIsr] * dt };
  }

  // ─── run and read ──────────────────────────────────────────────────────────────────────────

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  logMark(): number {
    return this.log.size + this.log.evicted + this.log.folded;
  }

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  /** Records stored now over all replicas. */
  stored(): number {
    let n = 0;
    for (const p of this.parts) for (let r = 0; r < p.rf; r++) n += p.leo[r];
    return n + this.readers.stored();
  }

  producerRates(): { name: string; rate: number; produced: number; stopped: boolean }[] {
    const now = this.sim.now;
    return this.producers.list.map((p) => ({ name: p.config.name, rate: p.stopped ? 0 : p.profile.rateAt(now), produced: this.records.byProducer[p.index].sent, stopped: p.stopped }));
  }
}
