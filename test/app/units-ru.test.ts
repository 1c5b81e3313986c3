/**
 * The Russian page writes its units in Russian: no counter of any model, on any shipped scenario,
 * shows "/s", "s", "ms" or "MB" next to a number (the Russian page reads "/с", "с", "мс", "МБ").
 */
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/index.ts';
import { pageFor } from '../../src/app/registry.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';
import { unitText } from '../../src/app/format.ts';
import { allShipped, liveToEnd } from './fixtures.ts';

const shipped = allShipped();

/** A Latin unit after a number (or alone, as a counter's unit). */
const LATIN_UNIT = /(?:^|[\d\s\u00a0\u202f])(?:\/s|s|ms|MB|p·s)(?![\p{L}\d])/u;

describe('units in Russian', () => {
  it('the unit mapping: Russian for the units the page shows, the rest as they are', () => {
    expect(['/s', 's', 'ms', 'MB', 'p·s', '%', ''].map((u) => unitText(u, 'ru'))).toEqual(['/с', 'с', 'мс', 'МБ', 'п·с', '%', '']);
    expect(['/s', 's', 'ms', 'MB', 'p·s'].map((u) => unitText(u, 'en'))).toEqual(['/s', 's', 'ms', 'MB', 'p·s']);
    for (const u of ['/s', 's', 'ms', 'MB', 'p·s']) {
      expect(LATIN_UNIT.test(`12 ${u}`), u).toBe(true);
      expect(LATIN_UNIT.test(`12 ${unitText(u, 'ru')}`), u).toBe(false);
    }
    // Words that merely contain the letters are not units.
    expect(LATIN_UNIT.test('3 ISR members · acks=all · 2 records')).toBe(false);
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
  });
});
