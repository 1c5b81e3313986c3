/**
 * The brokers' request handling for produce requests, when they cost the broker time (the
 * scenario's `timing.request.ms` / `timing.request.ms.per.MiB`; without them this is not built and
 * a produce request is handled the moment it arrives, as before).
 *
 * Kafka: network threads read requests off the sockets into one request queue per broker
 * (`queued.max.requests`, default 500), and `num.io.threads` request handler threads (default 8)
 * take them in order (SocketServerConfigs / ServerConfigs, see kafka-defaults.json). Here a produce
 * request that reaches the broker joins the queue; a free handler takes the oldest and holds it for
 * the request's cost — QueueLab's assumption: a fixed time per request (parsing, validation,
 * locking, the response) plus a time per byte (copying the batch into the log) — then the append
 * and its answer happen as they did without costs. When the queue is full the network threads stop
 * reading: QueueLab keeps the requests that arrive meanwhile unread, in arrival order, and moves
 * the oldest into the queue as places free (its wait in the socket counts as queue time too).
 *
 * Replica fetches and consumer fetches cost nothing here (a simplification: in Kafka they take
 * handler time too, small per request since they are long polls answered by sendfile).
 *
 * A connection has one request at the broker at a time (producer.ts: the broker reads the next only
 * after it has answered), so the queue holds at most one request per producer per broker. A request
 * its client gave up on (its connection closed) while it waited is dropped when a handler reaches
 * it, at no cost.
 */
import type { ClusterIoConfig } from './config.ts';
import type { Simulation } from '../../kernel/simulation.ts';
import { LogHistogram } from '../../metrics/histogram.ts';

/** One produce request as the handlers see it. */
export interface IoRequest {
  id: number;
  bytes: number;
  /** When it reached the broker. */
  at: number;
}

class BrokerIo {
  /** The request queue (read, waiting for a handler) and the requests not read yet (queue full). */
  readonly queue: IoRequest[] = [];
  qHead = 0;
  readonly unread: IoRequest[] = [];
  uHead = 0;
  busy = 0;
  /** Requests in service: id → their completion event. */
  readonly serving = new Map<number, number>();
  /** Thread-seconds busy: in the window (after warm-up), and since the last chart sample. */
  busyWindow = 0;
  busyInterval = 0;
  lastT = 0;

  get queued(): number {
    return this.queue.length - this.qHead;
  }

  get waitingUnread(): number {
    return this.unread.length - this.uHead;
  }
}

export class RequestHandlers {
  private readonly b: BrokerIo[];
  /** Time from reaching the broker to a handler taking it (window, and since the last chart sample). */
  readonly wait = new LogHistogram();
  waitSum = 0;
  readonly waitInterval = new LogHistogram();
  /** Requests handled after the warm-up. */
  handled = 0;
  /** The most requests waiting (queued + unread) at one broker, and the most left unread. */
  maxWaiting = 0;
  maxUnread = 0;
  private readonly kDone: number;
  private readonly byId = new Map<number, { broker: number; req: IoRequest }>();

  constructor(
    readonly config: ClusterIoConfig,
    brokers: number,
    private readonly sim: Simulation,
    private readonly warmup: number,
    /** Still wanted (its client has not given up)? */
    private readonly live: (id: number) => boolean,
    /** The handler is done with request `id`: the append and its answer. */
    private readonly handle: (id: number) => void,
  ) {
    this.b = Array.from({ length: brokers }, () => new BrokerIo());
    this.kDone = sim.register('handler-done', (id) => this.onDone(id));
  }

  /** The cost of a request of `bytes`, seconds. */
  cost(bytes: number): number {
    return this.config.perRequest + this.config.perByte * bytes;
  }

  private accrue(x: BrokerIo): void {
    const now = this.sim.now;
    if (now > x.lastT) {
      const w = Math.max(x.lastT, this.warmup);
      if (now > w) x.busyWindow += x.busy * (now - w);
      x.busyInterval += x.busy * (now - x.lastT);
      x.lastT = now;
    }
  }

