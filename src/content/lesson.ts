/**
 * Lessons as data: the teaching text of a scenario lives in `scenarios/lessons/<id>.<lang>.md`,
 * one file per scenario and language. This module parses those files — strictly, so that a typo
 * is reported with its file, line and field instead of silently dropping text — and assembles the
 * per-scenario {@link ScenarioContent} the app shows. The format is documented in
 * `scenarios/README.md` ("Lessons").
 *
 * A lesson file is a tiny front matter block followed by fixed `##` sections:
 *
 * ```
 * ---
 * title: M/M/1 at 90 % load
 * oneLine: One server busy 90 % of the time: …
 * difficulty: basic
 * tags: [queueing-theory, mm1]
 * fix: ["arrival.rate=0.7"]
 * fixHint: λ = 0.7/s (30 % headroom)
 * ---
 * ## Story
 * …
 * ## Watch
 * - [chart-lag, k-lag] The lag chart: …
 * ## Why
 * …
 * ## Fix
 * …
 * ```
 *
 * Each Watch bullet starts with the on-screen elements it points at, in square brackets: their
 * `data-testid`s (`[chart-lag]`, `[k-rebalances, k-duplicates]`); the page highlights them when the
 * item is hovered or focused. Which targets a model's page has is `./targets.ts`.
 *
 * Text is plain text: nothing is interpreted as Markdown or HTML, the page renders it as text.
 * Consecutive lines of a paragraph (or of a bullet) are joined with one space; paragraphs are
 * separated by a blank line and joined with "\n\n".
 *
 * No runtime dependency on Vite: the parser runs at build time (the `queuelab-lessons` plugin in
 * vite.config.ts hands each file's head and body to the app as modules, `./scenarios.ts` assembles
 * the index), and in the tests on the raw file texts.
 */
import { parseOverride } from '../scenario/set-path.ts';
import { parseSweepLink, type SweepLink } from '../scenario/share.ts';
import { readFrontMatter, readSections } from './front-matter.ts';

export type Lang = 'en' | 'ru';
export type Difficulty = 'basic' | 'intermediate' | 'advanced';

export const LANGS: readonly Lang[] = ['en', 'ru'];
export const DIFFICULTIES: readonly Difficulty[] = ['basic', 'intermediate', 'advanced'];

/** One "What to watch" bullet: its text, and the on-screen elements (`data-testid`s) it points at. */
export interface WatchItem {
  text: string;
  /** At least one; the same in every language (see `./targets.ts` for each model's list). */
  targets: string[];
}

/** What the first screen needs of a lesson in one language: the picker and the header show it for every scenario. */
export interface ScenarioHeadline {
  title: string;
  /** One line for the scenario picker, at most 110 characters. */
  oneLine: string;
  /** A short label for the fix toggle. */
  fixHint?: string | null;
}

/** The lesson's sections in one language: loaded when its scenario is shown. */
export interface ScenarioBody {
  /** The situation: 2–4 sentences. */
  story: string;
  /** 2–4 bullets: which chart or counter to look at and what it will do. */
  watch: WatchItem[];
  /** The mechanism, 2–4 sentences. */
  why: string;
  /** What removes the effect and what it costs; null when the scenario has no fix. */
  fix: string | null;
}

export interface ScenarioText extends ScenarioHeadline, ScenarioBody {}

/** A scenario's entry in the lesson index: everything but the sections' text. */
export interface ScenarioInfo {
  id: string;
  difficulty: Difficulty;
  tags: string[];
  en: ScenarioHeadline;
  ru: ScenarioHeadline;
  /** --set style overrides that apply the fix, e.g. ['groups.0.members=12'] */
  fix: string[] | null;
  /**
   * With a fix: the headline metrics (ids of the model's `headline`, src/run/headline.ts) the
   * story is about — the fix makes each of them better — and those it makes worse (a trade-off's
   * cost). Compare view leads with them; test/content/compare.test.ts checks both directions.
   */
  compare: string[];
  costs: string[];
  /**
   * A lesson without a fix may name its counterpart instead: a shipped scenario of another model
   * with the same load (a queue's lesson, the log's), which "compare" runs beside it.
   */
  vs: string | null;
  /**
   * The sweep the lesson suggests (`sweep: <setting path>:<from>:<to>:<points>:<replications>[:<metric>]`,
   * a link's `sweep=`): the Sweep tool starts from it instead of the first setting.
   */
  sweep: SweepLink | null;
}

