import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import { meanOf } from '../ledger.ts';

const proc = (s: ClusterScenario) => s.processor!;
const crashAt = (s: ClusterScenario) => s.faults[0].at;

export default [
  c.fact(['writes outputs {twice}', 'reads {twice} —', 'orders {twice}.'], ['читает {дважды} —', 'заказов {дважды}.'], 'the story: an output written a second time'),
  c.derived(['does {15} s of work again', 'those {15} s of orders'], ['заново делает {15} с работы', 'эти {15} с заказов'], (s) => crashAt(s) - Math.floor(crashAt(s) / (proc(s)['commit.interval.ms'] / 1000)) * (proc(s)['commit.interval.ms'] / 1000)),
  c.input('reads {200} orders', 'читает {200} заказов', (s) => s.producers[0].rate),
  c.input('in about {2} ms', 'примерно за {2} мс', (s) => 1000 * meanOf(proc(s).processing.time)),
  c.input('for it, {30} s:', 'commit.interval.ms — {30} с', (s) => proc(s)['commit.interval.ms'] / 1000),
  c.input('every {30} s.', 'раз в {30} с.', (s) => proc(s)['commit.interval.ms'] / 1000),
  c.input(['At t = {45} s the', 'at t = {45} s “State'], ['В t = {45} с обработчик', 'в t = {45} с «State'], crashAt),
  c.input('restarted {5} s later', 'через {5} с его', (s) => proc(s).restartAfter!),
  c.derived('at t = {50} s “restarted', 'в t = {50} с «restarted', (s) => crashAt(s) + proc(s).restartAfter!),
  c.measured(['about {2,980} orders billing', 'about {2,980} orders twice'], ['около {2980} заказов биллинг', 'около {2980} заказов дважды'], (r) => r.consumers[0].duplicates, { within: 10 }),
  c.derived('commit at t = {30} s and', 'коммитом в t = {30} с', (s) => Math.floor(crashAt(s) / (proc(s)['commit.interval.ms'] / 1000)) * (proc(s)['commit.interval.ms'] / 1000)),
  c.measured('about {23} s while', 'примерно до {23} с', (r) => r.consumers[0].e2e.p99!),
  c.input(['commit.interval.ms of {100} ms', 'Each {100} ms of'], ['commit.interval.ms в {100} мс', 'Каждые {100} мс'], (s) => proc(s)['commit.interval.ms'], { fix: true }),
  c.measured('aborted — {19} outputs', 'отменяется — {19} результатов', (r) => r.consumers[0].abortedSkipped, { fix: true }),
  c.measured('Billing reads {0} duplicates', 'Дублей у биллинга {0}', (r) => r.consumers[0].duplicates, { fix: true }),
  c.measured('from about {13} ms', 'примерно с {13} мс', (r, { run }) => 1000 * (run('exactly-once').summary as { consumers: { e2e: { p50: number } }[] }).consumers[0].e2e.p50, { fix: true }),
  c.measured('to about {67} ms', 'до {67} мс', (r) => 1000 * r.consumers[0].e2e.p50!, { fix: true }),
] satisfies Entry[];
