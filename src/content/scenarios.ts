/**
 * Teaching text for every shipped scenario (`scenarios/*.json`), in English and Russian: the
 * picker line, the story, what to watch in the UI, why it happens, and the fix — plus the `--set`
 * overrides that apply the fix.
 *
 * The text lives in data, `scenarios/lessons/<id>.<lang>.md` (format: `scenarios/README.md`,
 * "Lessons"; parser: `./lesson.ts`), bundled here by Vite's `import.meta.glob`. That makes this
 * module Vite-only (the app, the workers, vitest); the CLI (tsx) must not import it.
 *
 * A lesson with problems is left out with a console warning, and its scenario falls back to its
 * own title and description; test/content/scenarios.test.ts fails on any problem.
 */
import { buildContent, formatLessonProblem, type ScenarioContent } from './lesson.ts';

export type { Difficulty, Lang, ScenarioContent, ScenarioText, WatchItem } from './lesson.ts';

const files = import.meta.glob<string>('../../scenarios/lessons/*.md', { eager: true, query: '?raw', import: 'default' });

const built = buildContent(Object.fromEntries(Object.entries(files).map(([path, text]) => [path.replace(/^(?:\.\.\/)+/, ''), text])));
if (built.problems.length > 0) {
  console.warn(`QueueLab: lessons left out:\n${built.problems.map((p) => `  ${formatLessonProblem(p)}`).join('\n')}`);
}

export const SCENARIO_CONTENT: Record<string, ScenarioContent> = built.content;

/** The teaching text of scenario `id`, if it has any. */
export function contentFor(id: string): ScenarioContent | undefined {
  return Object.hasOwn(SCENARIO_CONTENT, id) ? SCENARIO_CONTENT[id] : undefined;
}
