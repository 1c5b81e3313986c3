/**
 * A fix you cannot see is not a fix: for every lesson with one, the scenario and its fix run on
 * the same seed, and every headline metric the lesson says the fix improves (`compare:`) is
 * better, every one it says the fix costs (`costs:`) is worse — by more than the "same" margin (5 %)
 * of src/run/headline.ts; and every row it makes much worse is one of its `costs:`. Compare view and `npm run sim -- … --compare fix` show these rows.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { compareRuns, lessonFix } from '../../src/cli/compare.ts';
import { modelFor } from '../../src/run/registry.ts';
import { loadScenario, runOf } from './prose-numbers/ledger.ts';

const WITH_FIX = readdirSync('scenarios/lessons')
  .filter((f) => f.endsWith('.en.md'))
  .map((f) => f.slice(0, -'.en.md'.length))
  .filter((id) => lessonFix(id) !== null)
  .sort();

describe('every fix moves the metrics its lesson names', () => {
  it('covers the lessons with a fix', () => {
    expect(WITH_FIX.length).toBeGreaterThanOrEqual(17);
  });

  for (const id of WITH_FIX) {
    it(id, () => {
      const fix = lessonFix(id)!;
      const a = loadScenario(id);
      const ids = modelFor(a).headline.map((m) => m.id);
      for (const m of [...fix.compare, ...fix.costs]) expect(ids, `${id}: "${m}" is not a ${a.model} headline metric`).toContain(m);
      expect(fix.compare.length).toBeGreaterThan(0);
      const rows = compareRuns(a, runOf(id).summary, a, runOf(id, ...fix.fix).summary);
      const verdict = Object.fromEntries(rows.map((r) => [r.id, `${r.verdict} (A ${r.a}, B ${r.b})`]));
      for (const m of fix.compare) expect(verdict[m], `${id}: the fix should improve ${m}`).toMatch(/^better /);
      for (const m of fix.costs) expect(verdict[m], `${id}: the lesson names ${m} as the fix's cost`).toMatch(/^worse /);
      // A row the fix makes much worse (by half or more) is a cost the lesson names, so the compare
      // table marks it as one rather than leaving a red "worse" beside the fix unexplained.
      const unexplained = rows.filter((r) => r.verdict === 'worse' && !fix.costs.includes(r.id) && r.a !== null && r.b !== null && Math.abs(r.b - r.a) >= 0.5 * Math.abs(r.a));
      expect(unexplained.map((r) => verdict[r.id] && `${r.id}: ${verdict[r.id]}`), `${id}: much worse with the fix, not named in costs:`).toEqual([]);
    });
  }
});
