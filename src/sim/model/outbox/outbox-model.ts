/**
 * The outbox model (issue 15, catalog `dual-write-outbox`): the write path from a service's
 * database to a broker. An app receives requests (Poisson or evenly spaced, with a rate profile and
 * load spikes); each one writes a row in a database transaction and publishes an event to a topic,
 * which a downstream consumer applies. How the two writes are joined is the `mode`:
 *
 * - `dual-write`: commit, then publish. A crash between the two (or a send that expires after
 *   `delivery.timeout.ms`) leaves a row whose event never comes — *missing*.
 * - `publish-first`: publish, then commit. A crash between the two, or a commit that fails, leaves
 *   an event about a row that does not exist — *phantom*; the consumer may even apply an event
 *   before its row is committed (*early*).
 * - `outbox`: the row and an outbox row in one transaction; a relay (relay.ts: polling, or CDC)
 *   publishes the outbox. Nothing is missing and nothing is phantom; a relay crash between
 *   publishing and marking publishes rows again — *duplicates*, which an idempotent consumer
 *   (dedup by event id in its own transaction) absorbs and a plain one applies twice.
 *
 * The app's process can crash (`app-crash`: in-flight transactions roll back, in-flight sends are
 * lost, requests are refused until it is back), as can the relay; the broker can be unavailable
 * (sends wait and retry; the consumer cannot fetch); the database can slow down.
 *
 * Conservation (a property test checks it at every chunk boundary): every request is in exactly
 * one state of requests.ts; every event appended to the topic is waiting for the consumer, being
 * applied, applied (first time), skipped as a duplicate, or applied again (a duplicate effect).
 *
 * QueueLab's assumptions, stated as such: the app has no limit on concurrent requests and a send
 * does not block new ones; a transaction takes one draw of `db.time` whatever the load; the
 * broker appends an event at the moment it acknowledges it (a send in flight when its sender dies
 * is not appended); one partition, one consumer applying in order.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { makeDistribution, type Distribution } from '../../kernel/distributions.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { DownsampledSeries } from '../../metrics/series.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import { EventLog, type LogEntry } from '../kafka/event-log.ts';
import { ProducerArrivals, type TimedProducer } from '../producer-arrivals.ts';
import { FaultTimeline } from '../fault-timeline.ts';
import { Deque } from '../queue/messages.ts';
import type { SimModel } from '../contract.ts';
import type { OutboxConfig, OutboxFault } from './config.ts';
import { ABORTED, F_APPLIED, F_EARLY, F_EVENT, IN_TXN, MISSING, PENDING, PHANTOM, PUBLISHED, PUBLISHING, REJECTED, RequestTable } from './requests.ts';
import { CdcRelay, PollingRelay, type Relay, type RelayHost } from './relay.ts';

/** The per-second series the page charts. */
export const OUTBOX_SERIES = ['requests', 'rejected', 'gap', 'missing', 'phantom', 'duplicates', 'dupEffects', 'backlog', 'lag', 'p50', 'p99'] as const;
export type OutboxSeriesName = (typeof OUTBOX_SERIES)[number];

/** Counts that never reset: requests by state, rows, events, and the consumer's side. */
export interface OutboxCounts {
  requests: number;
  inTxn: number;
  publishing: number;
  pending: number;
  published: number;
  aborted: number;
  missing: number;
  phantom: number;
  rejected: number;
  /** Rows committed. */
  rows: number;
  /** Events in the topic: distinct requests, and appends (a duplicate appends again). */
  events: number;
  appended: number;
  /** Appends of an event already in the topic. */
  duplicates: number;
  /** The consumer: events waiting, being applied, applied the first time, skipped as duplicates, applied again. */
  consumerQueued: number;
  consumerBusy: number;
  applied: number;
  deduped: number;
  dupEffects: number;
  /** Events applied while their row was not committed (publish-first: before the commit, or a phantom's). */
  early: number;
}

interface Producer extends TimedProducer {
  produced: number;
}

