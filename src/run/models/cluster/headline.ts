/**
 * The cluster model's headline metrics (see `src/run/headline.ts`): the few numbers its stories are
 * about. Where the meaning is another model's, the id is the same (lost, duplicates, p99 = the
 * first consumer's end-to-end p99, throughput = records acknowledged per second, stored).
 * requestRate, batchRecords and handlerBusy are the broker I/O lesson's (handlerBusy is null
 * unless produce requests cost handler time).
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
];
