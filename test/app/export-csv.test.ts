import { describe, expect, it } from 'vitest';
import { csvNumber, seriesCsv } from '../../src/app/charts/export.ts';

describe('chart CSV', () => {
  it('writes numbers to 12 significant digits, without a mean’s float noise', () => {
    expect(csvNumber(116.99999999999999)).toBe('117');
    expect(csvNumber(219.50000000000003)).toBe('219.5');
    expect(csvNumber(0.1 + 0.2)).toBe('0.3');
    expect(csvNumber(1234567.891)).toBe('1234567.891');
    expect(csvNumber(1e-9)).toBe('1e-9');
    expect(csvNumber(NaN)).toBe('NaN');
  });

  it('rows are series, time and value, after the title and source lines', () => {
    const csv = seriesCsv('Лаг, записей', [{ label: 'всего', cols: { t: [0.1 + 0.2, 1], mean: [116.99999999999999, 2] } as never }], {
      title: 'Чёрная пятница',
      scenario: 'black-friday',
      seed: 1,
      link: 'http://x/#v2.a',
    });
    expect(csv.split('\n').slice(0, 5)).toEqual(['# Лаг, записей — Чёрная пятница', expect.stringMatching(/^# QueueLab .* · scenario black-friday · seed 1 · http:\/\/x\/#v2\.a$/), 'series,t_s,value', 'всего,0.3,117', 'всего,1,2']);
  });
});

describe('slide counters', () => {
  it('a note wraps at spaces onto at most two lines, the rest cut with an ellipsis', async () => {
    const { wrapLines } = await import('../../src/app/shell/slide.ts');
    expect(wrapLines('партиции стоят при переезде', 20, 2)).toEqual(['партиции стоят при', 'переезде']);
    expect(wrapLines('OK', 20, 2)).toEqual(['OK']);
    expect(wrapLines('one two three four five six', 9, 2)).toEqual(['one two', 'three fo…']);
    expect(wrapLines('', 10, 2)).toEqual([]);
  });
});
