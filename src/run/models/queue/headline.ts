/**
 * The queue model's headline metrics (see `src/run/headline.ts`). Where the meaning is the log
 * model's, the id is the log model's too (lagAge = age of the oldest message not yet deleted,
 * p99, throughput, duplicates, lost, dlq), so compare view can line a queue run up with a log run.
 */
import type { MetricDef } from '../../headline.ts';
import type { QueueSummary } from './data.ts';

/** A number of the producer that publishes with the highest priority — when the producers' priorities differ (else null). */
function urgent(of: (p: QueueSummary['producers'][number]) => number | null): (s: QueueSummary) => number | null {
  return (s) => {
    const ps = s.producers;
    if (ps.length < 2 || ps.every((p) => p.priority === ps[0].priority)) return null;
    return of(ps.reduce((a, p) => (p.priority > a.priority ? p : a)));
  };
}

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
  // What the broker keeps: for a queue, what is not yet deleted (a log keeps everything for its retention) — a trade-off, not a score.
  { id: 'stored', label: { en: 'Stored on the broker', ru: 'Хранится на брокере' }, unit: 'records', better: 'none', value: (s) => s.stored },
  { id: 'urgentW', label: { en: 'W of the most urgent producer', ru: 'W самого срочного продюсера' }, unit: 's', better: 'lower', value: urgent((p) => p.W.mean) },
  { id: 'urgentP99', label: { en: 'p99 of the most urgent producer', ru: 'p99 самого срочного продюсера' }, unit: 's', better: 'lower', value: urgent((p) => p.p99) },
  { id: 'redeliveries', label: { en: 'Redeliveries', ru: 'Повторные доставки' }, unit: 'count', better: 'lower', value: (s) => s.redeliveries },
  { id: 'emptyReceives', label: { en: 'Empty receives', ru: 'Пустые получения' }, unit: 'count', better: 'lower', value: (s) => s.emptyReceives },
  { id: 'idle', label: { en: 'Idle consumers', ru: 'Простаивают консьюмеров' }, unit: 'count', better: 'lower', value: (s) => s.balance.idle },
  // RabbitMQ's node (null without one): how long its alarms blocked the publishers, what the applications gave up, what the queue refused.
  { id: 'alarmTime', label: { en: 'Publishers blocked by alarms', ru: 'Издатели заблокированы тревогой' }, unit: 's', better: 'lower', value: (s) => s.node?.alarmTime ?? null },
  { id: 'gaveUp', label: { en: 'Publishes given up (blocked)', ru: 'Брошено публикаций (блок)' }, unit: 'count', better: 'lower', value: (s) => (s.node ? s.producers.reduce((a, p) => a + (p.publish?.timedOut ?? 0), 0) : null) },
  { id: 'otherGaveUp', label: { en: 'Given up by other queues’ publishers', ru: 'Брошено издателями других очередей' }, unit: 'count', better: 'lower', value: (s) => (s.node ? s.producers.reduce((a, p) => a + (p.publish && !p.publish.own ? p.publish.timedOut : 0), 0) : null) },
  { id: 'refused', label: { en: 'Publishes refused (max length)', ru: 'Отказано в публикации (макс. длина)' }, unit: 'count', better: 'lower', value: (s) => (s.node || s.publishRejected > 0 ? s.publishRejected : null) },
];
