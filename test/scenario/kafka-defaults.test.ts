/**
 * The Kafka defaults the scenario schema applies are the ones recorded, with their sources, in
 * src/scenario/kafka-defaults.json (read from Kafka's ConfigDef definitions and KIP-1030).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { KafkaDefaults } from '../../src/scenario/kafka-schema.ts';
import { ClusterDefaults } from '../../src/scenario/cluster-schema.ts';

type Entry = { value: unknown };
const doc = JSON.parse(readFileSync('src/scenario/kafka-defaults.json', 'utf8')) as { kafka: Record<string, Record<string, Entry>> };

describe('Kafka defaults', () => {
  it('every default the schema applies is the documented Kafka default', () => {
    const documented = new Map<string, unknown>();
    for (const section of Object.values(doc.kafka)) for (const [k, e] of Object.entries(section)) documented.set(k, e.value);
    for (const [k, v] of Object.entries(KafkaDefaults)) {
      expect(documented.has(k), `${k} is documented`).toBe(true);
      expect(v, k).toEqual(documented.get(k));
    }
  });
  it('the cluster model’s defaults that have a Kafka name documented there are the documented ones', () => {
    const documented = new Map<string, unknown>();
    for (const section of Object.values(doc.kafka)) for (const [k, e] of Object.entries(section)) documented.set(k, e.value);
    const checked = Object.entries(ClusterDefaults).filter(([k]) => documented.has(k));
    // acks … isolation.level, the consumer's fetch sizes, the producer's buffer: not a handful that happen to match.
    expect(checked.map(([k]) => k)).toEqual(expect.arrayContaining(['acks', 'retries', 'delivery.timeout.ms', 'fetch.max.wait.ms', 'max.partition.fetch.bytes', 'fetch.max.bytes', 'isolation.level', 'buffer.memory']));
    for (const [k, v] of checked) expect(v, k).toEqual(documented.get(k));
  });
});