export class OutboxModel implements SimModel<OutboxFault>, RelayHost {
  readonly sim = new Simulation();
  readonly log = new EventLog(500);
  readonly req = new RequestTable();
  readonly relay: Relay | null;
  readonly topic: string;
  readonly deliveryTimeout: number;
  readonly applied: OutboxFault[] = [];
  readonly series: Record<OutboxSeriesName, DownsampledSeries>;
  readonly n: OutboxCounts = {
    requests: 0,
    inTxn: 0,
    publishing: 0,
    pending: 0,
    published: 0,
    aborted: 0,
    missing: 0,
    phantom: 0,
    rejected: 0,
    rows: 0,
    events: 0,
    appended: 0,
    duplicates: 0,
    consumerQueued: 0,
    consumerBusy: 0,
    applied: 0,
    deduped: 0,
    dupEffects: 0,
    early: 0,
  };
  /** Delay from the commit to the first application of its event, after the warm-up. */
  readonly delay = new LogHistogram(1e-4, 1e6, 0.005);
  /** App crashes, and the sends and transactions each took down. */
  appCrashes = 0;
  /** Largest backlog of committed rows waiting for their event, and the largest relay lag (s). */
  backlogMax = 0;
  lagMax = 0;

  private appUp = true;
  private appDownUntil = 0;
  private outageUntil = 0;
  private slowdowns: { until: number; factor: number }[] = [];
  /** Requests the app is working on (in a transaction or sending), in arrival order. */
  private readonly inflight = new Set<number>();
  /** Committed outbox rows in commit order, for the age of the oldest one not yet published. */
  private readonly pendingQ = new Deque<number>();
  /** The consumer's queue of appended events, and the one being applied. */
  private readonly consumerQ = new Deque<number>();
  private consumerCurrent = 0;
  private readonly dbDist: Distribution;
  private readonly pubDist: Distribution;
  private readonly consumerDist: Distribution;
  private readonly dbRng: Rng;
  private readonly failRng: Rng;
  private readonly pubRng: Rng;
  private readonly relayDbRng: Rng;
  private readonly relayPubRng: Rng;
  private readonly consumerRng: Rng;
  private readonly arrivals: ProducerArrivals<Producer>;
  private readonly faults: FaultTimeline<OutboxFault>;
  private readonly kTxn: number;
  private readonly kAppAck: number;
  private readonly kAppExpire: number;
  private readonly kAppRestart: number;
  private readonly kBrokerBack: number;
  private readonly kSlowEnd: number;
  private readonly kApplied: number;
  private bin = { requests: 0, rejected: 0 };
  private readonly binDelay = new LogHistogram(1e-4, 1e6, 0.02);

