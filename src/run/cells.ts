/**
 * Cells of the generated Markdown tables (scenarios/README.md "Shipped scenarios"): locale-free
 * thousands separators, significant digits with trailing zeros kept, the Unicode minus.
 */
import type { EstimateOut } from './models/station/summary.ts';

const MINUS = '\u2212';

/** An integer with thousands separators (1,234,567), independent of the locale. */
export function count(x: number): string {
  const s = Math.abs(Math.round(x))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return x < 0 && s !== '0' ? `${MINUS}${s}` : s;
}

/**
 * `x` to `digits` significant digits, trailing zeros kept (0.900, 10.0); at 10^(digits−1) and
 * beyond, a rounded integer with separators (1,230). null or non-finite: "—".
 */
export function sig(x: number | null | undefined, digits = 3): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  if (x === 0) return '0';
  const r = Number(x.toPrecision(digits));
  if (Math.abs(r) >= 10 ** (digits - 1)) return count(r);
  return r.toPrecision(digits).replace('-', MINUS);
}

/** A measured mean and its 95 % half-width: 3 significant digits, the half-width 2. */
export function withHw(e: EstimateOut): string {
  return e.hw === null ? sig(e.mean) : `${sig(e.mean)} ± ${sig(e.hw, 2)}`;
}

/** How a model's shipped scenarios are tabulated: a sentence above the table, the columns after "file", a row per run. */
export interface ShippedTable<S, Sum> {
  intro(level: string): string;
  head: string[];
  row(scenario: S, summary: Sum): string[];
}
