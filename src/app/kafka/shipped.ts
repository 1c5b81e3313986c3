/**
 * The shipped Kafka scenarios (`scenarios/*.json` with `"model": "kafka"`), validated once like any
 * other input, in teaching order, plus a blank "custom" start.
 */
import { formatError, validateScenario } from '../../scenario/index.ts';
import type { KafkaScenario } from '../../../workers/kafkaProtocol.ts';

const ORDER = [
  'littles-law',
  'black-friday',
  'hot-partition',
  'consumers-gt-partitions',
  'pubsub-groups',
  'overload-5pct',
  'dead-producer',
  'add-partitions',
  'thread-pool-reorder',
  'commit-before-processing',
  'retention-reset',
  'rebalance-storm',
  'eager-vs-cooperative',
  'poison-message',
  'retry-topics',
];

const files = import.meta.glob<unknown>(['../../../scenarios/*.json', '!../../../scenarios/*.schema.json'], { eager: true, import: 'default' });

function rank(id: string): number {
  const i = ORDER.indexOf(id);
  return i < 0 ? ORDER.length : i;
}

export function validateKafka(raw: Record<string, unknown>): KafkaScenario[] {
  const out: KafkaScenario[] = [];
  for (const [file, data] of Object.entries(raw)) {
    const r = validateScenario(data);
    if (r.ok) {
      if (r.scenario.model === 'kafka') out.push(r.scenario as KafkaScenario);
    } else console.warn(`QueueLab: skipping ${file}:\n${r.errors.map(formatError).join('\n')}`);
  }
  return out.sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

export const KAFKA_SHIPPED: readonly KafkaScenario[] = validateKafka(files);

export const CUSTOM_ID = 'custom';

/** A small healthy setup to start from and change in the settings panel. */
export function blankKafka(): KafkaScenario {
  const r = validateScenario({
    version: 1,
    model: 'kafka',
    id: CUSTOM_ID,
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

/** JSON with sorted keys, without `$schema` and `seed`. */
export function shape(s: unknown): string {
  const canon = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(canon);
    if (v && typeof v === 'object') {
      const o: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) if (k !== '$schema' && k !== 'seed') o[k] = canon((v as Record<string, unknown>)[k]);
      return o;
    }
    return v;
  };
  return JSON.stringify(canon(s));
}
