/**
 * The pipeline model (issue 15: flow control, more than one topic): open-loop sources produce
 * items into the buffer of a stage; each stage's `workers` take items from its buffer one at a
 * time, process them for a drawn time and hand each finished item to every stage it sends to (a
 * copy each), or finish it when it sends to none. Stages and their edges form a DAG.
 *
 * A buffer is a topic (unbounded: a producer is never held up) or bounded, with a policy when
 * full: `block` holds the producer — a worker keeps its finished item and takes no other until
 * every copy is in (its stage slows down in turn: backpressure), a source's send waits, in order,
 * up to its `blockTimeout`; `drop-newest` refuses the arriving item; `drop-oldest` evicts the
 * oldest waiting item for it. A stage with `pause` stops taking new items while a bounded buffer it
 * sends to holds `high` or more and resumes when every one holds `low` or fewer (Kafka's
 * consumer.pause()/resume(): the items stay in its own buffer). A source with `shedAbove` refuses
 * an item at once while its stage's backlog (waiting + blocked sends) is at least that.
 *
 * The request path: a source whose items reach a stage with `respond` (through stages that send
 * to one stage each) makes a request per item; its caller gets the response when that stage is
 * done with the item and has handed it on (a worker blocked on a full buffer answers once its
 * copies are in). A request is answered in time, times out after the source's `timeout` (the
 * caller leaves; the work goes on, and may answer late), or is refused when its item is dropped or
 * shed before the response. A stage may call dependencies inline, its worker waiting for each:
 * the item's processing time is the stage's own plus each call's, and a slowdown may hit one
 * dependency wherever it is called.
 *
 * States (conservation, checked by a property test at every chunk boundary): every item ever
 * created — by a source, or as the extra copies of a fan-out — is in exactly one of: buffered,
 * in service, blocked (finished at a stage and held by its worker, or a source's send), dropped by
 * a buffer's policy, shed at the edge (or its blocked send timed out), or done (finished at a stage
 * that sends to none). So created = buffered + inService + blocked + dropped + shed + done. Every
 * request made is open, answered, timed out or refused (answered late ones among the timed out).
 *
 * Faults go through the shared timeline (a live toggle replays bit for bit from the recorded
 * list): a load spike multiplies a source's rate, a slowdown a stage's processing times (or one
 * dependency's calls), and add-workers scales a stage out.
 *
 * Statistics since the warm-up: per stage its arrivals, completions, drops, queueing delay Wq and
 * time at the stage W, age of items when their service starts, time-averaged backlog, busy,
 * blocked and paused; end to end, per source and overall, the latency from production to done
 * (mean with its batch-means interval, percentiles). Per simulated second: items in, done and lost,
 * each stage's completions and backlog, end-to-end p50 and p99 (and p99 per source); with requests,
 * the time to response (p50, p99: what callers waited, a timed-out one its timeout) and timeouts.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams } from '../../kernel/rng.ts';
import { makeDistribution } from '../../kernel/distributions.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { DownsampledSeries } from '../../metrics/series.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import { EventLog, type LogEntry } from '../kafka/event-log.ts';
import { ProducerArrivals, type TimedProducer } from '../producer-arrivals.ts';
import { FaultTimeline } from '../fault-timeline.ts';
import type { SimModel } from '../contract.ts';
import type { PipelineConfig, PipelineFault, SourceConfig } from './config.ts';
import * as states from './stage.ts';
import { factorOf, Item, Request, Stage, Worker, type Waiter } from './stage.ts';
import { Deque } from '../queue/messages.ts';

// Local copies of the item states: the hot paths read plain constants, not module bindings.
const { BLOCKED, BUFFERED, DONE, DROPPED, IN_SERVICE, SHED, REQ_LATE, REQ_OK, REQ_OPEN, REQ_REFUSED, REQ_TIMED_OUT } = states;

export interface PipelineCounts {
  created: number;
  buffered: number;
  inService: number;
  blocked: number;
  dropped: number;
  shed: number;
  done: number;
}

/** Requests by state (never reset): made = open + ok + timedOut + refused; `late` are timed out ones answered afterwards. */
export interface RequestCounts {
  made: number;
  open: number;
  ok: number;
  timedOut: number;
  refused: number;
  late: number;
}

