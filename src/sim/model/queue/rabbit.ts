/**
 * RabbitMQ: the broker pushes, consumers ack.
 *
 * - Whenever a message is ready and a consumer (alive, not paused) has a free `basic.qos` prefetch
 *   slot (prefetch 0 = unlimited), the broker delivers the head message to the next such consumer,
 *   round robin. The delivery reaches the consumer rtt/2 later; the consumer processes its
 *   deliveries in order; the ack reaches the broker rtt/2 after the handler ends and frees the slot
 *   — so prefetch 1 idles one round trip per message (prefetch ≈ rtt ÷ processing time hides it),
 *   and a large prefetch lets one consumer hoard messages the others could be processing.
 * - The head is the highest priority (with `x-max-priority`; priorities above it count as it,
 *   without it priorities are ignored), then the oldest position. A requeued message goes back to
 *   its original position, as RabbitMQ does; one back from the retry queue or a redrive goes to the tail.
 * - Failure: onFailure retry|requeue → basic.nack requeue=true (back in place, delivery count
 *   counted at its next delivery, `requeued`); reject → basic.reject requeue=false: to the retry
 *   queue `<name>.retry` if `retry` (it waits its x-message-ttl, then is dead-lettered back to the
 *   tail; a message already delivered maxAttempts times goes on to the DLQ instead), else
 *   dead-lettered to `<name>.dlq` with `x-dead-letter-exchange`, else dropped.
 * - Quorum queues: `x-delivery-limit` (null: RabbitMQ 4's default 20; classic queues have none): a
 *   message returned (nack, a crashed or timed-out consumer) after more than that many deliveries
 *   is dead-lettered, or dropped without a DLX.
 * - `x-message-ttl`: a message that has waited longer than the TTL since it was enqueued expires
 *   when it reaches the head (classic-queue behaviour: a timer watches the head) → the DLQ with a
 *   DLX, else expired.
 * - A consumer crash: its unacked deliveries are requeued at once. consumer_timeout: a delivery
 *   unacked longer than it closes the consumer's channel (counted as a crash) and requeues its
 *   deliveries; the consumer reconnects after its pool's `restartAfter`.
 * - `x-max-length` counts ready messages only (RabbitMQ's rule: unacknowledged deliveries do not
 *   count). At the limit, `x-overflow` drop-head (the default) lets the new message in and drops
 *   the oldest ready one (dead-lettered with a DLX) once deliveries have taken what they can;
 *   reject-publish refuses the new one — the publisher gets basic.nack, the message never enters
 *   (`unpublished`) — and reject-publish-dlx refuses it and dead-letters it. A message that comes
 *   back from the retry queue or a redrive to a full queue that rejects publishes is dropped
 *   (dead-lettered with reject-publish-dlx).
 *
 * Simplification: the retry-exhausted message goes to the DLQ only with a DLX (else it is dropped),
 * as a real retry topology without a final dead-letter queue would.
 */
import { Msg, MsgState } from './messages.ts';
import { Op, type Broker, type Consumer, type Held, type QueueCore, type Wire } from './core.ts';
import type { RabbitQueueConfig } from './config.ts';
import type { Workers } from './workers.ts';

const isVisible = (m: Msg) => m.state === MsgState.Visible;
const dropFromHeap = (m: Msg) => (m.inHeap = false);

/** RabbitMQ 4.0's delivery limit of a quorum queue when none is set. */
export const QUORUM_DEFAULT_DELIVERY_LIMIT = 20;

export class RabbitBroker implements Broker {
  private readonly q: RabbitQueueConfig;
  readonly dlqName: string | null;
  readonly retryName: string | null;
  readonly limit: number | null;
  private readonly ttl: number | null;
  private rr = 0;
  private ttlHandle = -1;
  private ttlAt = Infinity;
  private readonly kTtl: number;
  private readonly kRetryDue: number;
  private readonly kTimeout: number;
  readonly fifoGroups = null;

  constructor(
    private readonly core: QueueCore,
    private readonly workers: Workers,
  ) {
    const q = (this.q = core.config.queue as RabbitQueueConfig);
    this.dlqName = q['x-dead-letter-exchange'] ? `${q.name}.dlq` : null;
    this.retryName = q.retry ? `${q.name}.retry` : null;
    this.limit = q['x-queue-type'] === 'quorum' ? (q['x-delivery-limit'] ?? QUORUM_DEFAULT_DELIVERY_LIMIT) : null;
    this.ttl = q['x-message-ttl'] === null ? null : q['x-message-ttl'] / 1000;
    const sim = core.sim;
    this.kTtl = sim.register('ttl-head', () => {
      this.ttlHandle = -1;
      this.ttlAt = Infinity;
      this.pump();
    });
    this.kRetryDue = sim.register('retry-due', (seq) => this.onRetryDue(seq));
    this.kTimeout = sim.register('consumer-timeout', (i) => this.onTimeout(i));
  }

