/**
 * `npm run sim -- import <file> [--format F] [--model M] [--queue NAME] [--out scenario.json] [--skip-rejected]`:
 * turns a Kafka client .properties file, kafka-topics.sh / kafka-consumer-groups.sh --describe
 * output, a RabbitMQ definitions export or SQS queue attributes into a scenario (src/import), prints
 * its JSON (or writes it to --out) and the report of applied / not modelled / rejected keys on
 * stderr. A rejected key exits 2 unless --skip-rejected (which leaves it at QueueLab's value).
 *
 * `npm run sim -- export-properties <scenario | link> [--out file]`: the scenario's Kafka client
 * settings as a .properties snippet, which imports back to the same values.
 */
import { writeFileSync } from 'node:fs';
import { clip } from '../scenario/set-path.ts';
import { exportProperties, FORMAT_INFO, FORMATS, formatNamed, importConfig, say, TARGETS, type ImportResult, type Target } from '../import/index.ts';
import { reportText } from '../import/report.ts';
import { jsonText, oneLine, terminalText } from './terminal.ts';
import type { CliIo } from './main.ts';

export const IMPORT_USAGE = `usage: npm run sim -- import <file> [--format F] [--model M] [--queue NAME] [--out scenario.json] [--skip-rejected]
       npm run sim -- export-properties <scenario.json | share URL> [--out file.properties]

import: a configuration you already have as a QueueLab scenario (JSON on stdout, or in --out);
the report on stderr lists every key as applied (the field it set), not modelled (why) or
rejected (what is allowed). Exit 2 for input that cannot be read, or with a rejected key.
  --format F        ${FORMATS.join(' | ')} (detected when left out)
                    properties: a Kafka client .properties file (consumer and producer settings)
                    kafka-describe: kafka-topics.sh --describe and/or kafka-consumer-groups.sh --describe output
                    rabbitmq: a RabbitMQ definitions export (JSON); sqs: aws sqs get-queue-attributes output (JSON)
  --model M         kafka (the log model) or cluster, for the Kafka formats (chosen from the input when left out)
  --queue NAME      RabbitMQ: the queue to model (else the first that dead-letters and no queue dead-letters into)
  --out FILE        write the scenario there instead of stdout
  --skip-rejected   import without the rejected keys (QueueLab's values instead) and exit 0

export-properties: the scenario's Kafka client settings (log model: its first group and producer;
cluster model: its first producer and consumer) with Kafka's config names.`;

const ECHO_MAX = 100;

class UsageError extends Error {}

const usage = (io: CliIo, message: string): number => {
  io.stderr(`error: ${oneLine(message)}\n\n${IMPORT_USAGE}\n`);
  return 2;
};

/** Writes `text` to `path` (io.writeFile when given); an error message, or null. */
function write(io: CliIo, path: string, text: string): string | null {
  try {
    if (io.writeFile) io.writeFile(path, text);
    else writeFileSync(path, text);
    return null;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return `cannot write ${clip(path, ECHO_MAX)} (${code ?? (e as Error).message})`;
  }
}

interface ImportArgs {
  file: string;
  format?: string;
  model?: string;
  queue?: string;
  out?: string;
  skipRejected: boolean;
}

