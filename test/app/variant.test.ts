/**
 * How the running scenario differs from its lesson's (src/app/shell/variant.ts): the fix on or
 * off, other changes from Settings or a link, and taking the fix back without losing them.
 */
import { allShipped } from './fixtures.ts';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/index.ts';
import { lessonInfo } from '../../src/content/scenarios.ts';
import { diff, listChanges, setAt, showChange, variantOf, withOverrides, withoutFix } from '../../src/app/shell/variant.ts';

const shipped: Scenario[] = allShipped();
const byId = (id: string) => shipped.find((s) => s.id === id)!;
const fixOf = (id: string) => lessonInfo(id)?.fix ?? null;

describe('diff', () => {
  it('lists the leaves that differ, by path, and ignores the seed and $schema at the top', () => {
    expect(diff({ a: 1, b: { c: 2, d: [1, 2] }, seed: 1 }, { a: 1, b: { c: 3, d: [1, 5] }, seed: 9, $schema: 'x' })).toEqual([
      { path: ['b', 'c'], from: 2, to: 3 },
      { path: ['b', 'd', 1], from: 2, to: 5 },
    ]);
    // Arrays of another length are one value; added and removed keys have undefined on one side.
    expect(diff({ f: [{ at: 1 }], x: 1 }, { f: [], y: 2 })).toEqual([
      { path: ['f'], from: [{ at: 1 }], to: [] },
      { path: ['x'], from: 1, to: undefined },
      { path: ['y'], from: undefined, to: 2 },
    ]);
    expect(diff({ a: { seed: 1 } }, { a: { seed: 2 } })).toEqual([{ path: ['a', 'seed'], from: 1, to: 2 }]);
  });

  it('shows changes as the page writes them', () => {
    expect(showChange({ path: ['groups', 0, 'members'], from: 6, to: 8 })).toBe('groups.0.members 6 → 8');
    expect(showChange({ path: ['faults'], from: [{ at: 1 }], to: [] })).toBe('faults [1 item] → []');
    expect(showChange({ path: ['faults'], from: [], to: [{ at: 1 }, { at: 2 }] }, 'ru')).toBe('faults [] → [2 элемента]');
    expect(showChange({ path: ['faults'], from: Array.from({ length: 12 }, () => ({})), to: [{ at: 1 }] }, 'ru')).toBe('faults [12 элементов] → [1 элемент]');
    expect(showChange({ path: ['x'], from: undefined, to: 'on' })).toBe('x — → on');
    const many = [1, 2, 3, 4, 5].map((i) => ({ path: [`k${i}`], from: 0, to: i }));
    expect(listChanges(many, (n) => `+${n} more`)).toBe('k1 0 → 1; k2 0 → 2; k3 0 → 3; +2 more');
  });

  it('setAt copies: it sets, creates and removes without touching the original', () => {
    const o = { a: { b: 1 } };
    expect(setAt(o, ['a', 'b'], 2)).toEqual({ a: { b: 2 } });
    expect(setAt(o, ['a', 'c'], undefined)).toEqual({ a: { b: 1 } });
    expect(setAt(o, ['a', 'b'], undefined)).toEqual({ a: {} });
    expect(o).toEqual({ a: { b: 1 } });
  });
});

describe('variantOf', () => {
  it('a shipped scenario (any seed) is the original: no fix, no change', () => {
    const s = byId('black-friday');
    for (const x of [s, { ...s, seed: 42 }]) expect(variantOf(x, shipped, fixOf('black-friday'))).toMatchObject({ origin: s, fixOn: false, changes: [] });
  });

  it('with the fix applied it is "fix on", naming the fields the fix sets; taking the fix off gives the original', () => {
    const s = byId('black-friday');
    const fixed = { ...withOverrides(s, fixOf('black-friday')!)!, seed: 7 };
    const v = variantOf(fixed, shipped, fixOf('black-friday'));
    expect(v.fixOn).toBe(true);
    expect(v.changes).toEqual([]);
    expect(v.fixChanges.map((c) => showChange(c))).toEqual(['groups.0.members 6 → 12']);
    expect(withoutFix(fixed, v)).toEqual({ ...s, seed: 7 });
  });

  it('a setting changed after the fix is listed apart, and survives taking the fix off', () => {
    const s = byId('rebalance-storm') as Extract<Scenario, { model: 'kafka' }>;
    const fixed = withOverrides(s, fixOf('rebalance-storm')!)! as typeof s;
    const more = { ...fixed, groups: [{ ...fixed.groups[0], members: 5 }] } as Scenario;
    const v = variantOf(more, shipped, fixOf('rebalance-storm'));
    expect(v.fixOn).toBe(true);
    expect(v.changes.map((c) => showChange(c))).toEqual(['groups.0.members 3 → 5']);
    const off = withoutFix(more, v)!;
    expect(variantOf(off, shipped, fixOf('rebalance-storm'))).toMatchObject({ fixOn: false, changes: [{ path: ['groups', 0, 'members'], from: 3, to: 5 }] });
  });

  it('changing a field the fix sets to another value is a change, not the fix', () => {
    const s = byId('black-friday') as Extract<Scenario, { model: 'kafka' }>;
    const eight = { ...s, groups: [{ ...s.groups[0], members: 8 }] } as Scenario;
    const v = variantOf(eight, shipped, fixOf('black-friday'));
    expect(v.fixOn).toBe(false);
    expect(v.changes.map((c) => showChange(c))).toEqual(['groups.0.members 6 → 8']);
    expect(withoutFix(eight, v)).toBeNull();
  });

  it('every shipped fix is recognised as on once applied, and taking it off returns the shipped scenario', () => {
    for (const s of shipped) {
      const fix = fixOf(s.id);
      if (!fix) continue;
      const fixed = withOverrides(s, fix)!;
      const v = variantOf(fixed, shipped, fix);
      expect(v.fixOn, s.id).toBe(true);
      expect(v.changes, s.id).toEqual([]);
      expect(v.fixChanges.length, s.id).toBeGreaterThan(0);
      expect(withoutFix(fixed, v), s.id).toEqual(s);
    }
  });

  it('a scenario with no shipped origin (blank start, foreign id) has nothing to compare with', () => {
    const s = { ...byId('mm1'), id: 'my-own' } as Scenario;
    expect(variantOf(s, shipped, null)).toEqual({ origin: null, fixOn: false, fixChanges: [], changes: [] });
  });
});
