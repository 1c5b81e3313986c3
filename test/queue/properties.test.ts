/**
 * Properties of the queue model over random settings and fault timelines (fast-check, fixed seed):
 * - conservation: at every chunk boundary, every message sent is in exactly one state
 *   (produced = delayed + visible + inFlight + retrying + dlqDepth + deleted + expired + dropped +
 *   parked + blocked + unpublished — RabbitMQ queues sometimes on a node whose resource alarms
 *   block publishers, with a length limit, and a publisher of another queue on the node),
 *   and what consumers hold matches the in-flight count where the flavour keeps it exactly;
 * - chunk invariance: running to the end in one call or in random slices gives the same summary;
 * - determinism: the same scenario and seed give byte-identical summary JSON; another seed does not.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createQueue } from '../../src/run/models/queue/entry.ts';
import { buildQueueSummary } from '../../src/run/models/queue/summary.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { QueueScenario } from '../../src/scenario/schema.ts';
import { conserved, fixture } from './helpers.ts';

const CONSUMERS = ['w-1', 'w-2', 'w-3', 'x-1'];
/** A number in [min, max] on a grid of 0.01 (no denormals, which validation refuses). */
const num = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((x) => x / 100);

const faultArb = fc.oneof(
  fc.record({ at: num(0, 39), kind: fc.constant('crash'), target: fc.constantFrom(...CONSUMERS), restartAfter: fc.option(num(0, 5)) }),
  fc.record({ at: num(0, 39), kind: fc.constant('restart'), target: fc.constantFrom(...CONSUMERS) }),
  fc.record({ at: num(0, 39), kind: fc.constant('add-consumer'), target: fc.constantFrom('w', 'x'), count: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ at: num(0, 39), kind: fc.constant('remove-consumer'), target: fc.constantFrom(...CONSUMERS) }),
  fc.record({ at: num(0, 39), kind: fc.constant('gc-pause'), target: fc.constantFrom(...CONSUMERS), duration: num(0.1, 10) }),
  fc.record({ at: num(0, 39), kind: fc.constant('slow-downstream'), target: fc.constantFrom('w', 'x'), factor: num(0.5, 50), duration: num(1, 20) }),
  fc.record({ at: num(0, 39), kind: fc.constant('poison'), count: fc.integer({ min: 1, max: 5 }), effect: fc.constantFrom('exception', 'crash'), key: fc.option(fc.constantFrom('key-1', 'key-2')) }),
  fc.record({ at: num(0, 39), kind: fc.constant('dependency-outage'), target: fc.constantFrom('w', 'x'), duration: num(1, 10) }),
  fc.record({ at: num(0, 39), kind: fc.constantFrom('producer-stop', 'producer-start'), target: fc.constantFrom('p', '*') }),
  fc.record({ at: num(0, 39), kind: fc.constant('load-spike'), target: fc.constant('*'), factor: num(0.5, 5), duration: num(1, 10) }),
  fc.record({ at: num(0, 39), kind: fc.constant('redrive'), maxReplays: fc.option(fc.integer({ min: 0, max: 2 })) }),
);

const sqsArb = fc.record({
  type: fc.constant('sqs'),
  VisibilityTimeout: fc.integer({ min: 0, max: 5 }),
  ReceiveMessageWaitTimeSeconds: fc.integer({ min: 0, max: 3 }),
  DelaySeconds: fc.integer({ min: 0, max: 2 }),
  MessageRetentionPeriod: fc.constantFrom(60, 345_600),
  FifoQueue: fc.boolean(),
  RedrivePolicy: fc.option(fc.record({ maxReceiveCount: fc.integer({ min: 1, max: 4 }) })),
});
const rabbitArb = fc.record({
  type: fc.constant('rabbitmq'),
  'x-queue-type': fc.constantFrom('classic', 'quorum'),
  'x-max-priority': fc.option(fc.integer({ min: 1, max: 5 })),
  'x-dead-letter-exchange': fc.boolean(),
  'x-message-ttl': fc.option(fc.integer({ min: 500, max: 5000 })),
  retry: fc.option(fc.record({ 'x-message-ttl': fc.integer({ min: 100, max: 3000 }), maxAttempts: fc.integer({ min: 1, max: 4 }) })),
  consumer_timeout: fc.integer({ min: 1000, max: 10_000 }),
  'x-max-length': fc.option(fc.integer({ min: 0, max: 20 })),
  'x-overflow': fc.constantFrom('drop-head', 'reject-publish', 'reject-publish-dlx'),
  // A small node, so that its alarms go on and off within 40 s of a few hundred messages.
  node: fc.option(
    fc.record({
      total_memory_available_override_value: fc.constant(16 * 1024 * 1024),
      'vm_memory_high_watermark.relative': num(0, 0.2),
      baseMemory: fc.integer({ min: 0, max: 2_000_000 }),
      messageOverhead: fc.integer({ min: 0, max: 4096 }),
      bodiesInMemory: fc.boolean(),
      'disk_free_limit.absolute': fc.integer({ min: 0, max: 1_000_000 }),
      diskFree: fc.option(fc.integer({ min: 0, max: 2_000_000 })),
    }),
  ),
}).map((q) => (q['x-queue-type'] === 'classic' ? q : { ...q, 'x-delivery-limit': 2, 'x-overflow': q['x-overflow'] === 'reject-publish-dlx' ? 'reject-publish' : q['x-overflow'] }));

