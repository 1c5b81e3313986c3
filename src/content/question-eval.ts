/**
 * Interview questions at run time, in the page and in the tests alike: references to a run's
 * numbers (`a.duplicates`, `b.lagAgeMax`, `a.summary.groups.billing.lagSeconds.final`,
 * `a.scenario.topic.partitions`), conditions on them (`b.violations = 0 & a.violations > 0`),
 * templates whose `{…}` placeholders are filled from a run, the rule that judges a prediction, and
 * the seeded order of a mock interview. Pure functions, no DOM and no model code: what a run is
 * (its summary and scenario) and which headline metrics its model has are handed in.
 *
 * The question files and their parser: `./question.ts`; the format: scenarios/README.md,
 * "Interview questions".
 */
import { RngStreams } from '../sim/kernel/rng.ts';
import { agreeShown } from './ru-plural.ts';

export type RunSide = 'a' | 'b';

/**
 * A number of a run: one of its model's headline metrics (src/run/models/<kind>/headline.ts), a
 * number in its summary (the CLI's `--json`), or a number in its scenario (after validation and
 * the question's overrides). `a` is the question's run, `b` the run it is compared with.
 */
export type Ref =
  | { run: RunSide; kind: 'metric'; id: string }
  | { run: RunSide; kind: 'summary' | 'scenario'; path: string[] };

/** How a placeholder writes its number: as it is, milliseconds as seconds or minutes, a fraction as a percentage. */
export type Format = 'plain' | 's' | 'min' | 'pct';
export const FORMATS: readonly Format[] = ['plain', 's', 'min', 'pct'];

export type Op = '=' | '<' | '<=' | '>' | '>=';

/** One comparison: `left op right`, where right is a number, or a number times another reference. */
export interface Comparison {
  left: Ref;
  op: Op;
  right: { k: number; ref: Ref | null };
}

/** A condition: comparisons that must all hold (`&`). Its `text` is as written in the file. */
export interface Condition {
  text: string;
  all: Comparison[];
}

const METRIC_ID = /^[A-Za-z][A-Za-z0-9]*$/;
const SEGMENT = /^[A-Za-z0-9_-]+$/;
const NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/i;

/** A reference as written (`a.lost`, `b.summary.groups.billing.lagRecords.final`, `scenario.topic.partitions`), or why it is not one. */
export function parseRef(text: string): Ref | string {
  const parts = text.trim().split('.');
  let run: RunSide = 'a';
  if (parts[0] === 'a' || parts[0] === 'b') run = parts.shift() as RunSide;
  const head = parts[0];
  if (head === undefined || head === '') return `"${text}" names no number`;
  if (head === 'summary' || head === 'scenario') {
    const path = parts.slice(1);
    if (path.length === 0) return `"${text}": ${head}.<path> needs a path`;
    const bad = path.find((p) => !SEGMENT.test(p));
    if (bad !== undefined) return `"${text}": "${bad}" is not a path segment (letters, digits, _ and -)`;
    return { run, kind: head, path };
  }
  if (parts.length !== 1 || !METRIC_ID.test(head)) return `"${text}" is not a headline metric id, summary.<path> or scenario.<path>`;
  return { run, kind: 'metric', id: head };
}

export function refText(r: Ref): string {
  return `${r.run}.${r.kind === 'metric' ? r.id : `${r.kind}.${r.path.join('.')}`}`;
}

const OPS: readonly Op[] = ['<=', '>=', '=', '<', '>'];
const OP_ALIASES: Record<string, Op> = { '≤': '<=', '≥': '>=', '==': '=' };

function parseComparison(text: string): Comparison | string {
  let s = text.trim();
  for (const [alias, op] of Object.entries(OP_ALIASES)) s = s.split(alias).join(op);
  const m = /^(.+?)\s*(<=|>=|=|<|>)\s*(.+)$/.exec(s);
  if (!m) return `"${text.trim()}" is not a comparison (left op right, op one of ${OPS.join(' ')})`;
  const left = parseRef(m[1]);
  if (typeof left === 'string') return left;
  const rhs = m[3].trim();
  if (NUMBER.test(rhs)) return { left, op: m[2] as Op, right: { k: Number(rhs), ref: null } };
  const times = /^(.+?)\s*\*\s*(.+)$/.exec(rhs);
  const k = times ? times[1].trim() : '1';
  if (!NUMBER.test(k)) return `"${rhs}": the right side is a number, a reference, or number * reference`;
  const ref = parseRef(times ? times[2] : rhs);
  if (typeof ref === 'string') return ref;
  return { left, op: m[2] as Op, right: { k: Number(k), ref } };
}

