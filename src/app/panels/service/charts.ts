/**
 * The dependency model's charts as data: which series each draws, in which colour, with which
 * words. Every series is one value per simulated second (the model's per-second bins); the load
 * chart adds the capacity as a constant dashed line.
 */
import type { ServiceData } from '../../../run/models/service/data.ts';
import type { ServiceSeriesName } from '../../../sim/model/service/service-model.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import type { PanelChart } from '../common/charts.ts';
import { stranslate, type SMessageKey } from './text.ts';

export type ServiceChart = PanelChart;

interface LineDef {
  series: ServiceSeriesName | 'capacity';
  label: SMessageKey;
  color: string;
  dash?: boolean;
  skipZero?: boolean;
  /** Drawn only with the breaker on / a retry budget. */
  if?: 'breaker' | 'budget';
}

interface ChartDef {
  id: string;
  stem: 'chart.load' | 'chart.good' | 'chart.lat' | 'chart.breaker';
  lines: LineDef[];
}

/** Okabe–Ito colours, as the other models' charts use them. */
const CHARTS: readonly ChartDef[] = [
  {
    id: 'chart-load',
    stem: 'chart.load',
    lines: [
      { series: 'offered', label: 'chart.load.offered', color: '#0072b2' },
      { series: 'retries', label: 'chart.load.retries', color: '#d55e00' },
      { series: 'firsts', label: 'chart.load.calls', color: '#009e73' },
      { series: 'capacity', label: 'chart.load.capacity', color: '#000000', dash: true },
    ],
  },
  {
    id: 'chart-goodput',
    stem: 'chart.good',
    lines: [
      { series: 'goodput', label: 'chart.good.goodput', color: '#009e73' },
      { series: 'timeout', label: 'chart.good.timeout', color: '#d55e00' },
      { series: 'rejected', label: 'chart.good.rejected', color: '#cc79a7', dash: true },
      { series: 'breaker', label: 'chart.good.breaker', color: '#e69f00', if: 'breaker' },
      { series: 'budget', label: 'chart.good.budget', color: '#56b4e9', dash: true, if: 'budget' },
    ],
  },
  {
    id: 'chart-latency',
    stem: 'chart.lat',
    lines: [
      { series: 'p50', label: 'chart.lat.p50', color: '#0072b2', skipZero: true },
      { series: 'p99', label: 'chart.lat.p99', color: '#cc79a7', skipZero: true },
    ],
  },
  { id: 'chart-breaker', stem: 'chart.breaker', lines: [{ series: 'breakerState', label: 'chart.breaker.state', color: '#d55e00' }] },
];

/** The three charts of the main area, in one row: load, goodput, and latency — or the breaker's state when there is a breaker (the queue's chart is compare view's and the topology shows the queue now). */
export function serviceChartIds(breaker: boolean): string[] {
  return ['chart-load', 'chart-goodput', breaker ? 'chart-breaker' : 'chart-latency'];
}

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/** The charts `ids` of one run's data; empty lines before it has any. */
export function serviceCharts(d: ServiceData | null, lang: Lang, ids: readonly string[], opts: { breaker: boolean; budget: boolean }): ServiceChart[] {
  const t = (k: SMessageKey) => stranslate(lang, k);
  const end = d?.simTime ?? 0;
  const capacity = (): Cols => (d && Number.isFinite(d.summary.capacity) && end > 0 ? { t: [0, end], mean: [d.summary.capacity, d.summary.capacity] } : none);
  return CHARTS.filter((c) => ids.includes(c.id)).map((c) => ({
    id: c.id,
    title: t(`${c.stem}.title` as SMessageKey),
    yLabel: t(`${c.stem}.y` as SMessageKey),
    caption: t(`${c.stem}.caption` as SMessageKey),
    lines: c.lines
      .filter((l) => !l.if || opts[l.if])
      .map((l) => ({ cols: l.series === 'capacity' ? capacity() : (d?.series[l.series] ?? none), label: t(l.label), color: l.color, dash: l.dash, skipZero: l.skipZero })),
  }));
}
