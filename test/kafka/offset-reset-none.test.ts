/**
 * auto.offset.reset=none: without a committed offset poll() throws NoOffsetForPartitionException and
 * the application's consumer stops, instead of starting somewhere silently.
 */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.ts';

describe('auto.offset.reset=none', () => {
  it('a new group has no committed offsets: every member fails at its first poll (each rebalance hands the partitions to the next), nothing is applied or skipped', () => {
    const { r, m } = run('black-friday', 'groups.0.auto.offset.reset=none');
    const errors = m.logEntries().filter((e) => e.level === 'ERROR');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].text).toMatch(/^NoOffsetForPartitionException: Undefined offset with no reset policy for partitions: \[orders-\d+\]/);
    expect(r.groups.warehouse.applied).toBe(0);
    expect(r.skipped).toBe(0);
    const states = Object.values(m.stats().groups[0].memberStates);
    expect(states.every((s) => s === 'dead')).toBe(true);
  });
});
