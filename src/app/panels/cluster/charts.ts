/**
 * The cluster model's charts as data: which series each draws, in which colour, with which words.
 * Main.svelte draws them two a row — records lost / failed / duplicated (cumulative),
 * the ISR (replicas out of it, summed, beside under-replicated and unavailable partitions), produce
 * latency (ms; with producers of more than one acks setting, a p99 line per setting), end-to-end latency (s); with the broker I/O model on (request costs set) the
 * last two give their places to throughput beside produce requests per second (their ratio is the
 * batch) and the busiest broker's share of busy request handlers (%), so the page keeps four
 * charts at 1280×720. With a web front in front of a producer (the producer-buffer-full story) the
 * four are the buffer's instead: buffer.memory held (%), time in send() against the clients' wait,
 * the web requests' answers so far (2xx, 503, 504, 202 shed), and the records never written
 * (refused, shed, expired). The ISR is drawn as replicas missing from it, not as its
 * mean size, so that it shares an axis with partition counts (one broker down out of three: as
 * many replicas out as partitions it held; two down: twice as many). Compare view draws the
 * records, ISR and end-to-end charts for both runs (`compare.ts`).
 * Every line is a `ClusterSeriesName` column of the snapshot, which ends with a point at the
 * current time equal to its counter. A chart whose lines are all zero says so in a note with the
 * run's numbers (a flat line at 0 alone says nothing).
 */
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import { PRODUCE_P99_BY_ACKS, type Acks, type ClusterSeriesName } from '../../../sim/model/cluster/types.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import type { ChartLine, PanelChart } from '../common/charts.ts';
import { fmt, fmtInt } from '../../format.ts';
import { cltranslate, type ClMessageKey } from './text.ts';
import type { ClusterScenario } from '../../../scenario/index.ts';
import { hasRequestCosts } from '../../../sim/model/cluster/config.ts';

export type { ChartLine };

export interface ClusterChart extends PanelChart {
  /** A verdict with the run's numbers, shown instead of the caption (null: the caption). */
  note: string | null;
  /** What an empty plot says once the run has started (before: "Press Play"). */
  empty: string;
  /** Pins the y axis to [0, yFixed] (a share in %: 100), or null. */
  yFixed: number | null;
}

interface LineDef {
  series: ClusterSeriesName;
  label: ClMessageKey;
  color: string;
  dash?: boolean;
  skipZero?: boolean;
  /** Multiply the values (seconds → ms). */
  scale?: number;
  /**
   * Draw a trailing mean over this share of the run's time span: a rate sampled every
   * horizon/2000 s swings with each burst of acknowledgements (a linger.ms batch lands at once),
   * and the trend is the lesson.
   */
  smooth?: number;
  /** Drawn only when the scenario has a processor (its output's reader). */
  withProcessor?: boolean;
}

/**
 * Which charts the page draws: `plain`; `io` when produce requests cost the brokers handler time
 * (the I/O charts take the ISR's and end-to-end's places; the counters still give under-replicated
 * partitions and end-to-end p99); `buffer` when a producer has a web front (the four buffer charts).
 */
export type ClusterChartMode = 'plain' | 'io' | 'buffer';

/** The chart mode of a scenario. */
export function chartMode(s: Pick<ClusterScenario, 'producers' | 'timing'>): ClusterChartMode {
  return s.producers.some((p) => p.front !== null) ? 'buffer' : hasRequestCosts(s) ? 'io' : 'plain';
}

interface ChartDef {
  id: string;
  /** Message key stem: `<stem>.title`, `<stem>.y`, `<stem>.caption`. */
  stem: 'chart.records' | 'chart.isr' | 'chart.produce' | 'chart.e2e' | 'chart.io' | 'chart.busy' | 'chart.buffer' | 'chart.send' | 'chart.front' | 'chart.dropped';
  lines: LineDef[];
  /** The modes it is drawn in. */
  modes: readonly ClusterChartMode[];
  /** Pins the y axis (a share in %). */
  yFixed?: number;
}

/** The produce chart's line per acks setting (producers of more than one): Okabe–Ito, acks=all in the p99 line's colour. */
const ACKS_LINE: Readonly<Record<Acks, { color: string; dash: boolean }>> = { '0': { color: '#d55e00', dash: true }, '1': { color: '#e69f00', dash: true }, all: { color: '#cc79a7', dash: false } };

/** The acks settings of a scenario's producers, in the order 0, 1, all, when there are more than one (else empty). */
export function mixedAcks(s: Pick<ClusterScenario, 'producers'>): Acks[] {
  const set = new Set(s.producers.map((p) => p.acks));
  return set.size > 1 ? (['0', '1', 'all'] as const).filter((a) => set.has(a)) : [];
}

