/**
 * RabbitMQ's node: resource alarms and publisher flow control (src/sim/model/queue/node.ts), the
 * queue length limit (x-max-length, x-overflow), and the memory-alarm scenario's signature across
 * seeds 1–5: a backlog in one queue fills the node's memory, the alarm blocks every publisher of
 * the node — that of an unrelated queue too — and the fix (x-max-length with reject-publish) keeps
 * the node below its watermark, so nobody is blocked and the overflow is refused to the one
 * publisher that causes it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createQueue } from '../../src/run/models/queue/entry.ts';
import { buildQueueSummary } from '../../src/run/models/queue/summary.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { QueueScenario } from '../../src/scenario/schema.ts';
import { MEMORY_CHECK_INTERVAL } from '../../src/sim/model/queue/node.ts';
import { conserved, det, run, scenario } from './helpers.ts';

const MiB = 1024 * 1024;

function shipped(seed: number, sets: Record<string, unknown> = {}): QueueScenario {
  const raw = JSON.parse(readFileSync('scenarios/memory-alarm.json', 'utf8')) as Record<string, unknown> & { queue: Record<string, unknown> };
  return scenario({ ...raw, seed, queue: { ...raw.queue, ...sets } });
}
const FIX = { 'x-max-length': 20_000, 'x-overflow': 'reject-publish' };

describe('memory-alarm signature (seeds 1–5)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: the orders backlog sets the memory alarm and blocks payments too; capped with reject-publish nobody is blocked and checkout gets nacks`, () => {
      const s = shipped(seed);
      const { r, m } = run(s);
      expect(conserved(r)).toBe(true);
      const n = r.node!;
      const [checkout, payments] = r.producers.map((p) => p.publish!);
      // The alarm: set (and cleared) over and over while the consumers are slow, publishers blocked for about 200 s of the 300.
      expect(n.alarms).toBeGreaterThanOrEqual(15);
      expect(n.alarmTime).toBeGreaterThan(180);
      expect(n.alarmTime).toBeLessThan(215);
      expect(n.memoryMax).toBeGreaterThan(n.limit);
      expect(n.alarm).toBeNull(); // cleared once the consumers are fast again
      const first = m.logEntries().find((e) => e.text.startsWith('memory resource limit alarm set'))!.t;
      expect(first).toBeGreaterThan(150);
      expect(first).toBeLessThan(185);
      // Payments publishes to another queue that holds nothing, and is blocked all the same: a third of its publishes given up after 1 s.
      expect(payments.own).toBe(false);
      expect(payments.blockedTime).toBeGreaterThan(180);
      expect(payments.timedOut).toBeGreaterThan(0.3 * payments.calls);
      expect(payments.waitMax).toBeCloseTo(1, 6);
      // Checkout waits up to its 5 s, and gives up on tens of thousands.
      expect(checkout.timedOut).toBeGreaterThan(45_000);
      expect(checkout.waitMax).toBeCloseTo(5, 6);
      expect(r.unpublished).toBe(checkout.timedOut);
      expect(r.publishRejected).toBe(0);
      // Consumers are never blocked: deletes go on through the alarm, at the slowed rate.
      expect(r.deleted).toBeGreaterThan(100_000);

      const f = run(shipped(seed, FIX)).r;
      expect(conserved(f)).toBe(true);
      const fn = f.node!;
      expect(fn.alarms).toBe(0);
      expect(fn.alarmTime).toBe(0);
      expect(fn.memoryMax).toBeLessThan(fn.limit);
      expect(fn.memoryMax / MiB).toBeLessThan(470);
      for (const p of f.producers) expect([p.publish!.waited, p.publish!.timedOut]).toEqual([0, 0]);
      expect(f.depth.max).toBeLessThanOrEqual(20_000);
      // The overflow is refused to checkout at once: about as many orders as the broken run lost, but none waited.
      expect(f.publishRejected).toBeGreaterThan(55_000);
      expect(f.unpublished).toBe(f.publishRejected);
      expect(f.producers[0].publish!.waitMax).toBe(0);
    });
  }
});

const rabbit = (extra: Record<string, unknown> = {}) => ({ type: 'rabbitmq', ...extra });
const pool = (time: unknown, extra: Record<string, unknown> = {}) => ({ name: 'w', count: 1, processing: { time }, ...extra });

describe('the node: alarms and blocked publishers', () => {
  it('watermark 0 sets the memory alarm at the first check: every publish waits, and with blockedTimeout is given up, counted, never in the queue', () => {
    const s = scenario({
      duration: 10,
      queue: rabbit({ node: { 'vm_memory_high_watermark.relative': 0 } }),
      producers: [{ name: 'p', rate: 10, arrivals: 'constant', blockedTimeout: 2000 }],
      consumers: [pool(det(0.01))],
    });
    const { r } = run(s);
    expect(r.node!.alarms).toBe(1);
    expect(r.node!.alarm).toBe('memory');
    expect(r.node!.alarmTime).toBe(10);
    expect(r.deliveries).toBe(0);
    const p = r.producers[0].publish!;
    expect(p.sent).toBe(0);
    // Publishes at 0.1 … 10 s: those older than 2 s are given up, the last 2 s still wait.
    expect(p.timedOut + p.waiting).toBe(p.calls);
    expect(p.waiting).toBe(r.blocked);
    expect(r.unpublished).toBe(p.timedOut);
    expect(p.timedOut).toBeGreaterThan(70);
    expect(conserved(r)).toBe(true);
  });

  it('a publish that waited is sent when the alarm clears, in order, and its W counts the wait', () => {
    // RAM 100 MiB, watermark 0.6: base 50 MiB + 10 stored messages of 1 MiB pass 60 MiB; the consumer (1 s each) drains them.
    const s = scenario({
      duration: 60,
      queue: rabbit({ node: { total_memory_available_override_value: 100 * MiB, baseMemory: 50 * MiB, messageOverhead: 0 } }),
      producers: [{ name: 'p', rate: 20, arrivals: 'constant', recordBytes: 1024 * 1024, stopAt: 1.01 }],
      consumers: [pool(det(1))],
      timing: { 'rtt.ms': 0 },
    });
    const m = createQueue(s);
    const order: number[] = [];
    const deleted = m.core.deleted.bind(m.core);
    m.core.deleted = (msg) => {
      order.push(msg.seq);
      deleted(msg);
    };
    m.run(s.duration);
    const r = buildQueueSummary(s, m);
    expect(r.node!.alarms).toBeGreaterThanOrEqual(1);
    expect(r.node!.alarm).toBeNull();
    const p = r.producers[0].publish!;
    expect(p.calls).toBe(20);
    expect(p.sent).toBe(20);
    expect(p.waitMax).toBeGreaterThan(0);
    expect(r.deleted).toBe(20);
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(r.W.mean).toBeGreaterThan(0);
    // The checks run every second.
    expect(MEMORY_CHECK_INTERVAL).toBe(1);
  });

  it('a publisher to another queue on the node is blocked by the same alarm but puts nothing in this queue', () => {
    const s = scenario({
      duration: 5,
      queue: rabbit({ name: 'orders', node: { 'vm_memory_high_watermark.relative': 0 } }),
      producers: [
        { name: 'a', rate: 4, arrivals: 'constant' },
        { name: 'b', rate: 4, arrivals: 'constant', routingKey: 'payments' },
      ],
      consumers: [],
    });
    const { r } = run(s);
    const [a, b] = r.producers.map((p) => p.publish!);
    expect([a.own, b.own, b.queue]).toEqual([true, false, 'payments']);
    expect(b.waiting).toBe(b.calls);
    expect(r.produced).toBe(a.calls); // only this queue's publishes are messages here
    expect(r.blocked).toBe(a.calls);
  });

  it('the disk alarm: bodies on disk use up diskFree; below disk_free_limit publishers are blocked', () => {
    const s = scenario({
      duration: 20,
      queue: rabbit({ node: { bodiesInMemory: false, diskFree: 100_000_000, 'disk_free_limit.absolute': 50_000_000 } }),
      producers: [{ name: 'p', rate: 10, arrivals: 'constant', recordBytes: 1_000_000 }],
      consumers: [],
    });
    const { r } = run(s);
    const n = r.node!;
    expect(n.diskAlarms).toBe(1);
    expect(n.alarms).toBe(0);
    expect(n.alarm).toBe('disk');
    // 51 MB stored leaves 49 MB free: the alarm is set at the check after the 51st message.
    expect(r.stored).toBeGreaterThanOrEqual(51);
    expect(r.stored).toBeLessThanOrEqual(61);
    expect(n.diskFree).toBe(100_000_000 - r.stored * 1_000_000);
    expect(conserved(r)).toBe(true);
  });
});

describe('x-max-length and x-overflow', () => {
  const base = (q: Record<string, unknown>) =>
    scenario({ duration: 20, queue: rabbit(q), producers: [{ name: 'p', rate: 10, arrivals: 'constant' }], consumers: [pool(det(1), { prefetch: 1 })], timing: { 'rtt.ms': 0 } });

  it('drop-head (the default) keeps at most x-max-length ready messages, dropping the oldest', () => {
    const { r } = run(base({ 'x-max-length': 5 }));
    expect(r.depth.max).toBeLessThanOrEqual(5);
    expect(r.dropHead).toBeGreaterThan(100);
    expect(r.dropped).toBe(r.dropHead);
    expect(r.publishRejected).toBe(0);
    expect(conserved(r)).toBe(true);
  });

  it('drop-head with a dead-letter exchange dead-letters the oldest instead', () => {
    const { r } = run(base({ 'x-max-length': 5, 'x-dead-letter-exchange': true }));
    expect(r.deadLettered).toBe(r.dropHead);
    expect(r.dropped).toBe(0);
  });

  it('reject-publish refuses the new message (unpublished, counted); reject-publish-dlx dead-letters it; unacked deliveries do not count', () => {
    const a = run(base({ 'x-max-length': 5, 'x-overflow': 'reject-publish' })).r;
    expect(a.depth.max).toBe(5);
    expect(a.inFlight).toBe(1);
    expect(a.publishRejected).toBe(a.unpublished);
    expect(a.publishRejected).toBeGreaterThan(100);
    expect(a.dropHead).toBe(0);
    expect(conserved(a)).toBe(true);
    const b = run(base({ 'x-max-length': 5, 'x-overflow': 'reject-publish-dlx', 'x-dead-letter-exchange': true })).r;
    expect(b.deadLettered).toBe(b.publishRejected);
    expect(b.unpublished).toBe(0);
  });
});

describe('validation of the node and the publishers', () => {
  const errors = (raw: Record<string, unknown>) => {
    const v = validateScenario({ version: 1, model: 'queue', duration: 10, producers: [{ name: 'p', rate: 1 }], consumers: [], ...raw });
    return v.ok ? [] : v.errors.map((e) => `${e.path}: ${e.message}`);
  };
  it('an SQS producer has no routing key or blocked timeout', () => {
    const e = errors({ queue: { type: 'sqs' }, producers: [{ name: 'p', rate: 1, routingKey: 'x', blockedTimeout: 1000 }] });
    expect(e.some((x) => x.startsWith('producers.0.routingKey: must be null for an SQS queue'))).toBe(true);
    expect(e.some((x) => x.startsWith('producers.0.blockedTimeout: must be null for an SQS queue'))).toBe(true);
  });
  it('another queue’s publisher needs the node; reject-publish-dlx is a classic queue’s; the watermark and RAM have ranges', () => {
    expect(errors({ queue: { type: 'rabbitmq' }, producers: [{ name: 'p', rate: 1, routingKey: 'payments' }] })[0]).toMatch(/^producers\.0\.routingKey: must be null or "orders" without queue\.node/);
    expect(errors({ queue: { type: 'rabbitmq', node: {} }, producers: [{ name: 'p', rate: 1, routingKey: 'payments' }] })).toEqual([]);
    expect(errors({ queue: { type: 'rabbitmq', 'x-queue-type': 'quorum', 'x-overflow': 'reject-publish-dlx' } })[0]).toMatch(/^queue\.x-overflow: must be drop-head or reject-publish for a quorum queue/);
    expect(errors({ queue: { type: 'rabbitmq', node: { 'vm_memory_high_watermark.relative': 1.5 } } })[0]).toMatch(/^queue\.node\.vm_memory_high_watermark\.relative: must be a number in \[0, 1\]/);
    expect(errors({ queue: { type: 'rabbitmq', node: { total_memory_available_override_value: 1000 } } })[0]).toMatch(/^queue\.node\.total_memory_available_override_value: must be an integer in \[16777216, /);
  });
  it('defaults: RabbitMQ 4’s watermark 0.6 and disk_free_limit 50 MB; no node unless asked', () => {
    const v = validateScenario({ version: 1, model: 'queue', duration: 10, queue: { type: 'rabbitmq', node: {} }, producers: [{ name: 'p', rate: 1 }], consumers: [] });
    expect(v.ok).toBe(true);
    const q = (v.ok && v.scenario.model === 'queue' ? v.scenario.queue : null)!;
    expect(q.type === 'rabbitmq' && q.node).toMatchObject({ 'vm_memory_high_watermark.relative': 0.6, 'disk_free_limit.absolute': 50_000_000, diskFree: null, bodiesInMemory: true });
    const w = validateScenario({ version: 1, model: 'queue', duration: 10, queue: { type: 'rabbitmq' }, producers: [{ name: 'p', rate: 1 }], consumers: [] });
    expect(w.ok && w.scenario.model === 'queue' && w.scenario.queue.type === 'rabbitmq' && w.scenario.queue.node).toBe(null);
  });
});
