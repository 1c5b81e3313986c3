import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import { partitionForKey } from '../../../../src/sim/model/kafka/murmur2.ts';

const growth = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'add-partitions' }>;
/** The share of the topic's keys whose partition changes when the count grows. */
const moved = (s: KafkaScenario) => {
  const { count, prefix = 'key-' } = s.producers[0].keys as { count: number; prefix?: string };
  let n = 0;
  for (let i = 0; i < count; i++) if (partitionForKey(`${prefix}${i}`, s.topic.partitions) !== partitionForKey(`${prefix}${i}`, growth(s).count)) n++;
  return n / count;
};
const logged = (log: { text: string }[], re: RegExp) => Number(re.exec(log.find((e) => re.test(e.text))!.text)![1]);

export default [
  k.input(['from {6} to', 'from {6} partitions', 'instead of % {6}', 'orders: {6} →'], ['с {6} до', 'из {6} партиций', 'вместо % {6}', 'orders: {6} →'], (s) => s.topic.partitions),
  k.input('to {8} partitions', 'до {8} партиций', (s) => growth(s).count, { n: 2 }),
  k.input(['% {8} instead', '→ {8}”'], ['% {8} вместо', '→ {8}»'], (s) => growth(s).count),
  k.derived(['{three} keys in {four}', '{three} users in {four}'], ['{три} ключа из {четырёх}', '{трёх} пользователей из {четырёх}'], moved, { says: 0.75, within: 0.02 }),
  k.input('{8} partitions from the start', ['{8} партиций с самого начала', 'при {8} партициях'], (s) => s.topic.partitions, { fix: true, n: [2, 1] }),
  k.input('its {4} consumers', '{4} консьюмера загружены', (s) => s.groups[0].members),
  k.input('t = {120} s', 't = {120} с', (s) => growth(s).at, { n: 2 }),
  // Clients refresh their metadata on a grid of metadata.max.age.ms from t = 0: the first refresh after the growth.
  k.derived('t = {300} s', 't = {300} с', (s) => Math.ceil(growth(s).at / (s.groups[0]['metadata.max.age.ms'] / 1000)) * (s.groups[0]['metadata.max.age.ms'] / 1000), { n: 3 }),
  k.derived('for {three} minutes nothing', '{три} минуты ничего', (s) => (Math.ceil(growth(s).at / 300) * 300 - growth(s).at) / 60),
  k.input('({5} minutes by default)', '(по умолчанию {5} минут)', (s) => s.producers[0]['metadata.max.age.ms'] / 60_000, { kafkaDefault: 'producer.metadata.max.age.ms' }),
  k.measured('over {seven} {thousand}', 'больше {семи} {тысяч}', (r) => r.orderingViolations, { says: 7000, is: '≥' }),
  k.measured('about {400} records are skipped', 'около {400} записей пропущено', (r) => r.skipped, { within: 50 }),
  k.measured('Created {2} new', 'Created {2} new', (r, { log }) => logged(log, /^Created (\d+) new partitions/)),
  k.measured('partition orders-{6};', 'partition orders-{6};', (r, { log }) => logged(log, /^Found no committed offset for partition \w+-(\d+)/)),
  k.measured(null, 'начинают с {нуля}', (r, { s }) => Math.max(...r.partitions.filter((p) => p.partition >= s.topic.partitions).map((p) => p.logStart))),
  k.measured('rebalance {8} partitions are shared', 'ребаланса {8} партиций', (r) => Object.values(r.assignment).flat().length),
  k.input('by the {4} consumers', 'делят {4} консьюмера', (s) => s.groups[0].members),
  k.fact('between {two} partitions', 'в {двух} партициях', 'by construction: the key’s old partition and its new one'),
  k.measured('moves — {0} violations', 'нарушений {0}', (r) => r.orderingViolations, { fix: true }),
  k.derived('gets {two} partitions', 'по {две} партиции', (s) => s.topic.partitions / s.groups[0].members, { fix: true }),
  k.fact('wait for {zero} lag', 'дождаться {нулевого} лага', 'advice: the state to wait for, not a value from the run'),
] satisfies Entry[];
