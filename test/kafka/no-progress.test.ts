/**
 * The broker model's simulated time must advance (issue 10a): zero-time loops that validation
 * cannot rule out — a live poison record in a group that processes in zero time, a consumer that
 * crashes on a record and is back at once — stop the run with a NoProgressError that says why,
 * which the command line reports as an input problem (exit code 2); heavy zero-time work that
 * does finish is never stopped.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka, describeRunError, NoProgressError, runScenario } from '../../src/run/run.ts';

function scenario(extra: Record<string, unknown> = {}, group: Record<string, unknown> = {}): KafkaScenario {
  return parseScenarioOrThrow({
    version: 1,
    model: 'kafka',
    seed: 1,
    duration: 60,
    topic: { name: 'orders', partitions: 2 },
    producers: [{ name: 'checkout', rate: 100 }],
    groups: [{ 'group.id': 'warehouse', commit: 'after-processing', processing: { time: { type: 'deterministic', mean: 0 } }, retry: { mode: 'none' }, ...group }],
    ...extra,
  }) as KafkaScenario;
}

function stop(fn: () => unknown): NoProgressError {
  try {
    fn();
  } catch (e) {
    if (e instanceof NoProgressError) return e;
    throw e;
  }
  throw new Error('expected the run to stop with a NoProgressError');
}

describe('a broker run whose simulated time stops advancing', () => {
  it('a poison record injected live into a zero-time group without retries stops the run at its instant', () => {
    const s = scenario();
    const m = createKafka(s);
    m.run(3);
    m.inject({ at: 0, kind: 'poison', partition: 0 });
    const e = stop(() => m.run(s.duration));
    expect(e.at).toBeGreaterThan(3);
    expect(e.at).toBeLessThan(4);
    expect(m.sim.now).toBe(e.at);
    expect(e.kinds).toContain('warehouse:record-done');
    expect(e.message).toMatch(
      /^simulated time stopped advancing at t = 3\.\d+ s: 1,000,000 events without progress \(.*warehouse:record-done.*\) — the model has work that takes no time and repeats forever \(e\.g\. processing\.time 0 with a record that always fails/,
    );
    // The model is intact and stays stopped.
    expect(m.stats().groups[0].stuck[0].attempts).toBeGreaterThan(100_000);
    const events = m.sim.events;
    expect(() => m.run(s.duration)).toThrow(NoProgressError);
    expect(m.sim.events).toBe(events);
  });

  it('a consumer that crashes on a record and restarts at once (static member, no rebalance latency) stops the run; the CLI calls it an input problem', () => {
    const s = scenario(
      { timing: { 'rebalance.latency.ms': 0 }, faults: [{ at: 3, kind: 'poison', partition: 0, effect: 'crash' }] },
      { static: true, 'group.initial.rebalance.delay.ms': 0, retry: { mode: 'none', restartAfter: 0 } },
    );
    const e = stop(() => runScenario(s));
    expect(e.at).toBeGreaterThan(3);
    expect(e.at).toBeLessThan(4);
    expect(e.kinds).toContain('warehouse:supervisor-restart');
    expect(describeRunError(e)).toEqual({ code: 2, text: `error: ${e.message}` });
    expect(describeRunError(new Error('boom'))).toEqual({ code: 1, text: 'internal error: boom' });
  });

  it('a zero-time consumer that joins late and drains a 1,000,000-record backlog at one instant is not stopped', () => {
    const s = parseScenarioOrThrow({
      version: 1,
      model: 'kafka',
      duration: 101,
      topic: { partitions: 4 },
      producers: [{ rate: 10_000, keys: { kind: 'none' } }],
      groups: [
        {
          'group.id': 'late',
          members: 0,
          'auto.offset.reset': 'earliest',
          'group.initial.rebalance.delay.ms': 0,
          commit: 'after-processing',
          processing: { time: { type: 'deterministic', mean: 0 } },
        },
      ],
      faults: [{ at: 100, kind: 'add-consumer', target: 'late' }],
    }) as KafkaScenario;
    const m = createKafka(s);
    m.run(100.5);
    const g = m.stats().groups[0];
    expect(m.produced).toBeGreaterThan(1_000_000);
    // Everything produced before the consumer's first poll was applied at that one instant.
    expect(g.applied).toBeGreaterThan(990_000);
    m.run(s.duration);
    expect(m.sim.now).toBe(s.duration);
  });
});
