/**
 * The broker I/O model (src/sim/model/cluster/io.ts): opt-in request costs, num.io.threads request
 * handlers and queued.max.requests, compression on the producer, the metrics of the batching
 * lesson, validation and the budget.
 */
import { describe, expect, it } from 'vitest';
import { conserved, run, scenario, validationErrors } from './core-helpers.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';
import { buildClusterSummary } from '../../src/run/models/cluster/summary.ts';
import { clusterCost, clusterRecordScale, CLUSTER_IO_EVENTS } from '../../src/scenario/budget.ts';
import { COMPRESSION } from '../../src/sim/model/cluster/compression.ts';

/** One broker, one partition, RF 1: every produce request goes to broker 1. */
const single = (producer: Record<string, unknown>, timing: Record<string, unknown>, cluster: Record<string, unknown> = {}) => ({
  duration: 20,
  warmup: 2,
  cluster: { brokers: 1, ...cluster },
  topic: { partitions: 1, 'replication.factor': 1 },
  producers: [{ name: 'p', rate: 100, arrivals: 'constant', 'linger.ms': 0, ...producer }],
  timing,
});

const errorsOf = (parts: Record<string, unknown>) => validationErrors({ version: 1, model: 'cluster', duration: 60, producers: [{ name: 'p', rate: 100 }], ...parts });

