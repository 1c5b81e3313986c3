import { service as c, type Entry } from '../ledger.ts';
import type { ServiceScenario } from '../../../../src/scenario/schema.ts';
import { RECOVERY_SHARE, RECOVERY_WINDOW } from '../../../../src/sim/model/service/service-model.ts';
import { makeDistribution } from '../../../../src/sim/kernel/distributions.ts';

const outage = (s: ServiceScenario) => s.faults[0];
/** Capacity: concurrency / (mean service time × (1 + contention)), the model's definition. */
const capacity = (s: ServiceScenario) => s.service.concurrency / (makeDistribution(s.service.time).mean * (1 + s.service.contention));

export default [
  c.input(['a {15} s outage', 'hangs for {15} s'], ['сбоя на {15} с', 'зависает на {15} с'], (s) => outage(s).duration),
  c.input('make {100} calls a second', 'делают {100} вызовов', (s) => s.clients.rate),
  c.input('with {10} servers', 'с {10} серверами', (s) => s.service.concurrency),
  c.input(['a queue of {500} requests', 'the queue holds {500} requests'], ['очередью на {500} запросов', 'в очереди {500} запросов'], (s) => s.service.queueLimit),
  c.input('takes {0.06} s on average', 'занимает {0,06} с', (s) => makeDistribution(s.service.time).mean),
  c.derived(['answers about {139} requests', 'capacity of {139}, for', 'at {139} a second the'], ['примерно на {139} запросов', 'при ёмкости {139}, и', 'при {139} в секунду'], capacity, { within: 0.5 }),
  c.derived('second: {1.4} times', 'в {1,4} раза больше', (s) => capacity(s) / s.clients.rate),
  c.input(['waits {1} s for an answer', 'past the {1} s timeout'], ['ждёт ответа {1} с', 'таймаута в {1} с'], (s) => s.clients.timeout),
  c.input('up to {3} times: no', 'до {3} раз: без', (s) => s.clients.retries),
  c.input('At t = {60} s the', 'В t = {60} с сервис', (s) => outage(s).at),
  c.derived('ends at t = {75} s', 'в t = {75} с до', (s) => outage(s).at + outage(s).duration),
  c.measured('about {400} attempts a second', 'около {400} попыток', (r) => r.after!.offered, { within: 5 }),
  c.derived('tried {4} times', 'пробуют {4} раза', (s) => s.clients.retries + 1),
  c.measured('for {164} of the', 'и так {164} из', (r) => r.overloadAfter!),
  c.measured('of the {165} seconds left', 'из {165} оставшихся', (r) => r.after!.seconds),
  c.measured('outage, {0} calls a second', 'сбоя — {0} вызовов', (r) => r.after!.goodput),
  c.measured('run {81} % of the', 'прогон {81} % времени', (r) => 100 * r.wasted!),
  c.derived('waits about {3.6} s', 'ждёт около {3,6} с', (s) => s.service.queueLimit / capacity(s)),
  c.input('backoff ({0.1} s, doubling', 'пауза ({0,1} с с', (s) => s.clients['backoff.base'], { fix: true }),
  c.input('up to {20} s) with', 'до {20} с) с', (s) => s.clients['backoff.cap'], { fix: true }),
  c.input(['a {10} % retry budget', 'at most {10} % of the'], ['бюджет повторов {10} %', 'не больше {10} % от'], (s) => 100 * s.clients.budget!.percentCanRetry, { fix: true }),
  c.input('of the last {10} s.', 'за последние {10} с.', (s) => s.clients.budget!.ttl, { fix: true }),
  c.measured('about {101} attempts a second, below', 'примерно до {101} попытки', (r) => r.after!.offered, { fix: true }),
  c.measured('recovers {13} s after', 'через {13} с после', (r) => r.recoveredAfter!, { fix: true }),
  c.derived('(the first {10} s in which', '(первые {10} с, в которые', () => RECOVERY_WINDOW),
  c.derived('at least {95} % of the calls', 'не меньше {95} % вызовов', () => 100 * RECOVERY_SHARE),
  c.measured('too: {2,707} instead', 'меньше: {2707} вместо', (r) => r.calls.failed, { fix: true }),
  c.measured('instead of {17,870}.', 'вместо {17 870}.', (r) => r.calls.failed),
] satisfies Entry[];
