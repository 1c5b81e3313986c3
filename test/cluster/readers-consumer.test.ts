/**
 * Consumers of the cluster model against a fake write path: what read_uncommitted sees (below the
 * serving replica's known HW), e2e latency and duplicates, follower fetching (rack-aware selector:
 * no cross-rack bytes, but records wait for the follower's known HW), and the reset to the log end
 * after a truncation.
 */
import { describe, expect, it } from 'vitest';
import { FakeCore } from './fake-core.ts';

describe('cluster consumers (read_uncommitted)', () => {
  it('reads only below the HW the serving replica knows; e2e = poll − send; a record id seen twice is a duplicate', () => {
    const core = new FakeCore({ partitions: 1, racks: [null, null, null] });
    const r = core.attach([{ name: 'reader' }]);
    for (let i = 0; i < 5; i++) core.append(0);
    core.sim.run(1);
    expect(r.stats().consumers[0].records).toBe(0);
    core.setHw(0, 1, 3);
    core.sim.run(2);
    const s = r.stats().consumers[0];
    expect(s.records).toBe(3);
    expect(s.duplicates).toBe(0);
    // Sent at 0, the HW moved at t = 1, the parked fetch answered at once, rtt/2 back: 1.0005 s.
    expect(s.e2e.count).toBe(3);
    expect(s.e2e.mean).toBeCloseTo(1.0005, 6);
    expect(s.e2e.p50!).toBeGreaterThan(1.0005 * 0.99);
    expect(s.e2e.p50!).toBeLessThan(1.0005 * 1.01);
    // The same record written twice (a retried batch without idempotence).
    core.logs[0].push(core.logs[0][1]);
    core.setHw(0, 1, 6);
    core.sim.run(3);
    const s2 = r.stats().consumers[0];
    expect(s2.records).toBe(6);
    expect(s2.duplicates).toBe(1);
    expect(r.stats().consumers[0].fetchesFrom).toBe(1);
  });

  it('a follower only serves what its known HW covers, and the leader stays the default', () => {
    const core = new FakeCore({ partitions: 1, racks: ['a', 'b', 'c'], replicas: [[1, 2, 3]], selector: 'rack-aware' });
    const r = core.attach([{ name: 'near', 'client.rack': 'b' }, { name: 'plain' }]);
    for (let i = 0; i < 4; i++) core.append(0);
    core.setHw(0, 1, 4); // the leader knows all 4 are committed; follower 2 does not yet
    core.sim.run(1);
    let [near, plain] = r.stats().consumers;
    expect(plain.records).toBe(4);
    expect(near.records).toBe(0);
    expect(near.fetchesFrom).toBe(2);
    core.setHw(0, 2, 4);
    core.sim.run(2);
    [near, plain] = r.stats().consumers;
    expect(near.records).toBe(4);
    expect(near.followerShare).toBe(1);
    expect(plain.followerShare).toBe(0);
    expect(near.crossRackBytes).toBe(0);
  });
});

describe('cluster consumers: follower fetching under traffic', () => {
  const run = (selector: 'leader' | 'rack-aware') => {
    const core = new FakeCore({ partitions: 3, racks: ['a', 'b', 'c'], selector });
    const r = core.attach([{ name: 'reader', 'client.rack': 'b' }]);
    core.traffic(0.001, 10, 0.002, 0.5);
    core.sim.run(12);
    return { core, s: r.stats().consumers[0] };
  };

  it('rack-aware: every fetch goes to the in-rack replica, no cross-rack bytes, records wait for the follower HW', () => {
    const { core, s } = run('rack-aware');
    const total = core.logs.reduce((n, l) => n + l.length, 0);
    expect(s.records).toBe(total);
    expect(s.crossRackBytes).toBe(0);
    expect(s.fetchesFrom).toBe(2);
    // Partition 1 is led by broker 2 (rack b): a third of the partitions are read from their leader.
    expect(s.followerShare).toBeGreaterThan(0.3);
    // Staleness: two thirds of the records wait ~0.5 s of follower lag.
    expect(s.e2e.p50!).toBeGreaterThan(0.5);
    expect(s.e2e.p50!).toBeLessThan(0.52);
  });

  it('leader selector: fetches to leaders in other racks count cross-rack bytes, and e2e has no follower lag', () => {
    const { core, s } = run('leader');
    // Leaders: p0 → 1 (rack a), p1 → 2 (rack b), p2 → 3 (rack c): p0 and p2 are cross-rack.
    expect(s.crossRackBytes).toBe(100 * (core.logs[0].length + core.logs[2].length));
    expect(s.followerShare).toBe(0);
    expect(s.e2e.p99!).toBeLessThan(0.01);
    expect(s.fetchesFrom).toBe(1);
  });
});

