/**
 * The ledger of numbers in lessons: for each lesson, a table of entries that account for every
 * number its English and Russian files write (see `extract.ts` for what counts as a number), and
 * the machinery that matches entries to the text and checks each against the scenario, the run or
 * theory.
 *
 * An entry names the text it covers by a snippet, copied from the file; `{…}` marks the numbers in
 * it that the entry covers (without marks it covers every number in the snippet). One entry may
 * give a snippet in each language, and several snippets per language when the same number is
 * written for the same reason in several places; `n` says how many times each snippet occurs.
 *
 * Kinds:
 * - `input`: a value of the scenario (after validation, so Kafka defaults are filled in; with
 *   `kafkaDefault` also checked against src/scenario/kafka-defaults.json). Must be equal.
 * - `derived`: a closed form computed here from the scenario's inputs.
 * - `measured`: read off the run's summary (or its event log), with a tolerance.
 * - `fact`: not from this run (the article, a Kafka version, notation), with the reason.
 *
 * What the text says: by default the number as written (both ends of a range); `says` replaces it
 * for phrases the parser cannot value ("tens of thousands", "over two thousand"). The check is
 * `is`: `≈` (default: within `within`), `≥` / `≤` (a bound: "past 150,000"), or `nearly` (at most
 * the number and not more than `within` below it: "nearly two minutes"). `within` defaults to the
 * rounding the text uses: half a unit of the last digit written (`6.9` ± 0.05, `3½` ± 0.25), none
 * for a number written after "=" (`ρ = 0.72`, `rebalances = 2` claim the exact value) or for a word
 * ("ten times"), and none for an input, which the scenario must have exactly. Round figures that
 * mean "about" (`~200`, `about 20,000`) give `within` explicitly.
 */
import { readFileSync } from 'node:fs';
import type { ClusterScenario, KafkaScenario, QueueScenario, Scenario, ServiceScenario, StationScenario, StorageScenario, PipelineScenario, OutboxScenario } from '../../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../../src/run/models/kafka/summary.ts';
import type { StationSummary } from '../../../src/run/models/station/summary.ts';
import type { QueueSummary } from '../../../src/run/models/queue/data.ts';
import type { ClusterSummary } from '../../../src/run/models/cluster/data.ts';
import type { ServiceSummary } from '../../../src/run/models/service/summary.ts';
import type { StorageSummary } from '../../../src/run/models/storage/data.ts';
import type { PipelineSummary } from '../../../src/run/models/pipeline/summary.ts';
import type { OutboxSummary } from '../../../src/run/models/outbox/data.ts';
import type { LogEntry } from '../../../src/sim/model/kafka/event-log.ts';
import { validateScenario, formatError } from '../../../src/scenario/validate.ts';
import { applyOverride, parseOverride } from '../../../src/scenario/set-path.ts';
import { runScenarioWithLog } from '../../../src/run/run.ts';
import { parseLesson, type Lang } from '../../../src/content/lesson.ts';
import { makeDistribution, type DistributionSpec } from '../../../src/sim/kernel/distributions.ts';
import { numbersInFile, proseLines, type NumberToken } from './extract.ts';

export type Kind = 'input' | 'derived' | 'measured' | 'fact';
/** A value, or a range [low, high] for text that writes one ("1–2 s"). */
export type Value = number | [number, number];
export type Rel = '≈' | '≥' | '≤' | 'nearly';
/** A run summary of any model (each table's book narrows it to its own). */
export type AnySummary = KafkaSummary | StationSummary | QueueSummary | ClusterSummary | ServiceSummary | StorageSummary | PipelineSummary | OutboxSummary;

/** Which scenario an entry is about: the lesson's own (default), with its fix, or other overrides. */
export interface Variant {
  /** Another scenario's id (a lesson comparing with another scenario). */
  scenario?: string;
  /** Apply the lesson's own `fix` overrides (for the fix text and fixHint); not with `scenario`. */
  fix?: boolean;
  /** Further `--set` style overrides, after the fix if any. */
  sets?: string[];
}

/** What a check can look at besides its own scenario or run. */
export interface Lookup {
  /** A scenario, validated, with overrides. */
  scenario(id: string, ...sets: string[]): Scenario;
  /** The run of a scenario, with overrides (cached per id and overrides). */
  run(id: string, ...sets: string[]): RunOf<AnySummary>;
  /** The lesson's fix overrides. */
  fix: string[];
}

