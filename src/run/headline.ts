/**
 * Headline metrics: the few numbers of a run that a lesson's story is about (lag, lag age, p99,
 * duplicates, lost, ordering violations, rebalances, paused partition-seconds …), read off a run
 * summary — the CLI's, or the one every live snapshot carries — so that compare view, the CLI's
 * `--compare` and the tests put two runs side by side with the same numbers.
 *
 * Each model lists its own ({@link ModelEntry.headline}); this module holds what they share: the
 * metric's shape and the comparison of two runs. No DOM, no model code: the page imports it.
 */

/** Which way is better: a lower lag, a higher throughput; 'none' when neither is (a count of records produced). */
export type Better = 'lower' | 'higher' | 'none';

/** What a metric counts, for formatting (the page and the CLI write the unit after the number). */
export type MetricUnit = 'records' | 's' | 'count' | 'partition-s' | 'per-s' | 'fraction' | 'bytes';

export interface MetricDef<Sum> {
  /** Stable id: lessons name it in their `compare:` / `costs:` front matter, links and tests too. */
  id: string;
  label: { en: string; ru: string };
  unit: MetricUnit;
  better: Better;
  /** The value in a summary; null when the run has none yet (no completion, no estimate). */
  value(summary: Sum): number | null;
}

export interface HeadlineValue {
  id: string;
  label: { en: string; ru: string };
  unit: MetricUnit;
  better: Better;
  value: number | null;
}

/** How B's value stands against A's ('changed': it moved, and neither way is better). */
export type Verdict = 'better' | 'worse' | 'changed' | 'same' | 'n/a';

export interface CompareRow extends HeadlineValue {
  a: number | null;
  b: number | null;
  /** b − a (null when either is missing). */
  diff: number | null;
  /** (b − a) / |a|; null when a is 0 or either is missing. */
  rel: number | null;
  verdict: Verdict;
}

/** The headline values of a summary, in the model's order (all null before a run has one). */
export function headlineOf<Sum>(defs: readonly MetricDef<Sum>[], summary: Sum | null): HeadlineValue[] {
  return defs.map((d) => ({ id: d.id, label: d.label, unit: d.unit, better: d.better, value: summary === null ? null : finite(d.value(summary)) }));
}

const finite = (x: number | null): number | null => (x !== null && Number.isFinite(x) ? x : null);

/**
 * A difference smaller than this share of the larger value is "same": a few per cent of a
 * throughput or a lag age is the luck of two runs, not an effect of the fix.
 */
export const SAME_WITHIN = 0.05;

export function verdictOf(better: Better, a: number | null, b: number | null): Verdict {
  if (a === null || b === null) return 'n/a';
  const scale = Math.max(Math.abs(a), Math.abs(b));
  if (Math.abs(b - a) <= SAME_WITHIN * scale || scale === 0) return 'same';
  if (better === 'none') return 'changed';
  return (b < a) === (better === 'lower') ? 'better' : 'worse';
}

/**
 * A's and B's headline values side by side, matched by id: for two runs of one model the same
 * metrics in the same order; for runs of two models (a queue against a log) A's metrics, then B's
 * that A lacks — a metric both have (the age of the oldest waiting message, p99, duplicates …) has
 * both values, one only a model has shows "—" on the other side.
 */
export function compareHeadlines(a: readonly HeadlineValue[], b: readonly HeadlineValue[]): CompareRow[] {
  const byId = new Map(b.map((m) => [m.id, m]));
  const inA = new Set(a.map((m) => m.id));
  const row = (m: HeadlineValue, av: number | null, bv: number | null): CompareRow => {
    const diff = av !== null && bv !== null ? bv - av : null;
    const rel = diff !== null && av !== null && av !== 0 ? diff / Math.abs(av) : null;
    return { ...m, value: av, a: av, b: bv, diff, rel, verdict: verdictOf(m.better, av, bv) };
  };
  return [...a.map((m) => row(m, m.value, byId.get(m.id)?.value ?? null)), ...b.filter((m) => !inA.has(m.id)).map((m) => row(m, null, m.value))];
}
