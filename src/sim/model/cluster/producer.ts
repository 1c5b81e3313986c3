/**
 * Producers: the log model's keys and partitioners, a record accumulator per partition (a batch
 * closes at `batch.size` bytes or after `linger.ms` from its first record), produce requests (one
 * batch each; at most `max.in.flight.requests.per.connection` in flight PER PARTITION — a
 * simplification of Kafka's per-broker connection), acks 0 / 1 / all, errors, retries with Kafka
 * 4's exponential backoff (`retry.backoff.ms` doubling up to 1 s, without jitter), client request
 * timeouts, delivery timeouts ("Expiring N record(s) …") and idempotence (a sequence per batch per
 * partition; the leader recognises a batch it holds and does not append it again).
 *
 * The client's metadata is the controller's: a batch whose partition has no reachable leader waits
 * in the accumulator (polled every retry.backoff.ms; no attempt is spent) until one is elected or
 * its delivery timeout passes — as Kafka's accumulator holds batches for a node it cannot reach.
 *
 * `buffer.memory` (buffer-pool.ts): a new batch takes max(batch.size, the record's size) bytes
 * until it is done; a send() that needs a new batch when the memory is used up waits in line for
 * up to `max.block.ms`, then fails with BufferExhaustedException. Who waits: without a web front,
 * the producer's one application thread (its next send() is drawn only when this one returns, so
 * producing slows to what the buffer drains); with one (`front`, QueueLab's assumption), each
 * request's handler thread, all in one line — the load balancer answers 504 to a request whose
 * handler has not answered within its timeout.
 */
import { makeKeyGenerator, makeKeyPartitionCache, type KeyGenerator, type KeyPartitionCache } from '../kafka/keys.ts';
import { StickyPartitioner } from '../kafka/sticky-partitioner.ts';
import { RateProfile } from '../kafka/rate-profile.ts';
import type { Rng } from '../../kernel/rng.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import { powInt } from '../../kernel/pmath.ts';
import type { ClusterProducerConfig } from './config.ts';
import type { ClusterModel } from './cluster-model.ts';
import type { Partition } from './partition-state.ts';
import type { ProducerException } from './types.ts';
import { BufferPool, type BlockedSend } from './buffer-pool.ts';

/** Produce response error codes (Kafka's names). */
export const Err = { NONE: 0, NOT_LEADER_OR_FOLLOWER: 1, NOT_ENOUGH_REPLICAS: 2, NOT_ENOUGH_REPLICAS_AFTER_APPEND: 3, NETWORK_EXCEPTION: 4, REQUEST_TIMED_OUT: 5 } as const;
const ERR_NAMES = ['NONE', 'NOT_LEADER_OR_FOLLOWER', 'NOT_ENOUGH_REPLICAS', 'NOT_ENOUGH_REPLICAS_AFTER_APPEND', 'NETWORK_EXCEPTION', 'REQUEST_TIMED_OUT'];
const EXCEPTIONS: ProducerException[] = ['TimeoutException', 'NotLeaderOrFollowerException', 'NotEnoughReplicasException', 'NotEnoughReplicasAfterAppendException', 'NetworkException', 'TimeoutException'];

export interface Batch {
  id: number;
  producer: number;
  partition: number;
  ids: number[];
  bytes: number;
  createdAt: number;
  seq: number;
  attempts: number;
  notBefore: number;
  /** Sent at least once (it is among the partition's unacknowledged batches). */
  sent: boolean;
  /** Acknowledged or failed. */
  done: boolean;
  /** Bytes of buffer.memory it holds (0 once given back). */
  mem: number;
}

export interface Req {
  id: number;
  corr: number;
  batch: Batch;
  broker: number;
  sentAt: number;
  arriveHandle: number;
  timeoutHandle: number;
  /** Its batch's delivery timeout, when that comes before the request timeout (−1: none pending). */
  expiryHandle: number;
  error: number;
  /** The client is done with it (answered, timed out, or failed): later results are ignored. */
  settled: boolean;
}

interface PartitionQueue {
  open: Batch | null;
  queue: Batch[];
  inflight: number;
  /** Batches sent and not yet acknowledged or failed, in sequence order (what idempotence sequences). */
  unacked: Batch[];
  wakeHandle: number;
  wakeAt: number;
}

