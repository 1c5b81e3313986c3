/**
 * How the running scenario differs from its lesson's (src/app/shell/variant.ts): the fix on or
 * off, other changes from Settings or a link, and taking the fix back without losing them.
 */
import { allShipped } from './fixtures.ts';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/index.ts';
import { lessonInfo } from '../../src/content/scenarios.ts';
import { diff, listChanges, loadChangeNames, setAt, showChange, variantOf, withOverrides, withoutFix, type ChangeNames } from '../../src/app/shell/variant.ts';
import { KAFKA_SETTINGS } from '../../src/app/panels/kafka/sections.ts';
import { agreeShown } from '../../src/content/ru-plural.ts';

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
    // A field the settings panel does not name is shown by its path.
    expect(showChange({ path: ['groups', 0, 'members'], from: 6, to: 8 })).toBe('groups.0.members 6 → 8');
    expect(showChange({ path: ['duration'], from: 22200, to: 7800 }, 'ru')).toBe('duration 22\u00a0200 → 7\u00a0800');
    expect(showChange({ path: ['x'], from: undefined, to: 'on' })).toBe('x — → on');
    expect(showChange({ path: ['producers', 0, 'profile'], from: [{ at: 1 }], to: [] }, 'ru')).toBe('producers.0.profile [1 элемент] → []');
    const many = [1, 2, 3, 4, 5].map((i) => ({ path: [`k${i}`], from: 0, to: i }));
    expect(listChanges(many, (n) => `+${n} more`)).toBe('k1 0 → 1; k2 0 → 2; k3 0 → 3; +2 more');
  });

  it('says what changed in the faults in words: how many, of which kinds', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => ({ at: i, kind: i % 2 === 0 ? 'remove-consumer' : 'restart', target: 'c' }));
    const one = [{ at: 60, kind: 'crash', target: 'c' }];
    expect(showChange({ path: ['faults'], from: twelve, to: one }, 'ru')).toBe('Сбои: 12 (remove-consumer ×6, restart ×6) → 1 (crash)');
    expect(showChange({ path: ['faults'], from: one, to: [] })).toBe('Faults: 1 (crash) → none');
    const names: ChangeNames = { fields: new Map(), faultKinds: { crash: 'падение консьюмера', restart: 'перезапуск консьюмера', 'remove-consumer': 'консьюмер уходит' }, agree: agreeShown };
    expect(showChange({ path: ['faults'], from: twelve, to: one }, 'ru', names)).toBe('Сбои: 12 (консьюмер уходит ×6, перезапуск консьюмера ×6) → 1 (падение консьюмера)');
    const kinds = ['crash', 'restart', 'gc-pause', 'poison'].map((kind) => ({ at: 0, kind }));
    expect(showChange({ path: ['faults'], from: [], to: kinds })).toBe('Faults: none → 4 (crash, restart, gc-pause, …)');
    // One field of one fault (lists of the same length are compared element by element).
    expect(showChange({ path: ['faults', 1, 'at'], from: 30, to: 45 })).toBe('Fault 2 · at 30 → 45');
  });

  it('names a field as the settings panel labels it, with its unit', () => {
    const names: ChangeNames = { fields: new Map([['producers.0.rate', { name: 'Продюсер · Интенсивность', unit: '/с' }], ['groups.0.members', { name: 'Группа консьюмеров orders · Участники', unit: 'консьюмеров' }]]), faultKinds: {}, agree: agreeShown };
    expect(showChange({ path: ['producers', 0, 'rate'], from: 400, to: 200 }, 'ru', names)).toBe('Продюсер · Интенсивность 400 → 200/с');
    expect(showChange({ path: ['groups', 0, 'members'], from: 6, to: 2 }, 'ru', names)).toBe('Группа консьюмеров orders · Участники 6 → 2 консьюмера');
    expect(showChange({ path: ['groups', 0, 'members'], from: 6, to: undefined }, 'ru', names)).toBe('Группа консьюмеров orders · Участники 6 консьюмеров → —');
    expect(listChanges([{ path: ['producers', 0, 'rate'], from: 400, to: 200 }, { path: ['seedless'], from: 1, to: 2 }], (n) => `+${n}`, 3, 'ru', names)).toBe('Продюсер · Интенсивность 400 → 200/с; seedless 1 → 2');
  });

  it('the header\'s line for a question\'s run and for the fix names fields and faults as the page does, in both languages', async () => {
    // crash-detection runs eager-vs-cooperative at half the rate, with one crash instead of the lesson's restarts.
    const s = byId('eager-vs-cooperative');
    const q = withOverrides(s, ['producers.0.rate=200', 'faults=[{"at":60,"kind":"crash","target":"warehouse-1","restartAfter":null}]'])!;
    const v = variantOf(q, shipped, fixOf(s.id));
    expect(listChanges(v.changes, (n) => `+${n}`, 3, 'ru')).toBe('producers.0.rate 400 → 200; Сбои: 12 (remove-consumer ×6, restart ×6) → 1 (crash)');
    const ru = await loadChangeNames(KAFKA_SETTINGS, [q, v.origin], 'ru');
    expect(listChanges(v.changes, (n) => `+${n}`, 3, 'ru', ru)).toBe('Продюсер · Интенсивность 400 → 200 записей/с; Сбои: 12 (консьюмер уходит ×6, перезапуск консьюмера ×6) → 1 (падение консьюмера)');
    const en = await loadChangeNames(KAFKA_SETTINGS, [q, v.origin], 'en');
    expect(listChanges(v.changes, (n) => `+${n}`, 3, 'en', en)).toBe('Producer · Rate 400 → 200 records/s; Faults: 12 (a consumer leaves ×6, consumer restart ×6) → 1 (consumer crash)');
    const bf = byId('black-friday');
    const fixed = withOverrides(bf, fixOf('black-friday')!)!;
    const fv = variantOf(fixed, shipped, fixOf('black-friday'));
    expect(listChanges(fv.fixChanges, (n) => `+${n}`, 3, 'ru', await loadChangeNames(KAFKA_SETTINGS, [fixed, bf], 'ru'))).toBe('Группа консьюмеров warehouse · Участники 6 → 12 консьюмеров');
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