export interface ScenarioContent extends ScenarioInfo {
  en: ScenarioText;
  ru: ScenarioText;
}

/** One problem in a lesson file: where it is and what is wrong. */
export interface LessonProblem {
  file: string;
  /** 1-based line number. */
  line: number;
  /** The front matter key or section the problem concerns (`title`, `## Watch`, …). */
  field: string;
  message: string;
}

export function formatLessonProblem(p: LessonProblem): string {
  return `${p.file}:${p.line}: ${p.field}: ${p.message}`;
}

/** Thrown by {@link parseLesson}; lists every problem found in the file. */
export class LessonError extends Error {
  readonly problems: LessonProblem[];
  constructor(problems: LessonProblem[]) {
    super(`invalid lesson:\n${problems.map((p) => `  ${formatLessonProblem(p)}`).join('\n')}`);
    this.name = 'LessonError';
    this.problems = problems;
  }
}

/** One parsed lesson file. */
export interface Lesson {
  file: string;
  id: string;
  lang: Lang;
  /** Language-neutral fields: `undefined` when the file leaves them out (allowed except in English). */
  difficulty?: Difficulty;
  tags?: string[];
  /** The fix's `--set` overrides; `[]` when the file says there is none. */
  fix?: string[];
  /** Headline metric ids the fix improves, and those it worsens (see {@link ScenarioInfo}). */
  compare?: string[];
  costs?: string[];
  /** The shipped scenario compare view sets beside this one (see {@link ScenarioInfo.vs}). */
  vs?: string;
  /** The sweep the Sweep tool starts from (see {@link ScenarioInfo.sweep}). */
  sweep?: SweepLink;
  text: ScenarioText;
  /** Line of each front matter key and section present (`title`, `## Fix`, …), for later messages. */
  lines: Record<string, number>;
}

type KeyKind = 'text' | 'list';

/** The front matter keys: their kind, and whether every language must set them. */
const KEYS: Record<string, { kind: KeyKind; required: 'all' | 'en' | 'no' }> = {
  title: { kind: 'text', required: 'all' },
  oneLine: { kind: 'text', required: 'all' },
  difficulty: { kind: 'text', required: 'en' },
  tags: { kind: 'list', required: 'en' },
  fix: { kind: 'list', required: 'no' },
  fixHint: { kind: 'text', required: 'no' },
  compare: { kind: 'list', required: 'no' },
  costs: { kind: 'list', required: 'no' },
  vs: { kind: 'text', required: 'no' },
  sweep: { kind: 'text', required: 'no' },
};

const SECTIONS = ['Story', 'Watch', 'Why', 'Fix'] as const;
type Section = (typeof SECTIONS)[number];

const ID = /^[a-z0-9][a-z0-9-]*$/;
const TAG = /^[a-z0-9][a-z0-9.-]*$/;
/** A `path=value` override as lessons and questions write it (paths may name RabbitMQ's `x-…` fields). */
export const OVERRIDE = /^[A-Za-z0-9_.-]+=.+$/;
const METRIC = /^[A-Za-z][A-Za-z0-9]*$/;
const LIST_ITEM = /^(?:[-*+]|\d+[.)])(?:\s|$)/;
/** A Watch target: a `data-testid` (letters, digits and -, starting with a letter). */
const TARGET = /^[A-Za-z][A-Za-z0-9-]*$/;
/** The target list that starts a Watch bullet: `[a, b] text`. */
const TARGETS = /^\[([^\]]*)\](?:\s+(.*))?$/;

function baseName(file: string): string {
  return file.slice(file.lastIndexOf('/') + 1);
}

/**
 * Parses one lesson file. `fileName` names it in messages; its last path segment must be
 * `<id>.<lang>.md`, which gives the lesson's scenario id and language.
 *
 * @throws LessonError listing every problem (file, line, field, message).
 */
