/**
 * Teaching content (src/content/scenarios.ts) covers every shipped scenario in both languages,
 * fits the picker, and its fix overrides turn the shipped file into a valid scenario.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { SCENARIO_CONTENT, contentFor, type Lang, type ScenarioText } from '../../src/content/scenarios.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';

const IDS = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

const LANGS: Lang[] = ['en', 'ru'];
const CYRILLIC = /[А-Яа-яЁё]/;

function raw(id: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;
}

/** Every required text of one language: [field name, text]. */
function texts(t: ScenarioText): [string, string][] {
  const out: [string, string][] = [
    ['title', t.title],
    ['oneLine', t.oneLine],
    ['story', t.story],
    ['why', t.why],
    ...t.watch.map((w, i): [string, string] => [`watch.${i}`, w]),
  ];
  if (t.fix !== null) out.push(['fix', t.fix]);
  return out;
}

/** The fixes the scenario tests (test/kafka/scenarios.test.ts) run. */
const TESTED_FIXES: Record<string, string[]> = {
  'black-friday': ['groups.0.members=12'],
  'overload-5pct': ['producers.0.rate=95'],
  'hot-partition': ['producers.0.keys={"kind":"uniform","count":100000,"prefix":"order-"}'],
  'thread-pool-reorder': ['groups.0.processing.mode=keyed'],
  'commit-before-processing': ['groups.0.commit=after-processing'],
  'retention-reset': ['groups.0.auto.offset.reset=earliest'],
  'rebalance-storm': ['groups.0.max.poll.records=50'],
  'eager-vs-cooperative': ['groups.0.partition.assignment.strategy=cooperative-sticky'],
};

describe('scenario content', () => {
  it('the shipped scenarios are found, each file named after its id', () => {
    expect(IDS.length).toBeGreaterThanOrEqual(16);
    for (const id of IDS) expect(raw(id).id, id).toBe(id);
  });

  it('every shipped scenario has content, and no content is left without a scenario', () => {
    for (const id of IDS) {
      const c = contentFor(id);
      expect(c, id).toBeDefined();
      expect(c!.id).toBe(id);
      expect(SCENARIO_CONTENT[id]).toBe(c);
    }
    expect(Object.keys(SCENARIO_CONTENT).sort()).toEqual(IDS);
    expect(contentFor('no-such-scenario')).toBeUndefined();
    expect(contentFor('constructor')).toBeUndefined();
    expect(contentFor('__proto__')).toBeUndefined();
  });

  it('difficulty and tags are set', () => {
    for (const id of IDS) {
      const c = contentFor(id)!;
      expect(['basic', 'intermediate', 'advanced'], id).toContain(c.difficulty);
      expect(c.tags.length, id).toBeGreaterThan(0);
      for (const tag of c.tags) expect(tag, id).toMatch(/^[a-z0-9][a-z0-9.-]*$/);
    }
    expect(contentFor('mm1')!.difficulty).toBe('basic');
    expect(contentFor('littles-law')!.difficulty).toBe('basic');
    expect(contentFor('overload-5pct')!.difficulty).toBe('basic');
    for (const id of ['rebalance-storm', 'eager-vs-cooperative', 'retention-reset']) expect(contentFor(id)!.difficulty, id).toBe('advanced');
  });

  for (const lang of LANGS) {
    it(`${lang}: every text is present and non-empty, the picker line fits`, () => {
      for (const id of IDS) {
        const t = contentFor(id)![lang];
        expect(t.watch.length, `${id}.${lang}.watch`).toBeGreaterThanOrEqual(2);
        expect(t.watch.length, `${id}.${lang}.watch`).toBeLessThanOrEqual(4);
        for (const [field, text] of texts(t)) {
          expect(typeof text, `${id}.${lang}.${field}`).toBe('string');
          expect(text.trim().length, `${id}.${lang}.${field}`).toBeGreaterThan(0);
          expect(text, `${id}.${lang}.${field}`).toBe(text.trim());
        }
        expect(t.oneLine.length, `${id}.${lang}.oneLine: ${t.oneLine}`).toBeLessThanOrEqual(110);
        expect(t.title.length, `${id}.${lang}.title: ${t.title}`).toBeLessThanOrEqual(60);
        if (t.fixHint != null) expect(t.fixHint.trim().length, `${id}.${lang}.fixHint`).toBeGreaterThan(0);
      }
    });
  }

  it('Russian texts are in Russian, with «…» quotes and decimal commas', () => {
    for (const id of IDS) {
      const t = contentFor(id)!.ru;
      for (const [field, text] of texts(t)) {
        const where = `${id}.ru.${field}: ${text}`;
        expect(text, where).toMatch(CYRILLIC);
        expect(text, where).not.toMatch(/["“”„]/);
        expect(text, where).not.toMatch(/\d\.\d/);
      }
      if (t.fixHint) expect(t.fixHint, `${id}.ru.fixHint`).not.toMatch(/\d\.\d|["“”]/);
    }
  });

  it('English texts are not Russian', () => {
    for (const id of IDS) {
      for (const [field, text] of texts(contentFor(id)!.en)) expect(text, `${id}.en.${field}`).not.toMatch(CYRILLIC);
    }
  });

  it('a fix exists in both languages exactly when there are overrides for it', () => {
    for (const id of IDS) {
      const c = contentFor(id)!;
      const has = c.fix !== null;
      expect(c.en.fix !== null, `${id}.en.fix`).toBe(has);
      expect(c.ru.fix !== null, `${id}.ru.fix`).toBe(has);
      if (c.fix !== null) expect(c.fix.length, id).toBeGreaterThan(0);
    }
    expect(contentFor('littles-law')!.fix).toBeNull();
  });

  it('the fixes are the ones the scenario tests run', () => {
    for (const [id, fix] of Object.entries(TESTED_FIXES)) expect(contentFor(id)!.fix, id).toEqual(fix);
  });

  it('each fix override parses as path=value and yields a valid, changed scenario', () => {
    for (const id of IDS) {
      const fix = contentFor(id)!.fix;
      if (fix === null) continue;
      const original = validateScenario(raw(id));
      if (!original.ok) throw new Error(`${id}: ${original.errors.map(formatError).join('\n')}`);
      let data: unknown = raw(id);
      for (const text of fix) {
        expect(text, id).toMatch(/^[A-Za-z0-9_.]+=.+$/);
        const o = parseOverride(text);
        expect(o.path.length, text).toBeGreaterThan(0);
        data = applyOverride(data, o);
      }
      const r = validateScenario(data);
      if (!r.ok) throw new Error(`${id} with ${fix.join(' ')}:\n${r.errors.map(formatError).join('\n')}`);
      expect(r.scenario.model, id).toBe(original.scenario.model);
      expect(r.scenario.id, id).toBe(id);
      expect(JSON.stringify(r.scenario), `${id}: the fix changes nothing`).not.toBe(JSON.stringify(original.scenario));
    }
  });
});
