/**
 * Interview questions as data: `scenarios/questions/<id>.<lang>.md`, one file per question and
 * language, next to the scenarios and lessons. This module parses them strictly — every problem
 * with its file, line and field — and assembles one {@link Question} per id from the English and
 * Russian files. The format is documented in scenarios/README.md ("Interview questions"); what a
 * question's references, conditions and placeholders mean is `./question-eval.ts`.
 *
 * A question the models answer today:
 *
 * ```
 * ---
 * title: Does Kafka keep the order of a user's updates?
 * topic: ordering
 * source: [guide-2]
 * scenario: thread-pool-reorder
 * vs: fix
 * predict: choice
 * ---
 * ## Question
 * One consumer per partition, but each batch goes to {scenario.groups.0.processing.threads} threads …
 * ## Predict
 * Will two updates of one user ever be applied in the wrong order?
 * - [a.violations = 0] No: …
 * - [a.violations > 0] Yes: …
 * ## Reveal
 * {a.violations} updates were applied after a newer one of the same key; the keyed executor: {b.violations}.
 * ## Claims
 * - [b.violations = 0] A keyed executor keeps per-key order.
 * ## Why
 * …
 * ## Answer
 * - …
 * ```
 *
 * A question no model answers yet has `needs: <model>` instead of the run, and only the sections
 * `## Question` and `## Needs`.
 *
 * Like lessons, the parser runs at build time (the `queuelab-lessons` plugin in vite.config.ts
 * hands each file's parse to the page) and in the tests on the raw files; the page never imports
 * it. Kafka defaults (`{default.consumer.session.timeout.ms}`) are filled in here, from
 * src/scenario/kafka-defaults.json, so the page needs no copy of that file.
 */
import { OVERRIDE, parseList, type Lang, LANGS } from './lesson.ts';
import { parseOverride } from '../scenario/set-path.ts';
import { readFrontMatter, readSections } from './front-matter.ts';
import { conditionRefs, parseCondition, parsePlaceholder, refText, type Condition, type Ref, type Within } from './question-eval.ts';
import KAFKA_DEFAULTS from '../scenario/kafka-defaults.json' with { type: 'json' };

export type { Lang };

/** Topics the question list is grouped by, in this order. */
export const TOPICS = ['basics', 'ordering', 'scaling', 'delivery', 'groups', 'errors', 'storage', 'internals'] as const;
export type Topic = (typeof TOPICS)[number];

/** Models a question may be waiting for (it is listed, with this, instead of faked). */
export const NEEDS = ['queue-broker', 'replication', 'producer-acks', 'transactions', 'compaction', 'record-format', 'broker-io', 'controller', 'request-path'] as const;
export type Needs = (typeof NEEDS)[number];

/** Units of a number prediction that is not a headline metric (a headline metric brings its own). */
export const UNITS = ['records', 's', 'count', 'partition-s', 'per-s', 'fraction', 'bytes'] as const;
export type Unit = (typeof UNITS)[number];

/**
 * Where a question comes from: `guide-<n>` is question n of the Kafka guide's interview list
 * (/work/shared/seeds/003, "Вопросы с собеседований", 1–20); `self-check-<slug>` an item of the
 * interview-prep article's self-check (004, §16).
 */
const SOURCE = /^(?:guide-(?:[1-9]|1\d|20)|self-check-[a-z][a-z-]*)$/;
const ID = /^[a-z0-9][a-z0-9-]*$/;

/** What a question's reader commits to before the run. */
export type Prediction =
  | { kind: 'choice'; options: Condition[] }
  | {
      kind: 'number';
      /** The number predicted. */
      answer: Ref;
      min: number;
      max: number;
      step: number;
      within: Within;
      /** Its unit when `answer` is not a headline metric (which brings its own). */
      unit: Unit | null;
    };

/** The run that answers a question: a shipped scenario with overrides, alone or against a second run. */
export interface QuestionRun {
  scenario: string;
  /** `--set` overrides applied to the shipped scenario (run A). */
  sets: string[];
  /** Run B: A with its lesson's fix (`fix`), or A with these overrides; null: A alone. */
  vs: 'fix' | string[] | null;
  predict: Prediction;
  /** What the run must show: checked by the tests headless, and shown against the page's run. */
  claims: Condition[];
}