export function parseLesson(text: string, fileName: string): Lesson {
  const problems: LessonProblem[] = [];
  const problem = (line: number, field: string, message: string): void => {
    problems.push({ file: fileName, line, field, message });
  };

  // ── file name ──
  const m = /^(.+)\.([^.]+)\.md$/.exec(baseName(fileName));
  let id = '';
  let lang: Lang = 'en';
  if (!m) problem(1, 'file name', 'must be <scenario id>.<lang>.md, e.g. mm1.en.md');
  else {
    id = m[1];
    if (!ID.test(id)) problem(1, 'file name', `"${id}" is not a scenario id (lowercase letters, digits and -)`);
    if ((LANGS as readonly string[]).includes(m[2])) lang = m[2] as Lang;
    else problem(1, 'file name', `unknown language "${m[2]}" (expected one of ${LANGS.join(', ')})`);
  }

  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // ── front matter ──
  const { values, where, bodyStart, closeLine } = readFrontMatter(lines, Object.keys(KEYS), problem);

  const required = (key: string): boolean => KEYS[key].required === 'all' || (KEYS[key].required === 'en' && lang === 'en');
  for (const key of Object.keys(KEYS)) {
    if (!Object.hasOwn(values, key) && required(key)) {
      problem(closeLine, key, 'is required');
    }
  }

  const textValue = (key: string): string | undefined => {
    if (!Object.hasOwn(values, key)) return undefined;
    const v = values[key];
    if (v === '') problem(where[key], key, 'is empty (leave the key out instead)');
    return v;
  };
  const listValue = (key: string): string[] | undefined => {
    if (!Object.hasOwn(values, key)) return undefined;
    const items = parseList(values[key]);
    if (typeof items === 'string') {
      problem(where[key], key, items);
      return undefined;
    }
    return items;
  };

  const title = textValue('title') ?? '';
  const oneLine = textValue('oneLine') ?? '';
  const fixHint = textValue('fixHint');
  const vs = textValue('vs');
  if (vs !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(vs)) problem(where.vs, 'vs', `must be the id of a shipped scenario (lowercase letters, digits and dashes; got "${vs.slice(0, 64)}")`);
  const sweepValue = textValue('sweep');
  const sweep = sweepValue === undefined ? undefined : parseSweepLink(sweepValue);
  if (typeof sweep === 'string') problem(where.sweep, 'sweep', sweep);

  let difficulty: Difficulty | undefined;
  const d = textValue('difficulty');
  if (d !== undefined) {
    if ((DIFFICULTIES as readonly string[]).includes(d)) difficulty = d as Difficulty;
    else problem(where.difficulty, 'difficulty', `must be one of ${DIFFICULTIES.join(', ')} (got "${d}")`);
  }

  const tags = listValue('tags');
  if (tags !== undefined) {
    if (tags.length === 0) problem(where.tags, 'tags', 'must list at least one tag');
    for (const tag of tags) {
      if (!TAG.test(tag)) problem(where.tags, 'tags', `"${tag}" is not a tag (lowercase letters, digits, . and -)`);
    }
    if (new Set(tags).size !== tags.length) problem(where.tags, 'tags', 'lists a tag twice');
  }

  const fix = listValue('fix');
  if (fix !== undefined) {
    for (const o of fix) {
      if (!OVERRIDE.test(o)) {
        problem(where.fix, 'fix', `"${o}" is not a path=value override`);
        continue;
      }
      try {
        parseOverride(o);
      } catch (e) {
        problem(where.fix, 'fix', (e as Error).message);
      }
    }
  }

  /** A metric list: ids (letters and digits), each once, none in both `compare` and `costs`. */
  const metricList = (key: 'compare' | 'costs'): string[] | undefined => {
    const items = listValue(key);
    if (items === undefined) return undefined;
    for (const m of items) if (!METRIC.test(m)) problem(where[key], key, `"${m}" is not a headline metric id (letters and digits)`);
    if (new Set(items).size !== items.length) problem(where[key], key, 'lists a metric twice');
    return items;
  };
  const compare = metricList('compare');
  const costs = metricList('costs');
  for (const m of costs ?? []) if (compare?.includes(m)) problem(where.costs, 'costs', `"${m}" is also in compare: a fix cannot both improve and worsen it`);

  // ── sections ──
  const body = readSections(lines, bodyStart, SECTIONS, where, problem, true);

  const paragraphs = (s: Section): string | null => {
    const sec = body[s];
    if (!sec) return null;
    const paras: string[][] = [[]];
    for (const [n, line] of sec.lines) {
      if (line.trim() === '') {
        if (paras[paras.length - 1].length > 0) paras.push([]);
        continue;
      }
      if (LIST_ITEM.test(line.trim())) problem(n, `## ${s}`, 'lists are only allowed in "## Watch"');
      else if (line.trim() === '---') problem(n, `## ${s}`, 'unexpected "---"');
      paras[paras.length - 1].push(line.trim());
    }
    const out = paras.filter((p) => p.length > 0).map((p) => p.join(' '));
    if (out.length === 0) problem(sec.line, `## ${s}`, 'is empty');
    return out.join('\n\n');
  };

  const bullets = (): WatchItem[] => {
    const sec = body.Watch;
    if (!sec) return [];
    const items: string[][] = [];
    const targets: string[][] = [];
    let open = false;
    for (const [n, line] of sec.lines) {
      if (line.trim() === '') {
        open = false;
        continue;
      }
      const b = /^-\s+(.*)$/.exec(line);
      if (b) {
        const t = TARGETS.exec(b[1].trim());
        if (!t) {
          problem(n, '## Watch', 'a bullet starts with the on-screen targets it points at, e.g. "- [chart-lag] The lag chart: …" (see scenarios/README.md, "Lessons")');
          targets.push([]);
          items.push([b[1].trim()]);
        } else {
          const ids = t[1].split(',').map((x) => x.trim());
          if (ids.length === 1 && ids[0] === '') problem(n, '## Watch', 'the target list [ ] is empty: name at least one on-screen element');
          else {
            for (const id of ids) if (!TARGET.test(id)) problem(n, '## Watch', `"${id}" is not a target (a data-testid: letters, digits and -, e.g. chart-lag)`);
            if (new Set(ids).size !== ids.length) problem(n, '## Watch', 'lists a target twice');
          }
          if (!t[2]?.trim()) problem(n, '## Watch', 'the bullet has targets but no text');
          targets.push(ids.filter((x) => x !== ''));
          items.push([(t[2] ?? '').trim()]);
        }
        open = true;
      } else if (open && /^\s/.test(line) && !LIST_ITEM.test(line.trim())) {
        items[items.length - 1].push(line.trim());
      } else {
        problem(n, '## Watch', open ? 'a continuation line must be indented, a new bullet starts with "- "' : 'expected a bullet "- …"');
      }
    }
    if (items.length === 0) problem(sec.line, '## Watch', 'has no bullets');
    return items.map((it, i) => ({ text: it.join(' '), targets: targets[i] }));
  };

  for (const s of ['Story', 'Watch', 'Why'] as const) {
    if (!body[s]) problem(lines.length, `## ${s}`, 'section is missing');
  }
  const story = paragraphs('Story') ?? '';
  const watch = bullets();
  const why = paragraphs('Why') ?? '';
  const fixText = paragraphs('Fix');

  // The English file carries the overrides, so there a missing `fix` means "no fix"; another
  // language's file without `fix` is checked against the English one (buildContent).
  const ownFix = Object.hasOwn(values, 'fix') ? fix : lang === 'en' ? [] : undefined;
  if (ownFix !== undefined) {
    if (ownFix.length > 0 && fixText === null) problem(where.fix, '## Fix', 'the front matter has fix overrides, so the file needs a "## Fix" section');
    if (ownFix.length === 0 && fixText !== null) {
      problem(where['## Fix'], '## Fix', 'the front matter has no fix overrides (fix: ["path=value", …]), so there must be no "## Fix" section');
    }
  }
  if (fixHint !== undefined && fixText === null) problem(where.fixHint, 'fixHint', 'is only allowed with a "## Fix" section');
  if ((compare !== undefined || costs !== undefined) && fixText === null) {
    problem(where.compare ?? where.costs, compare !== undefined ? 'compare' : 'costs', 'is only allowed with a fix');
  }

  if (vs !== undefined && fixText !== null) problem(where.vs, 'vs', 'is only allowed without a fix: a lesson either fixes its run or sets it beside another');

  if (problems.length > 0) throw new LessonError(problems);
  const lesson: Lesson = {
    file: fileName,
    id,
    lang,
    text: { title, oneLine, story, watch, why, fix: fixText, fixHint: fixHint ?? null },
    lines: where,
  };
  if (difficulty !== undefined) lesson.difficulty = difficulty;
  if (tags !== undefined) lesson.tags = tags;
  if (fix !== undefined) lesson.fix = fix;
  if (compare !== undefined) lesson.compare = compare;
  if (costs !== undefined) lesson.costs = costs;
  if (vs !== undefined) lesson.vs = vs;
  if (sweep !== undefined && typeof sweep !== 'string') lesson.sweep = sweep;
  return lesson;
}

