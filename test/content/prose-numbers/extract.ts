/**
 * Finds every number a lesson file writes, so that a test can require each one to be accounted for.
 *
 * What counts as a number:
 * - digits, with thousands grouped by a comma (English only: `150,000`) or by a space — normal,
 *   no-break (U+00A0), thin (U+2009) or narrow no-break (U+202F) — in either language
 *   (`150 000`, `3 070 897`);
 * - a decimal part: `3.5` in English; `3,5` (and, for version numbers, `3.0`) in Russian;
 * - a vulgar fraction, alone or after digits: `½`, `3½` (= 3.5);
 * - a range written with an en dash: `30–40`, `49–50`, `1–2` — one token, `value` the low end and
 *   `hi` the high end;
 * - whatever stands around it does not matter: `×8`, `90 %`, `t = 120 s`, `orders-3`, `13th`,
 *   `M/M/4`, `orders.retry.5s` all give a number. Only digits glued to a preceding letter or `_`
 *   are part of a name and not numbers: `p99`, `murmur2`, `log4j`.
 * - the words in {@link WORDS} (English and Russian), whole words, any case.
 *
 * Lines read: the front matter's `title`, `oneLine` and `fixHint`, and every line after it. The
 * front matter's `fix`, `tags` and `difficulty` are data, not prose, and are not read; nor is the
 * target list that starts a Watch bullet (`- [chart-lag] …`).
 */
import type { Lang } from '../../../src/content/lesson.ts';

export interface NumberToken {
  /** 1-based line and column (in UTF-16 code units) in the file. */
  line: number;
  col: number;
  /** The text as written, e.g. `150,000`, `3½`, `30–40`, `вдвое`. */
  text: string;
  /** The value it writes (the low end of a range); for a word, the value in {@link WORDS}. */
  value: number;
  /** The high end of a range. */
  hi?: number;
  word: boolean;
  /** Written after "=": stated as exact, not rounded ("ρ = 0.72", "rebalances = 2"). */
  exact: boolean;
}

/**
 * Number words that are recognised, with the value each stands for. Left out on purpose, because
 * in these texts they are almost never quantities: "one" / «один» (an article or pronoun: "one
 * server", "one after another"), ordinals used as order ("first", "second" — also a unit of time —
 * "third"; «первый», «второй»), "once", "single", "both", "few" / «несколько». A fraction that is
 * also an ordinal ("a fifth", "a sixth") is recognised, and an entry says which it is.
 */
export const WORDS: Record<Lang, Record<string, number>> = {
  en: {
    zero: 0,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    twenty: 20,
    thirty: 30,
    forty: 40,
    fifty: 50,
    hundred: 100,
    hundreds: 100,
    thousand: 1000,
    thousands: 1000,
    tens: 10,
    dozen: 12,
    dozens: 12,
    twice: 2,
    double: 2,
    doubles: 2,
    triple: 3,
    half: 0.5,
    halves: 0.5,
    halved: 0.5,
    quarter: 0.25,
    fifth: 0.2,
    sixth: 1 / 6,
    tenth: 0.1,
  },
  ru: {
    ноль: 0,
    нуля: 0,
    нулю: 0,
    нулём: 0,
    нулевой: 0,
    нулевого: 0,
    нулевым: 0,
    два: 2,
    две: 2,
    двух: 2,
    двум: 2,
    двумя: 2,
    три: 3,
    трёх: 3,
    трех: 3,
    трём: 3,
    тремя: 3,
    четыре: 4,
    четырёх: 4,
    четырём: 4,
    четырьмя: 4,
    пять: 5,
    пяти: 5,
    шесть: 6,
    шести: 6,
    семь: 7,
    семи: 7,
    восемь: 8,
    восьми: 8,
    девять: 9,
    десять: 10,
    десяти: 10,
    двенадцать: 12,
    двадцать: 20,
    тридцать: 30,
    сорок: 40,
    пятьдесят: 50,
    сто: 100,
    сотни: 100,
    сотня: 100,
    сотен: 100,
    сотню: 100,
    сотней: 100,
    тысяча: 1000,
    тысячи: 1000,
    тысяч: 1000,
    тысячу: 1000,
    тысячами: 1000,
    десятки: 10,
    десятков: 10,
    десятками: 10,
    дюжина: 12,
    вдвое: 2,
    втрое: 3,
    вчетверо: 4,
    впятеро: 5,
    вшестеро: 6,
    вдесятеро: 10,
    дважды: 2,
    трижды: 3,
    половина: 0.5,
    половину: 0.5,
    половины: 0.5,
    половиной: 0.5,
    вполовину: 0.5,
    полчаса: 0.5,
    полтора: 1.5,
    четверть: 0.25,
    четверти: 0.25,
    треть: 1 / 3,
    трети: 1 / 3,
    пятая: 0.2,
    пятую: 0.2,
    пятой: 0.2,
    шестая: 1 / 6,
    шестую: 1 / 6,
    шестой: 1 / 6,
    десятая: 0.1,
  },
};

const FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 0.125 };
const FRACTION = `[${Object.keys(FRACTIONS).join('')}]`;
const SPACE = '[ \\u00A0\\u2009\\u202F]';

/** One number, without the range: integer part (thousands grouped), decimal part, fraction. */
function single(lang: Lang): string {
  const group = lang === 'en' ? `(?:,|${SPACE})` : SPACE;
  const decimal = lang === 'en' ? '\\.' : '[.,]';
  return `(?:\\d{1,3}(?:${group}\\d{3})+(?!\\d)|\\d+)(?:${decimal}\\d+)?${FRACTION}?|${FRACTION}`;
}

function numberRegex(lang: Lang): RegExp {
  const one = single(lang);
  return new RegExp(`(?<![\\p{L}_\\d])(${one})(?:–(${one}))?`, 'gu');
}

function wordRegex(lang: Lang): RegExp {
  const words = Object.keys(WORDS[lang]).sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}_])(?:${words.join('|')})(?![\\p{L}\\p{N}_])`, 'giu');
}

/** The value of one number as written (no range). */
export function parseNumber(text: string, lang: Lang): number {
  let t = text.replace(/[ \u00A0\u2009\u202F]/g, '');
  let frac = 0;
  const last = t.slice(-1);
  if (Object.hasOwn(FRACTIONS, last)) {
    frac = FRACTIONS[last];
    t = t.slice(0, -1);
  }
  if (lang === 'en') t = t.replace(/,/g, '');
  else t = t.replace(',', '.');
  return (t === '' ? 0 : Number(t)) + frac;
}

/** Every number in one line of text. */
export function numbersInLine(text: string, lang: Lang, line = 1): NumberToken[] {
  const out: NumberToken[] = [];
  for (const m of text.matchAll(numberRegex(lang))) {
    const exact = /=\s*$/.test(text.slice(0, m.index));
    const t: NumberToken = { line, col: m.index + 1, text: m[0], value: parseNumber(m[1], lang), word: false, exact };
    if (m[2] !== undefined) t.hi = parseNumber(m[2], lang);
    out.push(t);
  }
  for (const m of text.matchAll(wordRegex(lang))) {
    out.push({ line, col: m.index + 1, text: m[0], value: WORDS[lang][m[0].toLowerCase()], word: true, exact: false });
  }
  return out.sort((a, b) => a.col - b.col);
}

/** The lines of a lesson file that are prose: 1-based line number and text. */
export function proseLines(text: string): [number, string][] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: [number, string][] = [];
  let i = 0;
  if (lines[0]?.trim() === '---') {
    for (i = 1; i < lines.length && lines[i].trim() !== '---'; i++) {
      if (/^(title|oneLine|fixHint)\s*:/.test(lines[i])) out.push([i + 1, lines[i].replace(/^\w+\s*:/, (k) => ' '.repeat(k.length))]);
    }
    i++;
  }
  // A Watch bullet's target list (`- [chart-lag, k-lagS] …`) names elements, it is not prose: blanked
  // out, keeping the columns.
  for (; i < lines.length; i++) out.push([i + 1, lines[i].replace(/^(-\s+)(\[[^\]]*\])/, (_, b: string, t: string) => b + ' '.repeat(t.length))]);
  return out;
}

/** Every number in a lesson file. */
export function numbersInFile(text: string, lang: Lang): NumberToken[] {
  return proseLines(text).flatMap(([n, line]) => numbersInLine(line, lang, n));
}
