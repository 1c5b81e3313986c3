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
    { name: 'c', rate: 100, acks: '0' },
  ],
  faults: [
    { at: 3, kind: 'slow-replica', broker: 2, 'delay.ms': 800, duration: 10 },
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
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('slow-replica'), broker: fc.integer({ min: 1, max: 3 }), 'delay.ms': fc.integer({ min: 1, max: 5000 }), duration: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('network-partition'), broker: fc.integer({ min: 1, max: 3 }), duration: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('lose-response'), target: fc.constantFrom('a', 'b', '*'), count: fc.integer({ min: 1, max: 20 }) }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constant('controller-failover') }),
    fc.record({ at: fc.integer({ min: 0, max: 29 }), kind: fc.constantFrom('producer-stop', 'producer-start'), target: fc.constantFrom('a', 'b') }),
  );

  it('produced = inFlight + ackedStored + ackedLost + failed at every sample and at the end, whatever the faults', () => {
    fc.assert(
      fc.property(
        fc.array(fault, { maxLength: 8 }),
        fc.constantFrom('0', '1', 'all'),
        fc.boolean(),
        fc.integer({ min: 1, max: 1000 }),
        (faults, acks, unclean, seed) => {
          const s = scenario({
            seed,
            duration: 30,
            cluster: { controller: { 'broker.session.timeout.ms': 3000 } },
            topic: { partitions: 4, 'min.insync.replicas': 2, 'unclean.leader.election.enable': unclean },
            producers: [
              { name: 'a', rate: 150, acks, 'request.timeout.ms': 2000, 'delivery.timeout.ms': 8000 },
              { name: 'b', rate: 100, 'enable.idempotence': false, retries: 2, 'request.timeout.ms': 1500 },
            ],
            faults,
          });
          const m = createCluster(s);
          for (let t = 0.5; t <= 30; t += 0.5) {
            m.run(t);
            const r = m.records;
            expect(r.n).toBe(r.inFlight + r.ackedStored + r.ackedLost + r.failed);
            expect(r.duplicates).toBeGreaterThanOrEqual(0);
          }
          const sum = buildClusterSummary(s, m);
          expect(conserved(sum)).toBe(true);
          expect(sum.lost).toBeLessThanOrEqual(sum.truncated + sum.producers.reduce((a, p) => a + (p.acks === '0' ? p.sent : 0), 0));
        },
      ),
      { numRuns: 40, seed: 13 },
    );
  });
});
