/**
 * What both queue flavours share: the kernel, the messages and their states, the consumers, the
 * wire between them, and the statistics.
 *
 * The wire: every API call and delivery takes rtt/2 one way (ReceiveMessage reaches the broker
 * rtt/2 after it is sent, its answer the consumer rtt/2 later; a delivery, an ack, a delete the
 * same). All of them have the same delay, so they arrive in the order they were sent: one FIFO of
 * `Wire` items and one kernel event kind (`wire`) that takes the next — no closures per message,
 * and the kernel's tie order (time, priority, sequence) keeps it exact at equal times.
 *
 * A message changes state only in {@link QueueCore.setState}, which keeps the per-state counts
 * (the conservation law of types.ts), L, the oldest-age heap, the kernel's progress counter
 * (a message produced, deleted, dead-lettered, expired, dropped or parked) and cancels the
 * message's pending timer (lease end, delay end, retry due) when it leaves that state.
 */
import { Simulation } from '../../kernel/simulation.ts';
import { RngStreams, type Rng } from '../../kernel/rng.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import { sampleInterval } from '../../metrics/series.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { EventLog } from '../kafka/event-log.ts';
import { Deque, Heap, MsgState, Msg, STATE_COUNT, ageOrder, isFinal, isOwed, isStored, queueOrder } from './messages.ts';
import type { PoolConfig, QueueConfig } from './config.ts';

/** A message a consumer holds: received (SQS) or delivered (RabbitMQ), with the receipt it got. */
export interface Held {
  m: Msg;
  receipt: number;
  /** When it was handed out (RabbitMQ consumer_timeout counts from here). */
  at: number;
}

/** What travels on the wire (see the module doc). */
export const Op = {
  ReceiveRequest: 0,
  ReceiveAnswer: 1,
  Delete: 2,
  ChangeVisibility: 3,
  Deliver: 4,
  Ack: 5,
  Nack: 6,
  Reject: 7,
} as const;
export type Op = (typeof Op)[keyof typeof Op];

export interface Wire {
  op: Op;
  /** Consumer index. */
  c: number;
  /** The consumer's incarnation when sent: an answer to a process that has died since is dropped. */
  inc: number;
  m: Msg | null;
  receipt: number;
  /** ChangeMessageVisibility: the new timeout, seconds. */
  x: number;
  batch: Held[] | null;
}

export class Consumer {
  alive = true;
  removed = false;
  /** Bumped whenever the process dies or is removed: what was sent to the old one is dropped. */
  incarnation = 0;
  pausedUntil = -Infinity;
  /** Received/delivered, not started yet, in order. */
  readonly inbox = new Deque<Held>();
  current: Held | null = null;
  tEnd = 0;
  doneHandle = -1;
  /** SQS: 0 not polling, 1 a ReceiveMessage on the wire, 2 waiting at the broker (long poll). */
  polling = 0;
  pollHandle = -1;
  hbHandle = -1;
  /** RabbitMQ: deliveries not yet acked, in delivery order (lazily cleaned), and their count. */
  readonly unacked = new Deque<Held>();
  unackedCount = 0;
  timeoutHandle = -1;
  /** Handler successes since the warm-up, and over the run. */
  processed = 0;
  processedTotal = 0;
  readonly busy: TimeIntegral;
  readonly rng: Rng;
  readonly failRng: Rng;
  constructor(
    readonly name: string,
    readonly pool: number,
    readonly index: number,
    streams: RngStreams,
    n: number,
    batch: number,
  ) {
    this.rng = streams.stream(`service:${name.slice(0, name.lastIndexOf('-'))}`, n);
    this.failRng = streams.stream(`fail:${name.slice(0, name.lastIndexOf('-'))}`, n);
    this.busy = new TimeIntegral(batch);
  }
}

/** A slow-downstream or dependency-outage window of a pool. */
export interface Window {
  from: number;
  until: number;
  factor: number;
}

/** The flavour's side of the protocol (sqs.ts, rabbit.ts). */
export interface Broker {
  /** A message became visible (ready): put it where receives find it. */
  enqueue(m: Msg): void;
  /** A message left state `from` (visible or in flight), for per-group bookkeeping. */
  left(m: Msg, from: MsgState): void;
  /** Hand out what can be handed out now (long polls waiting, free prefetch slots). */
  pump(): void;
  /** A wire item reached the broker. */
  receive(w: Wire): void;
  /** Consumer c is idle with nothing to process. */
  idle(c: Consumer): void;
  succeeded(c: Consumer, h: Held): void;
  failed(c: Consumer, h: Held): void;
  /** Consumer c's process died (`removed`: shut down for good): its messages go back as the flavour does it. */
  lost(c: Consumer, removed: boolean): void;
  /** Consumer c got a batch or a delivery. */
  got(c: Consumer): void;
  /** Visible messages in the order they would be handed out (at most k). */
  head(k: number): Msg[];
  /** Number of messages that could be handed out now (for the idle-consumer judgement). */
  readonly fifoGroups: { total: number; blocked: number } | null;
}