export interface ProducerState {
  config: ClusterProducerConfig & { arrivals: 'poisson' | 'constant' };
  index: number;
  profile: RateProfile;
  rng: Rng;
  keys: KeyGenerator;
  cache: KeyPartitionCache | null;
  sticky: StickyPartitioner;
  stopped: boolean;
  handle: number;
  lastAt: number;
  /** `lose-response`: responses still to drop. */
  loseNext: number;
  corr: number;
  seqs: Int32Array;
  pqs: (PartitionQueue | undefined)[];
  /** Produce latency of the records acknowledged since the last chart sample. */
  hist: LogHistogram;
  sum: number;
  /** Its buffer.memory and the send() calls waiting for it. */
  pool: BufferPool;
  /** No web front: the application's thread is inside a blocked send(), so its next send() waits. */
  callerBlocked: boolean;
  /** Handing memory to waiting send() calls now / drains under way (memory given back meanwhile is handed out after). */
  serving: boolean;
  draining: number;
  /** The pending max.block.ms check of the first waiting send(), or −1. */
  blockTimer: number;
  /** The web front's requests (null without one). */
  front: FrontCounts | null;
}

/**
 * The web front's requests by how they ended: answered in time (2xx with the record in the buffer,
 * 202 with the record shed, 503 because send() failed), 504 from the load balancer, and open (the
 * handler is in send() and the load balancer still waits). requests = ok + shed + errors + timeouts + open.
 */
export interface FrontCounts {
  requests: number;
  ok: number;
  shed: number;
  errors: number;
  timeouts: number;
  open: number;
  /** Requests answered 504 whose send() then returned with the record in the buffer (the handler ran on). */
  afterTimeout: number;
}

export class Producers {
  readonly list: ProducerState[] = [];
  private readonly batches = new Map<number, Batch>();
  private readonly reqs = new Map<number, Req>();
  /** Requests on the wire to, or waiting at, each broker (index id − 1). */
  private readonly atBroker: Set<Req>[];
  private nextBatch = 0;
  private nextReq = 0;
  /** Window latency over all producers, and the interval histogram of the charts. */
  readonly hist = new LogHistogram();
  readonly interval = new LogHistogram();
  sum = 0;
  /** Produce requests sent (every attempt) in the window, the records and (compressed) bytes they carried, and requests sent since the last chart sample with their records. */
  requests = 0;
  requestRecords = 0;
  requestBytes = 0;
  intervalRequests = 0;
  intervalRecords = 0;
  /** send() calls that waited for buffer memory (whole run), their summed and longest wait, seconds. */
  sendsBlocked = 0;
  blockedTime = 0;
  blockedMax = 0;
  /** send() calls waiting now over all producers, and the most at once. */
  blockedNow = 0;
  blockedPeak = 0;
  /** When a send() first found the buffer full (null: never). */
  firstBlockedAt: number | null = null;
  /** Time in send() (0 when it did not wait) of the calls that returned in the window, and since the last chart sample. */
  readonly sendHist = new LogHistogram();
  sendSum = 0;
  readonly sendInterval = new LogHistogram();
  /** The web front's clients: time to their answer (the load balancer's timeout at most), after the warm-up. */
  readonly clientHist = new LogHistogram();
  clientSum = 0;
  /** Bytes of buffer.memory held by batches now over all producers, and the most at once. */
  bufferUsed = 0;
  bufferMax = 0;
  readonly kProduce: number;
  private readonly kLinger: number;
  private readonly kArrive: number;
  private readonly kResponse: number;
  private readonly kTimeout: number;
  private readonly kWake: number;
  private readonly kStalled: number;
  private readonly kBlock: number;
  private readonly kGateway: number;
  private readonly kExpireInFlight: number;

