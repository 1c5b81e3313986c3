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

/** What one broker case's records cost in events: {@link brokerAnatomy}. */
export interface BrokerAnatomy {
  records: number;
  events: number;
  /** Events by kind (the group's prefix dropped), largest first. */
  kinds: [string, number][];
  /** Polls that returned records, the records they returned, and those that returned one. */
  batches: number;
  batchRecords: number;
  singles: number;
}

/**
 * Runs the first `fraction` of a broker case counting its events by kind and the batches poll()
 * returns (slower than {@link runBroker}: every handler is wrapped). It says what a record costs
 * and what one event per batch, instead of one per record, would save.
 */
export function brokerAnatomy(id: keyof typeof BROKER_CASES, fraction: number): BrokerAnatomy {
  const s = BROKER_CASES[id].scenario();
  const m = createKafka(s);
  const counts = m.sim.countEvents();
  const a = { batches: 0, batchRecords: 0, singles: 0 };
  for (const g of m.groups) {
    const ex = g.executor;
    const start = ex.startBatch.bind(ex);
    ex.startBatch = (c) => {
      a.batches++;
      a.batchRecords += c.batchLen;
      if (c.batchLen === 1) a.singles++;
      start(c);
    };
  }
  m.run(s.duration * fraction);
  const kinds = counts().map(([k, n]): [string, number] => [k.replace(/^[^:]*:/, ''), n]);
  return { records: m.produced, events: m.sim.events, kinds, ...a };
}

/** The anatomy of a broker case is counted over this fraction of it (counting slows it down; the shares settle early). */
export const ANATOMY_FRACTION = 0.1;

/**
 * What a broker case's record costs in events, by kind, and what handling each batch in one event
 * (one completion per poll that returned records, instead of one per record) would leave.
 */
export function anatomyLine(a: BrokerAnatomy): string {
  const per = (n: number): string => (n / a.records).toFixed(2);
  const shown = a.kinds.filter(([, n]) => n / a.records >= 0.005);
  const rest = a.kinds.reduce((x, [, n]) => x + n, 0) - shown.reduce((x, [, n]) => x + n, 0);
  const done = a.kinds.find(([k]) => k === 'record-done')?.[1] ?? 0;
  const perBatch = a.events - done + a.batches;
  return (
    `a record costs ${per(a.events)} events (${shown.map(([k, n]) => `${k} ${per(n)}`).join(', ')}${per(rest) !== '0.00' ? `, the rest ${per(rest)}` : ''}); ` +
    `a poll that returns records returns ${(a.batchRecords / a.batches).toFixed(2)} on average, one alone in ${((100 * a.singles) / a.batches).toFixed(0)} %, ` +
    `so one event per batch instead of per record would leave ${per(perBatch)} events per record, ${((100 * (a.events - perBatch)) / a.events).toFixed(0)} % fewer — first ${100 * ANATOMY_FRACTION} % of the run`
  );
}
