import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import type { ClusterSummary } from '../../../../src/run/models/cluster/data.ts';
import { readFileSync } from 'node:fs';
import { parseLesson } from '../../../../src/content/lesson.ts';

/** The Watch's sweep, as the lesson sets it up (front matter `sweep:`): its first, third and last points. */
const sweep = parseLesson(readFileSync('scenarios/lessons/producer-batching.en.md', 'utf8'), 'producer-batching.en.md').sweep!;
const point = (i: number) => ({ sets: [`${sweep.param}=${sweep.from + ((sweep.to - sweep.from) * i) / (sweep.steps - 1)}`] });
const [first, third, last] = [point(0), point(2), point(sweep.steps - 1)];

/** The Why's three runs: batch.size 128 KiB (room for hundreds of records), linger.ms 0, 5 and 20. */
const at = (linger: number) => ({ sets: ['producers.0.batch.size=131072', `producers.0.linger.ms=${linger}`] });
const p = (s: ClusterScenario) => s.producers[0];
/** Records per request at most: batch.size over the record. */
const perBatch = (s: ClusterScenario) => Math.floor(p(s)['batch.size'] / p(s).recordBytes);
/** A handler's time for one full request, ms: request.ms + its bytes × request.ms.per.MiB. */
const costMs = (s: ClusterScenario) => s.timing['request.ms']! + (p(s)['batch.size'] / 1_048_576) * s.timing['request.ms.per.MiB']!;
/** Requests per second the cluster's handlers can serve: brokers × num.io.threads ÷ cost (leaders spread evenly: 4 partitions each). */
const capacity = (s: ClusterScenario) => (s.cluster.brokers * s.cluster['num.io.threads'] * 1000) / costMs(s);
const p99ms = (r: ClusterSummary) => 1000 * r.produceLatency.p99!;
const busy = (r: ClusterSummary) => 100 * r.io!.busiest;
const idlest = (r: ClusterSummary) => 100 * Math.min(...r.io!.utilisation);

