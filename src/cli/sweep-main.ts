/**
 * `npm run sweep`: a sweep with replications from the command line (src/run/sweep.ts does the
 * work; src/cli/sweep.ts is only the process entry), sharded for many processes or machines and merged back, byte-identical to one process.
 *
 * Exit codes as `npm run sim`: 0 ok, 2 invalid input (named, bounded, no stack trace), 1 a bug.
 */
import { parseOverride, clip, type Override } from '../scenario/set-path.ts';
import type { Scenario } from '../scenario/schema.ts';
import { describeRunError } from '../run/run.ts';
import { aggregate, coverageError, headerOf, runItem, shardItems, specError, sweepCsv, sweepScenario, type SweepHeader, type SweepRun, type SweepSpec } from '../run/sweep.ts';
import { errorLines, InputErrors, loadRaw, overridden, processIo, readScenarioFile, type CliIo } from './main.ts';
import { jsonText, oneLine, terminalText } from './terminal.ts';

export const SWEEP_USAGE = `usage: npm run sweep -- <scenario.json | share URL> --param path=from:to:steps [options]
       npm run sweep -- merge <shard.json> [<shard.json> ...] [--json | --csv]

Runs the scenario at each of <steps> values of one setting, evenly spaced from <from> to <to>,
<R> times per value (replication r on seed + r, the same seeds at every value), and prints each
value's mean and 95 % confidence interval of every headline metric.

options:
  --param path=from:to:steps  the setting to vary, e.g. arrival.rate=0.5:0.95:10 (required, once)
  --reps R            replications per value (1 … 1000; default 5)
  --seed N            seed of replication 0; overrides the scenario's seed
  --set path=value    change the scenario before sweeping (repeatable)
  --metrics a,b       the metrics the table shows (default: the model's first four); --json and
                      --csv always hold all of them
  --json | --csv      print JSON or CSV instead of the table
  --shard i/n         run only this process's share, for i = 0 … n−1 (work item k runs in shard
                      k mod n) and print it as JSON for \`merge\`
  -h, --help          this text

merge: combines the shards of one sweep (every shard exactly once) into the result one process
prints: the same bytes.`;

class UsageError extends Error {}

interface SweepArgs {
  source: string;
  spec: SweepSpec;
  overrides: Override[];
  shard: { i: number; n: number } | null;
  format: 'table' | 'json' | 'csv';
  metrics: string[] | null;
}

const ECHO_MAX = 100;

function parseParam(text: string): Omit<SweepSpec, 'reps'> {
  const eq = text.indexOf('=');
  const m = /^(-?[\d.e+-]+):(-?[\d.e+-]+):(\d+)$/i.exec(text.slice(eq + 1).trim());
  if (eq <= 0 || !m) throw new UsageError(`--param must look like path=from:to:steps, e.g. arrival.rate=0.5:0.95:10 (got "${clip(text, ECHO_MAX)}")`);
  return { param: text.slice(0, eq).trim(), from: Number(m[1]), to: Number(m[2]), steps: Number(m[3]) };
}

