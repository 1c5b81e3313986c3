import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import { partitionForKey } from '../../../../src/sim/model/kafka/murmur2.ts';

type Coarse = Extract<KafkaScenario['producers'][number]['keys'], { kind: 'coarse' }>;
const keys = (s: KafkaScenario) => s.producers[0].keys as Coarse;
const share = (s: KafkaScenario, value: string) => {
  const { values, weights = values.map(() => 1) } = keys(s);
  return weights[values.indexOf(value)] / weights.reduce((a, b) => a + b, 0);
};
/** The records per second the hottest partition receives, from the keys' weights and Kafka's partitioner. */
const hottest = (s: KafkaScenario) => {
  const per = new Array<number>(s.topic.partitions).fill(0);
  for (const v of keys(s).values) per[partitionForKey(v, s.topic.partitions)] += share(s, v) * s.producers[0].rate;
  return Math.max(...per);
};
const utilisation = (r: { groups: Record<string, { utilization: Record<string, number | null> }> }) =>
  Object.values(r.groups.warehouse.utilization).map((u) => 100 * (u ?? 0)).sort((a, b) => a - b);
const partitionLag = (r: { partitions: { lag: number }[] }) => r.partitions.map((p) => p.lag).sort((a, b) => a - b);

export default [
  k.derived(['{Half} of all orders', '{half} of them'], ['{Половина} заказов', '{половина} из них'], (s) => share(s, 'US')),
  k.input('murmur2(key) % {6}', 'murmur2(key) % {6}', (s) => s.topic.partitions),
  k.derived('receives ~{175} orders/s', 'приходится ~{175} заказов/с', hottest, { within: 5 }),
  k.derived('apply about {100}/s', 'около {100}/с', (s) => 1 / meanOf(s.groups[0].processing.time)),
  k.fact('key = country, three big countries — three hot partitions', 'ключ country — три крупные страны, три горячие партиции', 'the article’s table, not this run'),
  k.measured('at ~{100} % utilisation', 'на ~{100} %', (r) => utilisation(r).at(-1)!, { within: 3 }),
  k.measured('between {zero} and', 'от {нуля} до', (r) => utilisation(r)[0]),
  k.measured('and ~{60} %', 'до ~{60} %', (r) => utilisation(r).at(-2)!, { within: 5 }),
  k.measured('~{75} records a second', 'на ~{75} записей', (r, { s }) => partitionLag(r).at(-1)! / s.duration, { within: 5 }),
  k.measured('to {tens} of {thousands}', 'до {десятков} {тысяч}', (r) => partitionLag(r).at(-1)!, { says: [10_000, 99_999] }),
  k.derived('the other {five}', 'остальные {пять}', (s) => s.topic.partitions - 1),
  // Near zero next to the hot one's tens of thousands: a few seconds of records at ~50/s.
  k.measured('stay near {zero}', 'держатся около {нуля}', (r) => partitionLag(r).at(-2)!, { within: 250 }),
  k.measured('throughput ≈ {225}/s', 'поток ≈ {225}/с', (r) => r.throughput.mean!, { within: 5 }),
  k.input('against {300}/s in', 'при входе {300}/с', (s) => s.producers[0].rate),
  // The consumer farthest from 50 %.
  k.measured('consumer near {50} %', 'примерно на {50} %', (r) => utilisation(r).reduce((a, u) => (Math.abs(u - 50) > Math.abs(a - 50) ? u : a), 50), { fix: true, within: 5 }),
  k.measured('auto-commit interval ({5} s)', 'интервала автокоммита ({5} с)', (r) => r.lagSeconds.final, { fix: true, is: '≤' }),
] satisfies Entry[];
