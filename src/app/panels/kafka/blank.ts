/** The blank Kafka start: a small healthy setup to change in the settings panel. */
import { formatError, validateScenario, type KafkaScenario } from '../../../scenario/index.ts';

/** A small healthy setup to start from and change in the settings panel. */
export function blankKafka(): KafkaScenario {
  const r = validateScenario({
    version: 1,
    model: 'kafka',
    id: 'custom',
    title: 'Custom: your own topic and consumer group',
    description: 'A blank start: one producer at 200 records/s, 6 partitions, a group of 3 consumers that each take 10 ms per record (about 67 % busy); statistics after a 60 s warm-up. Open Settings to change anything, or use the fault buttons.',
    seed: 1,
    duration: 600,
    warmup: 60,
    topic: { name: 'orders', partitions: 6 },
    producers: [{ name: 'producer', rate: 200, keys: { kind: 'uniform', count: 1000 } }],
    groups: [{ 'group.id': 'app', members: 3, processing: { mode: 'sequential', time: { type: 'exponential', mean: 0.01 } } }],
  });
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as KafkaScenario;
}