describe('broker request handling', () => {
  it('is off by default: no handler state, and the request counters still count', () => {
    const { r } = run(single({}, {}));
    expect(r.io).toBeNull();
    // 100 records/s, each its own request (nothing is in flight when the next arrives, 10 ms later).
    expect(r.requests.perSecond).toBeCloseTo(100, 0);
    expect(r.requests.batchRecords).toBeCloseTo(1, 6);
    expect(r.throughput).toBeCloseTo(100, 0);
  });

  it('a handler is busy for request.ms plus the per-MiB time of each request: utilisation = request rate × cost / threads', () => {
    // 50 requests/s of 1 KiB at 10 ms + 1024 B × 100 ms/MiB ≈ 10.098 ms each, on 8 threads.
    const { r } = run(single({ recordBytes: 1024, rate: 50 }, { 'request.ms': 10, 'request.ms.per.MiB': 100 }));
    const cost = 0.01 + (1024 * 0.1) / 1_048_576;
    expect(r.io).not.toBeNull();
    expect(r.io!.threads).toBe(8);
    expect(r.io!.busiest).toBeCloseTo((50 * cost) / 8, 3);
    // Two requests never overlap at 20 ms apart: no wait for a free thread.
    expect(r.io!.wait.p99).toBe(0);
    // The produce latency carries the handler time: rtt 1 ms + append 0.2 ms + 10.1 ms.
    expect(r.produceLatency.p50! * 1000).toBeGreaterThan(11);
    expect(r.produceLatency.p50! * 1000).toBeLessThan(12.5);
    expect(conserved(r)).toBe(true);
  });

  it("a connection's requests are handled one at a time (the broker reads the next after it has answered): one producer never holds two handlers", () => {
    // 100 records/s 10 ms apart, each request costing 10.098 ms: the next request waits at the socket, unread,
    // and takes the records that came meanwhile. One thread in eight is busy all the time, never two.
    const { r } = run(single({ recordBytes: 1024 }, { 'request.ms': 10, 'request.ms.per.MiB': 100 }));
    expect(r.io!.busiest).toBeCloseTo(1 / 8, 3);
    expect(r.io!.wait.p99).toBe(0);
    expect(r.requests.batchRecords!).toBeGreaterThan(1);
    expect(r.throughput!).toBeCloseTo(100, 0);
    expect(conserved(r)).toBe(true);
  });

  it('one thread and a queue of 1: requests beyond it wait unread (the network threads stop reading), and each waits its turn', () => {
    // Four producers (four connections, each with a request at the broker at a time) on one partition;
    // 1 thread at 5 ms each serves 200 requests/s of the 400 offered.
    const parts = {
      duration: 10,
      warmup: 1,
      cluster: { brokers: 1, 'num.io.threads': 1, 'queued.max.requests': 1 },
      topic: { partitions: 1, 'replication.factor': 1 },
      producers: ['a', 'b', 'c', 'd'].map((name) => ({ name, rate: 100, 'linger.ms': 0, 'batch.size': 1024, recordBytes: 1024 })),
      timing: { 'request.ms': 5 },
    };
    const s = scenario(parts);
    const m = createCluster(s);
    // At every chunk boundary: at most num.io.threads in service, at most queued.max.requests queued.
    let unreadSeen = 0;
    for (let t = 0.25; t <= s.duration; t += 0.25) {
      m.run(t);
      const at = m.io!.at(1);
      expect(at.serving).toBeLessThanOrEqual(1);
      expect(at.queued).toBeLessThanOrEqual(1);
      unreadSeen = Math.max(unreadSeen, at.unread);
      const r = buildClusterSummary(s, m);
      expect(conserved(r)).toBe(true);
    }
    const r = buildClusterSummary(s, m);
    expect(unreadSeen).toBeGreaterThan(0);
    expect(r.io!.maxUnread).toBeGreaterThan(0);
    expect(r.io!.busiest).toBeGreaterThan(0.99);
    // Saturated: about 1 / 5 ms = 200 requests/s are handled.
    expect(r.requests.perSecond!).toBeGreaterThan(190);
    expect(r.requests.perSecond!).toBeLessThan(205);
    // Batches grow behind the requests in flight, as Kafka's accumulator does: with batch.size 1 KiB they cannot, and a request carries one batch of the one partition, so throughput is capped at ≈ 200/s.
    expect(r.throughput!).toBeLessThan(210);
    expect(r.io!.wait.p99!).toBeGreaterThan(0.005);
  });

  it('with room in the batch, linger.ms 0 still batches while requests are in flight: the producer keeps up with saturated handlers', () => {
    const parts = {
      duration: 10,
      warmup: 2,
      cluster: { brokers: 1, 'num.io.threads': 1 },
      topic: { partitions: 2, 'replication.factor': 1 },
      producers: [{ name: 'p', rate: 2000, 'linger.ms': 0, recordBytes: 100, keys: { kind: 'uniform', count: 1000 } }],
      timing: { 'request.ms': 2 },
    };
    const { r } = run(parts);
    // One record per request would need 2000 × 2 ms = 4 threads; batches of several records fit in one.
    expect(r.throughput!).toBeGreaterThan(1950);
    expect(r.requests.batchRecords!).toBeGreaterThan(3);
    expect(r.io!.busiest).toBeGreaterThan(0.9);
  });

  it('chunked runs give the same numbers as one run', () => {
    const parts = { ...single({ rate: 3000, 'linger.ms': 1, arrivals: 'poisson' }, { 'request.ms': 0.5, 'request.ms.per.MiB': 20 }, { 'num.io.threads': 2 }), duration: 6 };
    const s = scenario(parts);
    const one = createCluster(s);
    one.run(s.duration);
    const chunked = createCluster(s);
    for (let t = 0.37; t < s.duration; t += 0.37) {
      chunked.run(t, 500);
      while (chunked.sim.now < t && chunked.run(t, 500) > 0);
      buildClusterSummary(s, chunked);
    }
    chunked.run(s.duration);
    expect(JSON.stringify(buildClusterSummary(s, chunked))).toBe(JSON.stringify(buildClusterSummary(s, one)));
  });

  it('a broker crash drops what waits at its handlers; the producer retries and every record is accounted for', () => {
    const { r } = run({
      duration: 20,
      warmup: 1,
      topic: { partitions: 6, 'min.insync.replicas': 2 },
      producers: [{ name: 'p', rate: 1500, 'linger.ms': 0, 'batch.size': 1024, recordBytes: 512, keys: { kind: 'uniform', count: 1000 } }],
      timing: { 'request.ms': 2 },
      faults: [{ at: 5, kind: 'broker-crash', broker: 1, restartAfter: 5 }],
    });
    expect(conserved(r)).toBe(true);
    expect(r.retries).toBeGreaterThan(0);
    expect(r.records.failed).toBe(0);
    expect(r.lost).toBe(0);
  });
});

