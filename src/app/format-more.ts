/**
 * Number formats only some views use (the Kafka counters, the compare table, the sweep): apart
 * from format.ts so that every model's first load does not carry them.
 */
import type { Lang } from './i18n.ts';
import { fmt, fmtDuration, fmtShort, unitAfter, unitText } from './format.ts';

/**
 * Counts shown side by side in a narrow cell ("18.1k / 9.74k"): in English each with its "k"/"M"
 * ({@link fmtShort}); in Russian, where «18,1 тыс. / 9,74 тыс.» would not fit, all at the scale of
 * the largest, with the scale word («тыс.», «млн») returned once for the unit after them.
 */
export function fmtShortSet(lang: Lang, xs: readonly number[]): { texts: string[]; scale: string } {
  if (lang === 'en') return { texts: xs.map((x) => fmtShort(lang, x)), scale: '' };
  const top = Math.max(0, ...xs.map((x) => Math.abs(x)));
  const [div, scale] = top >= 1e6 ? [1e6, 'млн'] : top >= 1e4 ? [1e3, 'тыс.'] : [1, ''];
  return { texts: xs.map((x) => fmt(lang, x / div, 3)), scale };
}

/** How a headline metric is measured (src/run/headline.ts `MetricUnit`). */
type MetricUnitName = 'records' | 's' | 'count' | 'partition-s' | 'per-s' | 'fraction' | 'bytes';

/** A headline metric's value with its unit, as a table cell or a tooltip writes it: "90.1 %", "10.2 s", "8.144 ms", "596.6/s", "2,003". */
export function metricText(lang: Lang, unit: MetricUnitName, x: number, sig = 4): string {
  if (unit === 'fraction') return `${fmt(lang, x * 100, sig)} %`;
  if (unit === 's') return fmtDuration(lang, x, sig);
  return `${fmt(lang, x, sig)}${unit === 'per-s' ? unitAfter('/s', lang) : ''}`;
}

/** The unit an axis of a headline metric names after its label ("W, s"), or "" for a count; fractions are drawn in %. */
export function metricAxisUnit(lang: Lang, unit: MetricUnitName): string {
  return unit === 'fraction' ? '%' : unit === 's' || unit === 'per-s' || unit === 'bytes' ? unitText(unit === 'per-s' ? '/s' : unit, lang) : unit === 'partition-s' ? unitText('p·s', lang) : '';
}