  constructor(private readonly m: ClusterModel) {
    const sim = m.sim;
    const P = m.config.partitions;
    this.atBroker = m.brokers.map(() => new Set<Req>());
    m.config.producers.forEach((pc, i) => {
      const keys = makeKeyGenerator(pc.spec.keys, m.streams.stream(`keys:${pc.name}`, i));
      this.list.push({
        config: { ...pc, arrivals: pc.spec.arrivals },
        index: i,
        profile: new RateProfile(pc.spec),
        rng: m.streams.stream(`producer:${pc.name}`, i),
        keys,
        cache: keys.count > 0 ? makeKeyPartitionCache(keys, P) : null,
        sticky: new StickyPartitioner(P, pc.batchSize, m.streams.stream(`sticky:${pc.name}`, i)),
        stopped: false,
        handle: -1,
        lastAt: -Infinity,
        loseNext: 0,
        corr: 0,
        seqs: new Int32Array(P),
        pqs: new Array<PartitionQueue | undefined>(P),
        hist: new LogHistogram(),
        sum: 0,
        pool: new BufferPool(pc.bufferMemory),
        callerBlocked: false,
        serving: false,
        draining: 0,
        blockTimer: -1,
        front: pc.front ? { requests: 0, ok: 0, shed: 0, errors: 0, timeouts: 0, open: 0, afterTimeout: 0 } : null,
      });
    });
    this.kProduce = sim.register('produce', (i) => this.onProduce(i));
    this.kLinger = sim.register('linger', (b) => this.onLinger(b));
    this.kArrive = sim.register('produce-arrive', (r) => this.onArrive(r));
    this.kResponse = sim.register('produce-response', (r) => this.onResponse(r));
    this.kTimeout = sim.register('request-timeout', (r) => this.onTimeout(r));
    this.kWake = sim.register('accumulator-wake', (x) => this.drain(this.list[Math.floor(x / P)], x % P));
    this.kStalled = sim.register('produce-stalled', (r) => this.onStalled(r));
    this.kBlock = sim.register('max-block', (i) => this.onBlockTimeout(i));
    this.kGateway = sim.register('gateway-timeout', (id) => this.onGatewayTimeout(id));
    this.kExpireInFlight = sim.register('inflight-expiry', (r) => this.onExpireInFlight(r));
  }

  private pq(pr: ProducerState, p: number): PartitionQueue {
    let q = pr.pqs[p];
    if (!q) pr.pqs[p] = q = { open: null, queue: [], inflight: 0, unacked: [], wakeHandle: -1, wakeAt: Infinity };
    return q;
  }

  /** send(): a new record of producer i, now. */
  private onProduce(i: number): void {
    const m = this.m;
    const pr = this.list[i];
    // Without a web front the application's one thread is still inside a blocked send(): no call
    // now; its next one is drawn when that send() returns.
    if (pr.callerBlocked) {
      pr.handle = -1;
      return;
    }
    const now = m.sim.now;
    m.arrivals.schedule(i, now);
    pr.lastAt = now;
    const c = pr.config;
    const k = pr.keys.next();
    // Batches fill with compressed bytes (Kafka's estimate of the compressed size; = recordBytes without compression).
    const rb = c.wireBytes;
    const p = k < 0 ? pr.sticky.partition(rb) : pr.cache!.partitionOf(k);
    const id = m.records.add(i, now);
    m.sim.progress++;
    if (pr.front) pr.front.requests++;
    const q = this.pq(pr, p);
    if (q.open && q.open.ids.length > 0 && q.open.bytes + rb > c.batchSize) this.close(q);
    // Room in the open batch, or memory for a new one (and nobody waiting ahead): send() returns at once.
    const pool = pr.pool;
    if (q.open || (pool.waiting === 0 && pool.free >= c.batchAlloc)) {
      this.append(pr, q, p, id);
      this.returned(pr, now, true, -1);
      this.drain(pr, p);
      return;
    }
    if (c.maxBlock <= 0) {
      this.refuse(pr, id);
      this.returned(pr, now, false, -1);
      return;
    }
    // send() blocks: in line for memory, for at most max.block.ms.
    m.records.block(id);
    const fc = c.front;
    const lb = fc ? m.sim.schedule(fc.timeout, this.kGateway, id) : -1;
    if (pr.front) pr.front.open++;
    pool.push({ id, partition: p, at: now, lb });
    this.sendsBlocked++;
    if (this.firstBlockedAt === null) this.firstBlockedAt = now;
    if (++this.blockedNow > this.blockedPeak) this.blockedPeak = this.blockedNow;
    if (!fc) {
      pr.callerBlocked = true;
      if (pr.handle >= 0) m.sim.cancel(pr.handle);
      pr.handle = -1;
    }
    this.armBlockTimer(pr);
  }

