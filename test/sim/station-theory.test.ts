/**
 * The core validation of the kernel and statistics: simulated queues against closed-form theory.
 *
 * Method. Each case runs one long replication from a fixed seed, deletes a warm-up of many
 * relaxation times, and estimates L, W, Wq (and P(block)) with batch-means confidence intervals.
 * A check passes when theory lies inside the interval. With M checks in this file, each interval
 * is taken at level 1 − 0.05/M (Bonferroni), so the whole file fails by chance with probability
 * ≤ 5 % if the simulator is right — and the seeds are fixed, so a pass is reproducible.
 * To make sure a check can fail, every case also asserts that its 95 % half-width is below
 * `precision` × theory: a 2–5 % model error would be caught.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Station, type StationConfig, type StationStats } from '../../src/sim/model/station/station.ts';
import { mg1, mm1, mm1k, mmc, mmck } from '../../src/theory/index.ts';
import type { DistributionSpec } from '../../src/sim/kernel/distributions.ts';

interface Case {
  name: string;
  lambda: number;
  servers: number;
  service: DistributionSpec;
  capacity: number | null;
  duration: number;
  warmup: number;
  theory: { L: number; W: number; Wq: number; pBlock?: number };
  precision: number;
  seed: number;
  /**
   * Its row in the README's "Validated against theory" table: the model label and the one metric
   * shown. Every case has a row, and every row is a case (checked below).
   */
  readme: { label: string; metric: 'W' | 'Wq' | 'pBlock' };
}

const expo = (mean: number): DistributionSpec => ({ type: 'exponential', mean });

const cases: Case[] = [
  ...[
    { rho: 0.5, duration: 1e6, warmup: 1e3 },
    { rho: 0.8, duration: 2e6, warmup: 5e3 },
    { rho: 0.9, duration: 4e6, warmup: 2e4 },
    { rho: 0.95, duration: 1.2e7, warmup: 5e4 },
  ].map(({ rho, duration, warmup }) => ({
    name: `M/M/1 at ρ = ${rho}`,
    lambda: rho,
    servers: 1,
    service: expo(1),
    capacity: null,
    duration,
    warmup,
    theory: mm1(rho, 1),
    precision: 0.05,
    seed: 101,
    readme: { label: `M/M/1 ρ = ${rho}`, metric: 'W' as const },
  })),
  ...[2, 4, 8].map((c) => ({
    name: `M/M/${c} at ρ = 0.9 (Erlang C)`,
    lambda: 0.9 * c,
    servers: c,
    service: expo(1),
    capacity: null,
    duration: 2.4e6 / c,
    warmup: 1e4,
    theory: mmc(0.9 * c, 1, c),
    precision: 0.05,
    seed: 202,
    readme: { label: `M/M/${c} ρ = 0.9`, metric: 'W' as const },
  })),
  {
    name: 'M/D/1 at ρ = 0.9 (Pollaczek–Khinchine)',
    lambda: 0.9,
    servers: 1,
    service: { type: 'deterministic', mean: 1 },
    capacity: null,
    duration: 3e6,
    warmup: 1e4,
    theory: mg1(0.9, 1, 0),
    precision: 0.05,
    seed: 303,
    readme: { label: 'M/D/1 ρ = 0.9', metric: 'Wq' },
  },
  {
    name: 'M/G/1 with hyperexponential service, cv = 3, ρ = 0.8 (Pollaczek–Khinchine)',
    lambda: 0.8,
    servers: 1,
    service: { type: 'hyperexponential', mean: 1, cv: 3 },
    capacity: null,
    duration: 8e6,
    warmup: 5e4,
    theory: mg1(0.8, 1, 9),
    precision: 0.05,
    seed: 404,
    readme: { label: 'M/G/1 hyperexp. cv 3, ρ = 0.8', metric: 'Wq' },
  },
  {
    name: 'M/G/1 with lognormal service, cv = 2, ρ = 0.7 (Pollaczek–Khinchine)',
    lambda: 0.7,
    servers: 1,
    service: { type: 'lognormal', mean: 1, cv: 2 },
    capacity: null,
    duration: 4e6,
    warmup: 2e4,
    theory: mg1(0.7, 1, 4),
    precision: 0.05,
    seed: 505,
    readme: { label: 'M/G/1 lognormal cv 2, ρ = 0.7', metric: 'Wq' },
  },
  {
    name: 'M/M/1/10 under overload, ρ = 1.2 (blocking)',
    lambda: 1.2,
    servers: 1,
    service: expo(1),
    capacity: 10,
    duration: 5e5,
    warmup: 1e3,
    theory: mm1k(1.2, 1, 10),
    precision: 0.02,
    seed: 606,
    readme: { label: 'M/M/1/10 ρ = 1.2', metric: 'pBlock' },
  },
  {
    name: 'M/M/1/5 at ρ = 0.5 (blocking)',
    lambda: 0.5,
    servers: 1,
    service: expo(1),
    capacity: 5,
    duration: 1e6,
    warmup: 1e3,
    theory: mm1k(0.5, 1, 5),
    precision: 0.05,
    seed: 707,
    readme: { label: 'M/M/1/5 ρ = 0.5', metric: 'pBlock' },
  },
  {
    name: 'M/M/3/6 at ρ = 0.9 (blocking)',
    lambda: 2.7,
    servers: 3,
    service: expo(1),
    capacity: 6,
    duration: 4e5,
    warmup: 1e3,
    theory: mmck(2.7, 1, 3, 6),
    precision: 0.05,
    seed: 808,
    readme: { label: 'M/M/3/6 ρ = 0.9', metric: 'pBlock' },
  },
];

