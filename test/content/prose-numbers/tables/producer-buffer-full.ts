import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import type { ClusterSummary } from '../../../../src/run/models/cluster/data.ts';
import type { LogEntry } from '../../../../src/sim/model/kafka/event-log.ts';

const p = (s: ClusterScenario) => s.producers[0];
const stall = (s: ClusterScenario) => {
  const f = s.faults.find((x) => x.kind === 'slow-broker');
  if (!f || f.kind !== 'slow-broker') throw new Error('producer-buffer-full: no slow-broker fault');
  return f;
};
/** Records to a batch: batch.size over the record (4 KiB orders in 16 KiB batches). */
const perBatch = (s: ClusterScenario) => Math.floor(p(s)['batch.size'] / p(s).recordBytes);
/** Partitions the slow broker leads: leaders spread evenly (12 partitions on 3 brokers). */
const slowLeads = (s: ClusterScenario) => s.topic.partitions / s.cluster.brokers;
/** Batches a second the slow broker's partitions drain: max.in.flight requests each, answered delay.ms late. */
const drain = (s: ClusterScenario) => (slowLeads(s) * p(s)['max.in.flight.requests.per.connection']) / (stall(s)['delay.ms'] / 1000);
/** Orders a second to the slow broker's partitions (keys spread evenly), and the batches they fill. */
const ordersIn = (s: ClusterScenario) => (p(s).rate * slowLeads(s)) / s.topic.partitions;
const batchesIn = (s: ClusterScenario) => ordersIn(s) / perBatch(s);
/** Batches buffer.memory holds. */
const slots = (s: ClusterScenario) => p(s)['buffer.memory'] / Math.max(p(s)['batch.size'], p(s).recordBytes);
/** When the first log line starting with `text` was written. */
const firstAt = (log: LogEntry[], text: string) => {
  const e = log.find((x) => x.text.includes(text));
  if (!e) throw new Error(`producer-buffer-full: no log line with "${text}"`);
  return e.t;
};
const front = (r: ClusterSummary) => r.front!;
/** The other decision: 202 at once, shedding what does not fit. */
const shed = { sets: ['producers.0.max.block.ms=0', 'producers.0.front.respond=accept-and-shed'] };

