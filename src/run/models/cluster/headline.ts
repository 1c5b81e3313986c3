/**
 * The cluster model's headline metrics (see `src/run/headline.ts`): the few numbers its stories are
 * about. Where the meaning is another model's, the id is the same (lost, duplicates, p99 = the
 * first consumer's end-to-end p99, throughput = records acknowledged per second, stored).
 * requestRate, batchRecords and handlerBusy are the broker I/O lesson's (handlerBusy is null
 * unless produce requests cost handler time); sendP99 … clientP99 the producer buffer's (the web
 * front's are null without one).
 */
import type { MetricDef } from '../../headline.ts';
import type { ClusterSummary } from './data.ts';

const first = (s: ClusterSummary) => s.consumers[0] ?? null;
const outputReader = (s: ClusterSummary) => s.consumers.find((c) => c.reads === 'output') ?? null;

export const CLUSTER_HEADLINE: readonly MetricDef<ClusterSummary>[] = [
  { id: 'lost', label: { en: 'Acknowledged, then lost', ru: 'Подтверждено, но потеряно' }, unit: 'records', better: 'lower', value: (s) => s.lost },
  { id: 'failed', label: { en: 'Failed to the producer', ru: 'Ошибка у продюсера' }, unit: 'records', better: 'lower', value: (s) => s.records.failed },
  { id: 'duplicates', label: { en: 'Duplicates in the log', ru: 'Дубли в логе' }, unit: 'records', better: 'lower', value: (s) => s.duplicates },
  { id: 'unavailable', label: { en: 'Unavailable partition-seconds', ru: 'Недоступность, партиция·с' }, unit: 'partition-s', better: 'lower', value: (s) => s.unavailable.total },
  { id: 'notEnoughReplicas', label: { en: 'NOT_ENOUGH_REPLICAS errors', ru: 'Ошибки NOT_ENOUGH_REPLICAS' }, unit: 'count', better: 'lower', value: (s) => s.notEnoughReplicas },
  { id: 'produceP99', label: { en: 'Produce latency p99', ru: 'Задержка записи p99' }, unit: 's', better: 'lower', value: (s) => s.produceLatency.p99 },
  { id: 'produceP50', label: { en: 'Produce latency p50', ru: 'Задержка записи p50' }, unit: 's', better: 'lower', value: (s) => s.produceLatency.p50 },
  { id: 'throughput', label: { en: 'Throughput (acknowledged)', ru: 'Пропускная способность (подтверждено)' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput },
  { id: 'requestRate', label: { en: 'Produce requests', ru: 'Запросов produce' }, unit: 'per-s', better: 'lower', value: (s) => s.requests.perSecond },
  { id: 'batchRecords', label: { en: 'Records per request', ru: 'Записей на запрос' }, unit: 'count', better: 'higher', value: (s) => s.requests.batchRecords },
  { id: 'handlerBusy', label: { en: 'Request handlers busy (busiest broker)', ru: 'Занятость обработчиков (самый загруженный брокер)' }, unit: 'fraction', better: 'lower', value: (s) => s.io?.busiest ?? null },
  { id: 'p99', label: { en: 'End-to-end p99 (first consumer)', ru: 'Сквозная задержка p99 (первый консьюмер)' }, unit: 's', better: 'lower', value: (s) => first(s)?.e2e.p99 ?? null },
  { id: 'outputDuplicates', label: { en: 'Duplicate outputs read', ru: 'Прочитано дублей на выходе' }, unit: 'records', better: 'lower', value: (s) => outputReader(s)?.duplicates ?? null },
  { id: 'abortedSkipped', label: { en: 'Aborted records skipped', ru: 'Пропущено отменённых записей' }, unit: 'records', better: 'none', value: (s) => outputReader(s)?.abortedSkipped ?? null },
  { id: 'electionTime', label: { en: 'Time to elect all leaders', ru: 'Время выбора всех лидеров' }, unit: 's', better: 'lower', value: (s) => s.electionTime.max },
  { id: 'crossRack', label: { en: 'Cross-rack bytes read', ru: 'Байт прочитано между стойками' }, unit: 'bytes', better: 'lower', value: (s) => s.consumers.reduce((a, c) => a + c.crossRackBytes, 0) },
  { id: 'uncleanElections', label: { en: 'Unclean elections', ru: 'Нечистые выборы' }, unit: 'count', better: 'lower', value: (s) => s.elections.unclean },
  { id: 'stored', label: { en: 'Stored on the brokers', ru: 'Хранится на брокерах' }, unit: 'records', better: 'none', value: (s) => s.stored },
  // The producer's buffer (buffer.memory, max.block.ms) and the web front in front of it.
  { id: 'sendP99', label: { en: 'Time in send() p99', ru: 'Время в send() p99' }, unit: 's', better: 'lower', value: (s) => s.buffer.sendTime.p99 },
  { id: 'blockedPeak', label: { en: 'Most send() calls blocked at once', ru: 'Больше всего ждущих send() разом' }, unit: 'count', better: 'lower', value: (s) => s.buffer.blockedPeak },
  { id: 'blockedMax', label: { en: 'Longest block in send()', ru: 'Самая долгая блокировка send()' }, unit: 's', better: 'lower', value: (s) => s.buffer.blockedMax },
  { id: 'refused', label: { en: 'Refused by send() (BufferExhaustedException)', ru: 'Отказ send() (BufferExhaustedException)' }, unit: 'records', better: 'lower', value: (s) => s.records.refused },
  { id: 'shed', label: { en: 'Shed (answered 202, dropped)', ru: 'Сброшено (ответ 202, запись выброшена)' }, unit: 'records', better: 'lower', value: (s) => s.records.shed },
  { id: 'expired', label: { en: 'Expired (delivery.timeout.ms)', ru: 'Истекло (delivery.timeout.ms)' }, unit: 'records', better: 'lower', value: (s) => s.records.expired },
  { id: 'gateway504', label: { en: 'Upstream 504s', ru: 'Ответов 504 от балансировщика' }, unit: 'count', better: 'lower', value: (s) => s.front?.timeouts ?? null },
  { id: 'answered503', label: { en: 'Requests answered 503', ru: 'Запросов с ответом 503' }, unit: 'count', better: 'lower', value: (s) => s.front?.errors ?? null },
  { id: 'after504', label: { en: '504s whose record was still sent', ru: '504, а запись всё же отправлена' }, unit: 'count', better: 'lower', value: (s) => s.front?.afterTimeout ?? null },
  { id: 'clientP99', label: { en: 'Web clients’ wait p99', ru: 'Ожидание веб-клиентов p99' }, unit: 's', better: 'lower', value: (s) => s.front?.latency.p99 ?? null },
];