const poolArb = (name: string) =>
  fc.record({
    name: fc.constant(name),
    count: fc.integer({ min: 1, max: 3 }),
    processing: fc.record({ time: fc.record({ type: fc.constant('exponential'), mean: num(0.01, 2) }), failureRate: fc.constantFrom(0, 0.1, 0.5), idempotent: fc.boolean() }),
    MaxNumberOfMessages: fc.integer({ min: 1, max: 10 }),
    WaitTimeSeconds: fc.option(fc.integer({ min: 0, max: 5 })),
    prefetch: fc.integer({ min: 0, max: 5 }),
    onFailure: fc.constantFrom('retry', 'requeue', 'reject'),
    restartAfter: fc.option(num(0, 5)),
  });

const scenarioArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    queue: fc.oneof(sqsArb, rabbitArb),
    rate: num(0.5, 30),
    priority: fc.integer({ min: 0, max: 9 }),
    w: poolArb('w'),
    x: poolArb('x'),
    heartbeat: fc.boolean(),
    blockedTimeout: fc.option(fc.integer({ min: 100, max: 5000 })),
    other: fc.boolean(),
    faults: fc.array(faultArb, { maxLength: 8 }),
    chunks: fc.array(num(0.01, 40), { maxLength: 6 }),
  })
  .map((a) => {
    const raw = {
      version: 1,
      model: 'queue',
      seed: a.seed,
      duration: 40,
      warmup: 4,
      queue: a.queue,
      producers: [
        { name: 'p', rate: a.rate, priority: a.priority, keys: { kind: 'uniform', count: 5 }, ...(a.queue.type === 'rabbitmq' ? { blockedTimeout: a.blockedTimeout } : {}) },
        // A publisher of another queue on the node (its publishes only are modelled).
        ...(a.queue.type === 'rabbitmq' && a.queue.node && a.other ? [{ name: 'o', rate: a.rate / 2, routingKey: 'other', blockedTimeout: a.blockedTimeout }] : []),
      ],
      consumers: [a.w, { ...a.x, heartbeat: a.heartbeat && a.queue.type === 'sqs' && a.queue.VisibilityTimeout > 1 ? { every: 0.5, VisibilityTimeout: 2 } : null }],
      faults: a.faults,
      timing: { 'rtt.ms': 4 },
    };
    const r = validateScenario(raw);
    return { scenario: r.ok ? (r.scenario as QueueScenario) : null, errors: r.ok ? [] : r.errors, chunks: [...a.chunks].sort((x, y) => x - y) };
  });

const json = (s: QueueScenario, m: ReturnType<typeof createQueue>) => JSON.stringify(buildQueueSummary(s, m));

describe('queue model properties', () => {
  it('conserves messages at every chunk boundary, and runs chunk-invariantly, over random settings and fault timelines', () => {
    let checked = 0;
    fc.assert(
      fc.property(scenarioArb, ({ scenario: s, chunks, errors }) => {
        if (!s) {
          if (process.env.WHY) console.log(JSON.stringify(errors.slice(0, 3)));
          return; // a combination validation refuses (e.g. a heartbeat faster than allowed)
        }
        checked++;
        const m = createQueue(s);
        for (const t of [...chunks, s.duration]) {
          m.run(Math.max(m.sim.now, t));
          const r = buildQueueSummary(s, m);
          expect(conserved(r), JSON.stringify(r).slice(0, 400)).toBe(true);
          expect(r.stored).toBe(r.delayed + r.visible + r.inFlight + r.retrying + r.dlqDepth);
          for (const p of r.producers) if (p.publish) expect(p.publish.sent + p.publish.timedOut + p.publish.waiting).toBe(p.publish.calls);
          expect(r.blocked).toBe(r.producers.reduce((x, p) => x + (p.publish && p.publish.own ? p.publish.waiting : 0), 0));
          if (s.queue.type === 'rabbitmq') expect(m.core.consumers.reduce((a, c) => a + c.unackedCount, 0)).toBe(r.inFlight);
          for (const v of [r.deleted, r.duplicates, r.redeliveries, r.deadLettered]) expect(v).toBeGreaterThanOrEqual(0);
        }
        const once = createQueue(s);
        once.run(s.duration);
        expect(json(s, m)).toBe(json(s, once));
      }),
      { seed: 20_261_130, numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(40);
  });

  it('the same seed gives byte-identical summary JSON; another seed does not', () => {
    for (const name of ['sqs', 'rabbitmq'] as const) {
      const s = fixture(name);
      const a = createQueue(s);
      a.run(s.duration);
      const b = createQueue(s);
      for (let t = 7; t < s.duration; t += 13.3) b.run(t, 500);
      b.run(s.duration);
      expect(json(s, a)).toBe(json(s, b));
      const other = { ...s, seed: s.seed + 1 };
      const c = createQueue(other);
      c.run(other.duration);
      expect(JSON.stringify({ ...buildQueueSummary(other, c), seed: s.seed })).not.toBe(json(s, a));
    }
  });
});
