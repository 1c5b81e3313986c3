/**
 * Every lesson read from disk (node:fs) and parsed in full with the app's parser: the content the
 * app's lesson index (`LESSON_INDEX`, loaded with the page) and its lazily loaded sections
 * (`loadLesson`) add up to. For tests that check the text of every lesson at once; the app's own
 * loading is compared with this in test/content/scenarios.test.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { buildContent, type BuiltContent, type ScenarioContent } from '../../src/content/lesson.ts';

export const LESSON_DIR = 'scenarios/lessons';

/** The lesson files' names, sorted. */
export const LESSON_FILES: string[] = readdirSync(LESSON_DIR).sort();

export const lessonText = (file: string): string => readFileSync(`${LESSON_DIR}/${file}`, 'utf8');

/** Every `*.md` file of `scenarios/lessons`, assembled (its problems are for the tests to report). */
export const BUILT: BuiltContent = buildContent(
  Object.fromEntries(LESSON_FILES.filter((f) => f.endsWith('.md')).map((f) => [`${LESSON_DIR}/${f}`, lessonText(f)])),
);

export const SCENARIO_CONTENT: Record<string, ScenarioContent> = BUILT.content;

/** The whole lesson of scenario `id`, if it has one. */
export function contentFor(id: string): ScenarioContent | undefined {
  return Object.hasOwn(SCENARIO_CONTENT, id) ? SCENARIO_CONTENT[id] : undefined;
}
