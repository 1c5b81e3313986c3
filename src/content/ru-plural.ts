/**
 * Russian number agreement: the noun after a number takes one of three forms — "1 запись",
 * "2 записи", "5 записей" — and a fraction the second ("2,5 записи"). A question's text is written
 * once with whatever form its author saw; a run's number differs, so {@link agreeAfter} rewrites
 * the noun (and an adjective before it) after each filled-in number. Only the words below are
 * touched: units ("с", "мс"), compound units ("партиция·с", "запросах/с") and other cases are left
 * as written. A message of the page names its forms itself (`{n:запись|записи|записей}`, see
 * makeTranslate in src/app/i18n.ts) and picks one with {@link pluralForm}.
 */

import { ruForm, shownNumber } from './plural-form.ts';

export { pluralForm, ruForm, shownNumber } from './plural-form.ts';

type Gender = 'm' | 'f' | 'n';
/** one, few, many, gender. */
const NOUNS: [string, string, string, Gender][] = [
  ['запись', 'записи', 'записей', 'f'],
  ['результат', 'результата', 'результатов', 'm'],
  ['заказ', 'заказа', 'заказов', 'm'],
  ['событие', 'события', 'событий', 'n'],
  ['сообщение', 'сообщения', 'сообщений', 'n'],
  ['попытка', 'попытки', 'попыток', 'f'],
  ['отчёт', 'отчёта', 'отчётов', 'm'],
  ['отправка', 'отправки', 'отправок', 'f'],
  ['запрос', 'запроса', 'запросов', 'm'],
  ['вызов', 'вызова', 'вызовов', 'm'],
  ['прогон', 'прогона', 'прогонов', 'm'],
  ['точка', 'точки', 'точек', 'f'],
  ['значение', 'значения', 'значений', 'n'],
  ['байт', 'байта', 'байт', 'm'],
  ['раз', 'раза', 'раз', 'm'],
  ['клиент', 'клиента', 'клиентов', 'm'],
  ['ключ', 'ключа', 'ключей', 'm'],
  ['партиция', 'партиции', 'партиций', 'f'],
  ['брокер', 'брокера', 'брокеров', 'm'],
  ['воркер', 'воркера', 'воркеров', 'm'],
  ['консьюмер', 'консьюмера', 'консьюмеров', 'm'],
  ['изменение', 'изменения', 'изменений', 'n'],
  ['регистрация', 'регистрации', 'регистраций', 'f'],
  ['платёж', 'платежа', 'платежей', 'm'],
  ['списание', 'списания', 'списаний', 'n'],
  ['обработчик', 'обработчика', 'обработчиков', 'm'],
  ['дубль', 'дубля', 'дублей', 'm'],
  ['ребаланс', 'ребаланса', 'ребалансов', 'm'],
  ['элемент', 'элемента', 'элементов', 'm'],
  ['строка', 'строки', 'строк', 'f'],
  ['поток', 'потока', 'потоков', 'm'],
  ['участник', 'участника', 'участников', 'm'],
  ['слот', 'слота', 'слотов', 'm'],
  ['повтор', 'повтора', 'повторов', 'm'],
];

/** Adjectives as the text writes them after a number (genitive plural), and their form after 1 by gender. */
const ADJECTIVES: Record<string, Record<Gender, string>> = {
  подтверждённых: { m: 'подтверждённый', f: 'подтверждённая', n: 'подтверждённое' },
  живых: { m: 'живой', f: 'живая', n: 'живое' },
  повторённых: { m: 'повторённый', f: 'повторённая', n: 'повторённое' },
  повторных: { m: 'повторный', f: 'повторная', n: 'повторное' },
  отправленных: { m: 'отправленный', f: 'отправленная', n: 'отправленное' },
  потерянных: { m: 'потерянный', f: 'потерянная', n: 'потерянное' },
};

const BY_FORM = new Map<string, (typeof NOUNS)[number]>();
for (const n of NOUNS) for (const f of n.slice(0, 3) as string[]) BY_FORM.set(f, n);

/** A word and what follows it; not a word followed by "·" or "/" (a compound unit). */
const WORD = /^(\s+)([а-яё]+)(?![а-яё·/])/i;

/**
 * `text` — what follows the number `n` in a Russian sentence — with its first noun (after at most
 * one adjective from the table) in the form `n` asks for. Text that does not start with a known
 * noun comes back unchanged.
 */
export function agreeAfter(n: number, text: string): string {
  const first = WORD.exec(text);
  if (!first) return text;
  let rest = text.slice(first[0].length);
  let adj: string | null = null;
  let sp = '';
  let noun = first[2];
  if (first[2].toLowerCase() in ADJECTIVES) {
    const second = WORD.exec(rest);
    if (!second) return text;
    adj = first[2];
    sp = second[1];
    noun = second[2];
    rest = rest.slice(second[0].length);
  }
  const entry = BY_FORM.get(noun.toLowerCase());
  if (!entry) return text;
  const form = ruForm(n);
  const word = entry[form === 'one' ? 0 : form === 'few' ? 1 : 2];
  // An adjective changes only after 1 (by the noun's gender); after 2–4 and 5+ it stays genitive plural.
  const lead = adj === null ? '' : `${form === 'one' ? ADJECTIVES[adj.toLowerCase()][entry[3]] : adj}${sp}`;
  return `${first[1]}${lead}${word}${rest}`;
}

/** {@link agreeAfter} for a number as shown ("2 972", "2,5"): it agrees as written, so 1.0004 shown "1" agrees as 1. */
export function agreeShown(shown: string, text: string): string {
  const n = shownNumber(shown);
  return Number.isFinite(n) ? agreeAfter(n, text) : text;
}
