/**
 * Producers: the log model's keys and partitioners, a record accumulator per partition (a batch
 * closes at `batch.size` bytes; the last one takes records until it is sent), and Kafka's sender
 * (apache/kafka clients/…/producer/internals/Sender.java, RecordAccumulator.java, and
 * clients/…/NetworkClient.java, InFlightRequests.java, read at 1eb7644, 4.0.0-SNAPSHOT):
 *
 * - One connection per (producer, broker). A broker is ready when a partition it leads has a batch
 *   that can go — full, past `linger.ms`, or any batch while send() calls wait for buffer memory
 *   (RecordAccumulator.ready/batchReady) — and not backing off; the connection can take a request
 *   while fewer than `max.in.flight.requests.per.connection` are in flight on it
 *   (InFlightRequests.canSendMore). A request then carries the first batch of every partition that
 *   broker leads, ready or not, up to `max.request.size` (drainBatchesForOneNode; each broker's
 *   drain starts where its last one stopped). With `max.in.flight.requests.per.connection` 1 a
 *   partition with a batch in flight is muted (Sender's guaranteeMessageOrder).
 * - The broker reads a connection's requests one at a time: after a request it reads the next only
 *   once it has sent the response (SocketServer mutes the channel on REQUEST_RECEIVED until
 *   RESPONSE_SENT), so an acks=all request waiting for the ISR holds the requests behind it on its
 *   connection, and responses come back in order. A response that is lost therefore takes every
 *   later response on its connection with it, until the client gives up on the connection.
 * - A request that gets no response within `request.timeout.ms` closes its connection, and every
 *   request in flight on it fails with REQUEST_TIMED_OUT (NetworkClient.handleTimedOutRequests:
 *   "Disconnecting from node N due to request timeout."); a broker that dies fails them with
 *   NETWORK_EXCEPTION. The next request opens a new connection at once (QueueLab: no
 *   reconnect.backoff.ms, no handshake).
 * - acks 0 / 1 / all; errors retried after `retry.backoff.ms` doubling to 1 s (Kafka 4, without the
 *   jitter) until `retries` or `delivery.timeout.ms` run out; batches expire at their delivery
 *   timeout in the accumulator and in flight ("Expiring N record(s) …").
 * - Idempotence (TransactionManager, TxnPartitionEntry; the broker's ProducerAppendInfo): a batch
 *   gets its producer epoch and base sequence (records, as Kafka counts them) when it is first
 *   drained; a retried batch goes back in sequence order and only the lowest sequence in flight is
 *   sent again (shouldStopDrainBatchesForPartition), so a partition's order holds. The leader
 *   answers a batch among the producer's last 5 (same epoch) as a duplicate without writing it, and
 *   OUT_OF_ORDER_SEQUENCE_NUMBER to a sequence that does not follow the last one it holds — a gap:
 *   batches acknowledged and then cut away by a leader change, or an earlier batch that was never
 *   written. Kafka 4's idempotent producer (KIP-360) retries it: when the batch is the next one
 *   after its last acknowledged sequence, the gap is real, and it bumps its epoch ("ProducerId set
 *   to N with epoch E") and numbers the partition's batches in flight again from 0; otherwise it
 *   retries and waits for the earlier batches. It fails a record with OutOfOrderSequenceException
 *   only when retries or delivery.timeout.ms run out (for a transactional producer it would be an
 *   error at once; QueueLab's producers are not transactional). A batch that expires after it was
 *   retried leaves its sequence unresolved: no new batch goes to that partition until the ones in
 *   flight settle, and then the epoch is bumped if a gap is left.
 *
 * The client's metadata is the controller's: a partition whose leader clients cannot reach keeps
 * its batches in the accumulator until a leader is elected or comes back (no attempt is spent), or
 * their delivery timeout passes.
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
import { ACKS_ORDER, type Acks, type ProducerException } from './types.ts';
import { BufferPool, type BlockedSend } from './buffer-pool.ts';

/** Produce response error codes (Kafka's names); PENDING: the broker has not answered the batch yet. */
export const Err = {
  NONE: 0,
  NOT_LEADER_OR_FOLLOWER: 1,
  NOT_ENOUGH_REPLICAS: 2,
  NOT_ENOUGH_REPLICAS_AFTER_APPEND: 3,
  NETWORK_EXCEPTION: 4,
  REQUEST_TIMED_OUT: 5,
  OUT_OF_ORDER_SEQUENCE_NUMBER: 6,
  INVALID_PRODUCER_EPOCH: 7,
} as const;
const PENDING = -1;
export const ERR_NAMES = ['NONE', 'NOT_LEADER_OR_FOLLOWER', 'NOT_ENOUGH_REPLICAS', 'NOT_ENOUGH_REPLICAS_AFTER_APPEND', 'NETWORK_EXCEPTION', 'REQUEST_TIMED_OUT', 'OUT_OF_ORDER_SEQUENCE_NUMBER', 'INVALID_PRODUCER_EPOCH'];
const EXCEPTIONS: ProducerException[] = ['TimeoutException', 'NotLeaderOrFollowerException', 'NotEnoughReplicasException', 'NotEnoughReplicasAfterAppendException', 'NetworkException', 'TimeoutException', 'OutOfOrderSequenceException', 'InvalidProducerEpochException'];
/** The error's exception is a RetriableException (OUT_OF_ORDER_SEQUENCE_NUMBER is not; the idempotent producer decides on it itself). */
const RETRIABLE = [false, true, true, true, true, true, false, false];

/** Kafka's `max.request.size` default (ProducerConfig): a request takes no further batch past it. QueueLab does not make it a setting. */
export const MAX_REQUEST_SIZE = 1_048_576;

export interface Batch {
  id: number;
  producer: number;
  partition: number;
  ids: number[];
  bytes: number;
  createdAt: number;
  /** Idempotence: base sequence (records) and producer epoch, given at its first drain; −1 before. */
  seq: number;
  epoch: number;
  /** Its sequence was given again by an epoch bump (Kafka's sequenceHasBeenReset). */
  reset: boolean;
  attempts: number;
  notBefore: number;
  /** linger.ms has passed since its first record (ready to go with nothing ahead of it). */
  lingered: boolean;
  /** Acknowledged or failed. */
  done: boolean;
  /** Bytes of buffer.memory it holds (0 once given back). */
  mem: number;
}

