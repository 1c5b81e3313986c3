/**
 * The interview questions in the page: every `scenarios/questions/*.md`, parsed at build time by the
 * `queuelab-lessons` plugin (vite.config.ts, `?question`) with the parser the tests use
 * (src/content/question.ts), assembled here. This module and everything under src/app/interview
 * are one lazy chunk: the page loads it when a question opens, never on first load.
 *
 * A question with problems is left out with a console warning (test/content/questions.test.ts
 * fails on any).
 */
import { buildQuestions, formatQuestionProblem, type Question, type QuestionFile, type QuestionProblem } from '../../content/question.ts';
import type { MockRef, Scenario } from '../../scenario/index.ts';
import { mockSequence } from '../../content/question-eval.ts';
import { withOverrides } from '../shell/variant.ts';
import { lessonInfo } from '../../content/scenarios.ts';
import mockOrder from '../../../scenarios/questions/mock-order.json';

export type { Question };

const files = import.meta.glob<QuestionFile | QuestionProblem[]>('../../../scenarios/questions/*.md', { eager: true, query: '?question', import: 'default' });
const built = buildQuestions(Object.fromEntries(Object.entries(files).map(([path, q]) => [path.replace(/^(?:\.\.\/)+/, ''), q])));
if (built.problems.length > 0) console.warn(`QueueLab: interview questions left out:\n${built.problems.map((p) => `  ${formatQuestionProblem(p)}`).join('\n')}`);

/** Every question, in list order (topic, then the guide's order). */
export const QUESTIONS: readonly Question[] = built.questions;

export function questionById(id: string): Question | undefined {
  return QUESTIONS.find((q) => q.id === id);
}

/** The questions a run answers today: what a mock interview draws from. */
export const RUNNABLE_IDS: readonly string[] = QUESTIONS.filter((q) => q.run !== null).map((q) => q.id);

/** The order mock interviews draw from: append-only (scenarios/questions/mock-order.json). */
export const MOCK_ORDER: readonly string[] = mockOrder.order;

/** The pool of a mock link made before links carried one: the questions there were then. */
export const LEGACY_MOCK_POOL = 19;

/** The pool a new mock interview draws from: every question in the mock order. */
export const MOCK_POOL = MOCK_ORDER.length;

/** The question ids of mock interview `m` (none when its pool is larger than this QueueLab's). */
export function mockIds(m: Pick<MockRef, 'seed' | 'n' | 'pool'>): string[] {
  const pool = m.pool ?? LEGACY_MOCK_POOL;
  return pool > MOCK_ORDER.length ? [] : mockSequence(m.seed, m.n, MOCK_ORDER.slice(0, pool));
}

/** A question's runs as the page loads them: A, and B (its lesson's fix, or A with more overrides). */
export interface QuestionScenarios {
  scenario: Scenario;
  vs: 'fix' | Scenario | null;
}

/** The scenarios of question `q` among the shipped ones, or why they cannot be built. */
export function questionScenarios(q: Question, shipped: readonly Scenario[]): QuestionScenarios | string | null {
  const r = q.run;
  if (!r) return null;
  const base = shipped.find((s) => s.id === r.scenario);
  if (!base) return `q: "${q.id}" runs scenario "${r.scenario}", which is not shipped`;
  const a = r.sets.length > 0 ? withOverrides(base, r.sets) : base;
  if (!a) return `q: "${q.id}": its overrides do not apply to "${r.scenario}"`;
  const scenario: Scenario = { ...a, id: base.id };
  if (r.vs === null) return { scenario, vs: null };
  if (r.vs === 'fix') return (lessonInfo(base.id)?.fix?.length ?? 0) > 0 ? { scenario, vs: 'fix' } : `q: "${q.id}": "${r.scenario}" has no fix to compare with`;
  const b = withOverrides(scenario, r.vs);
  return b ? { scenario, vs: { ...b, id: base.id } } : `q: "${q.id}": run B's overrides do not apply`;
}

/** What a `#q=` or `#mock=` link opens: the question, its mock interview, its runs (null: a question that needs a model). */
export type LinkTarget = { ok: true; id: string; mock: MockRef | null; run: QuestionScenarios | null } | { ok: false; error: string };

export function resolveLink(q: string | null, mock: MockRef | null, shipped: readonly Scenario[]): LinkTarget {
  let id = q;
  if (mock) {
    const ids = mockIds(mock);
    if ((mock.pool ?? LEGACY_MOCK_POOL) > MOCK_ORDER.length) return { ok: false, error: `mock: draws from ${mock.pool} questions, but this QueueLab has ${MOCK_ORDER.length} (a link from a newer version?)` };
    if (ids.length < mock.n) return { ok: false, error: `mock: asks ${mock.n} questions, but there are ${ids.length}` };
    id = ids[mock.at];
  }
  const question = id === null ? undefined : questionById(id);
  if (!question) return { ok: false, error: `q: there is no question "${id ?? ''}"` };
  const run = questionScenarios(question, shipped);
  if (typeof run === 'string') return { ok: false, error: run };
  return { ok: true, id: question.id, mock, run };
}
