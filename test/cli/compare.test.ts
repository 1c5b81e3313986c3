/**
 * `npm run sim -- <scenario> --compare fix|<file|link>` and `--vs-set`: two runs on one seed and
 * their headline metrics side by side; a link with `&vs=fix` compares by itself. Bad comparisons
 * are input errors (exit 2) that say why.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { runCli } from './harness.ts';
import { applyOverride, encodeShareHash, parseOverride, validateScenario } from '../../src/scenario/index.ts';

const short = ['--duration', '6000'];

describe('sim --compare', () => {
  it('fix: both runs on one seed, the lesson’s metrics marked, byte-identical run to run', () => {
    const r = runCli(['scenarios/overload-5pct.json', '--compare', 'fix', ...short]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('B: with the fix: λ = 95/s');
    expect(r.stdout).toMatch(/Lag now \(records\)\s+[\d,]+\s+\d+\s+−[\d,]+ \(−\d+ %\)\s+better {2}← the story/);
    expect(runCli(['scenarios/overload-5pct.json', '--compare', 'fix', ...short]).stdout).toBe(r.stdout);
  });

  it('--json gives both summaries, the rows and the lesson’s metrics; B runs on A’s seed', () => {
    const r = runCli(['scenarios/commit-before-processing.json', '--compare', 'fix', '--json', '--no-timing', '--seed', '7']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { a: { seed: number; lost: number }; b: { seed: number; lost: number; duplicates: number }; compare: { id: string; verdict: string }[]; story: unknown };
    expect([j.a.seed, j.b.seed]).toEqual([7, 7]);
    expect(j.story).toEqual({ compare: ['lost'], costs: ['duplicates'] });
    expect(j.compare.find((x) => x.id === 'lost')?.verdict).toBe('better');
    expect(j.compare.find((x) => x.id === 'duplicates')?.verdict).toBe('worse');
    expect(j.b.lost).toBe(0);
  });

  it('--vs-set changes B only; --compare <link> and a link with &vs=fix compare too', () => {
    const r = runCli(['scenarios/mm1.json', '--vs-set', 'arrival.rate=0.5', '--json', '--no-timing', ...short]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { a: { lambda: { mean: number } }; b: { lambda: { mean: number } } };
    expect(j.a.lambda.mean).toBeGreaterThan(0.8);
    expect(j.b.lambda.mean).toBeLessThan(0.6);

    const raw = validateScenario(JSON.parse(readFileSync('scenarios/mm1.json', 'utf8')));
    if (!raw.ok) throw new Error('mm1');
    const viaLink = runCli([`https://x/${encodeShareHash(raw.scenario, { vs: 'fix' })}`, '--json', '--no-timing', ...short]);
    const viaFlag = runCli(['scenarios/mm1.json', '--compare', 'fix', '--json', '--no-timing', ...short]);
    expect(viaLink.code).toBe(0);
    expect(viaLink.stdout).toBe(viaFlag.stdout);
    const slower = validateScenario(applyOverride(raw.scenario, parseOverride('arrival.rate=0.5')));
    if (!slower.ok) throw new Error('mm1 at 0.5');
    const linkB = runCli(['scenarios/mm1.json', '--compare', `https://x/${encodeShareHash(slower.scenario)}`, ...short]);
    expect(linkB.code).toBe(0);
    expect(linkB.stdout).toMatch(/^B: https:\/\/x\/#v2\./m);
  });

  it('refuses what cannot be compared, with exit 2 and the reason', () => {
    const noFix = runCli(['scenarios/dead-producer.json', '--compare', 'fix']);
    expect(noFix.code).toBe(2);
    expect(noFix.stderr).toContain('has no lesson with a fix');
    const twice = runCli(['scenarios/mm1.json', '--compare', 'fix', '--compare', 'fix']);
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--compare given twice');
    const badSet = runCli(['scenarios/mm1.json', '--vs-set', 'servers=0']);
    expect(badSet.code).toBe(2);
    expect(badSet.stderr).toContain('servers');
    expect(runCli(['scenarios/mm1.json', '--compare']).code).toBe(2);
  });
});

describe('two models side by side', () => {
  it('lines up the metrics both have and shows each model’s own with "—" on the other side', () => {
    const out = runCli(['scenarios/mm1.json', '--compare', 'scenarios/overload-5pct.json', '--json', '--no-timing']);
    expect(out.code).toBe(0);
    const j = JSON.parse(out.stdout) as { a: { model: string; p99: number }; b: { model: string; p99: number }; compare: { id: string; a: number | null; b: number | null }[] };
    expect([j.a.model, j.b.model]).toEqual(['station', 'kafka']);
    const row = (id: string) => j.compare.find((r) => r.id === id)!;
    // p99 is a headline metric of both: both values, each the run's own.
    expect(row('p99')).toMatchObject({ a: j.a.p99, b: j.b.p99 });
    // Wq is the station's alone, lag the log's alone.
    expect(row('Wq').a).not.toBeNull();
    expect(row('Wq').b).toBeNull();
    expect(row('lag').a).toBeNull();
    expect(row('lag').b).not.toBeNull();
  });
});

describe('the README’s --compare example', () => {
  it('is what the CLI prints for eager-vs-cooperative and its fix', () => {
    const readme = readFileSync('README.md', 'utf8');
    const rows = readme.split('\n').filter((l) => /^(Rebalances|Paused by rebalances \(partition-s\)) {2,}/.test(l));
    expect(rows).toHaveLength(2);
    const out = runCli(['scenarios/eager-vs-cooperative.json', '--compare', 'fix']).stdout.split('\n');
    for (const row of rows) expect(out, row).toContain(row);
  });
});