const checksPerCase = (c: Case) => 3 + (c.capacity !== null ? 1 : 0) + 1; // L, W, Wq, [pBlock], Little
const M = cases.reduce((n, c) => n + checksPerCase(c), 0);
const LEVEL = 1 - 0.05 / M;

function run(c: Case) {
  const config: StationConfig = {
    arrival: { rate: c.lambda, shape: { type: 'exponential' }, profile: [] },
    service: c.service,
    servers: c.servers,
    capacity: c.capacity,
    warmup: c.warmup,
  };
  const st = new Station(config, c.seed);
  st.run(c.duration);
  return { wide: st.stats(LEVEL), narrow: st.stats() };
}

/** Each case runs once; its checks and the README table below read the same results. */
const results = new Map<Case, ReturnType<typeof run>>();
function resultOf(c: Case): ReturnType<typeof run> {
  let r = results.get(c);
  if (r === undefined) results.set(c, (r = run(c)));
  return r;
}

/** A number as the README table prints it: fixed digits, a Unicode minus, no "−0.00". */
function num(x: number, digits: number): string {
  const t = x.toFixed(digits);
  return /^-0\.0*$/.test(t) ? t.slice(1) : t.replace('-', '−');
}

/** A case's row of the README table, from its 95 % (narrow) results: the one place that formats it. */
function readmeRow(c: Case, narrow: StationStats): string[] {
  const { label, metric } = c.readme;
  const theory = metric === 'pBlock' ? c.theory.pBlock : c.theory[metric];
  if (theory === undefined) throw new Error(`${c.name}: no theory for ${metric}`);
  const digits = metric === 'pBlock' ? 4 : 3;
  const e = narrow[metric];
  return [label, metric === 'pBlock' ? 'P(block)' : metric, num(theory, digits), `${num(e.mean, digits)} ± ${num(e.hw, digits)}`, num((e.mean - theory) / e.hw, 2)];
}

/** README.md's "Validated against theory" section: the prose above the table, and the table's rows as cells. */
function readmeSection(): { prose: string; rows: string[][] } {
  const md = readFileSync('README.md', 'utf8');
  const start = md.indexOf('\n## Validated against theory\n');
  if (start < 0) throw new Error('README.md has no "## Validated against theory" section');
  const lines = md.slice(start).split('\n');
  const head = lines.findIndex((l) => l.startsWith('| model | metric | theory |'));
  if (head < 0) throw new Error('README.md "Validated against theory" has no results table');
  const rows: string[][] = [];
  for (let i = head + 2; i < lines.length && lines[i].startsWith('|'); i++) rows.push(lines[i].slice(1, -1).split('|').map((cell) => cell.trim()));
  return { prose: lines.slice(0, head).join('\n'), rows };
}