  /** A publisher's message reaches the queue (basic.publish): as {@link arrive}, refused when the queue is full and rejects publishes. */
  publish(m: Msg): void {
    this.arrive(m, true);
  }

  /** A message enters the queue (published, back from the retry queue, redriven), within x-max-length. */
  arrive(m: Msg, published = false): void {
    const core = this.core;
    const max = this.q['x-max-length'];
    const overflow = this.q['x-overflow'];
    if (max !== null && overflow !== 'drop-head' && core.counts[MsgState.Visible] >= max) {
      const why = `x-max-length ${max} reached (x-overflow ${overflow})`;
      if (published) core.publishRejected++;
      if (overflow === 'reject-publish-dlx' && this.dlqName !== null) core.deadLetter(m, this.dlqName, why);
      else if (published) {
        core.setState(m, MsgState.Unpublished);
        core.log.add(core.sim.now, 'WARN', this.q.name, `publish refused: ${why}; the publisher gets basic.nack`);
      } else core.settle(m, null, MsgState.Dropped, why);
      return;
    }
    if (this.ttl !== null) m.expiresAt = m.enqueuedAt + this.ttl;
    core.setState(m, MsgState.Visible);
    this.pump();
    if (max !== null && overflow === 'drop-head') this.dropHead(max);
  }

  /** Drops (or dead-letters) the oldest ready messages while more than `max` are ready. */
  private dropHead(max: number): void {
    const core = this.core;
    const heap = core.visible;
    while (core.counts[MsgState.Visible] > max) {
      const h = heap.peekLive(isVisible, dropFromHeap)!;
      heap.pop();
      h.inHeap = false;
      core.dropHead++;
      if (this.dlqName !== null) core.deadLetter(h, this.dlqName, `x-max-length ${max} reached: dropped from the head`);
      else {
        core.setState(h, MsgState.Dropped);
        core.log.add(core.sim.now, 'WARN', this.q.name, `x-max-length ${max} reached: the oldest ready message is dropped`);
      }
    }
  }

  enqueue(m: Msg): void {
    if (!m.inHeap) this.core.visible.push(m);
    m.inHeap = true;
  }

  left(): void {}

  pump(): void {
    const core = this.core;
    const heap = core.visible;
    const now = core.sim.now;
    for (let m = heap.peekLive(isVisible, dropFromHeap); m; m = heap.peekLive(isVisible, dropFromHeap)) {
      if (m.expiresAt <= now) {
        heap.pop();
        m.inHeap = false;
        core.settle(m, this.dlqName, MsgState.Expired, `x-message-ttl ${this.q['x-message-ttl']} ms passed at the head of the queue`);
        continue;
      }
      const c = this.nextConsumer();
      if (!c) break;
      heap.pop();
      m.inHeap = false;
      this.deliver(m, c);
    }
    if (this.ttl === null) return;
    const head = heap.peekLive(isVisible, dropFromHeap);
    if (head && head.expiresAt < this.ttlAt) {
      if (this.ttlHandle >= 0) core.sim.cancel(this.ttlHandle);
      this.ttlAt = head.expiresAt;
      this.ttlHandle = core.sim.scheduleAt(head.expiresAt, this.kTtl);
    }
  }

  /** The next consumer round robin that is alive, not paused, with a free prefetch slot. */
  private nextConsumer(): Consumer | null {
    const cs = this.core.consumers;
    const n = cs.length;
    const now = this.core.sim.now;
    for (let k = 0; k < n; k++) {
      const i = (this.rr + k) % n;
      const c = cs[i];
      if (!c.alive || now < c.pausedUntil) continue;
      const prefetch = this.core.pool(c).prefetch;
      if (prefetch !== 0 && c.unackedCount >= prefetch) continue;
      this.rr = (i + 1) % n;
      return c;
    }
    return null;
  }

  private deliver(m: Msg, c: Consumer): void {
    const core = this.core;
    const h = core.handOut(m, c);
    c.unacked.push(h);
    c.unackedCount++;
    if (c.timeoutHandle < 0) c.timeoutHandle = core.sim.schedule(this.q.consumer_timeout / 1000, this.kTimeout, c.index);
    core.send(Op.Deliver, c, m, h.receipt);
  }

