/**
 * Teaching content (scenarios/lessons/<id>.<lang>.md, loaded by src/content/scenarios.ts) covers
 * every shipped scenario in both languages, parses cleanly, fits the picker, and its fix overrides
 * turn the shipped file into a valid scenario. The texts are checked as read from disk
 * (./lessons.ts); the app's index and lazily loaded sections must add up to exactly that.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { LESSON_INDEX, lessonInfo, loadedLesson, loadLesson, type Lang, type ScenarioText } from '../../src/content/scenarios.ts';
import { formatLessonProblem, OVERRIDE, parseLesson, type Lesson } from '../../src/content/lesson.ts';
import { BUILT, LESSON_DIR, LESSON_FILES, SCENARIO_CONTENT, contentFor, lessonText } from './lessons.ts';
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
    ...t.watch.map((w, i): [string, string] => [`watch.${i}`, w.text]),
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
    expect(Object.keys(LESSON_INDEX).sort()).toEqual(IDS);
    for (const id of ['no-such-scenario', 'constructor', '__proto__']) {
      expect(contentFor(id), id).toBeUndefined();
      expect(lessonInfo(id), id).toBeUndefined();
      expect(loadLesson(id), id).toBeUndefined();
    }
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
        expect(text, id).toMatch(OVERRIDE);
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

describe('lesson files (scenarios/lessons)', () => {
  it('every shipped scenario has <id>.en.md and <id>.ru.md, and every lesson file belongs to a shipped scenario', () => {
    const expected = IDS.flatMap((id) => LANGS.map((lang) => `${id}.${lang}.md`)).sort();
    const missing = expected.filter((f) => !LESSON_FILES.includes(f));
    const orphans = LESSON_FILES.filter((f) => !expected.includes(f));
    expect(missing, 'lesson files missing').toEqual([]);
    expect(orphans, 'files in scenarios/lessons without a shipped scenario (or not named <id>.<en|ru>.md)').toEqual([]);
  });

  it('every file parses on its own, and its name gives its id and language', () => {
    for (const file of LESSON_FILES) {
      let lesson: Lesson;
      try {
        lesson = parseLesson(lessonText(file), `${LESSON_DIR}/${file}`);
      } catch (e) {
        throw new Error(`${file}: ${(e as Error).message}`);
      }
      expect(`${lesson.id}.${lesson.lang}.md`).toBe(file);
    }
  });

  it('the files assemble without problems into exactly what the app loads: the index with the page, the sections on demand', async () => {
    expect(BUILT.problems.map(formatLessonProblem)).toEqual([]);
    expect(Object.keys(BUILT.content).sort()).toEqual(IDS);
    for (const id of IDS) {
      const { en, ru, ...neutral } = BUILT.content[id];
      const headline = (t: ScenarioText) => ({ title: t.title, oneLine: t.oneLine, fixHint: t.fixHint });
      expect(lessonInfo(id), id).toStrictEqual({ ...neutral, en: headline(en), ru: headline(ru) });
      expect(loadedLesson(id), `${id}: loaded before it is asked for`).toBeUndefined();
      const loading = loadLesson(id)!;
      expect(loadLesson(id), `${id}: one load at a time`).toBe(loading);
      const c = await loading;
      expect(c, id).toStrictEqual(BUILT.content[id]);
      expect(loadedLesson(id), id).toBe(c);
    }
  });

  it('the index the page loads carries no section text', () => {
    const index = JSON.stringify(LESSON_INDEX);
    for (const id of IDS) {
      const c = contentFor(id)!;
      for (const lang of LANGS) expect(index, `${id}.${lang}: story`).not.toContain(c[lang].story.slice(0, 60));
    }
  });

  it('language-neutral fields (difficulty, tags, fix) agree between languages', () => {
    for (const id of IDS) {
      const [en, ...others] = LANGS.map((lang) => parseLesson(lessonText(`${id}.${lang}.md`), `${id}.${lang}.md`));
      expect(en.lang).toBe('en');
      expect(en.difficulty, `${id}.en.md: difficulty`).toBeDefined();
      expect(en.tags, `${id}.en.md: tags`).toBeDefined();
      const c = contentFor(id)!;
      expect(c.difficulty).toBe(en.difficulty);
      expect(c.tags).toEqual(en.tags);
      expect(c.fix ?? []).toEqual(en.fix ?? []);
      for (const other of others) {
        if (other.difficulty !== undefined) expect(other.difficulty, `${id}.${other.lang}.md: difficulty`).toBe(en.difficulty);
        if (other.tags !== undefined) expect(other.tags, `${id}.${other.lang}.md: tags`).toEqual(en.tags);
        if (other.fix !== undefined) expect(other.fix, `${id}.${other.lang}.md: fix`).toEqual(en.fix ?? []);
      }
    }
  });

  it('every station scenario (queueing theory) has story, watch, why and a fix with overrides, in both languages', () => {
    const stations = IDS.filter((id) => raw(id).model === 'station');
    expect(stations).toEqual(expect.arrayContaining(['mm1', 'mmc', 'md1', 'mg1-heavy', 'mm1k']));
    for (const id of stations) {
      const c = contentFor(id)!;
      expect(c.fix, `${id}: fix overrides`).not.toBeNull();
      for (const lang of LANGS) {
        const t = c[lang];
        for (const field of ['story', 'why', 'fix', 'fixHint'] as const) {
          expect(t[field], `${id}.${lang}.${field}`).toEqual(expect.stringMatching(/\S/));
        }
        expect(t.watch.length, `${id}.${lang}.watch`).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('the app renders lesson text as text: no {@html} in any Svelte component', () => {
    const svelte = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? svelte(`${dir}/${e.name}`) : e.name.endsWith('.svelte') ? [`${dir}/${e.name}`] : [],
      );
    const files = svelte('src');
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) expect(readFileSync(f, 'utf8'), f).not.toContain('{@html');
  });
});

describe('a lesson’s counterpart (vs:)', () => {
  it('names a shipped scenario of another model, with the same duration, so the two runs line up', () => {
    for (const id of IDS) {
      const vs = lessonInfo(id)?.vs;
      if (!vs) continue;
      expect(IDS, `${id}: vs names "${vs}"`).toContain(vs);
      const a = raw(id);
      const b = raw(vs);
      expect(b.model, `${id} and its counterpart ${vs} are of two models`).not.toBe(a.model);
      expect(b.duration, `${id} and ${vs}: one duration`).toBe(a.duration);
    }
  });

  it('is refused with a fix, and when it is not an id', () => {
    const head = (extra: string) => `---\ntitle: T\noneLine: O\ndifficulty: basic\ntags: [x]\n${extra}---\n\n## Story\n\nS.\n\n## Watch\n\n- [chart-lag] W.\n\n## Why\n\nY.\n`;
    expect(() => parseLesson(head('vs: Not An Id\n'), 'x.en.md')).toThrow(/vs: must be the id of a shipped scenario/);
    expect(() => parseLesson(`${head('vs: mm1\nfix: ["a=1"]\n')}\n## Fix\n\nF.\n`, 'x.en.md')).toThrow(/vs: is only allowed without a fix/);
    expect(parseLesson(head('vs: mm1\n'), 'x.en.md').vs).toBe('mm1');
  });
});

describe('a lesson’s sweep (sweep:)', () => {
  it('varies a number of its scenario at valid values, runs within the page’s limits and shows a headline metric; a Watch bullet points at the tool', async () => {
    const { sweepScenario, sweepValues } = await import('../../src/run/sweep.ts');
    const { modelFor } = await import('../../src/run/registry.ts');
    const { MAX_PAGE_SWEEP_RUNS } = await import('../../src/app/shell/paramSweep.svelte.ts');
    let seen = 0;
    for (const id of IDS) {
      const info = lessonInfo(id);
      const w = info?.sweep;
      if (!w) continue;
      seen++;
      const base = validateScenario(raw(id));
      if (!base.ok) throw new Error(id);
      for (const v of sweepValues(w)) {
        const r = sweepScenario(base.scenario, w.param, v, base.scenario.seed);
        expect(r.ok, `${id}: ${w.param}=${v}: ${r.ok ? '' : r.errors.map(formatError).join('; ')}`).toBe(true);
      }
      expect(w.steps * w.reps, id).toBeLessThanOrEqual(MAX_PAGE_SWEEP_RUNS);
      if (w.metric) expect(modelFor(base.scenario).headline.map((m) => m.id), `${id}: metric`).toContain(w.metric);
      const watch = parseLesson(readFileSync(`scenarios/lessons/${id}.en.md`, 'utf8'), `${id}.en.md`).text.watch;
      expect(watch.some((b) => b.targets.includes('param-sweep')), `${id}: a Watch bullet points at the Sweep tool`).toBe(true);
    }
    expect(seen).toBeGreaterThan(0);
  });

  it('is refused when it is not a sweep, and must agree between languages', () => {
    const head = (extra: string) => `---\ntitle: T\noneLine: O\ndifficulty: basic\ntags: [x]\n${extra}---\n\n## Story\n\nS.\n\n## Watch\n\n- [chart-lag] W.\n\n## Why\n\nY.\n`;
    expect(() => parseLesson(head('sweep: arrival.rate:0.5\n'), 'x.en.md')).toThrow(/sweep: is not <setting path>/);
    expect(() => parseLesson(head('sweep: arrival.rate:0.5:0.9:51:1\n'), 'x.en.md')).toThrow(/sweep: points must be 1 … 50/);
    expect(parseLesson(head('sweep: arrival.rate:0.5:0.9:5:2:W\n'), 'x.en.md').sweep).toEqual({ param: 'arrival.rate', from: 0.5, to: 0.9, steps: 5, reps: 2, metric: 'W' });
  });
});

describe('the README’s counts', () => {
  const WORDS: Record<string, number> = { sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, 'twenty-one': 21, 'twenty-two': 22, 'twenty-three': 23, 'twenty-four': 24, 'twenty-five': 25, 'twenty-six': 26, 'twenty-seven': 27, 'twenty-eight': 28, 'twenty-nine': 29, thirty: 30, 'thirty-one': 31, 'thirty-two': 32, 'thirty-three': 33, 'thirty-four': 34, 'thirty-five': 35, 'thirty-six': 36, 'thirty-seven': 37, 'thirty-eight': 38, 'thirty-nine': 39, forty: 40, 'forty-one': 41, 'forty-two': 42, 'forty-three': 43, 'forty-four': 44, 'forty-five': 45, 'forty-six': 46, 'forty-seven': 47, 'forty-eight': 48, 'forty-nine': 49, fifty: 50, 'fifty-one': 51, 'fifty-two': 52, 'fifty-three': 53, 'fifty-four': 54, 'fifty-five': 55 };
  const readme = readFileSync('README.md', 'utf8').replace(/\s+/g, ' ');
  const said = (re: RegExp): number => {
    const m = re.exec(readme);
    expect(m, String(re)).not.toBeNull();
    return WORDS[m![1].toLowerCase()];
  };

  it('names as many shipped scenarios as there are', () => {
    expect(said(/([a-z-]+) shipped scenarios from the catalog/i)).toBe(IDS.length);
  });

  it('names as many runnable interview questions as there are', () => {
    const files = readdirSync('scenarios/questions').filter((f) => f.endsWith('.en.md'));
    const runnable = files.filter((f) => !/^needs:/m.test(readFileSync(`scenarios/questions/${f}`, 'utf8')));
    expect(said(/([A-Za-z-]+) questions are answered by today's models/)).toBe(runnable.length);
    const onQueues = runnable.filter((f) => {
      const id = /^scenario: (\S+)/m.exec(readFileSync(`scenarios/questions/${f}`, 'utf8'))?.[1];
      return id !== undefined && raw(id).model === 'queue';
    });
    const onClusters = runnable.filter((f) => {
      const id = /^scenario: (\S+)/m.exec(readFileSync(`scenarios/questions/${f}`, 'utf8'))?.[1];
      return id !== undefined && raw(id).model === 'cluster';
    });
    const small: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
    expect(small[/\((\w+) by the queue broker's, \w+ by the cluster model's\)/.exec(readme)![1]]).toBe(onQueues.length);
    expect(small[/\(\w+ by the queue broker's, (\w+) by the cluster model's\)/.exec(readme)![1]]).toBe(onClusters.length);
  });
});