const noRequestCounts = (): RequestCounts => ({ made: 0, open: 0, ok: 0, timedOut: 0, refused: 0, late: 0 });

/** A dependency stages call (by name): its slowdowns in force. */
export interface Dependency {
  name: string;
  slowdowns: { until: number; factor: number }[];
}

/** A source's counts since the warm-up. */
export interface SourceStats {
  emitted: number;
  /** Refused at the edge (shedAbove), and blocked sends that timed out. */
  shed: number;
  timedOut: number;
  /** Its items (copies included) dropped by a buffer's policy, and done. */
  dropped: number;
  done: number;
}

const noSourceStats = (): SourceStats => ({ emitted: 0, shed: 0, timedOut: 0, dropped: 0, done: 0 });

export interface Source extends TimedProducer {
  readonly cfg: SourceConfig;
  stats: SourceStats;
  /** Sends blocked now, and their time-average since the warm-up; items shed since the start. */
  blocked: number;
  shedAll: number;
  readonly blockedL: TimeIntegral;
  readonly W: BatchMeans;
  readonly latency: LogHistogram;
  readonly binLatency: LogHistogram;
  /** Its items reach a stage that responds: each is a request. */
  readonly requests: boolean;
  /** Requests not yet past their timeout, in the order made (with a timeout), and whether the timer for the first is set. */
  readonly open: Deque<Request> | null;
  timerSet: boolean;
  /** Its callers that timed out since the start; rate-limits the log: the last second a timeout line was written. */
  timeoutsAll: number;
  lastTimeoutLog: number;
}

/** The per-second series every pipeline has (per stage and per source ones are named by {@link pipelineSeriesNames}). */
export const PIPELINE_SERIES = ['in', 'done', 'lost', 'p50', 'p99'] as const;

/** The per-second series of a pipeline with requests: time to response p50 and p99, timeouts. */
export const REQUEST_SERIES = ['req.p50', 'req.p99', 'req.timeouts'] as const;

/** Every series a pipeline of `stages` stages and `sources` sources keeps: `backlog.<i>` and `done.<i>` per stage, `p99.<j>` per source when there are several, the request series with requests. */
export function pipelineSeriesNames(stages: number, sources: number, requests = false): string[] {
  const names: string[] = [...PIPELINE_SERIES];
  for (let i = 0; i < stages; i++) names.push(`backlog.${i}`, `done.${i}`);
  if (sources > 1) for (let j = 0; j < sources; j++) names.push(`p99.${j}`);
  if (requests) names.push(...REQUEST_SERIES);
  return names;
}

/** What one event did, for "Step" (read by the registry entry's describeStep). */
export interface StepNote {
  text: string;
}

export class PipelineModel implements SimModel<PipelineFault> {
  readonly sim = new Simulation();
  readonly log = new EventLog(500);
  readonly stages: Stage[];
  readonly sources: Source[];
  readonly workers: Worker[] = [];
  readonly deps: Dependency[] = [];
  readonly applied: PipelineFault[] = [];
  readonly series: Record<string, DownsampledSeries> = {};
  readonly seriesNames: string[];
  /** Conservation counters (never reset). */
  readonly n: PipelineCounts = { created: 0, buffered: 0, inService: 0, blocked: 0, dropped: 0, shed: 0, done: 0 };
  /** End-to-end latency of items done since the warm-up. */
  readonly W = new BatchMeans();
  readonly latency = new LogHistogram(1e-4, 1e7, 0.005);
  /** Requests by state (never reset), and since the warm-up: counts, and what callers waited (answered in time: the response; timed out: the timeout). */
  readonly req: RequestCounts = noRequestCounts();
  reqStats: RequestCounts = noRequestCounts();
  readonly reqW = new BatchMeans();
  readonly reqLatency = new LogHistogram(1e-4, 1e7, 0.005);
  readonly hasRequests: boolean;
  since = 0;
  /** The last whole second's items in, done and lost. */
  readonly lastSecond = { in: 0, done: 0, lost: 0 };
  /** What the last event did in words, when a step asks for it. */
  note: StepNote | null = null;

