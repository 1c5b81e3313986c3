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

/** What references are read from: the runs, and the headline metrics of their model (with the words and unit the page names each by). */
export interface EvalContext {
  a: RunData | null;
  b: RunData | null;
  headline: readonly { id: string; label?: { en: string; ru: string }; unit?: string; value(summary: never): number | null }[];
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

// ── what a number is: evidence in words ──

/**
 * What a number counts, for writing it after the value: a headline metric's unit
 * (src/run/headline.ts), a queue's messages, or milliseconds (a scenario's Kafka timeouts,
 * written in seconds).
 */
export type ValueUnit = 'records' | 'messages' | 's' | 'ms' | 'count' | 'partition-s' | 'per-s' | 'fraction' | 'bytes';

/** A number as the reveal names it: what it is, in the page's language, and its unit. */
export interface RefName {
  label: string;
  unit: ValueUnit;
}

interface PathName {
  /** Models whose summary or scenario has this path (any when left out). */
  models?: readonly string[];
  kind: 'summary' | 'scenario';
  /** Segments; `*` stands for any one (a list index, a consumer group's name). */
  path: string;
  en: string;
  ru: string;
  unit: ValueUnit;
}

/**
 * The summary and scenario paths the questions' conditions read, in words. In a label, `{1}` is
 * what the first `*` matched and `{1.name}` the `name` beside it (a pool's, a stage's), else `{1}`.
 * test/content/questions.test.ts holds every condition of every question to a name here or a
 * headline metric.
 */
const PATH_NAMES: readonly PathName[] = [
  // Kafka (one broker)
  { models: ['kafka'], kind: 'summary', path: 'partitions.*.lag', en: 'P{1.partition} lag', ru: 'лаг P{1.partition}', unit: 'records' },
  { models: ['kafka'], kind: 'summary', path: 'lambda.mean', en: 'input rate', ru: 'входной поток', unit: 'per-s' },
  { models: ['kafka'], kind: 'summary', path: 'groups.*.lagSeconds.max', en: '{1} peak lag age', ru: 'пик возраста лага {1}', unit: 's' },
  { models: ['kafka'], kind: 'summary', path: 'groups.*.lagSeconds.final', en: '{1} lag age now', ru: 'возраст лага {1} сейчас', unit: 's' },
  { models: ['kafka'], kind: 'summary', path: 'groups.*.lagRecords.final', en: '{1} lag now', ru: 'лаг {1} сейчас', unit: 'records' },
  { models: ['kafka'], kind: 'summary', path: 'groups.*.lagRecords.max', en: '{1} peak lag', ru: 'пик лага {1}', unit: 'records' },
  { models: ['kafka'], kind: 'summary', path: 'groups.*.throughput.mean', en: '{1} throughput', ru: 'пропускная способность {1}', unit: 'per-s' },
  { models: ['kafka'], kind: 'scenario', path: 'groups.*.session.timeout.ms', en: 'session timeout', ru: 'таймаут сессии', unit: 'ms' },
  { models: ['kafka'], kind: 'scenario', path: 'groups.*.max.poll.interval.ms', en: 'max poll interval', ru: 'макс. интервал poll', unit: 'ms' },
  { models: ['kafka'], kind: 'scenario', path: 'groups.*.max.poll.records', en: 'records per poll', ru: 'записей за poll', unit: 'count' },
  // Kafka cluster
  { models: ['cluster'], kind: 'summary', path: 'consumers.*.e2e.p50', en: 'end-to-end p50 ({1.name})', ru: 'сквозная задержка p50 ({1.name})', unit: 's' },
  { models: ['cluster'], kind: 'summary', path: 'consumers.*.e2e.p99', en: 'end-to-end p99 ({1.name})', ru: 'сквозная задержка p99 ({1.name})', unit: 's' },
  { models: ['cluster'], kind: 'scenario', path: 'cluster.controller.zookeeper.session.timeout.ms', en: 'ZooKeeper session timeout', ru: 'таймаут сессии ZooKeeper', unit: 'ms' },
  { models: ['cluster', 'kafka'], kind: 'scenario', path: 'producers.*.rate', en: 'rate offered ({1.name})', ru: 'поток продюсера ({1.name})', unit: 'per-s' },
  // Queues (SQS, RabbitMQ)
  { models: ['queue'], kind: 'summary', path: 'pools.*.processed', en: 'processed by {1.name}', ru: 'обработано {1.name}', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'duplicates', en: 'duplicates', ru: 'дубли', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'lost', en: 'lost', ru: 'потеряно', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'dropped', en: 'dropped', ru: 'выброшено', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'failures', en: 'failed attempts', ru: 'неудачные попытки', unit: 'count' },
  { models: ['queue'], kind: 'summary', path: 'stored', en: 'stored on the broker', ru: 'хранится на брокере', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'produced', en: 'sent', ru: 'отправлено', unit: 'messages' },
  { models: ['queue'], kind: 'summary', path: 'staleDeletes', en: 'deletes refused (stale receipt handle)', ru: 'отклонённые удаления (устаревший receipt handle)', unit: 'count' },
  { models: ['queue'], kind: 'summary', path: 'leaseExpiries', en: 'leases expired', ru: 'истёкшие лизы', unit: 'count' },
  // Pipelines
  { models: ['pipeline'], kind: 'summary', path: 'requests.late', en: 'answered after the caller left', ru: 'ответы после ухода клиента', unit: 'count' },
  { models: ['pipeline'], kind: 'summary', path: 'stages.*.backlog.max', en: '{1.name} peak backlog', ru: 'пик бэклога {1.name}', unit: 'records' },
  { models: ['pipeline'], kind: 'summary', path: 'stages.*.drainTime', en: '{1.name} drain time', ru: 'время разбора бэклога {1.name}', unit: 's' },
  { models: ['pipeline'], kind: 'scenario', path: 'sources.*.timeout', en: 'caller timeout ({1.name})', ru: 'таймаут клиента ({1.name})', unit: 's' },
  // Dependencies (service)
  { models: ['service'], kind: 'summary', path: 'after.seconds', en: 'time after the fault', ru: 'время после сбоя', unit: 's' },
  { models: ['service'], kind: 'summary', path: 'after.goodput', en: 'goodput after the fault', ru: 'полезная пропускная способность после сбоя', unit: 'per-s' },
  // Storage
  { models: ['storage'], kind: 'summary', path: 'lastCatchUp.trueKeys', en: 'live keys at the producer', ru: 'живые ключи у продюсера', unit: 'count' },
];

const UNITS_OF: readonly string[] = ['records', 'messages', 's', 'ms', 'count', 'partition-s', 'per-s', 'fraction', 'bytes'];

/** A headline label as it stands inside a sentence: "Peak lag age" → "peak lag age", "В DLQ" → "в DLQ" (not "NOT_ENOUGH_REPLICAS errors", "W of …", "p99 …"). */
function inline(label: string): string {
  return /^[A-ZА-ЯЁ][a-zа-яё]|^[А-ЯЁ] /.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
}

/** A label that already names its unit ("Cross-rack bytes read", "Прочитано записей при восстановлении"): the value goes without it. */
const NAMES_UNIT: Partial<Record<ValueUnit, RegExp>> = { records: /\brecords?\b|запис/i, messages: /\bmessages?\b|сообщени/i, bytes: /\bbytes?\b|байт/i, 'partition-s': /partition-s|партиция·с/i };
/** A label that ends with its unit after a comma ("Недоступность, партиция·с"): the label without it. */
const UNIT_SUFFIX = /,\s*(?:partition-s|партиция·с|s|с|records|записей|bytes|байт)$/;

/** A headline metric's label and unit as the reveal writes them, the unit said once. */
function metricName(label: string, unit: ValueUnit): RefName {
  const bare = inline(label.replace(UNIT_SUFFIX, ''));
  if (bare !== inline(label)) return { label: bare, unit };
  return { label: bare, unit: NAMES_UNIT[unit]?.test(bare) ? 'count' : unit };
}

/** `path` against a pattern's segments: what each `*` matched, with the path up to it; null when it does not match. */
function matchPath(pattern: readonly string[], path: readonly string[]): { seg: string; at: string[] }[] | null {
  if (pattern.length !== path.length) return null;
  const caps: { seg: string; at: string[] }[] = [];
  for (const [i, p] of pattern.entries()) {
    if (p === '*') caps.push({ seg: path[i], at: path.slice(0, i + 1) });
    else if (p !== path[i]) return null;
  }
  return caps;
}

/** What `ref` is, in `lang`: its headline metric's label and unit, or the words of {@link PATH_NAMES}; null when neither names it. */
export function refName(ref: Ref, ctx: EvalContext, lang: 'en' | 'ru'): RefName | null {
  if (ref.kind === 'metric') {
    const def = ctx.headline.find((d) => d.id === ref.id);
    if (!def?.label) return null;
    return metricName(def.label[lang], def.unit && UNITS_OF.includes(def.unit) ? (def.unit as ValueUnit) : 'count');
  }
  const run = ref.run === 'a' ? ctx.a : ctx.b;
  const model = (run?.scenario as { model?: unknown } | null | undefined)?.model;
  const root = ref.kind === 'summary' ? run?.summary : run?.scenario;
  for (const n of PATH_NAMES) {
    if (n.kind !== ref.kind || (n.models && typeof model === 'string' && !n.models.includes(model))) continue;
    const caps = matchPath(n.path.split('.'), ref.path);
    if (!caps) continue;
    const label = n[lang].replace(/\{(\d)(?:\.([A-Za-z]+))?\}/g, (_, i: string, key: string | undefined) => {
      const c = caps[Number(i) - 1];
      if (!c) return '';
      const named = key === undefined ? undefined : readPath(root, [...c.at, key]);
      return typeof named === 'string' || typeof named === 'number' ? String(named) : c.seg;
    });
    return { label, unit: n.unit };
  }
  return null;
}

/** How a value in `unit` is shown: milliseconds in seconds, a fraction as a percentage. */
const SHOWN_SCALE: Partial<Record<ValueUnit, number>> = { ms: 0.001, fraction: 100 };

const UNIT_WORDS: Record<'en' | 'ru', Record<ValueUnit, string>> = {
  en: { records: ' records', messages: ' messages', s: ' s', ms: ' s', count: '', 'partition-s': ' partition-s', 'per-s': '/s', fraction: ' %', bytes: ' bytes' },
  ru: { records: ' записей', messages: ' сообщений', s: ' с', ms: ' с', count: '', 'partition-s': ' партиция·с', 'per-s': '/с', fraction: ' %', bytes: ' байт' },
};
const EN_ONE: Partial<Record<ValueUnit, string>> = { records: ' record', messages: ' message', bytes: ' byte' };

/**
 * A value (as measured, in `unit`) with its unit, as the page writes it: "10.8 s", "11 921 записей",
 * "4.2 %", a time under a second in milliseconds ("6.22 ms"), "—" when missing.
 */
export function withUnitText(lang: 'en' | 'ru', x: number | null, unit: ValueUnit): string {
  if (x === null) return '—';
  const seconds = x * (SHOWN_SCALE[unit] ?? 1);
  if ((unit === 's' || unit === 'ms') && seconds !== 0 && Math.abs(seconds) < 1) return `${formatNumber(lang, seconds * 1000)} ${lang === 'ru' ? 'мс' : 'ms'}`;
  const shown = formatNumber(lang, seconds);
  const words = UNIT_WORDS[lang][unit];
  if (lang === 'ru') return shown + agreeShown(shown, words);
  return shown + (shown === '1' ? (EN_ONE[unit] ?? words) : words);
}

/** A reference's name, falling back to the reference as written (without its run). */
function nameOrPath(ref: Ref, ctx: EvalContext, lang: 'en' | 'ru'): RefName {
  return refName(ref, ctx, lang) ?? { label: refText(ref).replace(/^[ab]\./, ''), unit: 'count' };
}

const sideName = (r: RunSide): string => r.toUpperCase();

/**
 * The numbers a condition read, each named with its unit — what the reveal writes after a claim or
 * the option that holds: "B: peak lag age 10.8 s · A: 115 s". Every reference once (the right
 * sides too: a claim compares), in the order written; with `sides` (a question with run B) each
 * run's numbers after its letter, a quantity named once when the other run's follows it.
 */
export function evidence(c: Condition, ctx: EvalContext, lang: 'en' | 'ru', sides: boolean): string {
  const seen = new Set<string>();
  const refs: Ref[] = [];
  for (const r of conditionRefs(c)) {
    const key = refText(r);
    if (seen.has(key)) continue;
    seen.add(key);
    refs.push(r);
  }
  let last: RunSide | null = null;
  let lastLabel: string | null = null;
  let out = '';
  for (const r of refs) {
    const n = nameOrPath(r, ctx, lang);
    // Short: a label's qualifier in brackets ("(busiest broker)", "(504 + 503)") stays in the tooltip (conditionText).
    const label = n.label.replace(/\s+\([^()]+\)/g, '');
    const value = withUnitText(lang, evalRef(r, ctx), n.unit);
    const lead = sides && r.run !== last ? `${sideName(r.run)}: ` : '';
    // The same quantity of another group or partition right after it is named by what differs:
    // "peak lag age billing 11.4 s, analytics 122 s".
    const stem = (l: string): string => l.slice(0, Math.max(0, l.lastIndexOf(' ')));
    const sibling = lead === '' && lastLabel !== null && stem(label) !== '' && stem(label) === stem(lastLabel) && label !== lastLabel;
    // The same quantity of the other run right after it needs no name again: "B: peak lag age 10.8 s · A: 213 s".
    const item = lead !== '' && label === lastLabel ? value : sibling ? `${label.slice(stem(label).length + 1)} ${value}` : `${label} ${value}`;
    out += (out === '' ? '' : sibling ? ', ' : ' · ') + lead + item;
    last = r.run;
    lastLabel = label;
  }
  return out;
}

const OP_SHOWN: Record<Op, string> = { '=': '=', '<': '<', '<=': '≤', '>': '>', '>=': '≥' };

/**
 * A condition in full, each side named and measured, for a tooltip: "B · peak lag age 10.8 s <
 * 0.1 × A · peak lag age 115 s". A factor that only converts units (0.001 × a timeout in ms against
 * seconds) is folded into the shown values.
 */
export function conditionText(c: Condition, ctx: EvalContext, lang: 'en' | 'ru', sides: boolean): string {
  const side = (r: Ref): string => (sides ? `${sideName(r.run)} · ` : '');
  return c.all
    .map((x) => {
      const ln = nameOrPath(x.left, ctx, lang);
      const left = `${side(x.left)}${ln.label} ${withUnitText(lang, evalRef(x.left, ctx), ln.unit)}`;
      const sl = SHOWN_SCALE[ln.unit] ?? 1;
      let right: string;
      if (x.right.ref === null) right = withUnitText(lang, x.right.k, ln.unit);
      else {
        const rn = nameOrPath(x.right.ref, ctx, lang);
        const k = (x.right.k * sl) / (SHOWN_SCALE[rn.unit] ?? 1);
        const factor = Math.abs(k - 1) < 1e-9 ? '' : `${formatNumber(lang, k)} × `;
        right = `${factor}${side(x.right.ref)}${rn.label} ${withUnitText(lang, evalRef(x.right.ref, ctx), rn.unit)}`;
      }
      return `${left} ${OP_SHOWN[x.op]} ${right}`;
    })
    .join('; ');
}

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
