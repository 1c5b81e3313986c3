/**
 * The Russian page's messages as the reviewer read them. A noun after a count takes the form the
 * number on screen asks for — «476 из 1 951 вызова», «2 записи», «5 записей», «2,5 записи» —
 * through the `{n:one|few|many}` placeholder of makeTranslate (src/app/i18n.ts): every panel's
 * Russian table is walked, a count followed by a word that changes with the number must name its
 * forms, and the forms named must be the ones Russian grammar gives. And a number keeps its unit on
 * its line («213 с», «95 %-х»), as lesson prose does (bindNumbers).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, makeTranslate, type Lang } from '../../src/app/i18n.ts';
import { agreeAfter, pluralForm, ruForm, shownNumber } from '../../src/content/ru-plural.ts';
import { qtranslate } from '../../src/app/panels/queue/text.ts';
import { cltranslate } from '../../src/app/panels/cluster/text.ts';
import { otranslate } from '../../src/app/panels/outbox/text.ts';
import { ktranslate } from '../../src/app/panels/kafka/text.ts';
import { ctranslate } from '../../src/app/panels/common/text.ts';
import { QUEUE_MESSAGES } from '../../src/app/panels/queue/text.ts';
import { STATION_MESSAGES } from '../../src/app/panels/station/text.ts';
import { stranslate as servicet } from '../../src/app/panels/service/text.ts';
import { bindNumbers } from '../../src/app/shell/lesson-prose.ts';

type Tables = Record<Lang, Record<string, string>>;

const isTables = (x: unknown): x is Tables =>
  typeof x === 'object' && x !== null && typeof (x as Tables).en === 'object' && typeof (x as Tables).ru === 'object';

// Every message table of the page: the panels', the tools' (sweep, W vs ρ, compare), the import dialog's, the autoscaler's …
const modules = import.meta.glob(['../../src/app/panels/**/text.ts', '../../src/app/panels/**/*-text.ts', '../../src/app/shell/*-text.ts', '../../src/app/import/text.ts'], { eager: true }) as Record<string, Record<string, unknown>>;
const panelTables = Object.entries(modules).map(([path, mod]) => [path, Object.values(mod).find(isTables)] as const);
const TABLES: [string, Tables][] = [['i18n', MESSAGES], ...panelTables.filter((e): e is [string, Tables] => e[1] !== undefined)];

/** Every Russian message: [table, key, text]. */
const ruMessages = TABLES.flatMap(([name, t]) => Object.entries(t.ru).map(([key, text]) => [name, key, text] as const));

/**
 * Words that may follow a count as written: units, prepositions, and words that do not change with
 * the number (adverbs, a neuter past participle that agrees with any count: «5 сброшено», «1 сброшено»).
 */
const INVARIANT = new Set([
  'с', 'мс', 'мин', 'ч', 'МБ', 'МиБ', 'КиБ', 'КБ', 'ГБ', 'млн', 'млрд',
  'в', 'на', 'из', 'при', 'после', 'до', 'без', 'за', 'по',
  'дважды', 'раньше', 'старше', 'отложено', 'сброшено', 'отброшено', 'применено', 'брошено', 'заблок',
]);

/** Placeholders that are not counts: a name («у {name} не совпадает»), a scale word («{scale} записей»: «тыс. записей»). */
const NOT_A_COUNT = new Set(['name', 'scale', 'seed']);

/** A placeholder, then a space and a word: `{n} записей`, `{n} {n:…}`. */
const AFTER_COUNT = /\{(\w+)\}[ \u00a0](?:\{(\w+):[^{}]*\}|([\p{L}]+)(?![\p{L}·/.]))/gu;

/** The values a count is filled with, as the page shows them. */
const SHOWN = ['1', '2', '5', '11', '21', '1\u00a0951', '1 951', '2,5', '0', '12', '111', '104'];

/** A `{name:forms}` placeholder and the word before its count ("из" in «из {n} {n:…}»). */
const PLURAL = /(?:([\p{L}]+) )?\{(\w+)\}[ \u00a0]\{(\w+):([^{}]*)\}/gu;

