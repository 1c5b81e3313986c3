/**
 * Fuzzing the CLI with malformed input (issue 10): thousands of generated scenario files, `--set`
 * arguments, share links and argument lists, run in-process through the same `main` the CLI uses,
 * and a small sample through the real process. Every outcome must be exit 2 with a bounded message
 * (or exit 0 for the few inputs that happen to be valid, run for a few simulated seconds), with
 * no control character, no stack trace, and quickly.
 *
 * Fixed seeds: a failure reproduces exactly; fast-check prints the seed and the shrunk input.
 */
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { outcomeProblems, runCli, type Outcome } from './harness.ts';
import { argvCase, fileCase, linkCase, setArg, setCase, type FuzzCase } from './fuzz-inputs.ts';

const SEED = 20_260_410;
/** Cases per property; FUZZ_SCALE=10 runs ten times as many (same seeds, so a superset). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS = { files: Math.round(1500 * SCALE), sets: Math.round(1200 * SCALE), links: Math.round(800 * SCALE), argv: Math.round(500 * SCALE) };
/** Slowest a single in-process case may be. */
const CASE_MS = 3000;
const TIMEOUT = 60_000 * Math.max(1, SCALE);

function check(r: Outcome, what: string): void {
  const problems = outcomeProblems(r);
  if (r.ms > CASE_MS) problems.push(`took ${Math.round(r.ms)} ms`);
  if (problems.length > 0) throw new Error(`${what}\n${problems.join('\n')}`);
}

const tally = { cases: 0, exit0: 0, exit2: 0, slowestMs: 0 };
function count(r: Outcome): void {
  tally.cases++;
  if (r.code === 0) tally.exit0++;
  if (r.code === 2) tally.exit2++;
  tally.slowestMs = Math.max(tally.slowestMs, r.ms);
}


function property(name: string, arb: fc.Arbitrary<FuzzCase>, seed: number, numRuns: number): void {
  it(
    name,
    () => {
      fc.assert(
        fc.property(arb, (c) => {
          const r = runCli(c.argv, c.files);
          count(r);
          check(r, JSON.stringify(c.argv).slice(0, 400));
        }),
        { seed, numRuns },
      );
    },
    TIMEOUT,
  );
}

describe('fuzzing the CLI in-process', () => {
  property('structurally mutated shipped scenarios exit 2 (or run cleanly), bounded, without control characters or stack traces', fileCase, SEED, RUNS.files);
  property('--set arguments with odd paths, indices and values exit 2 (or run cleanly)', setCase, SEED + 1, RUNS.sets);
  property('truncated, tampered and garbage share links exit 2 (or run cleanly)', linkCase, SEED + 2, RUNS.links);
  property('arbitrary argument lists exit 2 (or 0 for help and partition), never 1', argvCase, SEED + 3, RUNS.argv);

  it('valid inputs were a minority, so the suite exercised the error paths', () => {
    expect(tally.cases).toBe(RUNS.files + RUNS.sets + RUNS.links + RUNS.argv);
    expect(tally.exit0 + tally.exit2).toBe(tally.cases);
    expect(tally.exit2).toBeGreaterThan(tally.cases * 0.6);
    console.log(`fuzz: ${tally.cases} cases, ${tally.exit2} exit 2, ${tally.exit0} exit 0, slowest ${Math.round(tally.slowestMs)} ms`);
  });
});

describe('fuzzing the real CLI process (a sample)', () => {
  it(
    'exits 2 (or 0) with a clean message for 20 generated malformed inputs',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'queuelab-fuzz-'));
      try {
        const cases = fc.sample(fc.tuple(fileCase, fc.array(setArg, { maxLength: 2 })), { seed: SEED + 4, numRuns: 20 });
        const argvs = cases.map(([c, sets], i) => {
          const path = join(dir, `case-${i}.json`);
          writeFileSync(path, Object.values(c.files!)[0]);
          return [path, ...c.argv.slice(1), ...sets.flatMap((s) => ['--set', s])];
        });
        // Two at a time: the machine has two cores, and each process starts tsx.
        const outcomes: Outcome[] = [];
        for (let i = 0; i < argvs.length; i += 2) outcomes.push(...(await Promise.all(argvs.slice(i, i + 2).map(spawnCli))));
        outcomes.forEach((r, i) => expect(outcomeProblems(r), JSON.stringify(argvs[i]).slice(0, 300)).toEqual([]));
        // The process exits with what main returned: mostly 2 here (a mutation can leave a valid scenario).
        expect(outcomes.filter((r) => r.code === 2).length).toBeGreaterThanOrEqual(15);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    TIMEOUT,
  );
});

function spawnCli(argv: string[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/sim.ts', ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr, ms: performance.now() - t0 });
    });
  });
}
