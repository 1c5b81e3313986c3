/**
 * group.initial.rebalance.delay.ms (Kafka's InitialDelayedJoin): an empty group waits one window
 * before its first rebalance; while it is new (generation 0), every window in which another member
 * joined is followed by one more, as long as the rebalance timeout (max.poll.interval.ms) leaves
 * room.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { validateScenario, type KafkaScenario } from '../../src/scenario/index.ts';

function scenario(group: Record<string, unknown>, faults: unknown[] = []): KafkaScenario {
  const r = validateScenario({
    version: 1,
    model: 'kafka',
    id: 'delay',
    duration: 30,
    topic: { name: 't', partitions: 6 },
    producers: [{ name: 'p', rate: 10 }],
    groups: [{ 'group.id': 'g', members: 1, processing: { time: { type: 'exponential', mean: 0.001 } }, ...group }],
    faults,
  });
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(JSON.stringify(!r.ok && r.errors));
  return r.scenario;
}

/** When the group first stabilised (the coordinator's log line). */
function firstStable(s: KafkaScenario): number {
  const m = createKafka(s);
  m.run(s.duration);
  const line = m.logEntries().find((e) => e.text.startsWith('Stabilized group g generation 1'));
  if (!line) throw new Error('never stabilised');
  return line.t;
}

describe('group.initial.rebalance.delay.ms', () => {
  const latency = 0.1; // timing.rebalance.latency.ms default

  it('one member: one window of 3 s', () => {
    expect(firstStable(scenario({ members: 1 }))).toBeCloseTo(3 + latency, 9);
  });

  it('members that join during the window extend it by another window', () => {
    expect(firstStable(scenario({ members: 6 }))).toBeCloseTo(6 + latency, 9);
    // One more member in the second window: a third window.
    expect(firstStable(scenario({ members: 2 }, [{ at: 4, kind: 'add-consumer', target: 'g', count: 1 }]))).toBeCloseTo(9 + latency, 9);
    // A member that arrives after the delay expired joins the next rebalance instead.
    expect(firstStable(scenario({ members: 1 }, [{ at: 3.05, kind: 'add-consumer', target: 'g', count: 1 }]))).toBeCloseTo(3 + latency, 9);
  });

  it('extensions stop at the rebalance timeout', () => {
    // max.poll.interval.ms = 5 s leaves 2 s after the first window: 3 s + 2 s.
    expect(firstStable(scenario({ members: 6, 'max.poll.interval.ms': 5000 }))).toBeCloseTo(5 + latency, 9);
    expect(firstStable(scenario({ members: 6, 'group.initial.rebalance.delay.ms': 0 }))).toBeCloseTo(latency, 9);
  });
});