/** A condition as written (`a.violations > 0 & b.violations = 0`), or why it is not one. */
export function parseCondition(text: string): Condition | string {
  const parts = text.split('&');
  const all: Comparison[] = [];
  for (const p of parts) {
    const c = parseComparison(p);
    if (typeof c === 'string') return c;
    all.push(c);
  }
  return { text: text.trim(), all };
}

export function conditionRefs(c: Condition): Ref[] {
  return c.all.flatMap((x) => (x.right.ref ? [x.left, x.right.ref] : [x.left]));
}

// ── placeholders ──

/** One `{…}` of a template: a run's number, and how to write it. */
export interface Placeholder {
  ref: Ref;
  format: Format;
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The placeholder `{body}`'s reference and format, or why it is not one (a Kafka default is no placeholder here: the parser has filled it in). */
export function parsePlaceholder(body: string): Placeholder | string {
  const bar = body.indexOf('|');
  const refText = bar < 0 ? body : body.slice(0, bar);
  const fmtText = bar < 0 ? 'plain' : body.slice(bar + 1).trim();
  if (!(FORMATS as readonly string[]).includes(fmtText)) return `"{${body}}": unknown format "${fmtText}" (one of ${FORMATS.filter((f) => f !== 'plain').join(', ')})`;
  const ref = parseRef(refText);
  if (typeof ref === 'string') return `"{${body}}": ${ref}`;
  return { ref, format: fmtText as Format };
}

/** Every placeholder of `template`, in order. */
export function placeholders(template: string): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const p = parsePlaceholder(m[1]);
    if (typeof p !== 'string') out.push(p);
  }
  return out;
}

// ── evaluation ──

/** One run as the question sees it: its summary (the CLI's `--json`) and its validated scenario. */
export interface RunData {
  summary: unknown;
  scenario: unknown;
}

/** What references are read from: the runs, and the headline metrics of their model. */
export interface EvalContext {
  a: RunData | null;
  b: RunData | null;
  headline: readonly { id: string; value(summary: never): number | null }[];
}

/**
 * The value at `path` in `root`. Kafka's config names contain dots (`session.timeout.ms`), so at
 * each level the longest run of segments that names an own key wins; `length` of a list is its
 * length. Undefined when the path leads nowhere.
 */
export function readPath(root: unknown, path: readonly string[]): unknown {
  let node = root;
  let i = 0;
  while (i < path.length) {
    if (node === null || typeof node !== 'object') return undefined;
    if (Array.isArray(node)) {
      const seg = path[i];
      if (seg === 'length') node = node.length;
      else if (/^(0|[1-9]\d*)$/.test(seg)) node = node[Number(seg)];
      else return undefined;
      i++;
      continue;
    }
    let taken = 0;
    for (let j = path.length; j > i; j--) {
      const key = path.slice(i, j).join('.');
      if (Object.hasOwn(node, key)) {
        node = (node as Record<string, unknown>)[key];
        taken = j - i;
        break;
      }
    }
    if (taken === 0) return undefined;
    i += taken;
  }
  return node;
}

