import { describe, expect, it } from 'vitest';
import { defaultSpeed, parseSpeedKey, speedChoices, speedKey } from '../../src/app/speed.ts';
import { decimalsFor, durationAxis, fmt, fmtDuration, fmtInt, fmtPM, fmtShort, fmtTick } from '../../src/app/format.ts';
import { fmtShortSet } from '../../src/app/format-more.ts';
import { littleView } from '../../src/app/panels/station/little.ts';
import { MESSAGES } from '../../src/app/i18n.ts';
import { SWEEP_MESSAGES } from '../../src/app/shell/sweep-text.ts';
import { TOOL_MESSAGES } from '../../src/app/shell/tools-text.ts';
import { KAFKA_MESSAGES } from '../../src/app/panels/kafka/text.ts';
import { AUTOSCALER_MESSAGES } from '../../src/app/panels/kafka/autoscaler-text.ts';
import { STATION_MESSAGES, stranslate } from '../../src/app/panels/station/text.ts';
import { createModel } from '../../src/run/run.ts';
import { buildSummary } from '../../src/run/models/station/summary.ts';
import type { Station } from '../../src/sim/model/station/station.ts';
import { SHIPPED_FOR_TEST } from './fixtures.ts';

describe('speed', () => {
  it('offers ladder speeds that leave at least half a second of wall time, then max', () => {
    const c = speedChoices(1000);
    expect(c.at(-1)).toBe('max');
    expect(c).toContain(1);
    expect(c).toContain(1000);
    expect(c).toContain(2000 / 2);
    expect(c).not.toContain(3000);
  });

  it('defaults to the slowest speed that finishes within five seconds', () => {
    expect(defaultSpeed(1_000_000)).toBe(300_000);
    expect(defaultSpeed(300_000)).toBe(100_000);
    expect(defaultSpeed(2_000_000)).toBe(1_000_000);
    expect(defaultSpeed(4)).toBe(1);
  });

  it('round-trips speeds through form values', () => {
    for (const s of [1, 300_000, 'max'] as const) expect(parseSpeedKey(speedKey(s))).toBe(s);
    expect(parseSpeedKey('fast')).toBeNull();
    expect(parseSpeedKey('0')).toBeNull();
  });
});