  /** Record `id` goes into partition p's open batch; a new batch takes its memory from the pool. */
  private append(pr: ProducerState, q: PartitionQueue, p: number, id: number): void {
    const m = this.m;
    const c = pr.config;
    if (!q.open) {
      const b: Batch = { id: this.nextBatch++, producer: pr.index, partition: p, ids: [], bytes: 0, createdAt: m.sim.now, seq: pr.seqs[p]++, attempts: 0, notBefore: 0, sent: false, done: false, mem: c.batchAlloc };
      pr.pool.take(c.batchAlloc);
      this.bufferUsed += c.batchAlloc;
      if (this.bufferUsed > this.bufferMax) this.bufferMax = this.bufferUsed;
      q.open = b;
      if (c.linger > 0) {
        this.batches.set(b.id, b);
        m.sim.schedule(c.linger, this.kLinger, b.id);
      }
    }
    q.open.ids.push(id);
    q.open.bytes += c.wireBytes;
    if (q.open.bytes >= c.batchSize) this.close(q);
  }

  /**
   * A send() called at `at` returns now: `ok` (the record is in a batch) or not (it failed with
   * BufferExhaustedException). `lb`: the load balancer's pending timeout of a web request that
   * blocked (−1: it did not block): if it already fired, the client got its 504 then.
   */
  private returned(pr: ProducerState, at: number, ok: boolean, lb: number): void {
    const m = this.m;
    const now = m.sim.now;
    const w = now - at;
    this.sendInterval.add(w);
    if (now >= m.config.warmup) {
      this.sendHist.add(w);
      this.sendSum += w;
    }
    const f = pr.front;
    if (f && lb >= 0 && !m.sim.cancel(lb)) {
      // The client got its 504 already; the record goes into the buffer all the same (a retry by the client makes a duplicate).
      if (ok) f.afterTimeout++;
    } else if (f) {
      if (lb >= 0) f.open--;
      if (ok) f.ok++;
      else if (pr.config.front!.shed) f.shed++;
      else f.errors++;
      this.client(w);
    }
    if (pr.callerBlocked) {
      pr.callerBlocked = false;
      if (pr.handle < 0) m.arrivals.schedule(pr.index, now);
    }
  }

  private client(w: number): void {
    if (this.m.sim.now >= this.m.config.warmup) {
      this.clientHist.add(w);
      this.clientSum += w;
    }
  }

  /** A blocked send() returns (with memory, or out of time): how long it waited. */
  private unblocked(pr: ProducerState, w: BlockedSend, ok: boolean): void {
    this.blockedNow--;
    const waited = this.m.sim.now - w.at;
    this.blockedTime += waited;
    if (waited > this.blockedMax) this.blockedMax = waited;
    this.returned(pr, w.at, ok, w.lb);
  }

  /** send() of record `id` fails with BufferExhaustedException (after max.block.ms, or at once with max.block.ms 0). */
  private refuse(pr: ProducerState, id: number): void {
    const m = this.m;
    const c = pr.config;
    const shed = c.front?.shed ?? false;
    m.records.refuse(id, shed);
    m.sim.progress++;
    const msg = `BufferExhaustedException: Failed to allocate ${c.batchAlloc} bytes within the configured max blocking time ${Math.round(c.maxBlock * 1000)} ms. Total memory: ${c.bufferMemory} bytes. Available memory: ${pr.pool.free} bytes. Poolable size: ${c.batchSize} bytes`;
    m.log.add(m.sim.now, 'ERROR', `producer-${c.name}`, shed ? `record dropped, request answered 202: ${msg}` : `send() failed: ${msg}`);
  }

  private armBlockTimer(pr: ProducerState): void {
    if (pr.blockTimer >= 0) return;
    const h = pr.pool.peek();
    if (h) pr.blockTimer = this.m.sim.scheduleAt(h.at + pr.config.maxBlock, this.kBlock, pr.index);
  }

  /** max.block.ms has passed for the first waiting send() calls of producer i: they fail. */
  private onBlockTimeout(i: number): void {
    const pr = this.list[i];
    pr.blockTimer = -1;
    const now = this.m.sim.now;
    const pool = pr.pool;
    for (let h = pool.peek(); h && h.at + pr.config.maxBlock <= now; h = pool.peek()) {
      pool.shift();
      this.refuse(pr, h.id);
      this.unblocked(pr, h, false);
    }
    this.armBlockTimer(pr);
  }

  /** The load balancer gives up on the web request of record `id` (its handler is still in send()): 504. */
  private onGatewayTimeout(id: number): void {
    const m = this.m;
    const pr = this.list[m.records.producer[id]];
    const f = pr.front!;
    const t = pr.config.front!.timeout;
    f.open--;
    f.timeouts++;
    this.client(t);
    m.log.add(m.sim.now, 'WARN', 'load-balancer', `504 Gateway Timeout: no response from ${pr.config.name} within ${Math.round(t * 1000)} ms (its handler is blocked in send())`);
  }