/** The number a reference names in `ctx`, or null (no such run, metric or path, or not a finite number). */
export function evalRef(ref: Ref, ctx: EvalContext): number | null {
  const run = ref.run === 'a' ? ctx.a : ctx.b;
  if (!run) return null;
  let v: unknown;
  if (ref.kind === 'metric') {
    const def = ctx.headline.find((d) => d.id === ref.id);
    if (!def || run.summary === null || run.summary === undefined) return null;
    v = def.value(run.summary as never);
  } else v = readPath(ref.kind === 'summary' ? run.summary : run.scenario, ref.path);
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Floating point: equal within a few parts in a billion. */
const EPS = 1e-9;

function compare(x: number, op: Op, y: number): boolean {
  const e = EPS * Math.max(1, Math.abs(x), Math.abs(y));
  switch (op) {
    case '=':
      return Math.abs(x - y) <= e;
    case '<':
      return x < y - e;
    case '<=':
      return x <= y + e;
    case '>':
      return x > y + e;
    case '>=':
      return x >= y - e;
  }
}

/** One comparison's two sides as measured. */
export interface ComparisonValue {
  left: number | null;
  right: number | null;
  holds: boolean | null;
}

/** Whether a condition holds in `ctx` (null when a number it needs is missing), with each comparison's values. */
export function evalCondition(c: Condition, ctx: EvalContext): { holds: boolean | null; parts: ComparisonValue[] } {
  const parts = c.all.map((x): ComparisonValue => {
    const left = evalRef(x.left, ctx);
    const r = x.right.ref ? evalRef(x.right.ref, ctx) : 1;
    const right = r === null ? null : x.right.k * r;
    return { left, right, holds: left === null || right === null ? null : compare(left, x.op, right) };
  });
  const holds = parts.some((p) => p.holds === false) ? false : parts.every((p) => p.holds === true) ? true : null;
  return { holds, parts };
}

/** A placeholder's number as the text writes it (before locale formatting). */
export function placeholderValue(p: Placeholder, ctx: EvalContext): number | null {
  const v = evalRef(p.ref, ctx);
  if (v === null) return null;
  return p.format === 's' ? v / 1000 : p.format === 'min' ? v / 60_000 : p.format === 'pct' ? v * 100 : v;
}

const LOCALES = { en: 'en-US', ru: 'ru-RU' } as const;

/**
 * A number as a question's text writes it: whole numbers with digit grouping; others with three
 * significant digits (whole from 1,000 up), a decimal comma in Russian.
 */
export function formatNumber(lang: 'en' | 'ru', x: number): string {
  const abs = Math.abs(x);
  if (Number.isInteger(x) || abs >= 999.5) return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: 0 }).format(x);
  if (abs === 0) return '0';
  const mag = Math.floor(Math.log10(abs));
  return new Intl.NumberFormat(LOCALES[lang], { maximumFractionDigits: Math.min(Math.max(2 - mag, 0), 8) }).format(x);
}

/** A piece of a filled template: text, or a placeholder's value (kept apart so the page can mark it and tests can read it). */
export type Piece = { text: string } | { ref: string; format: Format; value: number | null; shown: string };

/** `template` with its placeholders filled from `ctx`; a number that is missing shows as "—". */
export function fill(template: string, ctx: EvalContext, lang: 'en' | 'ru'): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    if (m.index > last) out.push({ text: template.slice(last, m.index) });
    const p = parsePlaceholder(m[1]);
    if (typeof p === 'string') out.push({ text: m[0] });
    else {
      const value = placeholderValue(p, ctx);
      out.push({ ref: refText(p.ref), format: p.format, value, shown: value === null ? '—' : formatNumber(lang, value) });
    }
    last = m.index + m[0].length;
  }
  if (last < template.length) out.push({ text: template.slice(last) });
  // In Russian the noun after a number agrees with it: "2 972 записи", not the author's "записей".
  if (lang === 'ru') {
    for (let i = 1; i < out.length; i++) {
      const num = out[i - 1];
      const next = out[i];
      if ('value' in num && num.value !== null && 'text' in next) out[i] = { text: agreeShown(num.shown, next.text) };
    }
  }
  return out;
}

export const piecesText = (pieces: readonly Piece[]): string => pieces.map((p) => ('text' in p ? p.text : p.shown)).join('');

// ── predictions ──

/** How close a number must be to count as right: a share of the measured value, or an absolute amount. */
export type Within = { rel: number } | { abs: number };

/** Whether `guess` is right for `measured` under `within`. */
export function judgeNumber(guess: number, measured: number, within: Within): boolean {
  const tol = 'rel' in within ? within.rel * Math.abs(measured) : within.abs;
  return Math.abs(guess - measured) <= tol + EPS * Math.max(1, Math.abs(measured));
}

/** The options of a choice that hold in the run (exactly one, for a question that decides). */
export function holdingOptions(options: readonly Condition[], ctx: EvalContext): number[] {
  return options.flatMap((o, i) => (evalCondition(o, ctx).holds === true ? [i] : []));
}

// ── mock interview ──

/**
 * The questions of mock interview `seed` with `n` questions: the first `n` of `ids` shuffled
 * (Fisher–Yates) by the simulator's seeded generator — the same seed and question list give the
 * same sequence, in every browser and in Node.
 */
export function mockSequence(seed: number, n: number, ids: readonly string[]): string[] {
  const rng = new RngStreams(seed >>> 0).stream('interview-mock');
  const order = [...ids];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order.slice(0, Math.max(0, Math.min(n, order.length)));
}
