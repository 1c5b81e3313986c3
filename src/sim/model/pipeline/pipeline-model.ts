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
 * States (conservation, checked by a property test at every chunk boundary): every item ever
 * created — by a source, or as the extra copies of a fan-out — is in exactly one of: buffered,
 * in service, blocked (finished at a stage and held by its worker, or a source's send), dropped by
 * a buffer's policy, shed at the edge (or its blocked send timed out), or done (finished at a stage
 * that sends to none). So created = buffered + inService + blocked + dropped + shed + done.
 *
 * Faults go through the shared timeline (a live toggle replays bit for bit from the recorded
 * list): a load spike multiplies a source's rate, a slowdown a stage's processing times, and
 * add-workers scales a stage out.
 *
 * Statistics since the warm-up: per stage its arrivals, completions, drops, queueing delay Wq and
 * time at the stage W, age of items when their service starts, time-averaged backlog, busy,
 * blocked and paused; end to end, per source and overall, the latency from production to done
 * (mean with its batch-means interval, percentiles). Per simulated second: items in, done and lost,
 * each stage's completions and backlog, end-to-end p50 and p99 (and p99 per source).
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
import { Item, Stage, Worker, type Waiter } from './stage.ts';

// Local copies of the item states: the hot paths read plain constants, not module bindings.
const { BLOCKED, BUFFERED, DONE, DROPPED, IN_SERVICE, SHED } = states;

export interface PipelineCounts {
  created: number;
  buffered: number;
  inService: number;
  blocked: number;
  dropped: number;
  shed: number;
  done: number;
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
}

/** The per-second series every pipeline has (per stage and per source ones are named by {@link pipelineSeriesNames}). */
export const PIPELINE_SERIES = ['in', 'done', 'lost', 'p50', 'p99'] as const;

/** Every series a pipeline of `stages` stages and `sources` sources keeps: `backlog.<i>` and `done.<i>` per stage, `p99.<j>` per source when there are several. */
export function pipelineSeriesNames(stages: number, sources: number): string[] {
  const names: string[] = [...PIPELINE_SERIES];
  for (let i = 0; i < stages; i++) names.push(`backlog.${i}`, `done.${i}`);
  if (sources > 1) for (let j = 0; j < sources; j++) names.push(`p99.${j}`);
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
  readonly applied: PipelineFault[] = [];
  readonly series: Record<string, DownsampledSeries> = {};
  readonly seriesNames: string[];
  /** Conservation counters (never reset). */
  readonly n: PipelineCounts = { created: 0, buffered: 0, inService: 0, blocked: 0, dropped: 0, shed: 0, done: 0 };
  /** End-to-end latency of items done since the warm-up. */
  readonly W = new BatchMeans();
  readonly latency = new LogHistogram(1e-4, 1e7, 0.005);
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
  private readonly slots: (Item | null)[] = [];
  private readonly freeSlots: number[] = [];
  private bin = { in: 0, done: 0, lost: 0 };
  private readonly binLatency = new LogHistogram(1e-4, 1e7, 0.02);

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
    this.seriesNames = pipelineSeriesNames(config.stages.length, config.sources.length);
    for (const name of this.seriesNames) this.series[name] = new DownsampledSeries(1, 1024);
    for (const s of this.stages) s.backlogSeries = this.series[`backlog.${s.index}`];

    const kArrive = sim.register('produce', (i) => this.onArrive(i));
    const kRedraw = sim.register('source-redraw', (i) => this.arrivals.redraw(i));
    this.kDone = sim.register('processed', (w) => this.onDone(w));
    this.kTimeout = sim.register('block-timeout', (slot) => this.onTimeout(slot));
    this.kSlowEnd = sim.register('slowdown-end', (i) => this.onSlowEnd(i));
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
    const d = this.stages[src.cfg.to];
    if (src.cfg.shedAbove !== null && d.backlog() >= src.cfg.shedAbove) {
      item.state = SHED;
      this.n.shed++;
      src.stats.shed++;
      src.shedAll++;
      this.bin.lost++;
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
    if (this.note) this.note.text = `${src.cfg.name}'s blocked send gave up after ${src.cfg.blockTimeout} s: shed`;
    this.logFull(d, 'WARN', () => `${src.cfg.name}: send blocked for ${src.cfg.blockTimeout} s on a full ${d.name} buffer, item shed`);
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
    if (len > d.backlogMax) d.backlogMax = len;
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
    d.Wq.add(now - item.enq);
    d.stats.ageSum += now - item.born;
    wk.item = item;
    const t = d.dist.sample(d.rng) * (d.slowdowns.length > 0 ? d.slowFactor() : 1);
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
        } else names?.push(copy.state === DROPPED ? `${d.name} (dropped: full)` : d.name);
      }
      if (this.note) this.note.text = `${s.name} worker ${this.workerNo(wk)} finished an item → ${names!.join(', ')}`;
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
    if (f.kind !== 'load-spike') this.stageNamed(f.target);
    else this.arrivals.find(f.target);
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
    this.bin = { in: 0, done: 0, lost: 0 };
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
