/** The seed-scale retention reset (scenarios/seed-scale/retention-reset.*): 8 hours down, 6 hours of retention. */
import { kafka as k, type Entry } from '../../ledger.ts';
import type { KafkaScenario } from '../../../../../src/scenario/schema.ts';

const crash = (s: KafkaScenario) => s.faults[0] as Extract<KafkaScenario['faults'][number], { kind: 'crash' }>;
/** The article's count of skipped messages (its log's two offsets apart). */
const ARTICLE = 3_070_897;

export default [
  k.input(['Down {8} hours', 'away {8} h,', 'comes back {8} hours later', 'after {8} hours away', 'climbs for {8} hours'], ['Лежал {8} часов', '{8} ч простоя', 'через {8} часов.', 'после {8} часов', '{8} часов растёт'], (s) => crash(s).restartAfter! / 3600),
  k.input(['retention {6} hours', 'retention {6} h,', 'retention.ms is {6} hours'], ['retention {6} часов', 'retention {6} ч,', 'retention.ms — {6} часов'], (s) => s.topic['retention.ms'] / 3_600_000),
  k.measured(['~{3.07} million records', 'about {3.07} million'], ['~{3,07} млн записей', 'около {3,07} млн'], (r) => r.skipped / 1e6),
  k.derived('orders-{0}', 'orders-{0}', (s) => s.topic.partitions - 1, { n: 2 }),
  k.input('t = {600} s', 't = {600} с', (s) => crash(s).at),
  // The producer's rate is the article's: its count over the 8 hours the consumer was away, per second.
  k.derived('~{107} orders/s', '~{107} заказов/с', (s) => {
    const article = ARTICLE / 28_800;
    return Math.abs(s.producers[0].rate - article) < 0.01 ? s.producers[0].rate : NaN;
  }),
  k.fact('rate, {3,070,897} messages', 'статьи, {3 070 897} сообщений', 'the article’s count, quoted'),
  k.derived('covers {8} h', 'охватывает {8} ч', (s) => Math.floor(s.duration / 3600)),
  k.derived('h {20} min of', 'ч {20} мин модельного', (s) => (s.duration % 3600) / 60),
  k.measured('t = {25,500} s', 't = {25 500} с', (r, { log }) => log.find((e) => e.text.startsWith('Deleting segment'))!.t),
  k.derived('t = {29,400} s', 't = {29 400} с', (s) => crash(s).at + crash(s).restartAfter!),
  k.measured('within {0.1} %', 'пределах {0,1} %', (r) => (100 * Math.abs(r.skipped - ARTICLE)) / ARTICLE, { is: '≤' }),
  k.measured('lost stays {0}', 'потерянных {0}', (r) => r.lost),
  k.measured('over {3} million records', 'до {3} млн записей', (r) => r.lagRecords.max / 1e6, { is: '≥' }),
  k.input('({5} minutes)', '({5} минут)', (s) => s.topic['log.retention.check.interval.ms'] / 60_000, { kafkaDefault: 'topicAndBroker.log.retention.check.interval.ms' }),
  k.measured('nearly {2} hours of data', 'почти {2} часа данных', (r, { s }) => r.skipped / s.producers[0].rate / 3600, { fix: true, is: 'nearly', within: 0.25 }),
  k.measured('(~{700,000} records)', '(~{700 000} записей)', (r) => r.skipped, { fix: true, within: 20_000 }),
] satisfies Entry[];
