import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';

type F = ClusterScenario['faults'][number];
const f = (s: ClusterScenario, i: number) => s.faults[i] as Extract<F, { at: number }>;
const crash = (s: ClusterScenario, i: number) => s.faults[i] as Extract<F, { kind: 'broker-crash' }>;
const shrinkAt = (log: { t: number; text: string }[], broker: number) => log.find((e) => e.text.includes('Shrinking ISR') && e.text.includes(`(brokerId: ${broker},`))!.t;

export default [
  c.input('events, {200} a second', 'Клики, {200} в секунду', (s) => s.producers[0].rate),
  c.input('on {6} partitions', 'на {6} партициях', (s) => s.topic.partitions),
  c.input('replication.factor {3} and', 'replication.factor {3} и', (s) => s.topic['replication.factor']),
  c.input(['t = {10} s broker', 'between t = {10} s and'], ['t = {10} с фетчер', 'с t = {10} с до'], (s) => f(s, 0).at),
  c.input(['s broker {3}\'s replica', 'brokerId: {3} …', 'only broker {3} was alive'], ['фетчер реплик брокера {3}', 'brokerId: {3} …', 'только брокер {3},'], (s) => (s.faults[0] as Extract<F, { kind: 'slow-replica' }>).broker),
  c.input('t = {60} s broker', 't = {60} с брокер', (s) => f(s, 1).at),
  c.input('s broker {2} dies', 'с брокер {2} умирает', (s) => crash(s, 1).broker),
  c.input(['t = {70} s broker', 'and t = {70} s were'], ['t = {70} с падает', 'до t = {70} с,'], (s) => f(s, 2).at),
  c.input(['s broker {1} dies too', 'when broker {1} returned', 'Broker {1}\'s partitions stay'], ['падает и брокер {1}', 'вернувшийся брокер {1}', 'Партиции брокера {1}'], (s) => crash(s, 2).broker),
  c.measured('at t = {45} s “Shrinking', 'в t = {45} с «Shrinking', (r, { log }) => shrinkAt(log, 3), { within: 0.01 }),
  c.fact('ISR from 2,3,1 to 2,1 …', 'ISR from 2,3,1 to 2,1 …', 'broker ids as the log line prints them', { says: [1, 3] }),
  c.measured('at t = {79} s “Unclean', 'в t = {79} с «Unclean', (r, { log }) => log.find((e) => e.text.startsWith('Unclean leader election'))!.t, { within: 0.01 }),
  c.fact('election for clicks-{0}:', 'election for clicks-{0}:', 'the partition the log line names'),
  c.fact('Unclean leader election for clicks-0: broker {3} (not', 'Unclean leader election for clicks-0: broker {3} (not', 'the broker the log line names (broker 3, the stalled one)'),
  c.fact('brokers {1} and {2} —', 'брокеры {1} и {2}, —', 'the two brokers left in the ISR (broker 3 had dropped out)'),
  c.measured(['lost: about {8,000} clicks', '0 instead of about {8,000}.'], ['около {8000} кликов', '0 вместо примерно {8000}.'], (r) => r.lost, { within: 100 }),
  c.measured('and {4} unclean elections', 'и {4} нечистых', (r) => r.elections.unclean),
  c.measured(['Unavailable: {54} partition-seconds', 'unavailable instead of {54}'], ['Недоступность: {54} партиция·с', 'недоступности вместо {54}'], (r) => r.unavailable.total),
  c.measured('lost: {0} instead', 'ничего: {0} вместо', (r) => r.lost, { fix: true }),
  c.measured('measured: {258} partition-seconds', 'измерена: {258} партиция·с', (r) => r.unavailable.total, { fix: true }),
] satisfies Entry[];
