/**
 * The queue model's cross-field validation and its run budget: every refusal names the field and
 * what is allowed, and the shipped checks of the log model are unchanged by the shared helpers.
 */
import { describe, expect, it } from 'vitest';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { costOf, EVENTS_BUDGET } from '../../src/scenario/budget.ts';
import { fixture, run } from './helpers.ts';

const base = {
  version: 1,
  model: 'queue',
  duration: 60,
  queue: { type: 'sqs' },
  producers: [{ name: 'p', rate: 1 }],
  consumers: [{ name: 'w', count: 2, processing: { time: { type: 'exponential', mean: 0.1 } } }],
};
const errorsOf = (parts: Record<string, unknown>) => {
  const r = validateScenario({ ...base, ...parts });
  return r.ok ? [] : r.errors.map(formatError);
};

describe('queue validation', () => {
  it('accepts the fixtures and fills the real systems’ defaults', () => {
    const s = fixture('sqs');
    expect(s.queue).toMatchObject({ type: 'sqs', VisibilityTimeout: 30, MessageRetentionPeriod: 345_600, DelaySeconds: 0 });
    const r = fixture('rabbitmq');
    expect(r.queue).toMatchObject({ type: 'rabbitmq', 'x-queue-type': 'quorum', 'x-delivery-limit': null, consumer_timeout: 1_800_000 });
  });

  it('refuses rtt 0 with short polling, naming rtt.ms and the polling field', () => {
    const errs = errorsOf({ timing: { 'rtt.ms': 0 } });
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^timing\.rtt\.ms: must be more than 0 when pool w short-polls \(queue\.ReceiveMessageWaitTimeSeconds is 0\).*Set rtt\.ms in \(0, 60000\] ms or queue\.ReceiveMessageWaitTimeSeconds in \[1, 20\] s/);
    const pool = errorsOf({ timing: { 'rtt.ms': 0 }, queue: { type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 }, consumers: [{ ...base.consumers[0], WaitTimeSeconds: 0 }] });
    expect(pool[0]).toMatch(/consumers\.0\.WaitTimeSeconds is 0/);
    expect(errorsOf({ timing: { 'rtt.ms': 0 }, queue: { type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 } })).toEqual([]);
    expect(errorsOf({ timing: { 'rtt.ms': 0 }, queue: { type: 'rabbitmq' } })).toEqual([]);
  });

  it('refuses x-delivery-limit on a classic queue, and a heartbeat that cannot keep a lease or has no lease to keep', () => {
    expect(errorsOf({ queue: { type: 'rabbitmq', 'x-delivery-limit': 5 } })).toEqual([
      'queue.x-delivery-limit: must be null for a classic queue: only quorum queues have a delivery limit (set x-queue-type to "quorum") (got 5)',
    ]);
    expect(errorsOf({ queue: { type: 'rabbitmq', 'x-queue-type': 'quorum', 'x-delivery-limit': 5 } })).toEqual([]);
    const hb = (every: number, vt: number, queueVt = 30) => errorsOf({ queue: { type: 'sqs', VisibilityTimeout: queueVt }, consumers: [{ ...base.consumers[0], heartbeat: { every, VisibilityTimeout: vt } }] });
    expect(hb(30, 30)[0]).toMatch(/^consumers\.0\.heartbeat\.every: must be less than heartbeat\.VisibilityTimeout \(30 s\)/);
    expect(hb(20, 60, 10)[0]).toMatch(/^consumers\.0\.heartbeat\.every: must be less than queue\.VisibilityTimeout \(10 s\)/);
    expect(hb(10, 30)).toEqual([]);
    expect(errorsOf({ queue: { type: 'rabbitmq' }, consumers: [{ ...base.consumers[0], heartbeat: { every: 10, VisibilityTimeout: 30 } }] })[0]).toMatch(/^consumers\.0\.heartbeat: must be null for a RabbitMQ queue/);
  });

  // As for the log model, a consumer added by a fault may be named anywhere in the timeline (a fault before it exists is logged and skipped).
  it('fault targets name existing consumers <pool>-<n>, pools and producers', () => {
    const errs = errorsOf({
      consumers: [base.consumers[0], { name: 'x', count: 1, processing: { time: { type: 'exponential', mean: 0.1 } } }],
      faults: [
        { at: 1, kind: 'crash', target: 'w-4' },
        { at: 2, kind: 'add-consumer', target: 'w' },
        { at: 3, kind: 'crash', target: 'w-3' },
        { at: 4, kind: 'slow-downstream', target: 'nobody', factor: 2, duration: 5 },
        { at: 5, kind: 'load-spike', target: 'q', factor: 2, duration: 5 },
        { at: 70, kind: 'redrive' },
      ],
    });
    expect(errs).toEqual([
      'faults.0.target: must name a consumer: w-1 … w-3, x-1 (got "w-4")',
      'faults.3.target: must be a consumer pool name: one of w, x (got "nobody")',
      'faults.4.target: must be a producer name: one of p, or "*" for all (got "q")',
      'faults.5.at: must be before the end of the run (60 s) (got 70)',
    ]);
  });

  it('unique pool and producer names; the schema’s own ranges name the field', () => {
    expect(errorsOf({ consumers: [base.consumers[0], base.consumers[0]] })[0]).toMatch(/^consumers\.1\.name: must be unique/);
    expect(errorsOf({ producers: [{ name: 'p', rate: 1 }, { name: 'p', rate: 1 }] })[0]).toMatch(/^producers\.1\.name: must be unique/);
    expect(errorsOf({ queue: { type: 'sqs', VisibilityTimeout: 50_000 } })[0]).toBe('queue.VisibilityTimeout: must be an integer in [0, 43200] s (got 50000)');
    expect(errorsOf({ consumers: [{ ...base.consumers[0], MaxNumberOfMessages: 11 }] })[0]).toBe('consumers.0.MaxNumberOfMessages: must be an integer in [1, 10] (got 11)');
  });
});

