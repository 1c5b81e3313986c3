/**
 * The CLI behind `npm run sim` (src/cli/sim.ts is the process entry), callable in-process with
 * its own output streams so tests can run thousands of inputs without spawning a process each.
 *
 * Exit codes: 0 ok, 2 invalid input (messages on stderr, no stack trace), 1 internal error.
 * Every malformed input — a file, a link, an option, a `--set` — ends in 2 with a bounded message
 * that names the field; nothing from the input reaches the terminal with its control characters.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { validateScenario, formatError, type ScenarioError } from '../scenario/validate.ts';
import { decodeShare, decodeShareView, looksLikeShare } from '../scenario/share.ts';
import type { Scenario } from '../scenario/schema.ts';
import { compareRuns, formatCompare, lessonFix, type LessonFix } from './compare.ts';
import { applyOverride, clip, OverrideError, parseOverride, type Override } from '../scenario/set-path.ts';
import { depthMessage, jsonTextTooDeep, MAX_SCENARIO_BYTES, valueTooDeep } from '../scenario/limits.ts';
import { describeRunError, runScenarioWithLog } from '../run/run.ts';
import { MODELS, modelFor } from '../run/registry.ts';
import { partitionForKey } from '../sim/model/kafka/murmur2.ts';
import { jsonText, oneLine, terminalText } from './terminal.ts';
import { exportCommand, importCommand } from './import.ts';

export const USAGE = `usage: npm run sim -- <scenario.json | share URL> [options]
       npm run sim -- partition --partitions N [--json] <key> [<key> ...]
       npm run sim -- import <file> [--format F] [--model M] [--out scenario.json]   (import -h for more)
       npm run sim -- export-properties <scenario.json | share URL> [--out file.properties]

options:
  --seed N            root seed (integer 0 … 4294967295); overrides the scenario's seed
  --duration S        simulated seconds to run; overrides the scenario's duration
  --set path=value    override any field, e.g. --set arrival.rate=0.95 (repeatable; value is JSON or text)
  --scale S           seed: the article's scale (scenarios/seed-scale/<id>.json), compressed: the shipped one
  --json              print one JSON object instead of the table
  --no-timing         leave out wallMs (the only field that differs between identical runs)
  --log               also print the event log (client and broker lines, repeats folded)
  --compare fix       also run the scenario with its lesson's fix, on the same seed, and print
                      the headline metrics of both runs side by side (with --json: {a, b, compare})
  --compare <file|URL>  compare with another scenario of the same model (run on this seed)
  --vs-set path=value  compare with this scenario changed (repeatable; after --compare's fix)
  --trace WHAT        follow records through the run and print their timeline (log-broker
                      scenarios): key=<key> (its first 20 records), <partition>:<offset>, or
                      n=<n> (the n-th record appended); with --json: one JSON object
  -h, --help          this text

partition: prints the partition Kafka's default partitioner picks for each key:
  toPositive(murmur2(utf8(key))) % N, byte-for-byte the Java client's.`;

/** Most errors listed for one input; the rest are counted. */
export const MAX_ERRORS_SHOWN = 20;
/** Longest echo of a file name, link or argument in a message. */
const ECHO_MAX = 100;
/** Longest single error line. */
const LINE_MAX = 300;

const NOT_FOUND = 'file not found';

/** A scenario file's text, or why it cannot be read (said of the file, without its name: "is a directory"). */
export type ReadResult = { ok: true; text: string } | { ok: false; message: string };

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads a scenario file; defaults to {@link readScenarioFile}. */
  readFile?(path: string): ReadResult;
  /** Milliseconds, for wallMs; defaults to performance.now. */
  now?(): number;
  /** Writes a file (import --out, export-properties --out); defaults to writeFileSync. */
  writeFile?(path: string, text: string): void;
}

export const processIo: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
};

class UsageError extends Error {}

/** Input that cannot become a scenario: reported with exit code 2. */
export class InputErrors extends Error {
  constructor(readonly errors: ScenarioError[]) {
    super(errors.map(formatError).join('\n'));
  }
}

/**
 * The text of a scenario file's bytes: at most {@link MAX_SCENARIO_BYTES} (`size`, when given, is
 * the file's size, known to be over), UTF-8, a leading byte-order mark dropped.
 */
