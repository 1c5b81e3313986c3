/** attempts-in-memory: a record that kills the process loops forever when its attempt count dies with it. */
import { describe, expect, it } from 'vitest';
import { run } from './helpers.ts';
import type { LogEntry } from '../../src/sim/model/kafka/event-log.ts';

const crashLines = (log: LogEntry[]) => log.filter((e) => e.text.startsWith('process killed while handling offset='));
const attemptsOf = (log: LogEntry[]) => crashLines(log).map((e) => Number(e.text.match(/attempt=(\d+)/)![1]));
const crashCount = (log: LogEntry[]) => crashLines(log).reduce((n, e) => n + e.count, 0);

describe('attempts-in-memory: a crash loop that no retry limit stops, and the fix', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: counted in memory, every restart is attempt 1 and the DLQ stays empty; counted outside the process, the 5th crash dead-letters the record`, () => {
      const broken = run('attempts-in-memory', `seed=${seed}`);
      const s = broken.s;
      const restart = s.groups[0].retry.restartAfter!;
      const crashesAt = s.faults[0].at;
      const log = broken.m.logEntries();
      // One crash per restart period from the poison on: (300 − 60) / ~10 s ≈ 24, all of them attempt 1.
      expect(crashCount(log)).toBeGreaterThanOrEqual(Math.floor((s.duration - crashesAt) / (restart + 1)));
      expect(new Set(attemptsOf(log))).toEqual(new Set([1]));
      expect(broken.r.dlq).toBe(0);
      // Both partitions of the crashing consumer stall from the poison on; the other four stay current.
      expect(broken.r.lagSeconds.final).toBeGreaterThan(s.duration - crashesAt - restart);
      const stalled = broken.r.partitions.filter((p) => p.lag > 1000).map((p) => p.partition);
      expect(stalled).toEqual([2, 3]);
      expect(broken.r.lost + broken.r.skipped).toBe(0);

      const fixed = run('attempts-in-memory', `seed=${seed}`, 'groups.0.retry.attempts=store');
      const flog = fixed.m.logEntries();
      expect(attemptsOf(flog)).toEqual([1, 2, 3, 4, 5]);
      expect(crashCount(flog)).toBe(s.groups[0].retry.maxAttempts);
      expect(fixed.r.dlq).toBe(1);
      // Stalled only while the five crashes and restarts last, then caught up.
      expect(fixed.r.lagSeconds.max).toBeLessThan(6 * (restart + 2));
      expect(fixed.r.lagRecords.final).toBeLessThan(10);
      expect(fixed.r.lost + fixed.r.skipped).toBe(0);
    });
  }
});