function parseArgs(argv: string[]): SweepArgs | 'help' {
  let source: string | undefined;
  let param: Omit<SweepSpec, 'reps'> | undefined;
  let reps = 5;
  let shard: SweepArgs['shard'] = null;
  let format: SweepArgs['format'] = 'table';
  let metrics: string[] | null = null;
  const overrides: Override[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${a} needs a value`);
      return next;
    };
    if (a === '-h' || a === '--help') return 'help';
    else if (a === '--json' || a === '--csv') {
      const f = a === '--json' ? 'json' : 'csv';
      if (format !== 'table' && format !== f) throw new UsageError('give --json or --csv, not both');
      format = f;
    } else if (a === '--param') {
      if (param) throw new UsageError('--param given twice (one setting per sweep)');
      param = parseParam(value());
    } else if (a === '--reps') {
      const t = value();
      reps = /^\d+$/.test(t) ? Number(t) : NaN;
      if (!Number.isInteger(reps)) throw new UsageError(`--reps must be an integer in [1, 1000] (got "${clip(t, ECHO_MAX)}")`);
    } else if (a === '--seed') {
      const t = value();
      const n = Number(t);
      overrides.push({ path: ['seed'], value: t.trim() === '' || Number.isNaN(n) ? t : n });
    } else if (a === '--set') {
      try {
        overrides.push(parseOverride(value()));
      } catch (e) {
        throw new UsageError((e as Error).message);
      }
    } else if (a === '--metrics') metrics = value().split(',').map((x) => x.trim()).filter((x) => x !== '');
    else if (a === '--shard') {
      const t = value();
      const m = /^(\d{1,6})\/(\d{1,6})$/.exec(t);
      const sh = m ? { i: Number(m[1]), n: Number(m[2]) } : null;
      if (!sh || sh.n < 1 || sh.i >= sh.n) throw new UsageError(`--shard must be i/n with 0 ≤ i < n ≤ 999999, e.g. 0/4 (got "${clip(t, ECHO_MAX)}")`);
      shard = sh;
    } else if (a.startsWith('-')) throw new UsageError(`unknown option ${clip(a, ECHO_MAX)}`);
    else if (source === undefined) source = a;
    else throw new UsageError(`unexpected argument "${clip(a, ECHO_MAX)}" (one scenario at a time)`);
  }
  if (source === undefined) throw new UsageError('no scenario given');
  if (!param) throw new UsageError('no --param given: which setting to vary, e.g. --param arrival.rate=0.5:0.95:10');
  if (shard && format === 'csv') throw new UsageError('--shard prints JSON for merge; --csv is for the merged result');
  const spec = { ...param, reps };
  const bad = specError(spec);
  if (bad) throw new UsageError(bad);
  return { source, spec, overrides, shard, format, metrics };
}

/** The path of a `--param` as an override's path. */
function paramPath(param: string): string[] {
  try {
    return parseOverride(`${param}=0`).path;
  } catch (e) {
    throw new UsageError(`--param: ${(e as Error).message}`);
  }
}

function output(io: CliIo, header: SweepHeader, runs: SweepRun[], format: SweepArgs['format'], metrics: string[] | null): void {
  const result = aggregate(header, runs);
  if (format === 'json') io.stdout(`${jsonText(JSON.stringify(result, null, 2))}\n`);
  else if (format === 'csv') io.stdout(jsonText(sweepCsv(result)));
  else io.stdout(terminalText(sweepTable(result, metrics)));
}

function sweepTable(result: ReturnType<typeof aggregate>, chosen: string[] | null): string {
  const h = result.sweep;
  const ms = chosen ? chosen.map((id) => h.metrics.find((m) => m.id === id)!) : h.metrics.slice(0, 4);
  const fmt = (x: number | null) => (x === null ? '—' : Math.abs(x) >= 1000 ? Math.round(x).toLocaleString('en-US') : String(+x.toPrecision(4)));
  const head = [h.param, ...ms.map((m) => `${m.label}${m.unit === 's' ? ' (s)' : m.unit === 'per-s' ? ' (/s)' : ''}`)];
  const body = result.points.map((p) => [fmt(p.value), ...ms.map((m) => {
    const v = p.metrics[m.id];
    return v.mean === null ? '—' : v.hw === null ? fmt(v.mean) : `${fmt(v.mean)} ± ${fmt(v.hw)}`;
  })]);
  const widths = head.map((c, j) => Math.max(c.length, ...body.map((r) => r[j].length)));
  const line = (r: string[]) => r.map((c, j) => (j === 0 ? c.padStart(widths[j]) : c.padStart(widths[j]))).join('   ');
  return [
    `QueueLab sweep · ${oneLine(h.title)} (${h.scenario}) · ${h.param} over ${h.values.length} values · ${h.reps} replications each (seeds ${h.seed} … ${h.seed + h.reps - 1}) · mean ± 95 % CI`,
    '',
    line(head),
    widths.map((w) => '─'.repeat(w)).join('   '),
    ...body.map(line),
    '',
  ].join('\n');
}

function sweep(args: SweepArgs, io: CliIo): number {
  let base: Scenario;
  paramPath(args.spec.param);
  const scenarioAt = (value: number, seed: number) => {
    const r = sweepScenario(base, args.spec.param, value, seed);
    if (!r.ok) throw new InputErrors(r.errors);
    return r.scenario;
  };
  let header: SweepHeader;
  try {
    base = overridden(loadRaw(args.source, io), args.overrides);
    header = headerOf(base, args.spec);
    // Every value is checked before anything runs: a bad range is refused whole, naming the value.
    for (const v of header.values) scenarioAt(v, base.seed);
    if (args.metrics) {
      const unknown = args.metrics.filter((m) => !header.metrics.some((d) => d.id === m));
      if (unknown.length) throw new InputErrors([{ path: '--metrics', message: `${unknown.map((u) => `"${clip(u, 40)}"`).join(', ')}: not a metric of this model; it has ${header.metrics.map((d) => d.id).join(', ')}` }]);
    }
  } catch (e) {
    if (!(e instanceof InputErrors)) throw e;
    io.stderr(`error: invalid sweep (${oneLine(clip(args.source, ECHO_MAX))}):\n${errorLines(e.errors).join('\n')}\n`);
    return 2;
  }
  const items = shardItems(header.values.length * header.reps, args.shard);
  const runs: SweepRun[] = [];
  for (const k of items) {
    try {
      runs.push(runItem(header, k, scenarioAt));
    } catch (e) {
      const { code, text } = describeRunError(e);
      const point = header.values[Math.floor(k / header.reps)];
      io.stderr(`${args.spec.param} = ${point}, replication ${k % header.reps}: ${clip(oneLine(text), 1200)}\n`);
      return code;
    }
  }
  if (args.shard) {
    io.stdout(`${jsonText(JSON.stringify({ shard: args.shard, sweep: header, runs }, null, 2))}\n`);
    return 0;
  }
  output(io, header, runs, args.format, args.metrics);
  return 0;
}

function merge(argv: string[], io: CliIo): number {
  let format: SweepArgs['format'] = 'json';
  const files: string[] = [];
  for (const a of argv) {
    if (a === '--json') format = 'json';
    else if (a === '--csv') format = 'csv';
    else if (a.startsWith('-')) throw new UsageError(`unknown option for merge: ${clip(a, ECHO_MAX)}`);
    else files.push(a);
  }
  if (files.length === 0) throw new UsageError('merge: give the shard files');
  let header: SweepHeader | null = null;
  let headerText = '';
  const runs: SweepRun[] = [];
  const bad = (file: string, why: string): number => {
    io.stderr(`error: cannot merge ${oneLine(clip(file, ECHO_MAX))}: ${why}\n`);
    return 2;
  };
  for (const f of files) {
    const read = (io.readFile ?? readScenarioFile)(f);
    if (!read.ok) return bad(f, read.message);
    let shard: { shard?: unknown; sweep?: SweepHeader; runs?: SweepRun[] };
    try {
      shard = JSON.parse(read.text);
    } catch (e) {
      return bad(f, `not JSON (${clip((e as Error).message, 200)})`);
    }
    if (typeof shard !== 'object' || shard === null || !shard.sweep || !Array.isArray(shard.runs) || !shard.shard) return bad(f, 'not a shard of `npm run sweep -- … --shard i/n`');
    const text = JSON.stringify(shard.sweep);
    if (header === null) {
      header = shard.sweep;
      headerText = text;
    } else if (text !== headerText) return bad(f, 'it belongs to another sweep (scenario, setting, values, replications or model version differ)');
    runs.push(...shard.runs);
  }
  const missing = coverageError(header!, runs);
  if (missing) {
    io.stderr(`error: cannot merge: ${missing}\n`);
    return 2;
  }
  output(io, header!, runs, format, null);
  return 0;
}

/** Runs `npm run sweep` on `argv`; returns the exit code. Never throws. */
export function sweepMain(argv: string[], io: CliIo = processIo): number {
  try {
    if (argv[0] === 'merge') return merge(argv.slice(1), io);
    const args = parseArgs(argv);
    if (args === 'help') {
      io.stdout(`${SWEEP_USAGE}\n`);
      return 0;
    }
    return sweep(args, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.stderr(`error: ${oneLine(e.message)}\n\n${SWEEP_USAGE}\n`);
      return 2;
    }
    const message = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    io.stderr(`internal error: ${clip(oneLine(message), 300)}\n`);
    return 1;
  }
}
