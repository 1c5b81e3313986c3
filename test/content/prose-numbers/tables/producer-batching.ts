import { cluster as c, type Entry } from '../ledger.ts';
import type { ClusterScenario } from '../../../../src/scenario/schema.ts';
import type { ClusterSummary } from '../../../../src/run/models/cluster/data.ts';
import { readFileSync } from 'node:fs';
import { parseLesson } from '../../../../src/content/lesson.ts';

/** The Watch's sweep, as the lesson sets it up (front matter `sweep:`): its first and last points. */
const sweep = parseLesson(readFileSync('scenarios/lessons/producer-batching.en.md', 'utf8'), 'producer-batching.en.md').sweep!;
const point = (i: number) => ({ sets: [`${sweep.param}=${sweep.from + ((sweep.to - sweep.from) * i) / (sweep.steps - 1)}`] });
const [first, last] = [point(0), point(sweep.steps - 1)];

/** The Why's three runs: batch.size 128 KiB (room for hundreds of records), linger.ms 0, 5 and 20. */
const at = (linger: number) => ({ sets: ['producers.0.batch.size=131072', `producers.0.linger.ms=${linger}`] });
const p = (s: ClusterScenario) => s.producers[0];
/** Records a batch holds at most: batch.size over the record. */
const perBatch = (s: ClusterScenario) => Math.floor(p(s)['batch.size'] / p(s).recordBytes);
/** Partitions a broker leads (spread evenly). */
const perBroker = (s: ClusterScenario) => s.topic.partitions / s.cluster.brokers;
const p99ms = (r: ClusterSummary) => 1000 * r.produceLatency.p99!;
const busy = (r: ClusterSummary) => 100 * r.io!.busiest;

