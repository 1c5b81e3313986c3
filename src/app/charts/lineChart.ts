/**
 * Small time-series charts (the Kafka panels, compare view) as pure geometry: scales, ticks and SVG path strings
 * from bucketed columns (d3-scale; the paths are d3-shape's straight lines, built directly). No DOM: the Svelte
 * component writes the <svg>.
 */
import { scaleLinear, type ScaleLinear } from 'd3-scale';

export interface Cols {
  t: ArrayLike<number>;
  mean: ArrayLike<number>;
}

export interface LineSpec {
  cols: Cols;
  /** Optional explicit end time for the last point (the current simulated time). */
  end?: number;
}

export interface Tick {
  value: number;
  pos: number;
}

export interface LineChartGeom {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  xTicks: Tick[];
  yTicks: Tick[];
  /** Each y tick's label, all at the scale of the axis's top (`yLabel`). */
  yLabels: string[];
  paths: string[];
  /** Last finite value of each line (null when none). */
  last: (number | null)[];
  yMax: number;
  empty: boolean;
  /** Per line: its largest value when that is above a fixed scale's top (drawn clipped), else null. */
  over: (number | null)[];
}

export const MARGIN = { top: 8, right: 12, bottom: 30, left: 48 };

const finite = (x: number): boolean => Number.isFinite(x);

/** Points (t, v) of a column pair, at most `maxPoints` (keeps every k-th plus the last). */
export function points(cols: Cols, maxPoints = 400): [number, number][] {
  const n = Math.min(cols.t.length, cols.mean.length);
  const step = Math.max(1, Math.ceil(n / maxPoints));
  const out: [number, number][] = [];
  for (let i = 0; i < n; i += step) {
    const t = cols.t[i];
    const v = cols.mean[i];
    if (finite(t) && finite(v)) out.push([t, v]);
  }
  if (n > 0 && (n - 1) % step !== 0) {
    const t = cols.t[n - 1];
    const v = cols.mean[n - 1];
    if (finite(t) && finite(v)) out.push([t, v]);
  }
  return out;
}

/** To one decimal, as d3-path's `digits(1)` writes a coordinate. */
const round1 = (v: number): number => Math.round(v * 10) / 10;

/**
 * The path d3-shape's `line().digits(1)` (straight segments) draws through `pts` mapped by `x` and
 * `y` — "M x,y L x,y …", a lone point closed with "Z" — written in one loop: every line of every
 * chart is redrawn on every snapshot, and d3's generator (an accessor call, a curve object and a
 * tagged template per point) was a good part of a snapshot's work. Same string, character for
 * character (test/app/kafkaCharts.test.ts compares them).
 */
export function linePath(pts: readonly (readonly [number, number])[], x: (v: number) => number, y: (v: number) => number): string {
  if (pts.length === 0) return '';
  let d = 'M' + round1(x(pts[0][0])) + ',' + round1(y(pts[0][1]));
  for (let i = 1; i < pts.length; i++) d += 'L' + round1(x(pts[i][0])) + ',' + round1(y(pts[i][1]));
  return pts.length === 1 ? d + 'Z' : d;
}

/**
 * The scale's "nice" ticks, `count` of them or fewer where their labels (about `charPx` a
 * character, centred on the tick) would run into each other: a narrow chart (a phone, a browser
 * zoomed to 150 %) writes "0 200 400 600", not "0100200300400500600".
 */
export function fitTicks(scale: ScaleLinear<number, number>, count: number, label: (v: number) => string, charPx = 6.7, gap = 8): Tick[] {
  for (let n = count; ; n--) {
    const ticks = scale.ticks(n).map((value) => ({ value, pos: scale(value) }));
    const half = ticks.map((t) => (label(t.value).length * charPx) / 2);
    if (n <= 2 || ticks.every((t, i) => i === 0 || t.pos - ticks[i - 1].pos >= half[i] + half[i - 1] + gap)) return ticks;
  }
}

/**
 * The x ticks to label and how each label is anchored: a tick within 12 px of the plot's right
 * edge (a run of 1,200 s ends on one) ends its label there instead of crossing it («1 млн» would
 * lose its last letter), and goes unlabelled when that would run into its neighbour's label.
 */
export function xTickLabels(ticks: readonly Tick[], right: number): { tick: Tick; anchor: 'middle' | 'end' }[] {
  const out: { tick: Tick; anchor: 'middle' | 'end' }[] = [];
  ticks.forEach((tick, i) => {
    const atEdge = tick.pos > right - 12;
    if (!atEdge) out.push({ tick, anchor: 'middle' });
    else if (i === 0 || tick.pos - ticks[i - 1].pos >= 40) out.push({ tick, anchor: 'end' });
  });
  return out;
}

/** Drops every other tick (keeping 0) until labels are at least `gap` px apart. */
export function thin(ticks: Tick[], gap = 14): Tick[] {
  let out = ticks;
  while (out.length > 2 && Math.abs(out[1].pos - out[0].pos) < gap) out = out.filter((_, i) => i % 2 === 0);
  return out;
}

/**
 * The plot's left edge: {@link MARGIN}.left, or wider when the widest y tick label (about `charPx`
 * a character, ending 6 px left of the axis) would reach the rotated axis title (x ≈ 4–16 px):
 * Russian writes «150 тыс.» where English writes "150k".
 */
