/**
 * The outbox model's charts as data: rows vs events (committed rows with no event yet, those lost
 * for good, events with no row), duplicates (published twice, applied twice) and the delay from a
 * commit to the event's first effect with the relay's lag. Every line is an `OUTBOX_SERIES` column
 * of the snapshot; the levels end on the counters' values. A line that only one mode can move
 * (phantoms: publish-first; the relay's lag: outbox) is drawn in that mode only.
 */
import type { OutboxData } from '../../../run/models/outbox/data.ts';
import type { OutboxSeriesName } from '../../../sim/model/outbox/outbox-model.ts';
import type { OutboxMode } from '../../../sim/model/outbox/config.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import type { PanelChart } from '../common/charts.ts';
import { otranslate, type OMessageKey } from './text.ts';

interface LineDef {
  series: OutboxSeriesName;
  label: OMessageKey;
  color: string;
  dash?: boolean;
  skipZero?: boolean;
  /** Drawn only in this mode (the only one where the line can leave 0). */
  mode?: OutboxMode;
}

interface ChartDef {
  id: string;
  stem: 'chart.gap' | 'chart.dups' | 'chart.delay';
  lines: LineDef[];
}

/** Okabe–Ito colours, as the other models' charts use them. */
const CHARTS: readonly ChartDef[] = [
  {
    id: 'chart-gap',
    stem: 'chart.gap',
    lines: [
      { series: 'gap', label: 'chart.gap.gap', color: '#0072b2' },
      { series: 'missing', label: 'chart.gap.missing', color: '#d55e00' },
      { series: 'phantom', label: 'chart.gap.phantom', color: '#cc79a7', dash: true, mode: 'publish-first' },
    ],
  },
  {
    id: 'chart-dups',
    stem: 'chart.dups',
    lines: [
      { series: 'duplicates', label: 'chart.dups.published', color: '#e69f00' },
      { series: 'dupEffects', label: 'chart.dups.applied', color: '#d55e00', dash: true },
    ],
  },
  {
    id: 'chart-delay',
    stem: 'chart.delay',
    lines: [
      { series: 'p50', label: 'chart.delay.p50', color: '#0072b2', skipZero: true },
      { series: 'p99', label: 'chart.delay.p99', color: '#cc79a7', skipZero: true },
      { series: 'lag', label: 'chart.delay.lag', color: '#009e73', dash: true, mode: 'outbox' },
    ],
  },
];

export const OUTBOX_CHART_IDS = ['chart-gap', 'chart-dups', 'chart-delay'] as const;

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/** The charts `ids` of one run's data; empty lines before it has any. */
export function outboxCharts(d: OutboxData | null, lang: Lang, mode: OutboxMode, ids: readonly string[] = OUTBOX_CHART_IDS): PanelChart[] {
  const t = (k: OMessageKey) => otranslate(lang, k);
  return CHARTS.filter((c) => ids.includes(c.id)).map((c) => ({
    id: c.id,
    title: t(`${c.stem}.title` as OMessageKey),
    yLabel: t(`${c.stem}.y` as OMessageKey),
    caption: t(`${c.stem}.caption` as OMessageKey),
    lines: c.lines.filter((l) => !l.mode || l.mode === mode).map((l) => ({ cols: d?.series[l.series] ?? none, label: t(l.label), color: l.color, dash: l.dash, skipZero: l.skipZero })),
  }));
}
