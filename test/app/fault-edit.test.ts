/**
 * The timeline's fault editor, without a page: times under the pointer, and fault lists moved,
 * removed, added and edited field by field — then validated as a scenario, so that what the page
 * refuses is named by its field and range, and what it accepts is what the share link carries.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { added, byTime, editedFault, fieldsOf, indexOfFault, keyStep, moved, niceStep, removed, snapTime, timeAt } from '../../src/app/shell/faultEdit.ts';
import { errorLineText } from '../../src/app/error-text.ts';
import { decodeShare, encodeShareHash, formatError, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import type { LiveFault } from '../../workers/protocol.ts';

function load(id: string): Scenario {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
}
const faultsOf = (s: Scenario): LiveFault[] => (s as { faults?: LiveFault[] }).faults ?? [];
const check = (s: Scenario, faults: LiveFault[]) => validateScenario({ ...s, faults: byTime(faults) });

describe('the timeline’s times', () => {
  it('rounds to 1, 2 or 5 × 10^k: the strip’s resolution and the arrow keys’ step', () => {
    expect([0.7, 1, 1.5, 3, 9, 11, 0.013].map(niceStep)).toEqual([1, 1, 2, 5, 10, 20, 0.02]);
    expect(snapTime(0.1 + 0.2, 0.1, 10)).toBe(0.3);
    expect(snapTime(-3, 1, 10)).toBe(0);
    expect(snapTime(12, 1, 10)).toBe(10);
    // 900 s on a 600 px strip: 1.5 s a pixel → 2 s steps; the middle is 450 s.
    expect(timeAt(0.5, 600, 900)).toBe(450);
    expect(timeAt(0.3337, 600, 900)).toBe(300);
    expect(timeAt(1.2, 600, 900)).toBe(900);
    expect(keyStep(900, false)).toBe(10);
    expect(keyStep(900, true)).toBe(100);
    expect(keyStep(3600, false)).toBe(50);
  });
});

describe('fault edits', () => {
  const s = load('eager-vs-cooperative');
  const base = faultsOf(s);

  it('the shipped story has faults to edit', () => {
    expect(base.length).toBeGreaterThan(0);
  });

  it('moves a fault, keeps the list by time, and the share link carries it and reopens it', () => {
    const last = base.length - 1;
    const next = moved(base, last, 5);
    const r = check(s, next);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const faults = faultsOf(r.scenario);
    expect(faults[0]).toEqual({ ...base[last], at: 5 });
    expect(faults.map((f) => f.at)).toEqual([...faults.map((f) => f.at)].sort((a, b) => a - b));
    const back = decodeShare(`https://x/${encodeShareHash(r.scenario)}`);
    expect(back.ok && faultsOf(back.scenario)).toEqual(faults);
    expect(indexOfFault(faults, { ...base[last], at: 5 })).toBe(0);
  });

  it('removes and adds faults', () => {
    expect(removed(base, 0)).toEqual(base.slice(1));
    const gc: LiveFault = { at: 33, kind: 'gc-pause', target: 'warehouse-1', duration: 12 };
    const r = check(s, added(base, gc));
    expect(r.ok).toBe(true);
    if (r.ok) expect(faultsOf(r.scenario)).toContainEqual(gc);
  });

  it('edits fields as the editor shows them: numbers (a decimal comma too), empty for null, and names the field when refused', () => {
    const crash: LiveFault = { at: 100, kind: 'crash', target: 'warehouse-1', restartAfter: null };
    expect(fieldsOf(crash)).toEqual([
      { key: 'at', text: '100', type: 'number' },
      { key: 'target', text: 'warehouse-1', type: 'text' },
      { key: 'restartAfter', text: '', type: 'null' },
    ]);
    const list = [base[0], base[1], crash];
    expect(editedFault(s, list, 2, { at: '120,5', restartAfter: '30' })).toEqual({ ok: true, fault: { ...crash, at: 120.5, restartAfter: 30 } });
    // A text that is not a number says what the field takes: for the time, the run.
    expect(editedFault(s, list, 2, { at: 'soon' })).toEqual({ ok: false, errors: [`faults.2.at: must be a time in [0, ${s.duration}] s, the run's length (got "soon")`] });
    expect(editedFault(s, list, 2, { at: String(s.duration + 1) })).toEqual({ ok: false, errors: [`faults.2.at: must be a time in [0, ${s.duration}] s, the run's length (got ${s.duration + 1})`] });
    // What only the schema knows: its message names the field and its range.
    const gc: LiveFault = { at: 10, kind: 'gc-pause', target: 'warehouse-1', duration: 60 };
    expect(editedFault(s, [gc], 0, { duration: '0' })).toEqual({ ok: false, errors: ['faults.0.duration: must be a number in (0, 3600] s (got 0)'] });
    expect(editedFault(s, [gc], 0, { duration: 'long' })).toEqual({ ok: false, errors: ['faults.0.duration: must be a number in (0, 3600] s (got "long")'] });
    const named = editedFault(s, [gc], 0, { target: 'nobody' });
    expect(!named.ok && named.errors.join('\n')).toBe('faults.0.target: must name a consumer: warehouse-1 … warehouse-6 (got "nobody")');
    // What it accepts, the page's validation accepts too.
    const good = editedFault(s, [gc], 0, { at: '33', duration: '12' });
    expect(good.ok && check(s, [good.fault]).ok).toBe(true);
  });

  it('names every bad field of a fault at once, each with its range, in the page’s language', () => {
    const gc: LiveFault = { at: 10, kind: 'gc-pause', target: 'warehouse-1', duration: 60 };
    // Not a number, out of the schema's range, and a name the scenario lacks: three fields, three
    // errors — not the first alone (the validator checks names only once every field is in range).
    const r = editedFault(s, [gc], 0, { at: 'soon', duration: '0', target: 'nobody' });
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors.map((e) => e.slice(0, e.indexOf(':')))).toEqual(['faults.0.at', 'faults.0.target', 'faults.0.duration']);
    expect(errors[0]).toBe(`faults.0.at: must be a time in [0, ${s.duration}] s, the run's length (got "soon")`);
    expect(errors[1]).toBe('faults.0.target: must name a consumer: warehouse-1 … warehouse-6 (got "nobody")');
    expect(errors[2]).toBe('faults.0.duration: must be a number in (0, 3600] s (got 0)');
    expect(errors.map((e) => errorLineText(e, 'ru'))).toEqual([
      `faults.0.at: должно быть моментом в [0; ${s.duration}] с, в пределах прогона (получено «soon»)`,
      'faults.0.target: должно называть консьюмера: warehouse-1 … warehouse-6 (получено «nobody»)',
      'faults.0.duration: должно быть числом в (0; 3600] с (получено 0)',
    ]);
    // A time past the run and a duration out of range, both typed as numbers: both named.
    const late = editedFault(s, [gc], 0, { at: String(s.duration + 20), duration: '7200' });
    expect(!late.ok && late.errors).toEqual([
      `faults.0.at: must be a time in [0, ${s.duration}] s, the run's length (got ${s.duration + 20})`,
      'faults.0.duration: must be a number in (0, 3600] s (got 7200)',
    ]);
    // A new fault put on the timeline at a time that is not one.
    const added1 = editedFault(s, added(base, { ...gc, at: 0 }), base.length, { at: '-5' });
    expect(!added1.ok && added1.errors).toEqual([`faults.${base.length}.at: must be a time in [0, ${s.duration}] s, the run's length (got -5)`]);
  });
});