  /** Memory came back: the waiting send() calls get it in order while it lasts. */
  private serve(pr: ProducerState): void {
    if (pr.serving) return;
    pr.serving = true;
    const c = pr.config;
    const pool = pr.pool;
    while (pool.waiting > 0 && pool.free >= c.batchAlloc) {
      const w = pool.shift();
      this.m.records.unblock(w.id);
      // Kafka: with the memory in hand, append() first tries the open batch (another thread may have opened it).
      const q = this.pq(pr, w.partition);
      if (q.open && q.open.ids.length > 0 && q.open.bytes + c.wireBytes > c.batchSize) this.close(q);
      this.append(pr, q, w.partition, w.id);
      this.unblocked(pr, w, true);
      this.drain(pr, w.partition);
    }
    pr.serving = false;
    this.armBlockTimer(pr);
  }

  /** Batch `b` gives its memory back (it is done, or — acks=0 — sent). */
  private release(pr: ProducerState, b: Batch): void {
    if (b.mem === 0) return;
    pr.pool.give(b.mem);
    this.bufferUsed -= b.mem;
    b.mem = 0;
    if (pr.draining === 0 && pr.pool.waiting > 0) this.serve(pr);
  }

  private close(q: PartitionQueue): void {
    if (!q.open) return;
    this.batches.delete(q.open.id);
    q.queue.push(q.open);
    q.open = null;
  }

  private onLinger(id: number): void {
    const b = this.batches.get(id);
    if (!b) return;
    this.batches.delete(id);
    // Ready, not closed: like Kafka's last batch in the deque, it takes records up to batch.size until it is sent.
    this.drain(this.list[b.producer], b.partition);
  }

  private wake(pr: ProducerState, p: number, q: PartitionQueue, at: number): void {
    if (q.wakeHandle >= 0) {
      if (q.wakeAt <= at) return;
      this.m.sim.cancel(q.wakeHandle);
    }
    q.wakeAt = at;
    q.wakeHandle = this.m.sim.scheduleAt(at, this.kWake, pr.index * this.m.config.partitions + p);
  }

  /** Sends what can go: ready batches in order while fewer than max.in.flight are in flight; expires batches past delivery.timeout.ms. */
  drain(pr: ProducerState, p: number): void {
    pr.draining++;
    this.drainQueue(pr, p);
    // Memory that came back meanwhile (batches expired, acks=0 batches sent) goes to the waiting send() calls now.
    if (--pr.draining === 0 && pr.pool.waiting > 0) this.serve(pr);
  }

  private drainQueue(pr: ProducerState, p: number): void {
    const m = this.m;
    const now = m.sim.now;
    const q = this.pq(pr, p);
    if (q.wakeHandle >= 0 && q.wakeAt <= now) q.wakeHandle = -1;
    const c = pr.config;
    for (;;) {
      // The open batch goes once it is ready (linger.ms over) and nothing is ahead of it; until it
      // goes it keeps taking records (closed only when full or sent).
      const open = q.queue.length === 0;
      const head = open ? q.open : q.queue[0];
      if (!head || (open && c.linger > 0 && now < head.createdAt + c.linger)) return;
      const take = (): Batch => {
        if (open) this.close(q);
        return q.queue.shift()!;
      };
      if (now >= head.createdAt + c.deliveryTimeout) {
        this.expire(take(), now - head.createdAt);
        continue;
      }
      const deadline = head.createdAt + c.deliveryTimeout;
      // Kafka's sender wakes for the next batch to expire (RecordAccumulator.nextExpiryTimeMs): a batch
      // stuck behind requests in flight fails at its delivery timeout, not at the next response.
      if (q.inflight >= c.maxInFlight) {
        this.wake(pr, p, q, deadline);
        return;
      }
      if (head.notBefore > now) {
        this.wake(pr, p, q, Math.min(head.notBefore, deadline));
        return;
      }
      // Idempotence: no batch more than max.in.flight sequences past the oldest unacknowledged one,
      // so a retry always finds its batch among the 5 the leader remembers.
      if (c.idempotence && q.unacked.length > 0 && head.seq >= q.unacked[0].seq + c.maxInFlight) {
        this.wake(pr, p, q, deadline);
        return;
      }
      const part = m.parts[p];
      const leader = part.leaderBroker;
      if (leader === 0 || !m.servesClients(leader)) {
        this.wake(pr, p, q, Math.min(now + Math.max(c.backoff, 0.001), deadline));
        return;
      }
      this.send(pr, take(), leader);
    }
  }

