import { pipeline as p, meanOf, type Entry } from '../ledger.ts';
import type { PipelineScenario } from '../../../../src/scenario/schema.ts';
import type { PipelineSummary } from '../../../../src/run/models/pipeline/summary.ts';
import { mmc } from '../../../../src/theory/index.ts';

const stage = (s: PipelineScenario, name: string) => s.stages.find((x) => x.name === name)!;
const rate = (s: PipelineScenario, name: string) => s.sources.find((x) => x.name === name)!.rate;
const spike = (s: PipelineScenario) => s.faults[0] as { at: number; factor: number; duration: number };
const src = (r: PipelineSummary, name: string) => r.sources.find((x) => x.name === name)!;
/** The shared pool's capacity (the scenario's one stage): workers / mean time. */
const pool = (s: PipelineScenario) => s.stages[0].workers / meanOf(s.stages[0].time);

export default [
  p.derived(['shared topic; {two} topics keep', '{two} topics: payments', '{Two} topics and two', 'topics and {two} groups'], ['общем топике; {два} топика', '{два} топика: платежи', '{Два} топика и две', 'топика и {две} группы'], (s) => s.stages.length, { fix: true }),
  p.input(['payments {3} workers', 'read by {3} workers'], ['платежи — {3} воркера', 'читают {3} воркера'], (s) => stage(s, 'payments').workers, { fix: true }),
  p.input(['analytics {7}', 'analytics by {7} (', 'since {7} workers'], ['аналитика — {7}', 'аналитику — {7} (', '— {7} воркеров'], (s) => stage(s, 'analytics').workers, { fix: true }),
  p.input(['Payments ({20} a second)', 'a second for {20})'], ['Платежи ({20} в секунду)', 'в секунду на {20})'], (s) => rate(s, 'payments')),
  p.input(['events ({60} a second)', 'a second for {60})'], ['аналитики ({60} в секунду)', 'в секунду на {60})'], (s) => rate(s, 'analytics')),
  p.input(['group of {10} workers', 'than the {10} they'], ['группа из {10} воркеров', 'меньше прежних {10}.'], (s) => s.stages[0].workers),
  p.input(['takes {0.1} s, so', 'that takes {0.1} s.'], ['обрабатывается {0,1} с', 'работе на {0,1} с.'], (s) => meanOf(s.stages[0].time)),
  p.derived(['group does {100} a second', 'arrive for {100} a second'], ['группа делает {100} в секунду', 'при ёмкости {100} в секунду'], pool),
  p.derived('busy {80} % of the time', 'занята {80} % времени', (s) => (100 * (rate(s, 'payments') + rate(s, 'analytics'))) / pool(s)),
  p.input('At t = {120} s', 'В t = {120} с', (s) => spike(s).at),
  p.input('come at {twice} the rate', 'идут {вдвое} чаще', (s) => spike(s).factor),
  p.derived('grows by about {40} items', 'примерно на {40} элементов', (s) => rate(s, 'payments') + spike(s).factor * rate(s, 'analytics') - pool(s)),
  p.measured('a second, to {2,479}, and', 'до {2479}, и', (r) => r.backlogMax, { within: 0 }),
  p.measured('events, {4.0} s on average', 'в среднем {4,0} с', (r) => src(r, 'payments').W.mean!),
  p.measured('and {25} s at p99', 'и {25} с на p99', (r) => src(r, 'payments').p99!),
  p.derived('lasts, {140} items a second', 'приходит {140} элементов', (s) => rate(s, 'payments') + spike(s).factor * rate(s, 'analytics')),
  p.derived('by 3 workers ({30} a second', 'воркера ({30} в секунду', (s) => stage(s, 'payments').workers / meanOf(stage(s, 'payments').time), { fix: true }),
  p.derived('by 7 ({70} a second', '7 ({70} в секунду', (s) => stage(s, 'analytics').workers / meanOf(stage(s, 'analytics').time), { fix: true }),
  p.measured('payments take {0.15} s', 'за {0,15} с', (r) => src(r, 'payments').W.mean!, { fix: true }),
  p.measured('and {0.6} s at p99', 'за {0,6} с на p99', (r) => src(r, 'payments').p99!, { fix: true }),
  p.measured('now wait {14} s on average', 'в среднем {14} с вместо', (r) => src(r, 'analytics').W.mean!, { fix: true }),
  p.measured('instead of {4.7} s', 'вместо {4,7} с', (r) => src(r, 'analytics').W.mean!),
  p.input('(M/M/{10} at', '(M/M/{10} при', (s) => s.stages[0].workers),
  p.derived('at {80} %: 0.12', 'при {80} %: 0,12', (s) => (100 * (rate(s, 'payments') + rate(s, 'analytics'))) / pool(s)),
  p.derived('%: {0.12} s)', '%: {0,12} с)', (s) => mmc(rate(s, 'payments') + rate(s, 'analytics'), 1 / meanOf(s.stages[0].time), s.stages[0].workers).W),
] satisfies Entry[];
