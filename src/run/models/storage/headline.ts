/** The storage model's headline metrics (see `src/run/headline.ts`): what its stories are about. */
import type { MetricDef } from '../../headline.ts';
import type { StorageSummary } from './data.ts';

export const STORAGE_HEADLINE: readonly MetricDef<StorageSummary>[] = [
  { id: 'restoreMissing', label: { en: 'Keys missing after restore', ru: 'Ключей потеряно при восстановлении' }, unit: 'count', better: 'lower', value: (s) => s.lastCatchUp?.missing ?? null },
  { id: 'restoreResurrected', label: { en: 'Deleted keys resurrected', ru: 'Воскресло удалённых ключей' }, unit: 'count', better: 'lower', value: (s) => s.lastCatchUp?.resurrected ?? null },
  { id: 'restoreRead', label: { en: 'Records read to restore', ru: 'Прочитано записей при восстановлении' }, unit: 'records', better: 'lower', value: (s) => s.lastCatchUp?.read ?? null },
  { id: 'restoreSeconds', label: { en: 'Restore time', ru: 'Время восстановления' }, unit: 's', better: 'lower', value: (s) => s.lastCatchUp?.seconds ?? null },
  { id: 'logRecords', label: { en: 'Log size now', ru: 'Размер лога сейчас' }, unit: 'records', better: 'none', value: (s) => s.logRecords },
  { id: 'logRecordsMax', label: { en: 'Peak log size', ru: 'Пик размера лога' }, unit: 'records', better: 'none', value: (s) => s.logRecordsMax },
  { id: 'liveKeys', label: { en: 'Live keys', ru: 'Живых ключей' }, unit: 'count', better: 'none', value: (s) => s.liveKeys },
  { id: 'cleanerRuns', label: { en: 'Cleaner runs', ru: 'Запусков очистки' }, unit: 'count', better: 'none', value: (s) => s.cleaner.runs },
];
