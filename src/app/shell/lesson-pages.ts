/** Presenter mode's pages measured (loaded with LessonPager.svelte, in presenter mode only): see lesson-prose.ts. */

/**
 * Splits blocks into pages by trying them in the page: each page takes as many blocks, from where
 * the last one ended, as `fits()` allows (at least one, even one too tall for any page). `blocks`
 * are the block elements in order and `paras` the elements holding runs of them (a paragraph is
 * hidden when none of its sentences is shown, so that it leaves no gap). Every element is shown
 * again afterwards. Returns each page's first block.
 */
export function measurePages(blocks: readonly HTMLElement[], paras: readonly { el: HTMLElement; first: number; count: number }[], fits: () => boolean): number[] {
  const show = (from: number, to: number) => {
    blocks.forEach((b, i) => (b.hidden = i < from || i > to));
    for (const p of paras) p.el.hidden = p.first + p.count - 1 < from || p.first > to;
  };
  const starts = [0];
  for (let s = 0; s < blocks.length; ) {
    let j = s;
    while (j + 1 < blocks.length) {
      show(s, j + 1);
      if (!fits()) break;
      j++;
    }
    s = j + 1;
    if (s < blocks.length) starts.push(s);
  }
  blocks.forEach((b) => (b.hidden = false));
  for (const p of paras) p.el.hidden = false;
  return starts;
}
