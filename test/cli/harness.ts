/** Runs the CLI in-process (src/cli/main.ts) with captured output, and the checks every outcome must pass. */
import { main, scenarioText, type CliIo, type ReadResult } from '../../src/cli/main.ts';

export interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * `files` maps a path to the text the CLI reads there instead of the disk (as UTF-8 bytes, through
 * the same size limit and decoding as a real file); `written` collects what it writes.
 */
export function runCli(argv: string[], files?: Record<string, string>, written?: Record<string, string>): Outcome {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    now: () => 0,
    // Files the CLI writes (--out) land in `written` instead of the disk.
    ...(written ? { writeFile: (path: string, text: string) => void (written[path] = text) } : {}),
  };
  if (files) {
    io.readFile = (path): ReadResult => (Object.hasOwn(files, path) ? scenarioText(Buffer.from(files[path], 'utf8')) : { ok: false, message: 'file not found' });
  }
  const t0 = performance.now();
  const code = main(argv, io);
  return { code, stdout, stderr, ms: performance.now() - t0 };
}

/** C0 except newline, DEL, C1, line separators, bidi controls: what a terminal must never get raw. */
export const CONTROL_CHARS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** A line of a JavaScript stack trace: `    at fn (file:line:col)` or `    at file:line:col`. */
export const STACK_LINE = /^\s+at .*:\d+:\d+\)?$/m;
/** Most an input error may print: 20 lines of at most ~300 characters, a header and the usage text. */
export const MAX_STDERR = 10_000;

/** Problems with an outcome, empty when it is a clean exit 0 or 2 (never 1, a stack or a control character). */
export function outcomeProblems(r: Outcome): string[] {
  const p: string[] = [];
  if (r.code !== 0 && r.code !== 2) p.push(`exit ${r.code}: ${r.stderr.slice(0, 300)}`);
  if (r.code === 2 && !r.stderr.startsWith('error: ')) p.push(`exit 2 without "error: ": ${r.stderr.slice(0, 200)}`);
  if (r.code === 2 && r.stdout !== '') p.push('exit 2 with output on stdout');
  if (r.code === 0 && r.stderr !== '') p.push(`exit 0 with stderr: ${r.stderr.slice(0, 200)}`);
  if (r.stderr.length > MAX_STDERR) p.push(`stderr is ${r.stderr.length} characters`);
  if (r.stdout.length > 200_000) p.push(`stdout is ${r.stdout.length} characters`);
  for (const [name, text] of [['stdout', r.stdout], ['stderr', r.stderr]] as const) {
    const m = CONTROL_CHARS.exec(text);
    if (m) p.push(`${name} has control character U+${m[0].charCodeAt(0).toString(16).padStart(4, '0')} near ${JSON.stringify(text.slice(Math.max(0, m.index - 40), m.index + 10))}`);
  }
  if (STACK_LINE.test(r.stderr)) p.push(`stack trace on stderr: ${r.stderr.slice(0, 300)}`);
  return p;
}