/** A question's text in one language. Templates: `{…}` are filled from the run (or its scenario). */
export interface QuestionText {
  /** The question as an interviewer asks it (the list shows it). */
  title: string;
  /** The setting of the run, 1–3 sentences (scenario placeholders only). */
  question: string;
  /** What to predict. Empty for a question that needs a model. */
  prompt: string;
  /** A choice's options, in the order of {@link Prediction} `options`. */
  options: string[];
  /** The measured numbers in words (run placeholders). */
  reveal: string;
  /** Each claim in words, in the order of {@link QuestionRun} `claims`. */
  claims: string[];
  /** The mechanism, 2–3 sentences. */
  why: string;
  /** A strong candidate's answer, 3–6 bullets. */
  answer: string[];
  /** For a question that needs a model: which, and what it would show. */
  needs: string;
}

export interface Question {
  id: string;
  topic: Topic;
  sources: string[];
  /** The model this question waits for; null when {@link run} answers it today. */
  needs: Needs | null;
  run: QuestionRun | null;
  en: QuestionText;
  ru: QuestionText;
}

export interface QuestionProblem {
  file: string;
  line: number;
  field: string;
  message: string;
}

export function formatQuestionProblem(p: QuestionProblem): string {
  return `${p.file}:${p.line}: ${p.field}: ${p.message}`;
}

/** One parsed question file. Language-neutral fields are only in the English file. */
export interface QuestionFile {
  file: string;
  id: string;
  lang: Lang;
  topic?: Topic;
  sources?: string[];
  needs?: Needs;
  scenario?: string;
  sets?: string[];
  vs?: 'fix' | string[];
  predictKind?: 'choice' | 'number';
  number?: Omit<Extract<Prediction, { kind: 'number' }>, 'kind'>;
  /** The conditions of a choice's options and of the claims, as written in this file (compared between languages). */
  optionConditions: string[];
  claimConditions: string[];
  text: QuestionText;
  lines: Record<string, number>;
}

type KeyKind = 'text' | 'list' | 'listOrText';
const KEYS: Record<string, { kind: KeyKind; en: boolean }> = {
  title: { kind: 'text', en: false },
  topic: { kind: 'text', en: true },
  source: { kind: 'list', en: true },
  needs: { kind: 'text', en: true },
  scenario: { kind: 'text', en: true },
  sets: { kind: 'list', en: true },
  vs: { kind: 'listOrText', en: true },
  predict: { kind: 'text', en: true },
  answer: { kind: 'text', en: true },
  range: { kind: 'text', en: true },
  step: { kind: 'text', en: true },
  within: { kind: 'text', en: true },
  unit: { kind: 'text', en: true },
};
/** Keys of a number prediction. */
const NUMBER_KEYS = ['answer', 'range', 'step', 'within', 'unit'];

const RUN_SECTIONS = ['Question', 'Predict', 'Reveal', 'Claims', 'Why', 'Answer'] as const;
const NEEDS_SECTIONS = ['Question', 'Needs'] as const;
type Section = (typeof RUN_SECTIONS)[number] | (typeof NEEDS_SECTIONS)[number];
const ALL_SECTIONS: readonly Section[] = ['Question', 'Predict', 'Reveal', 'Claims', 'Why', 'Answer', 'Needs'];

const LIST_ITEM = /^(?:[-*+]|\d+[.)])(?:\s|$)/;
const NUM = /^-?\d+(?:\.\d+)?$/;

/** Longest text of each kind, so that a question's step fits the page's column at 1280×720. */
export const LIMITS = { title: 140, question: 420, prompt: 200, option: 110, reveal: 420, claim: 150, why: 520, answerItem: 240, answer: 1100, needs: 420 } as const;