describe('Russian nouns after a count agree with the number shown', () => {
  it('walks every panel’s tables (and the page’s own)', () => {
    expect(panelTables.filter(([, t]) => t === undefined).map(([p]) => p), 'a panel text module exports no { en, ru } table').toEqual([]);
    expect(TABLES.length).toBeGreaterThanOrEqual(10);
  });

  it('a count followed by a word that changes with the number names that word’s forms', () => {
    const bad: string[] = [];
    for (const [table, key, text] of ruMessages) {
      for (const m of text.matchAll(AFTER_COUNT)) {
        const [, count, pluralOf, word] = m;
        if (pluralOf !== undefined) {
          if (pluralOf !== count) bad.push(`${table} ${key}: {${count}} is followed by the forms of {${pluralOf}}`);
        } else if (!INVARIANT.has(word) && !NOT_A_COUNT.has(count)) bad.push(`${table} ${key}: «${text}»`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('each placeholder names one|few|many (and a fourth, a fraction’s, at most); English, one|other', () => {
    for (const [table, t] of TABLES) {
      for (const lang of ['en', 'ru'] as const) {
        for (const [key, text] of Object.entries(t[lang])) {
          for (const m of text.matchAll(/\{(\w+):([^{}]*)\}/g)) {
            const n = m[2].split('|').length;
            expect(lang === 'en' ? n === 2 : n === 3 || n === 4, `${table} ${lang} ${key}: ${m[0]}`).toBe(true);
          }
        }
      }
    }
  });

  it('the forms are right for 1, 2, 5, 11, 21, 1 951, 2,5…: a count’s nominative, the genitive after «из»', () => {
    let checked = 0;
    for (const [table, key, text] of ruMessages) {
      for (const m of text.matchAll(PLURAL)) {
        const [, before, count, of, list] = m;
        if (count !== of) continue;
        const forms = list.split('|');
        for (const shown of SHOWN) {
          const n = shownNumber(shown);
          const word = ` ${pluralForm(forms, n, 'ru')}`;
          const where = `${table} ${key}: ${shown}${word}`;
          if (before === 'из') {
            // The genitive: singular after 1, 21, 1 951 and a fraction, plural otherwise — the noun
            // table's "few" form (вызова) and "many" (вызовов).
            const genitive = agreeAfter(ruForm(n) === 'one' || !Number.isInteger(n) ? 2 : 5, ` ${forms[0]}`);
            expect(new Set([1, 2, 5].map((k) => agreeAfter(k, ` ${forms[0]}`))).size, `${where}: the noun table knows «${forms[0]}»`).toBeGreaterThan(1);
            expect(word, where).toBe(genitive);
          } else if (before === undefined || !['по', 'в', 'на'].includes(before)) {
            // A count's own case: what the noun table makes of it (a word it does not know is its author's).
            expect(agreeAfter(n, word), where).toBe(word);
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe('the {n:…} placeholder', () => {
  const t = makeTranslate({
    en: { a: '{n} {n:record|records}', b: 'of {n} calls', c: '{x:a|b} {x}' },
    ru: { a: '{n} {n:запись|записи|записей}', b: 'из {n} {n:вызова|вызовов|вызовов|вызова}', c: '{x:a|b} {x}' },
  });

  it('picks the form for the number as shown: grouped digits, a decimal comma, a minus sign', () => {
    const a = (v: string | number) => t('ru', 'a', { n: v });
    expect([1, 2, 5, 11, 21, 22, 25, 111, 1951, 0].map(a)).toEqual([
      '1 запись', '2 записи', '5 записей', '11 записей', '21 запись', '22 записи', '25 записей', '111 записей', '1951 запись', '0 записей',
    ]);
    expect(a('1\u00a0951')).toBe('1\u00a0951 запись');
    expect(a('2\u202f972')).toBe('2\u202f972 записи');
    expect(a('2,5')).toBe('2,5 записи');
    expect(a('−1')).toBe('−1 запись');
    // Not a bare number: the form for many.
    expect(a('—')).toBe('— записей');
    expect(a('12\u00a0тыс.')).toBe('12\u00a0тыс. записей');
  });

  it('after «из», the genitive: singular after 1 and a fraction, plural otherwise', () => {
    const b = (v: string) => t('ru', 'b', { n: v });
    expect(['1', '2', '5', '21', '1\u00a0951', '476', '2,5'].map(b)).toEqual([
      'из 1 вызова', 'из 2 вызовов', 'из 5 вызовов', 'из 21 вызова', 'из 1\u00a0951 вызова', 'из 476 вызовов', 'из 2,5 вызова',
    ]);
  });

  it('English: one|other; a message without the forms is as it was', () => {
    expect(['1', '2', '1,951', '1.5', '0'].map((n) => t('en', 'a', { n }))).toEqual(['1 record', '2 records', '1,951 records', '1.5 records', '0 records']);
    expect(t('en', 'b', { n: '1' })).toBe('of 1 calls');
  });

  it('fills in one pass: braces in a value are not read as a placeholder; a missing value stays as written', () => {
    expect(t('ru', 'c', { x: '{x:a|b}' })).toBe('b {x:a|b}');
    expect(t('ru', 'a', {})).toBe('{n} {n:запись|записи|записей}');
  });
});

describe('the strings the reviewer saw, and their kind', () => {
  it('lease-too-short: «Пустые receive 476 из 1 951 вызова»', () => {
    expect(qtranslate('ru', 'c.emptyOf', { n: '1\u00a0951' })).toBe('из 1\u00a0951 вызова');
    expect(qtranslate('ru', 'c.emptyOf', { n: '476' })).toBe('из 476 вызовов');
    expect(qtranslate('ru', 'c.emptyOf', { n: '1' })).toBe('из 1 вызова');
    expect(qtranslate('en', 'c.emptyOf', { n: '1,951' })).toBe('of 1,951 calls');
  });

  it('outbox rows, a cluster’s truncated records, Kafka’s partitions not drawn, the event log', () => {
    expect(['1', '3', '12', '21'].map((n) => otranslate('ru', 'topo.rows', { n }))).toEqual(['1 строка', '3 строки', '12 строк', '21 строка']);
    expect(cltranslate('ru', 'topo.truncated', { n: '1' })).toBe('обрезана 1 запись при смене лидера');
    expect(cltranslate('ru', 'topo.truncated', { n: '3' })).toBe('обрезано 3 записи при смене лидера');
    expect(cltranslate('ru', 'topo.truncated', { n: '25' })).toBe('обрезано 25 записей при смене лидера');
    expect(ktranslate('ru', 'topo.more', { n: '1', lag: '21' })).toMatch(/^ещё 1 партиция, .*лаг 21 запись$/);
    expect(ktranslate('ru', 'topo.more', { n: '3', lag: '1\u00a0000' })).toMatch(/^ещё 3 партиции, .*лаг 1\u00a0000 записей$/);
    expect(ctranslate('ru', 'log.count', { shown: 5, total: 21 })).toBe('5 из 21 строки');
    expect(ctranslate('ru', 'log.count', { shown: 5, total: 40 })).toBe('5 из 40 строк');
  });

  it('a count in another case: «по 1 партиции», «в 21 группе», «по 2,5 записи»', () => {
    expect(['1', '2', '10', '21'].map((c) => qtranslate('ru', 'wrho.partitioned', { c }).split(':')[0])).toEqual([
      'та же нагрузка по 1 партиции', 'та же нагрузка по 2 партициям', 'та же нагрузка по 10 партициям', 'та же нагрузка по 21 партиции',
    ]);
    expect(['1', '3', '21'].map((total) => qtranslate('ru', 'topo.groupsTitle', { total, blocked: 0 }).split(';')[0])).toEqual([
      'Сообщения есть в 1 группе', 'Сообщения есть в 3 группах', 'Сообщения есть в 21 группе',
    ]);
    expect(['1', '2,5', '5', '21'].map((n) => cltranslate('ru', 'c.requestsNote', { n }))).toEqual(['по 1 записи', 'по 2,5 записи', 'по 5 записей', 'по 21 записи']);
  });

  it('a verb agrees too: «1 ждёт», «3 ждут»; «ждёт 1 запись»', () => {
    expect(['1', '3', '5', '21'].map((n) => otranslate('ru', 'topo.waiting', { n }))).toEqual(['1 ждёт', '3 ждут', '5 ждут', '21 ждёт']);
    expect(servicet('ru', 'topo.waiting', { n: '1' })).toBe('1 ждёт ответа');
    expect(ktranslate('ru', 'topo.retryTitle', { name: 'r', n: '1' })).toBe('Retry-топик r: ждёт 1 запись');
    expect(ktranslate('ru', 'topo.retryTitle', { name: 'r', n: '12' })).toBe('Retry-топик r: ждут 12 записей');
    expect(qtranslate('ru', 'topo.retryTitle', { name: 'q', n: '2' })).toBe('Очередь повторов q: 2 сообщения ждут свой x-message-ttl');
  });

  it('English is as it was', () => {
    expect(otranslate('en', 'topo.rows', { n: '1' })).toBe('1 rows');
    expect(cltranslate('en', 'topo.truncated', { n: '2' })).toBe('truncated by 2 records at the leader change');
  });
});

describe('a number keeps its unit on its line in the panels’ Russian strings', () => {
  /** The message as prose: a count "1", its forms left as they are. */
  const asProse = (text: string) => text.replace(/\{\w+\}/g, '1');
  /** Unbound: what bindNumbers would still bind (a space before a unit, inside digit groups); a rate's "/с" is left to the counter cells. */
  const unbound = (text: string) => bindNumbers(asProse(text)).replace(/\u2060/g, '') !== asProse(text);

  it('the queue’s and the station’s tables (SQS and M/M/1 scenarios), and every message with a count’s forms', () => {
    const bad = [
      ...Object.entries(QUEUE_MESSAGES.ru),
      ...Object.entries(STATION_MESSAGES.ru),
      ...ruMessages.filter(([, , text]) => /\{\w+:/.test(text)).map(([, key, text]) => [key, text] as const),
    ].filter(([, text]) => unbound(text));
    expect(bad).toEqual([]);
    expect(STATION_MESSAGES.ru['little.agree']).toContain('95\u00a0%-х');
    expect(qtranslate('ru', 'c.oldestMax', { n: '213' })).toBe('пик 213\u00a0с');
    // The check finds what it is for.
    expect(unbound('пик {n} с')).toBe(true);
    expect(unbound('в пределах 95 %-х интервалов')).toBe(true);
  });
});
