/**
 * Every number a lesson writes — in the title, oneLine, fixHint and all four sections, English and
 * Russian — is accounted for by an entry in that lesson's table (test/content/prose-numbers/
 * tables/<id>.ts), and every entry is checked:
 * - input: the scenario has that value (a Kafka default also agrees with kafka-defaults.json);
 * - derived: the closed form computed from the scenario's inputs gives it;
 * - measured: the run of the shipped scenario (or with the lesson's fix, or other overrides) gives
 *   it, within the rounding the text uses or the bound it states;
 * - fact: not from this run; the entry says why.
 * A number with no entry fails with its file, line and text; so does an entry whose text has gone.
 *
 * What counts as a number is described in prose-numbers/extract.ts: digits in either language's
 * notation (150,000 / 150 000, 3.5 / 3,5), ½, ranges (30–40), and these number words, any case:
 * - English: zero, two … twelve, twenty, thirty, forty, fifty, hundred(s), thousand(s), tens,
 *   dozen(s), twice, double, triple, half / halves / halved, quarter, fifth, sixth, tenth;
 * - Russian: ноль (нуля, нулевой…), два / две … десять, двенадцать, двадцать … пятьдесят, сто,
 *   сотни / сотен, тысяча / тысячи / тысяч, десятки / десятков, дюжина, вдвое, втрое, вчетверо,
 *   впятеро, вшестеро, вдесятеро, дважды, трижды, половина (…ину, …ины), вполовину, полчаса,
 *   полтора, четверть, треть, пятая / шестая / десятая (and their cases).
 * Not recognised, because in these texts they are rarely quantities: one / один (an article or a
 * pronoun), ordinals (first, second — also a unit of time —, third; первый, второй), once,
 * single, both, few / несколько.
 *
 * Each scenario variant is run once and its summary cached (ledger.ts), so the file runs every
 * scenario of the catalog and its fix once. After a change to the model, a re-measure means
 * changing the text (the table reads what the text says) or, for phrases, an entry's `says`.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { LANGS, type Lang } from '../../src/content/lesson.ts';
import { numbersInLine } from './prose-numbers/extract.ts';
import { cover, disagreement, kafkaDefaultValue, loadScenario, parseSnippet, trueValue, variantOf, type Coverage, type Entry } from './prose-numbers/ledger.ts';
import { TABLES } from './prose-numbers/tables/index.ts';

/** Every lesson: `scenarios/lessons/<id>.*.md`, and the seed-scale ones as `seed-scale/<id>` (ledger.ts, `lessonFile`). */
const LESSONS = [
  ...new Set([
    ...readdirSync('scenarios/lessons').map((f) => f.replace(/\.[^.]+\.md$/, '')),
    ...readdirSync('scenarios/seed-scale')
      .filter((f) => f.endsWith('.md'))
      .map((f) => `seed-scale/${f.replace(/\.[^.]+\.md$/, '')}`),
  ]),
].sort();