function parseImportArgs(argv: string[]): ImportArgs | 'help' {
  const a: Partial<ImportArgs> & { skipRejected: boolean } = { skipRejected: false };
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${x} needs a value`);
      return next;
    };
    if (x === '-h' || x === '--help') return 'help';
    else if (x === '--format') a.format = value();
    else if (x === '--model') a.model = value();
    else if (x === '--queue') a.queue = value();
    else if (x === '--out') a.out = value();
    else if (x === '--skip-rejected') a.skipRejected = true;
    else if (x.startsWith('-') && x !== '-') throw new UsageError(`unknown option ${clip(x, ECHO_MAX)}`);
    else if (a.file === undefined) a.file = x;
    else throw new UsageError(`unexpected argument "${clip(x, ECHO_MAX)}" (one file at a time)`);
  }
  if (a.file === undefined) throw new UsageError('no file given');
  return a as ImportArgs;
}

/** The result with every key, value and message on one line, its controls escaped (input reaches the terminal). */
function safe(r: ImportResult & { ok: true }): ImportResult & { ok: true } {
  const s = (t: string) => oneLine(t);
  return {
    ...r,
    applied: r.applied.map((x) => ({ ...x, key: s(x.key), value: s(x.value), field: s(x.field) })),
    skipped: r.skipped.map((x) => ({ ...x, key: s(x.key), value: s(x.value) })),
    rejected: r.rejected.map((x) => ({ ...x, key: s(x.key), value: s(x.value), field: s(x.field), message: s(x.message) })),
    scenario: { ...r.scenario, title: s(r.scenario.title) },
  };
}

export function importCommand(argv: string[], io: CliIo, read: (path: string) => { ok: true; text: string } | { ok: false; message: string }): number {
  let args: ImportArgs | 'help';
  try {
    args = parseImportArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return usage(io, e.message);
    throw e;
  }
  if (args === 'help') {
    io.stdout(`${IMPORT_USAGE}\n`);
    return 0;
  }
  const format = args.format === undefined ? undefined : formatNamed(args.format);
  if (format === null) return usage(io, `--format must be one of: ${FORMATS.join(', ')} (got "${clip(args.format!, ECHO_MAX)}")`);
  if (args.model !== undefined && !(TARGETS as readonly string[]).includes(args.model)) return usage(io, `--model must be one of: ${TARGETS.join(', ')} (got "${clip(args.model, ECHO_MAX)}")`);
  const name = oneLine(clip(args.file, ECHO_MAX));
  const file = read(args.file);
  if (!file.ok) {
    io.stderr(`error: ${file.message === 'file not found' ? `file not found: ${name}` : `${name} ${file.message}`}\n`);
    return 2;
  }
  const r = importConfig(file.text, { format, model: args.model as Target | undefined, queue: args.queue });
  if (!r.ok) {
    const what = r.format ? ` as ${FORMAT_INFO[r.format].name}` : '';
    io.stderr(`error: cannot import ${name}${what}: ${oneLine(say(r.error))}\n`);
    return 2;
  }
  const report = terminalText(reportText(safe(r), { detected: format === undefined }));
  if (r.rejected.length > 0 && !args.skipRejected) {
    const n = r.rejected.length;
    io.stderr(`error: ${name}: ${n} key${n === 1 ? '' : 's'} rejected (listed below with what is allowed); fix ${n === 1 ? 'it' : 'them'}, or import without ${n === 1 ? 'it' : 'them'} with --skip-rejected\n\n${report}`);
    return 2;
  }
  const json = `${jsonText(JSON.stringify(r.scenario, null, 2))}\n`;
  if (args.out !== undefined) {
    const err = write(io, args.out, json);
    if (err) {
      io.stderr(`error: ${oneLine(err)}\n`);
      return 2;
    }
    io.stderr(`${report}\nwrote ${oneLine(clip(args.out, ECHO_MAX))}\n`);
  } else {
    io.stdout(json);
    io.stderr(report);
  }
  return 0;
}

export function exportCommand(argv: string[], io: CliIo, load: (source: string) => import('../scenario/index.ts').Scenario): number {
  let source: string | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const x = argv[i];
    if (x === '-h' || x === '--help') {
      io.stdout(`${IMPORT_USAGE}\n`);
      return 0;
    }
    if (x === '--out') {
      out = argv[++i];
      if (out === undefined) return usage(io, '--out needs a value');
    } else if (x.startsWith('-')) return usage(io, `unknown option ${clip(x, ECHO_MAX)}`);
    else if (source === undefined) source = x;
    else return usage(io, `unexpected argument "${clip(x, ECHO_MAX)}" (one scenario at a time)`);
  }
  if (source === undefined) return usage(io, 'no scenario given');
  const s = load(source);
  const text = exportProperties(s);
  if (text === null) {
    io.stderr(`error: ${oneLine(clip(source, ECHO_MAX))}: a ${s.model} scenario has no Kafka clients; export-properties writes the settings of a log-model (kafka) or cluster scenario\n`);
    return 2;
  }
  if (out !== undefined) {
    const err = write(io, out, text);
    if (err) {
      io.stderr(`error: ${oneLine(err)}\n`);
      return 2;
    }
    return 0;
  }
  io.stdout(terminalText(text));
  return 0;
}
