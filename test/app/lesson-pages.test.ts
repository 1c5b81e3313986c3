/** Presenter mode's lesson pages: a step's prose as sentences, and pages of as many blocks as fit. */
import { describe, expect, it } from 'vitest';
import { bindNumbers, blockCount, onPage, paragraphOnPage, proseBlocks } from '../../src/app/shell/lesson-prose.ts';
import { measurePages } from '../../src/app/shell/lesson-pages.ts';

describe('proseBlocks', () => {
  it('splits paragraphs at blank lines and sentences at their ends, keeping every character but the spaces it binds', () => {
    const text = 'ρ = 0.9 gives W = 10 s. It grows.\nA new line stays!\n\n«Цитата» стоит. 3 партиции — и всё?  Да.';
    const paras = proseBlocks(text, 2);
    expect(paras.map((p) => p.sentences)).toEqual([
      ['ρ = 0.9 gives W = 10\u00a0s. ', 'It grows.\n', 'A new line stays!'],
      ['«Цитата» стоит. ', '3 партиции — и всё?  ', 'Да.'],
    ]);
    expect(paras.map((p) => p.first)).toEqual([2, 5]);
    expect(blockCount(paras)).toBe(8);
    // Nothing lost or added within a paragraph: only a space between a number and its unit is a no-break one.
    expect(paras[0].sentences.join('')).toBe(bindNumbers(text.split('\n\n')[0]));
  });

  it('does not split inside numbers, lower-case continuations or a closing quote', () => {
    expect(proseBlocks('Lag 1.5 s, then 2.0 s. e.g. this stays; «Так.» Дальше.')[0].sentences).toEqual(['Lag 1.5\u00a0s, then 2.0\u00a0s. e.g. this stays; «Так.» ', 'Дальше.']);
    expect(proseBlocks('')).toEqual([]);
    expect(proseBlocks('\n\n  \n\nOne.')).toEqual([{ first: 0, sentences: ['One.'] }]);
  });
});

describe('bindNumbers: a number stays whole and with its unit on one line', () => {
  const NB = '\u00a0';
  const WJ = '\u2060';

  it('a no-break space before a unit or %, in either language', () => {
    // The reviewer's lines: «~100 / %», «95 / %-х интервалов», «213 / с».
    expect(bindNumbers('загружен на ~100 %, остальные — до ~60 %: одной')).toBe(`загружен на ~100${NB}%, остальные — до ~60${NB}%: одной`);
    expect(bindNumbers('в пределах 95 %-х интервалов')).toBe(`в пределах 95${NB}%-х интервалов`);
    expect(bindNumbers('пик 213 с.')).toBe(`пик 213${NB}с.`);
    expect(bindNumbers('30–40 % headroom, 1–2 s backoffs, p99 250 ms, 2 min, 3 h')).toBe(`30–40${NB}% headroom, 1–2${NB}s backoffs, p99 250${NB}ms, 2${NB}min, 3${NB}h`);
    for (const u of ['с', 'мс', 'мин', 'ч', 's', 'ms', 'min', 'h', 'МБ', 'MB', 'КБ', 'KB', 'ГБ', 'GB', 'МиБ', 'KiB', '/с', '/s', 'записей/с', 'msg/s', 'байт', 'bytes']) {
      expect(bindNumbers(`12 ${u}.`), u).toMatch(new RegExp(`^12${NB}`));
      expect(bindNumbers(`0,5 ${u}`), u).toMatch(new RegExp(`^0,5${NB}`));
    }
  });

  it('a word joiner after a rate’s "/", where a browser may break («1,2/ | с»)', () => {
    expect(bindNumbers('а не предложенные 1,2/с; с ней')).toBe(`а не предложенные 1,2/${WJ}с; с ней`);
    expect(bindNumbers('λ = 1,2 /с')).toBe(`λ = 1,2${NB}/${WJ}с`);
    expect(bindNumbers('5 000 записей/с и 300 msg/s')).toBe(`5${NB}000${NB}записей/${WJ}с и 300${NB}msg/${WJ}s`);
  });

  it('a no-break space inside a number’s digit groups', () => {
    expect(bindNumbers('лаг 16 137 записей, 1 000 000 строк')).toBe(`лаг 16${NB}137 записей, 1${NB}000${NB}000 строк`);
    // A name with digits is not the first group of a number.
    expect(bindNumbers('p99 250 и P0 123')).toBe('p99 250 и P0 123');
  });

  it('leaves the rest alone: words, arithmetic, numbers that are not grouped, a line break', () => {
    for (const t of ['10 000 / 100 = 1', 'at 5 seconds', 'в 3 случаях', 'записей/сообщений', '2 2 2', '0,9 100 раз', 'ρ = 0.9 gives', '5\nс', '1/μ']) {
      const out = bindNumbers(t);
      expect(out.replace(/\u00a0/g, ' ').replace(/\u2060/g, ''), t).toBe(t);
    }
    expect(bindNumbers('10 000 / 100 = 1')).toBe(`10${NB}000 / 100 = 1`);
    expect(bindNumbers('at 5 seconds, в 3 случаях, 0,9 100 раз, 5\nс, 1/μ')).toBe('at 5 seconds, в 3 случаях, 0,9 100 раз, 5\nс, 1/μ');
  });

  it('the prose of a step comes out bound', () => {
    expect(proseBlocks('Выход 0,97/с, а не 1,2/с. Отказов ~19 %.')[0].sentences).toEqual([`Выход 0,97/${WJ}с, а не 1,2/${WJ}с. `, `Отказов ~19${NB}%.`]);
  });
});

