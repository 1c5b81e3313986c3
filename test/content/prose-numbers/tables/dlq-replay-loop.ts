import { queue as q, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';

type Poison = Extract<QueueScenario['faults'][number], { kind: 'poison' }>;
const poison = (s: QueueScenario) => s.faults[0] as Poison;
const redrives = (s: QueueScenario) => s.faults.filter((f) => f.kind === 'redrive').map((f) => f.at);
const maxReceive = (s: QueueScenario) => (s.queue.type === 'sqs' ? s.queue.RedrivePolicy!.maxReceiveCount : NaN);
/** Seconds from a redrive until its messages are back in the DLQ (the first move after it). */
const backAfter = (log: { t: number; text: string }[], at: number) => log.find((e) => e.t > at && e.text.includes('moved to orders-dlq'))!.t - at;

export default [
  q.input(['{Twenty} broken orders', 'the same {twenty} land', 's {twenty} orders with', 'these {twenty} orders', 'redrive the {twenty} are'], ['{Двадцать} битых', 'те же {двадцать}', 'приходят {двадцать}', 'эти {двадцать} заказов', 'redrive {двадцать} заказов'], (s) => poison(s).count),
  q.derived(['redrive every {5} minutes', 'It fires every {5} minutes'], ['redrive каждые {5} минут', 'срабатывает каждые {5} минут'], (s) => (redrives(s)[1] - redrives(s)[0]) / 60),
  q.input('t = {30} s', 't = {30} с', (s) => poison(s).at),
  q.input(['after {3} receives', 'fails {3} more times', 'ApproximateReceiveCount {3} reached', 'reached maxReceiveCount {3}'], ['после {3} получений', 'ещё {3} раза', 'ApproximateReceiveCount {3} reached', 'reached maxReceiveCount {3}'], maxReceive),
  q.input('t = {300}, {600} and {900} s', 't = {300}, {600} и {900} с', (s) => redrives(s).join(',') === '300,600,900' ? 1 : NaN, { says: 1 }),
  q.measured('depth chart: {20}, then', 'очереди: {20}, при', (r, { log }) => log.filter((e) => e.t < 300 && e.text.includes('moved to orders-dlq')).reduce((n, e) => n + e.count, 0)),
  q.measured('then {0} at each redrive', 'redrive — {0}, и', (r, { log }) => log.filter((e) => e.text.startsWith('redrive:') && !e.text.startsWith('redrive: 20 messages moved back')).length),
  q.measured('back to {20} a minute', 'снова {20}.', (r) => r.dlqDepth),
  q.measured(['a minute and a {half} later'], [], (r, { s, log }) => Math.max(...redrives(s).map((at) => backAfter(log, at))), { says: 90, within: 5 }),
  q.measured('counter: {20} at the end', 'в конце {20}', (r) => r.dlqDepth),
  q.measured(['says {80} were moved', 'drops from {80} to'], ['переезжало {80} раз', 'вместо {80}'], (r) => r.deadLettered),
  q.input('there — {20} messages', 'раз — {20} сообщений', (s) => poison(s).count),
  q.derived('each one {4} times', 'каждое по {4} раза', (s) => 1 + redrives(s).length),
  q.measured('“redrive: {20} messages moved back', '«redrive: {20} messages moved back', (r, { log }) => Number(/redrive: (\d+) messages moved back/.exec(log.find((e) => e.text.startsWith('redrive:'))!.text)![1])),
  q.measured('“m-{615} moved', '«m-{615} moved', (r, { log }) => Number(/^m-(\d+) moved to orders-dlq/.exec(log.find((e) => e.text.includes('moved to orders-dlq'))!.text)![1])),
  q.measured('“{20} parked (replayed {1} times already)”', '«{20} parked (replayed {1} times already)»', (r, { log }) => (log.some((e) => e.text.endsWith('20 parked (replayed 1 times already)')) ? 1 : NaN), { fix: true, says: 1 }),
  q.measured('to {40}, and', 'DLQ {40} вместо', (r) => r.deadLettered, { fix: true }),
] satisfies Entry[];