export default [
  // HTTP status codes: names, not quantities.
  c.fact(
    ['the gateway answers {504}', 'that answers {504} after', 'ends in a {504}', 'after their {504}', 'long after the {504}', '{504}s: 0 instead', 'behind a {504} that'],
    ['шлюз отвечает {504}', 'через 30 с отвечает {504}', 'кончается ответом {504}', 'после своего {504}', 'давно после {504}', 'Ответов {504}: 0', 'за ответом {504}: повторив'],
    'HTTP 504 Gateway Timeout, a status code; the 0 is checked below',
  ),
  c.fact(['answers {200} when', 'after their {200}'], ['отвечает {200}, когда', 'истекают после {200}'], 'HTTP 200 OK, a status code'),
  c.fact(['fail fast, answer {503}', 'the handler answers {503}', 'requests get a {503}'], ['быстрый отказ, ответ {503}', 'обработчик отвечает {503}', 'запросов получают {503}'], 'HTTP 503 Service Unavailable, a status code'),
  c.fact('answer {202} and shed', 'сразу {202} и сброс', 'HTTP 202 Accepted, a status code'),

  // Title, one line, fix hint.
  c.input('the shared {32} MiB buffer', 'общий буфер {32} МиБ', (s) => p(s)['buffer.memory'] / 1_048_576, { kafkaDefault: 'producer.buffer.memory' }),
  c.input('send() blocks {60} s', 'send() ждёт {60} с', (s) => p(s)['max.block.ms'] / 1000),
  c.input(['max.block.ms={1000}: fail fast', 'max.block.ms={1000}: send() waits'], ['max.block.ms={1000}: быстрый', 'max.block.ms={1000}: send() ждёт'], (s) => p(s)['max.block.ms'], { fix: true }),

  // Story.
  c.input('answers 504 after {30} s', 'который через {30} с', (s) => p(s).front!['timeout.ms'] / 1000),
  c.input('with a {4} KiB order', 'с заказом в {4} КиБ', (s) => p(s).recordBytes / 1024),
  c.input('{500} a second, to', '{500} в секунду, в', (s) => p(s).rate),
  c.input('to {12} partitions on', 'в {12} партиций на', (s) => s.topic.partitions),
  c.input('partitions on {3} brokers', 'партиций на {3} брокерах', (s) => s.cluster.brokers),
  c.input('buffer.memory {32} MiB, max', 'buffer.memory {32} МиБ, max', (s) => p(s)['buffer.memory'] / 1_048_576, { kafkaDefault: 'producer.buffer.memory' }),
  c.input('max.block.ms {60} s, delivery', 'max.block.ms {60} с, delivery', (s) => p(s)['max.block.ms'] / 1000, { kafkaDefault: 'producer.max.block.ms' }),
  c.input('delivery.timeout.ms {120} s.', 'delivery.timeout.ms {120} с.', (s) => p(s)['delivery.timeout.ms'] / 1000, { kafkaDefault: 'producer.delivery.timeout.ms' }),
  c.input(['At t = {20} s the disk', 'fills from t = {20} s'], ['В t = {20} с у брокера', 'с t = {20} с и полон'], (s) => stall(s).at),
  c.input(['disk of broker {2} stalls', 'Broker {2} leads'], ['у брокера {2} зависает', 'Брокер {2} — лидер'], (s) => stall(s).broker),
  c.input('for {4} minutes it answers', '{4} минуты он отвечает', (s) => stall(s).duration / 60),
  c.input(['produce requests {5} s late', 'answered {5} s late'], ['записи на {5} с позже', 'с ответом на {5} с позже'], (s) => stall(s)['delay.ms'] / 1000),

  // Watch.
  c.measured('full at about t = {70} s', 'полон примерно к t = {70} с', (r) => r.buffer.firstBlockedAt!, { within: 1 }),
  c.measured('send() p99 reaches {60} s', 'p99 send() доходит до {60} с', (r) => r.buffer.sendTime.p99!, { within: 0.5 }),
  c.measured(['up to about {30,100} handlers', 'not {30,100}.'], ['до {30 100} обработчиков', 'а не {30 100}.'], (r) => r.buffer.blockedPeak, { within: 100 }),
  c.measured('From about t = {101} s nearly', 'Примерно с t = {101} с почти', (r, { log }) => firstAt(log, '504 Gateway Timeout'), { within: 1 }),
  c.measured(['504: about {75,400} — and', 'instead of about {75,400};'], ['504: около {75 400} — и', '0 вместо около {75 400};'], (r) => front(r).timeouts, { within: 200 }),
  c.measured('and about {27,600} of those orders', 'и около {27 600} из этих заказов', (r) => front(r).afterTimeout, { within: 100 }),
  c.measured('From about t = {131} s: “Buffer', 'Примерно с t = {131} с: «Buffer', (r, { log }) => firstAt(log, 'BufferExhaustedException'), { within: 1 }),
  c.derived('allocate {16384} bytes', 'allocate {16384} bytes', (s) => Math.max(p(s)['batch.size'], p(s).recordBytes)),
  c.input('blocking time {60000} ms', 'blocking time {60000} ms', (s) => p(s)['max.block.ms']),
  c.measured('(about {47,800} orders)', '(около {47 800} заказов)', (r) => r.records.refused, { within: 100 }),
  c.measured('from about t = {142} s: “Expiring', 'примерно с t = {142} с: «Expiring', (r, { log }) => firstAt(log, 'Expiring '), { within: 1 }),
  c.derived('Expiring {4} record(s)', 'Expiring {4} record(s)', perBatch),
  c.input('orders-…:{120000} ms', 'orders-…:{120000} ms', (s) => p(s)['delivery.timeout.ms']),
  c.measured('(about {8,200}).', '(около {8200}).', (r) => r.records.expired, { within: 100 }),

  // Why.
  c.input('holds {16} KiB of it', 'занимает в нём {16} КиБ', (s) => p(s)['batch.size'] / 1024, { kafkaDefault: 'producer.batch.size' }),
  c.derived('leads {4} partitions', 'лидер {4} партиций', slowLeads),
  c.input('with {5} requests in flight', 'по {5} запросов в полёте', (s) => p(s)['max.in.flight.requests.per.connection'], { kafkaDefault: 'producer.max.in.flight.requests.per.connection' }),
  c.derived('drain {4} batches a second', 'это {4} батча в секунду', drain),
  c.derived('while about {42} arrive', 'а приходит около {42}', batchesIn, { within: 0.5 }),
  c.derived('({167} orders a second', '({167} заказов в секунду', ordersIn, { within: 0.5 }),
  c.derived('{4} to a batch)', 'по {4} в батче)', perBatch),
  c.derived('gains about {38} batches', 'прибавляет около {38} батчей', (s) => batchesIn(s) - drain(s), { within: 0.5 }),
  c.derived('its {2,048} are taken', 'все его {2048} заняты', slots),
  c.derived('about {54} s after the stall', 'примерно через {54} с после', (s) => slots(s) / (batchesIn(s) - drain(s)), { within: 0.5 }),
  c.derived('gets about {4} batches a second', 'освобождается около {4} батчей', drain),
  c.input('head has waited {60} s', 'голова не прождёт {60} с', (s) => p(s)['max.block.ms'] / 1000),
  c.fact('client would send twice', 'отправил бы дважды', 'a retry of a request that got a 504 sends its order a second time'),

  // Fix.
  c.input('waits at most {1} s, then', 'ждёт не больше {1} с и падает', (s) => p(s)['max.block.ms'] / 1000, { fix: true }),
  c.measured('504s: {0} instead', 'Ответов 504: {0} вместо', (r) => front(r).timeouts, { fix: true }),
  c.measured('clients wait {1} s at p99', 'клиенты ждут {1} с по p99', (r) => front(r).latency.p99!, { fix: true, within: 0.05 }),
  c.measured('at p99, not {30} s', 'по p99, а не {30} с', (r) => front(r).latency.p99!, { within: 0.5 }),
  c.measured('at most about {590} handlers', 'до {590} обработчиков, а', (r) => r.buffer.blockedPeak, { fix: true, within: 10 }),
  c.measured('About {69,500} requests', 'Около {69 500} запросов', (r) => front(r).errors, { fix: true, within: 100 }),
  c.measured('about {71,900}, not', 'около {71 900}, а не', (r) => r.records.ackedStored, { fix: true, within: 100 }),
  c.measured('not {93,600} —', 'а не {93 600}, —', (r) => r.records.ackedStored, { within: 100 }),
  c.input('(max.block.ms {0}, front', '(max.block.ms {0}, front', (s) => p(s)['max.block.ms'], shed),
  c.measured('drops about {70,000} orders', 'около {70 000} заказов выброшены', (r) => r.records.shed, { ...shed, within: 500 }),
  c.measured('about {8,200} orders still expire', 'около {8200} заказов истекают', (r) => r.records.expired, { fix: true, within: 100 }),
] satisfies Entry[];