describe('pages', () => {
  it('a block and a paragraph are on a page by the pages’ first blocks', () => {
    const starts = [0, 3, 5];
    expect([0, 1, 2, 3, 4, 5, 9].map((i) => [0, 1, 2].findIndex((p) => onPage(starts, p, i)))).toEqual([0, 0, 0, 1, 1, 2, 2]);
    const para = { first: 2, sentences: ['a', 'b'] };
    expect([0, 1, 2].map((p) => paragraphOnPage(starts, p, para))).toEqual([true, true, false]);
  });

  /** Blocks of these heights, in a page of `room`: fits() sums the heights shown. */
  function run(heights: number[], room: number, paras: { first: number; count: number }[] = []) {
    const blocks = heights.map(() => ({ hidden: false }) as HTMLElement);
    const els = paras.map((p) => ({ el: { hidden: false } as HTMLElement, ...p }));
    const seen: number[][] = [];
    const starts = measurePages(blocks, els, () => {
      const shown = heights.filter((_, i) => !blocks[i].hidden);
      seen.push(els.map((p) => (p.el.hidden ? 0 : 1)));
      return shown.reduce((a, h) => a + h, 0) <= room;
    });
    return { starts, blocks, els, seen };
  }

  it('fills each page with as many blocks as fit, one at least, and shows everything again after', () => {
    const r = run([40, 50, 30, 90, 200, 10, 10], 100);
    // 40+50 | 30 (30+90 > 100) | 90 | 200 (too tall for any page: alone) | 10+10
    expect(r.starts).toEqual([0, 2, 3, 4, 5]);
    expect(r.blocks.every((b) => !b.hidden)).toBe(true);
    expect(run([10, 10, 10], 100).starts).toEqual([0]);
    expect(run([], 100).starts).toEqual([0]);
  });

  it('hides a paragraph none of whose blocks is tried, so that it leaves no gap', () => {
    const r = run([40, 40, 40, 40], 90, [
      { first: 0, count: 2 },
      { first: 2, count: 2 },
    ]);
    expect(r.starts).toEqual([0, 2]);
    // Trying blocks 0–1: only the first paragraph; blocks 2–3: only the second; 0–2 or 2–3: as they fall.
    expect(r.seen).toContainEqual([1, 0]);
    expect(r.seen).toContainEqual([0, 1]);
    expect(r.els.every((p) => !p.el.hidden)).toBe(true);
  });
});
