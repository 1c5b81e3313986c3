/** The storage scenario's validation: ranges named in the messages, cross-field checks, the budget. */
import { describe, expect, it } from 'vitest';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';

const base = { version: 1, model: 'storage', duration: 300, producer: { name: 'p', rate: 20, keys: { kind: 'uniform', count: 200 } } };
const errors = (over: Record<string, unknown>) => {
  const r = validateScenario({ ...base, ...over });
  return r.ok ? [] : r.errors.map(formatError);
};

describe('storage scenario validation', () => {
  it('fills Kafka defaults', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    if (!r.ok || r.scenario.model !== 'storage') return;
    const t = r.scenario.topic;
    expect(t['cleanup.policy']).toBe('delete');
    expect(t['segment.bytes']).toBe(1_073_741_824);
    expect(t['segment.ms']).toBe(604_800_000);
    expect(t['retention.ms']).toBe(604_800_000);
    expect(t['retention.bytes']).toBe(-1);
    expect(t['delete.retention.ms']).toBe(86_400_000);
    expect(t['min.cleanable.dirty.ratio']).toBe(0.5);
    expect(t['min.compaction.lag.ms']).toBe(0);
    expect(t['max.compaction.lag.ms']).toBeNull();
    expect(r.scenario.cleaner['log.cleaner.threads']).toBe(1);
    expect(r.scenario.cleaner['log.cleaner.backoff.ms']).toBe(15_000);
    expect(r.scenario.cleaner['log.retention.check.interval.ms']).toBe(300_000);
    expect(r.scenario.cleaner['log.cleaner.io.max.bytes.per.second']).toBeNull();
  });

  it('names the field and its range', () => {
    expect(errors({ topic: { partitions: 65 } })).toEqual(['topic.partitions: must be an integer in [1, 64] (got 65)']);
    expect(errors({ topic: { 'cleanup.policy': 'compacted' } })[0]).toMatch(/^topic\.cleanup\.policy: must be one of: "delete", "compact", "compact,delete"/);
    expect(errors({ topic: { 'min.cleanable.dirty.ratio': 1.5 } })[0]).toMatch(/^topic\.min\.cleanable\.dirty\.ratio: must be a number in \[0, 1\]/);
    expect(errors({ topic: { 'retention.bytes': 0 } })[0]).toMatch(/^topic\.retention\.bytes: must be -1 \(no limit\) or an integer in \[1024, 1e15\] bytes/);
    expect(errors({ producer: { name: 'p', rate: 1, tombstones: 2 } })[0]).toMatch(/^producer\.tombstones: must be a number in \[0, 1\]/);
  });

  it('refuses keyless records, min.compaction.lag.ms above max.compaction.lag.ms, and a reader that starts after the run', () => {
    expect(errors({ producer: { name: 'p', rate: 1, keys: { kind: 'none' } } })[0]).toMatch(/^producer\.keys\.kind: must be "uniform", "zipf" or "coarse"/);
    expect(errors({ topic: { 'min.compaction.lag.ms': 5000, 'max.compaction.lag.ms': 1000 } })[0]).toMatch(/^topic\.min\.compaction\.lag\.ms: must be at most max\.compaction\.lag\.ms \(1000 ms\)/);
    expect(errors({ reader: { start: 300 } })[0]).toMatch(/^reader\.start: must be before the end of the run \(300 s\)/);
    expect(errors({ faults: [{ at: 10, kind: 'load-spike', target: 'q', factor: 2, duration: 5 }] })[0]).toMatch(/^faults\.0\.target: must be a producer name: one of p/);
    expect(errors({ producer: { name: 'p', rate: 1, profile: [{ at: 5, rate: 2 }, { at: 5, rate: 3 }] } })[0]).toMatch(/^producer\.profile\.1\.at: must be greater/);
  });

  it('the budget refuses a run that would hold too many records, naming the field to lower', () => {
    // Delete policy, a week of retention: every record is held.
    const big = errors({ duration: 100_000, producer: { name: 'p', rate: 400, keys: { kind: 'uniform', count: 1000 } } });
    expect(big[0]).toMatch(/^duration: needs too much memory/);
    // The same volume under compaction holds about the keys: it fits.
    expect(errors({ duration: 100_000, topic: { 'cleanup.policy': 'compact', 'segment.ms': 60_000 }, producer: { name: 'p', rate: 400, keys: { kind: 'uniform', count: 1000 } } })).toEqual([]);
    // A short retention bounds it too.
    expect(errors({ duration: 100_000, topic: { 'retention.ms': 600_000, 'segment.ms': 60_000 }, cleaner: { 'log.retention.check.interval.ms': 30_000 }, producer: { name: 'p', rate: 400, keys: { kind: 'uniform', count: 1000 } } })).toEqual([]);
    // Too many keys under compaction: lower the key count.
    const keys = errors({ duration: 1000, topic: { 'cleanup.policy': 'compact', 'segment.ms': 60_000 }, producer: { name: 'p', rate: 40_000, keys: { kind: 'uniform', count: 10_000_000 } } });
    expect(keys[0]).toMatch(/^producer\.keys\.count: needs too much memory/);
  });
});