  private readonly arrivals: ProducerArrivals<Source>;
  private readonly faults: FaultTimeline<PipelineFault>;
  private readonly kDone: number;
  private readonly kTimeout: number;
  private readonly kSlowEnd: number;
  private readonly kDepSlowEnd: number;
  private readonly kReqTimeout: number;
  private readonly slots: (Item | null)[] = [];
  private readonly freeSlots: number[] = [];
  private bin = { in: 0, done: 0, lost: 0, timeouts: 0 };
  private readonly binLatency = new LogHistogram(1e-4, 1e7, 0.02);
  private readonly binReq = new LogHistogram(1e-4, 1e7, 0.02);

  constructor(
    readonly config: PipelineConfig,
    seed: number,
  ) {
    const sim = this.sim;
    sim.noProgressHint = 'the pipeline has work that takes no time and repeats forever';
    const streams = new RngStreams(seed);
    this.stages = config.stages.map((c, i) => new Stage(i, c, makeDistribution(c.time), streams.stream('stage', i)));
    for (const s of this.stages) {
      if (s.config.pause) for (const d of s.config.to) if (this.stages[d].bounded) this.stages[d].pausers.push(s.index);
    }
    // Dependencies by name, in the order stages first call them; each call draws from its own stream.
    const depIndex = new Map<string, number>();
    for (const s of this.stages) {
      s.config.calls.forEach((c, k) => {
        let d = depIndex.get(c.name);
        if (d === undefined) {
          d = this.deps.length;
          depIndex.set(c.name, d);
          this.deps.push({ name: c.name, slowdowns: [] });
        }
        s.calls.push({ dep: d, dist: makeDistribution(c.time), rng: streams.stream('call', s.index * 4 + k) });
      });
    }
    const requests = config.sources.map((c) => this.respondsOnPath(c.to));
    this.hasRequests = requests.some(Boolean);
    this.seriesNames = pipelineSeriesNames(config.stages.length, config.sources.length, this.hasRequests);
    for (const name of this.seriesNames) this.series[name] = new DownsampledSeries(1, 1024);
    for (const s of this.stages) s.backlogSeries = this.series[`backlog.${s.index}`];

    const kArrive = sim.register('produce', (i) => this.onArrive(i));
    const kRedraw = sim.register('source-redraw', (i) => this.arrivals.redraw(i));
    this.kDone = sim.register('processed', (w) => this.onDone(w));
    this.kTimeout = sim.register('block-timeout', (slot) => this.onTimeout(slot));
    this.kSlowEnd = sim.register('slowdown-end', (i) => this.onSlowEnd(i));
    this.kDepSlowEnd = sim.register('dependency-slowdown-end', (i) => this.onDepSlowEnd(i));
    this.kReqTimeout = sim.register('request-timeout', (j) => this.onRequestTimeout(j));
    const kTick = sim.register('tick', () => this.onTick(kTick));
    const kWarmup = sim.register('warmup-end', () => this.resetStats());

    this.sources = config.sources.map((c, j) => ({
      cfg: c,
      config: { name: c.name, arrivals: c.arrivals },
      profile: new RateProfile({ rate: c.rate, profile: c.profile, bursts: null, daily: null, stopAt: null }),
      rng: streams.stream('arrivals', j),
      stopped: false,
      handle: -1,
      stats: noSourceStats(),
      blocked: 0,
      shedAll: 0,
      blockedL: new TimeIntegral(1),
      W: new BatchMeans(),
      latency: new LogHistogram(1e-4, 1e7, 0.005),
      binLatency: new LogHistogram(1e-4, 1e7, 0.02),
      requests: requests[j],
      open: requests[j] && c.timeout !== null ? new Deque<Request>() : null,
      timerSet: false,
      timeoutsAll: 0,
      lastTimeoutLog: -Infinity,
    }));
    this.arrivals = new ProducerArrivals(sim, this.log, this.sources, kArrive, kRedraw);
    for (const s of this.stages) this.addWorkers(s, s.config.workers);
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    for (let j = 0; j < this.sources.length; j++) this.arrivals.schedule(j, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    sim.schedule(1, kTick, 0, 100);
  }

  // ─── sources ───────────────────────────────────────────────────────────────────────────────

  private onArrive(j: number): void {
    const now = this.sim.now;
    this.arrivals.schedule(j, now);
    const src = this.sources[j];
    const item = new Item(j, now);
    this.n.created++;
    src.stats.emitted++;
    this.bin.in++;
    this.sim.progress++;
    if (src.requests) this.request(src, item);
    const d = this.stages[src.cfg.to];
    if (src.cfg.shedAbove !== null && d.backlog() >= src.cfg.shedAbove) {
      item.state = SHED;
      this.n.shed++;
      src.stats.shed++;
      src.shedAll++;
      this.bin.lost++;
      this.refuse(item.req);
      if (this.note) this.note.text = `${src.cfg.name} shed an item: ${d.name} has ${d.backlog()} waiting`;
      return;
    }
    if (this.offer(d, item)) {
      if (this.note) this.note.text = `${src.cfg.name} produced an item to ${d.name}`;
      return;
    }
    // Blocked: the send waits, in order, for room.
    item.blockedAt = now;
    this.block(d, { item, worker: -1 });
    src.blocked++;
    src.blockedL.set(now, src.blocked);
    if (src.cfg.blockTimeout !== null) {
      let slot = this.freeSlots.pop();
      if (slot === undefined) {
        slot = this.slots.length;
        this.slots.push(null);
      }
      this.slots[slot] = item;
      item.slot = slot;
      item.handle = this.sim.schedule(src.cfg.blockTimeout, this.kTimeout, slot);
    }
    if (this.note) this.note.text = `${src.cfg.name}'s send blocks: ${d.name}'s buffer is full (${d.capacity})`;
  }

  private onTimeout(slot: number): void {
    const item = this.slots[slot]!;
    this.releaseSlot(item);
    if (item.state !== BLOCKED) return;
    const now = this.sim.now;
    const d = this.stages[this.sources[item.source].cfg.to];
    item.state = SHED;
    this.n.blocked--;
    this.n.shed++;
    d.liveWaiters--;
    const src = this.sources[item.source];
    src.blocked--;
    src.blockedL.set(now, src.blocked);
    src.stats.shed++;
    src.shedAll++;
    src.stats.timedOut++;
    this.bin.lost++;
    this.sim.progress++;
    this.refuse(item.req);
    if (this.note) this.note.text = `${src.cfg.name}'s blocked send gave up after ${src.cfg.blockTimeout} s: shed`;
    this.logFull(d, 'WARN', () => `${src.cfg.name}: send blocked for ${src.cfg.blockTimeout} s on a full ${d.name} buffer, item shed`);
  }

  // ─── requests ──────────────────────────────────────────────────────────────────────────────

  /** Whether items entering stage i reach a stage that responds, through stages that send to one stage each (validation refuses copies before a response). */
  private respondsOnPath(i: number): boolean {
    let st = this.config.stages[i];
    while (!st.respond && st.to.length === 1) st = this.config.stages[st.to[0]];
    return st.respond;
  }

  /** The item's caller starts waiting; with a timeout, the request joins its source's line of deadlines. */
  private request(src: Source, item: Item): void {
    const req = new Request(item.source, item.born);
    item.req = req;
    this.req.made++;
    this.req.open++;
    this.reqStats.made++;
    if (src.open) {
      src.open.push(req);
      if (!src.timerSet) {
        src.timerSet = true;
        this.sim.schedule(src.cfg.timeout!, this.kReqTimeout, item.source);
      }
    }
  }

  /** The first request of source j reached its deadline: every one past it that is still open times out (504); the timer moves to the next open one. */
  private onRequestTimeout(j: number): void {
    const src = this.sources[j];
    const q = src.open!;
    const timeout = src.cfg.timeout!;
    const now = this.sim.now;
    src.timerSet = false;
    for (let head = q.peek(); head; head = q.peek()) {
      if (head.state === REQ_OPEN) {
        if (head.born + timeout > now) {
          src.timerSet = true;
          this.sim.scheduleAt(head.born + timeout, this.kReqTimeout, j);
          return;
        }
        head.state = REQ_TIMED_OUT;
        this.req.open--;
        this.req.timedOut++;
        this.reqStats.timedOut++;
        this.bin.timeouts++;
        src.timeoutsAll++;
        this.sim.progress++;
        this.waited(timeout);
        if (this.note) this.note.text = `a caller of ${src.cfg.name} gave up after ${timeout} s without a response (504)`;
        this.logTimeout(src, timeout);
      }
      q.shift();
    }
  }

  /** Writes a line about timeouts at most once a simulated second per source. */
  private logTimeout(src: Source, timeout: number): void {
    const now = this.sim.now;
    if (now - src.lastTimeoutLog < 1) return;
    src.lastTimeoutLog = now;
    this.log.add(now, 'WARN', src.cfg.name, `504 Gateway Timeout: no response within ${timeout} s`);
  }

  /** The response: in time, or after its caller left (late). */
  private answer(req: Request): void {
    if (req.state === REQ_OPEN) {
      req.state = REQ_OK;
      this.req.open--;
      this.req.ok++;
      this.reqStats.ok++;
      this.waited(this.sim.now - req.born);
    } else if (req.state === REQ_TIMED_OUT) {
      req.state = REQ_LATE;
      this.req.late++;
      this.reqStats.late++;
    }
  }

  /** Its item was dropped or shed before the response: the caller is refused (503). */
  private refuse(req: Request | null): void {
    if (req === null || req.state !== REQ_OPEN) return;
    req.state = REQ_REFUSED;
    this.req.open--;
    this.req.refused++;
    this.reqStats.refused++;
  }

  private waited(w: number): void {
    this.reqW.add(w);
    this.reqLatency.add(w);
    this.binReq.add(w);
  }

  private releaseSlot(item: Item): void {
    if (item.slot < 0) return;
    this.slots[item.slot] = null;
    this.freeSlots.push(item.slot);
    item.slot = -1;
    item.handle = -1;
  }

  // ─── stages ────────────────────────────────────────────────────────────────────────────────

  /** Offers `item` to stage d: true when it was taken (into service, the buffer) or dropped by the policy; false when it must block. */
  private offer(d: Stage, item: Item): boolean {
    d.stats.offered++;
    if (!d.paused && d.idle.length > 0) {
      this.accept(d, item);
      this.start(d, this.workers[d.idle.pop()!], item);
      return true;
    }
    if (d.buffer.length < d.capacity) {
      this.accept(d, item);
      this.push(d, item);
      return true;
    }
    if (d.policy === 'drop-newest' || (d.policy === 'drop-oldest' && d.buffer.length === 0)) {
      this.drop(d, item, 'newest');
      return true;
    }
    if (d.policy === 'drop-oldest') {
      const old = d.buffer.shift()!;
      this.n.buffered--;
      this.drop(d, old, 'oldest');
      this.accept(d, item);
      this.push(d, item);
      return true;
    }
    return false;
  }

  private accept(d: Stage, item: Item): void {
    item.enq = this.sim.now;
    d.stats.accepted++;
  }

  private push(d: Stage, item: Item): void {
    item.state = BUFFERED;
    this.n.buffered++;
    d.buffer.push(item);
    this.bufferChanged(d);
  }

  private drop(d: Stage, item: Item, which: 'newest' | 'oldest'): void {
    item.state = DROPPED;
    this.refuse(item.req);
    this.n.dropped++;
    d.droppedAll++;
    d.stats.dropped++;
    this.sources[item.source].stats.dropped++;
    this.bin.lost++;
    this.sim.progress++;
    this.logFull(d, 'WARN', () => `${d.name} buffer full (${d.capacity}): dropping the ${which} item`);
  }

  private block(d: Stage, w: Waiter): void {
    w.item.state = BLOCKED;
    this.n.blocked++;
    d.liveWaiters++;
    d.waiters.push(w);
    this.logFull(d, 'INFO', () => `${d.name} buffer full (${d.capacity}): producers block`);
  }

  /** Writes a line about a full buffer at most once a simulated second per stage (the text is built only then). */
  private logFull(d: Stage, level: 'INFO' | 'WARN', text: () => string): void {
    const now = this.sim.now;
    if (now - d.lastFullLog < 1) return;
    d.lastFullLog = now;
    this.log.add(now, level, d.name, text());
  }

  private bufferChanged(d: Stage): void {
    const now = this.sim.now;
    const len = d.buffer.length;
    if (len > d.backlogMax) {
      d.backlogMax = len;
      d.backlogMaxAt = now;
      d.drainedAt = NaN;
    } else if (len === 0 && d.drainedAt !== d.drainedAt) d.drainedAt = now;
    d.backlogL.set(now, len);
    d.backlogSeries!.set(now, len);
    for (const u of d.pausers) this.checkPause(this.stages[u]);
  }

  /** Pause stage u when a bounded buffer it sends to reaches `high`; resume it once every one is at `low` or below. */
  private checkPause(u: Stage): void {
    const p = u.config.pause!;
    let high = false;
    let low = true;
    let at = '';
    for (const i of u.config.to) {
      const d = this.stages[i];
      if (!d.bounded) continue;
      const len = d.buffer.length;
      if (len >= p.high && !high) {
        high = true;
        at = `${d.name} holds ${len} ≥ ${p.high}`;
      }
      if (len > p.low) low = false;
    }
    const now = this.sim.now;
    if (!u.paused && high) {
      u.paused = true;
      u.stats.pauses++;
      u.pausedL.set(now, 1);
      this.log.add(now, 'INFO', u.name, `pause(): ${at}`);
    } else if (u.paused && low) {
      u.paused = false;
      u.pausedL.set(now, 0);
      this.log.add(now, 'INFO', u.name, `resume(): every buffer downstream at ≤ ${p.low}`);
      this.feed(u);
    }
  }

  /** Idle workers of d take work while there is some (and d is not paused); then blocked sends move into the room left. */
  private feed(d: Stage): void {
    while (!d.paused && d.idle.length > 0) {
      const item = this.take(d);
      if (!item) break;
      this.start(d, this.workers[d.idle.pop()!], item);
    }
    this.admit(d);
  }

  /** The next item for a worker of d: the buffer's head, else (a full buffer of capacity 0) the first blocked send, handed over directly. */
  private take(d: Stage): Item | null {
    if (d.buffer.length > 0) {
      const item = d.buffer.shift()!;
      this.n.buffered--;
      this.bufferChanged(d);
      return item;
    }
    while (d.waiters.length > 0) {
      const w = d.waiters.shift()!;
      if (w.item.state !== BLOCKED) continue;
      this.unblock(d, w);
      this.accept(d, w.item);
      return w.item;
    }
    return null;
  }

  /** Blocked sends enter d's buffer while it has room, in the order they blocked. */
  private admit(d: Stage): void {
    while (d.waiters.length > 0 && d.buffer.length < d.capacity) {
      const w = d.waiters.shift()!;
      if (w.item.state !== BLOCKED) continue;
      this.unblock(d, w);
      this.accept(d, w.item);
      this.push(d, w.item);
    }
  }

  /** A blocked copy gets in: its worker is released once all its copies are in; a source's send stops waiting. */
  private unblock(d: Stage, w: Waiter): void {
    const now = this.sim.now;
    this.n.blocked--;
    d.liveWaiters--;
    if (w.worker < 0) {
      const src = this.sources[w.item.source];
      if (w.item.handle >= 0) this.sim.cancel(w.item.handle);
      this.releaseSlot(w.item);
      src.blocked--;
      src.blockedL.set(now, src.blocked);
      return;
    }
    const wk = this.workers[w.worker];
    const u = this.stages[wk.stage];
    u.blockedCopies--;
    if (--wk.pending > 0) return;
    if (wk.req) {
      this.answer(wk.req);
      wk.req = null;
    }
    u.blockedWorkers--;
    u.blockedL.set(now, u.blockedWorkers);
    u.idle.push(wk.id);
    this.feed(u);
  }

  private start(d: Stage, wk: Worker, item: Item): void {
    const now = this.sim.now;
    item.state = IN_SERVICE;
    item.start = now;
    this.n.inService++;
    d.busy++;
    d.busyL.set(now, d.busy);
    const wq = now - item.enq;
    d.Wq.add(wq);
    if (wq > d.WqMax) d.WqMax = wq;
    d.stats.ageSum += now - item.born;
    wk.item = item;
    let t = d.dist.sample(d.rng);
    for (const c of d.calls) {
      const slow = this.deps[c.dep].slowdowns;
      t += c.dist.sample(c.rng) * (slow.length > 0 ? factorOf(slow) : 1);
    }
    t *= d.slowdowns.length > 0 ? d.slowFactor() : 1;
    this.sim.schedule(t, this.kDone, wk.id);
  }

  private onDone(id: number): void {
    const now = this.sim.now;
    const wk = this.workers[id];
    const s = this.stages[wk.stage];
    const item = wk.item!;
    wk.item = null;
    this.n.inService--;
    s.busy--;
    s.busyL.set(now, s.busy);
    s.stats.completed++;
    s.binDone++;
    s.W.add(now - item.enq);
    this.sim.progress++;
    const to = s.config.to;
    // The stage that responds answers once it has handed the item on; the copies go on without the request.
    const req = s.config.respond ? item.req : null;
    item.req = req ? null : item.req;
    let dropped = false;
    if (to.length === 0) {
      this.finish(item);
      if (this.note) this.note.text = `${s.name} worker ${this.workerNo(wk)} finished an item from ${this.sources[item.source].cfg.name}: done after ${fmtS(now - item.born)} s`;
    } else {
      const names: string[] | null = this.note ? [] : null;
      for (let k = 0; k < to.length; k++) {
        const d = this.stages[to[k]];
        let copy = item;
        if (k > 0) {
          copy = new Item(item.source, item.born);
          this.n.created++;
        }
        if (!this.offer(d, copy)) {
          this.block(d, { item: copy, worker: id });
          wk.pending++;
          s.blockedCopies++;
          names?.push(`${d.name} (blocked: full)`);
        } else {
          if (copy.state === DROPPED) dropped = true;
          names?.push(copy.state === DROPPED ? `${d.name} (dropped: full)` : d.name);
        }
      }
      if (this.note) this.note.text = `${s.name} worker ${this.workerNo(wk)} finished an item → ${names!.join(', ')}`;
    }
    if (req) {
      // A hand-off the buffer dropped fails the request (the handler answers 503); a blocked one holds the response.
      const open = req.state === REQ_OPEN;
      if (dropped) this.refuse(req);
      else if (wk.pending > 0) wk.req = req;
      else this.answer(req);
      if (this.note) this.note.text += dropped ? (open ? ' · refused (503)' : '') : wk.pending > 0 ? ' · the response waits for the hand-off' : open ? ` · response after ${fmtS(now - req.born)} s` : ' · its caller had already left (504)';
    }
    if (wk.pending > 0) {
      wk.blockedAt = now;
      s.blockedWorkers++;
      s.blockedL.set(now, s.blockedWorkers);
      return;
    }
    s.idle.push(id);
    this.feed(s);
  }

  private finish(item: Item): void {
    const now = this.sim.now;
    const e2e = now - item.born;
    item.state = DONE;
    this.n.done++;
    const src = this.sources[item.source];
    src.stats.done++;
    src.W.add(e2e);
    this.W.add(e2e);
    // The run's and the source's histograms share their bounds: one bucket index each pair.
    const fine = this.latency.bucketOf(e2e);
    this.latency.addAt(fine);
    src.latency.addAt(fine);
    const coarse = this.binLatency.bucketOf(e2e);
    this.binLatency.addAt(coarse);
    src.binLatency.addAt(coarse);
    this.bin.done++;
  }

  private workerNo(wk: Worker): number {
    return this.stages[wk.stage].workerIds.indexOf(wk.id) + 1;
  }

  private addWorkers(s: Stage, count: number): void {
    for (let k = 0; k < count; k++) {
      const wk = new Worker(this.workers.length, s.index);
      this.workers.push(wk);
      s.workerIds.push(wk.id);
      s.idle.push(wk.id);
    }
    this.feed(s);
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  inject(f: PipelineFault): void {
    if (f.kind === 'load-spike') this.arrivals.find(f.target);
    else if (f.kind !== 'slowdown' || !this.deps.some((d) => d.name === f.target)) this.stageNamed(f.target);
    this.faults.inject(f);
  }

  private stageNamed(name: string): Stage {
    const s = this.stages.find((x) => x.name === name);
    if (!s) throw new RangeError(`no stage named "${name}" (stages: ${this.stages.map((x) => x.name).join(', ')})`);
    return s;
  }

  private onFault(f: PipelineFault): void {
    const now = this.sim.now;
    this.applied.push({ ...f, at: now });
    if (f.kind === 'load-spike') {
      this.arrivals.apply(f);
      return;
    }
    const dep = f.kind === 'slowdown' ? this.deps.findIndex((d) => d.name === f.target) : -1;
    if (f.kind === 'slowdown' && dep >= 0) {
      this.log.add(now, 'WARN', 'FaultInjector', `slowdown: calls to ${f.target} ×${f.factor} for ${f.duration} s`);
      this.deps[dep].slowdowns.push({ until: now + f.duration, factor: f.factor });
      this.sim.scheduleAt(now + f.duration, this.kDepSlowEnd, dep);
      return;
    }
    const s = this.stageNamed(f.target);
    if (f.kind === 'slowdown') {
      this.log.add(now, 'WARN', 'FaultInjector', `slowdown: ${s.name} processing times ×${f.factor} for ${f.duration} s`);
      s.slowdowns.push({ until: now + f.duration, factor: f.factor });
      this.sim.scheduleAt(now + f.duration, this.kSlowEnd, s.index);
    } else {
      this.log.add(now, 'INFO', 'FaultInjector', `${s.name}: ${f.count} more worker${f.count === 1 ? '' : 's'} (${s.workers + f.count} in all)`);
      this.addWorkers(s, f.count);
    }
  }

  private onDepSlowEnd(i: number): void {
    const d = this.deps[i];
    const now = this.sim.now;
    d.slowdowns = d.slowdowns.filter((x) => x.until > now);
  }

  /** Whether calls to dependency i are slowed now. */
  depSlowed(i: number): boolean {
    const now = this.sim.now;
    return this.deps[i].slowdowns.some((x) => x.until > now);
  }

  private onSlowEnd(i: number): void {
    const s = this.stages[i];
    const now = this.sim.now;
    s.slowdowns = s.slowdowns.filter((x) => x.until > now);
  }

  // ─── statistics ────────────────────────────────────────────────────────────────────────────

  private resetStats(): void {
    const now = this.sim.now;
    this.since = now;
    this.W.reset();
    this.latency.reset();
    this.reqStats = noRequestCounts();
    this.reqW.reset();
    this.reqLatency.reset();
    for (const s of this.stages) s.resetStats(now);
    for (const src of this.sources) {
      src.stats = noSourceStats();
      src.W.reset();
      src.latency.reset();
      src.blockedL.reset(now);
    }
  }

  private onTick(kTick: number): void {
    const now = this.sim.now;
    const from = now - 1;
    const b = this.bin;
    const s = this.series;
    s.in.set(from, b.in);
    s.done.set(from, b.done);
    s.lost.set(from, b.lost);
    const h = this.binLatency;
    s.p50.set(from, h.total > 0 ? h.quantile(0.5) : 0);
    s.p99.set(from, h.total > 0 ? h.quantile(0.99) : 0);
    h.reset();
    if (this.hasRequests) {
      const hr = this.binReq;
      s['req.p50'].set(from, hr.total > 0 ? hr.quantile(0.5) : 0);
      s['req.p99'].set(from, hr.total > 0 ? hr.quantile(0.99) : 0);
      s['req.timeouts'].set(from, b.timeouts);
      hr.reset();
    }
    for (const st of this.stages) {
      s[`done.${st.index}`].set(from, st.binDone);
      st.binDone = 0;
      // Close the backlog's buckets up to now, so every stage's series has the same time grid.
      st.backlogSeries!.set(now, st.buffer.length);
    }
    if (this.sources.length > 1) {
      this.sources.forEach((src, j) => {
        s[`p99.${j}`].set(from, src.binLatency.total > 0 ? src.binLatency.quantile(0.99) : 0);
        src.binLatency.reset();
      });
    } else this.sources[0].binLatency.reset();
    this.lastSecond.in = b.in;
    this.lastSecond.done = b.done;
    this.lastSecond.lost = b.lost;
    this.bin = { in: 0, done: 0, lost: 0, timeouts: 0 };
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

  /** Items source j has shed since the start (refused at the edge or blocked too long). */
  sourceShed(j: number): number {
    return this.sources[j].shedAll;
  }

  /** A source's rate now (load spikes included). */
  rateNow(j: number): number {
    return this.sources[j].profile.rateAt(this.sim.now);
  }

  /** Asks the next events to say what they did (for "Step"); off again with false. */
  narrate(on: boolean): void {
    this.note = on ? { text: '' } : null;
  }

}

const fmtS = (x: number): string => String(Math.round(x * 1000) / 1000);