  private send(pr: ProducerState, b: Batch, broker: number): void {
    const m = this.m;
    const now = m.sim.now;
    const c = pr.config;
    const req: Req = { id: this.nextReq++, corr: pr.corr++, batch: b, broker, sentAt: now, arriveHandle: -1, timeoutHandle: -1, expiryHandle: -1, error: 0, settled: false };
    const travel = m.rtt(c.rack, m.brokers[broker - 1].rack) / 2;
    this.reqs.set(req.id, req);
    this.atBroker[broker - 1].add(req);
    if (!b.sent && c.acks !== '0') {
      b.sent = true;
      this.pq(pr, b.partition).unacked.push(b);
    }
    // Compression (QueueLab: the producer's CPU per uncompressed byte, 0 without a codec) delays the request.
    const cpu = c.compressPerByte > 0 ? b.ids.length * c.recordBytes * c.compressPerByte : 0;
    req.arriveHandle = m.sim.schedule(travel + m.config.append + cpu, this.kArrive, req.id);
    this.intervalRequests++;
    this.intervalRecords += b.ids.length;
    if (now >= m.config.warmup) {
      this.requests++;
      this.requestRecords += b.ids.length;
      this.requestBytes += b.bytes;
    }
    if (c.acks === '0') {
      // No response awaited: acknowledged as it leaves (the callback gets offset −1), its memory given back.
      req.settled = true;
      for (const id of b.ids) if (m.records.ack(id, true)) this.latency(pr, now - m.records.sentAt[id]);
      m.sim.progress++;
      this.release(pr, b);
      return;
    }
    this.pq(pr, b.partition).inflight++;
    req.timeoutHandle = m.sim.schedule(c.requestTimeout, this.kTimeout, req.id);
    // Kafka's sender expires in-flight batches too (getExpiredInflightBatches): the callback gets its
    // TimeoutException at the delivery timeout; the request keeps its place until it is answered.
    const left = b.createdAt + c.deliveryTimeout - now;
    if (left < c.requestTimeout) req.expiryHandle = m.sim.schedule(Math.max(0, left), this.kExpireInFlight, req.id);
  }

  /** A produce request reaches its broker: a request handler takes it (at once when handling is free). */
  private onArrive(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    req.arriveHandle = -1;
    // slow-broker: the request waits its delay, behind every request that reached the broker before it.
    const now = this.m.sim.now;
    const br = this.m.brokers[req.broker - 1];
    const at = Math.max(now < br.produceSlowUntil ? now + br.produceDelay : now, br.produceNext);
    if (at > now || br.produceNext === now) {
      br.produceNext = at;
      req.arriveHandle = this.m.sim.scheduleAt(at, this.kStalled, rid);
      return;
    }
    this.reached(req);
  }

  private onStalled(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    req.arriveHandle = -1;
    this.reached(req);
  }

  private reached(req: Req): void {
    if (this.m.io) this.m.io.arrive(req.broker, req.id, req.batch.bytes);
    else this.handle(req.id);
  }

  /** Still wanted by its client (not timed out, not failed)? */
  live(rid: number): boolean {
    return this.reqs.has(rid);
  }

  /** The broker handles request `rid` now: the leader appends the batch (or refuses it) and answers. */
  handle(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    const m = this.m;
    const b = req.batch;
    const pr = this.list[b.producer];
    const c = pr.config;
    const part = m.parts[b.partition];
    let error: number = Err.NONE;
    let end = 0;
    if (part.leaderBroker !== req.broker || m.brokers[req.broker - 1].state === 'fenced' || m.brokers[req.broker - 1].state === 'down') error = Err.NOT_LEADER_OR_FOLLOWER;
    else if (c.acks === 'all' && part.isrSize < m.config.minIsr) error = Err.NOT_ENOUGH_REPLICAS;
    else {
      const dup = c.idempotence ? part.findSeq(b.producer, b.seq) : null;
      if (dup) {
        m.deduplicated += b.ids.length;
        end = dup.end;
      } else {
        const first = part.append(b.ids, m.records);
        end = part.end;
        if (c.idempotence) part.rememberSeq(b.producer, b.seq, first, end);
        m.appended(part, first);
      }
    }
    if (c.acks === '0') {
      this.forget(req);
      if (error !== Err.NONE) for (const id of b.ids) m.records.dropped(id);
      return;
    }
    if (error !== Err.NONE || c.acks === '1') this.respond(req, error);
    else if (part.hw >= end) this.respond(req, part.isrSize >= m.config.minIsr ? Err.NONE : Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND);
    else part.waiting.push({ req: req.id, end });
  }

