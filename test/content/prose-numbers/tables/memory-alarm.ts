import { queue as q, meanOf, type Entry } from '../ledger.ts';
import type { QueueScenario } from '../../../../src/scenario/schema.ts';
import type { QueueSummary } from '../../../../src/run/models/queue/data.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';

const KiB = 1024;
const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const checkout = (s: QueueScenario) => s.producers[0];
const payments = (s: QueueScenario) => s.producers[1];
const pool = (s: QueueScenario) => s.consumers[0];
const slow = (s: QueueScenario) => s.faults.find((f) => f.kind === 'slow-downstream')!;
const node = (s: QueueScenario) => (s.queue.type === 'rabbitmq' ? s.queue.node! : null)!;
const pub = (r: QueueSummary, i: number) => r.producers[i].publish!;
/** When the node's log first says the memory alarm was set. */
const alarmAt = (log: LogEntry[]) => log.find((e) => e.text.startsWith('memory resource limit alarm set'))!.t;

export default [
  q.input('publishes {400} orders', 'публикует {400} заказов', (s) => checkout(s).rate),
  q.input('orders a second, {16} KiB each', 'в секунду по {16} КиБ', (s) => checkout(s).recordBytes / KiB),
  q.input('with {1} GiB of RAM', 'с {1} ГиБ RAM', (s) => node(s).total_memory_available_override_value / GiB),
  q.input('its {10} consumers', 'её {10} консьюмеров', (s) => pool(s).count),
  q.derived('handle {500} a second', 'обрабатывают {500} в секунду', (s) => pool(s).count / meanOf(pool(s).processing.time)),
  q.input('At t = {60} s their', 'В t = {60} с их', (s) => slow(s).at),
  q.input('slows ×{4} for', 'замедляется в {4} раза', (s) => (slow(s) as { factor: number }).factor),
  q.input('for {300} s.', 'на {300} с.', (s) => (slow(s) as { duration: number }).duration),
  q.input('publishes {50} messages', 'публикует {50} сообщений', (s) => payments(s).rate),
  q.input('body plus {1} KiB of RAM', 'плюс {1} КиБ RAM', (s) => node(s).messageOverhead / KiB),
  q.fact('(RabbitMQ before {3.12})', 'очереди версии {1})', 'versions: RabbitMQ 3.12 made classic queues version 2 (which keep messages on disk) the default; the Russian text names version 1, the kind that kept them in memory'),
  q.input('over {128} MiB for', 'сверх {128} МиБ', (s) => node(s).baseMemory / MiB),
  q.measured('until at t = {167} s it', 'пока в t = {167} с она', (_r, { log }) => alarmAt(log), { within: 0.5 }),
  q.input('— {0.6} of the RAM', '— {0,6} от RAM', (s) => node(s)['vm_memory_high_watermark.relative']),
  q.derived('of the RAM, {614} MiB', 'от RAM, {614} МиБ', (s) => Math.floor(node(s)['vm_memory_high_watermark.relative'] * node(s).total_memory_available_override_value) / MiB, { within: 0.5 }),
  q.input('publish after {1} s', 'публикацию через {1} с', (s) => payments(s).blockedTimeout! / 1000),
  q.measured('publish after 1 s: {8,868} of', 'через 1 с: {8868} из', (r) => pub(r, 1).timedOut),
  q.measured('of its {23,809} messages', 'из его {23 809} сообщений', (r) => pub(r, 1).calls),
  q.input(['gives up after {5} s', 'rather than after {5} s'], ['бросает через {5} с', 'а не через {5} с'], (s) => checkout(s).blockedTimeout! / 1000),
  q.measured('s, {50,877} times', 'с, {50 877} раз', (r) => pub(r, 0).timedOut),
  q.measured('is set {18} times', 'взводится {18} раз', (r) => r.node!.alarms),
  q.measured('blocked for {196} s', 'заблокированы {196} с', (r) => r.node!.alarmTime),
  q.input(['x-max-length {20,000} with reject-publish', 'x-max-length {20,000} (best'], ['x-max-length {20 000} с reject-publish', 'x-max-length {20 000} (лучше'], (s) => (s.queue.type === 'rabbitmq' ? s.queue['x-max-length']! : NaN), { fix: true }),
  q.measured('more than {462} MiB', 'больше {462} МиБ', (r) => r.node!.memoryMax / MiB, { fix: true, within: 0.5 }),
  q.measured('at once instead: {62,013}', 'сразу: {62 013}', (r) => r.publishRejected, { fix: true }),
] satisfies Entry[];
