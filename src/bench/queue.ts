/**
 * Queue-broker workloads for `npm run bench` (issue 14's "Done when"): one queue with 100
 * consumers at 10,000 messages/s for four minutes (2.4 M messages), every metric on, each consumer
 * busy ~70 %, rtt 1 ms:
 *   (sqs)      an SQS standard queue, long polling (20 s), MaxNumberOfMessages 10;
 *   (rabbitmq) a RabbitMQ classic queue, prefetch 10.
 * Targets: ≥ 200 k messages/s and < 400 MB peak RSS (the live heap after a run is ~10 MB; the
 * rest is the garbage collector's room for 2.4 M short-lived messages).
 */
import type { QueueScenario } from '../scenario/schema.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { createQueue } from '../run/models/queue/entry.ts';
import { queueStats } from '../sim/model/queue/view.ts';

const RATE = 10_000;
const CONSUMERS = 100;

function scenario(queue: Record<string, unknown>, pool: Record<string, unknown>): QueueScenario {
  const s = parseScenarioOrThrow({
    version: 1,
    model: 'queue',
    id: `bench-queue-${String(queue.type)}`,
    // Four minutes, not five: the memory budget counts every message as if all were stored at once
    // (3 M × 360 bytes passed its 1 GiB); this run stores a few hundred.
    duration: 240,
    queue,
    producers: [{ name: 'checkout', rate: RATE, keys: { kind: 'uniform', count: 100_000, prefix: 'order-' } }],
    consumers: [{ name: 'worker', count: CONSUMERS, processing: { time: { type: 'exponential', mean: (0.7 * CONSUMERS) / RATE } }, ...pool }],
  });
  if (s.model !== 'queue') throw new Error('unreachable');
  return s;
}

export const QUEUE_CASES = {
  sqs: { label: '(sqs) SQS standard queue, 100 consumers, long poll, batch 10, 4 min at 10,000 messages/s', scenario: () => scenario({ type: 'sqs', ReceiveMessageWaitTimeSeconds: 20 }, { MaxNumberOfMessages: 10 }), target: 2e5 },
  rabbitmq: { label: '(rabbitmq) RabbitMQ classic queue, 100 consumers, prefetch 10, 4 min at 10,000 messages/s', scenario: () => scenario({ type: 'rabbitmq' }, { prefetch: 10 }), target: 2e5 },
} as const;

/** Runs one queue case; returns messages produced, events and messages deleted. */
export function runQueue(id: keyof typeof QUEUE_CASES): { records: number; events: number; applied: number } {
  const s = QUEUE_CASES[id].scenario();
  const m = createQueue(s);
  m.run(s.duration);
  const st = queueStats(m);
  return { records: st.produced, events: st.events, applied: st.deleted };
}
