/**
 * The poll timeout (max.poll.interval.ms) is set up at each poll that returns records but enters
 * the event list only when the batch's work reaches it (member.ts busyUntil): a record that takes
 * too long, an in-place retry whose backoff runs past it, or a GC pause. It must fire exactly
 * max.poll.interval.ms after the poll that started the batch, or, when that falls in a GC pause,
 * when the pause ends.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka } from '../../src/run/run.ts';

const INTERVAL_MS = 2000;

function scenario(group: Record<string, unknown>, faults: unknown[] = []): KafkaScenario {
  return parseScenarioOrThrow({
    version: 1,
    model: 'kafka',
    duration: 30,
    topic: { partitions: 1 },
    producers: [{ name: 'p', rate: 0.5, arrivals: 'constant' }],
    groups: [{ 'group.id': 'g', members: 1, 'max.poll.records': 1, 'max.poll.interval.ms': INTERVAL_MS, ...group }],
    faults,
  }) as KafkaScenario;
}

/** Steps the run until the first poll-timeout warning; returns its time and the consumer's last poll before it. */
function firstTimeout(s: KafkaScenario): { at: number; lastPoll: number } {
  const m = createKafka(s);
  const c = m.groups[0].consumers[0];
  let lastPoll = -1;
  while (m.sim.now <= s.duration && m.sim.step()) {
    const hit = m.logEntries().find((e) => e.text.startsWith('consumer poll timeout has expired'));
    if (hit) return { at: hit.t, lastPoll };
    lastPoll = c.lastPoll;
  }
  throw new Error('no poll timeout in the run');
}

describe('the poll timeout fires max.poll.interval.ms after the poll, however the batch overran it', () => {
  it('a record that takes longer than max.poll.interval.ms', () => {
    const r = firstTimeout(scenario({ processing: { mode: 'sequential', time: { type: 'deterministic', mean: 5 } } }));
    expect(r.at).toBe(r.lastPoll + INTERVAL_MS / 1000);
  });

  it('an in-place retry whose backoff runs past it', () => {
    const r = firstTimeout(
      scenario({
        processing: { mode: 'sequential', time: { type: 'deterministic', mean: 0.01 }, failureRate: 1 },
        retry: { mode: 'in-place', maxAttempts: 3, backoff: { 'initial.ms': 3000, multiplier: 1, 'max.ms': 3000, jitter: 0 }, dlq: false },
      }),
    );
    expect(r.at).toBe(r.lastPoll + INTERVAL_MS / 1000);
  });

  it('a GC pause in the middle of a record: due during the pause, it fires when the JVM resumes', () => {
    const r = firstTimeout(scenario({ processing: { mode: 'sequential', time: { type: 'deterministic', mean: 1 } } }, [{ at: 8.5, kind: 'gc-pause', target: 'g-1', duration: 5 }]));
    const due = r.lastPoll + INTERVAL_MS / 1000;
    expect(due).toBeGreaterThan(8.5);
    expect(due).toBeLessThan(13.5);
    expect(r.at).toBe(13.5);
  });
});
