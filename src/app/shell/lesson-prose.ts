/**
 * Presenter mode's pages of a lesson step (Lesson.svelte). At a projector's type size a step can be
 * taller than the lesson column; rather than a scroll box, it is shown in pages that each fit. A
 * page holds whole blocks: sentences of the step's prose, Watch items, the step's buttons. This
 * part is in the first load (the step is drawn as these blocks); measuring the pages is in
 * lesson-pages.ts, loaded with presenter mode's pager.
 */

/** A unit after a number: %, time, size, and a rate ("/с", "записей/с", "msg/s"). */
const UNIT = String.raw`(?:%|‰|мкс|мс|с|мин|ч|µs|ms|s|min|h|[КМГТ]и?Б|[KMGT]i?B|байт|bytes|\p{L}*\/(?:мс|с|мин|ч|ms|s|min|h))(?![\p{L}\d])`;
/** A rate's time unit after "/": the line may break after a "/" ("1,2/" | "с") unless a word joiner holds it. */
const PER = String.raw`\/(?=(?:мс|с|мин|ч|ms|s|min|h)(?![\p{L}\d]))`;
const SPACE_BEFORE_UNIT = new RegExp(String.raw`(?<=\d)[ \t]+(?=${UNIT})`, 'gu');
const SLASH_BEFORE_UNIT = new RegExp(String.raw`(?<=[\p{L}\d\u00a0])${PER}`, 'gu');
/** A space inside a number's digit groups ("16 137", "1 000 000"; not "p99 250"). */
const GROUP_SPACE = /(?<=(?<![\p{L}\d.,])\d{1,3}(?: \d{3})*) (?=\d{3}(?!\d))/gu;

/**
 * `text` with every number kept whole on its line and with its unit: a no-break space inside its
 * digit groups ("16 137") and before its unit ("~100 %", "95 %-х", "213 с", "5 000 записей/с"),
 * and a word joiner (U+2060) after the "/" of a rate ("1,2/с", "записей/с"), where a browser
 * would otherwise break.
 */
export function bindNumbers(text: string): string {
  return text.replace(GROUP_SPACE, '\u00a0').replace(SPACE_BEFORE_UNIT, '\u00a0').replace(SLASH_BEFORE_UNIT, '/\u2060');
}

/** A paragraph of a step's prose as sentences, and the block index of its first sentence. */
export interface Paragraph {
  first: number;
  sentences: string[];
}

/**
 * A step's prose as paragraphs (blank lines between them, as in the lesson's Markdown) of
 * sentences, each with the white space that follows it (a line break stays a line break). A
 * sentence ends at . ! ? or … (and a closing quote or bracket) before white space and a capital
 * letter, a digit or an opening quote — not inside "0.9" or "ρ = 0.9, so". A number stays whole
 * with its unit ({@link bindNumbers}). Block indices count from `first`.
 */
export function proseBlocks(text: string, first = 0): Paragraph[] {
  const out: Paragraph[] = [];
  let next = first;
  for (const para of text.split(/\n[ \t]*\n/)) {
    if (para.trim() === '') continue;
    const parts = para.trim().split(/(?<=[.!?…]["»”)]*)(\s+)(?=[A-ZА-ЯЁ0-9«"“(])/u);
    const sentences: string[] = [];
    for (let i = 0; i < parts.length; i += 2) sentences.push(bindNumbers(parts[i]) + (parts[i + 1] ?? ''));
    out.push({ first: next, sentences });
    next += sentences.length;
  }
  return out;
}

/** The number of blocks the paragraphs hold. */
export function blockCount(paras: readonly Paragraph[]): number {
  const last = paras[paras.length - 1];
  return last ? last.first + last.sentences.length : 0;
}

/** Block i lies on the page that starts at block `starts[page]`. */
export function onPage(starts: readonly number[], page: number, i: number): boolean {
  return i >= starts[page] && (page + 1 >= starts.length || i < starts[page + 1]);
}

/** A paragraph has a sentence on the page. */
export function paragraphOnPage(starts: readonly number[], page: number, p: Paragraph): boolean {
  const to = page + 1 < starts.length ? starts[page + 1] : Infinity;
  return p.first < to && p.first + p.sentences.length > starts[page];
}