export function scenarioText(bytes: Uint8Array | null, size = bytes?.length ?? 0): ReadResult {
  if (bytes === null || bytes.length > MAX_SCENARIO_BYTES) {
    const shown = bytes === null ? `${size.toLocaleString('en-US')} bytes` : 'larger than that';
    return { ok: false, message: `is ${shown}; a scenario file may be at most ${MAX_SCENARIO_BYTES.toLocaleString('en-US')} bytes` };
  }
  try {
    // fatal: bad bytes are an error, not U+FFFD; the decoder drops a leading byte-order mark.
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: 'is not UTF-8 text' };
  }
}

/**
 * Reads a scenario file: regular files only (a directory, device or FIFO is refused at once, never
 * read or waited on), at most {@link MAX_SCENARIO_BYTES}, UTF-8 (a byte-order mark is skipped).
 */
export function readScenarioFile(path: string): ReadResult {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: false, message: NOT_FOUND };
    if (code === 'EACCES' || code === 'EPERM') return { ok: false, message: 'cannot be read: permission denied' };
    if (code === 'ENOTDIR') return { ok: false, message: 'file not found (a part of the path is not a directory)' };
    return { ok: false, message: `cannot be read (${code ?? 'unknown error'})` };
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) return { ok: false, message: 'is a directory, not a scenario file' };
    if (!st.isFile()) return { ok: false, message: 'is not a regular file (a device, FIFO or socket): give a scenario .json file' };
    if (st.size > MAX_SCENARIO_BYTES) return scenarioText(null, st.size);
    // Read at most one byte past the limit: the size can change, and some files report 0.
    const buf = Buffer.alloc(MAX_SCENARIO_BYTES + 1);
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, null);
      if (got === 0) break;
      n += got;
    }
    return scenarioText(buf.subarray(0, n));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { ok: false, message: `cannot be read (${code ?? 'unknown error'})` };
  } finally {
    closeSync(fd);
  }
}

interface Args {
  source: string;
  /** `--scale`: run the shipped story with the source's id at this scale, or null for the source itself. */
  scale: 'seed' | 'compressed' | null;
  overrides: Override[];
  /** Compare with: 'fix', a file or link; null and no `vsSets` for one run. */
  compare: string | null;
  vsSets: Override[];
  json: boolean;
  log: boolean;
  timing: boolean;
  /** `--trace`'s value: the records to follow (the model's entry reads it), or null. */
  trace: string | null;
}

function parseArgs(argv: string[]): Args | 'help' {
  let source: string | undefined;
  const overrides: Override[] = [];
  let json = false;
  let timing = true;
  let log = false;
  let compare: string | null = null;
  let trace: string | null = null;
  let scale: Args['scale'] = null;
  const vsSets: Override[] = [];
  const override = (text: string): Override => {
    try {
      return parseOverride(text);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${a} needs a value`);
      return next;
    };
    const parseNumber = (field: string, text: string): Override => {
      const n = Number(text);
      // Let validation name the range; a non-number is passed through as text so it is reported.
      return { path: [field], value: text.trim() === '' || Number.isNaN(n) ? text : n };
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '--json') json = true;
    else if (a === '--no-timing') timing = false;
    else if (a === '--log') log = true;
    else if (a === '--seed') overrides.push(parseNumber('seed', value()));
    else if (a === '--duration') overrides.push(parseNumber('duration', value()));
    else if (a === '--set') overrides.push(override(value()));
    else if (a === '--vs-set') vsSets.push(override(value()));
    else if (a === '--compare') {
      if (compare !== null) throw new UsageError('--compare given twice (one comparison at a time)');
      compare = value();
    } else if (a === '--scale') {
      const v = value();
      if (v !== 'seed' && v !== 'compressed') throw new UsageError(`--scale must be seed or compressed, not "${clip(v, ECHO_MAX)}"`);
      if (scale !== null) throw new UsageError('--scale given twice');
      scale = v;
    } else if (a === '--trace') {
      if (trace !== null) throw new UsageError('--trace given twice (one request at a time; key=<key> follows every record with that key)');
      trace = value();
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${clip(a, ECHO_MAX)}`);
    else if (source === undefined) source = a;
    else throw new UsageError(`unexpected argument "${clip(a, ECHO_MAX)}" (one scenario at a time)`);
  }
  if (source === undefined) throw new UsageError('no scenario given');
  if (trace !== null && (compare !== null || vsSets.length > 0)) throw new UsageError('--trace follows records through one run: leave out --compare and --vs-set');
  if (trace !== null && log) throw new UsageError('--trace prints the records’ timeline: leave out --log');
  return { source, overrides, compare, vsSets, json, timing, log, trace, scale };
}

