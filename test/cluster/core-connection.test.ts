/**
 * The producer's connections (Kafka's NetworkClient / InFlightRequests per node, Sender and
 * RecordAccumulator.drain per node, the broker's one-request-at-a-time channel) and the idempotent
 * producer's sequences (OUT_OF_ORDER_SEQUENCE_NUMBER, the epoch bump of KIP-360): what
 * src/sim/model/cluster/producer.ts promises in its header, checked on runs.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conserved, run, scenario } from './core-helpers.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';
import { buildClusterSummary } from '../../src/run/models/cluster/summary.ts';
import type { ClusterModel } from '../../src/sim/model/cluster/cluster-model.ts';

/** The connections of every producer now: requests in flight on each, and the broker each request went to with its batches' partitions. */
function connections(m: ClusterModel): { producer: number; broker: number; inFlight: number; partitions: number[][] }[] {
  const out: { producer: number; broker: number; inFlight: number; partitions: number[][] }[] = [];
  for (const pr of m.producers.list) {
    for (const c of (pr as unknown as { conns: { broker: number; reqs: { batches: { partition: number }[] }[] }[] }).conns) {
      out.push({ producer: pr.index, broker: c.broker, inFlight: c.reqs.length, partitions: c.reqs.map((r) => r.batches.map((b) => b.partition)) });
    }
  }
  return out;
}

/** Per partition, whether every idempotent producer's records appear in send order (ids increase) with no record twice. */
function ordered(m: ClusterModel): string[] {
  const bad: string[] = [];
  const idem = m.producers.list.map((p) => p.config.idempotence);
  for (const part of m.parts) {
    const last = new Map<number, number>();
    for (let o = 0; o < part.end; o++) {
      const id = part.log[o];
      const pr = m.records.producer[id];
      if (!idem[pr]) continue;
      const before = last.get(pr) ?? -1;
      if (id <= before) {
        bad.push(`partition ${part.index} offset ${o}: record ${id} of producer ${pr} after ${before}`);
        break;
      }
      last.set(pr, id);
    }
  }
  return bad;
}

