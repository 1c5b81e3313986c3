import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const crash = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'crash' }>;

export default [
  k.input(['away {8} min', 'returns {8} minutes', 'grows for {8} minutes'], ['лежал {8} мин при', 'через {8} минут', '{8} минут лаг'], (s) => crash(s).restartAfter! / 60),
  k.input(['retention {6} min', 'retention.ms is {6} minutes'], ['retention {6} мин', 'retention.ms — {6} минут'], (s) => s.topic['retention.ms'] / 60_000),
  k.measured(['~{24,000} records', 'about {24,000}'], ['~{24 000} записей', 'около {24 000}'], (r) => r.skipped, { within: 500 }),
  k.fact(['down for 8 hours on a topic with 6-hour retention', '3,070,897 messages'], ['лежал 8 часов при retention 6 часов', '3 070 897 сообщений'], 'the article’s incident, hours long; this run compresses it'),
  k.input('{50} orders/s', '{50} заказов/с', (s) => s.producers[0].rate),
  k.input('on {3} partitions', 'в {3} партиции', (s) => s.topic.partitions),
  k.input('t = {120} s', 't = {120} с', (s) => crash(s).at),
  k.measured('t ≈ {450} s', 't = {450} с', (r, { log }) => log.find((e) => e.text.startsWith('Deleting segment'))!.t),
  k.derived('t = {600} s', 't = {600} с', (s) => crash(s).at + crash(s).restartAfter!),
  k.measured('lost stays {0}', 'потерянных {0}', (r) => r.lost),
  k.measured('from over {24,000} records', 'с {24 000} с лишним', (r) => r.lagRecords.max, { is: '≥' }),
  k.measured('records to a few hundred', 'до нескольких сотен', (r) => r.lagRecords.final, { says: [100, 999] }),
  k.measured('(~{3,000} records)', '(~{3000} записей)', (r) => r.skipped, { fix: true, within: 200 }),
] satisfies Entry[];
