/**
 * Each semantic of the queue model (design notes /work/queue-spec.md) on a scenario small enough
 * to follow by hand: deterministic processing times, one or a few messages, rtt 0 unless the
 * semantic needs a round trip.
 */
import { describe, expect, it } from 'vitest';
import { NoProgressError } from '../../src/sim/kernel/simulation.ts';
import { createQueue } from '../../src/run/models/queue/entry.ts';
import { ONE_MESSAGE, det, expo, recordDeletes, run, scenario, type Deleted } from './helpers.ts';

const sqs = (extra: Record<string, unknown> = {}) => ({ type: 'sqs', ReceiveMessageWaitTimeSeconds: 20, ...extra });
const rabbit = (extra: Record<string, unknown> = {}) => ({ type: 'rabbitmq', ...extra });
const pool = (name: string, time: unknown, extra: Record<string, unknown> = {}) => ({ name, count: 1, processing: { time }, ...extra });

describe('SQS leases', () => {
  // slow-1 receives m-1 at t = 1 with a 2 s lease and needs 3 s; the lease ends at 3 and fast-1
  // receives it; slow-1's delete at 4 carries a stale receipt; fast-1 processes it again (4.5).
  const lease = (heartbeat: unknown = null) =>
    scenario({ duration: 20, queue: sqs({ VisibilityTimeout: 2 }), producers: ONE_MESSAGE, consumers: [pool('slow', det(3), { heartbeat }), pool('fast', det(1.5))], timing: { 'rtt.ms': 0 } });

  it('lease expiry → redelivery → the stale delete is refused → a duplicate', () => {
    const s = lease();
    const m = createQueue(s);
    const deletes = recordDeletes(m);
    m.run(s.duration);
    const r = run(s).r;
    expect(r.leaseExpiries).toBe(1);
    expect(r.redeliveries).toBe(1);
    expect(r.staleDeletes).toBe(1);
    expect(r.processed).toBe(2);
    expect(r.duplicates).toBe(1);
    expect(r.deleted).toBe(1);
    expect(deletes.map((d) => [d.seq, d.t, d.w])).toEqual([[1, 4.5, 3.5]]);
    expect(m.logEntries().map((e) => e.text).join('\n')).toMatch(/DeleteMessage m-1 refused: the receipt handle is stale/);
  });

  it('a heartbeat (ChangeMessageVisibility) keeps the lease: no expiry, no duplicate', () => {
    const { r } = run(lease({ every: 1, VisibilityTimeout: 2 }));
    expect(r.leaseExpiries).toBe(0);
    expect(r.leaseExtensions).toBeGreaterThanOrEqual(2);
    expect(r.duplicates).toBe(0);
    expect(r.redeliveries).toBe(0);
    expect(r.deleted).toBe(1);
    expect(r.W.mean).toBe(3);
  });

  it('maxReceiveCount: a message received that many times goes to the DLQ on the next receive', () => {
    const s = scenario({
      duration: 30,
      queue: sqs({ VisibilityTimeout: 1, RedrivePolicy: { maxReceiveCount: 3 } }),
      producers: ONE_MESSAGE,
      consumers: [pool('w', det(0.1))],
      faults: [{ at: 0, kind: 'poison' }],
      timing: { 'rtt.ms': 0 },
    });
    const { r, m } = run(s);
    expect(r.deliveries).toBe(3);
    expect(r.failures).toBe(3);
    expect(r.deadLettered).toBe(1);
    expect(r.dlqDepth).toBe(1);
    expect(r.stored).toBe(1);
    expect(m.logEntries().some((e) => /m-1 moved to orders-dlq: ApproximateReceiveCount 3 reached maxReceiveCount 3/.test(e.text))).toBe(true);
  });

  it('redrive moves the DLQ back (receive count 0); with maxReplays a message replayed that often is parked', () => {
    const s = scenario({
      duration: 60,
      queue: sqs({ VisibilityTimeout: 1, RedrivePolicy: { maxReceiveCount: 2 } }),
      producers: ONE_MESSAGE,
      consumers: [pool('w', det(0.1))],
      faults: [
        { at: 0, kind: 'poison' },
        { at: 20, kind: 'redrive', maxReplays: 1 },
        { at: 40, kind: 'redrive', maxReplays: 1 },
      ],
      timing: { 'rtt.ms': 0 },
    });
    const { r } = run(s);
    expect(r.redriven).toBe(1);
    expect(r.deadLettered).toBe(2);
    expect(r.deliveries).toBe(4);
    expect(r.parked).toBe(1);
    expect(r.dlqDepth).toBe(0);
    expect(r.stored).toBe(0);
  });

  it('FIFO: order per message group, and a failing message blocks only its own group', () => {
    const s = scenario({
      duration: 120,
      queue: sqs({ VisibilityTimeout: 10, FifoQueue: true }),
      producers: [{ name: 'p', rate: 4, keys: { kind: 'coarse', values: ['A', 'B'] } }],
      consumers: [pool('w', det(0.05), { count: 3 })],
      faults: [{ at: 30, kind: 'poison', key: 'A' }],
      timing: { 'rtt.ms': 2 },
    });
    const m = createQueue(s);
    const deletes = recordDeletes(m);
    m.run(s.duration);
    for (const key of ['A', 'B']) {
      const seqs = deletes.filter((d) => d.key === key).map((d) => d.seq);
      expect(seqs.length).toBeGreaterThan(50);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
    // The poison message fails until the run ends: A stops after it, B goes on with short waits.
    const afterPoison = deletes.filter((d) => d.t > 40);
    expect(afterPoison.every((d) => d.key === 'B')).toBe(true);
    expect(Math.max(...afterPoison.map((d) => d.w))).toBeLessThan(1);
    const st = m.core.broker.fifoGroups!;
    expect(st.blocked).toBe(1);
  });

  it('a crashed consumer’s messages come back only when their leases end', () => {
    const s = scenario({ duration: 60, queue: sqs({ VisibilityTimeout: 30 }), producers: ONE_MESSAGE, consumers: [pool('w', det(10), { count: 2 })], faults: [{ at: 2, kind: 'crash', target: 'w-1' }], timing: { 'rtt.ms': 0 } });
    const { r } = run(s);
    expect(r.crashes).toBe(1);
    expect(r.leaseExpiries).toBe(1);
    expect(r.W.mean).toBe(40); // visible again at 31, processed by w-2 until 41
  });

  it('short polling costs a ReceiveMessage per round trip; DelaySeconds and retention', () => {
    const idle = run(scenario({ duration: 10, queue: sqs({ ReceiveMessageWaitTimeSeconds: 0 }), producers: [{ name: 'p', rate: 0 }], consumers: [pool('w', det(0.1))], timing: { 'rtt.ms': 10 } })).r;
    expect(idle.emptyReceives).toBeGreaterThanOrEqual(998);
    expect(idle.emptyReceives).toBeLessThanOrEqual(1000);
    expect(idle.receiveCalls).toBe(idle.emptyReceives);
    const delayed = run(scenario({ duration: 30, queue: sqs({ DelaySeconds: 5 }), producers: ONE_MESSAGE, consumers: [pool('w', det(1))], timing: { 'rtt.ms': 0 } })).r;
    expect(delayed.W.mean).toBe(6);
    const kept = run(scenario({ duration: 300, queue: sqs({ MessageRetentionPeriod: 60 }), producers: [{ name: 'p', rate: 1, arrivals: 'constant', stopAt: 10 }], consumers: [] })).r;
    expect(kept.expired).toBe(10);
    expect(kept.lost).toBe(10);
    expect(kept.stored).toBe(0);
  });
});

describe('RabbitMQ acks and prefetch', () => {
  const meanW = (ds: Deleted[]) => ds.reduce((a, d) => a + d.w, 0) / ds.length;

  it('priority order with x-max-priority (capped at it); without it priorities are ignored', () => {
    const wOf = (maxPriority: number | null) => {
      const s = scenario({
        duration: 300,
        queue: rabbit({ 'x-max-priority': maxPriority }),
        producers: [
          { name: 'urgent', rate: 1, priority: 9 },
          { name: 'background', rate: 8 },
        ],
        consumers: [pool('w', expo(0.1), { prefetch: 1 })],
      });
      const m = createQueue(s);
      const all = recordDeletes(m);
      m.run(s.duration);
      const deletes = all.filter((d) => d.t > 30);
      const prios = new Set(m.core.visible.items.map((x) => x.priority));
      return { urgent: meanW(deletes.filter((d) => d.producer === 0)), background: meanW(deletes.filter((d) => d.producer === 1)), prios };
    };
    const withP = wOf(5);
    const without = wOf(null);
    expect([...withP.prios].every((p) => p === 0 || p === 5)).toBe(true);
    expect([...without.prios]).toEqual(without.prios.size ? [0] : []);
    expect(withP.urgent).toBeLessThan(withP.background / 3);
    expect(without.urgent / without.background).toBeGreaterThan(0.7);
    expect(without.urgent / without.background).toBeLessThan(1.3);
  });

  // 100 messages at once to a fast and a slow consumer.
  const burst = (prefetch: number) =>
    scenario({
      duration: 200,
      queue: rabbit(),
      producers: [{ name: 'p', rate: 1000, arrivals: 'constant', stopAt: 0.1005 }],
      consumers: [pool('slow', det(1), { prefetch }), pool('fast', det(0.01), { prefetch })],
      timing: { 'rtt.ms': 1 },
    });

  it('prefetch 0 (unlimited): round robin hands half to the slow consumer, which hoards them', () => {
    const { r } = run(burst(0));
    expect(r.produced).toBeGreaterThanOrEqual(100);
    expect(r.pools.map((p) => p.processed)).toEqual([Math.ceil(r.produced / 2), Math.floor(r.produced / 2)]);
    expect(r.oldestAgeMax).toBeGreaterThan(45);
    expect(r.p99).toBeGreaterThan(45);
  });

  it('prefetch 1: the fast consumer takes almost everything, the burst is done in about a second', () => {
    const { r } = run(burst(1));
    expect(r.deleted).toBe(r.produced);
    expect(r.pools[0].processed).toBeLessThanOrEqual(2);
    expect(r.p99).toBeLessThan(2);
  });

  it('prefetch 1 idles one round trip per message (throughput ≈ 1 / (processing + rtt))', () => {
    const s = scenario({ duration: 100, warmup: 10, queue: rabbit(), producers: [{ name: 'p', rate: 500 }], consumers: [pool('w', det(0.01), { prefetch: 1 })], timing: { 'rtt.ms': 10 } });
    expect(run(s).r.throughput.mean).toBeCloseTo(50, 0);
  });

  const poisonLoop = (q: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    scenario({ duration: 30, queue: rabbit(q), producers: ONE_MESSAGE, consumers: [pool('w', det(0.01), { onFailure: 'requeue', ...extra })], faults: [{ at: 0, kind: 'poison' }], timing: { 'rtt.ms': 1 } });

  it('nack requeue loops forever on a classic queue; a quorum delivery limit dead-letters the message', () => {
    const classic = run(poisonLoop({})).r;
    expect(classic.requeued).toBeGreaterThan(1000);
    expect(classic.deadLettered).toBe(0);
    expect(classic.stored).toBe(1);
    const quorum = run(poisonLoop({ 'x-queue-type': 'quorum', 'x-delivery-limit': 3, 'x-dead-letter-exchange': true }));
    expect(quorum.r.deliveries).toBe(4);
    expect(quorum.r.deadLettered).toBe(1);
    expect(quorum.m.logEntries().some((e) => /m-1 moved to orders.dlq: delivery-limit 3 exceeded/.test(e.text))).toBe(true);
    // RabbitMQ 4's default limit of 20 for quorum queues; without a DLX the message is dropped.
    const dflt = run(poisonLoop({ 'x-queue-type': 'quorum' })).r;
    expect(dflt.deliveries).toBe(21);
    expect(dflt.dropped).toBe(1);
    expect(dflt.lost).toBe(1);
  });

  it('reject with a retry queue: waits the retry TTL, comes back, and after maxAttempts goes to the DLQ', () => {
    const s = poisonLoop({ 'x-dead-letter-exchange': true, retry: { 'x-message-ttl': 2000, maxAttempts: 3 } }, { onFailure: 'reject' });
    const m = createQueue(s);
    m.run(2);
    expect(run(s, 2).r.retrying).toBe(1);
    m.run(s.duration);
    const r = run(s).r;
    expect(r.deliveries).toBe(3);
    expect(r.deadLettered).toBe(1);
    const moved = m.logEntries().find((e) => /moved to orders.dlq/.test(e.text))!;
    expect(moved.t).toBeCloseTo(1 + 2 * 2 + 3 * 0.011, 9); // three deliveries of rtt/2 + 10 ms + rtt/2, two 2 s waits
  });

  it('a crashed consumer’s unacked deliveries are requeued at once', () => {
    const s = scenario({ duration: 60, queue: rabbit(), producers: ONE_MESSAGE, consumers: [pool('w', det(10), { count: 2 })], faults: [{ at: 2, kind: 'crash', target: 'w-1' }], timing: { 'rtt.ms': 0 } });
    const { r } = run(s);
    expect(r.requeued).toBe(1);
    expect(r.redeliveries).toBe(1);
    expect(r.W.mean).toBe(11);
  });

  it('consumer_timeout closes the channel (a crash), requeues, and the consumer reconnects', () => {
    const s = scenario({ duration: 20, queue: rabbit({ consumer_timeout: 5000 }), producers: ONE_MESSAGE, consumers: [pool('w', det(10), { restartAfter: 1 })], timing: { 'rtt.ms': 0 } });
    const { r, m } = run(s);
    expect(r.crashes).toBe(3); // at 6, 12 and 18: delivered at 1, 7, 13 (reconnected 1 s after each)
    expect(r.requeued).toBe(3);
    expect(r.deliveries).toBe(4);
    const line = m.logEntries().find((e) => e.text.includes('PRECONDITION_FAILED'))!;
    expect(line.text).toContain('delivery acknowledgement on channel 1 timed out. Timeout value used: 5000 ms');
    expect(line.t).toBe(6);
  });

  it('a zero-time requeue loop stops with a NoProgressError instead of hanging', () => {
    const s = scenario({ duration: 10, queue: rabbit(), producers: ONE_MESSAGE, consumers: [pool('w', det(0), { onFailure: 'requeue' })], faults: [{ at: 0, kind: 'poison' }], timing: { 'rtt.ms': 0 } });
    const m = createQueue(s);
    expect(() => m.run(s.duration)).toThrow(NoProgressError);
    expect(() => m.run(s.duration)).toThrow(/simulated time stopped advancing at t = 1 s/);
  });
});