export default [
  // Title, one line, fix hint.
  c.derived('{Four} records per produce request', '{Четыре} записи на запрос', perBatch),
  c.input('linger.ms={20}, batch.size=128 KiB', 'linger.ms={20}, batch.size=128 КиБ', (s) => p(s)['linger.ms'], { fix: true }),
  c.input('linger.ms=20, batch.size={128} KiB', 'linger.ms=20, batch.size={128} КиБ', (s) => p(s)['batch.size'] / 1024, { fix: true }),

  // Story.
  c.input('sends {40,000} events', 'отправляет {40 000} событий', (s) => p(s).rate),
  c.input('a second of {512} bytes', 'по {512} байт', (s) => p(s).recordBytes),
  c.input('a topic of {12} partitions', 'из {12} партиций', (s) => s.topic.partitions),
  c.input('partitions on {3} brokers, acks', 'на {3} брокерах', (s) => s.cluster.brokers),
  c.input('linger.ms={0} and batch.size=2048, so', 'linger.ms={0} и batch.size=2048, так', (s) => p(s)['linger.ms']),
  c.input('linger.ms=0 and batch.size={2048}, so', 'linger.ms=0 и batch.size={2048}, так', (s) => p(s)['batch.size']),
  c.derived('carries at most {4} records', 'не больше {4} записей', perBatch),
  c.input(['handler {3} ms plus', 'the fixed {3} ms dwarfs'], ['на {3} мс плюс', 'постоянные {3} мс'], (s) => s.timing['request.ms']!),
  c.input('{10} ms per MiB, and each', '{10} мс на МиБ, а', (s) => s.timing['request.ms.per.MiB']!),
  c.input("Kafka's {8} handler threads", 'у каждого брокера {8} потоков', (s) => s.cluster['num.io.threads'], { kafkaDefault: 'topicAndBroker.num.io.threads' }),
  c.fact('about {ten} times a real', 'примерно {вдесятеро} выше', 'QueueLab’s assumed 3 ms per request against the 0.1–0.3 ms a real broker spends on a small produce request (the order of magnitude, not a measurement)'),

  // Watch.
  c.measured('about {7,950} a second, 4 records', 'около {7950} в секунду', (r) => r.requests.perSecond!, { within: 10 }),
  c.measured('{4} records each —', 'в секунду, по {4} записи', (r) => r.requests.batchRecords!),
  c.measured('stay about {4} times the requests', 'примерно в {4} раза больше', (r) => r.throughput! / r.requests.perSecond!, { within: 0.05 }),
  c.measured('every broker are {100} % busy', 'каждого брокера заняты на {100} %', idlest, { within: 0.5 }),
  c.measured('stalls near {31,800} records', 'примерно в {31 800} записей', (r) => r.throughput!, { within: 50 }),
  c.input('below the {40,000} offered', 'меньше отправляемых {40 000}', (s) => p(s).rate),
  c.measured('climbs to about {2.4} s', 'растёт примерно до {2,4} с', (r) => r.produceLatency.p99!),
  c.input('its {32} MiB buffer.memory', 'buffer.memory в {32} МиБ', (s) => p(s)['buffer.memory'] / 1_048_576, { kafkaDefault: 'producer.buffer.memory' }),
  c.measured('full, at about {8} s;', 'примерно к {8} с;', (r) => r.buffer.firstBlockedAt!, { within: 0.5 }),
  c.input('batch.size from {1} to 5 KiB', 'batch.size от {1} до 5 КиБ', (s) => p(s)['batch.size'] / 1024, first),
  c.input('from 1 to {5} KiB', 'от 1 до {5} КиБ', (s) => p(s)['batch.size'] / 1024, last),
  c.measured('from about {15,900} to', 'примерно с {15 900} до', (r) => r.throughput!, { ...first, within: 50 }),
  c.measured('to {40,000} a second and p99', 'до {40 000} в секунду, а p99', (r) => r.throughput!, { ...third, within: 200 }),
  c.measured('from about {4.4} s', 'примерно с {4,4} с', (r) => r.produceLatency.p99!, first),
  c.measured('to about {11} ms once', 'до {11} мс, как только', p99ms, last),
  c.derived('room for {6} records', 'место для {6} записей', perBatch, third),

  // Why.
  c.fact('with {1} record or {1,000}', 'с {1} записью и с {1000}', 'an illustration: the per-request cost does not depend on the records, only the per-byte one does'),
  c.input('({2} KiB cost', '({2} КиБ —', (s) => p(s)['batch.size'] / 1024),
  c.derived('cost {0.02} ms)', '— {0,02} мс)', (s) => costMs(s) - s.timing['request.ms']!),
  c.input('So {3} brokers', 'Поэтому {3} брокера', (s) => s.cluster.brokers),
  c.input('× {8} threads', '× {8} потоков', (s) => s.cluster['num.io.threads']),
  c.derived('÷ {3.02} ms', '÷ {3,02} мс', costMs),
  c.derived('is about {7,950} requests', 'около {7950} запросов', capacity, { within: 10 }),
  c.derived('with {4} records each', 'а по {4} записи', perBatch),
  c.derived('each about {31,800} records a second;', 'около {31 800} записей в секунду;', (s) => capacity(s) * perBatch(s), { within: 50 }),
  c.derived('the other {8,200} a second', 'остальные {8200} в секунду', (s) => p(s).rate - capacity(s) * perBatch(s), { within: 50 }),
  c.input('linger.ms={0} alone', 'не только в linger.ms={0}', (s) => p(s)['linger.ms']),
  c.input('while its {5} requests per partition', 'пока {5} запросов партиции', (s) => p(s)['max.in.flight.requests.per.connection'], { kafkaDefault: 'producer.max.in.flight.requests.per.connection' }),
  c.derived('stops that at {4}.', 'batch.size на {4} записях', perBatch),
  c.input('With batch.size={131072} the same', 'С batch.size={131072} тот же', (s) => p(s)['batch.size'], { fix: true }),
  // linger.ms 0 with room in the batch.
  c.input('at linger.ms {0}: all', 'при linger.ms {0}: подтверждаются', (s) => p(s)['linger.ms'], at(0)),
  c.measured('all {40,000} records a second acknowledged', 'все {40 000} записей в секунду, p99', (r) => r.throughput!, { ...at(0), within: 200 }),
  c.measured('acknowledged, p99 about {11} ms', 'в секунду, p99 около {11} мс', p99ms, at(0)),
  c.measured('{5.0} records a request', '{5,0} записи на запрос', (r) => r.requests.batchRecords!, at(0)),
  c.measured('the handlers {100} % busy;', 'заняты на {100} %;', busy, { ...at(0), within: 0.5 }),
  // linger.ms 5.
  c.input("linger.ms {5} (Kafka 4's", 'linger.ms {5} (по умолчанию', (s) => p(s)['linger.ms'], { ...at(5), kafkaDefault: 'producer.linger.ms' }),
  c.fact("(Kafka {4}'s default)", '(по умолчанию в Kafka {4})', 'linger.ms became 5 by default in Kafka 4.0 (KIP-1030)'),
  c.measured("default): p99 about {11} ms", 'Kafka 4): p99 около {11} мс', p99ms, at(5)),
  c.measured('{17.7} records a request', '{17,7} записи на запрос', (r) => r.requests.batchRecords!, at(5)),
  c.measured('the handlers {29} % busy;', 'заняты на {29} %;', busy, at(5)),
  // linger.ms 20.
  c.input('linger.ms {20}: p99', 'linger.ms {20}: p99', (s) => p(s)['linger.ms'], at(20)),
  c.measured('20: p99 about {25} ms', '20: p99 около {25} мс', p99ms, { ...at(20), within: 1 }),
  c.measured('{67.7} records a request', '{67,7} записи на запрос', (r) => r.requests.batchRecords!, at(20)),
  c.measured('the handlers {8} % busy.', 'заняты на {8} %.', busy, at(20)),

  // Fix.
  c.input('linger.ms={20} and batch.size=131072: each', 'linger.ms={20} и batch.size=131072: батч', (s) => p(s)['linger.ms'], { fix: true }),
  c.input('linger.ms=20 and batch.size={131072}: each', 'linger.ms=20 и batch.size={131072}: батч', (s) => p(s)['batch.size'], { fix: true }),
  c.input('waits up to {20} ms', 'ждёт до {20} мс', (s) => p(s)['linger.ms'], { fix: true }),
  c.measured('carries about {68} records', 'несёт около {68} записей', (r) => r.requests.batchRecords!, { fix: true }),
  c.measured('from about {35} KB', 'примерно с {35} КБ', (r) => r.requests.batchBytes! / 1000, at(20)),
  c.measured('to about {16} KB', 'до {16} КБ в сети', (r) => r.requests.batchBytes! / 1000, { fix: true }),
  c.measured('drop from about {7,950}', 'не около {7950}', (r) => r.requests.perSecond!, { within: 10 }),
  c.measured('to about {590} a second', 'а около {590} в секунду', (r) => r.requests.perSecond!, { fix: true, within: 5 }),
  c.measured('the handlers are {8} % busy', 'заняты на {8} %, и', busy, { fix: true }),
  c.measured('and all {40,000} records a second are', '{40 000} записей в секунду.', (r) => r.throughput!, { fix: true, within: 200 }),
  c.measured('p99 rises from {11} ms', 'p99 растёт с {11} мс', p99ms, at(0)),
  c.input('(what linger.ms {0} would give', '(столько дал бы linger.ms {0}', (s) => p(s)['linger.ms'], at(0)),
  c.measured('to about {25} ms — bounded', 'примерно до {25} мс', p99ms, { fix: true, within: 1 }),
] satisfies Entry[];
