import { queue as q, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';

type Outage = Extract<QueueScenario['faults'][number], { kind: 'dependency-outage' }>;
const outage = (s: QueueScenario) => s.faults[0] as Outage;
const rabbit = (s: QueueScenario) => (s.queue.type === 'rabbitmq' ? s.queue : null)!;

export default [
  q.input(['down {90} s', 'down for {90} s'], ['лежит {90} с', 'ложится на {90} с'], (s) => outage(s).duration),
  q.input(['a minute and a {half} later'], [], (s) => outage(s).duration, { says: 90 }),
  q.input(['TTL {30} s', 'TTL ({30} s)', 'up to {30} s of extra'], ['TTL {30} с', 'TTL ({30} с)', 'до {30} с лишней'], (s) => rabbit(s).retry!['x-message-ttl'] / 1000, { fix: true }),
  q.input('({50} a second)', '({50} в секунду)', (s) => s.producers[0].rate),
  q.input('to {5} workers', 'к {5} воркерам', (s) => s.consumers[0].count),
  q.input('t = {120} s', 't = {120} с', (s) => outage(s).at),
  q.measured('about {1,050} jobs', 'около {1050} задач', (r) => r.dropped, { within: 25 }),
  q.measured(['requeues: about {22,000}', 'drop from about {22,000}'], ['около {22 000}.', 'вместо {22 000}'], (r) => r.requeued, { within: 1000 }),
  // Deleted between 5 s into the outage and 5 s before its end (runs cut at those instants).
  q.measured('Throughput: {zero} through', 'способность: {ноль} всё', (r, { s, run }) => {
    const deleted = (t: number) => (run('delayed-delivery', `duration=${t}`).summary as typeof r).deleted;
    return deleted(outage(s).at + outage(s).duration - 5) - deleted(outage(s).at + 5);
  }),
  q.measured('about {250} times a second', 'примерно {250} раз', (r, { s }) => r.failures / outage(s).duration, { within: 10 }),
  q.fact('(receive {2}): dependency unavailable”, receive {3}, {4} …', '(receive {2}): dependency unavailable», потом receive {3}, {4} …', 'the delivery count in the log lines, counting up (the log shows them)'),
  q.input(['its {20} deliveries', 'a delivery limit of {20}'], ['её {20} доставок', 'delivery limit {20}'], (s) => rabbit(s)['x-delivery-limit']!),
  q.fact('RabbitMQ {4} gives', 'RabbitMQ {4} даёт', 'the RabbitMQ version whose quorum queues default to a delivery limit of 20'),
  q.input('up to {8} attempts', 'до {8} попыток', (s) => rabbit(s).retry!.maxAttempts, { fix: true }),
  q.input('instead of {twenty}', [], (s) => rabbit(s)['x-delivery-limit']!),
  q.measured('to about {8,800}', 'около {8800}', (r) => r.failures, { fix: true, within: 200 }),
  q.measured('from about {63} s', 'примерно с {63}', (r) => r.p99!, { within: 2 }),
  q.measured('s to {90} s.', 'до {90} с.', (r) => r.p99!, { fix: true, within: 2 }),
] satisfies Entry[];