/**
 * A list value: a JSON array of strings (`["a=1", "b={\"x\":1}"]`), or bare words
 * `[a, b, c]` (no quotes, commas or brackets inside the items). Returns a message when invalid.
 */
export function parseList(value: string): string[] | string {
  if (!value.startsWith('[') || !value.endsWith(']')) return `expected a list like [a, b] or ["a", "b"], got "${value}"`;
  const inner = value.slice(1, -1).trim();
  if (inner === '') return [];
  if (inner.includes('"')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch (e) {
      return `not a valid JSON array of strings: ${(e as Error).message}`;
    }
    if (!Array.isArray(parsed) || !parsed.every((x): x is string => typeof x === 'string')) return 'must be a list of strings';
    if (parsed.some((x) => x.trim() === '' || x !== x.trim())) return 'items must be non-empty and have no surrounding spaces';
    return parsed;
  }
  const items = inner.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) return 'has an empty item';
  if (items.some((s) => /[[\]{}]/.test(s))) return 'items with brackets or braces must be written as a JSON array of strings: ["a", "b"]';
  return items;
}

function sameList(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => x === b[i]);
}

/**
 * A parsed lesson without its sections' text: what the lesson index needs, including what the
 * checks between languages compare (the Watch bullets' targets, whether there is a "## Fix").
 */