export class QueueCore {
  readonly sim = new Simulation();
  readonly streams: RngStreams;
  readonly log = new EventLog();
  readonly counts: number[] = new Array<number>(STATE_COUNT).fill(0);
  /** Messages not in a final state, by seq (timers carry the seq). */
  readonly live = new Map<number, Msg>();
  readonly visible = new Heap<Msg>(queueOrder);
  readonly ages = new Heap<Msg>(ageOrder);
  dlq: Msg[] = [];
  readonly consumers: Consumer[] = [];
  /** Per pool: consumers ever started (names are `<pool>-1 … <pool>-<n>`). */
  readonly started: number[];
  readonly slow: Window[][];
  readonly outages: Window[][];
  broker!: Broker;

  produced = 0;
  deadLettered = 0;
  deliveries = 0;
  redeliveries = 0;
  processed = 0;
  duplicates = 0;
  failures = 0;
  receiveCalls = 0;
  emptyReceives = 0;
  leaseExpiries = 0;
  leaseExtensions = 0;
  staleDeletes = 0;
  requeued = 0;
  crashes = 0;
  redriven = 0;
  /** RabbitMQ publishes the queue refused (x-overflow reject-publish / reject-publish-dlx), and ready messages drop-head pushed out. */
  publishRejected = 0;
  dropHead = 0;
  /** Publishes the application gave up on while the connection was blocked (blockedTimeout). */
  publishTimeouts = 0;
  /** Messages that entered the queue from a publisher (not refused, not blocked): the charts' rate in. */
  entered = 0;
  /** Σ body bytes of the messages the broker stores now (states isStored), for the node's memory or disk. */
  storedBytes = 0;
  receipts = 0;
  positions = 0;

  readonly lambda: TimeIntegral;
  readonly out: TimeIntegral;
  readonly owed: TimeIntegral;
  readonly util: TimeIntegral;
  readonly w = new BatchMeans();
  readonly wq = new BatchMeans();
  readonly wHist = new LogHistogram();
  /** W of the messages deleted since the last chart sample (the p99 series). */
  readonly windowHist = new LogHistogram();
  /** W per producer (urgent and background work in one queue: what priorities change). */
  readonly byProducer: { w: BatchMeans; hist: LogHistogram }[];
  busyCount = 0;
  aliveCount = 0;
  readonly half: number;
  readonly batch: number;

  private readonly wire = new Deque<Wire>();
  readonly kWire: number;

  constructor(
    readonly config: QueueConfig,
    seed: number,
  ) {
    this.streams = new RngStreams(seed);
    this.half = config.rtt / 2;
    this.batch = sampleInterval(config.horizon) * 10;
    this.lambda = new TimeIntegral(this.batch);
    this.out = new TimeIntegral(this.batch);
    this.owed = new TimeIntegral(this.batch);
    this.util = new TimeIntegral(this.batch);
    this.started = config.consumers.map(() => 0);
    this.byProducer = config.producers.map(() => ({ w: new BatchMeans(), hist: new LogHistogram() }));
    this.slow = config.consumers.map(() => []);
    this.outages = config.consumers.map(() => []);
    this.kWire = this.sim.register('wire', () => this.onWire());
  }

  get flavour(): 'sqs' | 'rabbitmq' {
    return this.config.queue.type;
  }

  pool(c: Consumer): PoolConfig {
    return this.config.consumers[c.pool];
  }

  send(op: Op, c: Consumer, m: Msg | null, receipt = 0, x = 0, batch: Held[] | null = null): void {
    this.wire.push({ op, c: c.index, inc: c.incarnation, m, receipt, x, batch });
    this.sim.schedule(this.half, this.kWire);
  }

  private onWire(): void {
    const w = this.wire.shift()!;
    this.broker.receive(w);
  }

  /**
   * A new message enters the books, delayed (the caller makes it visible or schedules its delay)
   * or, published on a blocked connection, blocked in its publisher.
   */
  admit(m: Msg, s: typeof MsgState.Delayed | typeof MsgState.Blocked = MsgState.Delayed): void {
    const now = this.sim.now;
    m.state = s;
    this.counts[s]++;
    if (isStored(s)) this.storedBytes += m.bytes;
    this.live.set(m.seq, m);
    this.ages.push(m);
    m.inAgeHeap = true;
    this.produced++;
    this.sim.progress++;
    this.lambda.impulse(now);
    this.owed.set(now, this.owed.current + 1);
  }

