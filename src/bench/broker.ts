/**
 * Broker workloads for `npm run bench`: the Kafka model with every metric on.
 *   (a) 12 partitions, 6 consumers, one hour at 1,000 records/s (3.6 M records);
 *   (b) 1,000 partitions, 200 consumers, ten minutes at 10,000 records/s (6 M records).
 */
import type { KafkaScenario } from '../scenario/schema.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { createKafka } from '../run/run.ts';

function scenario(partitions: number, members: number, rate: number, duration: number): KafkaScenario {
  const s = parseScenarioOrThrow({
    version: 1,
    model: 'kafka',
    id: `bench-${partitions}p`,
    duration,
    topic: { name: 'orders', partitions },
    producers: [{ name: 'checkout', rate, keys: { kind: 'uniform', count: 100_000, prefix: 'order-' } }],
    groups: [
      {
        'group.id': 'warehouse',
        members,
        // Each consumer runs at ~70 % utilisation.
        processing: { mode: 'sequential', time: { type: 'exponential', mean: (0.7 * members) / rate } },
      },
    ],
  });
  if (s.model !== 'kafka') throw new Error('unreachable');
  return s;
}

/** A bench case: its workload (partitions, consumers, records/s, seconds) and target in records/s. */
function benchCase(label: string, partitions: number, members: number, rate: number, duration: number, target: number) {
  return { label, partitions, members, rate, duration, scenario: () => scenario(partitions, members, rate, duration), target };
}

export const BROKER_CASES = {
  a: benchCase('(a) 12 partitions, 6 consumers, 1 h at 1,000 records/s', 12, 6, 1000, 3600, 2.5e6),
  b: benchCase('(b) 1,000 partitions, 200 consumers, 10 min at 10,000 records/s', 1000, 200, 10_000, 600, 1e6),
} as const;

/** Runs one broker case (the first `fraction` of its duration); returns records produced and events. */
export function runBroker(id: keyof typeof BROKER_CASES, fraction = 1): { records: number; events: number; applied: number } {
  const s = BROKER_CASES[id].scenario();
  const m = createKafka(s);
  m.run(s.duration * fraction);
  const st = m.stats();
  return { records: m.produced, events: st.events, applied: st.groups[0].applied };
}
