/**
 * scenarios/README.md's "Shipped scenarios" block is generated from one run of every shipped
 * scenario (src/cli/shipped-tables.ts, written by `npm run tables`); this regenerates it and
 * requires the committed README to contain exactly that.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { END, README, START, blockIn, shippedBlock, shippedFiles, shippedRuns, withBlock } from '../../src/cli/shipped-tables.ts';
import { count, sig } from '../../src/run/cells.ts';
import { kendall } from '../../src/run/models/station/shipped.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { StationScenario } from '../../src/scenario/schema.ts';

describe('table number formatting', () => {
  it('keeps 3 significant digits, trailing zeros, thousands separators and the Unicode minus', () => {
    expect([0.9003, 10.04, 2.969, 0.19262, 0.0020418, 99.84, 999.7, 1000.2, 2150.4, 0].map((x) => sig(x))).toEqual(['0.900', '10.0', '2.97', '0.193', '0.00204', '99.8', '1,000', '1,000', '2,150', '0']);
    expect([sig(-0.35), sig(0.0481, 2), sig(null), sig(NaN)]).toEqual(['−0.350', '0.048', '—', '—']);
    expect([count(157067), count(24028), count(16), count(0), count(-1234)]).toEqual(['157,067', '24,028', '16', '0', '−1,234']);
  });

  it('names a station in Kendall notation from the scenario', () => {
    const s = (file: string) => parseScenarioOrThrow(JSON.parse(readFileSync(`scenarios/${file}`, 'utf8'))) as StationScenario;
    expect(['mm1.json', 'mmc.json', 'md1.json', 'mg1-heavy.json', 'mm1k.json'].map((f) => kendall(s(f)))).toEqual(['M/M/1', 'M/M/4', 'M/D/1', 'M/G/1', 'M/M/1/10']);
  });

  it('replaces only what lies between the markers', () => {
    const md = `a\n${START}\nold\n${END}\nb\n`;
    expect(withBlock(md, `${START}\nnew $& $1\n${END}`)).toBe(`a\n${START}\nnew $& $1\n${END}\nb\n`);
    expect(() => withBlock('no markers', 'x')).toThrow(/markers/);
  });
});

describe('scenarios/README.md', () => {
  it('shipped-scenario tables are regenerated from the runs (run `npm run tables` after changing a scenario, a lesson title or the model)', () => {
    const runs = shippedRuns();
    expect(runs.map((r) => r.file)).toEqual(shippedFiles());
    const block = shippedBlock(runs);
    for (const r of runs) expect(block, `${r.file} has a row`).toContain(`| \`${r.file}\` |`);
    const readme = readFileSync(README, 'utf8');
    expect(blockIn(readme), `scenarios/README.md has no ${START} … ${END} block: add the markers and run \`npm run tables\``).not.toBeNull();
    expect(blockIn(readme), 'scenarios/README.md "Shipped scenarios" is out of date: run `npm run tables`').toBe(block);
  });
});
