import { describe, expect, it } from 'vitest';
import { agreeAfter, agreeShown, pluralForm, ruForm, shownNumber } from '../../src/content/ru-plural.ts';
import { fill, piecesText, type EvalContext } from '../../src/content/question-eval.ts';

describe('Russian number agreement', () => {
  it('picks one, few or many by the last two digits; a fraction takes few', () => {
    expect([0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 112, 1_000_001].map(ruForm)).toEqual([
      'many', 'one', 'few', 'few', 'many', 'many', 'many', 'many', 'one', 'few', 'many', 'one', 'many', 'many', 'one',
    ]);
    expect(ruForm(2.5)).toBe('few');
    expect(ruForm(0.5)).toBe('few');
  });

  it('rewrites the noun after a number whatever form the author wrote', () => {
    expect(agreeAfter(2972, ' записей, и')).toBe(' записи, и');
    expect(agreeAfter(1, ' записей')).toBe(' запись');
    expect(agreeAfter(5, ' запись.')).toBe(' записей.');
    expect(agreeAfter(3, ' раз медленнее')).toBe(' раза медленнее');
    expect(agreeAfter(2.5, ' заказов')).toBe(' заказа');
    expect(agreeAfter(21, ' партиций')).toBe(' партиция');
  });

  it('agrees an adjective before the noun after 1, by the noun’s gender', () => {
    expect(agreeAfter(1, ' подтверждённых событий')).toBe(' подтверждённое событие');
    expect(agreeAfter(3, ' подтверждённых событий')).toBe(' подтверждённых события');
    expect(agreeAfter(1, ' живых клиентов')).toBe(' живой клиент');
    expect(agreeAfter(41, ' повторных запросов')).toBe(' повторный запрос');
  });

  it('leaves units, compound units, unknown words and other cases as written', () => {
    expect(agreeAfter(2, ' с')).toBe(' с');
    expect(agreeAfter(2, ' партиция·с')).toBe(' партиция·с');
    expect(agreeAfter(2, ' запросах/с')).toBe(' запросах/с');
    expect(agreeAfter(2, ' живых ключах')).toBe(' живых ключах');
    expect(agreeAfter(2, ', и записей')).toBe(', и записей');
    expect(agreeAfter(2, 'записей')).toBe('записей');
  });

  it('agrees with the number as shown', () => {
    expect(agreeShown('2 972', ' записей')).toBe(' записи');
    expect(agreeShown('1', ' записей')).toBe(' запись');
    expect(agreeShown('2,5', ' записей')).toBe(' записи');
    expect(agreeShown('—', ' записей')).toBe(' записей');
  });

  it('reads a number as shown: grouped digits, a decimal comma (a point in English), a minus sign', () => {
    expect(['1\u00a0951', '1 951', '2\u202f972', '2,5', '−3', '0', '1951'].map((s) => shownNumber(s))).toEqual([1951, 1951, 2972, 2.5, -3, 0, 1951]);
    expect(['1,951', '2.5', '−1'].map((s) => shownNumber(s, 'en'))).toEqual([1951, 2.5, -1]);
    for (const s of ['—', '', '12\u00a0тыс.', '2k', '…']) expect(shownNumber(s), s).toBeNaN();
  });

  it('picks a message’s form: one|few|many, a fraction few or its own fourth form, English one|other', () => {
    const ru = ['запись', 'записи', 'записей'];
    expect([1, 2, 5, 11, 21, 1951, 2.5, 0].map((n) => pluralForm(ru, n, 'ru'))).toEqual(['запись', 'записи', 'записей', 'записей', 'запись', 'запись', 'записи', 'записей']);
    const gen = ['вызова', 'вызовов', 'вызовов', 'вызова'];
    expect([1, 2, 5, 21, 1951, 476, 2.5].map((n) => pluralForm(gen, n, 'ru'))).toEqual(['вызова', 'вызовов', 'вызовов', 'вызова', 'вызова', 'вызовов', 'вызова']);
    // Not a number ("—", "12 тыс."): many, never the fraction's form.
    expect([pluralForm(ru, NaN, 'ru'), pluralForm(gen, NaN, 'ru')]).toEqual(['записей', 'вызовов']);
    expect([1, 2, 1.5, 0, NaN].map((n) => pluralForm(['record', 'records'], n, 'en'))).toEqual(['record', 'records', 'records', 'records', 'records']);
    // English forms in a Russian message (a key the Russian table lacks): the last for few and many.
    expect([1, 2, 5].map((n) => pluralForm(['record', 'records'], n, 'ru'))).toEqual(['record', 'records', 'records']);
  });

  it('a question’s Russian text agrees with the run’s number; English is untouched', () => {
    const ctx = (n: number): EvalContext => ({ a: { summary: { outputDuplicates: n }, scenario: {} }, b: null, headline: [] });
    const ru = '{a.summary.outputDuplicates} результатов';
    expect(piecesText(fill(ru, ctx(2972), 'ru'))).toBe('2\u00a0972 результата');
    expect(piecesText(fill(ru, ctx(1), 'ru'))).toBe('1 результат');
    expect(piecesText(fill(ru, ctx(5), 'ru'))).toBe('5 результатов');
    expect(piecesText(fill('{a.summary.outputDuplicates} results', ctx(1), 'en'))).toBe('1 results');
  });
});
