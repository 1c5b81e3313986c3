import { queue as q, meanOf, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';

const pay = (s: QueueScenario) => s.producers[0];
const bulk = (s: QueueScenario) => s.producers[1];
const capacity = (s: QueueScenario) => s.consumers[0].count / meanOf(s.consumers[0].processing.time);

export default [
  q.input('Payments ({5} a second)', 'Платежи ({5} в секунду)', (s) => pay(s).rate),
  q.input('events ({30} a second)', 'аналитики ({30} в секунду)', (s) => bulk(s).rate),
  q.input('by {6} workers', 'обслуживают {6} воркеров', (s) => s.consumers[0].count),
  q.input('at {100} ms a message', 'по {100} мс на сообщение', (s) => 1000 * meanOf(s.consumers[0].processing.time)),
  q.derived('{35} of the', '— {35} из', (s) => pay(s).rate + bulk(s).rate),
  q.derived('the {60} a second', 'из {60} в секунду', capacity),
  q.input('t = {120} s', 't = {120} с', (s) => bulk(s).profile[0].at),
  q.input('to {80} a second', 'до {80} в секунду', (s) => bulk(s).profile[0].rate),
  q.derived('for {two} minutes', 'на {две} минуты', (s) => (bulk(s).profile[1].at - bulk(s).profile[0].at) / 60),
  q.measured('about {3,000} messages', 'около {3000} сообщений', (r) => r.depth.max, { within: 200 }),
  q.input('by t = {240} s', 'к t = {240} с', (s) => bulk(s).profile[1].at),
  // The backlog, (input − capacity) × the export's length, drains at capacity − the usual input.
  q.derived('draining for {two} more minutes', 'ещё {две} минуты', (s) => {
    const len = bulk(s).profile[1].at - bulk(s).profile[0].at;
    const backlog = (pay(s).rate + bulk(s).profile[0].rate - capacity(s)) * len;
    return backlog / (capacity(s) - pay(s).rate - bulk(s).rate) / 60;
  }),
  q.measured('wait about {12} s on average', 'ждут около {12} с', (r) => r.producers[0].W.mean!, { within: 1 }),
  q.measured('analytics about {15} s', 'аналитика — около {15} с', (r) => r.producers[1].W.mean!, { within: 1 }),
  q.input('x-max-priority {10}', 'x-max-priority {10}', (s) => (s.queue.type === 'rabbitmq' ? s.queue['x-max-priority']! : NaN), { fix: true, n: 2 }),
  q.input('with priority {5}', 'с приоритетом {5}', (s) => pay(s).priority),
  q.measured('about {0.1} s on average', 'около {0,1} с', (r) => r.producers[0].W.mean!, { fix: true, within: 0.05 }),
  q.measured('under {half} a second at p99', 'p99 — меньше {0,5} с', (r) => r.producers[0].p99!, { fix: true, is: '≤', says: 0.5 }),
  q.measured('stays at about {15} s', 'остаётся около {15} с', (r) => r.W.mean!, { fix: true, within: 1 }),
] satisfies Entry[];
