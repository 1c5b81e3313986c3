import { kafka as k, type Entry } from '../ledger.ts';
import type { KafkaScenario } from '../../../../src/scenario/schema.ts';

const threads = (s: KafkaScenario) => s.groups[0].processing.threads;
const stall = (s: KafkaScenario) => (s.groups[0].processing.time as { slow: number }).slow * 1000;

export default [
  k.input(['A {16}-thread pool', 'batch to {16} threads'], ['Пул из {16} потоков', 'по {16} потокам'], threads),
  k.input('hash(key) % {16}', 'hash(key) % {16}', threads, { fix: true, n: 2 }),
  k.input('to {16} workers', 'на {16} воркеров', threads, { fix: true }),
  k.fact(['applies {two} updates', '{200} ms later', '{200} ms younger'], ['применил {два} обновления', 'через {200} мс', 'на {200} мс позже'], 'the story’s example: one user’s two e-mail changes, 200 ms apart'),
  k.input(['stalls for {300} ms', 'A {300} ms stall'], ['замирает на {300} мс', 'Паузы в {300} мс'], stall),
  k.input('Here {300} users', 'Здесь {300} пользователей', (s) => (s.producers[0].keys as { count: number }).count),
  k.input('send {400} updates/s', 'сумме {400} обновлений/с', (s) => s.producers[0].rate),
  k.measured('pass a {hundred}', 'больше {сотни}', (r) => r.orderingViolations, { is: '≥' }),
  k.input('in {five} minutes', 'за {пять} минут', (s) => s.duration / 60),
  k.measured('stay at {0}', 'дублей — {0}', (r) => r.lost + r.duplicates),
  k.fact(null, '{200} OK', 'an HTTP status code'),
  k.measured('drop to {0}', 'нарушений — {0}', (r) => r.orderingViolations, { fix: true }),
] satisfies Entry[];
