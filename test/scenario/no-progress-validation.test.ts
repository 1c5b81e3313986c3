/**
 * Validation refuses the configurations whose simulated time would certainly stop (issue 10a) —
 * a group that processes in zero time, without retry logic, facing a record that always fails —
 * naming the field and why, and accepts their neighbours that do advance. Stacked load spikes
 * multiply in the run's budget (issue 10b; src/scenario/budget.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';

type Raw = Record<string, unknown> & { groups: Record<string, unknown>[]; faults: Record<string, unknown>[] };

function kafka(group: Record<string, unknown> = {}, faults: Record<string, unknown>[] = []): Raw {
  return {
    version: 1,
    model: 'kafka',
    duration: 60,
    topic: { partitions: 2 },
    producers: [{ name: 'checkout', rate: 100 }],
    groups: [
      { 'group.id': 'warehouse', processing: { time: { type: 'deterministic', mean: 0 } }, retry: { mode: 'none' }, ...group },
      { 'group.id': 'audit', processing: { time: { type: 'exponential', mean: 0.001 } } },
    ],
    faults,
  };
}

function errorsOf(raw: unknown): string[] {
  const r = validateScenario(raw);
  return r.ok ? [] : r.errors.map(formatError);
}

const ZERO_TIMES = [
  { type: 'deterministic', mean: 0 },
  { type: 'uniform', min: 0, max: 0 },
  { type: 'bimodal', fast: 0, slow: 0, pSlow: 0.5 },
  { type: 'bimodal', fast: 0, slow: 2, pSlow: 0 },
];

describe('validation refuses a zero-time loop that is certain from the configuration', () => {
  it('processing.time 0 with processing.failureRate 1 and retry.mode none', () => {
    for (const time of ZERO_TIMES) {
      const errors = errorsOf(kafka({ processing: { time, failureRate: 1 } }));
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(
        /^groups\.0\.processing\.time: must take time when processing\.failureRate is 1 and retry\.mode is "none": every attempt fails at once and the consumer seeks back to the same record forever, so simulated time would stop \(give it a positive mean/,
      );
    }
  });

  it('processing.time 0 with a poison record that fails in the handler and retry.mode none', () => {
    const errors = errorsOf(kafka({}, [{ at: 3, kind: 'poison', partition: 0 }]));
    expect(errors).toEqual([
      'groups.0.processing.time: must take time when a poison record (faults.0) fails in the handler and retry.mode is "none": the consumer seeks back to it and fails again at once, forever, so simulated time would stop (give it a positive mean, or a retry mode that moves past a failing record) (got {"type":"deterministic","mean":0})',
    ]);
  });

  it('processing.time 0 with a dependency outage of its group and retry.mode none', () => {
    const errors = errorsOf(kafka({}, [{ at: 3, kind: 'dependency-outage', target: 'warehouse', duration: 5 }]));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^groups\.0\.processing\.time: must take time when a dependency outage \(faults\.0\) fails every attempt and retry\.mode is "none": .* would never reach the outage's end/);
  });

  it('accepts the neighbours whose time advances or whose loop ends', () => {
    const ok = [
      kafka(), // zero-time processing that never fails
      kafka({ processing: { time: { type: 'deterministic', mean: 0 }, failureRate: 0.9 } }), // each record gets through eventually
      kafka({ processing: { time: { type: 'deterministic', mean: 0.001 }, failureRate: 1 } }), // fails forever, but 1 ms per attempt
      kafka({ processing: { time: { type: 'bimodal', fast: 0, slow: 1, pSlow: 0.5 }, failureRate: 1 } }),
      kafka({ processing: { time: { type: 'deterministic', mean: 0 }, failureRate: 1 }, retry: { mode: 'in-place', maxAttempts: 5, backoff: { 'initial.ms': 0, 'max.ms': 0 } } }),
      kafka({ processing: { time: { type: 'deterministic', mean: 0 }, failureRate: 1 }, retry: { mode: 'retry-topics', topics: [{ name: 'retry.0', 'delay.ms': 0 }] } }),
      kafka({}, [{ at: 3, kind: 'poison', partition: 0, effect: 'deserialization' }]), // poll() re-throws every 1 ms
      kafka({}, [{ at: 3, kind: 'poison', partition: 0, effect: 'crash' }]), // the supervisor restarts after 10 s
      kafka({}, [{ at: 3, kind: 'dependency-outage', target: 'audit', duration: 5 }]), // not this group
      kafka({ retry: { mode: 'retry-topics' } }, [{ at: 3, kind: 'poison', partition: 0 }]),
    ];
    for (const raw of ok) expect(errorsOf(raw)).toEqual([]);
  });
});

describe('validation costs stacked load spikes by their product', () => {
  const spikes = (factor: number, ...at: number[]) => at.map((t) => ({ at: t, kind: 'load-spike', target: '*', factor, duration: 1 }));

  it('accepts four short ×100 spikes (the issue’s scenario) and refuses four nested ×1000 ones', () => {
    expect(errorsOf(kafka({ processing: { time: { type: 'exponential', mean: 0.001 } } }, spikes(100, 10, 10.5, 30, 31)))).toEqual([]);
    const errors = errorsOf(kafka({ processing: { time: { type: 'exponential', mean: 0.001 } } }, spikes(1000, 10, 10.1, 10.2, 10.3)));
    expect(errors[0]).toMatch(/^duration: is too long for the event budget: this run needs about [\d.]+ × 10\^14 events \(7.00 × 10\^13 records at the peak rates\)/);
  });
});
