/**
 * Amazon SQS: consumers pull, and a received message is leased, not removed.
 *
 * - ReceiveMessage(MaxNumberOfMessages, WaitTimeSeconds ?? the queue's ReceiveMessageWaitTimeSeconds)
 *   reaches the broker rtt/2 after it is sent. Visible messages there: up to N are handed out, each
 *   with receiveCount + 1, a new receipt handle and a lease of VisibilityTimeout seconds. None:
 *   a short poll (wait 0) answers empty at once (the consumer calls again: receiveCalls and
 *   emptyReceives count the cost); a long poll waits, the first waiting poller getting messages as
 *   soon as one is visible, or an empty answer after `wait` seconds.
 * - RedrivePolicy: a message about to be handed out whose receiveCount already equals
 *   maxReceiveCount moves to the DLQ `<name>-dlq` instead.
 * - DeleteMessage reaches the broker rtt/2 after the handler succeeds. If the message was received
 *   again since (its receipt is not the latest), the delete is refused silently (staleDeletes):
 *   the other receiver processes it again, a duplicate. A delete with the latest receipt succeeds
 *   even after the lease ended, if nobody received it in between.
 * - A lease that ends with the message undeleted makes it visible again (leaseExpiries).
 * - heartbeat: every `every` s while a consumer holds messages, ChangeMessageVisibility(VT') for
 *   each message it holds (current and waiting in its batch, as sqs-consumer and Spring Cloud AWS
 *   do) — it extends the lease when the receipt is still current (leaseExtensions).
 * - onFailure retry/reject: nothing (the message returns when the lease ends); requeue:
 *   ChangeMessageVisibility 0.
 * - DelaySeconds: a new message is invisible (delayed) that long. MessageRetentionPeriod: a
 *   message older than that is deleted by the queue wherever it is, in flight too (as SQS does;
 *   the consumer's later delete is then ignored), checked every min(60 s, period).
 * - FIFO: message group = the producer's key (null: one group ""); a group with a message in
 *   flight hands out nothing; a receive takes as many messages of one group as it can, in order,
 *   then goes on to the next group (by the position of its first message).
 * - A consumer crash: its leased messages stay invisible until their leases end.
 *
 * Simplifications: the standard queue hands out oldest first (real SQS is only best effort, and a
 * short poll samples a subset of its servers, so it may answer empty although messages wait);
 * a long poll answers as soon as one message is visible (real SQS may wait a moment to fill the batch).
 */
import { Deque, Heap, Msg, MsgState, type MsgState as State } from './messages.ts';
import { Op, type Broker, type Consumer, type Held, type QueueCore, type Wire } from './core.ts';
import type { SqsQueueConfig } from './config.ts';
import type { Workers } from './workers.ts';

interface Group {
  key: string;
  heap: Heap<Msg>;
  visible: number;
  inFlight: number;
}

const isVisible = (m: Msg) => m.state === MsgState.Visible;
const dropFromHeap = (m: Msg) => (m.inHeap = false);
const byPos = (a: Msg, b: Msg) => a.pos < b.pos;

/** Receipt-count lines per message in the event log; later ones are not logged. */
const LOGGED_EXPIRIES = 3;

export class SqsBroker implements Broker {
  private readonly q: SqsQueueConfig;
  readonly dlqName: string | null;
  /** Long polls waiting at the broker: the consumer and the poll's serial (stale when it differs). */
  private readonly waiters = new Deque<{ c: Consumer; serial: number }>();
  private readonly pollSerial: number[] = [];
  private readonly groups = new Map<string, Group>();
  private readonly avail = new Heap<{ g: Group; pos: number }>((a, b) => a.pos < b.pos);
  private readonly kLease: number;
  private readonly kDelay: number;
  private readonly kPollTimeout: number;
  private readonly kHeartbeat: number;
  private readonly kRetention: number;
  private readonly retentionStep: number;

  constructor(
    private readonly core: QueueCore,
    private readonly workers: Workers,
  ) {
    this.q = core.config.queue as SqsQueueConfig;
    this.dlqName = this.q.RedrivePolicy ? `${this.q.name}-dlq` : null;
    const sim = core.sim;
    this.kLease = sim.register('lease-end', (seq) => this.onLeaseEnd(seq));
    this.kDelay = sim.register('delay-end', (seq) => this.onDelayEnd(seq));
    this.kPollTimeout = sim.register('long-poll-timeout', (i) => this.onPollTimeout(i));
    this.kHeartbeat = sim.register('heartbeat', (i) => this.onHeartbeat(i));
    this.kRetention = sim.register('retention-check', () => this.onRetention());
    this.retentionStep = Math.min(60, this.q.MessageRetentionPeriod);
    sim.schedule(this.q.MessageRetentionPeriod, this.kRetention, 0, 60);
  }

  get fifoGroups(): { total: number; blocked: number } | null {
    if (!this.q.FifoQueue) return null;
    let blocked = 0;
    for (const g of this.groups.values()) if (g.inFlight > 0 && g.visible > 0) blocked++;
    return { total: this.groups.size, blocked };
  }