export interface LessonHead extends Omit<Lesson, 'text'> {
  text: ScenarioHeadline;
  /** Each Watch bullet's targets, in order. */
  targets: string[][];
  /** The file has a "## Fix" section. */
  hasFix: boolean;
}

/** The part of `lesson` the first screen needs (see {@link buildIndex}). */
export function lessonHead(lesson: Lesson): LessonHead {
  const { text, ...rest } = lesson;
  return {
    ...rest,
    text: { title: text.title, oneLine: text.oneLine, fixHint: text.fixHint ?? null },
    targets: text.watch.map((w) => w.targets),
    hasFix: text.fix !== null,
  };
}

/** The sections of `lesson`, loaded on demand. */
export function lessonBody(lesson: Lesson): ScenarioBody {
  const { story, watch, why, fix } = lesson.text;
  return { story, watch, why, fix };
}

/** The lesson index, and every problem that kept a lesson out of it. */
export interface BuiltIndex {
  index: Record<string, ScenarioInfo>;
  problems: LessonProblem[];
}

const byName = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Assembles one {@link ScenarioInfo} per scenario id from the heads of every lesson file (`files`:
 * name → its head, or the problems that kept the file from parsing). The English file carries the
 * language-neutral fields; another language may repeat them but must then agree. A scenario with
 * any problem (a file that does not parse, a missing language, disagreeing fields) is left out and
 * its problems are returned, so the caller decides whether that is fatal (tests) or a warning (the
 * app, which falls back to the scenario's own title and description).
 */
export function buildIndex(files: Record<string, LessonHead | LessonProblem[]>): BuiltIndex {
  const problems: LessonProblem[] = [];
  const byId = new Map<string, Partial<Record<Lang, LessonHead>>>();
  /** Languages whose file exists but does not parse, per scenario id. */
  const broken = new Map<string, Set<string>>();

  for (const [file, head] of Object.entries(files).sort(byName)) {
    if (!Array.isArray(head)) {
      const entry = byId.get(head.id) ?? {};
      entry[head.lang] = head;
      byId.set(head.id, entry);
      continue;
    }
    problems.push(...head);
    const m = /^(.+)\.([^.]+)\.md$/.exec(baseName(file));
    if (m) {
      broken.set(m[1], (broken.get(m[1]) ?? new Set()).add(m[2]));
      if (!byId.has(m[1])) byId.set(m[1], {});
    }
  }

  const index: Record<string, ScenarioInfo> = {};
  for (const [id, entry] of [...byId].sort(byName)) {
    const before = problems.length;
    const present = LANGS.map((l) => entry[l]).find((l) => l !== undefined);
    for (const lang of LANGS) {
      if (!entry[lang] && !broken.get(id)?.has(lang)) {
        problems.push({
          file: present ? present.file.replace(/\.[^.]+\.md$/, `.${lang}.md`) : `${id}.${lang}.md`,
          line: 1,
          field: 'file',
          message: `is missing: every lesson needs ${LANGS.map((l) => `${id}.${l}.md`).join(' and ')}`,
        });
      }
    }
    const en = entry.en;
    const ru = entry.ru;
    if (broken.has(id) || !en || !ru) continue;

    const fix = en.fix && en.fix.length > 0 ? en.fix : null;
    if (fix !== null && (en.compare ?? []).length === 0) {
      problems.push({
        file: en.file,
        line: en.lines.fix ?? 1,
        field: 'compare',
        message: 'a lesson with a fix names the headline metrics the fix improves: compare: [metric, …] (ids in src/run/models/<kind>/headline.ts)',
      });
      continue;
    }
    for (const other of LANGS.filter((l) => l !== 'en').map((l) => entry[l]!)) {
      const disagree = (field: string, message: string): void => {
        problems.push({ file: other.file, line: other.lines[field] ?? 1, field, message });
      };
      if (other.difficulty !== undefined && other.difficulty !== en.difficulty) {
        disagree('difficulty', `"${other.difficulty}" differs from "${en.difficulty}" in ${en.file} (leave it out, or make them equal)`);
      }
      if (other.tags !== undefined && !sameList(other.tags, en.tags)) {
        disagree('tags', `[${other.tags.join(', ')}] differs from [${en.tags!.join(', ')}] in ${en.file} (leave it out, or make them equal)`);
      }
      if (other.vs !== undefined && other.vs !== en.vs) disagree('vs', `"${other.vs}" differs from "${en.vs ?? ''}" in ${en.file} (leave it out, or make them equal)`);
      if (other.sweep !== undefined && JSON.stringify(other.sweep) !== JSON.stringify(en.sweep)) disagree('sweep', `differs from ${en.file} (leave it out, or make them equal)`);
      for (const key of ['compare', 'costs'] as const) {
        if (other[key] !== undefined && !sameList(other[key], en[key] ?? [])) {
          disagree(key, `[${other[key].join(', ')}] differs from [${(en[key] ?? []).join(', ')}] in ${en.file} (leave it out, or make them equal)`);
        }
      }
      if (other.fix !== undefined && !sameList(other.fix, en.fix ?? [])) {
        disagree('fix', `${JSON.stringify(other.fix)} differs from ${JSON.stringify(en.fix ?? [])} in ${en.file} (leave it out, or make them equal)`);
      }
      const targets = (l: LessonHead) => JSON.stringify(l.targets);
      if (targets(other) !== targets(en)) {
        disagree(
          '## Watch',
          `the bullets' targets ${targets(other)} differ from ${targets(en)} in ${en.file} (every language points at the same elements, bullet by bullet)`,
        );
      }
      if ((fix !== null) !== other.hasFix) {
        disagree(
          other.hasFix ? '## Fix' : 'fix',
          fix !== null ? `${en.file} has fix overrides, so this file needs a "## Fix" section` : `${en.file} has no fix overrides, so this file must have no "## Fix" section`,
        );
      }
    }
    if (problems.length > before) continue;

    index[id] = { id, difficulty: en.difficulty!, tags: en.tags!, fix, compare: en.compare ?? [], costs: en.costs ?? [], vs: en.vs ?? null, sweep: en.sweep ?? null, en: en.text, ru: ru.text };
  }
  return { index, problems };
}

/** The assembled content, and every problem that kept a lesson out of it. */
export interface BuiltContent {
  content: Record<string, ScenarioContent>;
  problems: LessonProblem[];
}

/**
 * Parses every lesson file (`files`: name → text) and assembles one {@link ScenarioContent} per
 * scenario id: its {@link buildIndex} entry (same checks, same problems) with each language's
 * sections added. The app loads the same thing in two parts (`./scenarios.ts`).
 */
export function buildContent(files: Record<string, string>): BuiltContent {
  const lessons = new Map<string, Lesson>();
  const heads: Record<string, LessonHead | LessonProblem[]> = {};
  for (const [file, text] of Object.entries(files)) {
    try {
      const lesson = parseLesson(text, file);
      lessons.set(`${lesson.id}.${lesson.lang}`, lesson);
      heads[file] = lessonHead(lesson);
    } catch (e) {
      if (!(e instanceof LessonError)) throw e;
      heads[file] = e.problems;
    }
  }
  const { index, problems } = buildIndex(heads);
  const content: Record<string, ScenarioContent> = {};
  for (const [id, info] of Object.entries(index)) {
    const text = (lang: Lang): ScenarioText => ({ ...info[lang], ...lessonBody(lessons.get(`${id}.${lang}`)!) });
    content[id] = { ...info, en: text('en'), ru: text('ru') };
  }
  return { content, problems };
}