  constructor(
    readonly config: OutboxConfig,
    seed: number,
    topic = 'orders',
  ) {
    const sim = this.sim;
    sim.noProgressHint = 'the model has work that takes no time and repeats forever';
    this.topic = topic;
    this.deliveryTimeout = config.publish['delivery.timeout.ms'] / 1000;
    const streams = new RngStreams(seed);
    this.dbDist = makeDistribution(config.db.time);
    this.pubDist = makeDistribution(config.publish.latency);
    this.consumerDist = makeDistribution(config.consumer.time);
    this.dbRng = streams.stream('db');
    this.failRng = streams.stream('db-commit');
    this.pubRng = streams.stream('publish');
    this.relayDbRng = streams.stream('relay-db');
    this.relayPubRng = streams.stream('relay-publish');
    this.consumerRng = streams.stream('consumer');
    this.series = Object.fromEntries(OUTBOX_SERIES.map((s) => [s, new DownsampledSeries(1, 1024)])) as Record<OutboxSeriesName, DownsampledSeries>;

    const kRequest = sim.register('request', () => this.onRequest());
    const kRedraw = sim.register('requests-redraw', (i) => this.arrivals.redraw(i));
    this.kTxn = sim.register('db-commit', (id) => this.onTxnEnd(id));
    this.kAppAck = sim.register('publish-ack', (id) => this.onAppAck(id));
    this.kAppExpire = sim.register('publish-expired', (id) => this.onAppExpire(id));
    this.kAppRestart = sim.register('app-restart', () => this.onAppRestart());
    this.kBrokerBack = sim.register('broker-back', () => this.onBrokerBack());
    this.kSlowEnd = sim.register('db-slowdown-end', () => this.onSlowEnd());
    this.kApplied = sim.register('consumer-applied', () => this.onApplied());
    const kTick = sim.register('tick', () => this.onTick(kTick));
    const kWarmup = sim.register('warmup-end', () => this.delay.reset());
    const a = config.app;
    const producer: Producer = {
      config: { name: 'app', arrivals: a.arrivals },
      profile: new RateProfile({ rate: a.rate, profile: a.profile, bursts: null, daily: null, stopAt: null }),
      rng: streams.stream('arrivals'),
      stopped: false,
      handle: -1,
      produced: 0,
    };
    this.arrivals = new ProducerArrivals(sim, this.log, [producer], kRequest, kRedraw);
    this.relay = config.mode !== 'outbox' ? null : config.relay.kind === 'cdc' ? new CdcRelay(this, config.relay) : new PollingRelay(this, config.relay);
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    this.arrivals.schedule(0, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    sim.schedule(1, kTick, 0, 100);
  }

  // ─── the app ───────────────────────────────────────────────────────────────────────────────

  private dbTime(rng: Rng): number {
    let f = 1;
    for (const s of this.slowdowns) f *= s.factor;
    return this.dbDist.sample(rng) * f;
  }

  private onRequest(): void {
    const now = this.sim.now;
    this.arrivals.schedule(0, now);
    this.arrivals.list[0].produced++;
    this.n.requests++;
    this.bin.requests++;
    this.sim.progress++;
    if (!this.appUp) {
      this.req.add(now, REJECTED);
      this.n.rejected++;
      this.bin.rejected++;
      return;
    }
    if (this.config.mode === 'publish-first') {
      const id = this.req.add(now, PUBLISHING);
      this.n.publishing++;
      this.inflight.add(id);
      this.sim.schedule(this.pubDist.sample(this.pubRng), this.kAppAck, id);
      return;
    }
    const id = this.req.add(now, IN_TXN);
    this.n.inTxn++;
    this.inflight.add(id);
    this.sim.schedule(this.dbTime(this.dbRng), this.kTxn, id);
  }

  /** Request `id` moves from `from` to `to` (counts only). */
  private move(id: number, from: number, to: number): void {
    this.req.state[id] = to;
    this.count(from, -1);
    this.count(to, 1);
  }

  private count(state: number, d: number): void {
    const n = this.n;
    switch (state) {
      case IN_TXN:
        n.inTxn += d;
        break;
      case PUBLISHING:
        n.publishing += d;
        break;
      case PENDING:
        n.pending += d;
        break;
      case PUBLISHED:
        n.published += d;
        break;
      case ABORTED:
        n.aborted += d;
        break;
      case MISSING:
        n.missing += d;
        break;
      case PHANTOM:
        n.phantom += d;
        break;
      case REJECTED:
        n.rejected += d;
        break;
    }
  }

  private onTxnEnd(id: number): void {
    if (this.req.state[id] !== IN_TXN) return; // rolled back by a crash
    const now = this.sim.now;
    const mode = this.config.mode;
    this.sim.progress++;
    if (this.config.db.failureRate > 0 && this.failRng.next() < this.config.db.failureRate) {
      this.inflight.delete(id);
      this.move(id, IN_TXN, mode === 'publish-first' ? PHANTOM : ABORTED);
      if (mode === 'publish-first') this.log.add(now, 'ERROR', 'App', `commit failed after the event was published: ${this.topic} holds an event with no row`);
      return;
    }
    this.req.commitAt[id] = now;
    this.n.rows++;
    if (mode === 'dual-write') {
      this.move(id, IN_TXN, PUBLISHING);
      this.sim.schedule(this.pubDist.sample(this.pubRng), this.kAppAck, id);
      return;
    }
    this.inflight.delete(id);
    if (mode === 'outbox') {
      this.move(id, IN_TXN, PENDING);
      this.pendingQ.push(id);
      this.relay!.committed(id);
      if (this.gap() - this.n.missing > this.backlogMax) this.backlogMax = this.gap() - this.n.missing;
      return;
    }
    // publish-first: the event went out before; the row now exists.
    this.move(id, IN_TXN, PUBLISHED);
    if (this.req.flags[id] & F_APPLIED) this.recordDelay(0);
  }

  /** When request `id`'s current send started (its delivery.timeout.ms runs from there). */
  private sendStart(id: number): number {
    return this.config.mode === 'dual-write' ? this.req.commitAt[id] : this.req.arrival[id];
  }

  private onAppAck(id: number): void {
    if (this.req.state[id] !== PUBLISHING) return; // the app died meanwhile
    const now = this.sim.now;
    if (this.outageUntil > now) {
      const deadline = this.sendStart(id) + this.deliveryTimeout;
      const next = this.outageUntil + this.pubDist.sample(this.pubRng);
      if (now >= deadline) this.onAppExpire(id);
      else if (next > deadline) this.sim.scheduleAt(deadline, this.kAppExpire, id);
      else this.sim.scheduleAt(next, this.kAppAck, id);
      return;
    }
    this.sim.progress++;
    this.append(id);
    if (this.config.mode === 'dual-write') {
      this.inflight.delete(id);
      this.move(id, PUBLISHING, PUBLISHED);
      return;
    }
    this.move(id, PUBLISHING, IN_TXN);
    this.sim.schedule(this.dbTime(this.dbRng), this.kTxn, id);
  }

  private onAppExpire(id: number): void {
    if (this.req.state[id] !== PUBLISHING) return;
    this.sim.progress++;
    this.inflight.delete(id);
    const ms = Math.round(this.deliveryTimeout * 1000);
    if (this.config.mode === 'dual-write') {
      this.move(id, PUBLISHING, MISSING);
      this.log.add(this.sim.now, 'ERROR', 'App', `Expiring 1 record(s) for ${this.topic}-0:${ms} ms has passed since batch creation — the row is committed, its event is lost`);
    } else {
      this.move(id, PUBLISHING, ABORTED);
      this.log.add(this.sim.now, 'ERROR', 'App', `Expiring 1 record(s) for ${this.topic}-0:${ms} ms has passed since batch creation — request failed, nothing committed`);
    }
  }

  private onAppCrash(restartAfter: number): void {
    const now = this.sim.now;
    if (!this.appUp) {
      if (now + restartAfter > this.appDownUntil) {
        this.appDownUntil = now + restartAfter;
        this.sim.scheduleAt(this.appDownUntil, this.kAppRestart, 0);
      }
      return;
    }
    this.appCrashes++;
    this.appUp = false;
    this.appDownUntil = now + restartAfter;
    const dual = this.config.mode === 'dual-write';
    const first = this.config.mode === 'publish-first';
    let rolledBack = 0;
    let lost = 0;
    let phantom = 0;
    for (const id of this.inflight) {
      const st = this.req.state[id];
      if (st === IN_TXN) {
        if (first) phantom++;
        else rolledBack++;
        this.move(id, IN_TXN, first ? PHANTOM : ABORTED);
      } else {
        if (dual) lost++;
        else rolledBack++;
        this.move(id, PUBLISHING, dual ? MISSING : ABORTED);
      }
    }
    this.inflight.clear();
    this.sim.progress++;
    const parts = [`${rolledBack} request(s) failed with nothing written`];
    if (dual) parts.push(`${lost} committed row(s) whose event was never sent`);
    if (first) parts.push(`${phantom} published event(s) whose row was never committed`);
    this.log.add(now, 'ERROR', 'App', `process killed (restart in ${restartAfter} s): ${parts.join('; ')}`);
    this.sim.scheduleAt(this.appDownUntil, this.kAppRestart, 0);
  }

  private onAppRestart(): void {
    if (this.appUp || this.sim.now < this.appDownUntil) return;
    this.appUp = true;
    this.log.add(this.sim.now, 'INFO', 'App', 'started: accepting requests');
  }

  // ─── the topic and the consumer ────────────────────────────────────────────────────────────

  /** The event of request `id` is appended to the topic (the first time, or again). */
  appended(id: number): void {
    this.append(id);
    if (this.req.state[id] === PENDING) this.move(id, PENDING, PUBLISHED);
  }

  private append(id: number): void {
    const n = this.n;
    n.appended++;
    if (this.req.flags[id] & F_EVENT) n.duplicates++;
    else {
      this.req.flags[id] |= F_EVENT;
      n.events++;
    }
    this.consumerQ.push(id);
    n.consumerQueued++;
    if (n.consumerBusy === 0) this.nextApply();
  }

  private nextApply(): void {
    if (this.consumerQ.length === 0 || this.outageUntil > this.sim.now) return;
    this.consumerCurrent = this.consumerQ.shift()!;
    this.n.consumerQueued--;
    this.n.consumerBusy = 1;
    this.sim.schedule(this.consumerDist.sample(this.consumerRng), this.kApplied, 0);
  }

  private onApplied(): void {
    const id = this.consumerCurrent;
    const n = this.n;
    const r = this.req;
    n.consumerBusy = 0;
    this.sim.progress++;
    if (!(r.flags[id] & F_APPLIED)) {
      r.flags[id] |= F_APPLIED;
      n.applied++;
      if (r.committed(id)) this.recordDelay(this.sim.now - r.commitAt[id]);
      else {
        r.flags[id] |= F_EARLY;
        n.early++;
      }
    } else if (this.config.consumer.idempotent) n.deduped++;
    else n.dupEffects++;
    this.nextApply();
  }

  private recordDelay(d: number): void {
    this.delay.add(d);
    this.binDelay.add(d);
  }

  // ─── the relay's needs (RelayHost) ─────────────────────────────────────────────────────────

  relayDbTime(): number {
    return this.dbTime(this.relayDbRng);
  }

  relayLatency(): number {
    return this.pubDist.sample(this.relayPubRng);
  }

  brokerBackAt(): number {
    return this.outageUntil;
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  inject(f: OutboxFault): void {
    this.faults.inject(f);
  }

  private onFault(f: OutboxFault): void {
    const now = this.sim.now;
    this.applied.push({ ...f, at: now });
    switch (f.kind) {
      case 'app-crash':
        this.onAppCrash(f.restartAfter);
        return;
      case 'relay-crash':
        if (!this.relay) this.log.add(now, 'INFO', 'FaultInjector', `relay crash: there is no relay in ${this.config.mode} mode`);
        else this.relay.crash(f.restartAfter, f.point === 'before-mark');
        return;
      case 'broker-outage': {
        this.log.add(now, 'ERROR', 'FaultInjector', `broker unavailable for ${f.duration} s: sends wait and retry, the consumer cannot fetch`);
        const end = now + f.duration;
        if (end > this.outageUntil) {
          this.outageUntil = end;
          this.sim.scheduleAt(end, this.kBrokerBack, 0);
        }
        return;
      }
      case 'db-slowdown':
        this.log.add(now, 'WARN', 'FaultInjector', `database slowdown: transactions ×${f.factor} for ${f.duration} s`);
        this.slowdowns.push({ until: now + f.duration, factor: f.factor });
        this.sim.schedule(f.duration, this.kSlowEnd, 0);
        return;
      case 'load-spike':
        this.arrivals.apply({ at: now, kind: 'load-spike', target: '*', factor: f.factor, duration: f.duration });
        return;
    }
  }

  private onBrokerBack(): void {
    if (this.sim.now < this.outageUntil) return;
    this.log.add(this.sim.now, 'INFO', 'FaultInjector', 'broker available again');
    if (this.n.consumerBusy === 0) this.nextApply();
  }

  private onSlowEnd(): void {
    const now = this.sim.now;
    this.slowdowns = this.slowdowns.filter((s) => s.until > now);
  }

  // ─── statistics ────────────────────────────────────────────────────────────────────────────

  /** Age of the oldest committed outbox row whose event is not yet in the topic (0 when none; outbox mode). */
  relayLag(): number {
    const q = this.pendingQ;
    const st = this.req.state;
    while (q.length > 0 && st[q.peek()!] !== PENDING) q.shift();
    return q.length > 0 ? this.sim.now - this.req.commitAt[q.peek()!] : 0;
  }

  /** Committed rows whose event is not (yet) in the topic: in flight, in the outbox, or missing for good. */
  gap(): number {
    return this.n.rows - this.n.published;
  }

  private onTick(kTick: number): void {
    const now = this.sim.now;
    const s = this.series;
    const n = this.n;
    s.requests.set(now - 1, this.bin.requests);
    s.rejected.set(now - 1, this.bin.rejected);
    const h = this.binDelay;
    s.p50.set(now - 1, h.total > 0 ? h.quantile(0.5) : 0);
    s.p99.set(now - 1, h.total > 0 ? h.quantile(0.99) : 0);
    h.reset();
    this.bin = { requests: 0, rejected: 0 };
    const lag = this.relayLag();
    if (lag > this.lagMax) this.lagMax = lag;
    const backlog = this.gap() - n.missing;
    if (backlog > this.backlogMax) this.backlogMax = backlog;
    s.gap.set(now, this.gap());
    s.backlog.set(now, backlog);
    s.missing.set(now, n.missing);
    s.phantom.set(now, n.phantom);
    s.duplicates.set(now, n.duplicates);
    s.dupEffects.set(now, n.dupEffects);
    s.lag.set(now, lag);
    this.sim.schedule(1, kTick, 0, 100);
  }

  // ─── reading (SimModel) ────────────────────────────────────────────────────────────────────

  logMark(): number {
    return this.log.written;
  }

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  /** The app's state now: up, or down until when. */
  app(): { up: boolean; downUntil: number; inTxn: number; publishing: number } {
    return { up: this.appUp, downUntil: this.appDownUntil, inTxn: this.n.inTxn, publishing: this.n.publishing };
  }

  brokerDown(): boolean {
    return this.outageUntil > this.sim.now;
  }

  /** The requests' rate now (load spikes included). */
  rateNow(): number {
    return this.arrivals.list[0].profile.rateAt(this.sim.now);
  }
}