/** Okabe–Ito colours, as the other models' charts use them. */
const CHARTS: readonly ChartDef[] = [
  {
    id: 'chart-records',
    stem: 'chart.records',
    modes: ['plain', 'io'],
    lines: [
      { series: 'lost', label: 'chart.records.lost', color: '#d55e00' },
      { series: 'failed', label: 'chart.records.failed', color: '#e69f00', dash: true },
      { series: 'duplicates', label: 'chart.records.dup', color: '#cc79a7' },
      { series: 'outDuplicates', label: 'chart.records.outDup', color: '#56b4e9', withProcessor: true },
    ],
  },
  {
    id: 'chart-isr',
    stem: 'chart.isr',
    modes: ['plain'],
    lines: [
      { series: 'outOfIsr', label: 'chart.isr.out', color: '#0072b2' },
      { series: 'underReplicated', label: 'chart.isr.under', color: '#e69f00', dash: true },
      { series: 'unavailable', label: 'chart.isr.unavailable', color: '#d55e00' },
    ],
  },
  {
    id: 'chart-produce',
    stem: 'chart.produce',
    modes: ['plain', 'io'],
    lines: [
      { series: 'produceP50', label: 'chart.p50', color: '#009e73', dash: true, skipZero: true, scale: 1000 },
      { series: 'produceP99', label: 'chart.p99', color: '#cc79a7', skipZero: true, scale: 1000 },
    ],
  },
  {
    id: 'chart-e2e',
    stem: 'chart.e2e',
    modes: ['plain'],
    lines: [
      { series: 'e2eP50', label: 'chart.p50', color: '#009e73', dash: true, skipZero: true },
      { series: 'e2eP99', label: 'chart.p99', color: '#cc79a7', skipZero: true },
    ],
  },
  {
    id: 'chart-io',
    stem: 'chart.io',
    modes: ['io'],
    lines: [
      { series: 'ackedRate', label: 'chart.io.acked', color: '#009e73', smooth: 0.03 },
      { series: 'requestRate', label: 'chart.io.requests', color: '#0072b2', dash: true, smooth: 0.03 },
    ],
  },
  {
    id: 'chart-busy',
    stem: 'chart.busy',
    modes: ['io'],
    yFixed: 100,
    lines: [{ series: 'handlerBusy', label: 'chart.busy.line', color: '#d55e00', scale: 100, smooth: 0.03 }],
  },
  {
    id: 'chart-buffer',
    stem: 'chart.buffer',
    modes: ['buffer'],
    yFixed: 100,
    lines: [{ series: 'bufferUsed', label: 'chart.buffer.line', color: '#0072b2', scale: 100 }],
  },
  {
    id: 'chart-send',
    stem: 'chart.send',
    modes: ['buffer'],
    lines: [
      { series: 'blockedOldest', label: 'chart.send.oldest', color: '#d55e00' },
      { series: 'sendP99', label: 'chart.send.p99', color: '#cc79a7', dash: true },
    ],
  },
  {
    id: 'chart-front',
    stem: 'chart.front',
    modes: ['buffer'],
    lines: [
      { series: 'frontOk', label: 'chart.front.ok', color: '#009e73' },
      { series: 'frontErrors', label: 'chart.front.errors', color: '#e69f00', dash: true },
      { series: 'frontTimeouts', label: 'chart.front.timeouts', color: '#d55e00' },
      { series: 'frontShed', label: 'chart.front.shed', color: '#cc79a7', dash: true },
    ],
  },
  {
    id: 'chart-dropped',
    stem: 'chart.dropped',
    modes: ['buffer'],
    lines: [
      { series: 'refused', label: 'chart.dropped.refused', color: '#e69f00' },
      { series: 'shed', label: 'chart.dropped.shed', color: '#cc79a7', dash: true },
      { series: 'expired', label: 'chart.dropped.expired', color: '#d55e00' },
    ],
  },
];

export const CLUSTER_CHART_IDS: readonly string[] = CHARTS.map((c) => c.id);

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/** Values × k, at most `cap` (a share in % whose running mean of 100s rounds a hair above 100). */
function scaled(c: Cols, k: number, cap = Infinity): Cols {
  const mean = new Float64Array(c.mean.length);
  for (let i = 0; i < c.mean.length; i++) mean[i] = Math.min(cap, c.mean[i] * k);
  return { t: c.t, mean };
}

/** Each point replaced by the mean of the points within `window` (time units) before it, itself included. */
export function trailingMean(c: Cols, window: number): Cols {
  const n = c.mean.length;
  const mean = new Float64Array(n);
  let from = 0;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const x = c.mean[i];
    if (Number.isFinite(x)) {
      sum += x;
      count++;
    }
    while (from < i && c.t[from] < c.t[i] - window) {
      if (Number.isFinite(c.mean[from])) {
        sum -= c.mean[from];
        count--;
      }
      from++;
    }
    mean[i] = count > 0 ? sum / count : NaN;
  }
  return { t: c.t, mean };
}