describe('compression', () => {
  it('shrinks the bytes of every request by the codec’s assumed ratio; compressionRatio overrides it; batch.size counts compressed bytes', () => {
    const base = { rate: 2000, 'linger.ms': 10, recordBytes: 1000 };
    const none = run(single(base, {})).r;
    const lz4 = run(single({ ...base, 'compression.type': 'lz4' }, {})).r;
    const custom = run(single({ ...base, 'compression.type': 'zstd', compressionRatio: 0.1 }, {})).r;
    const perRecord = (x: typeof none) => x.requests.batchBytes! / x.requests.batchRecords!;
    expect(perRecord(none)).toBeCloseTo(1000, 6);
    expect(perRecord(lz4)).toBeCloseTo(1000 * COMPRESSION.lz4.ratio, 6);
    expect(perRecord(custom)).toBeCloseTo(100, 6);
    // batch.size 16 KiB: 16 uncompressed records close a batch, 36 at lz4's 0.45.
    const full = (c: string) => run({ ...single({ rate: 20000, 'linger.ms': 1000, recordBytes: 1000, 'compression.type': c }, {}), duration: 3, warmup: 1 }).r.requests.batchRecords!;
    expect(full('none')).toBeCloseTo(16, 0);
    expect(full('lz4')).toBeCloseTo(36, 0);
  });

  it('costs the producer CPU: gzip’s assumed 10 ns per byte delays each request by its uncompressed bytes', () => {
    const base = { rate: 100, 'linger.ms': 0, recordBytes: 100_000 };
    const none = run(single(base, {})).r.produceLatency.p50!;
    const gzip = run(single({ ...base, 'compression.type': 'gzip' }, {})).r.produceLatency.p50!;
    expect(gzip - none).toBeCloseTo(100_000 * COMPRESSION.gzip.nsPerByte * 1e-9, 4);
  });
});

describe('validation and budget', () => {
  it('refuses out-of-range I/O fields, naming the field and the range', () => {
    expect(errorsOf({ cluster: { 'num.io.threads': 0 } }).join('\n')).toMatch(/num\.io\.threads.*\[1, 256\]/);
    expect(errorsOf({ cluster: { 'queued.max.requests': 0 } }).join('\n')).toMatch(/queued\.max\.requests.*\[1, 100000\]/);
    expect(errorsOf({ timing: { 'request.ms': -1 } }).join('\n')).toMatch(/request\.ms.*\[0, 10000\] ms/);
    expect(errorsOf({ timing: { 'request.ms.per.MiB': 1e9 } }).join('\n')).toMatch(/request\.ms\.per\.MiB.*\[0, 100000\] ms/);
    expect(errorsOf({ producers: [{ name: 'p', rate: 1, 'compression.type': 'brotli' }] }).join('\n')).toMatch(/compression\.type.*none, gzip, snappy, lz4, zstd/);
    expect(errorsOf({ producers: [{ name: 'p', rate: 1, 'compression.type': 'lz4', compressionRatio: 0 }] }).join('\n')).toMatch(/compressionRatio.*\[0\.01, 1\]/);
    expect(errorsOf({ cluster: { 'num.io.threads': 8, 'queued.max.requests': 500 }, timing: { 'request.ms': 0.5, 'request.ms.per.MiB': 2 } })).toEqual([]);
  });

  it('counts a handler completion per record (a request holds one at worst) only with request costs on', () => {
    const off = clusterCost(scenario({ producers: [{ name: 'p', rate: 1000 }] }));
    const on = clusterCost(scenario({ producers: [{ name: 'p', rate: 1000 }], timing: { 'request.ms': 1 } }));
    // Scaled as every per-record cost is by the partition count (6 here).
    expect(on.events - off.events).toBeCloseTo(off.records * CLUSTER_IO_EVENTS * clusterRecordScale(6), 0);
    expect(on.bytes).toBeGreaterThan(off.bytes);
  });
});