export interface Req {
  id: number;
  corr: number;
  producer: number;
  broker: number;
  batches: Batch[];
  /** The epoch and sequence each batch carried when the request was sent (an epoch bump renumbers the batches, not the bytes on the wire). */
  epochs: number[];
  seqs: number[];
  bytes: number;
  records: number;
  sentAt: number;
  arriveHandle: number;
  timeoutHandle: number;
  /** The earliest delivery timeout of its batches, when that comes before the request timeout (−1: none pending). */
  expiryHandle: number;
  /** The broker's answer per batch (PENDING until answered), and how many it still owes. */
  errors: number[];
  pending: number;
  /** The broker has answered (or its connection failed): later results are ignored. */
  answered: boolean;
  /** Its response (or the news that its connection closed) is on the way to the client. */
  inTransit: boolean;
  /** The client is done with it (answered, timed out, or failed): later results are ignored. */
  settled: boolean;
}

interface PartitionQueue {
  p: number;
  open: Batch | null;
  queue: Batch[];
  /** Its batches in requests now (one a request at most). */
  inflight: number;
  /** The broker whose connection lists it (its leader as last seen), or 0 while it holds no batch. */
  node: number;
  wakeHandle: number;
  wakeAt: number;
  /** Idempotence (Kafka's TxnPartitionEntry): the epoch its sequences belong to, the next sequence, the last acknowledged one (−1: none). */
  epoch: number;
  nextSeq: number;
  lastAcked: number;
  /** Batches holding a sequence and not done, in sequence order (inflightBatchesBySequence). */
  seqd: Batch[];
  /** A batch that was retried expired: the sequence after it (partitionsWithUnresolvedSequences); −1: none. */
  unresolved: number;
}