export interface Entry {
  kind: Kind;
  en: string[];
  ru: string[];
  /** Occurrences of each snippet in its file: [English, Russian]. */
  n: [number, number];
  says?: number | [number, number];
  within?: number;
  is: Rel;
  variant: Variant;
  /** input and derived: from the scenario; measured: from the run. A pair is a range (both ends checked). */
  value?: (subject: { s: Scenario; r?: AnySummary; log?: LogEntry[] }, x: Lookup) => Value;
  /** fact: why the number is not checked against anything here. */
  why?: string;
  /**
   * The number is a Kafka default: its path in kafka-defaults.json below `kafka`
   * (`consumer.auto.commit.interval.ms`), whose value the scenario's field of that name must have.
   */
  kafkaDefault?: string;
}

type Snip = string | string[] | null;

export interface Opts extends Variant {
  /** Occurrences of each snippet in its file (default 1); a pair gives English and Russian apart. */
  n?: number | [number, number];
  says?: number | [number, number];
  within?: number;
  is?: Rel;
  kafkaDefault?: string;
}

const list = (s: Snip): string[] => (s === null ? [] : typeof s === 'string' ? [s] : s);

function entry(kind: Kind, en: Snip, ru: Snip, o: Opts = {}): Entry {
  const { n = 1, says, within, is = '≈', kafkaDefault, scenario, fix, sets } = o;
  const e: Entry = { kind, en: list(en), ru: list(ru), n: typeof n === 'number' ? [n, n] : n, is, variant: { scenario, fix, sets } };
  if (says !== undefined) e.says = says;
  if (within !== undefined) e.within = within;
  if (kafkaDefault !== undefined) e.kafkaDefault = kafkaDefault;
  return e;
}

export interface RunOf<R> {
  summary: R;
  log: LogEntry[];
}

/** Entry builders typed for one model's scenarios and summaries. */
export interface Book<S extends Scenario, R> {
  input(en: Snip, ru: Snip, value: (s: S, x: Lookup) => Value, o?: Opts): Entry;
  derived(en: Snip, ru: Snip, value: (s: S, x: Lookup) => Value, o?: Opts): Entry;
  measured(en: Snip, ru: Snip, value: (r: R, x: Lookup & { s: S; log: LogEntry[] }) => Value, o?: Opts): Entry;
  fact(en: Snip, ru: Snip, why: string, o?: Opts): Entry;
}

function book<S extends Scenario, R>(): Book<S, R> {
  return {
    input: (en, ru, value, o) => ({ ...entry('input', en, ru, o), value: ({ s }, x) => value(s as S, x) }),
    derived: (en, ru, value, o) => ({ ...entry('derived', en, ru, o), value: ({ s }, x) => value(s as S, x) }),
    measured: (en, ru, value, o) => ({
      ...entry('measured', en, ru, o),
      value: ({ s, r, log }, x) => value(r as R, { ...x, s: s as S, log: log ?? [] }),
    }),
    fact: (en, ru, why, o) => ({ ...entry('fact', en, ru, o), why }),
  };
}

export const kafka: Book<KafkaScenario, KafkaSummary> = book();
export const station: Book<StationScenario, StationSummary> = book();
export const queue: Book<QueueScenario, QueueSummary> = book();
export const cluster: Book<ClusterScenario, ClusterSummary> = book();
export const service: Book<ServiceScenario, ServiceSummary> = book();
export const storage: Book<StorageScenario, StorageSummary> = book();
export const pipeline: Book<PipelineScenario, PipelineSummary> = book();
export const outbox: Book<OutboxScenario, OutboxSummary> = book();

/** The mean of a service or processing time, as the model's distribution has it. */
export const meanOf = (d: DistributionSpec): number => makeDistribution(d).mean;

// ── scenarios and runs ──

const scenarios = new Map<string, Scenario>();
const runs = new Map<string, RunOf<AnySummary>>();

export function loadScenario(id: string, ...sets: string[]): Scenario {
  const key = [id, ...sets].join('\u0000');
  let s = scenarios.get(key);
  if (!s) {
    let raw: unknown = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
    for (const o of sets) raw = applyOverride(raw, parseOverride(o));
    const v = validateScenario(raw);
    if (!v.ok) throw new Error(`${id} ${sets.join(' ')}: ${v.errors.map(formatError).join('; ')}`);
    s = v.scenario;
    scenarios.set(key, s);
  }
  return s;
}

export function runOf(id: string, ...sets: string[]): RunOf<AnySummary> {
  const key = [id, ...sets].join('\u0000');
  let r = runs.get(key);
  if (!r) {
    const { summary, log } = runScenarioWithLog(loadScenario(id, ...sets));
    r = { summary: summary as AnySummary, log };
    runs.set(key, r);
  }
  return r;
}

