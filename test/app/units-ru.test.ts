/**
 * The Russian page writes its units in Russian: no counter of any model, on any shipped scenario,
 * shows "/s", "s", "ms" or "MB" next to a number (the Russian page reads "/с", "с", "мс", "МБ"),
 * and the settings' tooltips say what a field accepts in Russian, not in the schema's English. In
 * either language a counter whose label names its unit ("Lag age, s") writes none after its value.
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/index.ts';
import { pageFor } from '../../src/app/registry.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';
import { unitText } from '../../src/app/format.ts';
import { buildView } from '../../src/app/settings/index.ts';
import { allShipped, liveToEnd } from './fixtures.ts';

const shipped = allShipped();

/** A Latin unit after a number (or alone, as a counter's unit). */
const LATIN_UNIT = /(?:^|[\d\s\u00a0\u202f])(?:\/s|s|ms|bytes|MB|p·s)(?![\p{L}\d])/u;

describe('units in Russian', () => {
  it('the unit mapping: Russian for the units the page shows, the rest as they are', () => {
    expect(['/s', 's', 'ms', 'min', 'bytes', 'MB', 'p·s', '%', ''].map((u) => unitText(u, 'ru'))).toEqual(['/с', 'с', 'мс', 'мин', 'байт', 'МБ', 'п·с', '%', '']);
    expect(['/s', 's', 'ms', 'min', 'bytes', 'MB', 'p·s'].map((u) => unitText(u, 'en'))).toEqual(['/s', 's', 'ms', 'min', 'bytes', 'MB', 'p·s']);
    for (const u of ['/s', 's', 'ms', 'bytes', 'MB', 'p·s']) {
      expect(LATIN_UNIT.test(`12 ${u}`), u).toBe(true);
      expect(LATIN_UNIT.test(`12 ${unitText(u, 'ru')}`), u).toBe(false);
    }
    // Words that merely contain the letters are not units ("min ISR" is Kafka's name, not minutes).
    expect(LATIN_UNIT.test('3 ISR members · acks=all · 2 records · min ISR 2')).toBe(false);
  });

  it.each(shipped.map((s) => [s.id, s] as const))('%s: every counter’s unit, value and note', async (_id, s0) => {
    const s = { ...s0, duration: Math.min(s0.duration, 120), warmup: Math.min(s0.warmup, 12) } as Scenario;
    const data = liveToEnd(s).view.snapshot(s, 0);
    const panels = await pageFor(s.model).panels();
    const pg = { data, chartData: data, scenario: s, lang: 'ru', focus: 0, snapshot: null, status: 'finished', faultError: null } as unknown as Playground;
    const cells = panels.counters(pg);
    expect(cells.length).toBeGreaterThan(0);
    for (const c of cells) {
      for (const [what, text] of [['unit', c.unit], ['value', c.text], ['note', c.note]] as const) {
        expect(LATIN_UNIT.test(text ?? ''), `${s.id} ${c.testid} ${what}: «${text}»`).toBe(false);
      }
    }
    // A unit is written once: a label that names it ("Lag age, s") has none after its value.
    for (const lang of ['en', 'ru'] as const) {
      for (const c of panels.counters({ ...pg, lang } as Playground)) {
        if (/, (?:s|с|ms|мс|\/s|\/с|MB|МБ|%)$/.test(c.label)) expect(c.unit ?? '', `${s.id} ${lang} ${c.testid}: «${c.label}» and «${c.text} ${c.unit}»`).toBe('');
      }
    }
  });

  it.each(shipped.map((s) => [s.id, s] as const))('%s: every settings tooltip says what the field accepts in Russian', async (_id, s) => {
    const sections = await (await pageFor(s.model).panels()).settings();
    const titles = (lang: 'en' | 'ru') =>
      buildView(sections, s, [], lang).flatMap((sec) => sec.fields.flatMap((f) => [{ kind: f.control.kind, title: f.title, range: f.range }, ...f.items.flatMap((it) => it.fields.map((x) => ({ kind: 'item', title: x.title, range: null })))]));
    const ru = titles('ru');
    expect(ru.length).toBeGreaterThan(0);
    for (const { title } of ru) {
      expect(title, s.id).not.toMatch(/must be|one of:/);
      expect(LATIN_UNIT.test(title), `${s.id}: «${title}»`).toBe(false);
      // The default in Russian: a decimal comma, never a point between digits.
      expect(title, s.id).not.toMatch(/по умолчанию: [^\n]*\d\.\d/);
    }
    // Every number field with a range gives it (retention.bytes, −1 or ≥ 1024, has none: its hint says −1).
    for (const { kind, title, range } of ru) if (kind === 'number' && range !== null) expect(title, s.id).toMatch(/допустимо: /);
    // The English page keeps the schema's own words, as the CLI prints them.
    expect(titles('en').some(({ title }) => /must be/.test(title))).toBe(true);
  });
});