export function leftMargin(labels: readonly string[], charPx = 6.2): number {
  let widest = 0;
  for (const l of labels) widest = Math.max(widest, l.length);
  return Math.max(MARGIN.left, Math.ceil(17 + widest * charPx + 6));
}

/**
 * A y scale that the start-up does not flatten, or null to fit everything: when the largest value
 * of `lines` before `warmup` (the run's warm-up, which its statistics leave out too: a group's
 * catch-up after its first join, the records that waited for it) is over `ratio` times the
 * largest after it, the axis ends at `headroom` times the latter and the chart marks what goes
 * above ({@link LineChartGeom.over}). Whatever happens after the warm-up is drawn whole.
 */
export function warmupScale(lines: readonly Cols[], warmup: number, ratio = 2.5, headroom = 1.15): number | null {
  if (!(warmup > 0)) return null;
  let before = 0;
  let after = 0;
  for (const c of lines) {
    for (let i = 0; i < c.mean.length; i++) {
      const v = c.mean[i];
      if (!Number.isFinite(v)) continue;
      if (c.t[i] < warmup) before = Math.max(before, v);
      else after = Math.max(after, v);
    }
  }
  return after > 0 && before > ratio * after ? headroom * after : null;
}

/** About one y tick per 24 px of plot height (2 to 5). */
export const yTickCount = (h: number): number => Math.max(2, Math.min(5, Math.floor(h / 24)));

/**
 * The chart's geometry. `yFixed` (> 0) pins the y axis to [0, yFixed] whatever the data: what goes
 * above is clipped by the plot and reported in `over`, so a small number looks small next to a
 * run that went off the scale.
 */
export function buildLineChart(
  lines: Cols[],
  opts: { width: number; height: number; xMax: number; yMin?: number; yFixed?: number | null; xLabel?: (v: number) => string; yLabel?: (v: number, top: number) => string },
): LineChartGeom {
  const height = Math.max(opts.height, MARGIN.top + MARGIN.bottom + 10);
  const pts = lines.map((c) => points(c));
  let top = 0;
  for (const p of pts) for (const [, v] of p) if (v > top) top = v;
  const empty = pts.every((p) => p.length === 0);
  const fixed = opts.yFixed != null && opts.yFixed > 0 ? opts.yFixed : null;
  const bottom = height - MARGIN.bottom;
  const y = scaleLinear()
    .domain([opts.yMin ?? 0, fixed ?? (top > 0 ? top * 1.08 : 1)])
    .range([bottom, MARGIN.top]);
  if (fixed === null) y.nice(yTickCount(bottom - MARGIN.top));
  const yTicks = thin(y.ticks(yTickCount(bottom - MARGIN.top)).map((value) => ({ value, pos: y(value) })));
  const yTop = y.domain()[1];
  const yLabels = yTicks.map((t) => (opts.yLabel ? opts.yLabel(t.value, yTop) : String(t.value)));
  const left = leftMargin(yLabels);
  const width = Math.max(opts.width, left + MARGIN.right + 10);
  const plot = { left, right: width - MARGIN.right, top: MARGIN.top, bottom };
  const x = scaleLinear().domain([0, opts.xMax > 0 ? opts.xMax : 1]).range([plot.left, plot.right]);
  return {
    width,
    height,
    plot,
    xTicks: fitTicks(x, 5, opts.xLabel ?? String),
    yTicks,
    yLabels,
    paths: pts.map((p) => linePath(p, x, y)),
    last: pts.map((p) => (p.length > 0 ? p[p.length - 1][1] : null)),
    yMax: y.domain()[1],
    empty,
    over: pts.map((p) => {
      if (fixed === null) return null;
      let m = -Infinity;
      for (const [, v] of p) if (v > m) m = v;
      return m > fixed ? m : null;
    }),
  };
}

/**
 * Heatmap cells: rows = partitions, columns = time buckets re-binned to at most `cols` (each the
 * mean of its points). `max` is the largest point, not the largest column mean: the legend's
 * "high" is then within a sample interval's mean of what the topology shows at that moment (a
 * partition's lag at the end of a run), not the mean of the last column's several points.
 */
export function heatmapGrid(series: Cols[], xMax: number, cols = 120): { grid: Float64Array; rows: number; cols: number; max: number } {
  const rows = series.length;
  const grid = new Float64Array(rows * cols);
  const count = new Float64Array(rows * cols);
  let max = 0;
  const span = xMax > 0 ? xMax : 1;
  for (let r = 0; r < rows; r++) {
    const s = series[r];
    const n = Math.min(s.t.length, s.mean.length);
    for (let i = 0; i < n; i++) {
      const v = s.mean[i];
      if (!finite(v)) continue;
      const c = Math.min(cols - 1, Math.max(0, Math.floor((s.t[i] / span) * cols)));
      grid[r * cols + c] += v;
      count[r * cols + c]++;
      if (v > max) max = v;
    }
  }
  for (let k = 0; k < grid.length; k++) grid[k] = count[k] > 0 ? grid[k] / count[k] : NaN;
  return { grid, rows, cols, max };
}