  /** Moves `m` to state `s`, keeping every count (see the module doc). */
  setState(m: Msg, s: MsgState): void {
    const from = m.state;
    if (from === s) return;
    const now = this.sim.now;
    if (m.handle >= 0) {
      this.sim.cancel(m.handle);
      m.handle = -1;
    }
    this.counts[from]--;
    this.counts[s]++;
    m.state = s;
    const wasStored = isStored(from);
    if (wasStored !== isStored(s)) this.storedBytes += wasStored ? -m.bytes : m.bytes;
    if (from === MsgState.Visible || from === MsgState.InFlight) this.broker.left(m, from);
    if (from === MsgState.InFlight) m.holder = -1;
    const wasOwed = isOwed(from);
    const owed = isOwed(s);
    if (wasOwed !== owed) this.owed.set(now, this.owed.current + (owed ? 1 : -1));
    if (owed && !m.inAgeHeap) {
      this.ages.push(m);
      m.inAgeHeap = true;
    }
    if (isFinal(s) || s === MsgState.Dlq) this.sim.progress++;
    if (isFinal(s)) this.live.delete(m.seq);
    if (s === MsgState.Visible) this.broker.enqueue(m);
  }

  /** A message is handed to consumer c (received or delivered): counts, receipt, holder. */
  handOut(m: Msg, c: Consumer): Held {
    const now = this.sim.now;
    m.receiveCount++;
    this.deliveries++;
    if (m.receiveCount > 1) this.redeliveries++;
    else this.wq.add(now - m.sentAt);
    m.receipt = ++this.receipts;
    this.setState(m, MsgState.InFlight);
    m.holder = c.index;
    return { m, receipt: m.receipt, at: now };
  }

  /** The broker removes the message after a successful DeleteMessage or ack. */
  deleted(m: Msg): void {
    const now = this.sim.now;
    const w = now - m.sentAt;
    this.setState(m, MsgState.Deleted);
    this.out.impulse(now);
    this.w.add(w);
    const b = this.wHist.bucketOf(w);
    this.wHist.addAt(b);
    this.windowHist.addAt(b);
    const mine = this.byProducer[m.producer];
    mine.w.add(w);
    mine.hist.addAt(b);
  }

  deadLetter(m: Msg, dlqName: string, why: string): void {
    this.setState(m, MsgState.Dlq);
    this.dlq.push(m);
    this.deadLettered++;
    this.log.add(this.sim.now, 'WARN', this.config.queue.name, `${m.id} moved to ${dlqName}: ${why}`);
  }

  /** A message the system gives up on: to the DLQ when there is one, else `otherwise` (expired or dropped). */
  settle(m: Msg, dlqName: string | null, otherwise: MsgState, why: string): void {
    if (dlqName !== null) this.deadLetter(m, dlqName, why);
    else {
      this.setState(m, otherwise);
      this.log.add(this.sim.now, 'WARN', this.config.queue.name, `${m.id} ${otherwise === MsgState.Expired ? 'expired' : 'dropped'}: ${why}`);
    }
  }

  /** The oldest message not yet deleted (not in the DLQ), or undefined. */
  oldest(): Msg | undefined {
    return this.ages.peekLive(
      (m) => isOwed(m.state),
      (m) => (m.inAgeHeap = false),
    );
  }

  /** Position at the tail of the queue (a message re-published: back from the retry queue, redriven). */
  nextPosition(): number {
    return ++this.positions;
  }

  setBusy(c: Consumer, busy: boolean): void {
    const now = this.sim.now;
    c.busy.set(now, busy ? 1 : 0);
    this.busyCount += busy ? 1 : -1;
    this.utilNow();
  }

  utilNow(): void {
    this.util.set(this.sim.now, this.aliveCount > 0 ? this.busyCount / this.aliveCount : 0);
  }

  slowFactor(pool: number): number {
    const now = this.sim.now;
    let f = 1;
    for (const w of this.slow[pool]) if (now >= w.from && now < w.until) f *= w.factor;
    return f;
  }

  outage(pool: number): boolean {
    const now = this.sim.now;
    for (const w of this.outages[pool]) if (now >= w.from && now < w.until) return true;
    return false;
  }

  resetStats(): void {
    const t = this.sim.now;
    this.lambda.reset(t);
    this.out.reset(t);
    this.owed.reset(t);
    this.util.reset(t);
    this.w.reset();
    this.wq.reset();
    this.wHist.reset();
    for (const x of this.byProducer) {
      x.w.reset();
      x.hist.reset();
    }
    for (const c of this.consumers) {
      c.busy.reset(t);
      c.processed = 0;
    }
  }
}
