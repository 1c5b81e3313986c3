/**
 * The queue model's charts as data: which series each draws, in which colour, with which words.
 * Main.svelte draws four — what the broker holds (visible, in flight and, with a dead-letter
 * queue, in it; the counters say all it stores), the age of the oldest message, throughput in and
 * out, p99 of W; with a RabbitMQ node (`queue.node`), the node's memory against its watermark and
 * how long publishes wait on blocked connections take the places of the oldest age and p99. Compare
 * view draws depth, oldest age and p99 for both runs (`compare.ts`). Every line is a `QUEUE_SERIES`
 * column of the snapshot, which ends with a point at the current time — so the depth and
 * oldest-age charts end on the counters' values.
 */
import type { QueueData } from '../../../run/models/queue/data.ts';
import { MiB, type QueueSeriesName } from '../../../sim/model/queue/types.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import type { ChartLine, PanelChart } from '../common/charts.ts';
import { qtranslate, type QMessageKey } from './text.ts';

export type { ChartLine };
export type QueueChart = PanelChart;

interface LineDef {
  series: QueueSeriesName | 'watermark';
  label: QMessageKey;
  color: string;
  dash?: boolean;
  skipZero?: boolean;
  ifDlq?: boolean;
}

interface ChartDef {
  id: string;
  /** Message key stem: `<stem>.title`, `<stem>.y`, `<stem>.caption`. */
  stem: 'chart.depth' | 'chart.oldest' | 'chart.tput' | 'chart.lat' | 'chart.mem' | 'chart.wait';
  lines: LineDef[];
}

/** Okabe–Ito colours, as the Kafka charts use them. */
const CHARTS: readonly ChartDef[] = [
  {
    id: 'chart-depth',
    stem: 'chart.depth',
    lines: [
      { series: 'visible', label: 'chart.depth.visible', color: '#0072b2' },
      { series: 'inFlight', label: 'chart.depth.inFlight', color: '#009e73', dash: true },
      // Only for a queue with a dead-letter queue (a redrive policy, a dead-letter exchange).
      { series: 'dlqDepth', label: 'chart.depth.dlq', color: '#d55e00', ifDlq: true },
    ],
  },
  { id: 'chart-oldest', stem: 'chart.oldest', lines: [{ series: 'oldestAge', label: 'chart.oldest.line', color: '#d55e00' }] },
  {
    id: 'chart-throughput',
    stem: 'chart.tput',
    lines: [
      { series: 'rateIn', label: 'chart.tput.in', color: '#e69f00' },
      { series: 'throughput', label: 'chart.tput.out', color: '#0072b2', dash: true },
    ],
  },
  { id: 'chart-latency', stem: 'chart.lat', lines: [{ series: 'p99', label: 'chart.lat.p99', color: '#cc79a7', skipZero: true }] },
  {
    id: 'chart-memory',
    stem: 'chart.mem',
    lines: [
      { series: 'memory', label: 'chart.mem.used', color: '#0072b2' },
      { series: 'watermark', label: 'chart.mem.watermark', color: '#d55e00', dash: true },
    ],
  },
  {
    id: 'chart-publish',
    stem: 'chart.wait',
    lines: [
      { series: 'waitOwn', label: 'chart.wait.own', color: '#e69f00' },
      { series: 'waitOther', label: 'chart.wait.other', color: '#cc79a7', dash: true },
    ],
  },
];

/** Every chart the queue page may draw (the four shown depend on the scenario: {@link queueChartIds}). */
export const QUEUE_CHART_IDS: readonly string[] = CHARTS.map((c) => c.id);

/** The four charts of the main area: with a RabbitMQ node, its memory and the publishes' wait replace the oldest age and p99. */
export function queueChartIds(node: boolean): string[] {
  return node ? ['chart-depth', 'chart-memory', 'chart-throughput', 'chart-publish'] : ['chart-depth', 'chart-oldest', 'chart-throughput', 'chart-latency'];
}

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/**
 * The charts `ids` (default all) of one run's data; empty lines before it has any. `withDlq`
 * (default: the run's queue has a dead-letter queue) adds the DLQ line to the depth chart.
 */
export function queueCharts(d: QueueData | null, lang: Lang, ids: readonly string[] = QUEUE_CHART_IDS, withDlq = !!d?.topology.dlq): QueueChart[] {
  const t = (k: QMessageKey) => qtranslate(lang, k);
  const node = d?.summary.node ?? null;
  const end = d?.simTime ?? 0;
  // The memory watermark as a constant line over the run (MiB, as the memory series).
  const watermark = (): Cols => (node && end > 0 ? { t: [0, end], mean: [node.limit / MiB, node.limit / MiB] } : none);
  return CHARTS.filter((c) => ids.includes(c.id)).map((c) => ({
    id: c.id,
    title: t(`${c.stem}.title` as QMessageKey),
    yLabel: t(`${c.stem}.y` as QMessageKey),
    caption: t(`${c.stem}.caption` as QMessageKey),
    lines: c.lines
      .filter((l) => withDlq || !l.ifDlq)
      .map((l) => ({ cols: l.series === 'watermark' ? watermark() : (d?.series[l.series] ?? none), label: t(l.label), color: l.color, dash: l.dash, skipZero: l.skipZero })),
  }));
}
