/**
 * "Partition-seconds paused by rebalances" counts only partitions waiting while a rebalance is in
 * progress. The group's first join at start-up and the time a group has no member at all are
 * separate figures.
 */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.ts';

describe('rebalance pause figures', () => {
  it('a healthy group pauses nothing after start-up; its first join is counted apart', () => {
    const { r } = run('black-friday');
    expect(r.rebalances).toBe(1);
    expect(r.rebalancePausedSeconds).toBe(0);
    // 12 partitions wait two windows of group.initial.rebalance.delay.ms (3 s each: the other five
    // members join during the first) plus the join's latency.
    expect(r.startupPausedSeconds).toBeGreaterThan(12 * 6);
    expect(r.startupPausedSeconds).toBeLessThan(12 * 6.5);
    expect(r.emptyPausedSeconds).toBe(0);
  });

  it('a static-membership rolling restart shows no rebalance and no rebalance pause after start-up', () => {
    const { r } = run('eager-vs-cooperative', 'groups.0.static=true');
    expect(r.rebalances).toBe(1);
    expect(r.rebalancePausedSeconds).toBe(0);
    expect(r.startupPausedSeconds).toBeGreaterThan(0);
  });

  it('time with every member gone is "empty", not a rebalance; the rejoin is a rebalance again', () => {
    // The only member crashes at 120 s and restarts at 600 s: the coordinator removes it after
    // session.timeout.ms (45 s), then 3 partitions wait 435 s for anyone: 1,305 partition-seconds.
    const { r } = run('retention-reset');
    expect(r.emptyPausedSeconds).toBeGreaterThan(3 * 430);
    expect(r.emptyPausedSeconds).toBeLessThan(3 * 440);
    // Back at 600 s, the empty group waits the initial delay again before its rebalance.
    expect(r.rebalancePausedSeconds).toBeGreaterThan(3 * 3);
    expect(r.rebalancePausedSeconds).toBeLessThan(3 * 3.5);
    expect(r.rebalances).toBe(2);
  });
});
