/**
 * The dependency model (issue 15): open-loop clients call one downstream service — a database, an
 * HTTP service — with a timeout per attempt, retries (backoff, jitter), a retry budget and a
 * circuit breaker (resilience.ts); the service has `concurrency` servers, a bounded FIFO queue and
 * a service time that grows with load, and it never learns that a client gave up: an abandoned
 * attempt still takes a server when its turn comes. That wasted work is what keeps a service
 * overloaded after the trigger of an overload is gone — a metastable failure.
 *
 * States (conservation, checked by a property test at every chunk boundary):
 * - a request (a client's logical call) is waiting for an attempt (that attempt queued or in
 *   service), in backoff before its next attempt, succeeded or failed (gave up);
 * - an attempt is queued, in service, answered in time (ok), answered after its client gave up
 *   (late), rejected by the full queue, rejected by the breaker (never reached the service) or
 *   shed by the deadline. A queued or in-service attempt is live or abandoned (its client timed out).
 * so requests = waiting + backoff + succeeded + failed, waiting = live queued + live in service,
 * attempts = queued + inService + ok + late + rejected + breaker + shed.
 *
 * Faults: an outage hangs the service (it starts nothing and answers nothing until it ends;
 * attempts being served answer when it ends; its queue still fills); a slowdown multiplies the
 * service times drawn while it lasts; a load spike multiplies the clients' rate. Faults go through
 * the shared timeline, so a live toggle replays bit for bit from the recorded list.
 *
 * Metrics are kept per one-second bin (a tick at every whole second): offered load (attempts that
 * reach the service) against capacity, goodput, errors by kind, wasted work, latency percentiles,
 * calls waiting (what a real client would hold a thread or a connection for), the breaker's state;
 * during the latest fault, the same bins' averages (what reached a service that could not answer,
 * what the clients waited); when an outage ends, the queue it leaves; after the latest fault ends,
 * the seconds the offered load stays above capacity and the recovery time: the start of the first
 * 10 s window, entirely after the trigger, whose successes are ≥ 95 % of the calls started in it,
 * minus the trigger's end.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { makeDistribution, type Distribution } from '../../kernel/distributions.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { DownsampledSeries } from '../../metrics/series.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import { EventLog, type LogEntry } from '../kafka/event-log.ts';
import { ProducerArrivals, type TimedProducer } from '../producer-arrivals.ts';
import { FaultTimeline } from '../fault-timeline.ts';
import type { SimModel } from '../contract.ts';
import { backoffDelay, BREAKER_HALF_OPEN, BREAKER_OPEN, BREAKER_STATE_NAMES, CircuitBreaker, RetryBudget } from './resilience.ts';
import type { ServiceConfig, ServiceFault } from './config.ts';

/** Request states. */
const WAITING = 0;
const BACKOFF = 1;
const SUCCEEDED = 2;
const FAILED = 3;

/** Attempt states. */
const QUEUED = 0;
const IN_SERVICE = 1;
const DONE = 2;

