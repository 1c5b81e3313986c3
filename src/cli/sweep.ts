/**
 * `npm run sweep -- <scenario file | share URL> --param path=from:to:steps [--reps R] …` and
 * `npm run sweep -- merge <shard.json> …`: the process entry of the sweep CLI (./sweep-main.ts).
 */
import { sweepMain } from './sweep-main.ts';

process.exitCode = sweepMain(process.argv.slice(2));
