/**
 * Every shipped cluster scenario shows its story's signature on every one of SEEDS, and its
 * lesson's fix removes it. A run is the shipped file with `seed` overridden; the fix is the
 * lesson's `fix:` overrides (as compare view and `--compare fix` apply them). Thresholds come from
 * the mechanism each comment gives, with the margin it states, not from one lucky seed.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';
import { runScenarioWithLog } from '../../src/run/run.ts';
import type { ClusterSummary } from '../../src/run/models/cluster/data.ts';
import { CLUSTER_HEADLINE } from '../../src/run/models/cluster/headline.ts';
import type { LogEntry } from '../../src/sim/model/kafka/event-log.ts';
import { lessonFix } from '../content/prose-numbers/ledger.ts';
import { crashInstead } from '../content/prose-numbers/tables/acks-and-isr.ts';

const SEEDS = [1, 2, 3, 4, 5];

function load(id: string, ...sets: string[]): ClusterScenario {
  let raw: unknown = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
  for (const o of sets) raw = applyOverride(raw, parseOverride(o));
  const v = validateScenario(raw);
  if (!v.ok) throw new Error(`${id} ${sets.join(' ')}: ${v.errors.map(formatError).join('; ')}`);
  if (v.scenario.model !== 'cluster') throw new Error(`${id} is not a cluster scenario`);
  return v.scenario;
}

interface Run {
  s: ClusterScenario;
  r: ClusterSummary;
  log: LogEntry[];
  /** A headline metric by id (the numbers compare view leads with). */
  h(id: string): number;
}

function run(id: string, seed: number, ...sets: string[]): Run {
  const s = load(id, `seed=${seed}`, ...sets);
  const { summary, log } = runScenarioWithLog(s);
  const r = summary as ClusterSummary;
  const h = (m: string): number => {
    const def = CLUSTER_HEADLINE.find((d) => d.id === m);
    if (!def) throw new Error(`no headline metric ${m}`);
    const v = def.value(r);
    if (v === null) throw new Error(`${id} seed ${seed}: ${m} is null`);
    return v;
  };
  return { s, r, log, h };
}

/** The scenario with its lesson's fix. */
const fixed = (id: string, seed: number) => run(id, seed, ...lessonFix(id));

/** Conservation: every record produced is blocked in send(), in flight, acknowledged and stored, acknowledged and lost, failed (expired among them), refused or shed; every web request ended one way or is open. */
function conserved(r: ClusterSummary): void {
  const c = r.records;
  expect(c.blocked + c.inFlight + c.ackedStored + c.ackedLost + c.failed + c.refused + c.shed).toBe(c.produced);
  expect(c.expired).toBeLessThanOrEqual(c.failed);
  expect(r.lost).toBe(c.ackedLost);
  const f = r.front;
  if (f) expect(f.ok + f.shed + f.errors + f.timeouts + f.open).toBe(f.requests);
}

