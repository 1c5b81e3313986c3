/**
 * Seed scale: a log-broker story whose shipped scenario compresses the article's hours into
 * minutes may also ship at the article's own scale — its real durations and rates — as
 * `scenarios/seed-scale/<id>.json` (a whole scenario with the shipped one's id and model) and a
 * lesson of its own, `scenarios/seed-scale/<id>.<lang>.md` (the format of `scenarios/lessons`,
 * saying which scale it shows, with the numbers of that run). The page offers a switch between
 * the two scales in the lesson column; a share link carries the variant like any scenario, and the
 * page recognises it (`src/app/shell/scale.svelte.ts`). The CLI runs it with `--scale seed`.
 *
 * Nothing of it is in the first load but the list of ids: the scenario and both lesson files of a
 * story load together the first time its scenario is shown (the `?lesson` query of the
 * `queuelab-lessons` plugin in vite.config.ts parses a file whole). Vite-only, like ./scenarios.ts.
 */
import { buildIndex, formatLessonProblem, lessonBody, lessonHead, LANGS, type Lang, type Lesson, type LessonHead, type LessonProblem, type ScenarioContent, type ScenarioText } from './lesson.ts';
import { formatError, validateScenario, type Scenario } from '../scenario/index.ts';

const scenarioFiles = import.meta.glob<unknown>('../../scenarios/seed-scale/*.json', { import: 'default' });
const lessonFiles = import.meta.glob<Lesson | LessonProblem[]>('../../scenarios/seed-scale/*.md', { query: '?lesson', import: 'default' });

/** A story at the article's scale: its scenario and its lesson. */
export interface SeedScale {
  id: string;
  scenario: Scenario;
  content: ScenarioContent;
}

const idOf = (path: string): string => /([^/]+)\.json$/.exec(path)![1];

/** The ids of the shipped scenarios that have a seed-scale variant. */
export const SEED_SCALE_IDS: readonly string[] = Object.keys(scenarioFiles).map(idOf).sort();

/** Scenario `id` has a seed-scale variant. */
export const hasSeedScale = (id: string): boolean => SEED_SCALE_IDS.includes(id);

/**
 * Assembles a seed-scale variant from its scenario file's JSON and its lesson files (file name →
 * parsed lesson, or the problems that kept it from parsing). Throws with every problem: a
 * scenario that does not validate or has another id, a lesson missing or disagreeing between
 * languages (the checks of the lesson index).
 */
export function assembleSeedScale(id: string, raw: unknown, lessons: Record<string, Lesson | LessonProblem[]>): SeedScale {
  const problems: string[] = [];
  const v = validateScenario(raw);
  if (!v.ok) problems.push(...v.errors.map((e) => `seed-scale/${id}.json: ${formatError(e)}`));
  else if (v.scenario.id !== id) problems.push(`seed-scale/${id}.json: its id is "${v.scenario.id}", not "${id}"`);
  const heads: Record<string, LessonHead | LessonProblem[]> = {};
  const bodies = new Map<Lang, Lesson>();
  for (const [file, l] of Object.entries(lessons)) {
    heads[file] = Array.isArray(l) ? l : lessonHead(l);
    if (!Array.isArray(l) && l.id === id) bodies.set(l.lang, l);
  }
  const built = buildIndex(heads);
  problems.push(...built.problems.map(formatLessonProblem));
  const info = Object.hasOwn(built.index, id) ? built.index[id] : undefined;
  if (!info && built.problems.length === 0) problems.push(`seed-scale/${id}: no lesson (${LANGS.map((l) => `${id}.${l}.md`).join(' and ')})`);
  if (problems.length > 0 || !v.ok || !info) throw new Error(`seed scale of ${id}:\n${problems.join('\n')}`);
  const text = (lang: Lang): ScenarioText => ({ ...info[lang], ...lessonBody(bodies.get(lang)!) });
  return { id, scenario: v.scenario, content: { ...info, en: text('en'), ru: text('ru') } };
}

const loaded = new Map<string, SeedScale>();
const loading = new Map<string, Promise<SeedScale>>();

/** Scenario `id`'s seed-scale variant if {@link loadSeedScale} has loaded it. */
export function loadedSeedScale(id: string): SeedScale | undefined {
  return loaded.get(id);
}

/** Loads scenario `id`'s seed-scale variant (once); undefined when it has none. A failed load is tried again on the next call. */
export function loadSeedScale(id: string): Promise<SeedScale> | undefined {
  if (!hasSeedScale(id)) return undefined;
  let p = loading.get(id);
  if (!p) {
    const dir = '../../scenarios/seed-scale';
    const files = LANGS.map((lang) => `${dir}/${id}.${lang}.md`);
    p = Promise.all([scenarioFiles[`${dir}/${id}.json`](), ...files.map((f) => lessonFiles[f]?.() ?? Promise.resolve([] as LessonProblem[]))]).then(([raw, ...lessons]) => {
      const s = assembleSeedScale(id, raw, Object.fromEntries(files.map((f, i) => [f.replace(/^(?:\.\.\/)+/, ''), lessons[i]])));
      loaded.set(id, s);
      return s;
    });
    loading.set(id, p);
    p.catch(() => loading.delete(id));
  }
  return p;
}