describe('format', () => {
  it('rounds a mean to the precision of its half-width', () => {
    expect(fmtPM('en', 9.015970526, 0.31565)).toEqual({ mean: '9.02', hw: '0.32' });
    expect(fmtPM('en', 0.80012, 0.0123, 100)).toEqual({ mean: '80.0', hw: '1.2' });
    expect(fmtPM('en', 5, null)).toEqual({ mean: '5', hw: null });
    expect(fmtPM('en', null, 1)).toEqual({ mean: '—', hw: null });
    expect(decimalsFor(0)).toBe(3);
  });

  it('uses the decimal comma and spaces for Russian', () => {
    expect(fmt('ru', 9.0159)).toBe('9,016');
    expect(fmtInt('ru', 1_800_988).replace(/\s/g, ' ')).toBe('1 800 988');
    expect(fmtInt('en', 1_800_988)).toBe('1,800,988');
  });

  it('shortens big tick values and shows a dash for missing numbers', () => {
    expect(fmtTick('en', 200_000)).toBe('200k');
    expect(fmtTick('en', 1_500_000)).toBe('1.5M');
    expect(fmtTick('en', 250)).toBe('250');
    // Russian has no "k" and "M": thousands and millions are «тыс.» and «млн», never split from the number.
    expect(fmtTick('ru', 200_000)).toBe('200\u00a0тыс.');
    expect(fmtTick('ru', 1_500_000)).toBe('1,5\u00a0млн');
    expect(fmtTick('ru', 7000).replace(/\s/g, ' ')).toBe('7 000');
  });

  it('y ticks and counters write thousands short: "2.5k" in English, whole in Russian', () => {
    expect(fmtShort('en', 2500)).toBe('2.5k');
    expect(fmtShort('en', 999)).toBe('999');
    expect(fmtShort('en', 25_000)).toBe('25k');
    expect(fmtShort('ru', 2500).replace(/\s/g, ' ')).toBe('2 500');
    expect(fmtShort('ru', 25_000)).toBe('25\u00a0тыс.');
    expect(fmtShort('ru', 3_600_000)).toBe('3,6\u00a0млн');
    // A narrow cell's pair: English letters on each, Russian at one scale with the word said once.
    expect(fmtShortSet('en', [89_900, 60_000])).toEqual({ texts: ['89.9k', '60k'], scale: '' });
    expect(fmtShortSet('ru', [89_900, 60_012])).toEqual({ texts: ['89,9', '60'], scale: 'тыс.' });
    expect(fmtShortSet('ru', [3_600_000, 950_000])).toEqual({ texts: ['3,6', '0,95'], scale: 'млн' });
    expect(fmtShortSet('ru', [302, 172])).toEqual({ texts: ['302', '172'], scale: '' });
    for (const x of [1, 1500, 12_345, 2e6]) expect(fmtShort('ru', x)).not.toMatch(/\d\s*[kKMкК]$/);
  });

  it('durations carry their unit, in milliseconds below a second', () => {
    expect(fmtDuration('en', 0.00135)).toBe('1.35 ms');
    expect(fmtDuration('ru', 0.00135)).toBe('1,35 мс');
    expect(fmtDuration('ru', 0.9994)).toBe('999 мс');
    expect(fmtDuration('ru', 0.9995)).toBe('1 с');
    expect(fmtDuration('en', 192.4)).toBe('192 s');
    expect(fmtDuration('ru', 1.5)).toBe('1,5 с');
    expect(fmtDuration('en', 0)).toBe('0 s');
    expect(fmtDuration('en', null)).toBe('—');
    // A chart's legend reads durations off a y axis labelled with the unit alone, in either language.
    expect(['s', 'с', 'ms', 'мс', 'W, s', 'records', 'записей/с'].map(durationAxis)).toEqual(['s', 's', 'ms', 'ms', null, null, null]);
    expect(fmt('en', null)).toBe('—');
    expect(fmt('en', Number.NaN)).toBe('—');
  });
});

describe('littleView', () => {
  it('reads L and λ·W from a finished run, with intervals that agree', () => {
    const scenario = { ...SHIPPED_FOR_TEST.mm1, duration: 200_000 };
    const model = createModel(scenario) as Station;
    model.run(scenario.duration);
    const s = buildSummary(scenario, model.stats());
    const v = littleView(s);
    expect(v.L).toBe(s.L.mean);
    expect(v.lambdaW).toBe(s.littlesLaw.lambdaW);
    expect(v.relDiff).toBe(s.littlesLaw.relDiff);
    expect(v.lambdaWhw).toBeGreaterThan(0);
    expect(v.verdict).toBe('agrees');
    expect(v.theoryL).toBeCloseTo(9, 9);
    expect(v.theoryModel).toBe('M/M/1');
  });

  it('is all nulls, verdict pending, before anything is loaded', () => {
    const { verdict, ...rest } = littleView(null);
    expect(verdict).toBe('pending');
    expect(Object.values(rest).every((x) => x === null)).toBe(true);
  });
});

describe('i18n', () => {
  it('has a real Russian text for every English key, in the page’s and every panel’s dictionary', () => {
    for (const table of [MESSAGES, KAFKA_MESSAGES, AUTOSCALER_MESSAGES, STATION_MESSAGES, SWEEP_MESSAGES, TOOL_MESSAGES] as Record<'en' | 'ru', Record<string, string>>[]) {
      expect(Object.keys(table.ru).sort()).toEqual(Object.keys(table.en).sort());
      for (const key of Object.keys(table.en)) {
        expect(table.ru[key], key).toBeTruthy();
        // Placeholders must survive translation.
        const ph = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort().join();
        expect(ph(table.ru[key]), key).toBe(ph(table.en[key]));
      }
    }
  });

  it('fills placeholders', () => {
    expect(stranslate('en', 'chart.legendTheory', { value: 9 })).toBe('theory L = 9');
    expect(stranslate('ru', 'chart.legendTheory', { value: '9' })).toBe('теория: L = 9');
  });
});