/** The kinds of errors a client sees (and "budget": a retry the budget refused). */
export const ERROR_KINDS = ['timeout', 'rejected', 'breaker', 'budget', 'shed'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

/** The per-second series the page charts. */
export const SERVICE_SERIES = [
  'offered',
  'firsts',
  'retries',
  'goodput',
  'timeout',
  'rejected',
  'breaker',
  'budget',
  'shed',
  'wasted',
  'p50',
  'p99',
  'queue',
  'busy',
  'breakerState',
] as const;
export type ServiceSeriesName = (typeof SERVICE_SERIES)[number];

/** Length of the recovery window, s, and the share of started calls it must answer. */
export const RECOVERY_WINDOW = 10;
export const RECOVERY_SHARE = 0.95;

class Req {
  state = WAITING;
  attempts = 0;
  current: Attempt | null = null;
  handle = -1;
  constructor(
    readonly id: number,
    readonly slot: number,
    readonly start: number,
  ) {}
}

class Attempt {
  state = QUEUED;
  live = true;
  enqAt = 0;
  startAt = 0;
  constructor(
    readonly req: Req,
    readonly n: number,
    readonly probe: boolean,
  ) {}
}

interface Producer extends TimedProducer {
  produced: number;
}

export interface ServiceCounts {
  requests: number;
  waiting: number;
  backoff: number;
  succeeded: number;
  failed: number;
  attempts: number;
  queued: number;
  inService: number;
  ok: number;
  late: number;
  rejected: number;
  breakerRejected: number;
  shed: number;
  abandonedQueued: number;
  abandonedInService: number;
}

export class ServiceModel implements SimModel<ServiceFault> {
  readonly sim = new Simulation();
  readonly log = new EventLog(500);
  readonly breaker: CircuitBreaker;
  readonly budget: RetryBudget | null;
  readonly capacity: number;
  readonly serviceMean: number;
  readonly applied: ServiceFault[] = [];
  readonly series: Record<ServiceSeriesName, DownsampledSeries>;
  /** Conservation counters (never reset). */
  readonly n: ServiceCounts = {
    requests: 0,
    waiting: 0,
    backoff: 0,
    succeeded: 0,
    failed: 0,
    attempts: 0,
    queued: 0,
    inService: 0,
    ok: 0,
    late: 0,
    rejected: 0,
    breakerRejected: 0,
    shed: 0,
    abandonedQueued: 0,
    abandonedInService: 0,
  };
  /** Errors by kind since the warm-up. */
  readonly errors: Record<ErrorKind, number> = { timeout: 0, rejected: 0, breaker: 0, budget: 0, shed: 0 };
  /** Since the warm-up: calls started, attempts sent to the service (first, retries), successes, failures, server-seconds busy and wasted. */
  stats = { firsts: 0, offered: 0, retries: 0, sent: 0, succeeded: 0, failed: 0, busy: 0, wasted: 0, since: 0 };
  /** Latency of finished calls (success or give-up), of successes and of failures (the time a caller waits to learn it failed), since the warm-up. */
  readonly latency = new LogHistogram(1e-4, 1e6, 0.005);
  readonly okLatency = new LogHistogram(1e-4, 1e6, 0.005);
  readonly failLatency = new LogHistogram(1e-4, 1e6, 0.005);
  /** The service's sojourn time (queue + service) of attempts it answered, and time-averages. */
  readonly W = new BatchMeans();
  readonly busyL = new TimeIntegral(1);
  readonly queueL = new TimeIntegral(1);
  /** When the latest fault (the one ending last) starts and ends (null: no fault yet); seconds after it with offered > capacity; recovery. */
  triggerStart: number | null = null;
  triggerEnd: number | null = null;
  overloadAfter = 0;
  recoveredAfter: number | null = null;
  /** Whole seconds after the latest fault ended, with their calls started, attempts offered and successes. */
  readonly post = { seconds: 0, firsts: 0, offered: 0, goodput: 0 };
  /** Whole seconds within the latest fault, with their calls started, attempts offered, successes and call-seconds waited. */
  readonly during = { seconds: 0, firsts: 0, offered: 0, goodput: 0, waited: 0 };
  /** What the last outage left at the service when it ended: requests queued or in service, and those among them whose client had given up. */
  outageEndQueue: { requests: number; abandoned: number } | null = null;
  /** The most calls waiting for an answer at once (client threads or connections tied up). */
  waitingMax = 0;
  /** Peak queue length and the last second's offered load. */
  queueMax = 0;
  offeredNow = 0;
  goodputNow = 0;

  private readonly reqs: (Req | null)[] = [];
  private readonly free: number[] = [];
  private readonly queue: Attempt[] = [];
  private qHead = 0;
  private readonly servers: (Attempt | null)[];
  private readonly serverHandle: number[];
  private idle: number[] = [];
  private busy = 0;
  private outageUntil = 0;
  private slowdowns: { until: number; factor: number }[] = [];
  private readonly dist: Distribution;
  private readonly svcRng: Rng;
  private readonly backoffRng: Rng;
  private readonly arrivals: ProducerArrivals<Producer>;
  private readonly faults: FaultTimeline<ServiceFault>;
  private readonly kTimeout: number;
  private readonly kRetry: number;
  private readonly kDone: number;
  private readonly kOutageEnd: number;
  private readonly kSlowEnd: number;
  private readonly kHalfOpen: number;
  private nextReqId = 1;
  // The open one-second bin.
  private bin = { firsts: 0, offered: 0, retries: 0, goodput: 0, busy: 0, wasted: 0, timeout: 0, rejected: 0, breaker: 0, budget: 0, shed: 0 };
  /** ∫ calls waiting dt since the last tick, and when it was last brought up to date. */
  private waitArea = 0;
  private waitLast = 0;
  private readonly binLatency = new LogHistogram(1e-4, 1e6, 0.02);
  private readonly ring = { f: new Float64Array(RECOVERY_WINDOW), s: new Float64Array(RECOVERY_WINDOW), n: 0 };

  constructor(
    readonly config: ServiceConfig,
    seed: number,
  ) {
    const sim = this.sim;
    sim.noProgressHint = 'the model has work that takes no time and repeats forever';
    const streams = new RngStreams(seed);
    const c = config.service;
    this.dist = makeDistribution(c.time);
    this.serviceMean = this.dist.mean;
    this.capacity = this.serviceMean > 0 ? c.concurrency / (this.serviceMean * (1 + c.contention)) : Infinity;
    this.svcRng = streams.stream('service');
    this.backoffRng = streams.stream('backoff');
    this.breaker = new CircuitBreaker(config.breaker);
    this.budget = config.clients.budget.enabled ? new RetryBudget(config.clients.budget) : null;
    this.servers = new Array<Attempt | null>(c.concurrency).fill(null);
    this.serverHandle = new Array<number>(c.concurrency).fill(-1);
    for (let i = c.concurrency - 1; i >= 0; i--) this.idle.push(i);
    this.series = Object.fromEntries(SERVICE_SERIES.map((s) => [s, new DownsampledSeries(1, 1024)])) as Record<ServiceSeriesName, DownsampledSeries>;

    const kProduce = sim.register('call', () => this.onCall());
    const kRedraw = sim.register('clients-redraw', (i) => this.arrivals.redraw(i));
    this.kTimeout = sim.register('timeout', (slot) => this.onTimeout(slot));
    this.kRetry = sim.register('retry', (slot) => this.onRetry(slot));
    this.kDone = sim.register('served', (srv) => this.onDone(srv));
    this.kOutageEnd = sim.register('outage-end', () => this.onOutageEnd());
    this.kSlowEnd = sim.register('slowdown-end', () => this.onSlowEnd());
    this.kHalfOpen = sim.register('breaker-half-open', () => this.onHalfOpen());
    const kTick = sim.register('tick', () => this.onTick(kTick));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());
    const cl = config.clients;
    const producer: Producer = {
      config: { name: 'clients', arrivals: cl.arrivals },
      profile: new RateProfile({ rate: cl.rate, profile: cl.profile, bursts: null, daily: null, stopAt: null }),
      rng: streams.stream('arrivals'),
      stopped: false,
      handle: -1,
      produced: 0,
    };
    this.arrivals = new ProducerArrivals(sim, this.log, [producer], kProduce, kRedraw);
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    this.arrivals.schedule(0, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    sim.schedule(1, kTick, 0, 100);
  }

  // ─── clients ───────────────────────────────────────────────────────────────────────────────

  private onCall(): void {
    const now = this.sim.now;
    this.arrivals.schedule(0, now);
    this.arrivals.list[0].produced++;
    let slot = this.free.pop();
    if (slot === undefined) {
      slot = this.reqs.length;
      this.reqs.push(null);
    }
    const r = new Req(this.nextReqId++, slot, now);
    this.reqs[slot] = r;
    this.n.requests++;
    this.addWaiting(1);
    this.bin.firsts++;
    this.stats.firsts++;
    this.budget?.deposit(now);
    this.sim.progress++;
    this.send(r);
  }

  /** Sends request r's next attempt now (r counts as waiting). */
  private send(r: Req): void {
    const n = r.attempts++;
    this.n.attempts++;
    this.stats.sent++;
    const permit = this.breaker.acquire();
    if (permit === 0) {
      this.n.breakerRejected++;
      this.clientError(r, 'breaker');
      return;
    }
    const a = new Attempt(r, n, permit === 2);
    this.bin.offered++;
    this.stats.offered++;
    if (n > 0) {
      this.bin.retries++;
      this.stats.retries++;
    }
    const now = this.sim.now;
    a.enqAt = now;
    if (this.idle.length > 0 && now >= this.outageUntil && this.queueLength() === 0) {
      r.current = a;
      r.handle = this.sim.schedule(this.config.clients.timeout, this.kTimeout, r.slot, 10);
      this.n.queued++;
      this.start(this.idle.pop()!, a);
      return;
    }
    if (this.queueLength() >= this.config.service.queueLimit) {
      this.n.rejected++;
      this.record(true, a.probe);
      this.clientError(r, 'rejected');
      return;
    }
    r.current = a;
    r.handle = this.sim.schedule(this.config.clients.timeout, this.kTimeout, r.slot, 10);
    this.n.queued++;
    this.queue.push(a);
    this.queueChanged();
  }

  /** An error the client sees at once (or its timeout): retry after a backoff, or give up. */
  private clientError(r: Req, kind: ErrorKind): void {
    this.count(kind);
    r.current = null;
    const now = this.sim.now;
    if (r.attempts > this.config.clients.retries) {
      this.finish(r, FAILED);
      return;
    }
    if (this.budget && !this.budget.tryWithdraw(now)) {
      this.count('budget');
      this.finish(r, FAILED);
      return;
    }
    r.state = BACKOFF;
    this.addWaiting(-1);
    this.n.backoff++;
    r.handle = this.sim.schedule(backoffDelay(this.config.clients, r.attempts, this.backoffRng), this.kRetry, r.slot);
  }

  /** Calls waiting change by `d` now (the integral for the per-second average, the peak). */
  private addWaiting(d: number): void {
    const now = this.sim.now;
    this.waitArea += this.n.waiting * (now - this.waitLast);
    this.waitLast = now;
    this.n.waiting += d;
    if (this.n.waiting > this.waitingMax) this.waitingMax = this.n.waiting;
  }

  private count(kind: ErrorKind): void {
    this.errors[kind]++;
    this.bin[kind]++;
  }

  private onRetry(slot: number): void {
    const r = this.reqs[slot]!;
    r.handle = -1;
    r.state = WAITING;
    this.n.backoff--;
    this.addWaiting(1);
    this.send(r);
  }

  private onTimeout(slot: number): void {
    const r = this.reqs[slot]!;
    r.handle = -1;
    const a = r.current!;
    a.live = false;
    if (a.state === QUEUED) this.n.abandonedQueued++;
    else this.n.abandonedInService++;
    this.record(true, a.probe);
    this.clientError(r, 'timeout');
  }

  private finish(r: Req, state: typeof SUCCEEDED | typeof FAILED): void {
    const now = this.sim.now;
    r.state = state;
    this.addWaiting(-1);
    if (state === SUCCEEDED) {
      this.n.succeeded++;
      this.stats.succeeded++;
      this.bin.goodput++;
      this.okLatency.add(now - r.start);
    } else {
      this.n.failed++;
      this.stats.failed++;
      this.failLatency.add(now - r.start);
    }
    this.latency.add(now - r.start);
    this.binLatency.add(now - r.start);
    this.reqs[r.slot] = null;
    this.free.push(r.slot);
    this.sim.progress++;
  }

  private record(failed: boolean, probe: boolean): void {
    const b = this.breaker;
    const before = b.state;
    if (!b.record(failed, probe, this.sim.now)) return;
    this.breakerChanged();
    if (b.state === BREAKER_OPEN) {
      this.log.add(this.sim.now, 'WARN', 'CircuitBreaker', `${BREAKER_STATE_NAMES[before]} → open: calls are rejected for ${this.config.breaker.waitDurationInOpenState} s`);
      this.sim.scheduleAt(b.openUntil, this.kHalfOpen, 0);
    } else this.log.add(this.sim.now, 'INFO', 'CircuitBreaker', 'half-open → closed');
  }

  private onHalfOpen(): void {
    const b = this.breaker;
    if (b.state !== BREAKER_OPEN || this.sim.now < b.openUntil) return;
    b.halfOpen();
    this.log.add(this.sim.now, 'INFO', 'CircuitBreaker', `open → half-open: ${this.config.breaker.permittedNumberOfCallsInHalfOpenState} probe calls let through`);
    this.breakerChanged();
  }

  private breakerChanged(): void {
    this.series.breakerState.set(this.sim.now, this.breaker.state);
  }

  // ─── the service ───────────────────────────────────────────────────────────────────────────

  queueLength(): number {
    return this.queue.length - this.qHead;
  }

  private queueChanged(): void {
    const q = this.queueLength();
    if (q > this.queueMax) this.queueMax = q;
    this.series.queue.set(this.sim.now, q);
    this.queueL.set(this.sim.now, q);
  }

  private dequeue(): Attempt {
    const a = this.queue[this.qHead++];
    if (this.qHead > 1024 && this.qHead * 2 > this.queue.length) {
      this.queue.splice(0, this.qHead);
      this.qHead = 0;
    }
    return a;
  }

  private slowFactor(): number {
    let f = 1;
    for (const s of this.slowdowns) f *= s.factor;
    return f;
  }

  /** Server `srv` (idle) takes attempt `a` (counted as queued) now. */
  private start(srv: number, a: Attempt): void {
    const now = this.sim.now;
    const c = this.config.service;
    this.n.queued--;
    this.n.inService++;
    if (!a.live) {
      this.n.abandonedQueued--;
      this.n.abandonedInService++;
    }
    a.state = IN_SERVICE;
    a.startAt = now;
    this.servers[srv] = a;
    this.busy++;
    this.busyL.set(now, this.busy);
    this.series.busy.set(now, this.busy);
    const t = this.dist.sample(this.svcRng) * (1 + (c.contention * this.busy) / c.concurrency) * this.slowFactor();
    this.serverHandle[srv] = this.sim.schedule(t, this.kDone, srv);
  }

  private onDone(srv: number): void {
    const now = this.sim.now;
    if (now < this.outageUntil) {
      // The service hangs: the answer comes when the outage ends.
      this.serverHandle[srv] = this.sim.scheduleAt(this.outageUntil, this.kDone, srv);
      return;
    }
    const a = this.servers[srv]!;
    this.servers[srv] = null;
    this.serverHandle[srv] = -1;
    this.busy--;
    this.busyL.set(now, this.busy);
    this.series.busy.set(now, this.busy);
    const dt = now - a.startAt;
    this.stats.busy += dt;
    this.bin.busy += dt;
    this.n.inService--;
    a.state = DONE;
    if (a.live) {
      const r = a.req;
      this.n.ok++;
      this.W.add(now - a.enqAt);
      this.sim.cancel(r.handle);
      r.handle = -1;
      r.current = null;
      this.record(false, a.probe);
      this.finish(r, SUCCEEDED);
    } else {
      this.n.abandonedInService--;
      this.n.late++;
      this.W.add(now - a.enqAt);
      this.stats.wasted += dt;
      this.bin.wasted += dt;
    }
    this.sim.progress++;
    this.pull(srv);
  }

  /** Server `srv` is idle: it takes the next attempt from the queue (shedding those past the deadline). */
  private pull(srv: number): void {
    const now = this.sim.now;
    const deadline = this.config.service.deadline;
    while (this.queueLength() > 0) {
      const a = this.dequeue();
      if (deadline !== null && now - a.enqAt > deadline) {
        this.n.queued--;
        this.n.shed++;
        a.state = DONE;
        this.sim.progress++;
        if (a.live) {
          const r = a.req;
          this.sim.cancel(r.handle);
          r.handle = -1;
          this.record(true, a.probe);
          this.clientError(r, 'shed');
        } else this.n.abandonedQueued--;
        continue;
      }
      this.queueChanged();
      this.start(srv, a);
      return;
    }
    this.queueChanged();
    this.idle.push(srv);
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  inject(f: ServiceFault): void {
    this.faults.inject(f);
  }

  private onFault(f: ServiceFault): void {
    const now = this.sim.now;
    this.applied.push({ ...f, at: now });
    const end = now + f.duration;
    if (this.triggerEnd === null || end > this.triggerEnd) {
      this.triggerStart = now;
      this.triggerEnd = end;
      this.overloadAfter = 0;
      this.recoveredAfter = null;
      this.ring.n = 0;
      this.post.seconds = this.post.firsts = this.post.offered = this.post.goodput = 0;
      const d = this.during;
      d.seconds = d.firsts = d.offered = d.goodput = d.waited = 0;
    }
    if (f.kind === 'outage') {
      this.log.add(now, 'ERROR', 'FaultInjector', `outage: the service hangs for ${f.duration} s`);
      if (end > this.outageUntil) {
        this.outageUntil = end;
        this.sim.scheduleAt(end, this.kOutageEnd, 0);
      }
    } else if (f.kind === 'slowdown') {
      this.log.add(now, 'WARN', 'FaultInjector', `slowdown: service times ×${f.factor} for ${f.duration} s`);
      this.slowdowns.push({ until: end, factor: f.factor });
      this.sim.scheduleAt(end, this.kSlowEnd, 0);
    } else {
      this.arrivals.apply({ at: now, kind: 'load-spike', target: '*', factor: f.factor, duration: f.duration });
    }
  }

  private onOutageEnd(): void {
    if (this.sim.now < this.outageUntil) return;
    const abandoned = this.n.abandonedQueued + this.n.abandonedInService;
    const requests = this.n.queued + this.n.inService;
    this.outageEndQueue = { requests, abandoned };
    this.log.add(this.sim.now, 'INFO', 'FaultInjector', `outage over: the service answers again, ${requests} requests waiting for it, ${abandoned} of them abandoned by their clients`);
    while (this.idle.length > 0 && this.queueLength() > 0) this.pull(this.idle.pop()!);
  }

  private onSlowEnd(): void {
    const now = this.sim.now;
    this.slowdowns = this.slowdowns.filter((s) => s.until > now);
  }

  // ─── statistics ────────────────────────────────────────────────────────────────────────────

  private resetStats(): void {
    const now = this.sim.now;
    this.stats = { firsts: 0, offered: 0, retries: 0, sent: 0, succeeded: 0, failed: 0, busy: 0, wasted: 0, since: now };
    for (const k of Object.keys(this.errors) as ErrorKind[]) this.errors[k] = 0;
    this.latency.reset();
    this.okLatency.reset();
    this.failLatency.reset();
    this.W.reset();
    this.busyL.reset(now);
    this.queueL.reset(now);
  }

  private onTick(kTick: number): void {
    const now = this.sim.now;
    const from = now - 1;
    const b = this.bin;
    const s = this.series;
    s.offered.set(from, b.offered);
    s.firsts.set(from, b.firsts);
    s.retries.set(from, b.retries);
    s.goodput.set(from, b.goodput);
    s.timeout.set(from, b.timeout);
    s.rejected.set(from, b.rejected);
    s.breaker.set(from, b.breaker);
    s.budget.set(from, b.budget);
    s.shed.set(from, b.shed);
    s.wasted.set(from, b.busy > 0 ? (100 * b.wasted) / b.busy : 0);
    const h = this.binLatency;
    s.p50.set(from, h.total > 0 ? h.quantile(0.5) : 0);
    s.p99.set(from, h.total > 0 ? h.quantile(0.99) : 0);
    h.reset();
    this.waitArea += this.n.waiting * (now - this.waitLast);
    this.waitLast = now;
    const waited = this.waitArea;
    this.waitArea = 0;
    // The state is set at each change; setting it every second too keeps its chart running to now.
    s.breakerState.set(now, this.breaker.state);
    if (this.triggerStart !== null && this.triggerEnd !== null && from >= this.triggerStart && now <= this.triggerEnd) {
      const d = this.during;
      d.seconds++;
      d.firsts += b.firsts;
      d.offered += b.offered;
      d.goodput += b.goodput;
      d.waited += waited;
    }
    this.offeredNow = b.offered;
    this.goodputNow = b.goodput;
    if (this.triggerEnd !== null && from >= this.triggerEnd) {
      if (b.offered > this.capacity) this.overloadAfter++;
      const p = this.post;
      p.seconds++;
      p.firsts += b.firsts;
      p.offered += b.offered;
      p.goodput += b.goodput;
      const ring = this.ring;
      ring.f[ring.n % RECOVERY_WINDOW] = b.firsts;
      ring.s[ring.n % RECOVERY_WINDOW] = b.goodput;
      ring.n++;
      if (this.recoveredAfter === null && ring.n >= RECOVERY_WINDOW) {
        let f = 0;
        let g = 0;
        for (let i = 0; i < RECOVERY_WINDOW; i++) {
          f += ring.f[i];
          g += ring.s[i];
        }
        if (f > 0 && g >= RECOVERY_SHARE * f) this.recoveredAfter = now - RECOVERY_WINDOW - this.triggerEnd;
      }
    }
    this.bin = { firsts: 0, offered: 0, retries: 0, goodput: 0, busy: 0, wasted: 0, timeout: 0, rejected: 0, breaker: 0, budget: 0, shed: 0 };
    this.sim.schedule(1, kTick, 0, 100);
  }

  // ─── reading ───────────────────────────────────────────────────────────────────────────────

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  logMark(): number {
    return this.log.evicted + this.log.size + this.log.folded;
  }

  logEntries(): LogEntry[] {
    return this.log.read();
  }

  /** Attempts queued and in service now, live (a client still waits) and abandoned. */
  occupancy(): { queued: number; inService: number; abandonedQueued: number; abandonedInService: number; idle: number; outage: boolean } {
    return {
      queued: this.n.queued,
      inService: this.n.inService,
      abandonedQueued: this.n.abandonedQueued,
      abandonedInService: this.n.abandonedInService,
      idle: this.idle.length,
      outage: this.sim.now < this.outageUntil,
    };
  }

  /** Requests alive now (waiting or in backoff). */
  alive(): number {
    return this.n.waiting + this.n.backoff;
  }

  /** The clients' first-attempt rate now (load spikes included). */
  rateNow(): number {
    return this.arrivals.list[0].profile.rateAt(this.sim.now);
  }

  breakerHalfOpen(): boolean {
    return this.breaker.state === BREAKER_HALF_OPEN;
  }
}
