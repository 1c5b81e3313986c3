/**
 * `npm run sweep`: replications with confidence intervals that cover the closed form, shards that
 * merge to the bytes one process prints, and clean exit-2 refusals of every bad input.
 */
import { describe, expect, it } from 'vitest';
import { sweepMain } from '../../src/cli/sweep-main.ts';
import { scenarioText, type CliIo } from '../../src/cli/main.ts';
import { outcomeProblems, type Outcome } from './harness.ts';
import { aggregate, aggregatePoint, headerOf, runItem, sweepScenario, sweepValues } from '../../src/run/sweep.ts';
import { validateScenario } from '../../src/scenario/validate.ts';

/** Runs the sweep CLI in-process; `files` stands in for the disk (shards written by earlier calls). */
function sweep(argv: string[], files: Record<string, string> = {}): Outcome {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
    readFile: (path) => (Object.hasOwn(files, path) ? scenarioText(Buffer.from(files[path], 'utf8')) : { ok: false, message: 'file not found' }),
  };
  const t0 = performance.now();
  const code = sweepMain(argv, io);
  return { code, stdout, stderr, ms: performance.now() - t0 };
}

const MM1 = 'scenarios/mm1.json';
const mm1 = (await import('node:fs')).readFileSync(MM1, 'utf8');
/** M/M/1 (μ = 1) for 20,000 s after a 2,000 s warm-up: short enough for a test, long enough for W. */
const SHORT = ['--set', 'duration=20000', '--set', 'warmup=2000'];
const PARAM = ['--param', 'arrival.rate=0.3:0.7:3'];

