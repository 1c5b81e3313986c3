/** Compare view for the queueing station: the number in system of each run, and its headline metrics. */
import type { ComparePlan } from '../../registry.ts';
import type { StationData } from '../../../run/models/station/snapshot.ts';
import { STATION_HEADLINE } from '../../../run/models/station/headline.ts';
import { stranslate } from './text.ts';

const none = { t: new Float64Array(0), mean: new Float64Array(0) };

export const stationCompare: ComparePlan = {
  headline: STATION_HEADLINE,
  summary: (data) => (data as StationData | null)?.summary ?? null,
  xLabel: (pg) => stranslate(pg.lang, 'chart.x'),
  targets: {
    'series-chart': ['cmp-in-system-a', 'cmp-in-system-b'],
    'little-panel': ['cmp-row-L', 'cmp-row-W'],
    counters: ['compare-table'],
    'stat-W': ['cmp-row-W'],
    'stat-Wq': ['cmp-row-Wq'],
    'stat-p99': ['cmp-row-p99'],
    'stat-pBlock': ['cmp-row-pBlock', 'cmp-row-dropped'],
    'stat-utilization': ['cmp-row-utilization'],
    'stat-throughput': ['cmp-row-throughput'],
  },
  charts(data, pg) {
    const d = data as StationData | null;
    return [
      {
        id: 'cmp-in-system',
        role: 'backlog',
        title: stranslate(pg.lang, 'chart.title'),
        yLabel: stranslate(pg.lang, 'chart.y'),
        lines: [{ cols: d?.series ?? none, label: stranslate(pg.lang, 'chart.legendMean'), color: '#0072b2' }],
      },
    ];
  },
};