const fail = (message: string): never => {
  throw new InputErrors([{ path: '', message }]);
};

/** The scenario's JSON from a file or link: not yet overridden or validated (a link's is). */
export function loadRaw(source: string, io: CliIo): unknown {
  if (looksLikeShare(source)) {
    const r = decodeShare(source);
    if (!r.ok) throw new InputErrors(r.errors);
    return r.scenario;
  }
  const name = clip(source, ECHO_MAX);
  const file = (io.readFile ?? readScenarioFile)(source);
  if (!file.ok) return fail(file.message === NOT_FOUND ? `file not found: ${name}` : `${name} ${file.message}`);
  if (jsonTextTooDeep(file.text) >= 0) return fail(depthMessage);
  try {
    return JSON.parse(file.text);
  } catch (e) {
    return fail(`${name} is not valid JSON: ${clip((e as Error).message, LINE_MAX)}`);
  }
}

/** Applies `overrides` to `raw` and validates it; throws InputErrors for anything wrong. */
export function overridden(raw: unknown, overrides: Override[], flag = '--set'): Scenario {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new InputErrors([{ path: '', message: 'must be a JSON object', value: raw }]);
  }
  if (valueTooDeep(raw)) fail(depthMessage);
  for (const o of overrides) {
    try {
      raw = applyOverride(raw, o);
    } catch (e) {
      if (e instanceof OverrideError) throw new InputErrors([{ path: `${flag} ${clip(e.path, ECHO_MAX)}`, message: e.reason }]);
      throw e;
    }
  }
  const result = validateScenario(raw);
  if (!result.ok) throw new InputErrors(result.errors);
  return result.scenario;
}

/** What to compare the scenario with: B's scenario and how to name it, or null for one run. */
function loadCompare(args: Args, a: Scenario, io: CliIo): { b: Scenario; label: string; fix: LessonFix | null } | null {
  const viaLink = looksLikeShare(args.source) ? decodeShareView(args.source) : null;
  if (viaLink && !viaLink.ok) throw new InputErrors(viaLink.errors);
  const linkVs = viaLink?.ok ? viaLink.view.vs : null;
  const vs = args.compare ?? (linkVs === 'fix' ? 'fix' : null);
  if (vs === null && !linkVs && args.vsSets.length === 0) return null;
  let base: unknown = a;
  let label = 'the same scenario';
  let fix: LessonFix | null = null;
  if (vs === 'fix') {
    fix = lessonFix(a.id);
    if (!fix) fail(`--compare fix: scenario "${clip(a.id, ECHO_MAX)}" has no lesson with a fix (shipped scenarios with one: see scenarios/README.md)`);
    base = overridden(a, fix!.fix.map((o) => parseOverride(o)));
    label = `with the fix: ${fix!.fixHint ?? fix!.fix.join(', ')}`;
  } else if (vs !== null) {
    base = loadRaw(vs, io);
    label = clip(vs, ECHO_MAX);
  } else if (linkVs && linkVs !== 'fix') {
    base = linkVs;
    label = `the link's second scenario (${clip(linkVs.title, ECHO_MAX)})`;
  }
  if (args.vsSets.length > 0) label += `${label === 'the same scenario' ? ', ' : '; '}changed: ${args.vsSets.map((o) => `${o.path.join('.')}=${clip(JSON.stringify(o.value), 40)}`).join(', ')}`;
  const b = overridden(base, [...args.vsSets, { path: ['seed'], value: a.seed }], '--vs-set');
  return { b, label, fix: fix ?? (b.id === a.id ? lessonFix(a.id) : null) };
}

/** The shipped scenarios' folder (the repository's `scenarios/`). */
const SCENARIOS = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const SCENARIO_ID = /^[a-z0-9][a-z0-9-]*$/;

