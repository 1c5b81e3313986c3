import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const group = (s: KafkaScenario, id: string) => s.groups.find((g) => g['group.id'] === id)!;
const join = (s: KafkaScenario) => s.faults.find((f) => f.kind === 'add-consumer')!;
const rate = (s: KafkaScenario) => s.producers[0].rate;
const capacity = (s: KafkaScenario, id: string) => (join(s).target === id ? (join(s) as { count: number }).count : group(s, id).members) / meanOf(group(s, id).processing.time);

export default [
  k.input('writes {200} orders/s', 'пишет {200} заказов/с', rate),
  k.input('a {4}-partition topic', 'топик из {4} партиций', (s) => s.topic.partitions),
  k.input('{4} consumers at', '{4} консьюмера по', (s) => group(s, 'warehouse').members),
  k.input('at {10} ms a record', 'по {10} мс на запись', (s) => 1000 * meanOf(group(s, 'warehouse').processing.time)),
  k.input(['At t = {300} s', 'jumps to {300} s'], ['В t = {300} с', 'подскакивает до {300} с'], (s) => join(s).at),
  k.input('{2} consumers at', '{2} консьюмера по', (s) => (join(s) as { count: number }).count),
  k.input('at {2.5} ms a record', 'по {2,5} мс на запись', (s) => 1000 * meanOf(group(s, 'analytics').processing.time)),
  k.derived('with the {60,000} records', 'с {60 000} записей', (s) => rate(s) * join(s).at),
  // The backlog drains at the group's capacity minus the input: 60,000 / (800 − 200) = 100 s.
  k.derived('about {100} s later', 'примерно через {100} с', (s) => (rate(s) * join(s).at) / (capacity(s, 'analytics') - rate(s))),
  k.input('at offset {0}', 'с offset {0}', () => 0),
  k.measured('all {119,723} records', 'все {119 723} записи', (r) => r.partitions.reduce((a, p) => a + p.logEnd - p.logStart, 0)),
  k.measured('{0} lost', 'потерь {0}', (r) => r.lost),
  k.measured('{0} duplicates', 'дублей {0}', (r) => r.duplicates),
  // Where the analytics line ends: its lag age at the end of the run, seconds.
  k.measured('back near {zero}', 'возвращается к {нулю}', (r) => r.groups.analytics.lagSeconds.final, { within: 5 }),
  k.fact('{7} days by default', 'по умолчанию {7} дней', 'Kafka’s retention.ms default, 604,800,000 ms (kafka-defaults.json)'),
  k.derived('joins {5} minutes late', 'на {5} минут позже', (s) => join(s).at / 60),
] satisfies Entry[];
