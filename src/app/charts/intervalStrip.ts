/**
 * Two (or more) estimates with their confidence intervals on one shared axis, plus an optional
 * theory marker: the picture of Little's law converging (L and λ·W overlapping). Pure geometry.
 */
import { scaleLinear } from 'd3-scale';

export interface IntervalInput {
  mean: number | null;
  /** Half-width of the interval; null when not yet known (only the point is drawn). */
  hw: number | null;
}

export interface IntervalRow {
  /** Pixel x of the point estimate. */
  cx: number;
  /** Interval ends in pixels (equal to cx without a half-width). */
  x0: number;
  x1: number;
  hasInterval: boolean;
}

export interface IntervalStrip {
  domain: [number, number];
  ticks: { value: number; pos: number }[];
  /** One row per input; null for inputs without a value. */
  rows: (IntervalRow | null)[];
  theoryX: number | null;
  /** True when no input has a value (nothing to draw). */
  empty: boolean;
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

export function buildIntervalStrip(
  items: readonly IntervalInput[],
  theory: number | null,
  range: [number, number],
  tickCount = 4,
): IntervalStrip {
  const values: number[] = [];
  for (const it of items) {
    if (!finite(it.mean)) continue;
    const hw = finite(it.hw) ? Math.abs(it.hw) : 0;
    values.push(it.mean - hw, it.mean + hw);
  }
  const empty = values.length === 0;
  if (finite(theory)) values.push(theory);
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (hi - lo < 1e-12) {
    const pad = Math.abs(hi) > 0 ? Math.abs(hi) * 0.1 : 1;
    lo -= pad;
    hi += pad;
  } else {
    const pad = (hi - lo) * 0.15;
    lo -= pad;
    hi += pad;
  }
  const x = scaleLinear().domain([lo, hi]).range(range).nice(tickCount);
  const rows = items.map((it): IntervalRow | null => {
    if (!finite(it.mean)) return null;
    const hasInterval = finite(it.hw);
    const hw = hasInterval ? Math.abs(it.hw as number) : 0;
    return { cx: x(it.mean), x0: x(it.mean - hw), x1: x(it.mean + hw), hasInterval };
  });
  const d = x.domain() as [number, number];
  return {
    domain: [d[0], d[1]],
    ticks: x.ticks(tickCount).map((value) => ({ value, pos: x(value) })),
    rows,
    theoryX: finite(theory) ? x(theory) : null,
    empty,
  };
}