  private forget(req: Req): void {
    this.reqs.delete(req.id);
    this.atBroker[req.broker - 1].delete(req);
  }

  /** The broker answers `req` now (the response takes rtt/2; a `lose-response` fault drops it). */
  respond(req: Req, error: number): void {
    const m = this.m;
    this.atBroker[req.broker - 1].delete(req);
    if (req.settled) {
      this.reqs.delete(req.id);
      return;
    }
    if (error === Err.NOT_ENOUGH_REPLICAS || error === Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND) m.notEnoughReplicas++;
    const pr = this.list[req.batch.producer];
    if (pr.loseNext > 0 && error !== Err.NETWORK_EXCEPTION) {
      pr.loseNext--;
      m.log.add(m.sim.now, 'WARN', 'FaultInjector', `produce response to ${pr.config.name} for ${m.topic}-${req.batch.partition} (correlation id ${req.corr}) lost on the way back`);
      return;
    }
    req.error = error;
    m.sim.schedule(m.rtt(pr.config.rack, m.brokers[req.broker - 1].rack) / 2, this.kResponse, req.id);
  }

  /** A produce response reaches the client. */
  private onResponse(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    this.settle(req);
    const b = req.batch;
    const pr = this.list[b.producer];
    if (b.done) {
      // Expired while in flight: the answer frees the request's place, nothing more.
      this.drain(pr, b.partition);
      return;
    }
    if (req.error === Err.NONE) {
      const now = this.m.sim.now;
      if (now >= b.createdAt + pr.config.deliveryTimeout) this.expire(b, now - b.createdAt);
      else this.ackBatch(pr, b);
    } else this.retryOrFail(pr, b, req.error, req.corr);
    this.drain(pr, b.partition);
  }

  private onTimeout(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    req.timeoutHandle = -1;
    this.settle(req);
    this.atBroker[req.broker - 1].delete(req);
    const pr = this.list[req.batch.producer];
    if (!req.batch.done) this.retryOrFail(pr, req.batch, Err.REQUEST_TIMED_OUT, req.corr);
    this.drain(pr, req.batch.partition);
  }

  /** The delivery timeout of a batch in flight passed: it fails now ("Expiring N record(s) …"); its request still waits for its answer. */
  private onExpireInFlight(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    req.expiryHandle = -1;
    const b = req.batch;
    if (!b.done) this.expire(b, this.m.sim.now - b.createdAt);
  }

  private settle(req: Req): void {
    req.settled = true;
    this.reqs.delete(req.id);
    if (req.timeoutHandle >= 0) this.m.sim.cancel(req.timeoutHandle);
    req.timeoutHandle = -1;
    if (req.expiryHandle >= 0) this.m.sim.cancel(req.expiryHandle);
    req.expiryHandle = -1;
    this.pq(this.list[req.batch.producer], req.batch.partition).inflight--;
  }

  private latency(pr: ProducerState, w: number): void {
    this.interval.add(w);
    if (this.m.sim.now < this.m.config.warmup) return;
    pr.hist.add(w);
    pr.sum += w;
    this.hist.add(w);
    this.sum += w;
  }

  /** `b` is settled for good (acknowledged or failed): it leaves the unacknowledged batches of its partition and gives its memory back. */
  private finish(b: Batch): void {
    b.done = true;
    const pr = this.list[b.producer];
    const u = this.pq(pr, b.partition).unacked;
    if (u.length > 0 && u[0].done) {
      let k = 0;
      while (k < u.length && u[k].done) k++;
      u.splice(0, k);
    }
    this.release(pr, b);
  }

  private ackBatch(pr: ProducerState, b: Batch): void {
    const m = this.m;
    const now = m.sim.now;
    for (const id of b.ids) if (m.records.ack(id)) this.latency(pr, now - m.records.sentAt[id]);
    m.sim.progress++;
    this.finish(b);
  }