describe('finding numbers in text', () => {
  const seen = (text: string, lang: Lang = 'en') => numbersInLine(text, lang).map((t) => (t.hi === undefined ? [t.text, t.value] : [t.text, t.value, t.hi]));

  it('reads thousands separators of both languages', () => {
    expect(seen('past 150,000 by the end')).toEqual([['150,000', 150000]]);
    expect(seen('превышает 150 000; и 150\u00A0000, и 150\u2009000, и 150\u202F000', 'ru').map((t) => t[1])).toEqual([150000, 150000, 150000, 150000]);
    expect(seen('пропустил 3 070 897 сообщений', 'ru')).toEqual([['3 070 897', 3070897]]);
    expect(seen('около 1200/с', 'ru')).toEqual([['1200', 1200]]);
  });

  it('reads decimals, halves and ranges', () => {
    expect(seen('about 3½ minutes, 0.996/s')).toEqual([['3½', 3.5], ['0.996', 0.996]]);
    expect(seen('до 3,5 минуты, P ≈ 0,193', 'ru')).toEqual([['3,5', 3.5], ['0,193', 0.193]]);
    expect(seen('drops from 1 to ½')).toEqual([['1', 1], ['½', 0.5]]);
    expect(seen('Keep 30–40 % headroom, 1–2 s backoffs')).toEqual([['30–40', 30, 40], ['1–2', 1, 2]]);
  });

  it('reads numbers whatever stands around them, but not the digits of a name', () => {
    expect(seen('input ×8, t = 120 s, orders-3, a 13th consumer, M/M/4, orders.retry.5s').map((t) => t[1])).toEqual([8, 120, 3, 13, 4, 5]);
    expect(seen('p99 ≈ 47 s by murmur2(key) % 6')).toEqual([['47', 47], ['6', 6]]);
  });

  it('reads the recognised number words, in any case', () => {
    expect(seen('Two groups, twice the pods, a quarter of the time, ten times').map((t) => t[1])).toEqual([2, 2, 0.25, 10]);
    expect(seen('вдвое больше, четверть времени, Шесть раз, в десять раз', 'ru').map((t) => t[1])).toEqual([2, 0.25, 6, 10]);
    expect(seen('one server, the first second, both')).toEqual([]);
  });
});

const coverage = new Map<string, Coverage>();
function covered(id: string, lang: Lang): Coverage {
  const key = `${id}.${lang}`;
  let c = coverage.get(key);
  if (!c) coverage.set(key, (c = cover(id, lang, TABLES[id] ?? [])));
  return c;
}

describe('every number in a lesson is accounted for', () => {
  it('every lesson has a table, and every table a lesson', () => {
    expect(Object.keys(TABLES).sort()).toEqual(LESSONS);
  });

  for (const id of LESSONS) {
    for (const lang of LANGS) {
      it(`every number in ${id}.${lang} is accounted for`, () => {
        expect(covered(id, lang).problems).toEqual([]);
      });
    }
  }
});

const against: Record<Exclude<Entry['kind'], 'fact'>, string> = { input: 'scenario', derived: 'theory', measured: 'run' };

function label(e: Entry): string {
  const snippet = parseSnippet(e.en[0] ?? e.ru[0]).plain;
  const variant = [e.variant.scenario, e.variant.fix ? 'fix' : '', ...(e.variant.sets ?? [])].filter(Boolean).join(', ');
  return `“${snippet}”${variant ? ` (${variant})` : ''}`;
}

describe('numbers in lessons agree with the scenario, theory and the run', () => {
  for (const id of LESSONS) {
    for (const [i, e] of (TABLES[id] ?? []).entries()) {
      if (e.kind === 'fact') continue;
      it(`${id}: ${label(e)} agrees with the ${against[e.kind]}`, () => {
        const value = trueValue(id, e);
        const problems: string[] = [];
        let seen = 0;
        for (const lang of LANGS) {
          for (const o of covered(id, lang).occurrences[i]) {
            seen++;
            const d = disagreement(e, o, lang, value);
            if (d) problems.push(`${id}.${lang}.md ${d}`);
          }
        }
        if (e.kafkaDefault) {
          const [sid, sets] = variantOf(id, e);
          const s = loadScenario(sid, ...sets);
          const key = e.kafkaDefault.split('.').slice(1).join('.');
          const own =
            s.model === 'kafka'
              ? ((s.groups[0] as Record<string, unknown>)[key] ?? (s.topic as Record<string, unknown>)[key])
              : s.model === 'cluster'
                ? ((s.producers[0] as Record<string, unknown>)[key] ?? (s.cluster as Record<string, unknown>)[key] ?? (s.topic as Record<string, unknown>)[key])
                : undefined;
          const def = kafkaDefaultValue(`kafka.${e.kafkaDefault}`);
          if (own !== def) problems.push(`${e.kafkaDefault}: the scenario has ${String(own)}, kafka-defaults.json ${String(def)}`);
        }
        expect(seen, 'the entry’s text is in neither file').toBeGreaterThan(0);
        expect(problems).toEqual([]);
      });
    }
  }
});
