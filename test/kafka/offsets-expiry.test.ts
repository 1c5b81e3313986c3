/**
 * Committed offsets of an empty group expire after offsets.retention.minutes (the broker's cleanup
 * runs every offsets.retention.check.interval.ms, 10 min): consumers that come back later have no
 * committed offset and start where auto.offset.reset says — another road to a silent reset. And
 * with auto.offset.reset=none an out-of-range position throws OffsetOutOfRangeException.
 */
import { describe, expect, it } from 'vitest';
import { load, run } from './helpers.ts';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';

// retention-reset with a week of log retention (nothing deleted) and the consumer down 120 → 820 s.
const LONG_DOWN = ['topic.retention.ms=604800000', 'faults=[{"at":120,"kind":"crash","target":"warehouse-1","restartAfter":700}]'];

describe('offsets.retention.minutes', () => {
  it('an empty group longer than the retention loses its committed offsets at the next cleanup; with latest the consumer skips the backlog', () => {
    const { r, m } = run('retention-reset', ...LONG_DOWN, 'groups.0.offsets.retention.minutes=5');
    const removed = m.logEntries().filter((e) => e.text.startsWith('Removed 3 expired offsets of group warehouse'));
    expect(removed).toHaveLength(1);
    // Empty from 120 s, 5 minutes later is 420 s: the cleanup on the 10-minute grid at 600 s deletes them.
    expect(removed[0].t).toBe(600);
    expect(removed[0].text).toContain('offsets.retention.minutes=5');
    const resets = m.logEntries().filter((e) => e.text.startsWith('Found no committed offset for partition'));
    expect(resets.length).toBe(3);
    expect(resets.every((e) => e.t > 820 && e.text.includes('auto.offset.reset=latest'))).toBe(true);
    // Everything produced while it was down (~50/s × 700 s) is skipped; nothing was deleted by retention.
    expect(r.skipped).toBeGreaterThan(50 * 700 * 0.9);
    expect(r.partitions.every((p) => p.logStart === 0)).toBe(true);
  });

  it('with earliest the consumer re-reads the whole log from the start: everything is redelivered', () => {
    const { r } = run('retention-reset', ...LONG_DOWN, 'groups.0.offsets.retention.minutes=5', 'groups.0.auto.offset.reset=earliest');
    expect(r.skipped).toBe(0);
    expect(r.redeliveries).toBeGreaterThan(50 * 120 * 0.9);
  });

  it('an empty group shorter than the retention keeps its offsets (the default: 7 days)', () => {
    const { r, m } = run('retention-reset', ...LONG_DOWN);
    expect(m.logEntries().some((e) => e.text.startsWith('Removed'))).toBe(false);
    expect(r.skipped).toBe(0);
    expect(r.redeliveries).toBeLessThan(1000);
  });

  it('redeployed with none, a consumer whose offsets expired fails with NoOffsetForPartitionException', () => {
    const s = load('retention-reset', ...LONG_DOWN, 'groups.0.offsets.retention.minutes=5');
    const m = createKafka(s);
    m.run(700);
    // A new group with none cannot start at all (no committed offset): the application is
    // redeployed with none while its consumer is down, after its offsets existed.
    (m.groups[0].config as { 'auto.offset.reset': string })['auto.offset.reset'] = 'none';
    m.run(s.duration);
    const errors = m.logEntries().filter((e) => e.level === 'ERROR');
    expect(errors[0].t).toBeGreaterThan(820);
    expect(errors[0].text).toMatch(/^NoOffsetForPartitionException: Undefined offset with no reset policy for partitions: \[orders-\d\]/);
  });
});

describe('auto.offset.reset=none and an out-of-range position', () => {
  it('retention deleted the committed position: poll() throws OffsetOutOfRangeException instead of resetting', () => {
    const s = load('retention-reset');
    const m = createKafka(s);
    m.run(300);
    (m.groups[0].config as { 'auto.offset.reset': string })['auto.offset.reset'] = 'none'; // redeployed while down
    m.run(s.duration);
    const r = buildKafkaSummary(s, m);
    const info = m.logEntries().find((e) => e.text.includes('raising error to the application since no reset policy is configured'));
    expect(info?.text).toMatch(/^Fetch position FetchPosition\{offset=\d+\} is out of range for partition orders-\d/);
    const error = m.logEntries().find((e) => e.level === 'ERROR');
    expect(error?.text).toMatch(/^OffsetOutOfRangeException: Fetch position FetchPosition\{offset=\d+\} is out of range for partition orders-\d — the exception escapes poll\(\) and the consumer is closed/);
    expect(r.skipped).toBe(0);
    expect(m.logEntries().some((e) => e.text.startsWith('Resetting offset'))).toBe(false);
  });
});
