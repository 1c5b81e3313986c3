/** Compare view for the dependency model: each run's load, goodput and p99 on shared axes, and its headline metrics. */
import type { ComparePlan } from '../../registry.ts';
import type { ServiceData } from '../../../run/models/service/data.ts';
import { SERVICE_HEADLINE } from '../../../run/models/service/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { stranslate } from './text.ts';
import { serviceCharts } from './charts.ts';

const COMPARE_CHARTS = ['chart-load', 'chart-goodput', 'chart-latency'] as const;
const CMP_ID: Record<(typeof COMPARE_CHARTS)[number], string> = { 'chart-load': 'cmp-load', 'chart-goodput': 'cmp-goodput', 'chart-latency': 'cmp-p99' };

export const serviceCompare: ComparePlan = {
  headline: SERVICE_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as ServiceData | null)?.summary ?? null,
  xLabel: (pg) => stranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-load': ['cmp-load-a', 'cmp-load-b'],
    'chart-goodput': ['cmp-goodput-a', 'cmp-goodput-b'],
    'chart-latency': ['cmp-p99-a', 'cmp-p99-b'],
    counters: ['compare-table'],
    's-offered': ['cmp-row-offered'],
    's-goodput': ['cmp-row-goodput'],
    's-overload': ['cmp-row-overloadAfter'],
    's-recovery': ['cmp-row-recoveredAfter'],
    's-amp': ['cmp-row-amplification'],
    's-wasted': ['cmp-row-wasted'],
    's-failWait': ['cmp-row-failedP50'],
    's-failed': ['cmp-row-failed'],
  },
  charts(data, pg) {
    // Two lines a chart at most, so the legends fit two runs side by side.
    return serviceCharts(data as ServiceData | null, pg.lang, COMPARE_CHARTS, { breaker: false, budget: false }).map((c) => ({
      id: CMP_ID[c.id as (typeof COMPARE_CHARTS)[number]],
      title: c.title,
      yLabel: c.yLabel,
      lines: c.id === 'chart-load' ? [c.lines[0], c.lines[3]] : c.lines.slice(0, 2),
    }));
  },
};
