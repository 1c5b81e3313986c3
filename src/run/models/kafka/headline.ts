/** The Kafka model's headline metrics (see `src/run/headline.ts`): what its lessons' stories are about. */
import type { MetricDef } from '../../headline.ts';
import type { KafkaSummary } from './summary.ts';

export const KAFKA_HEADLINE: readonly MetricDef<KafkaSummary>[] = [
  { id: 'lag', label: { en: 'Lag now', ru: 'Лаг сейчас' }, unit: 'records', better: 'lower', value: (s) => s.lagRecords.final },
  { id: 'lagMax', label: { en: 'Peak lag', ru: 'Пик лага' }, unit: 'records', better: 'lower', value: (s) => s.lagRecords.max },
  { id: 'lagAge', label: { en: 'Lag age now', ru: 'Возраст лага сейчас' }, unit: 's', better: 'lower', value: (s) => s.lagSeconds.final },
  { id: 'lagAgeMax', label: { en: 'Peak lag age', ru: 'Пик возраста лага' }, unit: 's', better: 'lower', value: (s) => s.lagSeconds.max },
  { id: 'p99', label: { en: 'p99 latency', ru: 'Задержка p99' }, unit: 's', better: 'lower', value: (s) => s.p99 },
  { id: 'throughput', label: { en: 'Throughput', ru: 'Пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput.mean },
  { id: 'duplicates', label: { en: 'Duplicates', ru: 'Дубли' }, unit: 'records', better: 'lower', value: (s) => s.duplicates },
  { id: 'lost', label: { en: 'Lost', ru: 'Потеряно' }, unit: 'records', better: 'lower', value: (s) => s.lost },
  { id: 'skipped', label: { en: 'Skipped (offset reset)', ru: 'Пропущено (сброс offset)' }, unit: 'records', better: 'lower', value: (s) => s.skipped },
  { id: 'violations', label: { en: 'Ordering violations', ru: 'Не по порядку' }, unit: 'count', better: 'lower', value: (s) => s.orderingViolations },
  { id: 'rebalances', label: { en: 'Rebalances', ru: 'Ребалансы' }, unit: 'count', better: 'lower', value: (s) => s.rebalances },
  { id: 'paused', label: { en: 'Paused by rebalances', ru: 'Пауза из-за ребалансов' }, unit: 'partition-s', better: 'lower', value: (s) => s.rebalancePausedSeconds },
  { id: 'idle', label: { en: 'Idle consumers', ru: 'Простаивают консьюмеров' }, unit: 'count', better: 'lower', value: (s) => s.idleConsumers },
  { id: 'retries', label: { en: 'Retries', ru: 'Повторы' }, unit: 'count', better: 'lower', value: (s) => s.retries },
  // Sends the schema registry refused: visible at the producer instead of as a poison record for every consumer.
  { id: 'rejected', label: { en: 'Sends refused', ru: 'Отклонено отправок' }, unit: 'records', better: 'lower', value: (s) => s.producers.reduce((a, p) => a + p.rejected, 0) },
  { id: 'dlq', label: { en: 'Dead-lettered', ru: 'В DLQ' }, unit: 'records', better: 'lower', value: (s) => s.dlq },
  // What the broker keeps now: a log stores every record for its retention, read or not (a queue only what is not yet deleted).
  { id: 'stored', label: { en: 'Stored on the broker', ru: 'Хранится на брокере' }, unit: 'records', better: 'none', value: (s) => s.partitions.reduce((a, p) => a + p.logEnd - p.logStart, 0) },
];