describe('queue run budget', () => {
  it('counts short-poll loops: a thousand short-polling consumers for a day are refused, naming rtt.ms', () => {
    const errs = errorsOf({ duration: 86_400, consumers: [{ ...base.consumers[0], count: 1000 }], timing: { 'rtt.ms': 1 } });
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^timing\.rtt\.ms: asks for too many events: .* of them are .*ReceiveMessage calls by 1,000 consumers of pool w that find nothing \(short polling/);
    // Long polling the same: fine.
    expect(errorsOf({ duration: 86_400, queue: { type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 }, consumers: [{ ...base.consumers[0], count: 1000 }] })).toEqual([]);
  });

  it('a load spike that would store too many messages is refused, naming duration', () => {
    const errs = errorsOf({ duration: 3600, producers: [{ name: 'p', rate: 10_000 }], faults: [{ at: 10, kind: 'load-spike', target: '*', factor: 100, duration: 600 }] });
    expect(errs.some((e) => /^duration: is too long for the event budget/.test(e))).toBe(true);
  });

  it('messages that fail every delivery up to a huge delivery limit are refused, naming the limit to lower (not duration)', () => {
    const consumers = [{ ...base.consumers[0], processing: { time: { type: 'exponential', mean: 0.001 }, failureRate: 1 } }];
    const errs = errorsOf({ duration: 3000, queue: { type: 'rabbitmq', 'x-queue-type': 'quorum', 'x-delivery-limit': 1_000_000 }, consumers });
    expect(errs).toEqual([expect.stringMatching(/^queue\.x-delivery-limit: asks for too many events: .* 100 % of them are deliveries of failing messages again \(failure rate 1, up to 1 million deliveries each\)\. Lower queue\.x-delivery-limit or duration$/)]);
    // No limit to lower (SQS without a redrive policy): the failure rate is the field.
    expect(errorsOf({ duration: 100_000, producers: [{ name: 'p', rate: 100 }], consumers })[0]).toMatch(/^consumers\.0\.processing\.failureRate: asks for too many events: .*Lower consumers\.0\.processing\.failureRate or duration$/);
  });

  it('the event estimate is an upper bound of what the fixtures take', () => {
    for (const name of ['sqs', 'rabbitmq'] as const) {
      const s = fixture(name);
      const c = costOf(s);
      const { r } = run(s);
      expect(r.events, name).toBeLessThan(c.events);
      expect(r.produced, name).toBeLessThan(1.1 * c.records); // records is the expected count at the peak rates
      expect(c.events).toBeLessThan(EVENTS_BUDGET / 100);
    }
  });
});
