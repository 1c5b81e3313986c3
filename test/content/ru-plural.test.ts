import { describe, expect, it } from 'vitest';
import { agreeAfter, agreeShown, ruForm } from '../../src/content/ru-plural.ts';
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

  it('a question’s Russian text agrees with the run’s number; English is untouched', () => {
    const ctx = (n: number): EvalContext => ({ a: { summary: { outputDuplicates: n }, scenario: {} }, b: null, headline: [] });
    const ru = '{a.summary.outputDuplicates} результатов';
    expect(piecesText(fill(ru, ctx(2972), 'ru'))).toBe('2\u00a0972 результата');
    expect(piecesText(fill(ru, ctx(1), 'ru'))).toBe('1 результат');
    expect(piecesText(fill(ru, ctx(5), 'ru'))).toBe('5 результатов');
    expect(piecesText(fill('{a.summary.outputDuplicates} results', ctx(1), 'en'))).toBe('1 results');
  });
});
