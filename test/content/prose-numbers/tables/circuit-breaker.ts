import { service as c, type Entry } from '../ledger.ts';
import type { ServiceScenario } from '../../../../src/scenario/schema.ts';
import { makeDistribution } from '../../../../src/sim/kernel/distributions.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';

const outage = (s: ServiceScenario) => s.faults[0];
/** Capacity: concurrency / (mean service time × (1 + contention)), the model's definition. */
const capacity = (s: ServiceScenario) => s.service.concurrency / (makeDistribution(s.service.time).mean * (1 + s.service.contention));
/** When the breaker's log first says `text` (a state change). */
const at = (log: LogEntry[], text: string) => log.find((e) => e.source === 'CircuitBreaker' && e.text.startsWith(text))!.t;

export default [
  c.input(['make {100} calls a second', 'keep sending {100} calls'], ['делают {100} вызовов', 'шлют всё те же {100} вызовов'], (s) => s.clients.rate),
  c.input('with {10} servers', 'с {10} серверами', (s) => s.service.concurrency),
  c.input('takes {0.06} s on average', 'занимает {0,06} с', (s) => makeDistribution(s.service.time).mean),
  c.derived('answers about {139} a second', 'примерно на {139} запросов', capacity, { within: 0.5 }),
  c.input(['waits {2} s for an answer', 'waits the full {2} s', 'costs its caller {2} s', 'instead of {2} —'], ['ждёт ответа {2} с', 'ждёт все {2} с', 'стоит вызывающему {2} с', 'вместо {2}, —'], (s) => s.clients.timeout),
  c.input('At t = {60} s the', 'В t = {60} с сервис', (s) => outage(s).at),
  c.input(['hangs for {30} s', 'a {30} s outage costs'], ['зависает на {30} с', 'сбой на {30} с стоит'], (s) => outage(s).duration),
  c.measured('on average {189} calls', 'в среднем {189} вызовов', (r) => r.during!.waiting, { within: 0.5 }),
  c.measured(['requests, {98} a second', 'attempts a second instead of {98}.'], ['запросы, {98} в секунду', 'в секунду вместо {98}.'], (r) => r.during!.offered, { within: 0.5 }),
  c.derived('again at t = {90} s', 'когда в t = {90} с', (s) => outage(s).at + outage(s).duration),
  c.measured('s, {2,953} are waiting', 'его ждут {2953} запроса', (r) => r.outageEndQueue!.requests),
  c.measured('for it, {2,742} of them', 'запроса, {2742} из них', (r) => r.outageEndQueue!.abandoned),
  c.measured('only {69} s after the outage', 'лишь через {69} с', (r) => r.recoveredAfter!),
  c.measured('outage costs {99} s', 'стоит {99} с', (r, { s }) => r.recoveredAfter! + outage(s).duration),
  c.measured(['s; {9,719} calls fail.', 'fail instead of {9,719}.'], ['вызовов {9719}.', 'вместо {9719}.'], (r) => r.calls.failed),
  c.derived('at only {39} a second', 'лишь на {39} в секунду', (s) => capacity(s) - s.clients.rate, { within: 0.5 }),
  c.input(
    ['breaker, open for {10} s', 'but open for {10} s instead', 'Every {10} s it goes', 'for up to {10} s after'],
    ['breaker Resilience4j, open на {10} с', 'но open на {10} с вместо', 'Каждые {10} с он', 'ещё до {10} с после'],
    (s) => s.breaker.waitDurationInOpenState,
    { fix: true },
  ),
  c.fact('instead of {60}.', 'вместо {60}.', "Resilience4j's default waitDurationInOpenState, 60 s (BreakerDefaults in src/scenario/service-schema.ts)"),
  c.input('Once {half} of the last', 'Когда упала {половина} последних', (s) => s.breaker.failureRateThreshold / 100, { fix: true }),
  c.input('the last {100} calls have', 'последних {100} вызовов', (s) => s.breaker.slidingWindowSize, { fix: true }),
  c.measured('it opens (t = {62.4} s)', 'размыкается (t = {62,4} с)', (_r, { log }) => at(log, 'closed → open'), { fix: true, within: 0.05 }),
  c.measured('— {0} s instead', 'за {0} с вместо', (r) => r.failedP50!, { fix: true }),
  c.measured('gets {8.6} attempts a second', 'получает {8,6} попытки', (r) => r.during!.offered, { fix: true }),
  c.fact('goes {half}-open', null, 'the name of the breaker state half-open, not a quantity'),
  c.input('lets {10} probes through', 'пропускает {10} пробных', (s) => s.breaker.permittedNumberOfCallsInHalfOpenState, { fix: true }),
  c.measured('it opens {3} times in all', 'размыкается {3} раза', (r) => r.breaker.opened, { fix: true }),
  c.measured('closes at t = {96.8} s', 'в t = {96,8} с он', (_r, { log }) => at(log, 'half-open → closed'), { fix: true, within: 0.05 }),
  c.measured('back to {265} requests', 'находит {265} запросов', (r) => r.outageEndQueue!.requests, { fix: true }),
  c.measured('recovers in {7} s', 'восстанавливается за {7} с', (r) => r.recoveredAfter!, { fix: true }),
  c.measured('{3,620} calls fail instead', 'вызовов {3620} вместо', (r) => r.calls.failed, { fix: true }),
] satisfies Entry[];