  /** Request `id` of `bytes` reaches broker `broker` (1…N) now. */
  arrive(broker: number, id: number, bytes: number): void {
    const x = this.b[broker - 1];
    const r: IoRequest = { id, bytes, at: this.sim.now };
    if (x.queued >= this.config.queueMax || x.waitingUnread > 0) x.unread.push(r);
    else x.queue.push(r);
    const waiting = x.queued + x.waitingUnread;
    if (waiting > this.maxWaiting) this.maxWaiting = waiting;
    if (x.waitingUnread > this.maxUnread) this.maxUnread = x.waitingUnread;
    this.start(broker);
  }

  /** Free handlers of `broker` take the oldest queued requests; the queue takes unread ones as it empties. */
  private start(broker: number): void {
    const x = this.b[broker - 1];
    const now = this.sim.now;
    while (x.busy < this.config.threads && x.queued > 0) {
      const r = x.queue[x.qHead++];
      this.refill(x);
      if (!this.live(r.id)) continue;
      this.accrue(x);
      x.busy++;
      const w = now - r.at;
      this.waitInterval.add(w);
      if (now >= this.warmup) {
        this.wait.add(w);
        this.waitSum += w;
      }
      this.byId.set(r.id, { broker, req: r });
      x.serving.set(r.id, this.sim.schedule(this.cost(r.bytes), this.kDone, r.id));
    }
    this.refill(x);
  }

  private refill(x: BrokerIo): void {
    while (x.queued < this.config.queueMax && x.waitingUnread > 0) x.queue.push(x.unread[x.uHead++]);
    if (x.qHead > 1024 && x.qHead * 2 > x.queue.length) {
      x.queue.splice(0, x.qHead);
      x.qHead = 0;
    }
    if (x.uHead > 1024 && x.uHead * 2 > x.unread.length) {
      x.unread.splice(0, x.uHead);
      x.uHead = 0;
    }
  }

  private onDone(id: number): void {
    const e = this.byId.get(id);
    if (!e) return;
    this.byId.delete(id);
    const x = this.b[e.broker - 1];
    x.serving.delete(id);
    this.accrue(x);
    x.busy--;
    if (this.sim.now >= this.warmup) this.handled++;
    this.handle(id);
    this.start(e.broker);
  }

  /** Broker `broker` died: what it had queued, unread or in service is gone (the clients see their connections close). */
  brokerDied(broker: number): void {
    const x = this.b[broker - 1];
    this.accrue(x);
    for (const [id, h] of x.serving) {
      this.sim.cancel(h);
      this.byId.delete(id);
    }
    x.serving.clear();
    x.busy = 0;
    x.queue.length = x.unread.length = 0;
    x.qHead = x.uHead = 0;
  }

  /** Requests at broker `broker` now: in service, queued, unread. */
  at(broker: number): { serving: number; queued: number; unread: number } {
    const x = this.b[broker - 1];
    return { serving: x.busy, queued: x.queued, unread: x.waitingUnread };
  }

  /** Mean share of its handler threads each broker kept busy over the window, per broker (0…1). */
  utilisation(): number[] {
    const now = this.sim.now;
    const win = now - Math.min(now, this.warmup);
    // Read without accruing (a read between chunks must not change the sums' rounding).
    return this.b.map((x) => {
      const w = Math.max(x.lastT, this.warmup);
      const busy = x.busyWindow + (now > w ? x.busy * (now - w) : 0);
      return win > 0 ? busy / (this.config.threads * win) : 0;
    });
  }

  /** The busiest broker's share of busy handler threads since the last call (chart sample over `dt`). */
  takeInterval(dt: number): number {
    let max = 0;
    for (const x of this.b) {
      this.accrue(x);
      // At most 1: rounding of the accrued thread-seconds could put a saturated broker a hair above.
      if (dt > 0) max = Math.max(max, Math.min(1, x.busyInterval / (this.config.threads * dt)));
      x.busyInterval = 0;
    }
    return max;
  }
}
