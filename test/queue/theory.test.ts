/**
 * One queue, c identical consumers, Poisson arrivals, exponential processing: M/M/c. The simulated
 * W must lie within its confidence interval of the Erlang C value, for both flavours where they
 * are M/M/c — SQS with long polling and MaxNumberOfMessages 1, RabbitMQ with prefetch 1, both with
 * rtt 0 — over several (c, ρ), from fixed seeds (the house pattern of test/sim/station-theory.test.ts):
 * each interval at level 1 − 0.05/M (Bonferroni over the M checks of this file), and each
 * half-width below 5 % of W, so a model error of a few per cent would be caught.
 */
import { describe, expect, it } from 'vitest';
import { mmc } from '../../src/theory/index.ts';
import { queueStats } from '../../src/sim/model/queue/view.ts';
import { createQueue } from '../../src/run/models/queue/entry.ts';
import { buildQueueSummary } from '../../src/run/models/queue/summary.ts';
import { scenario } from './helpers.ts';

const MEAN = 0.1;
const LOADS = [
  { c: 1, rho: 0.5, messages: 150_000 },
  { c: 2, rho: 0.8, messages: 300_000 },
  { c: 4, rho: 0.7, messages: 200_000 },
];
const FLAVOURS = [
  { name: 'SQS, long poll, batch 1', queue: { type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 }, pool: { MaxNumberOfMessages: 1 } },
  { name: 'RabbitMQ, prefetch 1', queue: { type: 'rabbitmq' }, pool: { prefetch: 1 } },
];
const M = LOADS.length * FLAVOURS.length;
const LEVEL = 1 - 0.05 / M;

describe('M/M/c: simulated W against Erlang C', () => {
  for (const f of FLAVOURS) {
    for (const { c, rho, messages } of LOADS) {
      it(`${f.name}: c = ${c}, ρ = ${rho}`, () => {
        const lambda = (rho * c) / MEAN;
        const duration = Math.round(messages / lambda);
        const s = scenario({
          seed: 4242 + c,
          duration,
          warmup: Math.round(duration / 50),
          queue: f.queue,
          producers: [{ name: 'p', rate: lambda, keys: { kind: 'none' } }],
          consumers: [{ name: 'w', count: c, processing: { time: { type: 'exponential', mean: MEAN } }, ...f.pool }],
          timing: { 'rtt.ms': 0 },
        });
        const m = createQueue(s);
        m.run(s.duration);
        const st = queueStats(m, LEVEL);
        const theory = mmc(lambda, 1 / MEAN, c);
        expect(st.W.hw / theory.W, 'precision').toBeLessThan(0.05);
        expect(Math.abs(st.W.mean - theory.W), `W ${st.W.mean} vs ${theory.W} ± ${st.W.hw}`).toBeLessThanOrEqual(st.W.hw);
        expect(Math.abs(st.Wq.mean - theory.Wq), `Wq ${st.Wq.mean} vs ${theory.Wq} ± ${st.Wq.hw}`).toBeLessThanOrEqual(st.Wq.hw);
        // The summary's theory block says the same.
        const r = buildQueueSummary(s, m, undefined, st);
        expect(r.theory.mmc?.W).toBeCloseTo(theory.W, 12);
        expect(r.theory.partitioned!.W).toBeGreaterThanOrEqual(theory.W);
      });
    }
  }

  it('the theory is null where M/M/c does not describe the run (batches, prefetch 0, failures, faults)', () => {
    const base = { duration: 100, producers: [{ name: 'p', rate: 5 }], timing: { 'rtt.ms': 0 } };
    const pool = (extra: Record<string, unknown>) => [{ name: 'w', count: 2, processing: { time: { type: 'exponential', mean: 0.1 } }, ...extra }];
    const theoryOf = (parts: Record<string, unknown>) => buildQueueSummary(scenario({ ...base, ...parts }), createQueue(scenario({ ...base, ...parts }))).theory;
    expect(theoryOf({ queue: { type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 }, consumers: pool({ MaxNumberOfMessages: 10 }) }).mmc).toBeNull();
    expect(theoryOf({ queue: { type: 'rabbitmq' }, consumers: pool({ prefetch: 0 }) }).mmc).toBeNull();
    expect(theoryOf({ queue: { type: 'rabbitmq' }, consumers: pool({ prefetch: 1, processing: { time: { type: 'exponential', mean: 0.1 }, failureRate: 0.1 } }) }).mmc).toBeNull();
    expect(theoryOf({ queue: { type: 'rabbitmq' }, consumers: pool({ prefetch: 1 }), faults: [{ at: 5, kind: 'crash', target: 'w-1' }] }).mmc).toBeNull();
    const ok = theoryOf({ queue: { type: 'rabbitmq' }, consumers: pool({ prefetch: 1 }) });
    expect(ok.mmc).toMatchObject({ c: 2, lambda: 5, mu: 10, rho: 0.25 });
    expect(ok.partitioned).toMatchObject({ c: 2, rho: 0.25 });
  });
});
