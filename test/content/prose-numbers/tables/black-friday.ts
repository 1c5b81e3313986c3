import { kafka as k, meanOf, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const step = (s: KafkaScenario) => s.producers[0].profile[0];
const capacity = (s: KafkaScenario) => s.groups[0].members / meanOf(s.groups[0].processing.time);
/** Seconds from the step to the end of the run. */
const sinceStep = (s: KafkaScenario) => s.duration - step(s).at;

export default [
  k.derived(['input ×{8}', 'jump ×{8}', 'jumps ×{8} to'], ['вход ×{8}', 'стало в {8} раз', 'вырастает в {8} раз'], (s) => step(s).rate / s.producers[0].rate),
  k.input(['stay at {6}', '{6} warehouse consumers', 'of the {6} consumers'], ['так же {6}', '{6} консьюмеров склада', 'из {6} консьюмеров'], (s) => s.groups[0].members),
  k.measured(['by ~{200} records a second', '~{200} a second'], ['на ~{200} записей', 'на {200} в секунду'], (r, { s }) => r.lagRecords.final / sinceStep(s), { within: 10 }),
  k.input('{12} consumers', '{12} консьюмеров', (s) => s.groups[0].members, { fix: true, n: 2 }),
  k.input('writes {100} orders/s', 'пишет {100} заказов/с', (s) => s.producers[0].rate),
  k.input('a {12}-partition topic', 'из {12} партиций', (s) => s.topic.partitions),
  k.derived('apply about {600}/s', 'около {600}/с', capacity),
  k.input('t = {120} s', 't = {120} с', (s) => step(s).at, { n: 2 }),
  k.input(
    ['to {800}/s', 'against {800}/s in', 'λ = {800}/s', 'second {800} orders arrive'],
    ['до {800}/с', 'при входе {800}/с', 'λ = {800}/с', 'приходит {800} заказов'],
    (s) => step(s).rate,
  ),
  k.fact('lag was 40 minutes after two hours and 4 hours after six', 'через два часа лаг составил 40 минут, через шесть — 4 часа', 'the article’s incident, hours long; this run compresses it'),
  k.input('a {15}-minute run', 'до {15}-минутного', (s) => s.duration / 60),
  k.measured('past {150,000} by the end', 'превышает {150 000}', (r) => r.lagRecords.final, { is: '≥' }),
  k.measured('about {3½} minutes by the end', 'до ~{3,5} минуты', (r) => r.lagSeconds.final / 60, { within: 0.25 }),
  // The rate argument that follows it: the oldest record ages by 1 − μ/λ seconds a second.
  k.derived('a {quarter} of the time since the step', '{четверть} времени после скачка', (s) => 1 - capacity(s) / step(s).rate),
  k.derived(['only {600} are applied', 'μ = {600}/s'], ['обрабатывается {600}', 'μ = {600}/с'], capacity),
  // The summary's throughput is a mean over the whole run, the first 120 s at 100/s included:
  // after the step, the records applied beyond those produced before it, per second.
  k.measured('stuck near {600}/s', 'упёрся в ~{600}/с', (r, { s }) => (r.groups.warehouse.applied - s.producers[0].rate * step(s).at) / sinceStep(s), { within: 15 }),
  k.measured('stay at {0}', 'пропущенных — {0}', (r) => r.lost + r.skipped),
  k.measured('owns {2} partitions', 'по {2} партиции', (r) => {
    const sizes = Object.values(r.assignment).map((p) => p.length);
    return Math.min(...sizes) === Math.max(...sizes) ? sizes[0] : NaN;
  }),
  k.derived('λ − μ = {200} records', 'λ − μ = {200} записей', (s) => step(s).rate - capacity(s)),
  k.derived('drain about {1,200}/s', 'около {1200}/с', capacity, { fix: true }),
  k.derived('cost is {twice} the pods', '{вдвое} больше подов', (s, x) => s.groups[0].members / (x.scenario('black-friday') as KafkaScenario).groups[0].members, { fix: true }),
  k.derived('a {13}th consumer', '{13}-й консьюмер', (s) => s.topic.partitions + 1),
] satisfies Entry[];
