import { pipeline as p, meanOf, type Entry } from '../ledger.ts';
import type { PipelineScenario } from '../../../../src/scenario/schema.ts';
import type { PipelineSummary } from '../../../../src/run/models/pipeline/summary.ts';

const handler = (s: PipelineScenario) => s.stages[0];
const call = (s: PipelineScenario, name: string) => s.stages.flatMap((st) => st.calls).find((c) => c.name === name)!;
const slow = (s: PipelineScenario) => s.faults[0] as { at: number; factor: number; duration: number };
/** A handler's time for one signup: its own work and its calls; during the slowdown the provider's call × the factor. */
const perSignup = (s: PipelineScenario) => meanOf(handler(s).time) + handler(s).calls.reduce((a, c) => a + meanOf(c.time), 0);
const perSlowSignup = (s: PipelineScenario) => perSignup(s) + (slow(s).factor - 1) * meanOf(call(s, 'email-provider').time);
const capacity = (s: PipelineScenario) => handler(s).workers / perSignup(s);
const slowCapacity = (s: PipelineScenario) => handler(s).workers / perSlowSignup(s);
const acceptQueue = (s: PipelineScenario) => (handler(s).buffer as { capacity: number }).capacity;
const req = (r: PipelineSummary) => r.requests!;
const email = (r: PipelineSummary) => r.stages.find((st) => st.name === 'send-email')!;

export default [
  p.input('(a database call, {20} ms', '(вызов базы, в среднем {20} мс', (s) => 1000 * meanOf(call(s, 'db').time)),
  p.input('API ({0.3} s on average)', 'провайдера (в среднем {0,3} с)', (s) => meanOf(call(s, 'email-provider').time)),
  p.input('arrive at {40} a second', 'идут по {40} в секунду', (s) => s.sources[0].rate),
  p.input(['A pool of {40} handler', 'all {40} handlers wait', 'an e-mail {40} handlers serve'], ['пул из {40} потоков', 'все {40} ждут', 'письмо {40} обработчиков'], (s) => handler(s).workers),
  p.input(['accept queue of {100}', 'accept queue holds {100}', 'The rest queue: {100} waiting'], ['очередь приёма на {100} мест', 'в очереди приёма {100} запросов', 'в очереди: {100} ожидающих'], acceptQueue),
  p.fact(['the rest ({503})', 'were refused ({503})'], ['остальным отказ ({503})', 'получили отказ ({503})'], 'HTTP status 503 Service Unavailable: what a refused request gets'),
  p.fact(['load balancer answers {504}', 'after 5 s ({504})'], ['балансировщик отвечает {504}', 'через 5 с ({504})'], 'HTTP status 504 Gateway Timeout: what a load balancer answers a caller whose request timed out'),
  p.input(['gives up after {5} s', 'gave up after {5} s', 'past the {5} s timeout'], ['сдаётся через {5} с', 'сдались через {5} с', 'таймаута в {5} с'], (s) => s.sources[0].timeout!),
  p.derived('Normally {13} handlers', 'Обычно заняты {13} обработчиков', (s) => s.sources[0].rate * perSignup(s)),
  p.derived(['can do {124} signups', 'a second, not {124}.'], ['успевает {124} регистрации', 'в секунду, а не {124}.'], capacity),
  p.input(['At t = {60} s', 'seconds after t = {60} s'], ['В t = {60} с', 'секунд после t = {60} с'], (s) => slow(s).at),
  p.input('gets {10} times slower', 'становится в {10} раз', (s) => slow(s).factor),
  p.derived(['minute, {3} s an e-mail', 'so at {3} s an e-mail'], ['медленнее, {3} с на письмо', 'так что при {3} с на'], (s) => slow(s).factor * meanOf(call(s, 'email-provider').time)),
  p.measured('in it up to {9.1} s', 'в ней до {9,1} с', (r) => r.stages[0].lag.max),
  p.measured('Failed signups: {788} callers', 'с ошибкой: {788} вызывающих', (r) => req(r).timedOut, { within: 0 }),
  p.measured('The {788} were served', 'Те {788} всё же', (r) => req(r).late, { within: 0 }),
  p.measured('and {1,535} were refused', '{1535} получили отказ', (r) => req(r).refused, { within: 0 }),
  p.derived('all of the {2,400} signups', 'почти все из {2400}', (s) => s.sources[0].rate * slow(s).duration),
  p.measured('response: p50 {0.30} s', 'ответа: p50 {0,30} с', (r) => req(r).p50!),
  p.measured('and p99 {5.0} s, the timeout', 'а p99 {5,0} с', (r) => req(r).p99!),
  p.derived(['handlers serve {13} signups', 'waiting at {13} a second'], ['обслуживают {13} регистраций', 'ожидающих при {13} в секунду'], slowCapacity),
  p.derived('a second is {7.6} s', 'это {7,6} с', (s) => acceptQueue(s) / slowCapacity(s)),
  p.input('topic ({5} ms to', 'топик ({5} мс до', (s) => 1000 * meanOf(call(s, 'broker').time), { fix: true }),
  p.input('answers; {20} e-mail workers', 'отвечает; {20} воркеров', (s) => s.stages[1].workers, { fix: true }),
  p.measured('response: {0.027} s on average', 'в среднем {0,027} с', (r) => req(r).W.mean!, { fix: true }),
  p.measured('p99 {0.062} s, through', 'p99 {0,062} с, и при', (r) => req(r).p99!, { fix: true }),
  p.measured('grows to {2,038}', 'растёт до {2038}', (r) => email(r).backlog.max, { fix: true, within: 0 }),
  p.measured('drains {77} s after', 'за {77} с после', (r) => email(r).drainTime!, { fix: true }),
  p.measured('waits up to {51} s', 'ждёт до {51} с', (r) => email(r).lag.max, { fix: true }),
] satisfies Entry[];