describe('npm run sweep', () => {
  it('spaces the values evenly and ends exactly at to', () => {
    expect(sweepValues({ from: 0.5, to: 0.95, steps: 10 })).toHaveLength(10);
    expect(sweepValues({ from: 0.5, to: 0.95, steps: 10 }).at(-1)).toBe(0.95);
    expect(sweepValues({ from: 0.1, to: 0.3, steps: 3 })).toEqual([0.1, 0.2, 0.3]);
    expect(sweepValues({ from: 4, to: 4, steps: 1 })).toEqual([4]);
  });

  it('the page’s pieces: a point aggregated alone is the whole sweep’s, and a run’s scenario names the value it refuses', () => {
    const v = validateScenario({ ...JSON.parse(mm1), duration: 2000, warmup: 200 });
    if (!v.ok) throw new Error('mm1 should validate');
    const header = headerOf(v.scenario, { param: 'arrival.rate', from: 0.4, to: 0.6, steps: 2, reps: 3 });
    const at = (value: number, seed: number) => {
      const r = sweepScenario(v.scenario, 'arrival.rate', value, seed);
      if (!r.ok) throw new Error('valid');
      return r.scenario;
    };
    // Workers finish in any order: the runs come in shuffled.
    const runs = [5, 0, 3, 1, 4, 2].map((k) => runItem(header, k, at));
    const whole = aggregate(header, runs);
    const byItem = new Map(runs.map((r) => [r.item, r]));
    expect([0, 1].map((p) => aggregatePoint(header, p, (k) => byItem.get(k)!))).toEqual(whole.points);
    expect(runs.find((r) => r.item === 4)!.seed).toBe(v.scenario.seed + 1);
    const bad = sweepScenario(v.scenario, 'arrival.rate', -1, 1);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0].message).toMatch(/\(at arrival\.rate = -1\)$/);
    const far = sweepScenario(v.scenario, 'servers.7', 2, 1);
    expect(!far.ok && far.errors[0].path).toBe('servers.7');
  });

  it('M/M/1: every point’s 95 % interval of W, over 8 replications, covers 1/(μ − λ)', () => {
    const r = sweep([MM1, ...PARAM, '--reps', '8', ...SHORT, '--json'], { [MM1]: mm1 });
    expect(outcomeProblems(r)).toEqual([]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.sweep).toMatchObject({ scenario: 'mm1', param: 'arrival.rate', values: [0.3, 0.5, 0.7], reps: 8, seed: 1 });
    for (const p of out.points) {
      const W = p.metrics.W;
      expect(W.n).toBe(8);
      // Three intervals at 95 %: all three cover with probability 0.86 — fixed seeds make it a fixed outcome, checked once.
      expect(Math.abs(W.mean - 1 / (1 - p.value)), `λ = ${p.value}`).toBeLessThan(W.hw);
      // …and the interval is informative: under 10 % of the mean.
      expect(W.hw / W.mean).toBeLessThan(0.1);
    }
  });

  it('is a function of its input: the same bytes twice, and 3 shards merged give one process’s bytes (JSON and CSV)', () => {
    const files: Record<string, string> = { [MM1]: mm1 };
    const args = [MM1, ...PARAM, '--reps', '4', ...SHORT];
    const whole = sweep([...args, '--json'], files);
    expect(whole.code).toBe(0);
    expect(sweep([...args, '--json'], files).stdout).toBe(whole.stdout);
    const wholeCsv = sweep([...args, '--csv'], files);
    for (let i = 0; i < 3; i++) {
      const s = sweep([...args, '--shard', `${i}/3`], files);
      expect(s.code, s.stderr).toBe(0);
      files[`shard-${i}.json`] = s.stdout;
      // Shard i runs items i, i + 3, …: 12 items over 3 shards, 4 each.
      expect(JSON.parse(s.stdout).runs.map((x: { item: number }) => x.item)).toEqual([i, i + 3, i + 6, i + 9]);
    }
    // In any order.
    const merged = sweep(['merge', 'shard-2.json', 'shard-0.json', 'shard-1.json'], files);
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
    expect(sweep(['merge', 'shard-1.json', 'shard-0.json', 'shard-2.json', '--csv'], files).stdout).toBe(wholeCsv.stdout);
    expect(wholeCsv.stdout.split('\n')[0]).toBe('scenario,param,value,metric,unit,n,mean,ci95_halfwidth');

    // A missing, doubled or foreign shard is refused, naming what is wrong.
    const missing = sweep(['merge', 'shard-0.json', 'shard-1.json'], files);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/4 of 12 runs are missing \(the first: item 2, point 0, replication 2\): merge every shard/);
    expect(sweep(['merge', 'shard-0.json', 'shard-0.json', 'shard-1.json', 'shard-2.json'], files).stderr).toMatch(/run 0 is there twice/);
    files['other.json'] = sweep([MM1, ...PARAM, '--reps', '4', '--set', 'duration=10000', '--set', 'warmup=1000', '--shard', '0/3'], files).stdout;
    expect(sweep(['merge', 'shard-0.json', 'other.json'], files).stderr).toMatch(/belongs to another sweep/);
    expect(sweep(['merge', MM1], files).stderr).toMatch(/not a shard/);
  });

  it('the README’s example is what the CLI prints, and its theory numbers are M/M/1’s', async () => {
    const readme = (await import('node:fs')).readFileSync('README.md', 'utf8');
    const cmd = /npm run sweep -- (scenarios\/mm1\.json [^\n]*)\\\n\s+([^\n]*)\n```\n\n```\n([\s\S]*?)```/.exec(readme);
    expect(cmd, 'the README shows the command and its output').not.toBeNull();
    const argv = `${cmd![1]} ${cmd![2]}`.trim().split(/\s+/);
    const r = sweep(argv, { [MM1]: mm1 });
    expect(r.code).toBe(0);
    expect(`${r.stdout.trimEnd()}\n`).toBe(cmd![3]);
    // "W is 2, 3.33 and 10 s and its p99 9.2, 15.4 and 46.1 s": 1/(μ − λ) and ln(100)/(μ − λ), μ = 1.
    expect(readme).toContain('W is 2, 3.33\nand 10 s and its p99 9.2, 15.4 and 46.1 s');
    expect([0.5, 0.7, 0.9].map((l) => +(1 / (1 - l)).toPrecision(3))).toEqual([2, 3.33, 10]);
    expect([0.5, 0.7, 0.9].map((l) => +(Math.log(100) / (1 - l)).toFixed(1))).toEqual([9.2, 15.4, 46.1]);
  });

  it('refuses bad input with exit 2 and a message that names the option or field', () => {
    const files = { [MM1]: mm1 };
    const cases: [string[], RegExp][] = [
      [[MM1], /no --param given/],
      [[MM1, '--param', 'arrival.rate=1:2'], /--param must look like path=from:to:steps/],
      [[MM1, ...PARAM, '--reps', '0'], /--reps must be an integer in \[1, 1000\]/],
      [[MM1, ...PARAM, '--reps', 'x'], /--reps must be an integer/],
      [[MM1, '--param', 'arrival.rate=0.1:0.9:5000'], /steps must be an integer in \[1, 1000\]/],
      [[MM1, '--param', 'arrival.rate=0.1:0.9:1000', '--reps', '1000'], /asks for 1,000,000 runs; at most 100,000/],
      [[MM1, '--param', 'seed=1:5:5'], /the replications choose the seeds/],
      [[MM1, '--param', 'arrival.rate=-1:0.5:3'], /arrival\.rate: .*\(at arrival\.rate = -1\)/],
      [[MM1, '--param', 'arrival.nosuch=1:2:2'], /arrival\.nosuch: is not a known field.*\(at arrival\.nosuch = 1\)/],
      [[MM1, '--param', 'servers=1:2:3'], /servers: must be an integer.*\(at servers = 1\.5\)/],
      [[MM1, ...PARAM, '--shard', '3/3'], /--shard must be i\/n with 0 ≤ i < n/],
      [[MM1, ...PARAM, '--shard', '0/2', '--csv'], /--shard prints JSON for merge/],
      [[MM1, ...PARAM, '--metrics', 'W,nope'], /"nope": not a metric of this model; it has W, Wq/],
      [['missing.json', ...PARAM], /file not found: missing\.json/],
      [['merge'], /merge: give the shard files/],
    ];
    for (const [argv, message] of cases) {
      const r = sweep(argv, files);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
      expect(outcomeProblems(r), argv.join(' ')).toEqual([]);
    }
  });
});
