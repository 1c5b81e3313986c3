/** ISR, high watermark and controller timing of the cluster core. */
import { describe, expect, it } from 'vitest';
import { run, scenario } from './core-helpers.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';

describe('cluster core: ISR, HW and elections', () => {
  it('the ISR shrinks after replica.lag.time.max.ms without a fetch and expands after catch-up', () => {
    const s = scenario({
      duration: 60,
      cluster: { 'replica.lag.time.max.ms': 10_000, controller: { 'broker.session.timeout.ms': 600_000 } },
      topic: { partitions: 6 },
      faults: [{ at: 5, kind: 'broker-crash', broker: 3, restartAfter: 30 }],
    });
    const m = createCluster(s);
    m.run(5 + 9.9);
    expect(m.isrChanges.shrinks).toBe(0);
    m.run(5 + 10 + 5 + 0.1); // checks run every lag/2
    expect(m.isrChanges.shrinks).toBeGreaterThan(0);
    expect(m.underReplicated).toBeGreaterThan(0);
    m.run(34.9);
    expect(m.isrChanges.expands).toBe(0);
    m.run(40);
    expect(m.isrChanges.expands).toBe(m.isrChanges.shrinks);
    expect(m.underReplicated).toBe(0);
  });

  it('the HW never exceeds the LEO of any ISR member', () => {
    const s = scenario({
      duration: 60,
      topic: { partitions: 4, 'min.insync.replicas': 2 },
      producers: [{ name: 'a', rate: 300, acks: '1' }, { name: 'b', rate: 300 }],
      faults: [
        { at: 5, kind: 'slow-replica', broker: 2, 'delay.ms': 500, duration: 20 },
        { at: 12, kind: 'broker-crash', broker: 1, restartAfter: 10 },
        { at: 30, kind: 'network-partition', broker: 3, duration: 15 },
      ],
    });
    const m = createCluster(s);
    let checks = 0;
    for (let t = 0.05; t <= 60; t += 0.05) {
      m.run(t);
      for (const p of m.parts) {
        for (let r = 0; r < p.rf; r++) if (p.isr[r]) expect(p.hw).toBeLessThanOrEqual(p.leo[r]);
        expect(p.hw).toBeLessThanOrEqual(p.end);
        checks++;
      }
    }
    expect(checks).toBeGreaterThan(1000);
  });

  const electionTime = (partitions: number, mode: 'kraft' | 'zookeeper', electionMsPerPartition: number | null = null) =>
    run({
      duration: 40,
      cluster: { controller: { mode, 'broker.session.timeout.ms': 1000, 'zookeeper.session.timeout.ms': 1000, electionMsPerPartition } },
      topic: { partitions },
      producers: [{ name: 'p', rate: 50 }],
      faults: [{ at: 5, kind: 'broker-crash', broker: 2 }],
    }).r.electionTime.max!;

  it('election time grows linearly with the partitions the dead broker led', () => {
    const t = [30, 60, 120].map((p) => electionTime(p, 'kraft', 10) - 1);
    // Broker 2 leads a third of them, 10 ms each.
    expect(t[0]).toBeCloseTo(0.1, 6);
    expect(t[1]).toBeCloseTo(0.2, 6);
    expect(t[2]).toBeCloseTo(0.4, 6);
  });

  it('ZooKeeper elects far slower than KRaft (1 ms vs 0.01 ms a partition)', () => {
    const zk = electionTime(600, 'zookeeper') - 1;
    const kraft = electionTime(600, 'kraft') - 1;
    expect(zk).toBeCloseTo(0.2, 6);
    expect(zk / kraft).toBeGreaterThan(50);
  });

  it('a ZooKeeper controller crash delays elections by the session timeout plus the state load', () => {
    const r = run({
      duration: 60,
      cluster: { controller: { mode: 'zookeeper' } },
      topic: { partitions: 300 },
      producers: [{ name: 'p', rate: 50 }],
      faults: [{ at: 5, kind: 'broker-crash', broker: 1 }],
    }).r;
    // 18 s session + 0.1 ms × 300 partitions to load, then 100 elections at 1 ms.
    expect(r.electionTime.max!).toBeCloseTo(18 + 0.03 + 0.1, 6);
  });

  it('preferred-leader rebalance moves leadership back once the preferred replica is in sync', () => {
    const r = run({ duration: 100, cluster: { 'leader.imbalance.check.interval.seconds': 30 }, topic: { partitions: 6 }, faults: [{ at: 5, kind: 'broker-crash', broker: 2, restartAfter: 15 }] }).r;
    expect(r.elections.preferred).toBeGreaterThan(0);
    expect(r.brokers.map((b) => b.leaderOf)).toEqual([2, 2, 2]);
  });
});
