/** Presenter mode's lesson pages: a step's prose as sentences, and pages of as many blocks as fit. */
import { describe, expect, it } from 'vitest';
import { blockCount, onPage, paragraphOnPage, proseBlocks } from '../../src/app/shell/lesson-prose.ts';
import { measurePages } from '../../src/app/shell/lesson-pages.ts';

describe('proseBlocks', () => {
  it('splits paragraphs at blank lines and sentences at their ends, keeping every character', () => {
    const text = 'ρ = 0.9 gives W = 10 s. It grows.\nA new line stays!\n\n«Цитата» стоит. 3 партиции — и всё?  Да.';
    const paras = proseBlocks(text, 2);
    expect(paras.map((p) => p.sentences)).toEqual([
      ['ρ = 0.9 gives W = 10 s. ', 'It grows.\n', 'A new line stays!'],
      ['«Цитата» стоит. ', '3 партиции — и всё?  ', 'Да.'],
    ]);
    expect(paras.map((p) => p.first)).toEqual([2, 5]);
    expect(blockCount(paras)).toBe(8);
    // Nothing lost or added within a paragraph.
    expect(paras[0].sentences.join('')).toBe(text.split('\n\n')[0]);
  });

  it('does not split inside numbers, lower-case continuations or a closing quote', () => {
    expect(proseBlocks('Lag 1.5 s, then 2.0 s. e.g. this stays; «Так.» Дальше.')[0].sentences).toEqual(['Lag 1.5 s, then 2.0 s. e.g. this stays; «Так.» ', 'Дальше.']);
    expect(proseBlocks('')).toEqual([]);
    expect(proseBlocks('\n\n  \n\nOne.')).toEqual([{ first: 0, sentences: ['One.'] }]);
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
