/**
 * `npm run sim -- <scenario file | share URL> [--seed N] [--duration S] [--set path=value ...]
 *                [--json] [--no-timing] [--log]`
 *
 * Runs a scenario headless and prints a summary table (or, with --json, one JSON object).
 * Exit codes: 0 ok, 2 invalid input (messages on stderr, no stack trace), 1 internal error.
 * The CLI itself is `main` in ./main.ts; this file is only the process entry.
 */
import { main } from './main.ts';

process.exitCode = main(process.argv.slice(2));