describe.each(SEEDS)('seed %i', (seed) => {
  it('acks-and-isr: a leader cut off from its followers acknowledges acks=1 writes alone; they are truncated when it is replaced; acks=all + min.insync.replicas=2 loses nothing and pays in produce latency', () => {
    const a = run('acks-and-isr', seed);
    conserved(a.r);
    // Broker 1 leads a third of 600/s and acknowledges alone for broker.session.timeout.ms (9 s)
    // before it is fenced: ≈ 1,800 acknowledged records are truncated (1,763–1,854 on seeds 1–5).
    expect(a.h('lost')).toBeGreaterThan(1_000);
    expect(a.r.elections.clean).toBeGreaterThan(0);
    expect(a.r.elections.unclean).toBe(0);
    expect(a.r.truncated).toBeGreaterThanOrEqual(a.h('lost'));
    // The producer saw nothing: no error, and every acknowledgement as fast as usual.
    expect(a.h('failed')).toBe(0);
    expect(a.h('produceP99')).toBeLessThan(0.05);

    const b = fixed('acks-and-isr', seed);
    conserved(b.r);
    expect(b.h('lost')).toBe(0);
    expect(b.r.producers[0].acks).toBe('all');
    // The cost: the writes caught at the cut-off leader wait for request.timeout.ms (30 s) before a retry.
    expect(b.h('produceP99')).toBeGreaterThan(10);

    // The same broker crashing at the same moment instead: acks=1 loses only what its followers had
    // not fetched (they are about a millisecond behind) — at most a handful, not thousands.
    const c = run('acks-and-isr', seed, crashInstead(a.s));
    conserved(c.r);
    expect(c.r.elections.clean).toBeGreaterThan(0);
    expect(c.h('lost')).toBeLessThanOrEqual(5);
  });

  it('unclean-election: the only live replica is out of sync; electing it loses acknowledged records, refusing keeps the partitions offline', () => {
    const a = run('unclean-election', seed);
    conserved(a.r);
    // Broker 3 stalls at t = 10 s; by t = 70 s about a minute of acknowledged writes of broker 1's
    // partitions (≈ two thirds of 200/s) exist only on brokers 1 and 2: thousands are truncated.
    expect(a.h('uncleanElections')).toBeGreaterThan(0);
    expect(a.h('lost')).toBeGreaterThan(1_000);

    const b = fixed('unclean-election', seed);
    conserved(b.r);
    expect(b.h('uncleanElections')).toBe(0);
    expect(b.h('lost')).toBe(0);
    // Availability is what pays: the partitions wait for broker 1 (a minute) instead of the
    // session timeout (seconds) — several times the unavailable partition-seconds.
    expect(b.h('unavailable')).toBeGreaterThan(2 * a.h('unavailable'));
  });

  it('min-insync-unavailable: with two of three brokers down, acks=all writes are refused (NOT_ENOUGH_REPLICAS) and fail after delivery.timeout.ms, none is acknowledged and lost; four replicas keep writing', () => {
    const a = run('min-insync-unavailable', seed);
    conserved(a.r);
    expect(a.h('notEnoughReplicas')).toBeGreaterThan(100);
    // Refused for ≈ 3 minutes against a 2-minute delivery timeout: thousands of records fail.
    expect(a.h('failed')).toBeGreaterThan(1_000);
    expect(a.r.failedBy.TimeoutException ?? 0).toBeGreaterThan(0);
    expect(a.h('lost')).toBe(0);
    expect(a.r.unavailable.underMinIsr).toBeGreaterThan(a.r.unavailable.offline);

    const b = fixed('min-insync-unavailable', seed);
    conserved(b.r);
    expect(b.h('notEnoughReplicas')).toBe(0);
    expect(b.h('failed')).toBe(0);
    expect(b.h('lost')).toBe(0);
  });

  it('idempotent-producer: a lost response and a retry write the batch twice without idempotence, once with it', () => {
    const a = run('idempotent-producer', seed);
    conserved(a.r);
    expect(a.r.producers[0].idempotence).toBe(false);
    // Three lost responses, each to a request with a batch of each partition its broker had ready (1 or 2; 6 on seed 1),
    // retried after request.timeout.ms closes the connection; every record of them is written again.
    expect(a.r.retries).toBeGreaterThanOrEqual(3);
    expect(a.r.retries).toBeLessThanOrEqual(6);
    expect(a.r.disconnects).toBe(3);
    expect(a.h('duplicates')).toBeGreaterThanOrEqual(a.r.retries);
    expect(a.h('lost')).toBe(0);

    const b = fixed('idempotent-producer', seed);
    conserved(b.r);
    expect(b.r.producers[0].idempotence).toBe(true);
    expect(b.h('duplicates')).toBe(0);
    // The same kind of retries reach the leaders, which recognise every record of them.
    expect(b.r.retries).toBeGreaterThanOrEqual(3);
    expect(b.r.deduplicated).toBeGreaterThanOrEqual(b.r.retries);
  });

  it('exactly-once: a crash re-processes what was not committed (duplicate outputs at least once); exactly_once_v2 + read_committed shows none', () => {
    const a = run('exactly-once', seed);
    conserved(a.r);
    // Commits every 30 s; the crash at t = 45 s re-processes ≈ 15 s × 200/s of input.
    expect(a.h('outputDuplicates')).toBeGreaterThan(1_000);
    expect(a.r.processor!.crashes).toBe(1);
    expect(a.r.processor!.reprocessed).toBeGreaterThan(1_000);

    const b = fixed('exactly-once', seed);
    conserved(b.r);
    expect(b.r.processor!.guarantee).toBe('exactly_once_v2');
    expect(b.h('outputDuplicates')).toBe(0);
    // The crashed instance's open transaction was aborted, and the reader skipped its records.
    expect(b.r.processor!.aborts).toBeGreaterThan(0);
    expect(b.h('abortedSkipped')).toBeGreaterThan(0);
    // The cost: read_committed sees an output only when its transaction commits (every 100 ms),
    // so the median end-to-end latency rises (≈ 13 ms → ≈ 67 ms); the p99 of both is the
    // catch-up after the restart.
    expect(b.r.consumers[0].e2e.p50!).toBeGreaterThan(a.r.consumers[0].e2e.p50! + 0.02);
  });

  it('follower-fetch: reading from leaders in other zones moves bytes across zones; the rack-aware selector moves none, for a little latency', () => {
    const a = run('follower-fetch', seed);
    conserved(a.r);
    // Two leaders in three are in another zone: most bytes cross.
    expect(a.h('crossRack')).toBeGreaterThan(0);
    expect(a.r.consumers[0].followerShare ?? 0).toBe(0);

    const b = fixed('follower-fetch', seed);
    conserved(b.r);
    expect(b.h('crossRack')).toBe(0);
    expect(b.r.consumers[0].followerShare!).toBeGreaterThan(0.5);
    // A follower learns the high watermark one fetch later: e2e p99 rises, but stays under a second.
    expect(b.h('p99')).toBeGreaterThan(a.h('p99'));
    expect(b.h('p99')).toBeLessThan(1);
  });

  it('controller-failover: ZooKeeper takes its session timeout, a full state load and a write per partition; KRaft far less', () => {
    const a = run('controller-failover', seed);
    conserved(a.r);
    const zk = a.h('electionTime');
    // ≥ zookeeper.session.timeout.ms (18 s) plus the load and 2,000 elections.
    expect(zk).toBeGreaterThan(18);

    const b = fixed('controller-failover', seed);
    conserved(b.r);
    const kraft = b.h('electionTime');
    // broker.session.timeout.ms (9 s) and 2,000 records in the metadata log.
    expect(kraft).toBeGreaterThan(9);
    expect(kraft).toBeLessThan(10);
    expect(zk).toBeGreaterThan(2 * kraft);
    expect(b.h('unavailable')).toBeLessThan(0.6 * a.h('unavailable'));
  });

  it('producer-batching: 4 records a batch; each broker serves the producer one request at a time, so throughput stalls below the offered rate with the handlers mostly idle; linger.ms 20 + batch.size 128 KiB + lz4 carries hundreds of records a request and keeps up', () => {
    const a = run('producer-batching', seed);
    conserved(a.r);
    const offered = a.s.producers[0].rate;
    // batch.size 2048 / 512 B = 4 records a batch; a request takes a batch of each of the broker's 4 partitions: 16 records.
    expect(a.r.requests.batchRecords!).toBeCloseTo(16, 6);
    // One request at a time per connection: 3 ms of handling plus the acks=all wait, ≈ 5 ms → ≈ 590 requests/s from 3 brokers ≈ 9,450 records/s.
    expect(a.h('requestRate')).toBeGreaterThan(550);
    expect(a.h('requestRate')).toBeLessThan(640);
    expect(a.h('throughput')).toBeLessThan(0.3 * offered);
    // The brokers are not full: one handler in 8 at most is busy with this producer (a broker reads one request of a connection at a time).
    expect(a.h('handlerBusy')).toBeLessThan(1 / 8 + 1e-9);
    // The rest piles up in the producer until its 32 MiB buffer.memory is full (at about 2 s), then send() blocks: p99 about 7.2 s on seed 1.
    expect(a.h('produceP99')).toBeGreaterThan(5);
    expect(a.r.records.inFlight).toBeGreaterThan(50_000);

    const b = fixed('producer-batching', seed);
    conserved(b.r);
    // Every record offered is acknowledged (Poisson arrivals: within 1 %).
    expect(b.h('throughput')).toBeGreaterThan(0.99 * offered);
    // ≈ 268 records a request (4 partitions × 3,333 records/s × 20 ms); a quarter of the requests.
    expect(b.h('batchRecords')).toBeGreaterThan(240);
    expect(b.h('requestRate')).toBeLessThan(a.h('requestRate') / 3);
    // lz4: each record costs about 0.45 of its bytes on the wire.
    expect(b.r.requests.batchBytes! / b.r.requests.batchRecords!).toBeCloseTo(512 * 0.45, 3);
    // Latency ≈ linger.ms plus a request at the broker: bounded, about 27 ms.
    expect(b.h('produceP99')).toBeGreaterThan(0.02);
    expect(b.h('produceP99')).toBeLessThan(0.04);
    expect(b.r.io!.wait.p99!).toBeLessThan(0.001);

    // linger.ms 0 with room in the batch: the batches grow behind the request at the broker and the producer keeps up.
    const c = run('producer-batching', seed, 'producers.0.batch.size=131072');
    expect(c.h('throughput')).toBeGreaterThan(0.99 * offered);
    expect(c.h('batchRecords')).toBeGreaterThan(50);
    expect(c.h('produceP99')).toBeLessThan(0.05);
  });

  it('producer-buffer-full: a broker answering produce requests 5 s late fills the shared 32 MiB buffer; send() blocks to max.block.ms, the load balancer answers 504, batches expire; max.block.ms 1 s answers 503 within a second instead', () => {
    const a = run('producer-buffer-full', seed);
    conserved(a.r);
    const stall = a.s.faults[0];
    if (stall.kind !== 'slow-broker') throw new Error('the scenario is a slow broker');
    // Broker 2's 4 partitions drain 4 batches/s (5 requests in flight on its connection, a batch of each partition in each,
    // answered 5 s late) and receive ≈ 41.7 (500/s × 4/12 ÷ 4 orders a batch): 2,048 batches of 16 KiB fill in ≈ 54 s
    // after the stall, a little less with the healthy brokers' batches holding memory too (70.4 s on seed 1).
    expect(a.r.buffer.maxUsed).toBe(a.r.buffer.memory);
    expect(a.r.buffer.firstBlockedAt! - stall.at).toBeGreaterThan(45);
    expect(a.r.buffer.firstBlockedAt! - stall.at).toBeLessThan(58);
    // The line of blocked send() calls grows until its head has waited max.block.ms (60 s): p99 of the time in send() is max.block.ms.
    expect(a.h('blockedMax')).toBeCloseTo(60, 6);
    expect(a.h('sendP99')).toBeGreaterThan(59);
    expect(a.h('blockedPeak')).toBeGreaterThan(25_000);
    // Nearly every request from ≈ 101 s to the end of the stall ends in a 504 at the load balancer's 30 s (75,387 on seed 1) …
    expect(a.h('gateway504')).toBeGreaterThan(65_000);
    expect(a.h('clientP99')).toBeGreaterThan(29);
    // … and ≈ 27,600 of those orders entered the buffer after their 504 (a client retry would send them twice).
    expect(a.h('after504')).toBeGreaterThan(25_000);
    // send() fails with BufferExhaustedException (≈ 47,800), and batches behind the slow requests expire at 120 s.
    expect(a.h('refused')).toBeGreaterThan(35_000);
    expect(a.h('expired')).toBeGreaterThan(7_000);
    expect(a.r.failedBy.TimeoutException).toBe(a.r.records.expired);
    expect(a.log.some((e) => /^Expiring 4 record\(s\) for orders-\d+:120000 ms has passed since batch creation$/.test(e.text))).toBe(true);
    expect(a.log.some((e) => e.text.includes('BufferExhaustedException: Failed to allocate 16384 bytes within the configured max blocking time 60000 ms. Total memory: 33554432 bytes. Available memory: 0 bytes. Poolable size: 16384 bytes'))).toBe(true);
    // After the stall the buffer drains and nothing is left waiting.
    expect(a.r.buffer.blockedNow).toBe(0);
    expect(a.r.buffer.used).toBeLessThan(a.r.buffer.memory / 100);

    const b = fixed('producer-buffer-full', seed);
    conserved(b.r);
    // max.block.ms 1 s: no request waits for the load balancer; every client has its answer within a second.
    expect(b.h('gateway504')).toBe(0);
    expect(b.h('sendP99')).toBeLessThanOrEqual(1);
    expect(b.h('clientP99')).toBeLessThanOrEqual(1);
    expect(b.h('blockedMax')).toBeLessThanOrEqual(1 + 1e-9);
    // At most ≈ 500 handlers wait at once (the arrivals of 1 s), not tens of thousands.
    expect(b.h('blockedPeak')).toBeLessThan(1_000);
    // The price, stated: the refused orders are answered 503 (≈ 69,500), one per refused record.
    expect(b.h('answered503')).toBe(b.r.records.refused);
    expect(b.h('answered503')).toBeGreaterThan(60_000);
    // The buffer is still full behind the slow broker, and orders answered 200 still expire there.
    expect(b.r.buffer.maxUsed).toBe(b.r.buffer.memory);
    expect(b.h('expired')).toBeGreaterThan(7_000);

    // The other decision: 202 at once and shed (max.block.ms 0): nobody waits, ≈ 70,000 orders dropped with a metric.
    const c = run('producer-buffer-full', seed, 'producers.0.max.block.ms=0', 'producers.0.front.respond=accept-and-shed');
    conserved(c.r);
    expect(c.h('gateway504')).toBe(0);
    expect(c.r.buffer.sendsBlocked).toBe(0);
    expect(c.h('sendP99')).toBe(0);
    expect(c.h('shed')).toBeGreaterThan(60_000);
    expect(c.h('refused')).toBe(0);
    expect(c.r.front!.errors).toBe(0);
  });
});