/** The ids of the shipped stories with a seed-scale variant (scenarios/seed-scale/<id>.json). */
export function seedScaleIds(): string[] {
  try {
    return readdirSync(`${SCENARIOS}seed-scale`)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/**
 * `--scale`: the shipped story that `source` names — a shipped id, or a file or link whose
 * scenario has that id — at the scale asked for: its seed-scale variant or the shipped scenario.
 */
function scaledRaw(source: string, scale: 'seed' | 'compressed', io: CliIo): unknown {
  const raw = SCENARIO_ID.test(source) && !looksLikeShare(source) ? { id: source } : loadRaw(source, io);
  const id = typeof raw === 'object' && raw !== null && 'id' in raw && typeof raw.id === 'string' ? raw.id : '';
  const seeds = seedScaleIds();
  if (!SCENARIO_ID.test(id)) return fail(`--scale ${scale}: the scenario has no shipped id (stories with a seed-scale variant: ${seeds.join(', ')})`);
  const file = (io.readFile ?? readScenarioFile)(scale === 'seed' ? `${SCENARIOS}seed-scale/${id}.json` : `${SCENARIOS}${id}.json`);
  if (!file.ok) {
    return fail(
      scale === 'seed'
        ? `--scale seed: "${clip(id, ECHO_MAX)}" has no seed-scale variant (stories with one: ${seeds.join(', ')}); its shipped scenario is already at its story's scale`
        : `--scale compressed: "${clip(id, ECHO_MAX)}" is not a shipped scenario`,
    );
  }
  return JSON.parse(file.text);
}

/** Reads, overrides and validates the scenario; throws InputErrors for anything wrong with the input. */
function loadScenario(args: Args, io: CliIo): Scenario {
  return overridden(args.scale ? scaledRaw(args.source, args.scale, io) : loadRaw(args.source, io), args.overrides);
}

/** The error lines for an input: at most MAX_ERRORS_SHOWN, each on one line and bounded. */
export function errorLines(errors: ScenarioError[]): string[] {
  const lines = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => `  ${clip(oneLine(formatError(e)), LINE_MAX)}`);
  const more = errors.length - MAX_ERRORS_SHOWN;
  if (more > 0) lines.push(`  … and ${more.toLocaleString('en-US')} more error${more === 1 ? '' : 's'}`);
  return lines;
}

/** `partition --partitions N key…`: Kafka's key → partition mapping. */
function partitionCommand(argv: string[], io: CliIo): number {
  let n: number | undefined;
  let json = false;
  const keys: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--partitions' || a === '-p') n = Number(argv[++i]);
    else if (a.startsWith('--partitions=')) n = Number(a.slice('--partitions='.length));
    else if (a === '--json') json = true;
    else if (a === '--') keys.push(...argv.slice(i + 1)), (i = argv.length);
    else keys.push(a);
  }
  if (n === undefined || !Number.isInteger(n) || n < 1 || n > 100_000) {
    io.stderr('error: --partitions must be an integer in [1, 100000]\n\nusage: npm run sim -- partition --partitions N <key> [<key> ...]\n');
    return 2;
  }
  if (keys.length === 0) {
    io.stderr('error: give at least one key\n');
    return 2;
  }
  const result: Record<string, number> = {};
  for (const k of keys) result[k] = partitionForKey(k, n);
  if (json) io.stdout(`${jsonText(JSON.stringify(result, null, 2))}\n`);
  else {
    const shown = keys.map(oneLine);
    const w = Math.max(...shown.map((k) => k.length), 3);
    io.stdout(`${'key'.padEnd(w)}   partition (of ${n})\n`);
    keys.forEach((k, i) => io.stdout(`${shown[i].padEnd(w)}   ${result[k]}\n`));
  }
  return 0;
}

