/** The outbox model's headline metrics (see `src/run/headline.ts`): what its stories are about. */
import type { MetricDef } from '../../headline.ts';
import type { OutboxSummary } from './data.ts';

export const OUTBOX_HEADLINE: readonly MetricDef<OutboxSummary>[] = [
  { id: 'missing', label: { en: 'Rows whose event was lost', ru: 'Строк без события (потеряно)' }, unit: 'count', better: 'lower', value: (s) => s.missing },
  { id: 'phantom', label: { en: 'Events without a row', ru: 'Событий без строки' }, unit: 'count', better: 'lower', value: (s) => s.phantom },
  { id: 'dupEffects', label: { en: 'Effects applied twice', ru: 'Эффектов применено дважды' }, unit: 'count', better: 'lower', value: (s) => s.dupEffects },
  { id: 'duplicates', label: { en: 'Events published twice', ru: 'Событий опубликовано дважды' }, unit: 'count', better: 'lower', value: (s) => s.duplicates },
  { id: 'delayP50', label: { en: 'Commit → applied, p50', ru: 'Коммит → применено, p50' }, unit: 's', better: 'lower', value: (s) => s.delayP50 },
  { id: 'delayP99', label: { en: 'Commit → applied, p99', ru: 'Коммит → применено, p99' }, unit: 's', better: 'lower', value: (s) => s.delayP99 },
  { id: 'backlogMax', label: { en: 'Rows waiting for their event, max', ru: 'Строк ждут события, максимум' }, unit: 'count', better: 'lower', value: (s) => s.backlogMax },
  { id: 'lagMax', label: { en: 'Relay lag, max', ru: 'Отставание relay, максимум' }, unit: 's', better: 'lower', value: (s) => s.lagMax },
  { id: 'rows', label: { en: 'Rows committed', ru: 'Строк закоммичено' }, unit: 'count', better: 'none', value: (s) => s.rows },
];
