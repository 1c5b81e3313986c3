/**
 * Teaching text for every shipped scenario (`scenarios/*.json`), in English and Russian: the
 * picker line, the story, what to watch in the UI, why it happens, and the fix — plus the `--set`
 * overrides that apply the fix.
 *
 * The text lives in data, `scenarios/lessons/<id>.<lang>.md` (format: `scenarios/README.md`,
 * "Lessons"; parser: `./lesson.ts`), parsed at build time by the `queuelab-lessons` plugin in
 * vite.config.ts and loaded here in two parts: the index (title, picker line, difficulty, tags,
 * fix overrides and label of every lesson) with the page, and a lesson's sections (story, watch,
 * why, fix) when its scenario is shown ({@link loadLesson}). That makes this module Vite-only (the
 * app, the workers, vitest); the CLI (tsx) must not import it.
 *
 * A lesson with problems is left out with a console warning, and its scenario falls back to its
 * own title and description; test/content/scenarios.test.ts fails on any problem.
 */
import { buildIndex, formatLessonProblem, type Lang, type LessonHead, type LessonProblem, type ScenarioBody, type ScenarioContent, type ScenarioInfo, type ScenarioText } from './lesson.ts';

export type { Difficulty, Lang, ScenarioContent, ScenarioInfo, ScenarioText, WatchItem } from './lesson.ts';

const DIR = '../../scenarios/lessons';
const heads = import.meta.glob<LessonHead | LessonProblem[]>('../../scenarios/lessons/*.md', { eager: true, query: '?front', import: 'default' });
const bodies = import.meta.glob<ScenarioBody | null>('../../scenarios/lessons/*.md', { query: '?body', import: 'default' });

const built = buildIndex(Object.fromEntries(Object.entries(heads).map(([path, head]) => [path.replace(/^(?:\.\.\/)+/, ''), head])));
if (built.problems.length > 0) {
  console.warn(`QueueLab: lessons left out:\n${built.problems.map((p) => `  ${formatLessonProblem(p)}`).join('\n')}`);
}

/** Every lesson's index entry, by scenario id. */
export const LESSON_INDEX: Record<string, ScenarioInfo> = built.index;

/** The index entry of scenario `id`'s lesson, if it has one. */
export function lessonInfo(id: string): ScenarioInfo | undefined {
  return Object.hasOwn(LESSON_INDEX, id) ? LESSON_INDEX[id] : undefined;
}

const loaded = new Map<string, ScenarioContent>();
const loading = new Map<string, Promise<ScenarioContent>>();

/** Scenario `id`'s whole lesson if {@link loadLesson} has loaded it, else undefined. */
export function loadedLesson(id: string): ScenarioContent | undefined {
  return loaded.get(id);
}

/**
 * Loads scenario `id`'s whole lesson, both languages at once (so that switching language shows
 * its text at once); undefined when the scenario has no lesson. A failed load is tried again on
 * the next call.
 */
export function loadLesson(id: string): Promise<ScenarioContent> | undefined {
  const info = lessonInfo(id);
  if (!info) return undefined;
  let p = loading.get(id);
  if (!p) {
    const text = async (lang: Lang): Promise<ScenarioText> => {
      const load = bodies[`${DIR}/${id}.${lang}.md`];
      const body = load ? await load() : null;
      if (!body) throw new Error(`lesson ${id}.${lang}.md: no text`);
      return { ...info[lang], ...body };
    };
    p = Promise.all([text('en'), text('ru')]).then(([en, ru]) => {
      const c: ScenarioContent = { ...info, en, ru };
      loaded.set(id, c);
      return c;
    });
    loading.set(id, p);
    p.catch(() => loading.delete(id));
  }
  return p;
}
