/**
 * The seed-scale variants (scenarios/seed-scale, src/content/seed-scale.ts): each is the shipped
 * story with its id and model at the article's scale, with a lesson in both languages that says so
 * and passes the checks every lesson passes (picker line, Russian quotes and decimal commas, Watch
 * targets); its fix is the shipped lesson's, so the page's fix and compare view work at either
 * scale; the page's lazily loaded variant is exactly what the files on disk assemble to.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { buildContent, LANGS, type ScenarioText } from '../../src/content/lesson.ts';
import { hasSeedScale, loadSeedScale, SEED_SCALE_IDS } from '../../src/content/seed-scale.ts';
import { lessonInfo } from '../../src/content/scenarios.ts';
import { watchTarget } from '../../src/content/targets.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { contentFor } from './lessons.ts';

const DIR = 'scenarios/seed-scale';
const FILES = readdirSync(DIR).sort();
const IDS = FILES.filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const CYRILLIC = /[А-Яа-яЁё]/;
const BUILT = buildContent(Object.fromEntries(FILES.filter((f) => f.endsWith('.md')).map((f) => [`${DIR}/${f}`, readFileSync(`${DIR}/${f}`, 'utf8')])));
const scenario = (id: string) => {
  const r = validateScenario(JSON.parse(readFileSync(`${DIR}/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(`${id}: ${r.errors.map((e) => e.message).join('; ')}`);
  return r.scenario;
};
const shipped = (id: string) => {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
};

function texts(t: ScenarioText): [string, string][] {
  return [['title', t.title], ['oneLine', t.oneLine], ['story', t.story], ['why', t.why], ...t.watch.map((w, i): [string, string] => [`watch.${i}`, w.text]), ...(t.fix ? [['fix', t.fix] as [string, string]] : [])];
}

describe('seed-scale variants', () => {
  it('the page’s list of ids is the files’, and each has its scenario and both lessons', () => {
    expect([...SEED_SCALE_IDS].sort()).toEqual(IDS);
    expect(FILES).toEqual(IDS.flatMap((id) => [`${id}.en.md`, `${id}.json`, `${id}.ru.md`]).sort());
    expect(BUILT.problems).toEqual([]);
    expect(Object.keys(BUILT.content).sort()).toEqual(IDS);
    expect(hasSeedScale('hot-partition')).toBe(false);
    expect(loadSeedScale('hot-partition')).toBeUndefined();
  });

  for (const id of IDS) {
    it(`${id}: the shipped story’s id and model, at a longer scale, inside the run budget`, () => {
      const s = scenario(id);
      const o = shipped(id);
      expect(s.id).toBe(id);
      expect(s.model).toBe(o.model);
      expect(s.model).toBe('kafka');
      expect(s.duration).toBeGreaterThan(10 * o.duration);
    });

    it(`${id}: its lesson’s fix is the shipped lesson’s (the page’s fix and compare view work at either scale)`, () => {
      const c = BUILT.content[id];
      const base = contentFor(id)!;
      expect(c.fix).toEqual(base.fix);
      expect(c.compare).toEqual(base.compare);
      expect(c.costs).toEqual(base.costs);
      expect(c.difficulty).toBe(base.difficulty);
      expect(c.tags).toEqual(base.tags);
      expect(c.en.fixHint).toBe(base.en.fixHint);
    });

    it(`${id}: each lesson says which scale it shows; its text passes the checks every lesson passes`, () => {
      const c = BUILT.content[id];
      expect(c.en.story).toMatch(/^This run is at the article’s scale/);
      expect(c.ru.story).toMatch(/^Этот прогон — в масштабе статьи/);
      expect(c.en.oneLine).toMatch(/^The article’s scale: /);
      expect(c.ru.oneLine).toMatch(/^Масштаб статьи: /);
      // And the shipped lesson says it is compressed.
      expect(contentFor(id)!.en.story).toMatch(/compressed|hours become minutes/i);
      for (const lang of LANGS) {
        const t = c[lang];
        expect(t.watch.length).toBeGreaterThanOrEqual(2);
        expect(t.watch.length).toBeLessThanOrEqual(4);
        expect(t.oneLine.length, t.oneLine).toBeLessThanOrEqual(110);
        expect(t.title.length, t.title).toBeLessThanOrEqual(lang === 'ru' ? 40 : 60);
        for (const w of t.watch) for (const target of w.targets) expect(watchTarget('kafka', target), `${id}.${lang}: ${target}`).toBeDefined();
        for (const [field, text] of texts(t)) {
          if (lang === 'ru') {
            expect(text, `${id}.ru.${field}`).toMatch(CYRILLIC);
            expect(text, `${id}.ru.${field}`).not.toMatch(/["“”„]/);
            expect(text, `${id}.ru.${field}`).not.toMatch(/\d\.\d/);
          } else expect(text, `${id}.en.${field}`).not.toMatch(CYRILLIC);
        }
      }
    });

    it(`${id}: the page loads exactly what the files assemble to`, async () => {
      const v = await loadSeedScale(id)!;
      expect(v.id).toBe(id);
      expect(v.scenario).toEqual(scenario(id));
      expect(v.content).toEqual(BUILT.content[id]);
      // The shipped lesson's index entry is untouched: the picker keeps the compressed title.
      expect(lessonInfo(id)!.en.title).toBe(contentFor(id)!.en.title);
      expect(v.content.en.title).not.toBe(contentFor(id)!.en.title);
    });
  }
});
