/**
 * The "Shipped scenarios" tables of scenarios/README.md, generated from one run of every shipped
 * scenario (`scenarios/*.json`) with its shipped seed — the same runs and summaries as
 * `npm run sim -- scenarios/<id>.json --json`. `npm run tables` writes them between the markers
 * {@link START} and {@link END}; test/cli/tables.test.ts fails when the README is out of date.
 *
 * Nothing in the block is written by hand: every number is a summary field of a run (or the
 * closed form the summary carries as `theory`), the Kendall notation is read off the scenario, and
 * each scenario's line in the list is the title of its English lesson — the title the playground's
 * picker shows, whose numbers test/content/prose-numbers.test.ts checks (a scenario without a
 * lesson falls back to its own `title`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { KafkaScenario, Scenario, StationScenario } from '../scenario/schema.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { parseLesson } from '../content/lesson.ts';
import { runScenario } from '../run/run.ts';
import type { StationSummary, EstimateOut } from '../run/models/station/summary.ts';
import type { KafkaSummary } from '../run/models/kafka/summary.ts';
import { CONFIDENCE } from '../sim/metrics/estimate.ts';

export const START = '<!-- tables:shipped:start -->';
export const END = '<!-- tables:shipped:end -->';

export const SCENARIO_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
export const README = `${SCENARIO_DIR}README.md`;

type StationRun = { file: string; title: string; scenario: StationScenario; summary: StationSummary };
type KafkaRun = { file: string; title: string; scenario: KafkaScenario; summary: KafkaSummary };
export type ShippedRun = StationRun | KafkaRun;

/** The shipped scenario files, by name. */
export function shippedFiles(dir = SCENARIO_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
    .sort();
}

/** The line a scenario is listed with: its English lesson's title, else the scenario's own. */
function titleOf(dir: string, scenario: Scenario): string {
  const lesson = `${dir}lessons/${scenario.id}.en.md`;
  return existsSync(lesson) ? parseLesson(readFileSync(lesson, 'utf8'), lesson).text.title : scenario.title;
}

/** Runs every shipped scenario once, with its own seed and duration. */
export function shippedRuns(dir = SCENARIO_DIR): ShippedRun[] {
  return shippedFiles(dir).map((file) => {
    const scenario = parseScenarioOrThrow(JSON.parse(readFileSync(`${dir}${file}`, 'utf8')));
    return { file, title: titleOf(dir, scenario), scenario, summary: runScenario(scenario) } as ShippedRun;
  });
}

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
function withHw(e: EstimateOut): string {
  return e.hw === null ? sig(e.mean) : `${sig(e.mean)} ± ${sig(e.hw, 2)}`;
}

const KENDALL: Record<string, string> = { exponential: 'M', deterministic: 'D' };

/** Kendall notation of a station scenario: arrivals/service/servers[/capacity]. */
export function kendall(s: StationScenario): string {
  const a = KENDALL[s.arrival.shape.type] ?? 'G';
  const b = KENDALL[s.service.type] ?? 'G';
  return `${a}/${b}/${s.servers}${s.capacity === null ? '' : `/${s.capacity}`}`;
}

function row(cells: string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function markdownTable(head: string[], rows: string[][]): string[] {
  return [row(head), row(head.map(() => '---')), ...rows.map(row)];
}

function stationRow(r: StationRun): string[] {
  const { scenario: s, summary: m } = r;
  const t = m.theory;
  // Wq where the service distribution is the point (M/D/1, M/G/1), P(block) where the buffer is.
  const showWq = s.service.type !== 'exponential';
  const showBlock = s.capacity !== null;
  return [
    `\`${r.file}\``,
    kendall(s),
    sig(m.lambda.mean),
    sig(t?.rho ?? null),
    withHw(m.W),
    sig(t?.W ?? null),
    showWq ? withHw(m.Wq) : '',
    showWq ? sig(t?.Wq ?? null) : '',
    showBlock ? withHw(m.pBlock) : '',
    showBlock ? sig(t?.pBlock ?? null) : '',
    m.littlesLaw.verdict,
  ];
}

function kafkaRow(r: KafkaRun): string[] {
  const m = r.summary;
  return [
    `\`${r.file}\``,
    count(m.warmup),
    sig(m.lambda.mean),
    sig(m.throughput.mean),
    count(m.lagRecords.final),
    sig(m.lagSeconds.final),
    sig(m.lagSeconds.max),
    count(m.duplicates),
    count(m.lost),
    count(m.skipped),
    count(m.orderingViolations),
    count(m.rebalances),
    count(m.dlq),
    m.littlesLaw.verdict,
  ];
}

/** The generated block, markers included. */
export function shippedBlock(runs: ShippedRun[]): string {
  const stations: StationRun[] = [];
  const kafka: KafkaRun[] = [];
  for (const r of runs) {
    const model: string = r.scenario.model;
    if (model === 'station') stations.push(r as StationRun);
    else if (model === 'kafka') kafka.push(r as KafkaRun);
    else throw new Error(`${r.file}: no shipped-scenario table for model "${model}" (add one here)`);
  }
  const level = `${Math.round(CONFIDENCE * 100)} %`;
  const lines = [
    START,
    '<!-- Generated by `npm run tables` from one run of each file with its shipped seed; do not edit by hand. -->',
    '',
    "What each file shows (its lesson's title):",
    '',
    ...[...stations, ...kafka].map((r) => `- \`${r.file}\`: ${r.title}`),
    '',
    `Stations: λ, W and Wq (seconds) and P(block) are measured after the warm-up, with ${level} half-widths; theory is the closed form of the model. Wq is shown where the service distribution is the point, P(block) where the buffer is.`,
    '',
    ...markdownTable(
      ['file', 'model', 'λ (/s)', 'ρ', 'W', 'W theory', 'Wq', 'Wq theory', 'P(block)', 'P(block) theory', "Little's law"],
      stations.map(stationRow),
    ),
    '',
    "Kafka: λ and the first group's throughput are measured after the warm-up; lag is at the end of the run (records summed over the groups; age of the record at the committed offset, worst partition), max lag age over the whole run; duplicates, lost, skipped, out-of-order records, rebalances and DLQ records are totals over the whole run and every group.",
    '',
    ...markdownTable(
      ['file', 'warm-up (s)', 'λ (/s)', 'throughput (/s)', 'final lag (records)', 'lag age (s)', 'max lag age (s)', 'duplicates', 'lost', 'skipped', 'out of order', 'rebalances', 'DLQ', "Little's law"],
      kafka.map(kafkaRow),
    ),
    END,
  ];
  return lines.join('\n');
}

/** The block currently in `readme` (markers included), or null when a marker is missing. */
export function blockIn(readme: string): string | null {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END, a);
  return a < 0 || b < 0 ? null : readme.slice(a, b + END.length);
}

/** `readme` with its block replaced by `block`. */
export function withBlock(readme: string, block: string): string {
  const old = blockIn(readme);
  if (old === null) throw new Error(`scenarios/README.md needs the markers ${START} and ${END} where the tables go`);
  return readme.replace(old, () => block);
}
