/** The seed-scale Black Friday (scenarios/seed-scale/black-friday.*): six hours at the article's ×8. */
import { kafka as k, meanOf, type Entry } from '../../ledger.ts';
import type { KafkaScenario } from '../../../../../src/scenario/schema.ts';

const step = (s: KafkaScenario) => s.producers[0].profile[0];
const capacity = (s: KafkaScenario) => s.groups[0].members / meanOf(s.groups[0].processing.time);
/** Seconds from the step to the end of the run. */
const sinceStep = (s: KafkaScenario) => s.duration - step(s).at;
/** The run cut two hours after the step: where the article reads its first lag. */
const at2h = { sets: ['duration=7800'] };
/** How much older the oldest record gets per second while λ > μ at constant rates: 1 − μ/λ. */
const ageing = (s: KafkaScenario) => 1 - capacity(s) / step(s).rate;

export default [
  k.derived(['orders ×{8}', 'jumps ×{8} to'], ['заказов ×{8}', 'вырастает в {8} раз'], (s) => step(s).rate / s.producers[0].rate),
  k.derived(
    ['over {six} hours', 'for {six} hours', '{six} simulated hours', 'after {6} h.', '{six} hours after it', 'all {six} hours'],
    ['пятница: {шесть} часов', '×8 {шесть} часов', '{шесть} модельных часов', 'через {6} ч.', 'часов через {шесть}.', 'все {шесть} часов'],
    (s) => sinceStep(s) / 3600,
  ),
  k.derived(['after {2} h,', 'minutes {two} hours after'], ['через {2} ч и', 'минут через {два} часа после'], (s) => sinceStep(s) / 3600, at2h),
  k.measured(['~{40} min old', 'about {40} minutes two'], ['~{40} мин через', 'около {40} минут через'], (r) => r.lagSeconds.final / 60, { ...at2h, within: 3 }),
  k.measured(['~{2} h after', 'about {2} hours six'], ['и ~{2} ч через', 'около {2} часов через'], (r) => r.lagSeconds.final / 3600, { within: 0.25 }),
  k.input('writes {15} orders/s', 'пишет {15} заказов/с', (s) => s.producers[0].rate),
  k.input('a {12}-partition topic', 'из {12} партиций', (s) => s.topic.partitions),
  k.input('{6} warehouse consumers', '{6} консьюмеров склада', (s) => s.groups[0].members),
  k.input('take {75} ms an order', 'на заказ {75} мс', (s) => meanOf(s.groups[0].processing.time) * 1000),
  k.derived(['about {80}/s together', '1 − {80}/120'], ['вместе около {80}/с', '1 − {80}/120'], capacity),
  k.input('t = {600} s', 't = {600} с', (s) => step(s).at),
  k.input(['to {120}/s', 'against {120}/s in', '80/{120} of'], ['до {120}/с', 'при входе {120}/с', '80/{120} секунды'], (s) => step(s).rate),
  k.fact('lag 40 minutes after two hours, 4 hours after six', 'лаг 40 минут через два часа, 4 часа через шесть', 'the article’s incident, quoted; the run’s own values are the measured entries'),
  k.measured('~{40} more every second', 'на {40} больше каждую', (r, { s }) => r.lagRecords.final / sinceStep(s), { within: 2 }),
  k.measured('past {860,000} by the end', 'больше {860 000}', (r) => r.lagRecords.final, { is: '≥' }),
  // The summary's throughput averages the whole run, the first 600 s at 15/s included: after the
  // step, the records applied beyond those produced before it, per second.
  k.measured('near {80}/s against', 'упёрлась в ~{80}/с', (r, { s }) => (r.groups.warehouse.applied - s.producers[0].rate * step(s).at) / sinceStep(s), { within: 3 }),
  k.measured('stay at {0}', 'пропущенных — {0}', (r) => r.lost + r.skipped),
  k.fact(['ages by {1} − μ/λ', 'μ/λ = {1} − 80'], ['на {1} − μ/λ', 'μ/λ = {1} − 80'], 'the constant of the formula 1 − μ/λ'),
  k.derived('{20} minutes an hour', 'на {20} минут в час', (s) => ageing(s) * 60),
  k.derived('hour: {40} minutes after', 'час: {40} минут через', (s) => ageing(s) * 120),
  k.fact('after {two} hours, 2 hours after {six}.', 'через {два} часа, 2 часа через {шесть}.', 'the hours after the step at which the article reads its lag'),
  k.derived('hours, {2} hours after six.', 'часа, {2} часа через шесть.', (s) => ageing(s) * 6),
  k.fact('The article’s {4} hours after {six}', 'через {шесть} часов — {4} часа', 'the article’s second reading, quoted'),
  // The article's 4 hours against the 2 hours a constant ×8 gives after six.
  k.derived('is {twice} that', '4 часа, {вдвое} больше', (s) => 4 / (ageing(s) * 6)),
  k.input(['{12} consumers, one', '{12} consumers (one'], ['{12} консьюмеров, по', '{12} консьюмеров (по'], (s) => s.groups[0].members, { fix: true }),
  k.derived('apply about {160}/s', 'около {160}/с', capacity, { fix: true }),
  k.measured('more than {11} seconds', 'больше {11} секунд', (r) => r.lagSeconds.max, { fix: true, is: '≤' }),
  k.derived('cost is {twice} the pods', '{вдвое} больше подов', (s, x) => s.groups[0].members / (x.scenario('seed-scale/black-friday') as KafkaScenario).groups[0].members, { fix: true }),
  k.derived('a {13}th consumer', '{13}-й консьюмер', (s) => s.topic.partitions + 1),
] satisfies Entry[];
