/** The pipeline model's headline metrics (see `src/run/headline.ts`): what its stories are about. */
import type { MetricDef } from '../../headline.ts';
import type { PipelineSummary } from './summary.ts';

export const PIPELINE_HEADLINE: readonly MetricDef<PipelineSummary>[] = [
  { id: 'W', label: { en: 'End-to-end W', ru: 'W от начала до конца' }, unit: 's', better: 'lower', value: (s) => s.W.mean },
  { id: 'p99', label: { en: 'End-to-end p99', ru: 'p99 от начала до конца' }, unit: 's', better: 'lower', value: (s) => s.p99 },
  { id: 'firstW', label: { en: 'W of the first source', ru: 'W первого источника' }, unit: 's', better: 'lower', value: (s) => s.sources[0].W.mean },
  { id: 'firstP99', label: { en: 'p99 of the first source', ru: 'p99 первого источника' }, unit: 's', better: 'lower', value: (s) => s.sources[0].p99 },
  { id: 'throughput', label: { en: 'Throughput', ru: 'Пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput },
  { id: 'lost', label: { en: 'Dropped or shed', ru: 'Отброшено' }, unit: 'count', better: 'lower', value: (s) => s.dropped + s.shed },
  { id: 'backlogMax', label: { en: 'Largest backlog', ru: 'Наибольший бэклог' }, unit: 'records', better: 'lower', value: (s) => s.backlogMax },
  { id: 'respP99', label: { en: 'Time to response p99', ru: 'p99 времени ответа' }, unit: 's', better: 'lower', value: (s) => s.requests?.p99 ?? null },
  { id: 'failed', label: { en: 'Requests failed (504 + 503)', ru: 'Запросов с ошибкой (504 + 503)' }, unit: 'count', better: 'lower', value: (s) => (s.requests ? s.requests.timedOut + s.requests.refused : null) },
  { id: 'lagMax', label: { en: 'Longest wait in a buffer', ru: 'Дольше всего ждал в буфере' }, unit: 's', better: 'lower', value: (s) => Math.max(...s.stages.map((st) => st.lag.max)) },
  { id: 'blocked', label: { en: 'Workers blocked', ru: 'Простой в блокировке' }, unit: 's', better: 'lower', value: (s) => s.stages.reduce((a, st) => a + st.blockedTime, 0) },
];
