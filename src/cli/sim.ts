/**
 * `npm run sim -- <scenario file | share URL> [--seed N] [--duration S] [--set path=value ...]
 *                [--json] [--no-timing] [--log]`
 *
 * Runs a scenario headless and prints a summary table (or, with --json, one JSON object).
 * Exit codes: 0 ok, 2 invalid input (messages on stderr, no stack trace), 1 internal error.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { validateScenario, formatError, type ScenarioError } from '../scenario/validate.ts';
import { decodeShare, looksLikeShare } from '../scenario/share.ts';
import { applyOverride, parseOverride, type Override } from '../scenario/set-path.ts';
import { runScenarioWithLog } from '../run/run.ts';
import { modelFor } from '../run/registry.ts';
import { partitionForKey } from '../sim/model/kafka/murmur2.ts';

const USAGE = `usage: npm run sim -- <scenario.json | share URL> [options]
       npm run sim -- partition --partitions N [--json] <key> [<key> ...]

options:
  --seed N            root seed (integer 0 … 4294967295); overrides the scenario's seed
  --duration S        simulated seconds to run; overrides the scenario's duration
  --set path=value    override any field, e.g. --set arrival.rate=0.95 (repeatable; value is JSON or text)
  --json              print one JSON object instead of the table
  --no-timing         leave out wallMs (the only field that differs between identical runs)
  --log               also print the event log (client and broker lines, repeats folded)
  -h, --help          this text

partition: prints the partition Kafka's default partitioner picks for each key:
  toPositive(murmur2(utf8(key))) % N, byte-for-byte the Java client's.`;

class UsageError extends Error {}

interface Args {
  source: string;
  overrides: Override[];
  json: boolean;
  log: boolean;
  timing: boolean;
}

function parseArgs(argv: string[]): Args | 'help' {
  let source: string | undefined;
  const overrides: Override[] = [];
  let json = false;
  let timing = true;
  let log = false;
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
    else if (a === '--set') {
      try {
        overrides.push(parseOverride(value()));
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${a}`);
    else if (source === undefined) source = a;
    else throw new UsageError(`unexpected argument "${a}" (one scenario at a time)`);
  }
  if (source === undefined) throw new UsageError('no scenario given');
  return { source, overrides, json, timing, log };
}

function loadRaw(source: string): { raw?: unknown; errors?: ScenarioError[] } {
  if (looksLikeShare(source)) {
    const r = decodeShare(source);
    return r.ok ? { raw: r.scenario } : { errors: r.errors };
  }
  let text: string;
  try {
    text = readFileSync(source, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { errors: [{ path: '', message: code === 'ENOENT' ? `file not found: ${source}` : `cannot read ${source} (${code})` }] };
  }
  try {
    return { raw: JSON.parse(text) };
  } catch (e) {
    return { errors: [{ path: '', message: `${source} is not valid JSON: ${(e as Error).message}` }] };
  }
}

/** `partition --partitions N key…`: Kafka's key → partition mapping. */
function partitionCommand(argv: string[]): number {
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
    process.stderr.write('error: --partitions must be an integer in [1, 100000]\n\nusage: npm run sim -- partition --partitions N <key> [<key> ...]\n');
    return 2;
  }
  if (keys.length === 0) {
    process.stderr.write('error: give at least one key\n');
    return 2;
  }
  const result: Record<string, number> = {};
  for (const k of keys) result[k] = partitionForKey(k, n);
  if (json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    const w = Math.max(...keys.map((k) => k.length), 3);
    process.stdout.write(`${'key'.padEnd(w)}   partition (of ${n})\n`);
    for (const k of keys) process.stdout.write(`${k.padEnd(w)}   ${result[k]}\n`);
  }
  return 0;
}

function main(argv: string[]): number {
  if (argv[0] === 'partition') return partitionCommand(argv.slice(1));
  let args: Args | 'help';
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`error: ${e.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const loaded = loadRaw(args.source);
  let raw = loaded.raw;
  if (loaded.errors === undefined) for (const o of args.overrides) raw = applyOverride(raw, o);
  const result = loaded.errors ? ({ ok: false, errors: loaded.errors } as const) : validateScenario(raw);
  if (!result.ok) {
    process.stderr.write(`error: invalid scenario (${args.source}):\n${result.errors.map((e) => `  ${formatError(e)}`).join('\n')}\n`);
    return 2;
  }
  const { summary, log } = runScenarioWithLog(result.scenario, args.timing ? () => performance.now() : undefined);
  const s = result.scenario;
  if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else process.stdout.write(modelFor(s).table(s, summary));
  if (args.log && !args.json) {
    process.stdout.write(`\nevent log (${log.length} entries, repeats folded):\n`);
    for (const e of log) {
      const times = e.count > 1 ? `  ×${e.count} until ${e.last.toFixed(3)} s` : '';
      process.stdout.write(`${e.t.toFixed(3).padStart(10)} s  ${e.level.padEnd(5)} [${e.source}] ${e.text}${times}\n`);
    }
  }
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`internal error: ${(e as Error).message}\n`);
  process.exitCode = 1;
}
