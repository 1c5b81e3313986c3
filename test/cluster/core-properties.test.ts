/** Determinism, chunk-invariance, live injection and conservation over random fault timelines. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conserved, scenario } from './core-helpers.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';
import { buildClusterSummary } from '../../src/run/models/cluster/summary.ts';

const busy = {
  duration: 40,
  topic: { partitions: 6, 'min.insync.replicas': 2, 'unclean.leader.election.enable': true },
  producers: [
    { name: 'a', rate: 300, acks: '1' },
    { name: 'b', rate: 300, 'enable.idempotence': false, 'request.timeout.ms': 2000 },
    { name: 'c', rate: 100, acks: '0', 'buffer.memory': 65536, 'max.block.ms': 2000, front: { 'timeout.ms': 1000 } },
  ],
  faults: [
    { at: 3, kind: 'slow-replica', broker: 2, 'delay.ms': 800, duration: 10 },
    { at: 4, kind: 'slow-broker', broker: 3, 'delay.ms': 3000, duration: 8 },
    { at: 5, kind: 'lose-response', target: '*', count: 10 },
    { at: 8, kind: 'broker-crash', broker: 1, restartAfter: 12 },
    { at: 15, kind: 'network-partition', broker: 3, duration: 12 },
    { at: 22, kind: 'controller-failover' },
    { at: 25, kind: 'load-spike', target: 'a', factor: 3, duration: 5 },
  ],
};

const summaryJson = (chunks: number, maxEvents = Infinity) => {
  const s = scenario(busy);
  const m = createCluster(s);
  if (chunks === 1) m.run(s.duration);
  else for (let i = 1; i <= chunks; i++) while (m.run((s.duration * i) / chunks, maxEvents) === maxEvents);
  return JSON.stringify(buildClusterSummary(s, m));
};

describe('cluster core: determinism and conservation', () => {
  it('the same scenario and seed give the same numbers', () => {
    expect(summaryJson(1)).toBe(summaryJson(1));
  });

  it('run(until, maxEvents) is chunk-invariant', () => {
    const one = summaryJson(1);
    expect(summaryJson(397)).toBe(one);
    expect(summaryJson(7, 1000)).toBe(one);
  });

  it('a fault injected live replays exactly as the same fault in the timeline', () => {
    const rec = { ...busy, faults: [{ at: 10, kind: 'broker-crash', broker: 2, restartAfter: 5 }] };
    const a = createCluster(scenario(rec));
    a.run(40);
    const s = scenario({ ...busy, faults: [] });
    const b = createCluster(s);
    b.run(10);
    b.inject({ at: 0, kind: 'broker-crash', broker: 2, restartAfter: 5 });
    b.run(40);
    expect(JSON.stringify(buildClusterSummary(s, b))).toBe(JSON.stringify(buildClusterSummary(s, a)));
    expect(() => b.inject({ at: 0, kind: 'broker-crash', broker: 9, restartAfter: null })).toThrow(RangeError);
  });

  const fault = fc.oneof(
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('broker-crash'), broker: fc.integer({ min: 1, max: 3 }), restartAfter: fc.option(fc.integer({ min: 0, max: 15 })) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('broker-restart'), broker: fc.integer({ min: 1, max: 3 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('slow-broker'), broker: fc.integer({ min: 1, max: 3 }), 'delay.ms': fc.integer({ min: 1, max: 8000 }), duration: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('slow-replica'), broker: fc.integer({ min: 1, max: 3 }), 'delay.ms': fc.integer({ min: 1, max: 5000 }), duration: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('network-partition'), broker: fc.integer({ min: 1, max: 3 }), duration: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('lose-response'), target: fc.constantFrom('a', 'b', '*'), count: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('controller-failover') }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constantFrom('producer-stop', 'producer-start'), target: fc.constantFrom('a', 'b') }),
  );

  // buffer.memory: 64 KiB holds 4 batches of 16 KiB (1 KiB records), so a slow or dead leader fills it
  // within a second and send() blocks; max.block.ms 0 refuses at once; a web front (on producer a)
  // answers 504 after its timeout, or 202 and sheds.
  const front = fc.option(fc.record({ 'timeout.ms': fc.integer({ min: 1, max: 4000 }), respond: fc.constantFrom('after-send', 'accept-and-shed') }), { nil: null });

  it('produced = blocked + inFlight + ackedStored + ackedLost + failed + refused + shed at every sample and at the end, whatever the faults and the buffer', () => {
    // The new states must actually occur in these runs, or the property says nothing about them.
    const seen = { blockedAtSample: 0, refused: 0, shed: 0, expired: 0, timeouts: 0 };
    fc.assert(
      fc.property(
        fc.array(fault, { maxLength: 8 }),
        fc.constantFrom('0', '1', 'all'),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom(33_554_432, 65_536, 16_384),
        fc.constantFrom(0, 300, 3000, 60_000),
        front,
        (faults, acks, unclean, seed, memory, maxBlock, web) => {
          const s = scenario({
            seed,
            duration: 30,
            cluster: { controller: { 'broker.session.timeout.ms': 3000 } },
            topic: { partitions: 4, 'min.insync.replicas': 2, 'unclean.leader.election.enable': unclean },
            producers: [
              { name: 'a', rate: 150, acks, 'request.timeout.ms': 2000, 'delivery.timeout.ms': 8000, 'buffer.memory': memory, 'max.block.ms': maxBlock, front: web },
              { name: 'b', rate: 100, 'enable.idempotence': false, retries: 2, 'request.timeout.ms': 1500, 'buffer.memory': memory, 'max.block.ms': maxBlock },
            ],
            faults,
          });
          const m = createCluster(s);
          for (let t = 0.5; t <= 30; t += 0.5) {
            m.run(t);
            const r = m.records;
            expect(r.n).toBe(r.blocked + r.inFlight + r.ackedStored + r.ackedLost + r.failed + r.refused + r.shed);
            expect(r.expired).toBeLessThanOrEqual(r.failed);
            expect(r.duplicates).toBeGreaterThanOrEqual(0);
            for (const p of m.producers.list) {
              expect(p.pool.used).toBeGreaterThanOrEqual(0);
              expect(p.pool.used).toBeLessThanOrEqual(p.pool.memory);
              // Without a front the application's one thread waits alone.
              if (!p.front) expect(p.pool.waiting).toBeLessThanOrEqual(1);
              else expect(p.front.requests).toBe(p.front.ok + p.front.shed + p.front.errors + p.front.timeouts + p.front.open);
            }
            expect(r.blocked).toBe(m.blockedNow());
            expect(m.producers.blockedNow).toBe(r.blocked);
            expect(m.producers.blockedPeak).toBeGreaterThanOrEqual(r.blocked);
            if (maxBlock === 0) expect(r.blocked).toBe(0);
            if (r.blocked > 0) seen.blockedAtSample++;
          }
          seen.refused += m.records.refused;
          seen.shed += m.records.shed;
          seen.expired += m.records.expired;
          seen.timeouts += m.producers.list[0].front?.timeouts ?? 0;
          const sum = buildClusterSummary(s, m);
          expect(conserved(sum)).toBe(true);
          // Failed to the producer "with the exception it saw": every failed record is counted under one exception, per producer too.
          const byException = (f: Partial<Record<string, number>>) => Object.values(f).reduce((a: number, n) => a + (n ?? 0), 0);
          expect(byException(sum.failedBy)).toBe(sum.records.failed);
          for (const p of sum.producers) expect(byException(p.failedBy), p.name).toBe(p.failed);
          expect(sum.lost).toBeLessThanOrEqual(sum.truncated + sum.producers.reduce((a, p) => a + (p.acks === '0' ? p.sent : 0), 0));
        },
      ),
      { numRuns: 40, seed: 13 },
    );
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0);
  });
});
