/**
 * The storage model's charts as data: log size with the live keys as its floor, the dirty ratio
 * against min.cleanable.dirty.ratio, and the restore (keys in the reader's table against the true
 * table). Every line is a `STORAGE_SERIES` column of the snapshot, ending on the counters' value.
 */
import type { StorageData } from '../../../run/models/storage/data.ts';
import type { StorageScenario } from '../../../scenario/index.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import { stranslate } from './text.ts';

export interface StorageChart {
  id: string;
  title: string;
  yLabel: string;
  caption: string;
  lines: { cols: Cols; label: string; color: string; dash?: boolean }[];
}

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/** A flat line at `y` over the series' times (the threshold drawn beside a measured line). */
function flat(c: Cols, y: number): Cols {
  return { t: c.t, mean: new Float64Array(c.t.length).fill(y) };
}

export const STORAGE_CHART_IDS = ['chart-log', 'chart-dirty', 'chart-restore'] as const;

export function storageCharts(d: StorageData | null, s: StorageScenario, lang: Lang, ids: readonly string[] = STORAGE_CHART_IDS): StorageChart[] {
  const t = (k: Parameters<typeof stranslate>[1], vars?: Record<string, string | number>) => stranslate(lang, k, vars);
  const ser = d?.series;
  const ratio = s.topic['min.cleanable.dirty.ratio'];
  const compact = s.topic['cleanup.policy'] !== 'delete';
  const all: StorageChart[] = [
    {
      id: 'chart-log',
      title: t('chart.log.title'),
      yLabel: t('chart.log.y'),
      caption: t('chart.log.caption'),
      lines: [
        { cols: ser?.logRecords ?? none, label: t('chart.log.records'), color: '#0072b2' },
        { cols: ser?.liveKeys ?? none, label: t('chart.log.keys'), color: '#009e73', dash: true },
      ],
    },
    {
      id: 'chart-dirty',
      title: t('chart.dirty.title'),
      yLabel: t('chart.dirty.y'),
      caption: compact ? t('chart.dirty.caption', { ratio }) : t('chart.dirty.captionOff'),
      lines: [
        { cols: ser?.dirtyRatio ?? none, label: t('chart.dirty.line'), color: '#d55e00' },
        { cols: ser ? flat(ser.dirtyRatio, ratio) : none, label: t('chart.dirty.min'), color: '#555555', dash: true },
      ],
    },
    {
      id: 'chart-restore',
      title: t('chart.restore.title'),
      yLabel: t('chart.restore.y'),
      caption: t('chart.restore.caption'),
      lines: [
        { cols: ser?.readerKeys ?? none, label: t('chart.restore.reader'), color: '#cc79a7' },
        { cols: ser?.liveKeys ?? none, label: t('chart.restore.truth'), color: '#009e73', dash: true },
      ],
    },
  ];
  return all.filter((c) => ids.includes(c.id));
}
