/** Compare view for the storage model: each run's log size and restore on shared axes, and its headline metrics. */
import type { ComparePlan } from '../../registry.ts';
import type { StorageData } from '../../../run/models/storage/data.ts';
import type { StorageScenario } from '../../../scenario/index.ts';
import { STORAGE_HEADLINE } from '../../../run/models/storage/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { stranslate } from './text.ts';
import { storageCharts } from './charts.ts';

const CMP_ID: Record<string, string> = { 'chart-log': 'cmp-log', 'chart-restore': 'cmp-restore' };

export const storageCompare: ComparePlan = {
  headline: STORAGE_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as StorageData | null)?.summary ?? null,
  xLabel: (pg) => stranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-log': ['cmp-log-a', 'cmp-log-b'],
    'chart-restore': ['cmp-restore-a', 'cmp-restore-b'],
    'chart-dirty': ['cmp-row-cleanerRuns'],
    counters: ['compare-table'],
    's-log': ['cmp-row-logRecords', 'cmp-row-logRecordsMax'],
    's-keys': ['cmp-row-liveKeys'],
    's-cleaner': ['cmp-row-cleanerRuns'],
    's-restore': ['cmp-row-restoreRead'],
    's-missing': ['cmp-row-restoreMissing'],
    's-resurrected': ['cmp-row-restoreResurrected'],
    's-restoreTime': ['cmp-row-restoreSeconds'],
  },
  charts(data, pg) {
    return storageCharts(data as StorageData | null, pg.scenario as StorageScenario, pg.lang, ['chart-log', 'chart-restore']).map((c) => ({ id: CMP_ID[c.id], title: c.title, yLabel: c.yLabel, lines: c.lines }));
  },
};
