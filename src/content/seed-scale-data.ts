/**
 * The seed-scale variants' data (see ./seed-scale.ts): every `scenarios/seed-scale/<id>.json` and
 * its lesson files, parsed whole at build time (the `?lesson` query of the `queuelab-lessons`
 * plugin in vite.config.ts), assembled and checked here. A chunk of its own, loaded the first time
 * a story with a variant is shown. Vite-only.
 */
import { buildIndex, formatLessonProblem, lessonBody, lessonHead, LANGS, type Lang, type Lesson, type LessonHead, type LessonProblem, type ScenarioText } from './lesson.ts';
import { formatError, validateScenario } from '../scenario/index.ts';
import type { SeedScale } from './seed-scale.ts';

const DIR = '../../scenarios/seed-scale';
const scenarioFiles = import.meta.glob<unknown>('../../scenarios/seed-scale/*.json', { eager: true, import: 'default' });
const lessonFiles = import.meta.glob<Lesson | LessonProblem[]>('../../scenarios/seed-scale/*.md', { eager: true, query: '?lesson', import: 'default' });

/** The ids of the variants on disk. */
export const IDS: readonly string[] = Object.keys(scenarioFiles)
  .map((p) => /([^/]+)\.json$/.exec(p)![1])
  .sort();

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

/** Story `id`'s variant, assembled from the files (throws when it has none or they have problems). */
export function seedScaleOf(id: string): SeedScale {
  const files = LANGS.map((lang) => `${DIR}/${id}.${lang}.md`);
  const lessons = Object.fromEntries(files.filter((f) => Object.hasOwn(lessonFiles, f)).map((f) => [f.replace(/^(?:\.\.\/)+/, ''), lessonFiles[f]]));
  if (!Object.hasOwn(scenarioFiles, `${DIR}/${id}.json`)) throw new Error(`seed scale of ${id}: no scenarios/seed-scale/${id}.json`);
  return assembleSeedScale(id, scenarioFiles[`${DIR}/${id}.json`], lessons);
}
