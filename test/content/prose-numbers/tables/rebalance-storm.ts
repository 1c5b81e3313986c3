import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const mean = (s: KafkaScenario) => meanOf(s.groups[0].processing.time);
const capacity = (s: KafkaScenario) => s.groups[0].members / mean(s);
const batch = (s: KafkaScenario) => s.groups[0]['max.poll.records'] * mean(s);

export default [
  k.input(['{500} records ×', 'max.poll.records = {500}'], ['{500} записей ×', 'max.poll.records = {500}'], (s) => s.groups[0]['max.poll.records']),
  k.input(['× {700} ms', 'about {700} ms'], ['× {700} мс', 'около {700} мс'], (s) => 1000 * mean(s)),
  k.derived(['= {350} s', '~{350} s'], ['= {350} с', '~{350} с'], batch),
  k.input('max.poll.records = {50}', 'max.poll.records = {50}', (s) => s.groups[0]['max.poll.records'], { fix: true, n: 2 }),
  k.input(['max.poll.interval.ms = {300} s', 'the {300} s limit'], ['max.poll.interval.ms = {300} с', 'лимита в {300} с'], (s) => s.groups[0]['max.poll.interval.ms'] / 1000, {
    kafkaDefault: 'consumer.max.poll.interval.ms',
  }),
  k.fact('normal case was 500 × 100 ms = 50 s', 'нормой было 500 записей по 100 мс = 50 секунд', 'the article’s normal case, not this run'),
  k.input(['{Three} renderers', 'than {three} consumers'], ['{Три} рендерера', 'успевают {три}'], (s) => s.groups[0].members),
  k.input(['read {6} partitions', 'up to the {6} partitions'], ['читают {6} партиций', '(до {6},'], (s) => s.topic.partitions),
  k.input(['at {5} reports/s', 'that {5}/s is'], ['{5} отчётов/с', 'Учтите: {5}/с'], (s) => s.producers[0].rate),
  k.input('at {0.7} s', 'по {0,7} с', mean),
  k.derived(['can do (~{4.3}/s)', 'capacity of ~{4.3}/s', 'more than {4.3}/s'], ['с (~{4,3}/с)', 'мощности ~{4,3}/с', 'больше {4,3}/с'], capacity),
  // Quiet at least that long: the first poll timeout, in hours.
  k.measured('the first {half} hour', 'первые {полчаса}', (r, { log }) => log.find((e) => e.text.startsWith('consumer poll timeout has expired'))!.t / 3600, { is: '≥' }),
  k.measured('({thousands} of reports rendered {twice})', '({тысячи} отчётов отрендерены {дважды})', (r) => r.duplicates, { says: [1000, 9999] }),
  k.measured('ends at ~{2.7}/s', 'час — ~{2,7}/с', (r) => r.throughput.mean!, { within: 0.05 }),
  k.fact('between {two} poll()', 'между {двумя} вызовами', 'the definition: consecutive poll() calls'),
  k.derived('takes ~{35} s', 'занимает ~{35} с', batch, { fix: true }),
  k.measured('capacity (~{4.3}/s)', 'мощности (~{4,3}/с)', (r) => r.throughput.mean!, { fix: true, within: 0.05 }),
] satisfies Entry[];