  private failBatch(b: Batch, e: ProducerException, expired = false): void {
    for (const id of b.ids) this.m.records.fail(id, e, expired);
    this.m.sim.progress++;
    this.finish(b);
  }

  private expire(b: Batch, age: number): void {
    const m = this.m;
    const pr = this.list[b.producer];
    m.log.add(m.sim.now, 'ERROR', `producer-${pr.config.name}`, `Expiring ${b.ids.length} record(s) for ${m.topic}-${b.partition}:${Math.round(age * 1000)} ms has passed since batch creation`);
    this.failBatch(b, 'TimeoutException', true);
  }

  private retryOrFail(pr: ProducerState, b: Batch, error: number, corr: number): void {
    const m = this.m;
    const now = m.sim.now;
    const c = pr.config;
    if (now >= b.createdAt + c.deliveryTimeout) {
      this.expire(b, now - b.createdAt);
      return;
    }
    if (b.attempts >= c.retries) {
      m.log.add(now, 'ERROR', `producer-${c.name}`, `Error producing to ${m.topic}-${b.partition} (correlation id ${corr}), retries exhausted: ${ERR_NAMES[error]}`);
      this.failBatch(b, EXCEPTIONS[error]);
      return;
    }
    b.attempts++;
    m.retries++;
    const left = c.retries - b.attempts;
    m.log.add(now, 'WARN', `producer-${c.name}`, `Got error produce response with correlation id ${corr} on topic-partition ${m.topic}-${b.partition}, retrying (${left} attempts left). Error: ${ERR_NAMES[error]}`);
    b.notBefore = now + Math.min(c.backoffMax, c.backoff * powInt(2, Math.min(30, b.attempts - 1)));
    this.pq(pr, b.partition).queue.unshift(b);
  }

  /** Broker b crashed: requests on their way to it or waiting at it fail with NETWORK_EXCEPTION when the client sees the connection close (rtt/2). */
  brokerDied(b: number): void {
    const set = this.atBroker[b - 1];
    const reqs = [...set];
    set.clear();
    for (const req of reqs) {
      if (req.arriveHandle >= 0) this.m.sim.cancel(req.arriveHandle);
      req.arriveHandle = -1;
      if (req.settled) {
        // acks=0 on the wire: it reaches no log.
        this.reqs.delete(req.id);
        for (const id of req.batch.ids) this.m.records.dropped(id);
        continue;
      }
      this.respond(req, Err.NETWORK_EXCEPTION);
    }
  }

  /** The HW of `part` advanced: acks=all requests it now covers are answered. */
  completeWaiting(part: Partition): void {
    const w = part.waiting;
    while (part.waitingHead < w.length && w[part.waitingHead].end <= part.hw) {
      const req = this.reqs.get(w[part.waitingHead++].req);
      if (req && !req.settled) this.respond(req, part.isrSize >= this.m.config.minIsr ? Err.NONE : Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND);
    }
    if (part.waitingHead === w.length) {
      w.length = 0;
      part.waitingHead = 0;
    } else if (part.waitingHead > 1024 && part.waitingHead * 2 > w.length) {
      part.waiting = w.slice(part.waitingHead);
      part.waitingHead = 0;
    }
  }

  /** `part` changed leader: requests waiting at the old one get NOT_LEADER_OR_FOLLOWER if it can still answer (else the client times out). */
  failWaiting(part: Partition, oldLeader: number): void {
    const canAnswer = oldLeader > 0 && this.m.brokers[oldLeader - 1].state === 'up';
    for (let i = part.waitingHead; i < part.waiting.length; i++) {
      const req = this.reqs.get(part.waiting[i].req);
      if (req && !req.settled && canAnswer) this.respond(req, Err.NOT_LEADER_OR_FOLLOWER);
    }
    part.waiting = [];
    part.waitingHead = 0;
  }

  /** Batches and requests the producers hold now (accumulator + in flight), for the topology. */
  inFlightRequests(): number {
    return this.reqs.size;
  }

  /** The web fronts' answers so far, summed over the producers that have one (0 without). */
  frontTotal(k: 'ok' | 'shed' | 'errors' | 'timeouts'): number {
    let n = 0;
    for (const p of this.list) if (p.front) n += p.front[k];
    return n;
  }

  /** Every partition queue of every producer is drained again (a leader became available). */
  drainPartition(p: number): void {
    for (const pr of this.list) if (pr.pqs[p]) this.drain(pr, p);
  }
}