/**
 * A lesson's file: `scenarios/lessons/<id>.<lang>.md`, or for a seed-scale lesson (id
 * `seed-scale/<id>`, whose scenario is `scenarios/seed-scale/<id>.json`) `scenarios/seed-scale/<id>.<lang>.md`.
 */
export function lessonFile(id: string, lang: Lang): string {
  return id.includes('/') ? `scenarios/${id}.${lang}.md` : `scenarios/lessons/${id}.${lang}.md`;
}

export function lessonFix(id: string): string[] {
  return parseLesson(readFileSync(lessonFile(id, 'en'), 'utf8'), lessonFile(id, 'en')).fix ?? [];
}

function lookup(id: string): Lookup {
  return { scenario: loadScenario, run: runOf, fix: lessonFix(id) };
}

/** The scenario id and overrides an entry of lesson `id` is about. */
export function variantOf(id: string, e: Entry): [string, string[]] {
  const sets = [...(e.variant.fix ? lessonFix(id) : []), ...(e.variant.sets ?? [])];
  return [e.variant.scenario ?? id, sets];
}

/** The entry's true value: from the scenario, theory or the run. */
export function trueValue(id: string, e: Entry): Value {
  const [sid, sets] = variantOf(id, e);
  const s = loadScenario(sid, ...sets);
  if (e.kind === 'measured') {
    const { summary, log } = runOf(sid, ...sets);
    return e.value!({ s, r: summary, log }, lookup(id));
  }
  return e.value!({ s }, lookup(id));
}

export function kafkaDefaultValue(path: string): unknown {
  const json: unknown = JSON.parse(readFileSync('src/scenario/kafka-defaults.json', 'utf8'));
  // Keys contain dots (max.poll.records): match the longest key at each level.
  let node: unknown = json;
  let rest = path;
  while (rest !== '') {
    const obj = node as Record<string, unknown>;
    const key = Object.keys(obj)
      .filter((k) => rest === k || rest.startsWith(`${k}.`))
      .sort((a, b) => b.length - a.length)[0];
    if (key === undefined) return undefined;
    node = obj[key];
    rest = rest.slice(key.length + 1);
  }
  return (node as { value?: unknown })?.value;
}

// ── matching entries to the text ──

export interface Occurrence {
  snippet: string;
  line: number;
  tokens: NumberToken[];
}

export interface Coverage {
  file: string;
  problems: string[];
  /** For each entry (by index in the table), its occurrences in this file. */
  occurrences: Occurrence[][];
}

/** The snippet without marks, and the marked spans (offsets into it). */
export function parseSnippet(snippet: string): { plain: string; marks: [number, number][] } {
  let plain = '';
  const marks: [number, number][] = [];
  let open = -1;
  for (const ch of snippet) {
    if (ch === '{') open = plain.length;
    else if (ch === '}') {
      marks.push([open, plain.length]);
      open = -1;
    } else plain += ch;
  }
  return { plain, marks };
}

const short = (s: string): string => (s.length > 70 ? `${s.slice(0, 67)}…` : s);

