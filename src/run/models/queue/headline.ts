/**
 * The queue model's headline metrics (see `src/run/headline.ts`). Where the meaning is the log
 * model's, the id is the log model's too (lagAge = age of the oldest message not yet deleted,
 * p99, throughput, duplicates, lost, dlq), so compare view can line a queue run up with a log run.
 */
import type { MetricDef } from '../../headline.ts';
import type { QueueSummary } from './data.ts';

export const QUEUE_HEADLINE: readonly MetricDef<QueueSummary>[] = [
  { id: 'lagAge', label: { en: 'Oldest message age now', ru: 'Возраст старейшего сообщения' }, unit: 's', better: 'lower', value: (s) => s.oldestAge },
  { id: 'lagAgeMax', label: { en: 'Peak oldest message age', ru: 'Пик возраста старейшего сообщения' }, unit: 's', better: 'lower', value: (s) => s.oldestAgeMax },
  { id: 'p99', label: { en: 'p99 latency', ru: 'Задержка p99' }, unit: 's', better: 'lower', value: (s) => s.p99 },
  { id: 'throughput', label: { en: 'Throughput', ru: 'Пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput.mean },
  { id: 'duplicates', label: { en: 'Duplicates', ru: 'Дубли' }, unit: 'records', better: 'lower', value: (s) => s.duplicates },
  { id: 'lost', label: { en: 'Lost', ru: 'Потеряно' }, unit: 'records', better: 'lower', value: (s) => s.lost },
  { id: 'dlq', label: { en: 'Dead-lettered', ru: 'В DLQ' }, unit: 'records', better: 'lower', value: (s) => s.deadLettered },
  { id: 'depth', label: { en: 'Queue depth now', ru: 'Глубина очереди сейчас' }, unit: 'records', better: 'lower', value: (s) => s.depth.final },
  { id: 'depthMax', label: { en: 'Peak queue depth', ru: 'Пик глубины очереди' }, unit: 'records', better: 'lower', value: (s) => s.depth.max },
  { id: 'inFlight', label: { en: 'In flight now', ru: 'В обработке сейчас' }, unit: 'records', better: 'none', value: (s) => s.inFlight },
  { id: 'stored', label: { en: 'Messages stored', ru: 'Хранится сообщений' }, unit: 'records', better: 'lower', value: (s) => s.stored },
  { id: 'redeliveries', label: { en: 'Redeliveries', ru: 'Повторные доставки' }, unit: 'count', better: 'lower', value: (s) => s.redeliveries },
  { id: 'emptyReceives', label: { en: 'Empty receives', ru: 'Пустые получения' }, unit: 'count', better: 'lower', value: (s) => s.emptyReceives },
  { id: 'idle', label: { en: 'Idle consumers', ru: 'Простаивают консьюмеров' }, unit: 'count', better: 'lower', value: (s) => s.balance.idle },
];
