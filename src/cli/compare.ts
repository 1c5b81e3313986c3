/**
 * `npm run sim -- <scenario> --compare fix|<file|link>` and links with `&vs=`: two runs on the same
 * seed, and the table of their headline metrics (src/run/headline.ts) with the difference — the
 * numbers compare view shows in the page.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLesson } from '../content/lesson.ts';
import type { Scenario } from '../scenario/schema.ts';
import type { RunSummary } from '../run/registry.ts';
import { modelFor } from '../run/registry.ts';
import { compareHeadlines, headlineOf, type CompareRow, type MetricUnit } from '../run/headline.ts';
import { fmt, table } from './format.ts';

const LESSONS = fileURLToPath(new URL('../../scenarios/lessons/', import.meta.url));

/** What a shipped scenario's lesson says about its fix: the overrides, and the metrics it improves and worsens. */
export interface LessonFix {
  fix: string[];
  fixHint: string | null;
  compare: string[];
  costs: string[];
}

/** The fix of scenario `id`'s lesson (English file), or null when it has no lesson or no fix. */
export function lessonFix(id: string): LessonFix | null {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(id)) return null;
  let text: string;
  try {
    text = readFileSync(`${LESSONS}${id}.en.md`, 'utf8');
  } catch {
    return null;
  }
  const l = parseLesson(text, `${id}.en.md`);
  if (!l.fix || l.fix.length === 0) return null;
  return { fix: l.fix, fixHint: l.text.fixHint ?? null, compare: l.compare ?? [], costs: l.costs ?? [] };
}

/** The rows of two runs — of one model, or of two (a queue against a log: their shared metrics line up). */
export function compareRuns(a: Scenario, sa: RunSummary, b: Scenario, sb: RunSummary): CompareRow[] {
  return compareHeadlines(headlineOf(modelFor(a).headline, sa), headlineOf(modelFor(b).headline, sb));
}

const UNIT: Record<MetricUnit, string> = { records: 'records', s: 's', count: '', 'partition-s': 'partition-s', 'per-s': '/s', fraction: '', bytes: 'bytes' };

/** The plain-text table: metric, A, B, B − A (and %), verdict; the lesson's metrics marked. */
export function formatCompare(rows: CompareRow[], labels: { a: string; b: string }, story: { compare: string[]; costs: string[] } | null): string {
  const mark = (id: string): string => (story?.compare.includes(id) ? '  ← the story' : story?.costs.includes(id) ? '  ← the cost' : '');
  const signed = (x: number): string => (x > 0 ? `+${fmt(x)}` : x < 0 ? `−${fmt(-x)}` : '0');
  const body = rows.map((r) => {
    const unit = UNIT[r.unit];
    return [
      `${r.label.en}${unit ? ` (${unit})` : ''}`,
      fmt(r.a),
      fmt(r.b),
      r.diff === null ? '—' : `${signed(r.diff)}${r.rel === null ? '' : r.rel >= 9 ? ` (×${fmt(r.rel + 1, 3)})` : ` (${signed(Math.round(r.rel * 100))} %)`}`,
      `${r.verdict === 'n/a' ? '' : r.verdict}${mark(r.id)}`,
    ];
  });
  return [`A: ${labels.a}`, `B: ${labels.b}`, '', ...table(['metric', 'A', 'B', 'B − A', ''], body)].join('\n') + '\n';
}
