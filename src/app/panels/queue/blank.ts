/** The blank queue start: a small healthy setup to change in the settings panel. */
import { formatError, validateScenario, type QueueScenario } from '../../../scenario/index.ts';

/** A small healthy setup to start from and change in the settings panel. */
export function blankQueue(): QueueScenario {
  const r = validateScenario({
    version: 1,
    model: 'queue',
    id: 'custom',
    title: 'Custom: your own queue and consumers',
    description:
      'A blank start: one producer at 30 messages/s into an SQS queue (visibility timeout 30 s, long polling 20 s, a DLQ after 5 receives), 4 consumers that each take 0.1 s per message (about 75 % busy); statistics after a 60 s warm-up. Switch the broker to RabbitMQ in Settings, or use the fault buttons.',
    seed: 1,
    duration: 600,
    warmup: 60,
    queue: { type: 'sqs', name: 'orders', VisibilityTimeout: 30, ReceiveMessageWaitTimeSeconds: 20, RedrivePolicy: { maxReceiveCount: 5 } },
    producers: [{ name: 'producer', rate: 30, keys: { kind: 'uniform', count: 1000 } }],
    consumers: [{ name: 'worker', count: 4, processing: { time: { type: 'exponential', mean: 0.1 } } }],
  });
  if (!r.ok || r.scenario.model !== 'queue') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as QueueScenario;
}
