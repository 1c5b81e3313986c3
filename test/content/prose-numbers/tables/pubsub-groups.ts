import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../../../src/run/models/kafka/summary.ts';

const group = (s: KafkaScenario, id: string) => s.groups.find((g) => g['group.id'] === id)!;
const capacity = (s: KafkaScenario, id: string) => group(s, id).members / meanOf(group(s, id).processing.time);
/** Partitions per member of a group, when every member has the same number (else NaN). */
const each = (r: KafkaSummary, id: string) => {
  const sizes = Object.values(r.groups[id].assignment).map((p) => p.length);
  return Math.min(...sizes) === Math.max(...sizes) ? sizes[0] : NaN;
};

export default [
  k.input(['{Two} groups', '{Two} consumer groups', 'assigned {twice}'], ['{Две} группы', 'читают {две}', 'назначены {дважды}'], (s) => s.groups.length),
  k.input(['writes {300} orders/s', 'of every {300} records'], ['пишет {300} заказов/с', 'каждых {300} записей'], (s) => s.producers[0].rate),
  k.input(['a {6}-partition topic', 'the same {6} partitions'], ['из {6} партиций', 'те же {6} партиций'], (s) => s.topic.partitions),
  k.input('billing, {3} consumers', 'billing — {3} консьюмера', (s) => group(s, 'billing').members),
  k.input('at {5} ms', 'по {5} мс', (s) => 1000 * meanOf(group(s, 'billing').processing.time)),
  k.input('analytics, {2} consumers', 'analytics — {2} консьюмера', (s) => group(s, 'analytics').members),
  k.input('at {8} ms', 'по {8} мс', (s) => 1000 * meanOf(group(s, 'analytics').processing.time)),
  k.measured('own {2} partitions each', 'billing по {2} партиции', (r) => each(r, 'billing')),
  k.measured('members {3} each', 'по {3};', (r) => each(r, 'analytics')),
  k.measured('(under {5} s)', '(меньше {5} с)', (r) => r.groups.billing.lagSeconds.final, { is: '≤' }),
  k.measured('nearly {two} minutes', 'почти {две} минуты', (r) => r.groups.analytics.lagSeconds.final / 60, { is: 'nearly', within: 0.2 }),
  k.measured('a little more than a {sixth}', 'чуть больше {шестой} части', (r) => r.groups.analytics.lagSeconds.final / r.simTime, { says: [1 / 6, 1 / 5] }),
  k.derived('applies {250} of', 'обрабатывает {250} из', (s) => capacity(s, 'analytics')),
  k.derived('take {150} records/s', 'разбирать {150} записей/с', (s) => s.producers[0].rate / group(s, 'analytics').members),
  k.derived('manages {125}', 'успевает {125}', (s) => capacity(s, 'analytics') / group(s, 'analytics').members),
  k.derived('by ~{50}/s', 'на ~{50}/с', (s) => s.producers[0].rate - capacity(s, 'analytics')),
] satisfies Entry[];
