/**
 * The queue-broker world: one queue (SQS or RabbitMQ flavour), the log model's producers writing
 * to it, pools of competing consumers, a fault timeline, and the metrics the playground charts.
 *
 * The protocol lives in the files next to this one:
 *   core.ts     messages and their states (the conservation law), the wire (rtt/2 each way, in
 *               order), the statistics;
 *   sqs.ts      ReceiveMessage / leases / DeleteMessage / redrive policy / FIFO groups;
 *   rabbit.ts   push with prefetch, ack / nack / reject, retry queue, DLX, delivery limit, TTL;
 *   workers.ts  consumers: processing, failures, poison, crashes, GC pauses;
 *   node.ts     RabbitMQ's node: memory and disk, the resource alarms, blocked publishers;
 *   view.ts     the stats and the topology the summary and the page read.
 * This file: producers (reusing the log model's rate profiles and keys), faults, chart sampling.
 *
 * Faults are data: `applyFault` is the one entry point, for the scenario's timeline and live
 * toggles alike, and every applied fault is recorded, so a run replays from scenario + faults.
 */
import { FaultTimeline } from '../fault-timeline.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import { makeKeyGenerator, type KeyGenerator } from '../kafka/keys.ts';
import type { Rng } from '../../kernel/rng.ts';
import { DownsampledSeries, sampleInterval } from '../../metrics/series.ts';
import type { LogEntry } from '../kafka/event-log.ts';
import type { SimModel } from '../contract.ts';
import { ProducerArrivals } from '../producer-arrivals.ts';
import { QueueCore, type Consumer } from './core.ts';
import { Msg, MsgState, POISON_CRASH, POISON_EXCEPTION } from './messages.ts';
import { SqsBroker } from './sqs.ts';
import { RabbitBroker } from './rabbit.ts';
import { RabbitNode } from './node.ts';
import { Workers } from './workers.ts';
import type { QueueConfig, QueueFault, QueueProducerConfig } from './config.ts';
import { MiB, QUEUE_SERIES, type QueueSeriesName } from './types.ts';

interface Producer {
  config: QueueProducerConfig;
  profile: RateProfile;
  rng: Rng;
  keys: KeyGenerator;
  produced: number;
  stopped: boolean;
  handle: number;
  lastAt: number;
}

interface PoisonRule {
  key: string | null;
  remaining: number;
  effect: number;
}

export class QueueModel implements SimModel<QueueFault> {
  readonly core: QueueCore;
  readonly broker: SqsBroker | RabbitBroker;
  readonly workers: Workers;
  readonly producers: Producer[] = [];
  /** RabbitMQ's node, when the scenario models it (its resource alarms block publishers). */
  readonly node: RabbitNode | null;
  private readonly arrivals: ProducerArrivals<Producer>;
  /** Faults applied so far, in order (the replayable timeline). */
  readonly applied: QueueFault[] = [];
  private readonly poison: PoisonRule[] = [];
  private readonly kProduce: number;
  private readonly faults: FaultTimeline<QueueFault>;
  private readonly kSample: number;
  readonly sampleEvery: number;
  readonly series: Record<QueueSeriesName, DownsampledSeries>;
  private lastSampleT = 0;
  private lastEntered = 0;
  private lastDeleted = 0;
  oldestAgeMax = 0;
  depthMax = 0;

