import { queue as q, meanOf, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';
import type { QueueSummary } from '../../../../src/run/models/queue/data.ts';

const fast = (s: QueueScenario) => s.consumers[0];
const slow = (s: QueueScenario) => s.consumers[1];
const rtt = (s: QueueScenario) => s.timing['rtt.ms'] / 1000;
const ms = (x: number) => 1000 * x;
/** At prefetch 1 a consumer's cycle is its processing time plus a round trip. */
const perFast = (s: QueueScenario) => 1 / (meanOf(fast(s).processing.time) + rtt(s));
const capacity = (s: QueueScenario) => fast(s).count * perFast(s) + slow(s).count / (meanOf(slow(s).processing.time) + rtt(s));
const UNLIMITED = ['consumers.0.prefetch=0', 'consumers.1.prefetch=0'];

export default [
  q.input('prefetch {1}', 'prefetch {1}', (s) => (fast(s).prefetch === 1 && slow(s).prefetch === 1 ? 1 : NaN), { n: 5 }),
  q.input(['across a {20} ms round trip', '{20} ms for its', '{20} ms there', 'plus a {20} ms round', '({20} ms ÷'], ['trip {20} мс', 'сообщение {20} мс', '— {20} мс туда', 'плюс {20} мс round', '({20} мс ÷'], (s) => ms(rtt(s))),
  q.input(['a {5} ms worker', '({5} ms an image)', 'is {5} ms of work', '÷ {5} ms'], ['на {5} мс ждёт', '({5} мс на картинку)', '— {5} мс работы', '÷ {5} мс'], (s) => ms(meanOf(fast(s).processing.time))),
  q.input('{five} workers fall', [], (s) => fast(s).count + slow(s).count),
  q.input(['behind {300}/s', 'arrive at {300} a second', 'more than {300} a second', 'below the {300} arriving'], ['за {300}/с', 'скоростью {300} в секунду', 'больше {300} в секунду', 'при {300} входящих'], (s) => s.producers[0].rate),
  q.input(['prefetch {10} for the fast', 'Prefetch {10} for the fast'], ['prefetch {10} для быстрых', 'Prefetch {10} для быстрых'], (s) => fast(s).prefetch, { fix: true }),
  q.input(['by {four} fast workers', '{four} of them and'], ['делают {четыре} быстрых'], (s) => fast(s).count),
  q.input('one slow one ({200} ms)', 'один медленный ({200} мс)', (s) => ms(meanOf(slow(s).processing.time))),
  q.measured('Throughput: about {165}', 'способность: около {165}', (r) => r.throughput.mean!, { within: 3 }),
  q.derived('slow one make about {165}', 'медленный дают около {165}', capacity, { within: 1 }),
  q.measured('about {40,000} messages', 'около {40 000} сообщений', (r) => r.depth.final, { within: 1000 }),
  q.measured('more than {two} minutes', 'больше {двух} минут', (r) => r.oldestAge / 60, { is: '≥' }),
  q.measured('busy only a {fifth} of', 'лишь {пятую} часть', (r, { s }) => r.pools.find((p) => p.name === fast(s).name)!.utilization!, { within: 0.01 }),
  q.derived('at most {40} messages', 'больше {40} сообщений', perFast),
  q.derived('= {4}, with', '= {4}, с', (s) => rtt(s) / meanOf(fast(s).processing.time)),
  q.derived('is a {tenth} of the work', '— {десятая} часть работы', (s) => rtt(s) / meanOf(slow(s).processing.time)),
  q.input('Try prefetch {0} (unlimited)', 'Попробуйте prefetch {0}', (s) => s.consumers.every((c) => c.prefetch === 0) ? 0 : NaN, { sets: UNLIMITED }),
  q.derived('gets a {fifth} of them', 'достаётся {пятая} часть', (s) => slow(s).count / (fast(s).count + slow(s).count)),
  q.measured('hoards {thousands} that', 'копятся {тысячи} сообщений', (r) => (r as QueueSummary).consumers.find((c) => c.name === 'slow-1')!.held, { sets: UNLIMITED, says: [1000, 99_999] }),
  q.measured('depth reads {0}.', 'показывает {0}.', (r) => r.depth.final, { sets: UNLIMITED }),
] satisfies Entry[];
