/**
 * Number formatting for the page: locale-aware (decimal comma in Russian), a sensible number of
 * digits, and "mean ± half-width" with the mean rounded to the precision of its interval.
 * Tests read raw values from `data-value`, never from this text.
 */
import type { Lang } from './i18n.ts';

const LOCALES: Record<Lang, string> = { en: 'en-US', ru: 'ru-RU' };
const cache = new Map<string, Intl.NumberFormat>();

/** A formatter with these fraction digits (cached: the page formats hundreds of numbers per snapshot). */
function nf(lang: Lang, opts: { minimumFractionDigits?: number; maximumFractionDigits: number }): Intl.NumberFormat {
  const key = `${lang}|${opts.minimumFractionDigits ?? ''}|${opts.maximumFractionDigits}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALES[lang], opts);
    cache.set(key, f);
  }
  return f;
}

export const DASH = '—';

/** Units as the Russian page writes them; English ones, and units not listed, are shown as they are. */
const UNIT_RU: Readonly<Record<string, string>> = { s: 'с', ms: 'мс', min: 'мин', '/s': '/с', bytes: 'байт', 'bytes/s': 'байт/с', MB: 'МБ', 'p·s': 'п·с' };

/** A unit (`s`, `ms`, `min`, `/s`, `bytes`, `bytes/s`, `MB`, `p·s`) in the page's language. */
export function unitText(unit: string, lang: Lang): string {
  return lang === 'ru' ? (UNIT_RU[unit] ?? unit) : unit;
}

/** What goes between a number and its unit (already in the page's language): a space, none before a rate's "/s" ("1 000 000/с"). */
export function unitGap(unit: string): string {
  return unit.startsWith('/') ? '' : ' ';
}

/** A unit as it follows a number: " мс" after a space, a rate's "/с" without one ("1 000 000/с"); "" for none. */
export function unitAfter(unit: string | null | undefined, lang: Lang): string {
  if (!unit) return '';
  return `${unitGap(unit)}${unitText(unit, lang)}`;
}

const ok = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

/** A number with about `sig` significant digits (integers ≥ 10^sig are shown whole). */
export function fmt(lang: Lang, x: number | null | undefined, sig = 4): string {
  if (!ok(x)) return DASH;
  if (x === 0) return '0';
  const mag = Math.floor(Math.log10(Math.abs(x)));
  const decimals = Math.min(Math.max(sig - 1 - mag, 0), 8);
  return nf(lang, { maximumFractionDigits: decimals, minimumFractionDigits: 0 }).format(x);
}

/** An integer count with digit grouping. */
export function fmtInt(lang: Lang, x: number | null | undefined): string {
  return ok(x) ? nf(lang, { maximumFractionDigits: 0 }).format(x) : DASH;
}

/** A fraction as a percentage. */
export function fmtPct(lang: Lang, x: number | null | undefined, sig = 3): string {
  return ok(x) ? `${fmt(lang, x * 100, sig)} %` : DASH;
}

/** Decimals that show `hw` with two significant digits. */
export function decimalsFor(hw: number): number {
  if (!(hw > 0) || !Number.isFinite(hw)) return 3;
  return Math.min(Math.max(1 - Math.floor(Math.log10(hw)), 0), 8);
}

/** `mean` and `hw` at the precision of the interval: { mean: "9.02", hw: "0.32" }; hw null when unknown. */
export function fmtPM(lang: Lang, mean: number | null | undefined, hw: number | null | undefined, scale = 1): { mean: string; hw: string | null } {
  if (!ok(mean)) return { mean: DASH, hw: null };
  if (!ok(hw)) return { mean: fmt(lang, mean * scale), hw: null };
  const d = decimalsFor(hw * scale);
  const f = nf(lang, { minimumFractionDigits: d, maximumFractionDigits: d });
  return { mean: f.format(mean * scale), hw: f.format(hw * scale) };
}

/** Thousands and millions as a compact label writes them: "k"/"M" in English, « тыс.»/« млн» in Russian (no break before). */
const SUFFIX: Record<Lang, { k: string; M: string }> = { en: { k: 'k', M: 'M' }, ru: { k: '\u00a0тыс.', M: '\u00a0млн' } };

/** Compact tick labels (simulated time on an x axis): 250, 5000, 200k, 1M — in Russian 200 тыс., 1 млн. */
export function fmtTick(lang: Lang, x: number): string {
  const a = Math.abs(x);
  if (a >= 1e6) return `${fmt(lang, x / 1e6, 3)}${SUFFIX[lang].M}`;
  if (a >= 1e4) return `${fmt(lang, x / 1e3, 3)}${SUFFIX[lang].k}`;
  return fmt(lang, x, 3);
}

/**
 * Shorter still, for y ticks and counters: thousands in English are "2k" from 1,000 up (narrower
 * than "2,000"); Russian writes them whole («2 500») and from 10 000 up as {@link fmtTick} does
 * («20 тыс.»).
 */
export function fmtShort(lang: Lang, x: number): string {
  const a = Math.abs(x);
  return lang === 'en' && a >= 1000 && a < 1e4 ? `${fmt(lang, x / 1e3, 3)}k` : fmtTick(lang, x);
}

/**
 * A y tick on an axis that ends at `top`: the whole axis at one scale, the scale of its top —
 * «2 тыс., 4 тыс. … 14 тыс.», not «8 000» under «10 тыс.»; "0.5M, 1M" — and {@link fmtShort}'s
 * form below ten thousand. 0 is "0".
 */
export function fmtAxis(lang: Lang, x: number, top: number): string {
  if (x === 0) return '0';
  const t = Math.abs(top);
  if (t >= 1e6) return `${fmt(lang, x / 1e6, 3)}${SUFFIX[lang].M}`;
  if (t >= 1e4) return `${fmt(lang, x / 1e3, 3)}${SUFFIX[lang].k}`;
  return fmtShort(lang, x);
}

/** A duration given in seconds, with its unit: milliseconds below a second ("1.35 ms", "192 s"). */
export function fmtDuration(lang: Lang, seconds: number | null | undefined, sig = 3): string {
  if (!ok(seconds)) return DASH;
  // Seconds from what rounds to 1,000 ms up ("1 s", not "1,000 ms").
  return Math.abs(seconds) >= 1 - 0.5 * 10 ** -sig || seconds === 0 ? `${fmt(lang, seconds, sig)}${unitAfter('s', lang)}` : `${fmt(lang, seconds * 1000, sig)}${unitAfter('ms', lang)}`;
}

/**
 * The unit of a chart's values when its y axis is labelled with a time unit alone ("s" or "ms", in
 * either language), as every chart of durations is: its legend then shows each value as a duration.
 */
export function durationAxis(yLabel: string): 's' | 'ms' | null {
  for (const u of ['s', 'ms'] as const) if (yLabel === u || yLabel === unitText(u, 'ru')) return u;
  return null;
}
