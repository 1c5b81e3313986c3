/**
 * The bench's anatomy of a broker case (src/bench/broker.ts, brokerAnatomy and anatomyLine): what a
 * record costs in events by kind, and what one event per batch would save. The counts must add up
 * to the run's events and agree with what the run produced and processed, or the line the bench
 * prints is fiction.
 */
import { describe, expect, it } from 'vitest';
import { anatomyLine, BROKER_CASES, brokerAnatomy } from '../../src/bench/broker.ts';
import { createKafka } from '../../src/run/run.ts';
import { KafkaDefaults } from '../../src/scenario/kafka-schema.ts';
import { Simulation } from '../../src/sim/kernel/simulation.ts';

describe('broker anatomy', () => {
  it.each(['a', 'b'] as const)('case (%s): the counts add up to the run', (id) => {
    const fraction = 30 / BROKER_CASES[id].duration;
    const a = brokerAnatomy(id, fraction);
    const count = (k: string): number => a.kinds.find(([name]) => name === k)?.[1] ?? 0;
    expect(a.kinds.reduce((x, [, n]) => x + n, 0)).toBe(a.events);
    expect(count('produce')).toBe(a.records);
    // Every record a poll returned gets its record-done, but those still being processed at the end.
    const done = count('record-done');
    expect(done).toBeGreaterThan(0.9 * a.records);
    expect(a.batchRecords - done).toBeGreaterThanOrEqual(0);
    expect(a.batchRecords - done).toBeLessThanOrEqual(BROKER_CASES[id].members * KafkaDefaults['max.poll.records']);
    expect(a.singles).toBeLessThanOrEqual(a.batches);
    expect(a.batches).toBeLessThanOrEqual(count('poll'));
    // Counting does not change the run: the same events as an uncounted one.
    const s = BROKER_CASES[id].scenario();
    const m = createKafka(s);
    m.run(s.duration * fraction);
    expect([m.sim.events, m.produced]).toEqual([a.events, a.records]);
  });

  it('says what one event per batch would leave', () => {
    const line = anatomyLine({
      records: 1000,
      events: 2907,
      kinds: [
        ['produce', 1000],
        ['record-done', 1000],
        ['poll', 900],
        ['sample', 4],
        ['auto-commit', 3],
      ],
      batches: 500,
      batchRecords: 1000,
      singles: 300,
    });
    // Kinds under 0.005 a record go into "the rest".
    expect(line).toMatch(/^a record costs 2\.91 events \(produce 1\.00, record-done 1\.00, poll 0\.90, the rest 0\.01\); /);
    expect(line).toContain('returns 2.00 on average, one alone in 60 %');
    // 2,907 − 1,000 record-done + 500 batch ends = 2,407.
    expect(line).toContain('would leave 2.41 events per record, 17 % fewer');
  });
});

describe('Simulation.countEvents', () => {
  it('counts by kind every event from then on, those run in place included', () => {
    const sim = new Simulation();
    const log: string[] = [];
    const b = sim.register('b', () => log.push('b'));
    const a = sim.register('a', (n) => {
      log.push('a');
      if (n > 0) sim.schedule(1, a, n - 1);
      if (n === 2 && !sim.runNow(b, 0)) sim.schedule(0, b);
    });
    sim.schedule(0, a, 0); // runs before counting starts
    sim.run(0);
    const counts = sim.countEvents();
    sim.schedule(1, a, 3);
    sim.run(10);
    expect(counts()).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
    expect(log).toEqual(['a', 'a', 'a', 'b', 'a', 'a']);
    expect(sim.events).toBe(6);
  });
});