  /** A new message: visible now, or after DelaySeconds. */
  arrive(m: Msg): void {
    if (this.q.DelaySeconds > 0) {
      m.handle = this.core.sim.schedule(this.q.DelaySeconds, this.kDelay, m.seq);
      return;
    }
    this.core.setState(m, MsgState.Visible);
    this.pump();
  }

  private onDelayEnd(seq: number): void {
    const m = this.core.live.get(seq)!;
    m.handle = -1;
    this.core.setState(m, MsgState.Visible);
    this.pump();
  }

  private group(key: string): Group {
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { key, heap: new Heap<Msg>(byPos), visible: 0, inFlight: 0 }));
    return g;
  }

  private offer(g: Group): void {
    const head = g.heap.peekLive(isVisible, dropFromHeap);
    if (head) this.avail.push({ g, pos: head.pos });
  }

  enqueue(m: Msg): void {
    if (!this.q.FifoQueue) {
      if (!m.inHeap) this.core.visible.push(m);
      m.inHeap = true;
      return;
    }
    const g = this.group(m.key ?? '');
    if (!m.inHeap) g.heap.push(m);
    m.inHeap = true;
    g.visible++;
    if (g.inFlight === 0) this.offer(g);
  }

  left(m: Msg, from: State): void {
    if (!this.q.FifoQueue) return;
    const g = this.groups.get(m.key ?? '')!;
    if (from === MsgState.Visible) g.visible--;
    else if (--g.inFlight === 0 && g.visible > 0) this.offer(g);
    if (g.visible === 0 && g.inFlight === 0) this.groups.delete(g.key);
  }

  private availableGroup(): Group | undefined {
    return this.avail.peekLive((e) => e.g.inFlight === 0 && e.g.visible > 0 && this.groups.get(e.g.key) === e.g && e.g.heap.peekLive(isVisible, dropFromHeap)?.pos === e.pos)?.g;
  }

  private hasNext(): boolean {
    return this.q.FifoQueue ? this.availableGroup() !== undefined : this.core.visible.peekLive(isVisible, dropFromHeap) !== undefined;
  }

  /** Hands out up to N messages to c (moving those over maxReceiveCount to the DLQ on the way). */
  private take(c: Consumer): Held[] {
    const n = this.core.pool(c).MaxNumberOfMessages;
    const out: Held[] = [];
    if (!this.q.FifoQueue) {
      const heap = this.core.visible;
      while (out.length < n && heap.peekLive(isVisible, dropFromHeap)) {
        const m = heap.pop()!;
        m.inHeap = false;
        if (!this.overLimit(m)) out.push(this.lease(m, c));
      }
      return out;
    }
    while (out.length < n) {
      const g = this.availableGroup();
      if (!g) break;
      this.avail.pop();
      while (out.length < n && g.heap.peekLive(isVisible, dropFromHeap)) {
        const m = g.heap.pop()!;
        m.inHeap = false;
        if (this.overLimit(m)) continue;
        g.inFlight++;
        out.push(this.lease(m, c));
      }
      if (g.inFlight === 0 && g.visible > 0) this.offer(g);
    }
    return out;
  }

  private overLimit(m: Msg): boolean {
    const rp = this.q.RedrivePolicy;
    if (!rp || m.receiveCount < rp.maxReceiveCount) return false;
    this.core.deadLetter(m, this.dlqName!, `ApproximateReceiveCount ${m.receiveCount} reached maxReceiveCount ${rp.maxReceiveCount}`);
    return true;
  }

  private lease(m: Msg, c: Consumer): Held {
    const h = this.core.handOut(m, c);
    const vt = this.q.VisibilityTimeout;
    m.leaseUntil = this.core.sim.now + vt;
    m.handle = this.core.sim.schedule(vt, this.kLease, m.seq);
    return h;
  }

  private onLeaseEnd(seq: number): void {
    const core = this.core;
    const m = core.live.get(seq)!;
    m.handle = -1;
    core.leaseExpiries++;
    const holder = core.consumers[m.holder]?.name ?? '?';
    if (m.receiveCount <= LOGGED_EXPIRIES) {
      core.log.add(core.sim.now, 'WARN', this.q.name, `visibility timeout of ${m.id} ended (held by ${holder}, ApproximateReceiveCount ${m.receiveCount}): visible again`);
    } else if (m.receiveCount === LOGGED_EXPIRIES + 1) {
      core.log.add(core.sim.now, 'WARN', this.q.name, `visibility timeout of ${m.id} ended again (ApproximateReceiveCount ${m.receiveCount}); its further expiries are not logged`);
    }
    core.setState(m, MsgState.Visible);
    this.pump();
  }

  pump(): void {
    const core = this.core;
    while (this.waiters.length > 0) {
      const w = this.waiters.peek()!;
      if (w.c.polling !== 2 || this.pollSerial[w.c.index] !== w.serial) {
        this.waiters.shift();
        continue;
      }
      if (!this.hasNext()) return;
      const batch = this.take(w.c);
      if (batch.length === 0) continue; // every candidate went to the DLQ: look again
      this.waiters.shift();
      core.sim.cancel(w.c.pollHandle);
      w.c.pollHandle = -1;
      this.answer(w.c, batch);
    }
  }

  idle(c: Consumer): void {
    if (c.polling !== 0) return;
    c.polling = 1;
    this.core.send(Op.ReceiveRequest, c, null);
  }

  private answer(c: Consumer, batch: Held[]): void {
    if (batch.length === 0) this.core.emptyReceives++;
    c.polling = 1;
    this.core.send(Op.ReceiveAnswer, c, null, 0, 0, batch);
  }

  receive(w: Wire): void {
    const core = this.core;
    const c = core.consumers[w.c];
    switch (w.op) {
      case Op.ReceiveRequest: {
        if (c.incarnation !== w.inc) return; // the process that asked is gone
        core.receiveCalls++;
        const batch = this.take(c);
        const pool = core.pool(c);
        const wait = pool.WaitTimeSeconds ?? this.q.ReceiveMessageWaitTimeSeconds;
        if (batch.length > 0 || wait === 0) this.answer(c, batch);
        else {
          c.polling = 2;
          this.pollSerial[c.index] = (this.pollSerial[c.index] ?? 0) + 1;
          this.waiters.push({ c, serial: this.pollSerial[c.index] });
          c.pollHandle = core.sim.schedule(wait, this.kPollTimeout, c.index);
        }
        return;
      }
      case Op.ReceiveAnswer:
        if (c.incarnation !== w.inc) return; // received by a dead process: the leases run out
        c.polling = 0;
        for (const h of w.batch!) c.inbox.push(h);
        if (w.batch!.length > 0) this.got(c);
        this.workers.next(c);
        return;
      case Op.Delete: {
        const m = w.m!;
        if (m.state !== MsgState.InFlight && m.state !== MsgState.Visible) return; // gone (expired, dead-lettered)
        if (m.receipt !== w.receipt) {
          core.staleDeletes++;
          if (core.staleDeletes <= 20) core.log.add(core.sim.now, 'WARN', c.name, `DeleteMessage ${m.id} refused: the receipt handle is stale (received again since)`);
          return;
        }
        core.deleted(m);
        return;
      }
      case Op.ChangeVisibility: {
        const m = w.m!;
        if (m.state !== MsgState.InFlight || m.receipt !== w.receipt) return;
        if (w.x === 0) {
          core.setState(m, MsgState.Visible);
          this.pump();
          return;
        }
        core.leaseExtensions++;
        core.sim.cancel(m.handle);
        m.leaseUntil = core.sim.now + w.x;
        m.handle = core.sim.schedule(w.x, this.kLease, m.seq);
        return;
      }
    }
  }

  private onPollTimeout(i: number): void {
    const c = this.core.consumers[i];
    c.pollHandle = -1;
    if (c.polling !== 2) return;
    this.answer(c, []);
  }

  got(c: Consumer): void {
    const hb = this.core.pool(c).heartbeat;
    if (hb && c.hbHandle < 0) c.hbHandle = this.core.sim.schedule(hb.every, this.kHeartbeat, c.index);
  }

  private onHeartbeat(i: number): void {
    const core = this.core;
    const c = core.consumers[i];
    c.hbHandle = -1;
    const hb = core.pool(c).heartbeat!;
    const held = c.current ? [c.current, ...c.inbox.toArray()] : c.inbox.toArray();
    if (!c.alive || held.length === 0) return;
    for (const h of held) core.send(Op.ChangeVisibility, c, h.m, h.receipt, hb.VisibilityTimeout);
    c.hbHandle = core.sim.schedule(hb.every, this.kHeartbeat, i);
  }

  succeeded(c: Consumer, h: Held): void {
    this.core.send(Op.Delete, c, h.m, h.receipt);
  }

  failed(c: Consumer, h: Held): void {
    if (this.core.pool(c).onFailure === 'requeue') this.core.send(Op.ChangeVisibility, c, h.m, h.receipt, 0);
  }

  lost(): void {
    // The leases of what it held run out on their own; its long poll (if any) is abandoned.
  }

  private onRetention(): void {
    const core = this.core;
    const limit = core.sim.now - this.q.MessageRetentionPeriod;
    for (let m = core.oldest(); m && m.sentAt <= limit; m = core.oldest()) {
      core.ages.pop();
      m.inAgeHeap = false;
      core.setState(m, MsgState.Expired);
      core.log.add(core.sim.now, 'INFO', this.q.name, `messages older than MessageRetentionPeriod (${this.q.MessageRetentionPeriod} s) deleted`);
    }
    this.pump();
    core.sim.schedule(this.retentionStep, this.kRetention, 0, 60);
  }

  head(k: number): Msg[] {
    if (!this.q.FifoQueue) return this.core.visible.smallest(k, isVisible);
    const groups = this.avail.smallest(k, (e) => e.g.inFlight === 0 && this.groups.get(e.g.key) === e.g && e.g.heap.peek()?.pos === e.pos);
    const out: Msg[] = [];
    for (const e of groups) {
      for (const m of e.g.heap.smallest(k - out.length, isVisible)) out.push(m);
      if (out.length >= k) break;
    }
    return out;
  }
}
