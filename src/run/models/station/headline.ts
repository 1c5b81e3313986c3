/** The station model's headline metrics (see `src/run/headline.ts`): waits, queue length, drops. */
import type { MetricDef } from '../../headline.ts';
import type { StationSummary } from './summary.ts';

export const STATION_HEADLINE: readonly MetricDef<StationSummary>[] = [
  { id: 'W', label: { en: 'Mean time in system W', ru: 'Среднее время в системе W' }, unit: 's', better: 'lower', value: (s) => s.W.mean },
  { id: 'Wq', label: { en: 'Mean wait in queue Wq', ru: 'Среднее ожидание в очереди Wq' }, unit: 's', better: 'lower', value: (s) => s.Wq.mean },
  { id: 'L', label: { en: 'Mean number in system L', ru: 'Среднее число в системе L' }, unit: 'count', better: 'lower', value: (s) => s.L.mean },
  { id: 'p99', label: { en: 'p99 time in system', ru: 'p99 времени в системе' }, unit: 's', better: 'lower', value: (s) => s.p99 },
  { id: 'pBlock', label: { en: 'Share turned away', ru: 'Доля отказов' }, unit: 'fraction', better: 'lower', value: (s) => s.pBlock.mean },
  { id: 'dropped', label: { en: 'Turned away', ru: 'Отказано' }, unit: 'count', better: 'lower', value: (s) => s.dropped },
  { id: 'utilization', label: { en: 'Utilisation ρ', ru: 'Загрузка ρ' }, unit: 'fraction', better: 'none', value: (s) => s.utilization.mean },
  { id: 'throughput', label: { en: 'Throughput', ru: 'Пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput.mean },
];