/** The value of a Kafka default (`consumer.session.timeout.ms`) in kafka-defaults.json, or undefined. */
export function kafkaDefault(path: string): unknown {
  let node: unknown = (KAFKA_DEFAULTS as { kafka: unknown }).kafka;
  let rest = path;
  while (rest !== '') {
    if (node === null || typeof node !== 'object') return undefined;
    const obj = node as Record<string, unknown>;
    const key = Object.keys(obj)
      .filter((k) => rest === k || rest.startsWith(`${k}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) return undefined;
    node = obj[key];
    rest = rest.slice(key.length + 1);
  }
  return node !== null && typeof node === 'object' && 'value' in node ? (node as { value: unknown }).value : undefined;
}

/**
 * Parses one question file; `fileName`'s last segment must be `<id>.<lang>.md`.
 * @returns the file, or every problem found in it.
 */
export function parseQuestion(text: string, fileName: string): QuestionFile | QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  const problem = (line: number, field: string, message: string): void => {
    problems.push({ file: fileName, line, field, message });
  };

  const base = fileName.slice(fileName.lastIndexOf('/') + 1);
  const m = /^(.+)\.([^.]+)\.md$/.exec(base);
  let id = '';
  let lang: Lang = 'en';
  if (!m) problem(1, 'file name', 'must be <question id>.<lang>.md, e.g. hot-key.en.md');
  else {
    id = m[1];
    if (!ID.test(id)) problem(1, 'file name', `"${id}" is not a question id (lowercase letters, digits and -)`);
    if ((LANGS as readonly string[]).includes(m[2])) lang = m[2] as Lang;
    else problem(1, 'file name', `unknown language "${m[2]}" (expected one of ${LANGS.join(', ')})`);
  }

  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  // ── front matter ──
  const { values, where, bodyStart, closeLine } = readFrontMatter(lines, Object.keys(KEYS), problem, (key, value, n) => {
    if (KEYS[key].en && lang !== 'en') {
      problem(n, key, 'is language-neutral: write it once, in the English file');
      return false;
    }
    if (value === '') problem(n, key, 'is empty (leave the key out instead)');
    return true;
  });
  const has = (k: string): boolean => Object.hasOwn(values, k) && values[k] !== '';
  const listOf = (key: string): string[] | undefined => {
    if (!has(key)) return undefined;
    const items = parseList(values[key]);
    if (typeof items === 'string') {
      problem(where[key], key, items);
      return undefined;
    }
    return items;
  };

  if (!has('title')) problem(closeLine, 'title', 'is required');
  const title = values.title ?? '';
  if (title.length > LIMITS.title) problem(where.title, 'title', `is ${title.length} characters; at most ${LIMITS.title}`);

  const out: QuestionFile = {
    file: fileName,
    id,
    lang,
    optionConditions: [],
    claimConditions: [],
    text: { title, question: '', prompt: '', options: [], reveal: '', claims: [], why: '', answer: [], needs: '' },
    lines: where,
  };

  // ── language-neutral fields (English file) ──
  let needsModel = false;
  if (lang === 'en') {
    if (!has('topic')) problem(closeLine, 'topic', `is required (one of ${TOPICS.join(', ')})`);
    else if (!(TOPICS as readonly string[]).includes(values.topic)) problem(where.topic, 'topic', `must be one of ${TOPICS.join(', ')} (got "${values.topic}")`);
    else out.topic = values.topic as Topic;

    const sources = listOf('source');
    if (!has('source')) problem(closeLine, 'source', 'is required: [guide-<1–20>, self-check-<name>, …]');
    else if (sources) {
      if (sources.length === 0) problem(where.source, 'source', 'must list at least one source');
      for (const s of sources) if (!SOURCE.test(s)) problem(where.source, 'source', `"${s}" is not guide-<1–20> or self-check-<name>`);
      if (new Set(sources).size !== sources.length) problem(where.source, 'source', 'lists a source twice');
      out.sources = sources;
    }

    if (has('needs')) {
      needsModel = true;
      if (!(NEEDS as readonly string[]).includes(values.needs)) problem(where.needs, 'needs', `must be one of ${NEEDS.join(', ')} (got "${values.needs}")`);
      else out.needs = values.needs as Needs;
      for (const k of ['scenario', 'sets', 'vs', 'predict', ...NUMBER_KEYS]) if (has(k)) problem(where[k], k, 'a question that needs a model has no run: leave it out');
    } else {
      if (!has('scenario')) problem(closeLine, 'scenario', 'is required (the shipped scenario whose run answers the question), or needs: <model>');
      else if (!ID.test(values.scenario)) problem(where.scenario, 'scenario', `"${values.scenario}" is not a scenario id`);
      else out.scenario = values.scenario;

      const overrides = (key: string, list: string[]): void => {
        for (const o of list) {
          if (!OVERRIDE.test(o)) {
            problem(where[key], key, `"${o}" is not a path=value override`);
            continue;
          }
          try {
            parseOverride(o);
          } catch (e) {
            problem(where[key], key, (e as Error).message);
          }
        }
      };
      const sets = listOf('sets');
      if (sets) {
        overrides('sets', sets);
        out.sets = sets;
      }
      if (has('vs')) {
        if (values.vs === 'fix') out.vs = 'fix';
        else {
          const vs = listOf('vs');
          if (vs) {
            if (vs.length === 0) problem(where.vs, 'vs', 'is fix, or a list of overrides for run B: leave it out for no run B');
            overrides('vs', vs);
            out.vs = vs;
          }
        }
      }

      if (!has('predict')) problem(closeLine, 'predict', 'is required: choice or number');
      else if (values.predict !== 'choice' && values.predict !== 'number') problem(where.predict, 'predict', `must be choice or number (got "${values.predict}")`);
      else out.predictKind = values.predict;

      if (out.predictKind === 'number') {
        const missing = ['answer', 'range', 'step', 'within'].filter((k) => !has(k));
        for (const k of missing) problem(closeLine, k, 'is required for a number prediction');
        const answer = has('answer') ? parseCondRef(values.answer) : null;
        if (typeof answer === 'string') problem(where.answer, 'answer', answer);
        const range = /^(-?\d+(?:\.\d+)?)\s*\.\.\s*(-?\d+(?:\.\d+)?)$/.exec(values.range ?? '');
        if (has('range') && (!range || !(Number(range[1]) < Number(range[2])))) problem(where.range, 'range', `must be min..max with min < max (got "${values.range}")`);
        const step = Number(values.step);
        if (has('step') && (!NUM.test(values.step) || !(step > 0))) problem(where.step, 'step', `must be a number > 0 (got "${values.step}")`);
        if (range && step > 0 && (Number(range[2]) - Number(range[1])) / step > 100_000) problem(where.step, 'step', 'gives more than 100,000 slider positions');
        const w = /^(\d+(?:\.\d+)?)\s*(%?)$/.exec(values.within ?? '');
        if (has('within') && (!w || !(Number(w[1]) >= 0) || (w[2] === '%' && Number(w[1]) >= 100))) problem(where.within, 'within', `must be a share "25%" (under 100 %) or an amount "5" (got "${values.within}")`);
        let unit: Unit | null = null;
        if (has('unit')) {
          if ((UNITS as readonly string[]).includes(values.unit)) unit = values.unit as Unit;
          else problem(where.unit, 'unit', `must be one of ${UNITS.join(', ')} (got "${values.unit}")`);
        }
        if (answer && typeof answer !== 'string' && range && step > 0 && w) {
          out.number = {
            answer,
            min: Number(range[1]),
            max: Number(range[2]),
            step,
            within: w[2] === '%' ? { rel: Number(w[1]) / 100 } : { abs: Number(w[1]) },
            unit,
          };
        }
      } else if (out.predictKind === 'choice') {
        for (const k of NUMBER_KEYS) if (has(k)) problem(where[k], k, 'only for predict: number');
      }
    }
  }

  // ── sections ──
  const body = readSections(lines, bodyStart, ALL_SECTIONS, where, problem);

  // Which sections the file must have: a run's six, or a needs question's two. A Russian file
  // follows what its text shows (the English file decides; buildQuestions compares them).
  const isNeeds = lang === 'en' ? needsModel : body.Needs !== undefined;
  const expected: readonly Section[] = isNeeds ? NEEDS_SECTIONS : RUN_SECTIONS;
  for (const s of expected) if (!body[s]) problem(lines.length, `## ${s}`, 'section is missing');
  for (const s of ALL_SECTIONS) {
    if (body[s] && !expected.includes(s)) problem(body[s]!.line, `## ${s}`, isNeeds ? 'a question that needs a model has only "## Question" and "## Needs"' : 'only a question that needs a model has this section');
  }

  /** Paragraphs of a section (no bullets), and the bullets that follow them when `bullets`. */
  const read = (s: Section, bullets: 'none' | 'optional' | 'only'): { text: string; items: { line: number; text: string }[] } => {
    const sec = body[s];
    if (!sec) return { text: '', items: [] };
    const paras: string[][] = [[]];
    const items: { line: number; parts: string[] }[] = [];
    let open = false;
    for (const [n, line] of sec.lines) {
      if (line.trim() === '') {
        open = false;
        if (items.length === 0 && paras[paras.length - 1].length > 0) paras.push([]);
        continue;
      }
      const b = /^-\s+(.*)$/.exec(line);
      if (b) {
        if (bullets === 'none') {
          problem(n, `## ${s}`, 'lists are not allowed here');
          continue;
        }
        items.push({ line: n, parts: [b[1].trim()] });
        open = true;
        continue;
      }
      if (items.length > 0) {
        if (open && /^\s/.test(line) && !LIST_ITEM.test(line.trim())) items[items.length - 1].parts.push(line.trim());
        else problem(n, `## ${s}`, open ? 'a continuation line must be indented; a new bullet starts with "- "' : 'text after the bullets: put paragraphs before them');
        continue;
      }
      if (LIST_ITEM.test(line.trim())) problem(n, `## ${s}`, 'a bullet starts with "- "');
      if (bullets === 'only') {
        problem(n, `## ${s}`, 'expected a bullet "- …"');
        continue;
      }
      paras[paras.length - 1].push(line.trim());
    }
    const text = paras
      .filter((p) => p.length > 0)
      .map((p) => p.join(' '))
      .join('\n\n');
    return { text, items: items.map((it) => ({ line: it.line, text: it.parts.join(' ') })) };
  };

  /** A `[condition] text` bullet's two parts (the condition as written), or a problem. */
  const conditioned = (s: Section, item: { line: number; text: string }): { cond: string; text: string } => {
    const t = /^\[([^\]]*)\]\s*(.*)$/.exec(item.text);
    if (!t) {
      problem(item.line, `## ${s}`, 'a bullet starts with its condition in brackets: "- [a.violations = 0] …"');
      return { cond: '', text: item.text };
    }
    const c = parseCondition(t[1]);
    if (typeof c === 'string') problem(item.line, `## ${s}`, c);
    if (t[2].trim() === '') problem(item.line, `## ${s}`, 'the bullet has a condition but no text');
    return { cond: t[1].trim(), text: t[2].trim() };
  };

  const limit = (line: number, field: string, text: string, max: number): void => {
    if (text.length > max) problem(line, field, `is ${text.length} characters; at most ${max} (the step must fit the column at 1280×720)`);
  };

  const q = read('Question', 'none');
  out.text.question = q.text;
  if (body.Question) {
    if (q.text === '') problem(body.Question.line, '## Question', 'is empty');
    limit(body.Question.line, '## Question', q.text, LIMITS.question);
  }

  if (isNeeds) {
    const nd = read('Needs', 'none');
    out.text.needs = nd.text;
    if (body.Needs) {
      if (nd.text === '') problem(body.Needs.line, '## Needs', 'is empty');
      limit(body.Needs.line, '## Needs', nd.text, LIMITS.needs);
    }
  } else {
    const p = read('Predict', 'optional');
    out.text.prompt = p.text;
    if (body.Predict) {
      if (p.text === '') problem(body.Predict.line, '## Predict', 'starts with the prompt: what to predict');
      limit(body.Predict.line, '## Predict', p.text, LIMITS.prompt);
      for (const item of p.items) {
        const c = conditioned('Predict', item);
        out.optionConditions.push(c.cond);
        out.text.options.push(c.text);
        limit(item.line, '## Predict', c.text, LIMITS.option);
      }
      const kind = lang === 'en' ? out.predictKind : undefined;
      if (kind === 'choice' && (p.items.length < 2 || p.items.length > 4)) problem(body.Predict.line, '## Predict', `a choice has 2–4 options (bullets "- [condition] text"); found ${p.items.length}`);
      if (kind === 'number' && p.items.length > 0) problem(body.Predict.line, '## Predict', 'a number prediction has no options: the prompt only');
    }

    const r = read('Reveal', 'none');
    out.text.reveal = r.text;
    if (body.Reveal) {
      if (r.text === '') problem(body.Reveal.line, '## Reveal', 'is empty');
      limit(body.Reveal.line, '## Reveal', r.text, LIMITS.reveal);
    }

    const c = read('Claims', 'only');
    if (body.Claims) {
      if (c.items.length < 1 || c.items.length > 6) problem(body.Claims.line, '## Claims', `has 1–6 claims (bullets "- [condition] text"); found ${c.items.length}`);
      for (const item of c.items) {
        const x = conditioned('Claims', item);
        out.claimConditions.push(x.cond);
        out.text.claims.push(x.text);
        limit(item.line, '## Claims', x.text, LIMITS.claim);
      }
    }

    const w = read('Why', 'none');
    out.text.why = w.text;
    if (body.Why) {
      if (w.text === '') problem(body.Why.line, '## Why', 'is empty');
      limit(body.Why.line, '## Why', w.text, LIMITS.why);
    }

    const a = read('Answer', 'only');
    if (body.Answer) {
      if (a.items.length < 3 || a.items.length > 6) problem(body.Answer.line, '## Answer', `has 3–6 bullets; found ${a.items.length}`);
      for (const item of a.items) limit(item.line, '## Answer', item.text, LIMITS.answerItem);
      limit(body.Answer.line, '## Answer', a.items.map((x) => x.text).join(''), LIMITS.answer);
      out.text.answer = a.items.map((x) => x.text);
    }
  }

  // ── placeholders: where each kind may stand, and Kafka defaults filled in ──
  const fillDefaults = (field: string, line: number, text: string, runRefs: boolean): string =>
    text.replace(/\{([^{}]*)\}|[{}]/g, (all: string, inner: string | undefined) => {
      if (inner === undefined) {
        problem(line, field, `a lone "${all}": placeholders are {name}`);
        return all;
      }
      const d = /^default\.([A-Za-z0-9_.-]+?)(?:\|(plain|s|min|h|d))?$/.exec(inner.trim());
      if (d) {
        const v = kafkaDefault(d[1]);
        if (v === undefined) {
          problem(line, field, `{${inner}}: "${d[1]}" is not in src/scenario/kafka-defaults.json`);
          return all;
        }
        // Milliseconds as Kafka writes them (no digit grouping), or in seconds, minutes, hours, days.
        if (typeof v === 'number') return String(v / ({ s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 }[d[2] ?? ''] ?? 1));
        if (d[2] && d[2] !== 'plain') problem(line, field, `{${inner}}: the default is not a number`);
        return Array.isArray(v) ? v.join(', ') : String(v);
      }
      const p = parsePlaceholder(inner);
      if (typeof p === 'string') {
        problem(line, field, p);
        return all;
      }
      if (!runRefs && p.ref.kind !== 'scenario') problem(line, field, `{${inner}}: a run's numbers belong in "## Reveal"; here only scenario.<path> (shown before the run) and default.<config>`);
      return all;
    });
  const t = out.text;
  const at = (s: Section): number => where[`## ${s}`] ?? 1;
  t.title = fillDefaults('title', where.title ?? 1, t.title, false);
  t.question = fillDefaults('## Question', at('Question'), t.question, false);
  t.prompt = fillDefaults('## Predict', at('Predict'), t.prompt, false);
  t.options = t.options.map((x) => fillDefaults('## Predict', at('Predict'), x, false));
  t.reveal = fillDefaults('## Reveal', at('Reveal'), t.reveal, true);
  t.claims = t.claims.map((x) => fillDefaults('## Claims', at('Claims'), x, false));
  t.why = fillDefaults('## Why', at('Why'), t.why, false);
  t.answer = t.answer.map((x) => fillDefaults('## Answer', at('Answer'), x, false));
  t.needs = fillDefaults('## Needs', at('Needs'), t.needs, false);

  return problems.length > 0 ? problems : out;
}

function parseCondRef(text: string): Ref | string {
  const c = parseCondition(`${text} = 0`);
  return typeof c === 'string' ? c : c.all[0].left;
}

/** Every question, and every problem that kept one out. */
export interface BuiltQuestions {
  questions: Question[];
  problems: QuestionProblem[];
}

const byName = <T>([a]: [string, T], [b]: [string, T]): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Assembles one {@link Question} per id from the parsed files (`files`: name → file, or its
 * problems). Both languages must exist and agree: a needs question in both or neither, the same
 * option and claim conditions bullet by bullet, the same number of options, claims and answer
 * bullets. A run's B references need a B (`vs`). Questions come out in topic order, then by id.
 */
export function buildQuestions(files: Record<string, QuestionFile | QuestionProblem[]>): BuiltQuestions {
  const problems: QuestionProblem[] = [];
  const byId = new Map<string, Partial<Record<Lang, QuestionFile>>>();
  const broken = new Set<string>();
  for (const [file, parsed] of Object.entries(files).sort(byName)) {
    if (Array.isArray(parsed)) {
      problems.push(...parsed);
      const m = /([^/]+)\.[^.]+\.md$/.exec(file);
      if (m) {
        broken.add(m[1]);
        if (!byId.has(m[1])) byId.set(m[1], {});
      }
      continue;
    }
    const entry = byId.get(parsed.id) ?? {};
    entry[parsed.lang] = parsed;
    byId.set(parsed.id, entry);
  }

  const questions: Question[] = [];
  for (const [id, entry] of [...byId].sort(byName)) {
    const before = problems.length;
    for (const lang of LANGS) {
      if (!entry[lang] && !broken.has(id)) {
        problems.push({ file: `scenarios/questions/${id}.${lang}.md`, line: 1, field: 'file', message: `is missing: every question needs ${LANGS.map((l) => `${id}.${l}.md`).join(' and ')}` });
      }
    }
    const en = entry.en;
    const ru = entry.ru;
    if (broken.has(id) || !en || !ru) continue;
    const disagree = (field: string, message: string): void => {
      problems.push({ file: ru.file, line: ru.lines[field] ?? 1, field, message });
    };
    const needs = en.needs !== undefined;
    if (needs !== (ru.text.needs !== '')) disagree(needs ? '## Needs' : '## Predict', needs ? `${en.file} needs a model: this file has "## Question" and "## Needs" only` : `${en.file} has a run: this file needs its six sections`);
    const same = (a: string[], b: string[]): boolean => a.length === b.length && a.every((x, i) => x.replace(/\s+/g, '') === b[i].replace(/\s+/g, ''));
    if (!same(ru.optionConditions, en.optionConditions)) disagree('## Predict', `the options' conditions [${ru.optionConditions.join(' | ')}] differ from [${en.optionConditions.join(' | ')}] in ${en.file} (the same, option by option)`);
    if (!same(ru.claimConditions, en.claimConditions)) disagree('## Claims', `the claims' conditions [${ru.claimConditions.join(' | ')}] differ from [${en.claimConditions.join(' | ')}] in ${en.file} (the same, claim by claim)`);
    if (ru.text.answer.length !== en.text.answer.length) disagree('## Answer', `has ${ru.text.answer.length} bullets, ${en.file} has ${en.text.answer.length}`);

    let run: QuestionRun | null = null;
    if (!needs && en.scenario && en.predictKind) {
      const options = en.optionConditions.map((c) => parseCondition(c)).filter((c): c is Condition => typeof c !== 'string');
      const claims = en.claimConditions.map((c) => parseCondition(c)).filter((c): c is Condition => typeof c !== 'string');
      const predict: Prediction | null = en.predictKind === 'choice' ? { kind: 'choice', options } : en.number ? { kind: 'number', ...en.number } : null;
      if (predict) run = { scenario: en.scenario, sets: en.sets ?? [], vs: en.vs ?? null, predict, claims };
      if (run && run.vs === null) {
        const refs = [...options.flatMap(conditionRefs), ...claims.flatMap(conditionRefs), ...(predict?.kind === 'number' ? [predict.answer] : [])];
        const bRef = refs.find((r) => r.run === 'b');
        if (bRef) problems.push({ file: en.file, line: en.lines.vs ?? 1, field: 'vs', message: `${refText(bRef)} reads run B, but the question has none (vs: fix, or vs: [overrides])` });
        for (const t of [en.text.reveal, ru.text.reveal]) {
          if (/\{b\./.test(t)) problems.push({ file: en.file, line: 1, field: '## Reveal', message: 'a placeholder reads run B, but the question has none' });
        }
      }
    }
    if (problems.length > before) continue;
    questions.push({ id, topic: en.topic!, sources: en.sources!, needs: en.needs ?? null, run, en: en.text, ru: ru.text });
  }
  // Topic order; inside a topic, the guide's order (self-check items after it), runnable ones first.
  const rank = (q: Question): number => Math.min(...q.sources.map((s) => (s.startsWith('guide-') ? Number(s.slice(6)) : 100)));
  questions.sort((a, b) => TOPICS.indexOf(a.topic) - TOPICS.indexOf(b.topic) || Number(a.needs !== null) - Number(b.needs !== null) || rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { questions, problems };
}

/** Parses every file (`files`: name → text) and assembles the questions. */
export function buildQuestionsFromText(files: Record<string, string>): BuiltQuestions {
  const parsed: Record<string, QuestionFile | QuestionProblem[]> = {};
  for (const [name, text] of Object.entries(files)) parsed[name] = parseQuestion(text, name);
  return buildQuestions(parsed);
}