function run(argv: string[], io: CliIo): number {
  if (argv[0] === 'partition') return partitionCommand(argv.slice(1), io);
  if (argv[0] === 'import') return importCommand(argv.slice(1), io, (path) => (io.readFile ?? readScenarioFile)(path));
  if (argv[0] === 'export-properties') {
    const source = argv.slice(1).find((x, i, all) => !x.startsWith('-') && all[i - 1] !== '--out') ?? '';
    try {
      return exportCommand(argv.slice(1), io, (src) => overridden(loadRaw(src, io), []));
    } catch (e) {
      if (!(e instanceof InputErrors)) throw e;
      io.stderr(`error: invalid scenario (${oneLine(clip(source, ECHO_MAX))}):\n${errorLines(e.errors).join('\n')}\n`);
      return 2;
    }
  }
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.stderr(`error: ${oneLine(e.message)}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  let s: Scenario;
  let vs: ReturnType<typeof loadCompare>;
  try {
    s = loadScenario(args, io);
    vs = loadCompare(args, s, io);
  } catch (e) {
    // Anything thrown while reading, overriding or validating input is about the input: exit 2.
    const errors = e instanceof InputErrors ? e.errors : [{ path: '', message: `cannot be read: ${(e as Error)?.message ?? String(e)}` }];
    io.stderr(`error: invalid scenario (${oneLine(clip(args.source, ECHO_MAX))}):\n${errorLines(errors).join('\n')}\n`);
    return 2;
  }
  if (args.trace !== null) return traceCommand(s, args.trace, args.json, io);
  const now = io.now ?? (() => performance.now());
  let ran;
  let ranB = null;
  try {
    ran = runScenarioWithLog(s, args.timing ? now : undefined);
    if (vs) ranB = runScenarioWithLog(vs.b, args.timing ? now : undefined);
  } catch (e) {
    // A run whose simulated time stops is the scenario's doing (exit 2); anything else is a bug (1).
    // Its text is the model's own (group ids, event names), not echoed input: bounded, kept whole.
    const { code, text } = describeRunError(e);
    io.stderr(`${clip(oneLine(text), 4 * LINE_MAX)}\n`);
    return code;
  }
  const { summary, log } = ran;
  if (vs && ranB) {
    const rows = compareRuns(s, summary, vs.b, ranB.summary);
    const story = vs.fix ? { compare: vs.fix.compare, costs: vs.fix.costs } : null;
    if (args.json) io.stdout(`${jsonText(JSON.stringify({ a: summary, b: ranB.summary, compare: rows, story }, null, 2))}\n`);
    else io.stdout(terminalText(formatCompare(rows, { a: `${oneLine(s.title)} (seed ${s.seed})`, b: oneLine(vs.label) }, story)));
    return 0;
  }
  if (args.json) io.stdout(`${jsonText(JSON.stringify(summary, null, 2))}\n`);
  // The title is the one free text the table shows: on one line, like every other input.
  else io.stdout(terminalText(modelFor(s).table({ ...s, title: oneLine(s.title) }, summary)));
  if (args.log && !args.json) {
    io.stdout(`\nevent log (${log.length} entries, repeats folded):\n`);
    for (const e of log) {
      const times = e.count > 1 ? `  ×${e.count} until ${e.last.toFixed(3)} s` : '';
      io.stdout(`${e.t.toFixed(3).padStart(10)} s  ${e.level.padEnd(5)} [${oneLine(e.source)}] ${oneLine(e.text)}${times}\n`);
    }
  }
  return 0;
}

/** `--trace`: replays the scenario to its end with the records the value names followed, and prints their timeline. */
function traceCommand(s: Scenario, text: string, json: boolean, io: CliIo): number {
  const support = modelFor(s).trace;
  if (!support) {
    const kinds = Object.values(MODELS).filter((e) => 'trace' in e && e.trace).map((e) => `"${e.kind}"`);
    io.stderr(`error: --trace follows the records of a log-broker scenario (model ${kinds.join(' or ')}); ${oneLine(clip(s.id, ECHO_MAX))} is a "${s.model}" scenario\n`);
    return 2;
  }
  const parsed = support.parse(text);
  const reply = parsed.ok ? support.run(s, parsed.request, s.duration) : parsed;
  if (!reply.ok) {
    io.stderr(`error: ${clip(oneLine(reply.error), 4 * LINE_MAX)}\n`);
    return 2;
  }
  if (json) io.stdout(`${jsonText(JSON.stringify({ scenario: s.id, seed: s.seed, ...reply.trace }, null, 2))}\n`);
  else io.stdout(terminalText(support.format({ ...s, title: oneLine(s.title) }, reply.trace)));
  return 0;
}

/** Runs the CLI on `argv` (without node and the script); returns the exit code. Never throws. */
export function main(argv: string[], io: CliIo = processIo): number {
  try {
    return run(argv, io);
  } catch (e) {
    // A bug, not bad input: say so in one bounded line (the message may quote input), no stack.
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    io.stderr(`internal error: ${clip(oneLine(message), LINE_MAX)}\n`);
    return 1;
  }
}
