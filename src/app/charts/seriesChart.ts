/**
 * Number in system over simulated time, as pure geometry: scales, ticks and SVG path strings from
 * the worker's bucketed series. No DOM: the Svelte component writes the <svg>.
 *
 * Bucket i covers [t[i], t[i+1]) and the last one ends at `end` (the current simulated time), so
 * both the average line and the peak band are drawn as steps.
 */
import { scaleLinear } from 'd3-scale';
import { area, curveStepAfter, line } from 'd3-shape';
import { fitTicks } from './lineChart.ts';

export interface SeriesInput {
  t: ArrayLike<number>;
  mean: ArrayLike<number>;
  max: ArrayLike<number>;
}

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface SeriesChartOptions {
  width: number;
  height: number;
  /** Current simulated time: the right end of the last bucket, and of the x axis. */
  end: number;
  margin?: Margin;
  /** Dashed reference line (theory L), when theory applies. */
  theoryL?: number | null;
  /** Draw the running time-average of the signal from this time on (the warm-up end); null = don't. */
  runningFrom?: number | null;
  /** End of the warm-up period (s); shaded when > 0. */
  warmup?: number;
  xTickCount?: number;
  yTickCount?: number;
  /** The x axis's labels as drawn (at 12 px), so that fewer ticks are drawn where they would touch. */
  xLabel?: (v: number) => string;
}

export interface Tick {
  value: number;
  /** Pixel position along the axis. */
  pos: number;
}

export interface SeriesChart {
  width: number;
  height: number;
  margin: Margin;
  /** Plot area in pixels. */
  plot: { left: number; right: number; top: number; bottom: number };
  xDomain: [number, number];
  yDomain: [number, number];
  xTicks: Tick[];
  yTicks: Tick[];
  /** Step line through the bucket averages ('' when there is nothing to draw). */
  linePath: string;
  /** Step band from each bucket's average up to its peak ('' when empty). */
  bandPath: string;
  /** Running time-average since `runningFrom` ('' when not asked for or nothing to draw). */
  runningPath: string;
  /** Its last value (≈ the measured L), or null. */
  runningLast: number | null;
  theoryY: number | null;
  /** Pixel x where the warm-up ends (clamped to the plot), or null without a warm-up. */
  warmupX: number | null;
  /** True when there are no points (before the first event or with zero-size input). */
  empty: boolean;
}

export const DEFAULT_MARGIN: Margin = { top: 12, right: 16, bottom: 40, left: 52 };

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

interface Point {
  t: number;
  mean: number;
  max: number;
}

/**
 * Running time-average of the step signal from time `from` on: one point at the end of every
 * bucket, (∫ from→t of the bucket averages) / (t − from). A bucket that straddles `from` counts
 * with the part after it. Visual only: the exact L comes from the run summary.
 */
export function runningAverage(pts: readonly Point[], from: number): { t: number; avg: number }[] {
  const out: { t: number; avg: number }[] = [];
  let area = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = Math.max(pts[i].t, from);
    const b = pts[i + 1].t;
    if (!(b > a)) continue;
    area += pts[i].mean * (b - a);
    out.push({ t: b, avg: area / (b - from) });
  }
  return out;
}

/** The bucket points plus a closing point at `end`, skipping non-finite values. */
export function seriesPoints(series: SeriesInput, end: number): Point[] {
  const n = Math.min(series.t.length, series.mean.length, series.max.length);
  const pts: Point[] = [];
  for (let i = 0; i < n; i++) {
    const t = series.t[i];
    const mean = series.mean[i];
    const max = series.max[i];
    if (finite(t) && finite(mean)) pts.push({ t, mean, max: finite(max) ? Math.max(max, mean) : mean });
  }
  if (pts.length > 0) {
    const last = pts[pts.length - 1];
    if (end > last.t) pts.push({ t: end, mean: last.mean, max: last.max });
  }
  return pts;
}

export function buildSeriesChart(series: SeriesInput, opts: SeriesChartOptions): SeriesChart {
  const margin = { ...(opts.margin ?? DEFAULT_MARGIN) };
  const width = Math.max(opts.width, margin.left + margin.right + 10);
  const height = Math.max(opts.height, margin.top + margin.bottom + 10);
  const plot = { left: margin.left, right: width - margin.right, top: margin.top, bottom: height - margin.bottom };

  const pts = seriesPoints(series, opts.end);
  const empty = pts.length === 0;

  const xMax = Math.max(finite(opts.end) ? opts.end : 0, empty ? 0 : pts[pts.length - 1].t);
  const x = scaleLinear().domain([0, xMax > 0 ? xMax : 1]).range([plot.left, plot.right]);

  let top = 1;
  for (const p of pts) if (p.max > top) top = p.max;
  if (finite(opts.theoryL) && opts.theoryL > top) top = opts.theoryL;
  const y = scaleLinear().domain([0, top * 1.05]).range([plot.bottom, plot.top]).nice(opts.yTickCount ?? 5);

  const linePath = empty
    ? ''
    : (line<Point>()
        .digits(2)
        .x((p) => x(p.t))
        .y((p) => y(p.mean))
        .curve(curveStepAfter)(pts) ?? '');
  const bandPath = empty
    ? ''
    : (area<Point>()
        .digits(2)
        .x((p) => x(p.t))
        .y0((p) => y(p.mean))
        .y1((p) => y(p.max))
        .curve(curveStepAfter)(pts) ?? '');

  let runningPath = '';
  let runningLast: number | null = null;
  if (!empty && finite(opts.runningFrom)) {
    const run = runningAverage(pts, opts.runningFrom);
    if (run.length > 0) {
      runningLast = run[run.length - 1].avg;
      runningPath =
        line<{ t: number; avg: number }>()
          .digits(2)
          .x((p) => x(p.t))
          .y((p) => y(p.avg))(run) ?? '';
    }
  }

  const ref = (v: number | null | undefined): number | null => (finite(v) && v >= 0 ? y(v) : null);
  const warmup = opts.warmup ?? 0;
  const warmupX = warmup > 0 ? Math.min(x(warmup), plot.right) : null;

  const xd = x.domain() as [number, number];
  const yd = y.domain() as [number, number];
  return {
    width,
    height,
    margin,
    plot,
    xDomain: [xd[0], xd[1]],
    yDomain: [yd[0], yd[1]],
    xTicks: fitTicks(x, opts.xTickCount ?? 6, opts.xLabel ?? String, 7.7),
    yTicks: y.ticks(opts.yTickCount ?? 5).map((value) => ({ value, pos: y(value) })),
    linePath,
    bandPath,
    runningPath,
    runningLast,
    theoryY: ref(opts.theoryL),
    warmupX,
    empty,
  };
}