/** Matches a lesson table to one of its files: which entry covers which number, and what is amiss. */
export function cover(id: string, lang: Lang, table: Entry[]): Coverage {
  const file = lessonFile(id, lang);
  const text = readFileSync(file, 'utf8');
  const lines = proseLines(text);
  const tokens = numbersInFile(text, lang);
  const owner = new Map<NumberToken, number>();
  const problems: string[] = [];
  const occurrences: Occurrence[][] = table.map(() => []);

  table.forEach((e, i) => {
    for (const snippet of e[lang]) {
      const { plain, marks } = parseSnippet(snippet);
      let found = 0;
      for (const [n, line] of lines) {
        for (let at = line.indexOf(plain); at >= 0; at = line.indexOf(plain, at + Math.max(1, plain.length))) {
          const inside = tokens.filter((t) => t.line === n && t.col - 1 >= at && t.col - 1 + t.text.length <= at + plain.length);
          // A match that cuts a number in two is not this text: "= 50" inside "= 500".
          const cuts = tokens.some((t) => t.line === n && !inside.includes(t) && t.col - 1 < at + plain.length && t.col - 1 + t.text.length > at);
          if (cuts) continue;
          found++;
          const covered =
            marks.length === 0
              ? inside
              : inside.filter((t) => marks.some(([a, b]) => t.col - 1 >= at + a && t.col - 1 + t.text.length <= at + b));
          for (const [a, b] of marks) {
            if (!inside.some((t) => t.col - 1 >= at + a && t.col - 1 + t.text.length <= at + b)) {
              problems.push(`${file}:${n}: the mark {${plain.slice(a, b)}} in “${short(snippet)}” holds no number`);
            }
          }
          if (covered.length === 0) problems.push(`${file}:${n}: the snippet “${short(snippet)}” covers no number`);
          for (const t of covered) {
            const prev = owner.get(t);
            if (prev !== undefined) {
              problems.push(`${file}:${n}: “${t.text}” is covered twice: by “${short(snippet)}” and by the entry for “${short(table[prev][lang][0])}”`);
            } else owner.set(t, i);
          }
          occurrences[i].push({ snippet, line: n, tokens: covered });
        }
      }
      const expected = e.n[lang === 'en' ? 0 : 1];
      if (found !== expected) {
        problems.push(
          found === 0
            ? `${file}: the text “${short(snippet)}” is no longer in the file (table entry, ${e.kind})`
            : `${file}: “${short(snippet)}” occurs ${found} times, the table says ${expected}`,
        );
      }
    }
  });

  const lineText = new Map(lines);
  for (const t of tokens) {
    if (owner.has(t)) continue;
    const l = lineText.get(t.line) ?? '';
    const ctx = l.slice(Math.max(0, t.col - 41), t.col - 1 + t.text.length + 30).trim();
    problems.push(`${file}:${t.line}: “${t.text}” is not accounted for: …${ctx}…`);
  }
  return { file, problems, occurrences };
}

// ── checking what the text says ──

/** Half a unit of the last digit written: the rounding a number as written implies. */
export function roundingOf(token: NumberToken, lang: Lang): number {
  if (token.word || token.exact) return 0;
  if (/[½¼¾⅓⅔⅛]$/.test(token.text)) return 0.25; // written in halves: ± a quarter
  const decimals = (s: string): number => {
    const digits = s.replace(/[ \u00A0\u2009\u202F]/g, '');
    const m = /[.,](\d+)$/.exec(lang === 'en' ? digits.replace(/,/g, '') : digits);
    return m ? m[1].length : 0;
  };
  const parts = token.text.split('–');
  return 0.5 * 10 ** -Math.max(...parts.map(decimals));
}

/** What one occurrence says, as [low, high]. */
export function saysOf(e: Entry, o: Occurrence): [number, number] | string {
  if (e.says !== undefined) return typeof e.says === 'number' ? [e.says, e.says] : e.says;
  if (o.tokens.length !== 1) return `covers ${o.tokens.length} numbers (${o.tokens.map((t) => t.text).join(', ')}): give \`says\``;
  const t = o.tokens[0];
  return [t.value, t.hi ?? t.value];
}

/** Whether `value` agrees with what the text says; a message when it does not. */
export function disagreement(e: Entry, o: Occurrence, lang: Lang, value: Value): string | null {
  const says = saysOf(e, o);
  if (typeof says === 'string') return says;
  const [lo, hi] = says;
  // Floating point: never less than a few parts in a billion.
  const eps = 1e-9 * Math.max(1, Math.abs(lo), Math.abs(hi));
  const w = Math.max(eps, e.within ?? (e.kind !== 'input' && o.tokens.length === 1 ? roundingOf(o.tokens[0], lang) : 0));
  const ok =
    typeof value !== 'number' ? value.every(Number.isFinite) && Math.abs(value[0] - lo) <= w && Math.abs(value[1] - hi) <= w
    : !Number.isFinite(value) ? false
    : e.is === '≥' ? value >= lo - (e.within ?? eps)
    : e.is === '≤' ? value <= hi + (e.within ?? eps)
    : e.is === 'nearly' ? value <= hi && value >= hi - w
    : value >= lo - w && value <= hi + w;
  if (ok) return null;
  const stated = lo === hi ? `${lo}` : `${lo}–${hi}`;
  const shown = typeof value === 'number' ? `${value}` : `${value[0]}–${value[1]}`;
  const rule = e.is === '≈' ? `within ±${w}` : e.is === 'nearly' ? `in [${hi - w}, ${hi}]` : `${e.is} ${e.is === '≥' ? lo : hi}`;
  return `line ${o.line}: the text says ${stated} (“${short(o.snippet)}”), the ${e.kind === 'measured' ? 'run' : e.kind === 'input' ? 'scenario' : 'theory'} gives ${shown} (allowed: ${rule})`;
}
