/**
 * `npm run tables`: runs every shipped scenario with its shipped seed and rewrites the generated
 * block of scenarios/README.md ("Shipped scenarios") from the runs (see ./shipped-tables.ts).
 * A test fails when the committed README is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { README, shippedBlock, shippedRuns, withBlock } from './shipped-tables.ts';

const t0 = performance.now();
const runs = shippedRuns();
const before = readFileSync(README, 'utf8');
const after = withBlock(before, shippedBlock(runs));
if (after !== before) writeFileSync(README, after);
const seconds = ((performance.now() - t0) / 1000).toFixed(1);
process.stdout.write(`${after === before ? 'up to date' : 'wrote'}: ${README} (${runs.length} scenarios run in ${seconds} s)\n`);