describe('cluster core: connections, requests and sequences', () => {
  it('a request carries batches of several partitions, all led by the broker it goes to; at most max.in.flight.requests.per.connection per connection', () => {
    const s = scenario({ duration: 20, topic: { partitions: 12 }, producers: [{ name: 'p', rate: 3000, keys: { kind: 'uniform', count: 10_000 } }] });
    const m = createCluster(s);
    let multi = 0;
    for (let t = 0.05; t <= s.duration; t += 0.05) {
      m.run(t);
      for (const c of connections(m)) {
        expect(c.inFlight).toBeLessThanOrEqual(5);
        for (const parts of c.partitions) {
          expect(new Set(parts).size).toBe(parts.length);
          for (const p of parts) expect(m.parts[p].leaderBroker).toBe(c.broker);
          if (parts.length > 1) multi++;
        }
      }
    }
    expect(multi).toBeGreaterThan(0);
    // The idempotent state's history keeps only what a leader change could still cut (clean elections: above the HW).
    for (const p of m.parts) expect(p.historySize).toBeLessThan(200);
    const r = buildClusterSummary(s, m);
    // 12 partitions on 3 brokers: a request holds the batches of up to 4 partitions, so there are fewer requests than batches.
    expect(r.requests.batchRecords!).toBeGreaterThan(2);
    expect(conserved(r)).toBe(true);
  });

  it('with acks=all, one producer keeps one request at a time at each broker: the others wait unread behind it', () => {
    // Followers 20 ms away (a slow-replica fault): every acks=all request waits ~20 ms for the ISR, and
    // the next one on its connection is read only after it is answered — so requests go ≈ 20 ms apart per broker.
    const { r } = run({ duration: 20, producers: [{ name: 'p', rate: 2000, 'linger.ms': 0 }], faults: [{ at: 0, kind: 'slow-replica', broker: 1, 'delay.ms': 20, duration: 20 }, { at: 0, kind: 'slow-replica', broker: 2, 'delay.ms': 20, duration: 20 }, { at: 0, kind: 'slow-replica', broker: 3, 'delay.ms': 20, duration: 20 }] });
    expect(r.requests.perSecond!).toBeLessThan(3 * (1 / 0.02) * 1.1);
    expect(r.throughput!).toBeGreaterThan(1900);
    expect(r.requests.batchRecords!).toBeGreaterThan(10);
  });

  it('a request timeout closes the connection: every request in flight on it fails with REQUEST_TIMED_OUT and is retried', () => {
    // A lost response breaks its connection's stream: nothing behind it arrives until the client gives up.
    const { r, m } = run({ duration: 40, topic: { partitions: 3 }, producers: [{ name: 'p', rate: 500, 'request.timeout.ms': 2000, 'linger.ms': 0 }], faults: [{ at: 10, kind: 'lose-response', target: 'p', count: 1 }] });
    expect(r.disconnects).toBe(1);
    const log = m.logEntries();
    const line = log.find((e) => e.text.startsWith('Disconnecting from node'));
    expect(line?.text).toMatch(/due to request timeout\. \d requests in flight on it fail with REQUEST_TIMED_OUT/);
    expect(r.retries).toBeGreaterThan(1);
    // Idempotence (on by default): the batches the broker wrote are recognised, none written twice.
    expect(r.duplicates).toBe(0);
    expect(r.deduplicated).toBeGreaterThan(0);
    expect(r.lost + r.records.failed).toBe(0);
    expect(ordered(m)).toEqual([]);
  });

  it('an unclean election cuts acknowledged batches: the new leader answers OUT_OF_ORDER_SEQUENCE_NUMBER, the idempotent producer bumps its epoch and writes on, in order', () => {
    for (const seed of [1, 2, 3]) {
      const { r, m } = run({
        seed,
        duration: 80,
        topic: { partitions: 6, 'unclean.leader.election.enable': true },
        producers: [{ name: 'p', rate: 300 }],
        // Broker 3 stops fetching and leaves every ISR after replica.lag.time.max.ms; then the other two die.
        faults: [
          { at: 5, kind: 'slow-replica', broker: 3, 'delay.ms': 3_600_000, duration: 75 },
          { at: 50, kind: 'broker-crash', broker: 1 },
          { at: 50, kind: 'broker-crash', broker: 2 },
        ],
      });
      expect(r.elections.unclean).toBeGreaterThan(0);
      expect(r.lost).toBeGreaterThan(0);
      expect(r.outOfOrder).toBeGreaterThan(0);
      expect(r.epochBumps).toBeGreaterThan(0);
      expect(r.producers[0].outOfOrder).toBe(r.outOfOrder);
      // Kafka 4's idempotent producer retries it: no record fails with OutOfOrderSequenceException.
      expect(r.failedBy.OutOfOrderSequenceException).toBeUndefined();
      const log = m.logEntries().map((e) => e.text);
      expect(log.some((t) => /^OutOfOrderSequenceException: Out of order sequence number for producer 0 at offset \d+ in partition orders-\d+: \d+ \(incoming seq\. number\), -?\d+ \(current end sequence number\)$/.test(t))).toBe(true);
      expect(log).toContain('ProducerId set to 0 with epoch 1');
      // Writing goes on after the bump: the new leaders take the producer's records, nothing fails, little is left in flight.
      expect(r.records.failed).toBe(0);
      expect(r.records.inFlight).toBeLessThan(300);
      expect(ordered(m)).toEqual([]);
      expect(conserved(r)).toBe(true);
    }
  });

  it('without idempotence the same cut is silent: no sequence, no OUT_OF_ORDER_SEQUENCE_NUMBER', () => {
    const { r } = run({
      duration: 80,
      topic: { partitions: 6, 'unclean.leader.election.enable': true },
      producers: [{ name: 'p', rate: 300, 'enable.idempotence': false }],
      faults: [
        { at: 5, kind: 'slow-replica', broker: 3, 'delay.ms': 3_600_000, duration: 75 },
        { at: 50, kind: 'broker-crash', broker: 1 },
        { at: 50, kind: 'broker-crash', broker: 2 },
      ],
    });
    expect(r.lost).toBeGreaterThan(0);
    expect(r.outOfOrder).toBe(0);
    expect(r.epochBumps).toBe(0);
  });

  it('the truncation details: which replica lost how many records at which leader epoch, as the log lines say', () => {
    const { r, m } = run({ duration: 40, topic: { partitions: 3 }, producers: [{ name: 'p', rate: 300, acks: '1' }], faults: [{ at: 10, kind: 'network-partition', broker: 1, duration: 20 }] });
    expect(r.lost).toBeGreaterThan(0);
    expect(r.truncations.events).toBeGreaterThan(0);
    const cut = r.truncations.last.reduce((a, t) => a + t.replicas.reduce((b, x) => b + x.records, 0), 0);
    // Every record removed from the partition's log was cut from at least one replica; acknowledged losses are among them.
    expect(cut).toBeGreaterThanOrEqual(r.truncated);
    expect(r.truncations.last.reduce((a, t) => a + t.lost, 0)).toBe(r.lost);
    for (const t of r.truncations.last) {
      expect(t.replicas.length).toBeGreaterThan(0);
      expect(t.replicas.every((x) => x.broker !== t.leader)).toBe(true);
      const view = m.parts[t.partition];
      expect(view.lastCut?.epoch).toBeGreaterThanOrEqual(t.epoch);
      const lines = m.logEntries().filter((e) => e.source === `ReplicaFetcher broker=${t.replicas[0].broker}` && e.text.startsWith(`Truncating partition orders-${t.partition} `));
      expect(lines.some((e) => e.text.includes(`leaderEpoch=${t.epoch}`) && e.text.includes(`— ${t.replicas[0].records} record(s) cut`))).toBe(true);
    }
  });

  it('idempotent producers keep each partition in send order and write nothing twice, whatever the faults (max.in.flight 5)', () => {
    const fault = fc.oneof(
      fc.record({ at: fc.integer({ min: 0, max: 24 }), kind: fc.constant('broker-crash'), broker: fc.integer({ min: 1, max: 3 }), restartAfter: fc.option(fc.integer({ min: 0, max: 10 })) }),
      fc.record({ at: fc.integer({ min: 0, max: 24 }), kind: fc.constant('slow-replica'), broker: fc.integer({ min: 1, max: 3 }), 'delay.ms': fc.integer({ min: 1, max: 4000 }), duration: fc.integer({ min: 1, max: 15 }) }),
      fc.record({ at: fc.integer({ min: 0, max: 24 }), kind: fc.constant('network-partition'), broker: fc.integer({ min: 1, max: 3 }), duration: fc.integer({ min: 1, max: 15 }) }),
      fc.record({ at: fc.integer({ min: 0, max: 24 }), kind: fc.constant('lose-response'), target: fc.constant('a'), count: fc.integer({ min: 1, max: 5 }) }),
      fc.record({ at: fc.integer({ min: 0, max: 24 }), kind: fc.constant('slow-broker'), broker: fc.integer({ min: 1, max: 3 }), 'delay.ms': fc.integer({ min: 1, max: 3000 }), duration: fc.integer({ min: 1, max: 10 }) }),
    );
    let bumps = 0;
    let ooo = 0;
    fc.assert(
      fc.property(fc.array(fault, { maxLength: 6 }), fc.boolean(), fc.integer({ min: 1, max: 1000 }), (faults, unclean, seed) => {
        const s = scenario({
          seed,
          duration: 25,
          cluster: { controller: { 'broker.session.timeout.ms': 3000 } },
          topic: { partitions: 4, 'min.insync.replicas': 2, 'unclean.leader.election.enable': unclean },
          producers: [{ name: 'a', rate: 200, 'request.timeout.ms': 1500, 'delivery.timeout.ms': 6000, 'linger.ms': 0 }],
          faults,
        });
        const m = createCluster(s);
        m.run(s.duration);
        const r = buildClusterSummary(s, m);
        bumps += r.epochBumps;
        ooo += r.outOfOrder;
        expect(ordered(m)).toEqual([]);
        expect(r.duplicates).toBe(0);
        expect(conserved(r)).toBe(true);
      }),
      { numRuns: 30, seed: 7 },
    );
    // The property must have met sequence gaps, or it says nothing about them.
    expect(ooo).toBeGreaterThan(0);
    expect(bumps).toBeGreaterThan(0);
  });
});
