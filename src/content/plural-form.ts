/**
 * The plural forms alone: which form of a word follows a number, and the number a text shows.
 * Apart from ru-plural.ts (the nouns' table and the rewriting of question texts) so that the page's
 * translate function (src/app/i18n.ts), on every first load, carries only these few lines.
 */

/** Russian plural form of n: "one" (1, 21, …), "few" (2–4, 22–24, …) or "many" (0, 5–20, 25, …); a fraction "few". */
export function ruForm(n: number): 'one' | 'few' | 'many' {
  if (!Number.isInteger(n)) return 'few';
  const a = Math.abs(n);
  const m10 = a % 10;
  const m100 = a % 100;
  return m10 === 1 && m100 !== 11 ? 'one' : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14) ? 'few' : 'many';
}

/**
 * The form of a word after the number `n`: `forms` are one|other in English, one|few|many in
 * Russian. A fraction takes few ("2,5 записи"), or a fourth form when one is given: after «из» the
 * genitive is singular after 1 and a fraction, plural after 2 — "из {n:вызова|вызовов|вызовов|вызова}".
 * A value that is not a number ("—", "12 тыс.") takes other / many: "12 тыс. записей". A list
 * shorter than that gives its last form for the rest.
 */
export function pluralForm(forms: readonly string[], n: number, lang: 'en' | 'ru'): string {
  let i: number;
  if (lang === 'en') i = Math.abs(n) === 1 ? 0 : 1;
  else if (!Number.isFinite(n)) i = 2;
  else if (!Number.isInteger(n) && forms.length > 3) i = 3;
  else i = { one: 0, few: 1, many: 2 }[ruForm(n)];
  return forms[Math.min(i, forms.length - 1)];
}

/**
 * The number a text shows — "2 972", "2,5", "−3" in Russian, "1,951" and "2.5" in English — or NaN
 * when it is not a bare number ("—", "12 тыс.", "2k").
 */
export function shownNumber(shown: string, lang: 'en' | 'ru' = 'ru'): number {
  const bare = shown.replace(/[\s\u00a0\u202f]/g, '').replace('−', '-');
  return bare === '' ? NaN : Number(lang === 'ru' ? bare.replace(',', '.') : bare.replace(/,/g, ''));
}