export default [
  // Title, one line, fix hint.
  c.derived('{Four} records a batch', '{Четыре} записи в батче', perBatch),
  c.input('linger.ms={20}, batch.size=128 KiB', 'linger.ms={20}, batch.size=128 КиБ', (s) => p(s)['linger.ms'], { fix: true }),
  c.input('linger.ms=20, batch.size={128} KiB', 'linger.ms=20, batch.size={128} КиБ', (s) => p(s)['batch.size'] / 1024, { fix: true }),

  // Story.
  c.input(['sends {40,000} events', 'below the {40,000} offered'], ['отправляет {40 000} событий', 'меньше отправляемых {40 000}'], (s) => p(s).rate),
  c.input('a second of {512} bytes', 'по {512} байт', (s) => p(s).recordBytes),
  c.input('a topic of {12} partitions', 'из {12} партиций', (s) => s.topic.partitions),
  c.input('partitions on {3} brokers, acks', 'на {3} брокерах', (s) => s.cluster.brokers),
  c.input('linger.ms={0} and batch.size=2048, so', 'linger.ms={0} и batch.size=2048, так', (s) => p(s)['linger.ms']),
  c.input('linger.ms=0 and batch.size={2048}, so', 'linger.ms=0 и batch.size={2048}, так', (s) => p(s)['batch.size']),
  c.derived('holds at most {4} records', 'не больше {4} записей', perBatch),
  c.input('handler {3} ms plus', 'на {3} мс плюс', (s) => s.timing['request.ms']!),
  c.input('{10} ms per MiB. These', '{10} мс на МиБ. Эти', (s) => s.timing['request.ms.per.MiB']!),
  c.fact('about {ten} times a real', 'примерно {вдесятеро} выше', 'QueueLab’s assumed 3 ms per request against the 0.1–0.3 ms a real broker spends on a small produce request (the order of magnitude, not a measurement)'),

  // Watch.
  c.measured(['about {590} a second, 16', 'drop from about {590} to', 'That is about {590} requests'], ['около {590} в секунду, по', 'не около {590}, а', 'Это около {590} запросов'], (r) => r.requests.perSecond!, { within: 5 }),
  c.measured('{16} records each —', 'по {16} записей —', (r) => r.requests.batchRecords!),
  c.derived('a batch of {4} from each of the 4', 'по батчу из {4} записей', perBatch),
  c.derived('each of the {4} partitions a broker', 'каждой из {4} партиций', perBroker),
  c.measured('stalls near {9,450} records', 'примерно в {9450} записей', (r) => r.throughput!, { within: 10 }),
  c.measured('are about {8} % busy', 'заняты примерно на {8} %', busy),
  c.measured('climbs to about {7.2} s', 'растёт примерно до {7,2} с', (r) => r.produceLatency.p99!),
  // The sweep the Watch sets up: batch.size from its first point to its last.
  c.input('batch.size from {2} to 10 KiB', 'batch.size от {2} до 10 КиБ', (s) => p(s)['batch.size'] / 1024, first),
  c.input('from 2 to {10} KiB', 'от 2 до {10} КиБ', (s) => p(s)['batch.size'] / 1024, last),
  c.measured('to all {40,000} a second at', 'до всех {40 000} в секунду', (r) => r.throughput!, { ...last, within: 200 }),
  c.input('a second at {10} KiB', 'в секунду при {10} КиБ', (s) => p(s)['batch.size'] / 1024, last),
  c.measured('falls from about {7.2} s', 'падает примерно с {7,2} с', (r) => r.produceLatency.p99!, first),
  c.measured('to about {35} ms.', 'до {35} мс.', p99ms, last),
  c.input('its {32} MiB buffer.memory', 'buffer.memory в {32} МиБ', (s) => p(s)['buffer.memory'] / 1_048_576, { kafkaDefault: 'producer.buffer.memory' }),
  c.measured('full, at about {2} s;', 'примерно к {2} с;', (r) => r.buffer.firstBlockedAt!),

  // Why.
  c.input('{3} ms of handling', '{3} мс обработки', (s) => s.timing['request.ms']!),
  c.measured('followers, about {5} ms.', 'acks=all, около {5} мс.', (r, { s }) => (1000 * s.cluster.brokers) / r.requests.perSecond!),
  c.input('from the {3} brokers', 'от {3} брокеров', (s) => s.cluster.brokers),
  c.derived('stops a batch at {4} records', 'останавливает батч на {4} записях', perBatch),
  c.derived('{16} records a request', '{16} записей на запрос', (s) => perBatch(s) * perBroker(s)),
  c.measured('about {9,450} a second; the', 'около {9450} в секунду; остальные', (r) => r.throughput!, { within: 10 }),
  c.measured('the other {30,500} a second', 'остальные {30 500} в секунду', (r, { s }) => p(s).rate - r.throughput!, { within: 100 }),
  c.input('max.in.flight.requests.per.connection={5} only', 'max.in.flight.requests.per.connection={5} лишь', (s) => p(s)['max.in.flight.requests.per.connection'], { kafkaDefault: 'producer.max.in.flight.requests.per.connection' }),
  c.input('and linger.ms={0} is not', 'и linger.ms={0} ни при', (s) => p(s)['linger.ms']),
  c.input('With batch.size={131072} the same', 'С batch.size={131072} тот же', (s) => p(s)['batch.size'], { fix: true }),
  // linger.ms 0 with room in the batch.
  c.input('at linger.ms {0}: all', 'при linger.ms {0}: подтверждаются', (s) => p(s)['linger.ms'], at(0)),
  c.measured('all {40,000} records a second acknowledged', 'все {40 000} записей в секунду, p99', (r) => r.throughput!, { ...at(0), within: 200 }),
  c.measured(['acknowledged, p99 about {32} ms', 'against {32} ms with'], ['в секунду, p99 около {32} мс', 'против {32} мс при'], p99ms, at(0)),
  c.measured('{71} records a request', '{71} запись на запрос', (r) => r.requests.batchRecords!, at(0)),
  // linger.ms 5: the same numbers (the batches wait behind the request at the broker longer than 5 ms).
  c.input("linger.ms {5} (Kafka 4's", 'linger.ms {5} (по умолчанию', (s) => p(s)['linger.ms'], { ...at(5), kafkaDefault: 'producer.linger.ms' }),
  c.fact("(Kafka {4}'s default)", '(по умолчанию в Kafka {4})', 'linger.ms became 5 by default in Kafka 4.0 (KIP-1030)'),
  // linger.ms 20.
  c.input('linger.ms {20}: p99', 'linger.ms {20}: p99', (s) => p(s)['linger.ms'], at(20)),
  c.measured('20: p99 about {27} ms', '20: p99 около {27} мс', p99ms, at(20)),
  c.measured('{268} records a request.', '{268} записей на запрос.', (r) => r.requests.batchRecords!, at(20)),

  // Fix.
  c.input('linger.ms={20} and batch.size=131072: each', 'linger.ms={20} и batch.size=131072: батч', (s) => p(s)['linger.ms'], { fix: true }),
  c.input('linger.ms=20 and batch.size={131072}: each', 'linger.ms=20 и batch.size={131072}: батч', (s) => p(s)['batch.size'], { fix: true }),
  c.input('waits up to {20} ms', 'ждёт до {20} мс', (s) => p(s)['linger.ms'], { fix: true }),
  c.measured('carries about {268} records', 'несёт около {268} записей', (r) => r.requests.batchRecords!, { fix: true }),
  c.measured('from about {137} KB', 'примерно со {137} КБ', (r) => r.requests.batchBytes! / 1000, at(20)),
  c.measured('to about {62} KB', 'до {62} КБ в сети', (r) => r.requests.batchBytes! / 1000, { fix: true }),
  c.measured('to about {150} a second', 'а около {150} в секунду', (r) => r.requests.perSecond!, { fix: true, within: 5 }),
  c.measured('and all {40,000} records a second are', '{40 000} записей в секунду.', (r) => r.throughput!, { fix: true, within: 200 }),
  c.measured('p99 about {27} ms, against', 'p99 около {27} мс против', p99ms, { fix: true }),
  c.input('with linger.ms {0} and room', 'при linger.ms {0} и просторном', (s) => p(s)['linger.ms'], at(0)),
] satisfies Entry[];