/** The last value of a column, or null when it has none. */
const lastOf = (c: Cols | undefined): number | null => (c && c.mean.length > 0 ? c.mean[c.mean.length - 1] : null);

/**
 * The charts `ids` (default all) of one run's data; empty lines before it has any. `consumers` and
 * `processor` describe the scenario (before its data arrives): no consumer, no end-to-end latency;
 * a processor, a line for its output's duplicates.
 */
export function clusterCharts(
  d: ClusterData | null,
  lang: Lang,
  ids: readonly string[] = CLUSTER_CHART_IDS,
  consumers = d ? d.topology.consumers.length : 1,
  processor = d ? d.summary.processor !== null : false,
  mode: ClusterChartMode = d ? (d.summary.front !== null ? 'buffer' : d.summary.io !== null ? 'io' : 'plain') : 'plain',
  acks: readonly Acks[] = d ? d.summary.produceByAcks.map((a) => a.acks) : [],
): ClusterChart[] {
  const t = (k: ClMessageKey, vars?: Record<string, string | number>) => cltranslate(lang, k, vars);
  return CHARTS.filter((c) => ids.includes(c.id) && c.modes.includes(mode)).map((c) => {
    const defs: readonly LineDef[] =
      c.id === 'chart-produce' && acks.length > 1 ? acks.map((a) => ({ series: PRODUCE_P99_BY_ACKS[a], label: `chart.p99.acks${a}` as ClMessageKey, ...ACKS_LINE[a], skipZero: true, scale: 1000 })) : c.lines;
    const lines = defs.filter((l) => processor || !l.withProcessor).map((l) => {
      const raw = d?.series[l.series] ?? none;
      const span = raw.t.length > 0 ? raw.t[raw.t.length - 1] - raw.t[0] : 0;
      const cols = l.smooth && span > 0 ? trailingMean(raw, l.smooth * span) : raw;
      return { cols: l.scale ? scaled(cols, l.scale, c.yFixed) : cols, label: t(l.label), color: l.color, dash: l.dash, skipZero: l.skipZero };
    });
    let note: string | null = null;
    const acked = d ? d.summary.records.ackedStored + d.summary.records.ackedLost : 0;
    // "None yet" only once something was acknowledged: before that there is nothing to vouch for.
    if (c.id === 'chart-records' && d && acked > 0 && lines.every((l) => (lastOf(l.cols) ?? 0) === 0)) note = t('chart.records.none', { acked: fmtInt(lang, acked) });
    if (c.id === 'chart-e2e' && consumers === 0) note = t('chart.e2e.none');
    // The two numbers the lines are about, for the run so far (window): records per request, and how long requests waited for a handler.
    const rq = d?.summary.requests;
    if (c.id === 'chart-io' && rq && rq.batchRecords !== null) note = t('chart.io.note', { n: fmt(lang, rq.batchRecords, 3), kib: fmt(lang, (rq.batchBytes ?? 0) / 1024, 3) });
    const io = d?.summary.io;
    if (c.id === 'chart-busy' && io && io.wait.p99 !== null) note = t('chart.busy.note', { busy: fmt(lang, io.busiest * 100, 3), wait: fmt(lang, io.wait.p99 * 1000, 3), threads: io.threads });
    const byAcks = d?.summary.produceByAcks ?? [];
    if (c.id === 'chart-produce' && acks.length > 1 && byAcks.some((a) => a.latency.p99 !== null)) {
      const ms = (x: number | null) => fmt(lang, x === null ? null : x * 1000, 3);
      note = t('chart.produce.byAcks', { list: byAcks.map((a) => `acks=${a.acks} ${ms(a.latency.p99)}`).join(' · ') });
    }
    const buf = d?.summary.buffer;
    if (c.id === 'chart-buffer' && buf && d.simTime > 0) note = t('chart.buffer.note', { used: fmt(lang, buf.used / 1_048_576, 3), total: fmt(lang, buf.memory / 1_048_576, 3), blocked: fmtInt(lang, buf.blockedNow) });
    const reader = d?.summary.consumers[0]?.name ?? '';
    const empty = c.id === 'chart-e2e' ? (consumers === 0 ? t('chart.e2e.none') : t('chart.e2e.empty', { name: reader })) : c.id === 'chart-produce' ? t('chart.produce.empty') : t('chart.empty');
    return { id: c.id, empty, title: t(`${c.stem}.title` as ClMessageKey), yLabel: t(`${c.stem}.y` as ClMessageKey), caption: t(c.id === 'chart-records' && processor ? 'chart.records.captionProc' : (`${c.stem}.caption` as ClMessageKey)), note, lines, yFixed: c.yFixed ?? null };
  });
}