  private holds(c: Consumer, m: Msg, receipt: number): boolean {
    return m.state === MsgState.InFlight && m.receipt === receipt && m.holder === c.index;
  }

  receive(w: Wire): void {
    const core = this.core;
    const c = core.consumers[w.c];
    const m = w.m!;
    if (w.op === Op.Deliver) {
      if (c.incarnation !== w.inc) return; // the channel closed meanwhile: the broker requeued it
      c.inbox.push({ m, receipt: w.receipt, at: core.sim.now });
      this.workers.next(c);
      return;
    }
    if (!this.holds(c, m, w.receipt)) return; // an ack on a closed channel: the message was requeued
    c.unackedCount--;
    m.holder = -1; // settled by this consumer (whatever happens to it next)
    this.forgetSettled(c);
    if (w.op === Op.Ack) core.deleted(m);
    else if (w.op === Op.Nack) this.requeue(m);
    else this.reject(m);
    this.pump();
  }

  /** Back to its original position (nack requeue, a lost consumer), unless over the delivery limit. */
  private requeue(m: Msg): void {
    const core = this.core;
    core.requeued++;
    if (this.limit !== null && m.receiveCount > this.limit) {
      core.settle(m, this.dlqName, MsgState.Dropped, `delivery-limit ${this.limit} exceeded (delivery count ${m.receiveCount})`);
      return;
    }
    core.setState(m, MsgState.Visible);
  }

  private reject(m: Msg): void {
    const core = this.core;
    const r = this.q.retry;
    if (!r) {
      core.settle(m, this.dlqName, MsgState.Dropped, 'rejected (basic.reject requeue=false)');
      return;
    }
    if (m.receiveCount >= r.maxAttempts) {
      core.settle(m, this.dlqName, MsgState.Dropped, `retries exhausted after ${m.receiveCount} deliveries`);
      return;
    }
    core.setState(m, MsgState.Retrying);
    m.handle = core.sim.schedule(r['x-message-ttl'] / 1000, this.kRetryDue, m.seq);
    if (m.receiveCount <= 3) core.log.add(core.sim.now, 'INFO', this.q.name, `${m.id} rejected: dead-lettered to ${this.retryName} for ${r['x-message-ttl']} ms (delivery ${m.receiveCount} of ${r.maxAttempts})`);
  }

  private onRetryDue(seq: number): void {
    const core = this.core;
    const m = core.live.get(seq)!;
    m.handle = -1;
    m.pos = core.nextPosition();
    m.enqueuedAt = core.sim.now;
    this.arrive(m);
  }

  idle(): void {}

  got(): void {}

  succeeded(c: Consumer, h: Held): void {
    this.core.send(Op.Ack, c, h.m, h.receipt);
  }

  failed(c: Consumer, h: Held): void {
    this.core.send(this.core.pool(c).onFailure === 'reject' ? Op.Reject : Op.Nack, c, h.m, h.receipt);
  }

  /** Its channel closed: every unacked delivery goes back at once. */
  lost(c: Consumer): void {
    for (let h = c.unacked.shift(); h; h = c.unacked.shift()) if (this.holds(c, h.m, h.receipt)) this.requeue(h.m);
    c.unackedCount = 0;
    this.pump();
  }

  /** Drops the deliveries at the front of c's unacked list that it no longer holds; returns the first it does. */
  private forgetSettled(c: Consumer): Held | undefined {
    let h = c.unacked.peek();
    while (h && !this.holds(c, h.m, h.receipt)) {
      c.unacked.shift();
      h = c.unacked.peek();
    }
    return h;
  }

  private onTimeout(i: number): void {
    const core = this.core;
    const c = core.consumers[i];
    c.timeoutHandle = -1;
    const h = this.forgetSettled(c);
    if (!h || !c.alive) return;
    const timeout = this.q.consumer_timeout / 1000;
    const deadline = h.at + timeout;
    if (core.sim.now >= deadline) {
      this.workers.crash(
        c,
        `Channel error on connection: operation none caused a channel exception PRECONDITION_FAILED - delivery acknowledgement on channel 1 timed out. Timeout value used: ${this.q.consumer_timeout} ms`,
        core.pool(c).restartAfter,
      );
      return;
    }
    c.timeoutHandle = core.sim.scheduleAt(deadline, this.kTimeout, i);
  }

  head(k: number): Msg[] {
    return this.core.visible.smallest(k, isVisible);
  }
}
