/**
 * The broker model reduces to queueing theory in its degenerate cases (issue: "Degenerate cases
 * match theory"): one partition read by one consumer with Poisson arrivals and exponential
 * processing is M/M/1; P partitions each read by their own consumer are P independent M/M/1
 * queues at the rates Kafka's partitioner sends them. Intervals at 99.9 % (four checks per case,
 * two cases), with a precision floor so a 5 % error would fail.
 */
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka } from '../../src/run/run.ts';
import { kafkaTheory } from '../../src/run/models/kafka/summary.ts';
import { mm1 } from '../../src/theory/index.ts';

function scenario(partitions: number, members: number, rate: number, meanService: number, duration: number): KafkaScenario {
  return parseScenarioOrThrow({
    version: 1,
    model: 'kafka',
    seed: 2024,
    duration,
    warmup: 200,
    topic: { partitions },
    producers: [{ rate, keys: { kind: 'uniform', count: 10_000 } }],
    groups: [{ 'group.id': 'g', members, processing: { time: { type: 'exponential', mean: meanService } } }],
  }) as KafkaScenario;
}

function check(s: KafkaScenario, theory: { W: number; L: number }) {
  const m = createKafka(s);
  m.run(s.duration);
  const g = m.stats(0.999).groups[0];
  const narrow = m.stats().groups[0];
  expect(Math.abs(g.W.mean - theory.W), `W = ${g.W.mean} ± ${g.W.hw}, theory ${theory.W}`).toBeLessThanOrEqual(g.W.hw);
  expect(Math.abs(g.L.mean - theory.L), `L = ${g.L.mean} ± ${g.L.hw}, theory ${theory.L}`).toBeLessThanOrEqual(g.L.hw);
  expect(narrow.W.hw / theory.W).toBeLessThan(0.05);
  expect(narrow.L.hw / theory.L).toBeLessThan(0.05);
  return g;
}

describe('broker model vs queueing theory', () => {
  it('1 partition + 1 consumer + Poisson + exponential processing = M/M/1 (ρ = 0.8)', () => {
    const s = scenario(1, 1, 80, 0.01, 3000);
    const q = mm1(80, 100);
    check(s, q);
  });

  it('4 partitions with a consumer each = 4 independent M/M/1 queues at the partitioner’s rates', () => {
    const s = scenario(4, 4, 320, 0.01, 2000);
    const m = createKafka(s);
    m.run(1); // the first rebalance (3 s) has not happened: assignment from the range assignor's rule
    const assignment = { 'g-1': [0], 'g-2': [1], 'g-3': [2], 'g-4': [3] };
    const th = kafkaTheory(s, assignment)!;
    expect(th).not.toBeNull();
    // 10,000 uniform keys hash to partitions roughly, not exactly, evenly: ≈ λ/4 = 80/s each, off
    // by a few per cent (murmur2 of "key-0" … "key-9999"); theory uses the exact shares.
    for (const { lambda } of Object.values(th.members)) expect(Math.abs(lambda - 80)).toBeLessThan(8);
    const g = check(s, th);
    expect(Object.values(g.assignment).map((ps) => ps.length)).toEqual([1, 1, 1, 1]);
  });
});
