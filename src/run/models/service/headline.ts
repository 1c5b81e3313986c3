/** The dependency model's headline metrics (see `src/run/headline.ts`): what its stories are about. */
import type { MetricDef } from '../../headline.ts';
import type { ServiceSummary } from './summary.ts';

export const SERVICE_HEADLINE: readonly MetricDef<ServiceSummary>[] = [
  { id: 'overloadAfter', label: { en: 'Overloaded after the fault', ru: 'Перегрузка после сбоя' }, unit: 's', better: 'lower', value: (s) => s.overloadAfter },
  { id: 'recoveredAfter', label: { en: 'Recovery time', ru: 'Время восстановления' }, unit: 's', better: 'lower', value: (s) => s.recoveredAfter },
  { id: 'goodput', label: { en: 'Goodput', ru: 'Полезная пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.goodput },
  { id: 'offered', label: { en: 'Offered load', ru: 'Входящая нагрузка' }, unit: 'per-s', better: 'lower', value: (s) => s.offeredRate },
  { id: 'amplification', label: { en: 'Attempts per call', ru: 'Попыток на вызов' }, unit: 'count', better: 'lower', value: (s) => s.amplification },
  { id: 'wasted', label: { en: 'Wasted server time', ru: 'Впустую потраченное время серверов' }, unit: 'fraction', better: 'lower', value: (s) => s.wasted },
  { id: 'failedP50', label: { en: 'Time to fail (p50)', ru: 'Время до отказа (p50)' }, unit: 's', better: 'lower', value: (s) => s.failedP50 },
  { id: 'failed', label: { en: 'Calls failed', ru: 'Неудачных вызовов' }, unit: 'count', better: 'lower', value: (s) => s.calls.failed },
  { id: 'p99', label: { en: 'p99 latency', ru: 'Задержка p99' }, unit: 's', better: 'lower', value: (s) => s.p99 },
];