/** A producer's connection to a broker. */
interface Conn {
  broker: number;
  /** Requests in flight on it (sent, not yet answered, timed out or failed), oldest first. */
  reqs: Req[];
  /** Partitions with a batch in the accumulator that this broker leads (as the producer last saw it), in ascending order: a drain walks them from drainIndex without sorting. */
  parts: number[];
  /** The last partition a drain looked at (Kafka's per-node drainIndex: the next drain starts there). */
  drainIndex: number;
  /** At the broker: the request being handled (read, not yet answered), the ones that arrived behind it (unread), a read of the next one pending, and whether responses to it are being lost (a lost response breaks the stream). */
  current: Req | null;
  unread: Req[];
  reading: boolean;
  broken: boolean;
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
  pqs: (PartitionQueue | undefined)[];
  /** Its connections, by broker id − 1. */
  conns: Conn[];
  /** Idempotence: the producer epoch, a bump asked for and the partitions to renumber then, partitions with an unresolved sequence. */
  epoch: number;
  bumpRequired: boolean;
  rewrite: Set<number>;
  unresolved: Set<number>;
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
  /** Records failed to its callback, by exception. */
  failedBy: Partial<Record<ProducerException, number>>;
  /** OUT_OF_ORDER_SEQUENCE_NUMBER answers it got, and its epoch bumps. */
  outOfOrder: number;
  epochBumps: number;
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

/** The first index of ascending `xs` whose value is ≥ x (xs.length when none is). */
function atOrAfter(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Slot of each `acks` setting in {@link Producers.byAcks} (its place in ACKS_ORDER). */
const ACKS_INDEX: Readonly<Record<Acks, number>> = { '0': 0, '1': 1, all: 2 };

/** Produce latency of one `acks` setting's records: window histogram and sum, and the chart interval's histogram. */
export interface AcksLatency {
  readonly hist: LogHistogram;
  sum: number;
  readonly interval: LogHistogram;
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
  /**
   * With producers of more than one `acks` setting, the same three per setting (index
   * ACKS_ORDER; null for a setting no producer has); null when every producer has the same
   * one (its numbers are the totals above).
   */
  readonly byAcks: (AcksLatency | null)[] | null;
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
  /** Connections closed by a request timeout (whole run). */
  disconnects = 0;
  /** Partitions the senders' walks looked at (nodeReady and drainNode, whole run): what the run budget's retry walks bound. */
  walked = 0;
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
  private readonly kRead: number;

  constructor(private readonly m: ClusterModel) {
    const sim = m.sim;
    const P = m.config.partitions;
    this.atBroker = m.brokers.map(() => new Set<Req>());
    const acks = new Set(m.config.producers.map((pc) => pc.acks));
    this.byAcks = acks.size > 1 ? ACKS_ORDER.map((a) => (acks.has(a) ? { hist: new LogHistogram(), sum: 0, interval: new LogHistogram() } : null)) : null;
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
        pqs: new Array<PartitionQueue | undefined>(P),
        conns: m.brokers.map((b) => ({ broker: b.id, reqs: [], parts: [], drainIndex: 0, current: null, unread: [], reading: false, broken: false })),
        epoch: 0,
        bumpRequired: false,
        rewrite: new Set<number>(),
        unresolved: new Set<number>(),
        hist: new LogHistogram(),
        sum: 0,
        pool: new BufferPool(pc.bufferMemory),
        callerBlocked: false,
        serving: false,
        draining: 0,
        blockTimer: -1,
        front: pc.front ? { requests: 0, ok: 0, shed: 0, errors: 0, timeouts: 0, open: 0, afterTimeout: 0 } : null,
        failedBy: {},
        outOfOrder: 0,
        epochBumps: 0,
      });
    });
    this.kProduce = sim.register('produce', (i) => this.onProduce(i));
    this.kLinger = sim.register('linger', (b) => this.onLinger(b));
    this.kArrive = sim.register('produce-arrive', (r) => this.onArrive(r));
    this.kResponse = sim.register('produce-response', (r) => this.onResponse(r));
    this.kTimeout = sim.register('request-timeout', (r) => this.onTimeout(r));
    this.kWake = sim.register('accumulator-wake', (x) => this.onWake(this.list[Math.floor(x / P)], x % P));
    this.kStalled = sim.register('produce-stalled', (r) => this.onStalled(r));
    this.kBlock = sim.register('max-block', (i) => this.onBlockTimeout(i));
    this.kGateway = sim.register('gateway-timeout', (id) => this.onGatewayTimeout(id));
    this.kExpireInFlight = sim.register('inflight-expiry', (r) => this.onExpireInFlight(r));
    const N = m.brokers.length;
    this.kRead = sim.register('produce-read', (x) => this.onRead(this.list[Math.floor(x / N)].conns[x % N]));
  }

  private pq(pr: ProducerState, p: number): PartitionQueue {
    let q = pr.pqs[p];
    if (!q) pr.pqs[p] = q = { p, open: null, queue: [], inflight: 0, node: 0, wakeHandle: -1, wakeAt: Infinity, epoch: 0, nextSeq: 0, lastAcked: -1, seqd: [], unresolved: -1 };
    return q;
  }

  /** The batch at the front of p's accumulator (the one a drain takes next), or null. */
  private head(q: PartitionQueue): Batch | null {
    return q.queue.length > 0 ? q.queue[0] : q.open;
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
      this.appendedTo(pr, q);
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
    // The pool is exhausted: every batch is ready now, lingering or not (RecordAccumulator.ready: `exhausted`).
    if (pool.waiting === 1) this.pumpAll(pr);
  }

  /** Record `id` goes into partition p's open batch; a new batch takes its memory from the pool. */
  private append(pr: ProducerState, q: PartitionQueue, p: number, id: number): void {
    const m = this.m;
    const c = pr.config;
    if (!q.open) {
      const b: Batch = { id: this.nextBatch++, producer: pr.index, partition: p, ids: [], bytes: 0, createdAt: m.sim.now, seq: -1, epoch: -1, reset: false, attempts: 0, notBefore: 0, lingered: c.linger <= 0, done: false, mem: c.batchAlloc };
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
      this.appendedTo(pr, q);
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
    b.lingered = true;
    const pr = this.list[b.producer];
    this.pump(pr, this.pq(pr, b.partition).node);
  }

  /** A record went into p's accumulator: p is listed with its leader's connection, and that broker may send now. */
  private appendedTo(pr: ProducerState, q: PartitionQueue): void {
    this.listed(pr, q);
    if (q.wakeHandle < 0) this.armWake(pr, q);
    if (q.queue.length > 0 || q.open?.lingered || pr.pool.waiting > 0) this.pump(pr, q.node);
  }

  /** Lists p with the connection to its leader (moving it from the one it was listed with), or unlists it when it holds no batch. */
  private listed(pr: ProducerState, q: PartitionQueue): void {
    const leader = this.head(q) ? this.m.parts[q.p].leaderBroker : 0;
    if (q.node === leader) return;
    if (q.node > 0) {
      const ps = pr.conns[q.node - 1].parts;
      ps.splice(atOrAfter(ps, q.p), 1);
    }
    q.node = leader;
    if (leader > 0) {
      const ps = pr.conns[leader - 1].parts;
      ps.splice(atOrAfter(ps, q.p), 0, q.p);
    }
  }

  private wake(pr: ProducerState, q: PartitionQueue, at: number): void {
    if (q.wakeHandle >= 0) {
      if (q.wakeAt <= at) return;
      this.m.sim.cancel(q.wakeHandle);
    }
    q.wakeAt = at;
    q.wakeHandle = this.m.sim.scheduleAt(at, this.kWake, pr.index * this.m.config.partitions + q.p);
  }

  /**
   * Wakes p's accumulator for its head batch: at its delivery timeout (Kafka's sender wakes for the
   * next batch to expire, RecordAccumulator.nextExpiryTimeMs) and, while it backs off after an
   * error, at the end of the backoff.
   */
  private armWake(pr: ProducerState, q: PartitionQueue): void {
    const h = this.head(q);
    if (!h) return;
    const now = this.m.sim.now;
    let at = h.createdAt + pr.config.deliveryTimeout;
    if (h.attempts > 0 && h.notBefore > now) at = Math.min(at, h.notBefore);
    this.wake(pr, q, Math.max(now, at));
  }

  private onWake(pr: ProducerState, p: number): void {
    const q = this.pq(pr, p);
    q.wakeHandle = -1;
    q.wakeAt = Infinity;
    this.expireHeads(pr, q);
    this.armWake(pr, q);
    this.pump(pr, q.node);
  }

  /** Batches at the front of p's accumulator past their delivery timeout fail ("Expiring N record(s) …"; RecordAccumulator.expiredBatches). */
  private expireHeads(pr: ProducerState, q: PartitionQueue): void {
    const now = this.m.sim.now;
    for (let h = this.head(q); h && now >= h.createdAt + pr.config.deliveryTimeout; h = this.head(q)) {
      if (q.queue.length === 0) this.close(q);
      q.queue.shift();
      this.expire(h, now - h.createdAt);
    }
    this.listed(pr, q);
  }

  /** Every connection of `pr` sends what it can. */
  private pumpAll(pr: ProducerState): void {
    for (const c of pr.conns) this.pump(pr, c.broker);
  }

  /**
   * The sender's loop for one broker (Sender.sendProducerData for that node): the idempotent
   * producer's sequence checks and epoch bump first, then requests while the connection takes one
   * and a partition the broker leads has a batch ready.
   */
  private pump(pr: ProducerState, broker: number): void {
    if (broker <= 0) return;
    const m = this.m;
    const c = pr.config;
    pr.draining++;
    if (c.idempotence) this.senderChecks(pr);
    const conn = pr.conns[broker - 1];
    if (m.servesClients(broker)) {
      while ((c.acks === '0' || conn.reqs.length < c.maxInFlight) && this.nodeReady(pr, conn)) {
        const batches = this.drainNode(pr, conn);
        if (batches.length === 0) break;
        this.send(pr, conn, batches);
      }
    }
    // Memory that came back meanwhile (batches expired, acks=0 batches sent) goes to the waiting send() calls now.
    if (--pr.draining === 0 && pr.pool.waiting > 0) this.serve(pr);
  }

  /** Muted: max.in.flight.requests.per.connection 1 and a batch of p is in flight (Sender's guaranteeMessageOrder). */
  private muted(pr: ProducerState, q: PartitionQueue): boolean {
    return pr.config.maxInFlight === 1 && q.inflight > 0;
  }

  private backingOff(h: Batch): boolean {
    return h.attempts > 0 && this.m.sim.now < h.notBefore;
  }

  /** A partition the broker leads has a batch that can go now (RecordAccumulator.batchReady: full, lingered, or the pool exhausted; not backing off, not muted). */
  private nodeReady(pr: ProducerState, conn: Conn): boolean {
    const exhausted = pr.pool.waiting > 0;
    for (const p of conn.parts) {
      this.walked++;
      const q = pr.pqs[p]!;
      const h = this.head(q);
      if (!h || this.muted(pr, q) || this.backingOff(h)) continue;
      if (q.queue.length > 0 || h.lingered || exhausted) return true;
    }
    return false;
  }

  /**
   * One request's batches for a broker (RecordAccumulator.drainBatchesForOneNode): the first batch
   * of every partition it leads, ready or not, starting where its last drain stopped, until
   * max.request.size; a partition muted or backing off is passed over; an idempotent partition that
   * must wait for earlier sequences stops the drain.
   */
  private drainNode(pr: ProducerState, conn: Conn): Batch[] {
    const m = this.m;
    const c = pr.config;
    // A copy: the walk unlists the partitions it empties.
    const ps = conn.parts.slice();
    const out: Batch[] = [];
    if (ps.length === 0) return out;
    let start = atOrAfter(ps, conn.drainIndex);
    if (start === ps.length) start = 0;
    let size = 0;
    for (let k = 0; k < ps.length; k++) {
      const p = ps[(start + k) % ps.length];
      this.walked++;
      conn.drainIndex = p;
      const q = pr.pqs[p]!;
      if (m.parts[p].leaderBroker !== conn.broker) {
        this.listed(pr, q);
        continue;
      }
      const h = this.head(q);
      if (!h) {
        this.listed(pr, q);
        continue;
      }
      if (this.muted(pr, q) || this.backingOff(h)) continue;
      if (size + h.bytes > MAX_REQUEST_SIZE && out.length > 0) break;
      if (c.idempotence && this.stopDrain(pr, q, h)) break;
      if (q.queue.length === 0) this.close(q);
      q.queue.shift();
      if (c.idempotence && h.seq < 0) {
        // Its sequence and epoch now (TransactionManager.maybeUpdateProducerIdAndEpoch, then the next sequence).
        if (q.epoch !== pr.epoch && q.seqd.length === 0) {
          q.epoch = pr.epoch;
          q.nextSeq = 0;
          q.lastAcked = -1;
        }
        h.seq = q.nextSeq;
        h.epoch = q.epoch;
        q.nextSeq += h.ids.length;
        q.seqd.push(h);
      }
      size += h.bytes;
      out.push(h);
      this.listed(pr, q);
    }
    return out;
  }

  /** RecordAccumulator.shouldStopDrainBatchesForPartition, for the idempotent producer. */
  private stopDrain(pr: ProducerState, q: PartitionQueue, first: Batch): boolean {
    if (first.seq < 0) {
      // No new epoch's batch while batches of the old one are in flight; nothing new while a sequence is unresolved.
      if (q.seqd.length > 0 && q.epoch !== pr.epoch) return true;
      if (q.unresolved >= 0) return true;
    }
    // A retried batch goes only when it is the first sequence in flight: one at a time until order is restored.
    return q.seqd.length > 0 && first.seq >= 0 && first.seq !== q.seqd[0].seq;
  }

  /** Sends one produce request with `batches` on `conn`. */
  private send(pr: ProducerState, conn: Conn, batches: Batch[]): void {
    const m = this.m;
    const now = m.sim.now;
    const c = pr.config;
    let bytes = 0;
    let records = 0;
    for (const b of batches) {
      bytes += b.bytes;
      records += b.ids.length;
    }
    const req: Req = {
      id: this.nextReq++,
      corr: pr.corr++,
      producer: pr.index,
      broker: conn.broker,
      batches,
      epochs: batches.map((b) => b.epoch),
      seqs: batches.map((b) => b.seq),
      bytes,
      records,
      sentAt: now,
      arriveHandle: -1,
      timeoutHandle: -1,
      expiryHandle: -1,
      errors: batches.map(() => PENDING),
      pending: batches.length,
      answered: false,
      inTransit: false,
      settled: false,
    };
    const travel = m.rtt(c.rack, m.brokers[conn.broker - 1].rack) / 2;
    this.reqs.set(req.id, req);
    this.atBroker[conn.broker - 1].add(req);
    // Compression (QueueLab: the producer's CPU per uncompressed byte, 0 without a codec) delays the request.
    const cpu = c.compressPerByte > 0 ? records * c.recordBytes * c.compressPerByte : 0;
    req.arriveHandle = m.sim.schedule(travel + m.config.append + cpu, this.kArrive, req.id);
    this.intervalRequests++;
    this.intervalRecords += records;
    if (now >= m.config.warmup) {
      this.requests++;
      this.requestRecords += records;
      this.requestBytes += bytes;
    }
    if (c.acks === '0') {
      // No response awaited (and no place in flight held): acknowledged as it leaves (the callback gets offset −1), its memory given back.
      req.settled = true;
      for (const b of batches) {
        for (const id of b.ids) if (m.records.ack(id, true)) this.latency(pr, now - m.records.sentAt[id]);
        this.finish(pr, b);
      }
      m.sim.progress++;
      return;
    }
    for (const b of batches) this.pq(pr, b.partition).inflight++;
    conn.reqs.push(req);
    req.timeoutHandle = m.sim.schedule(c.requestTimeout, this.kTimeout, req.id);
    this.armExpiry(pr, req);
  }

  /**
   * Kafka's sender expires in-flight batches too (getExpiredInflightBatches): the callback gets its
   * TimeoutException at the delivery timeout; the request keeps its place until it is answered.
   */
  private armExpiry(pr: ProducerState, req: Req): void {
    const c = pr.config;
    let d = Infinity;
    for (const b of req.batches) if (!b.done) d = Math.min(d, b.createdAt + c.deliveryTimeout);
    if (d < req.sentAt + c.requestTimeout) req.expiryHandle = this.m.sim.scheduleAt(Math.max(this.m.sim.now, d), this.kExpireInFlight, req.id);
  }

  private onExpireInFlight(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    req.expiryHandle = -1;
    const pr = this.list[req.producer];
    const now = this.m.sim.now;
    for (const b of req.batches) if (!b.done && now >= b.createdAt + pr.config.deliveryTimeout) this.expire(b, now - b.createdAt);
    this.armExpiry(pr, req);
  }

  /** A produce request reaches its broker: read at once if its connection has nothing in hand there, else after the requests ahead of it are answered (the broker mutes a channel until it has responded). */
  private onArrive(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    req.arriveHandle = -1;
    const conn = this.list[req.producer].conns[req.broker - 1];
    if (conn.current || conn.reading) conn.unread.push(req);
    else this.read(conn, req);
  }

  /** The broker reads request `req` of `conn`; a request handler takes it (at once when handling is free). */
  private read(conn: Conn, req: Req): void {
    conn.current = req;
    // slow-broker: the request waits its delay, behind every request that reached the broker before it.
    const now = this.m.sim.now;
    const br = this.m.brokers[req.broker - 1];
    const at = Math.max(now < br.produceSlowUntil ? now + br.produceDelay : now, br.produceNext);
    if (at > now || br.produceNext === now) {
      br.produceNext = at;
      req.arriveHandle = this.m.sim.scheduleAt(at, this.kStalled, req.id);
      return;
    }
    this.reached(req);
  }

  /** The broker is done with `conn`'s current request: it reads the next one that arrived, as its own event (the network thread's next poll), never inside the append or fetch that answered this one. */
  private released(conn: Conn, req: Req): void {
    if (conn.current !== req) return;
    conn.current = null;
    if (conn.unread.length > 0 && !conn.reading) {
      conn.reading = true;
      this.m.sim.schedule(0, this.kRead, this.list[req.producer].index * this.m.brokers.length + conn.broker - 1);
    }
  }

  private onRead(conn: Conn): void {
    conn.reading = false;
    if (conn.current) return;
    while (conn.unread.length > 0) {
      const next = conn.unread.shift()!;
      if (this.reqs.has(next.id)) {
        this.read(conn, next);
        return;
      }
    }
  }

  private onStalled(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    req.arriveHandle = -1;
    this.reached(req);
  }

  private reached(req: Req): void {
    if (this.m.io) this.m.io.arrive(req.broker, req.id, req.bytes);
    else this.handle(req.id);
  }

  /** Still wanted by its client (not timed out, not failed)? */
  live(rid: number): boolean {
    return this.reqs.has(rid);
  }

  /** The lowest offset a later leader change can cut p's log to: the shortest replica with unclean elections on, else the HW (a clean election picks an in-sync replica, which holds it). */
  private floor(p: Partition): number {
    let f = this.m.config.unclean ? Infinity : p.hw;
    for (let r = 0; r < p.rf; r++) if ((this.m.config.unclean || p.isr[r]) && p.leo[r] < f) f = p.leo[r];
    return f;
  }

  /**
   * The broker handles request `rid` now: per batch, the leader appends it, recognises it as a
   * duplicate, or refuses it (not the leader; NOT_ENOUGH_REPLICAS before the append, as
   * Partition.appendRecordsToLeader checks; then the producer's epoch and sequence, as
   * ProducerAppendInfo checks them). The response goes when every batch is answered: acks=all
   * batches once the HW covers them.
   */
  handle(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req) return;
    const m = this.m;
    const pr = this.list[req.producer];
    const c = pr.config;
    const st = m.brokers[req.broker - 1].state;
    const gone = st === 'fenced' || st === 'down';
    const answers: number[] = [];
    for (let i = 0; i < req.batches.length; i++) {
      const b = req.batches[i];
      const part = m.parts[b.partition];
      let error: number = Err.NONE;
      let end = 0;
      if (gone || part.leaderBroker !== req.broker) error = Err.NOT_LEADER_OR_FOLLOWER;
      else if (c.acks === 'all' && part.isrSize < m.config.minIsr) error = Err.NOT_ENOUGH_REPLICAS;
      else if (c.idempotence) {
        const epoch = req.epochs[i];
        const seq = req.seqs[i];
        const last = seq + b.ids.length - 1;
        const dup = part.findDuplicate(b.producer, epoch, seq, last);
        const ps = part.pstate.get(b.producer);
        if (dup) {
          m.deduplicated += b.ids.length;
          end = dup.end;
        } else if (ps && epoch < ps.epoch) error = Err.INVALID_PRODUCER_EPOCH;
        else if (ps && (epoch > ps.epoch ? seq !== 0 : seq !== ps.last + 1)) {
          error = Err.OUT_OF_ORDER_SEQUENCE_NUMBER;
          this.outOfOrderLog(pr, part, epoch, seq, ps.epoch, ps.last);
        } else {
          const first = part.append(b.ids, m.records);
          end = part.end;
          part.appendedIdempotent(b.producer, epoch, seq, last, first, end, this.floor(part));
          m.appended(part, first);
        }
      } else {
        const first = part.append(b.ids, m.records);
        end = part.end;
        m.appended(part, first);
      }
      if (c.acks === '0') {
        if (error !== Err.NONE) for (const id of b.ids) m.records.dropped(id);
        continue;
      }
      if (error !== Err.NONE || c.acks === '1') answers.push(i, error);
      else if (part.hw >= end) answers.push(i, part.isrSize >= m.config.minIsr ? Err.NONE : Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND);
      else part.waiting.push({ req: req.id, i, end });
    }
    if (c.acks === '0') {
      this.forget(req);
      this.released(pr.conns[req.broker - 1], req);
      return;
    }
    for (let k = 0; k < answers.length; k += 2) this.resolve(req, answers[k], answers[k + 1]);
  }

  /** The leader's log line for a sequence gap (ProducerAppendInfo.checkSequence's message); a few, then the counter says the rest. */
  private outOfOrderLog(pr: ProducerState, part: Partition, epoch: number, seq: number, have: number, last: number): void {
    const m = this.m;
    if (m.outOfOrder >= 20) return;
    const where = `producer ${pr.index} at offset ${part.end} in partition ${m.topic}-${part.index}`;
    m.log.add(
      m.sim.now,
      'WARN',
      `Partition ${m.topic}-${part.index} broker=${part.leaderBroker}`,
      epoch !== have
        ? `OutOfOrderSequenceException: Invalid sequence number for new epoch of ${where}: ${epoch} (request epoch), ${seq} (seq. number), ${have} (current producer epoch)`
        : `OutOfOrderSequenceException: Out of order sequence number for ${where}: ${seq} (incoming seq. number), ${last} (current end sequence number)`,
    );
  }

  private forget(req: Req): void {
    this.reqs.delete(req.id);
    this.atBroker[req.broker - 1].delete(req);
  }

  /** The broker's answer for batch i of `req`; the response goes once every batch has one. */
  private resolve(req: Req, i: number, error: number): void {
    if (req.answered || req.errors[i] !== PENDING) return;
    req.errors[i] = error;
    if (--req.pending === 0) this.answer(req);
  }

  /** The broker sends `req`'s response now (it takes rtt/2; a `lose-response` fault drops it and breaks its connection's stream), then reads the connection's next request. */
  private answer(req: Req): void {
    const m = this.m;
    req.answered = true;
    this.atBroker[req.broker - 1].delete(req);
    const pr = this.list[req.producer];
    const conn = pr.conns[req.broker - 1];
    if (req.settled) this.reqs.delete(req.id);
    else {
      for (const e of req.errors) {
        if (e === Err.NOT_ENOUGH_REPLICAS || e === Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND) m.notEnoughReplicas++;
        else if (e === Err.OUT_OF_ORDER_SEQUENCE_NUMBER) {
          m.outOfOrder++;
          pr.outOfOrder++;
        }
      }
      if (conn.broken) {
        // An earlier response on this connection was lost: nothing after it arrives (the stream is in order).
      } else if (pr.loseNext > 0) {
        pr.loseNext--;
        conn.broken = true;
        const parts = req.batches.map((b) => `${m.topic}-${b.partition}`).join(',');
        m.log.add(m.sim.now, 'WARN', 'FaultInjector', `produce response to ${pr.config.name} for ${parts} (correlation id ${req.corr}) lost on the way back; nothing more arrives on that connection until it times out`);
      } else {
        req.inTransit = true;
        m.sim.schedule(m.rtt(pr.config.rack, m.brokers[req.broker - 1].rack) / 2, this.kResponse, req.id);
      }
    }
    this.released(conn, req);
  }

  /** A produce response reaches the client. */
  private onResponse(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    const pr = this.list[req.producer];
    this.settle(pr, req);
    for (let i = 0; i < req.batches.length; i++) this.completeBatch(pr, req.batches[i], req.errors[i], req.corr);
    this.pumpAfter(pr, [req]);
  }

  /** The request timeout of `rid` passed: the client closes the connection, and every request in flight on it fails with REQUEST_TIMED_OUT. */
  private onTimeout(rid: number): void {
    const req = this.reqs.get(rid);
    if (!req || req.settled) return;
    req.timeoutHandle = -1;
    const m = this.m;
    const pr = this.list[req.producer];
    const conn = pr.conns[req.broker - 1];
    this.disconnects++;
    m.log.add(m.sim.now, 'INFO', `producer-${pr.config.name}`, `Disconnecting from node ${req.broker} due to request timeout.${conn.reqs.length > 1 ? ` ${conn.reqs.length} requests in flight on it fail with REQUEST_TIMED_OUT` : ''}`);
    const reqs = conn.reqs.slice();
    // The broker's side of the connection goes: what it has not read is dropped; the request in hand answers into the void.
    conn.current = null;
    conn.unread.length = 0;
    conn.broken = false;
    for (const r of reqs) {
      this.atBroker[r.broker - 1].delete(r);
      this.settle(pr, r);
    }
    for (const r of reqs) for (const b of r.batches) this.completeBatch(pr, b, Err.REQUEST_TIMED_OUT, r.corr);
    this.pumpAfter(pr, reqs);
  }

  /** The connections that may send now after `reqs` settled: theirs, and the current leaders of their batches' partitions. */
  private pumpAfter(pr: ProducerState, reqs: Req[]): void {
    const brokers = new Set<number>();
    for (const r of reqs) {
      brokers.add(r.broker);
      for (const b of r.batches) brokers.add(this.pq(pr, b.partition).node);
    }
    for (const b of [...brokers].sort((x, y) => x - y)) this.pump(pr, b);
  }

  private settle(pr: ProducerState, req: Req): void {
    req.settled = true;
    this.reqs.delete(req.id);
    if (req.timeoutHandle >= 0) this.m.sim.cancel(req.timeoutHandle);
    req.timeoutHandle = -1;
    if (req.expiryHandle >= 0) this.m.sim.cancel(req.expiryHandle);
    req.expiryHandle = -1;
    const conn = pr.conns[req.broker - 1];
    const k = conn.reqs.indexOf(req);
    if (k >= 0) conn.reqs.splice(k, 1);
    for (const b of req.batches) this.pq(pr, b.partition).inflight--;
  }

  private latency(pr: ProducerState, w: number): void {
    this.interval.add(w);
    const a = this.byAcks?.[ACKS_INDEX[pr.config.acks]];
    if (a) {
      a.interval.add(w);
      if (this.m.sim.now >= this.m.config.warmup) {
        a.hist.add(w);
        a.sum += w;
      }
    }
    if (this.m.sim.now < this.m.config.warmup) return;
    pr.hist.add(w);
    pr.sum += w;
    this.hist.add(w);
    this.sum += w;
  }

  /** `b` is settled for good (acknowledged or failed): it leaves the partition's sequences in flight and gives its memory back. */
  private finish(pr: ProducerState, b: Batch): void {
    b.done = true;
    if (b.seq >= 0) {
      const s = this.pq(pr, b.partition).seqd;
      const k = s.indexOf(b);
      if (k >= 0) s.splice(k, 1);
    }
    this.release(pr, b);
  }

  /** Batch `b`'s answer reached the client (Sender.completeBatch). */
  private completeBatch(pr: ProducerState, b: Batch, error: number, corr: number): void {
    const c = pr.config;
    if (b.done) {
      // Expired while in flight: a success still moves the last acknowledged sequence (TransactionManager.handleCompletedBatch).
      if (error === Err.NONE && c.idempotence) this.ackedSeq(pr, b);
      return;
    }
    if (error !== Err.NONE) {
      this.retryOrFail(pr, b, error, corr);
      return;
    }
    const now = this.m.sim.now;
    if (now >= b.createdAt + c.deliveryTimeout) {
      this.expire(b, now - b.createdAt);
      return;
    }
    if (c.idempotence) this.ackedSeq(pr, b);
    this.ackBatch(pr, b);
  }

  private ackedSeq(pr: ProducerState, b: Batch): void {
    const q = this.pq(pr, b.partition);
    if (b.seq >= 0) q.lastAcked = Math.max(q.lastAcked, b.seq + b.ids.length - 1);
  }

  private ackBatch(pr: ProducerState, b: Batch): void {
    const m = this.m;
    const now = m.sim.now;
    for (const id of b.ids) if (m.records.ack(id)) this.latency(pr, now - m.records.sentAt[id]);
    m.sim.progress++;
    this.finish(pr, b);
  }

  /** `b` fails with `e` (`expired`: delivery.timeout.ms); `bump`: the idempotent producer bumps its epoch for the partition (TransactionManager.handleFailedBatch). */
  private failBatch(pr: ProducerState, b: Batch, e: ProducerException, expired: boolean, bump: boolean): void {
    // Records, as the run's failedBy counts them (not batches).
    let n = 0;
    for (const id of b.ids) if (this.m.records.fail(id, e, expired)) n++;
    if (n > 0) pr.failedBy[e] = (pr.failedBy[e] ?? 0) + n;
    this.m.sim.progress++;
    this.finish(pr, b);
    if (bump) this.requestBump(pr, b.partition);
  }

  private expire(b: Batch, age: number): void {
    const m = this.m;
    const pr = this.list[b.producer];
    m.log.add(m.sim.now, 'ERROR', `producer-${pr.config.name}`, `Expiring ${b.ids.length} record(s) for ${m.topic}-${b.partition}:${Math.round(age * 1000)} ms has passed since batch creation`);
    const retried = pr.config.idempotence && b.attempts > 0 && b.seq >= 0;
    const next = b.seq + b.ids.length;
    this.failBatch(pr, b, 'TimeoutException', true, false);
    if (retried) {
      // TransactionManager.markSequenceUnresolved: whether the broker has it is unknown.
      const q = this.pq(pr, b.partition);
      q.unresolved = Math.max(q.unresolved, next);
      pr.unresolved.add(b.partition);
    }
  }

  /** Kafka's canRetry, then the retry (in sequence order) or the failure. */
  private retryOrFail(pr: ProducerState, b: Batch, error: number, corr: number): void {
    const m = this.m;
    const now = m.sim.now;
    const c = pr.config;
    if (now >= b.createdAt + c.deliveryTimeout) {
      this.expire(b, now - b.createdAt);
      return;
    }
    const can = b.attempts < c.retries && (c.idempotence ? this.idempotentCanRetry(pr, b, error) : RETRIABLE[error]);
    if (!can) {
      const why = b.attempts >= c.retries ? 'retries exhausted' : 'not retriable';
      m.log.add(now, 'ERROR', `producer-${c.name}`, `Error producing to ${m.topic}-${b.partition} (correlation id ${corr}), ${why}: ${ERR_NAMES[error]}`);
      const ooo = error === Err.OUT_OF_ORDER_SEQUENCE_NUMBER;
      if (ooo) m.log.add(now, 'ERROR', `producer-${c.name}`, `The broker returned OutOfOrderSequenceException for topic-partition ${m.topic}-${b.partition} with producerId ${pr.index}, epoch ${b.epoch}, and sequence number ${b.seq}`);
      // We only renumber if the batch did not exhaust its retries: then whether the broker took it is unknown (Sender.completeBatch).
      this.failBatch(pr, b, EXCEPTIONS[error], false, c.idempotence && (ooo || b.attempts < c.retries));
      return;
    }
    b.attempts++;
    m.retries++;
    const left = c.retries - b.attempts;
    m.log.add(now, 'WARN', `producer-${c.name}`, `Got error produce response with correlation id ${corr} on topic-partition ${m.topic}-${b.partition}, retrying (${left} attempts left). Error: ${ERR_NAMES[error]}`);
    b.notBefore = now + Math.min(c.backoffMax, c.backoff * powInt(2, Math.min(30, b.attempts - 1)));
    // Back to the front of its deque, in sequence order among the batches retried (RecordAccumulator.reenqueue / insertInSequenceOrder).
    const q = this.pq(pr, b.partition);
    if (b.seq < 0) q.queue.unshift(b);
    else {
      let k = 0;
      while (k < q.queue.length && q.queue[k].seq >= 0 && q.queue[k].seq < b.seq) k++;
      q.queue.splice(k, 0, b);
    }
    this.listed(pr, q);
    this.armWake(pr, q);
  }

  /**
   * TransactionManager.canRetry for the idempotent (not transactional) producer. On
   * OUT_OF_ORDER_SEQUENCE_NUMBER: a batch that is not the next after the last acknowledged one
   * waits for the earlier ones (retry); the next one means a real gap, and the producer bumps its
   * epoch (KIP-360) and retries; with an unresolved sequence, only the batch right after it bumps.
   */
  private idempotentCanRetry(pr: ProducerState, b: Batch, error: number): boolean {
    if (error !== Err.OUT_OF_ORDER_SEQUENCE_NUMBER) return RETRIABLE[error];
    const q = this.pq(pr, b.partition);
    const unresolved = q.unresolved >= 0;
    if (!unresolved && (b.reset || b.seq - q.lastAcked !== 1)) return true;
    if (!unresolved || b.seq === q.unresolved) this.requestBump(pr, b.partition);
    return true;
  }

  private requestBump(pr: ProducerState, p: number): void {
    pr.bumpRequired = true;
    pr.rewrite.add(p);
  }

  /**
   * What Sender.runOnce does first for the idempotent producer: a partition whose unresolved
   * sequence has nothing left in flight is resolved, or asks for a bump when a gap is left
   * (maybeResolveSequences); then a bump asked for happens (bumpIdempotentEpochAndResetIdIfNeeded):
   * the epoch goes up and the partitions that asked number their batches in flight from 0.
   */
  private senderChecks(pr: ProducerState): void {
    const m = this.m;
    for (const p of [...pr.unresolved]) {
      const q = this.pq(pr, p);
      if (q.seqd.length > 0) continue;
      if (q.nextSeq - q.lastAcked !== 1) {
        m.log.add(m.sim.now, 'INFO', `producer-${pr.config.name}`, `No inflight batches remaining for ${m.topic}-${p}, last ack'd sequence for partition is ${q.lastAcked}, next sequence is ${q.nextSeq}. Going to bump epoch and reset sequence numbers.`);
        this.requestBump(pr, p);
      }
      q.unresolved = -1;
      pr.unresolved.delete(p);
    }
    if (!pr.bumpRequired) return;
    pr.bumpRequired = false;
    pr.epoch++;
    pr.epochBumps++;
    m.epochBumps++;
    m.log.add(m.sim.now, 'INFO', `producer-${pr.config.name}`, `ProducerId set to ${pr.index} with epoch ${pr.epoch}`);
    for (const p of [...pr.rewrite].sort((a, b) => a - b)) {
      const q = this.pq(pr, p);
      let seq = 0;
      for (const b of q.seqd) {
        b.epoch = pr.epoch;
        b.seq = seq;
        b.reset = true;
        seq += b.ids.length;
      }
      q.epoch = pr.epoch;
      q.nextSeq = seq;
      q.lastAcked = -1;
      q.unresolved = -1;
      pr.unresolved.delete(p);
    }
    pr.rewrite.clear();
  }

  /** Broker b crashed: requests on their way to it or at it, and those waiting for a response on its connections, fail with NETWORK_EXCEPTION when the client sees the connection close (rtt/2). */
  brokerDied(b: number): void {
    const m = this.m;
    const set = this.atBroker[b - 1];
    const reqs = [...set];
    set.clear();
    for (const req of reqs) {
      if (req.arriveHandle >= 0) m.sim.cancel(req.arriveHandle);
      req.arriveHandle = -1;
      if (req.settled) {
        // acks=0 on the wire: it reaches no log.
        this.reqs.delete(req.id);
        for (const x of req.batches) for (const id of x.ids) m.records.dropped(id);
      }
    }
    for (const pr of this.list) {
      const conn = pr.conns[b - 1];
      conn.current = null;
      conn.unread.length = 0;
      conn.broken = false;
      for (const req of conn.reqs) {
        if (req.inTransit) continue; // its response is on its way
        req.answered = true;
        req.inTransit = true;
        req.errors.fill(Err.NETWORK_EXCEPTION);
        req.pending = 0;
        m.sim.schedule(m.rtt(pr.config.rack, m.brokers[b - 1].rack) / 2, this.kResponse, req.id);
      }
    }
  }

  /** The HW of `part` advanced: acks=all batches it now covers are answered. */
  completeWaiting(part: Partition): void {
    const w = part.waiting;
    while (part.waitingHead < w.length && w[part.waitingHead].end <= part.hw) {
      const x = w[part.waitingHead++];
      const req = this.reqs.get(x.req);
      if (req) this.resolve(req, x.i, part.isrSize >= this.m.config.minIsr ? Err.NONE : Err.NOT_ENOUGH_REPLICAS_AFTER_APPEND);
    }
    if (part.waitingHead === w.length) {
      w.length = 0;
      part.waitingHead = 0;
    } else if (part.waitingHead > 1024 && part.waitingHead * 2 > w.length) {
      part.waiting = w.slice(part.waitingHead);
      part.waitingHead = 0;
    }
  }

  /** `part` changed leader: batches waiting at the old one get NOT_LEADER_OR_FOLLOWER if it can still answer (else the client times out). */
  failWaiting(part: Partition, oldLeader: number): void {
    const canAnswer = oldLeader > 0 && this.m.brokers[oldLeader - 1].state === 'up';
    const w = part.waiting.slice(part.waitingHead);
    part.waiting = [];
    part.waitingHead = 0;
    if (!canAnswer) return;
    for (const x of w) {
      const req = this.reqs.get(x.req);
      if (req) this.resolve(req, x.i, Err.NOT_LEADER_OR_FOLLOWER);
    }
  }

  /** Produce requests the producers have in flight now. */
  inFlightRequests(): number {
    return this.reqs.size;
  }

  /** The web fronts' answers so far, summed over the producers that have one (0 without). */
  frontTotal(k: 'ok' | 'shed' | 'errors' | 'timeouts'): number {
    let n = 0;
    for (const p of this.list) if (p.front) n += p.front[k];
    return n;
  }

  /** Partition p has a new leader: every producer's batches for it move to that broker's connection, which may send now. */
  drainPartition(p: number): void {
    for (const pr of this.list) {
      const q = pr.pqs[p];
      if (!q) continue;
      this.listed(pr, q);
      this.pump(pr, q.node);
    }
  }

  /** Broker b serves clients again (restarted, or back in the cluster): every producer's connection to it may send. */
  brokerBack(b: number): void {
    for (const pr of this.list) this.pump(pr, b);
  }
}