  constructor(
    readonly config: QueueConfig,
    seed: number,
  ) {
    const core = (this.core = new QueueCore(config, seed));
    const sim = core.sim;
    sim.noProgressHint =
      'the model has work that takes no time and repeats forever (e.g. processing.time 0 with a message that always fails and is requeued at once, or a consumer that crashes on a message and restarts at once)';
    this.workers = new Workers(core);
    this.broker = config.queue.type === 'sqs' ? new SqsBroker(core, this.workers) : new RabbitBroker(core, this.workers);
    core.broker = this.broker;
    const q = config.queue;
    const rabbit = this.broker instanceof RabbitBroker ? this.broker : null;
    this.node = q.type === 'rabbitmq' && q.node && rabbit ? new RabbitNode(core, q.node, config.producers, q.name, (m) => this.publish(m)) : null;
    for (const [i, pc] of config.producers.entries()) {
      this.producers.push({
        config: pc,
        profile: new RateProfile(pc),
        rng: core.streams.stream(`producer:${pc.name}`, i),
        keys: makeKeyGenerator(pc.keys, core.streams.stream(`keys:${pc.name}`, i)),
        produced: 0,
        stopped: false,
        handle: -1,
        lastAt: -Infinity,
      });
    }
    const scale = sampleInterval(config.horizon);
    this.sampleEvery = scale;
    this.series = Object.fromEntries(QUEUE_SERIES.map((n) => [n, new DownsampledSeries(scale, 1024)])) as Record<QueueSeriesName, DownsampledSeries>;
    this.kProduce = sim.register('produce', (i) => this.onProduce(i));
    const kRedraw = sim.register('producer-redraw', (i) => this.arrivals.redraw(i));
    this.kSample = sim.register('sample', () => this.onSample());
    const kWarmup = sim.register('warmup-end', () => core.resetStats());
    if (config.warmup > 0) sim.scheduleAt(config.warmup, kWarmup, 0, -100);
    else core.resetStats();
    config.consumers.forEach((p, i) => {
      for (let k = 0; k < p.count; k++) this.workers.add(i);
    });
    this.arrivals = new ProducerArrivals(sim, core.log, this.producers, this.kProduce, kRedraw);
    for (let i = 0; i < this.producers.length; i++) this.arrivals.schedule(i, 0);
    this.faults = new FaultTimeline(sim, (f) => this.onFault(f), config.faults);
    sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  get sim() {
    return this.core.sim;
  }

  get log() {
    return this.core.log;
  }

  private onProduce(i: number): void {
    const p = this.producers[i];
    const core = this.core;
    const now = this.sim.now;
    this.arrivals.schedule(i, now);
    const node = this.node;
    if (node && !node.publishers[i].own) {
      // A publish to another queue on the node: counted, blocked by an alarm like any other, no message here.
      node.offer(i, null);
      p.produced++;
      p.lastAt = now;
      return;
    }
    const k = p.keys.next();
    const key = k < 0 ? null : p.keys.key(k);
    const priority = this.priorityOf(i);
    const poison = this.poison.length > 0 ? this.poisonOf(key) : 0;
    const m = new Msg(core.produced + 1, i, key, priority, now, poison);
    m.bytes = p.config.recordBytes;
    if (poison) core.log.add(now, 'WARN', 'FaultInjector', `poison message ${m.id} sent${key !== null ? ` (key ${key})` : ''}`);
    p.produced++;
    p.lastAt = now;
    if (node && !node.offer(i, m)) {
      core.admit(m, MsgState.Blocked); // waits in its publisher until the alarm clears (node.ts)
      return;
    }
    core.admit(m);
    this.publish(m);
  }

  /** A message reaches the broker: its place at the tail, then the flavour's publish (RabbitMQ applies x-max-length). */
  private publish(m: Msg): void {
    const core = this.core;
    m.pos = core.nextPosition();
    m.enqueuedAt = this.sim.now;
    const refused = core.publishRejected;
    if (this.broker instanceof RabbitBroker) this.broker.publish(m);
    else this.broker.arrive(m);
    if (core.publishRejected === refused) core.entered++;
  }

  /** The priority producer `i`'s messages get: its own, capped at x-max-priority; 0 without one (SQS, a plain RabbitMQ queue). */
  priorityOf(i: number): number {
    const q = this.config.queue;
    const max = q.type === 'rabbitmq' ? q['x-max-priority'] : null;
    return max === null ? 0 : Math.min(max, this.producers[i].config.priority);
  }

  private poisonOf(key: string | null): number {
    for (let r = 0; r < this.poison.length; r++) {
      const rule = this.poison[r];
      if (rule.key !== null && rule.key !== key) continue;
      if (--rule.remaining <= 0) this.poison.splice(r, 1);
      return rule.effect;
    }
    return 0;
  }

  // ─── faults ────────────────────────────────────────────────────────────────────────────────

  /** Applies a fault now, through the event list as a scheduled one would (see the Kafka model). Throws RangeError for an unknown target. */
  inject(f: QueueFault): void {
    this.resolveTarget(f);
    this.faults.inject(f);
  }

  private findPool(target: string): number {
    const i = this.config.consumers.findIndex((p) => p.name === target);
    if (i < 0) throw new RangeError(`no consumer pool "${target}" (pools: ${this.config.consumers.map((p) => p.name).join(', ') || 'none'})`);
    return i;
  }

  private findConsumer(target: string): Consumer {
    const c = this.workers.byName.get(target);
    if (!c) throw new RangeError(`no consumer named "${target}" (consumers are named <pool>-<n>, e.g. ${this.config.consumers[0]?.name ?? 'worker'}-1)`);
    return c;
  }

  private resolveTarget(f: QueueFault): void {
    switch (f.kind) {
      case 'add-consumer':
      case 'slow-downstream':
      case 'dependency-outage':
        this.findPool(f.target);
        return;
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        this.arrivals.find(f.target);
        return;
      case 'poison':
      case 'redrive':
        return;
      default:
        this.findConsumer(f.target);
    }
  }

  /** A timeline fault whose target does not exist (yet) is logged and skipped, never fatal. */
  private onFault(f: QueueFault): void {
    try {
      this.resolveTarget(f);
    } catch (e) {
      this.log.add(this.sim.now, 'WARN', 'FaultInjector', `${f.kind} skipped: ${(e as Error).message}`);
      return;
    }
    this.applyFault(f);
  }

  private applyFault(f: QueueFault): void {
    const now = this.sim.now;
    const core = this.core;
    this.applied.push({ ...f, at: now });
    const src = 'FaultInjector';
    switch (f.kind) {
      case 'crash': {
        const c = this.findConsumer(f.target);
        this.workers.crash(c, `crash ${f.target}`, f.restartAfter ?? null);
        break;
      }
      case 'restart':
        this.workers.restart(this.findConsumer(f.target));
        break;
      case 'add-consumer': {
        const p = this.findPool(f.target);
        const n = f.count ?? 1;
        this.log.add(now, 'INFO', src, `add ${n} consumer${n > 1 ? 's' : ''} to ${f.target}`);
        for (let i = 0; i < n; i++) this.workers.add(p);
        this.broker.pump();
        break;
      }
      case 'remove-consumer':
        this.log.add(now, 'INFO', src, `shut down ${f.target}`);
        this.workers.remove(this.findConsumer(f.target));
        break;
      case 'gc-pause':
        this.workers.pause(this.findConsumer(f.target), f.duration);
        break;
      case 'slow-downstream':
        this.log.add(now, 'WARN', src, `downstream of ${f.target} slows ×${f.factor} for ${f.duration} s`);
        core.slow[this.findPool(f.target)].push({ from: now, until: now + f.duration, factor: f.factor });
        break;
      case 'dependency-outage':
        this.log.add(now, 'WARN', src, `dependency of ${f.target} down for ${f.duration} s: every attempt fails`);
        core.outages[this.findPool(f.target)].push({ from: now, until: now + f.duration, factor: 1 });
        break;
      case 'poison': {
        const count = f.count ?? 1;
        const effect = f.effect ?? 'exception';
        this.log.add(now, 'WARN', src, `the next ${count} message${count > 1 ? 's' : ''}${f.key != null ? ` with key "${f.key}"` : ''} will be poison (${effect === 'crash' ? 'crashes the consumer process' : 'handler throws'})`);
        this.poison.push({ key: f.key ?? null, remaining: count, effect: effect === 'crash' ? POISON_CRASH : POISON_EXCEPTION });
        break;
      }
      case 'producer-stop':
      case 'producer-start':
      case 'load-spike':
        this.arrivals.apply(f);
        break;
      case 'redrive':
        this.redrive(f.maxReplays ?? null);
        break;
    }
  }

  /** Moves the DLQ back to the queue's tail (receive count 0, replays + 1); a message replayed maxReplays times is parked instead. */
  private redrive(maxReplays: number | null): void {
    const core = this.core;
    const moved = core.dlq;
    core.dlq = [];
    let parked = 0;
    for (const m of moved) {
      if (maxReplays !== null && m.replays >= maxReplays) {
        core.setState(m, MsgState.Parked);
        parked++;
        continue;
      }
      m.replays++;
      m.receiveCount = 0;
      m.pos = core.nextPosition();
      m.enqueuedAt = this.sim.now;
      core.redriven++;
      core.setState(m, MsgState.Delayed); // re-enters the queue as a new message would
      this.broker.arrive(m);
    }
    this.log.add(this.sim.now, 'INFO', 'FaultInjector', `redrive: ${moved.length - parked} message${moved.length - parked === 1 ? '' : 's'} moved back from the dead-letter queue${parked > 0 ? `, ${parked} parked (replayed ${maxReplays} times already)` : ''}`);
  }

  // ─── charts ────────────────────────────────────────────────────────────────────────────────

  private onSample(): void {
    const now = this.sim.now;
    const core = this.core;
    const s = this.series;
    const dt = now - this.lastSampleT;
    const c = core.counts;
    const oldest = core.oldest();
    const age = oldest ? now - oldest.sentAt : 0;
    if (age > this.oldestAgeMax) this.oldestAgeMax = age;
    if (c[MsgState.Visible] > this.depthMax) this.depthMax = c[MsgState.Visible];
    s.visible.set(now, c[MsgState.Visible]);
    s.inFlight.set(now, c[MsgState.InFlight]);
    s.oldestAge.set(now, age);
    s.dlqDepth.set(now, c[MsgState.Dlq]);
    s.duplicates.set(now, core.duplicates);
    s.stored.set(now, this.stored());
    s.rateIn.set(this.lastSampleT, (core.entered - this.lastEntered) / dt);
    if (this.node) {
      const w = this.node.waits();
      s.memory.set(now, this.node.memory() / MiB);
      s.waitOwn.set(now, w.own);
      s.waitOther.set(now, w.other);
    }
    const deleted = c[MsgState.Deleted];
    s.throughput.set(this.lastSampleT, (deleted - this.lastDeleted) / dt);
    if (core.windowHist.total > 0) s.p99.set(this.lastSampleT, core.windowHist.quantile(0.99));
    core.windowHist.reset();
    this.lastEntered = core.entered;
    this.lastDeleted = deleted;
    this.lastSampleT = now;
    this.sim.schedule(this.sampleEvery, this.kSample, 0, 50);
  }

  /** Messages the broker stores now: delayed + visible + in flight + retrying + DLQ (not those blocked in a publisher). */
  stored(): number {
    const c = this.core.counts;
    return c[MsgState.Delayed] + c[MsgState.Visible] + c[MsgState.InFlight] + c[MsgState.Retrying] + c[MsgState.Dlq];
  }

  // ─── run and read ──────────────────────────────────────────────────────────────────────────

  run(until: number, maxEvents = Infinity): number {
    return this.sim.run(until, maxEvents);
  }

  logMark(): number {
    const log = this.core.log;
    return log.size + log.evicted + log.folded;
  }

  logEntries(): LogEntry[] {
    return this.core.log.read();
  }

  /** Per producer: its rate now and whether it is stopped (for the page's topology). */
  producerRates(): { name: string; rate: number; produced: number; stopped: boolean }[] {
    const now = this.sim.now;
    return this.producers.map((p) => ({ name: p.config.name, rate: p.stopped ? 0 : p.profile.rateAt(now), produced: p.produced, stopped: p.stopped }));
  }
}
