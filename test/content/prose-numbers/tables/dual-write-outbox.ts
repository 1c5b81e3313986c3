import { outbox as o, type Entry } from '../ledger.ts';
import type { OutboxScenario } from '../../../../src/scenario/schema.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';
import { makeDistribution } from '../../../../src/sim/kernel/distributions.ts';

const crashes = (s: OutboxScenario) => s.faults.filter((f) => f.kind === 'app-crash');
const outage = (s: OutboxScenario) => s.faults.find((f) => f.kind === 'broker-outage')!;
const meanMs = (d: OutboxScenario['db']['time']) => 1000 * makeDistribution(d).mean;
/** Rows whose event each app crash lost, from its log line ("… N committed row(s) whose event was never sent"). */
const lostAt = (log: LogEntry[], i: number) => Number(/(\d+) committed row\(s\) whose event was never sent/.exec(log.filter((e) => e.source === 'App' && e.text.startsWith('process killed'))[i].text)![1]);

export default [
  o.input('takes {200} orders a second', 'принимает {200} заказов', (s) => s.app.rate),
  o.derived('database ({10} ms on average)', 'базу (в среднем {10} мс)', (s) => meanMs(s.db.time)),
  o.derived('acknowledgement ({10} ms on average)', 'брокера (в среднем {10} мс)', (s) => meanMs(s.publish.latency)),
  o.derived('In {ten} minutes', 'За {десять} минут', (s) => s.duration / 60),
  o.derived('restarted {three} times', 'перезапускается {три} раза', (s) => crashes(s).length),
  o.input('each time for {10} s', 'каждый раз на {10} с', (s) => crashes(s)[0].restartAfter),
  o.input('deploy at t = {120} s', 'выкладка в t = {120} с', (s) => crashes(s)[0].at),
  o.input('OOM kill at t = {310} s', 'OOM kill в t = {310} с', (s) => crashes(s)[1].at),
  o.input('of a {20} s broker outage', 'посреди {20}-секундной', (s) => outage(s).duration),
  o.input('began at t = {300} s', 'начавшейся в t = {300} с', (s) => outage(s).at),
  o.input('another deploy at t = {480} s', 'ещё одна выкладка в t = {480} с', (s) => crashes(s)[2].at),
  o.measured(['ends with {1,966} rows', 'never hears of {1,966} orders'], ['прогона {1966} строк', 'не узнает о {1966} заказах'], (r) => r.missing, { within: 0 }),
  o.measured('{1} at the first deploy', '{1} при первой выкладке', (_r, x) => lostAt(x.log, 0), { within: 0 }),
  o.measured('{1,962} at the OOM kill', '{1962} при OOM kill', (_r, x) => lostAt(x.log, 1), { within: 0 }),
  o.measured('{3} at the last deploy', '{3} при последней', (_r, x) => lostAt(x.log, 2), { within: 0 }),
  o.derived('Normally about {2} rows', 'около {2} строк', (s) => s.app.rate * makeDistribution(s.publish.latency).mean),
  o.derived('every row of the last {10} s', 'все строки последних {10} с', (s) => crashes(s)[1].at - outage(s).at),
  o.measured('{114,465} rows but', '{114 465} строк, но', (r) => r.rows, { within: 0 }),
  o.measured('but {112,497} events', 'но {112 497} событий', (r) => r.eventsPublished, { within: 0 }),
  o.measured('costs {thousands} of events', 'стоит {тысяч} событий', (_r, x) => lostAt(x.log, 1), { is: '≥' }),
  o.input('outbox every {1} s', 'раз в {1} с опрашивает', (s) => s.relay.pollInterval, { fix: true }),
  o.input('publishes up to {100} rows', 'публикует до {100} строк', (s) => s.relay.batchSize, { fix: true }),
  o.measured('Now {0} events are lost', 'потеряно {0} событий', (r) => r.missing, { fix: true, within: 0 }),
  o.measured('to {2,104} rows at most', 'до {2104} строк', (r) => r.backlogMax, { fix: true, within: 0 }),
  o.measured(['it published {100} rows', '{100} duplicates skipped'], ['публикации {100} строк', '{100} дублей пропущено'], (r) => r.duplicates, { fix: true, within: 0 }),
  o.measured('{0} applied twice', 'дважды применено {0}', (r) => r.dupEffects, { fix: true, within: 0 }),
  o.measured('grows from {0.008} s', 'растёт с {0,008} с', (r) => r.delayP50!),
  o.measured('s to {0.63} s.', 'с до {0,63} с.', (r) => r.delayP50!, { fix: true }),
  o.fact(['are {two} systems', 'is {two} writes', 'between the {two} writes'], ['— {две} системы', 'это {две} записи', 'между {двумя} записями'], 'a dual write is two writes to two systems, a database and a broker: the definition, not a measurement'),
  o.fact('0 applied {twice}.', '{дважды} применено 0', 'the name of the counter (a duplicate applied again), not a quantity'),
] satisfies Entry[];