describe(`simulation vs queueing theory (${M} checks, each at ${(LEVEL * 100).toFixed(2)} % confidence)`, () => {
  for (const c of cases) {
    it(c.name, () => {
      const { wide, narrow } = resultOf(c);
      const metrics: ['L' | 'W' | 'Wq', number][] = [
        ['L', c.theory.L],
        ['W', c.theory.W],
        ['Wq', c.theory.Wq],
      ];
      for (const [key, theory] of metrics) {
        const e = wide[key];
        expect(e.batches, `${key} batches`).toBeGreaterThanOrEqual(16);
        expect(Math.abs(e.mean - theory), `${key} = ${e.mean} ± ${e.hw}, theory ${theory}`).toBeLessThanOrEqual(e.hw);
        expect(narrow[key].hw / theory, `${key} 95 % half-width relative to theory`).toBeLessThan(c.precision);
      }
      if (c.theory.pBlock !== undefined) {
        const e = wide.pBlock;
        expect(Math.abs(e.mean - c.theory.pBlock), `P(block) = ${e.mean} ± ${e.hw}, theory ${c.theory.pBlock}`).toBeLessThanOrEqual(e.hw);
        expect(narrow.pBlock.hw / c.theory.pBlock).toBeLessThan(c.precision);
      }
      // Little's law on the same window: L against λ_admitted·W, tolerance from both intervals.
      const lam = wide.lambdaAdmitted;
      const tol = wide.L.hw + lam.mean * wide.W.hw + wide.W.mean * lam.hw;
      expect(Math.abs(wide.L.mean - lam.mean * wide.W.mean), `L = ${wide.L.mean}, λW = ${lam.mean * wide.W.mean}`).toBeLessThanOrEqual(tol);
    });
  }
});

// Every case above is shown in the README table, one row each with its headline metric (W for
// M/M/c, Wq for M/D/1 and M/G/1, P(block) with a capacity), in the order of `cases`. This reads the
// results the cases above already computed; run alone (-t), it runs the cases itself, once each.
describe('README.md "Validated against theory"', () => {
  it('states this file\'s check count and shows each case\'s own results, formatted as the table prints them', () => {
    const { prose, rows } = readmeSection();
    const all = (re: RegExp) => [...prose.matchAll(re)].map((m) => m.slice(1).join('–'));
    expect(all(/With (\d+) checks in the file/g), 'the check count in the prose above the table').toEqual([String(M)]);
    expect(all(/level 1 − 0\.05\/(\d+)/g), 'the Bonferroni level in the prose above the table').toEqual([String(M)]);
    const precisions = cases.map((c) => Math.round(c.precision * 100));
    expect(all(/below (\d+)–(\d+) % of theory/g), 'the half-width bound in the prose above the table').toEqual([`${Math.min(...precisions)}–${Math.max(...precisions)}`]);

    const byLabel = new Map(cases.map((c) => [c.readme.label, c]));
    expect(byLabel.size, 'each case has its own README label').toBe(cases.length);
    const expected = cases.map((c) => readmeRow(c, resultOf(c).narrow));
    const howTo = `regenerate the table from this run; it must read:\n${expected.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`;
    for (const row of rows) {
      const c = byLabel.get(row[0]);
      expect(c, `README row "${row[0]}" is no case of this file: ${howTo}`).toBeDefined();
      expect(row, `README row "${row[0]}": ${howTo}`).toEqual(readmeRow(c!, resultOf(c!).narrow));
    }
    expect(rows.map((r) => r[0]), `one README row per case, in order: ${howTo}`).toEqual(cases.map((c) => c.readme.label));
  });
});