describe('cluster consumers: offset out of range', () => {
  it('a position past the log end after a truncation resets to the log end, with a log line', () => {
    const core = new FakeCore({ partitions: 1, racks: [null, null, null], replicas: [[1, 2, 3]] });
    const r = core.attach([{ name: 'reader' }]);
    for (let i = 0; i < 10; i++) core.append(0);
    core.setHw(0, 1, 10);
    core.sim.run(1);
    expect(r.consumers[0].fetcher.pos[0]).toBe(10);
    // An unclean election: broker 2 had only 6 records.
    core.truncate(0, 6, 2);
    core.sim.run(2);
    expect(r.consumers[0].fetcher.pos[0]).toBe(6);
    const lines = core.log.read().map((e) => e.text);
    expect(lines.some((l) => l.includes('FetchPosition{offset=10} is out of range for partition orders-0'))).toBe(true);
    expect(lines.some((l) => l.includes('Resetting offset for partition orders-0 to position FetchPosition{offset=6}'))).toBe(true);
    // It reads on from there: new records at 6, 7.
    core.append(0);
    core.append(0);
    core.setHw(0, 2, 8);
    core.sim.run(3);
    expect(r.stats().consumers[0].records).toBe(12);
    expect(r.stats().consumers[0].fetchesFrom).toBe(2);
  });
});

describe('cluster consumers: the serving replica changes under traffic', () => {
  it('a follower that becomes unreachable hands the partition to the leader: nothing read twice, nothing skipped', () => {
    const core = new FakeCore({ partitions: 3, racks: ['a', 'b', 'c'], selector: 'rack-aware' });
    const r = core.attach([{ name: 'near', 'client.rack': 'b' }]);
    core.traffic(0.001, 6, 0.002, 0.3);
    const k = core.sim.register('test-down', (on) => {
      if (on) core.down.add(2);
      else core.down.delete(2);
      for (let p = 0; p < 3; p++) core.readers!.changed(p);
    });
    core.sim.scheduleAt(2, k, 1);
    core.sim.scheduleAt(4, k, 0);
    core.sim.run(3);
    // Partitions 0 and 2 moved to their leaders (racks a, c), partition 1 (led by 2) is offline.
    const mid = r.stats().consumers[0];
    expect(mid.fetchesFrom).toBe(1);
    expect(mid.crossRackBytes).toBeGreaterThan(0);
    core.sim.run(8);
    const s = r.stats().consumers[0];
    expect(s.fetchesFrom).toBe(2);
    expect(s.duplicates).toBe(0);
    expect(s.records).toBe(core.logs.reduce((n, l) => n + l.length, 0));
    for (let p = 0; p < 3; p++) expect(r.consumers[0].fetcher.pos[p]).toBe(core.logs[p].length);
  });
});

describe('cluster consumers: fetch sizes', () => {
  /** Two partitions led by broker 1 (one fetch session), ten 100-byte records each, all below the HW. */
  const backlog = (consumer: Record<string, unknown>) => {
    const core = new FakeCore({ partitions: 2, replicas: [[1, 2, 3], [1, 2, 3]] });
    const r = core.attach([{ name: 'reader', ...consumer }]);
    for (let p = 0; p < 2; p++) {
      for (let i = 0; i < 10; i++) core.append(p);
      core.setHw(p, 1, 10);
    }
    return { core, r, pos: () => Array.from(r.consumers[0].fetcher.pos) };
  };

  it('max.partition.fetch.bytes: a response brings each partition records until it crosses the limit (2 records of 100 bytes for 150)', () => {
    const { core, pos } = backlog({ 'max.partition.fetch.bytes': 150 });
    // One round trip (1 ms) per response: the first leaves at 0 and is back at 1 ms.
    core.sim.run(0.0015);
    expect(pos()).toEqual([2, 2]);
  });

  it('fetch.max.bytes: a response stops at the limit, and the next starts at the partition it left out (none starves)', () => {
    const { core, r, pos } = backlog({ 'fetch.max.bytes': 250 });
    core.sim.run(0.0015);
    expect(pos()).toEqual([3, 0]);
    core.sim.run(0.0025);
    expect(pos()).toEqual([3, 3]);
    core.sim.run(0.0035);
    expect(pos()).toEqual([6, 3]);
    core.sim.run(0.1);
    expect(pos()).toEqual([10, 10]);
    expect(r.stats().consumers[0].records).toBe(20);
  });

  it('the defaults are Kafka’s (1 MiB a partition, 50 MiB a response): the whole backlog in one response', () => {
    const { core, pos } = backlog({});
    core.sim.run(0.0015);
    expect(pos()).toEqual([10, 10]);
  });
});
