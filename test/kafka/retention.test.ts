/**
 * Retention deletes the active segment too once its newest record is older than retention.ms: the
 * broker rolls a new, empty active segment and deletes every old one (UnifiedLog.deleteSegments),
 * so log-start moves up to log-end.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { validateScenario, type KafkaScenario } from '../../src/scenario/index.ts';

function scenario(): KafkaScenario {
  const r = validateScenario({
    version: 1,
    model: 'kafka',
    id: 'quiet-topic',
    duration: 200,
    // segment.ms keeps its 7-day default: each partition has one (active) segment all run long.
    topic: { name: 'orders', partitions: 2, 'retention.ms': 60_000, 'log.retention.check.interval.ms': 10_000 },
    producers: [{ name: 'p', rate: 50, stopAt: 20 }],
    groups: [{ 'group.id': 'g', members: 1, processing: { time: { type: 'exponential', mean: 0.001 } } }],
    faults: [{ at: 15, kind: 'crash', target: 'g-1', restartAfter: 100 }],
  });
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(JSON.stringify(!r.ok && r.errors));
  return r.scenario;
}

describe('retention of the active segment', () => {
  it('a quiet partition loses its active segment after retention.ms: log-start reaches log-end, a new segment is rolled', () => {
    const s = scenario();
    const m = createKafka(s);
    m.run(75); // the last record (≈ 20 s) is not yet 60 s old at the last check (70 s)
    for (const log of m.logs) expect(log.logStart).toBe(0);
    m.run(95); // checked at 80 and 90 s: expired
    for (const log of m.logs) {
      expect(log.logEnd).toBeGreaterThan(0);
      expect(log.logStart).toBe(log.logEnd);
      expect(log.segments).toBe(1); // the new, empty active segment
    }
    expect(m.logEntries().some((e) => e.source === 'LogManager' && /log start offset is now \d+/.test(e.text))).toBe(true);
    // The consumer that crashed at 15 s comes back at 115 s to a log that no longer holds its
    // committed offset: out of range, reset to latest, the unread records are skipped.
    m.run(s.duration);
    const r = buildKafkaSummary(s, m);
    expect(r.skipped).toBeGreaterThan(0);
    expect(m.logEntries().some((e) => /is out of range for partition orders-\d, resetting offset/.test(e.text))).toBe(true);
    // Records produced after the roll land in the new segment as usual.
    for (const log of m.logs) expect(log.logStart).toBe(log.logEnd);
  });
});
