/**
 * Interview mode's state in the page: the open question's session (the prediction being made, the
 * one committed, the reveal once its run has finished), the progress kept in localStorage, and a
 * mock interview with its timer. The page's own state (scenario, run, URL) stays in the
 * Playground; this reads it and calls its methods.
 *
 * The reveal is computed once, when the run started by "Commit and run" has finished (A, and B when
 * the question compares two runs): the runs' summaries and scenarios are frozen with it, so the
 * numbers shown are that run's, whatever happens to the page's run afterwards.
 */
import type { Playground } from '../shell/playground.svelte.ts';
import type { MockRef } from '../../scenario/index.ts';
import { evalCondition, evalRef, holdingOptions, judgeNumber, type ComparisonValue, type EvalContext } from '../../content/question-eval.ts';
import { MOCK_POOL, mockIds, questionById, questionScenarios, QUESTIONS, RUNNABLE_IDS, type Question } from './questions.ts';
import { browserStorage, clearProgress, readProgress, withAnswer, writeProgress, type Prediction, type Progress } from './progress.ts';

export type QuestionStep = 'question' | 'reveal' | 'why' | 'answer';
export const QUESTION_STEPS: readonly QuestionStep[] = ['question', 'reveal', 'why', 'answer'];

/** What a finished run says about the prediction. */
export interface Reveal {
  ctx: EvalContext;
  prediction: Prediction;
  /** A number prediction's measured value. */
  measured: number | null;
  /** A choice's options that hold in the run (one, for a question that decides). */
  holding: number[];
  right: boolean;
  claims: { holds: boolean | null; parts: ComparisonValue[] }[];
}

/** A mock interview in progress: its questions, when it started, and each answer's verdict (null: skipped). */
export interface MockSession {
  seed: number;
  n: number;
  /** The mock order prefix it draws from (null: a link from before pools were in links). */
  pool: number | null;
  ids: string[];
  startedAt: number;
  questionAt: number;
  results: Record<string, boolean | null>;
  doneAt: number | null;
}

const MOCK_KEY = 'queuelab.interview.mock';

function session(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The mock interview stored for this tab, if it is `seed`/`n` and checks out. */
function readMock(seed: number, n: number, pool: number | null): MockSession | null {
  try {
    const x = JSON.parse(session()?.getItem(MOCK_KEY) ?? 'null') as Partial<MockSession> | null;
    if (!x || x.seed !== seed || x.n !== n || (x.pool ?? null) !== pool) return null;
    const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    if (!num(x.startedAt) || !num(x.questionAt) || !(x.doneAt === null || num(x.doneAt))) return null;
    const results: Record<string, boolean | null> = {};
    for (const [k, v] of Object.entries(x.results ?? {})) if (typeof v === 'boolean' || v === null) results[k] = v;
    return { seed, n, pool, ids: mockIds({ seed, n, pool }), startedAt: x.startedAt, questionAt: x.questionAt, results, doneAt: x.doneAt ?? null };
  } catch {
    return null;
  }
}

function writeMock(m: MockSession | null): void {
  try {
    if (m) session()?.setItem(MOCK_KEY, JSON.stringify(m));
    else session()?.removeItem(MOCK_KEY);
  } catch {
    /* the timer restarts on reload: nothing else depends on it */
  }
}

export class Interview {
  readonly app: Playground;
  readonly questions = QUESTIONS;
  readonly runnable = RUNNABLE_IDS;
  progress = $state.raw<Progress>({});
  /** Progress can be kept (localStorage works). */
  storageOk = $state(true);

  /** The question this session is about (follows the page's question). */
  id = $state<string | null>(null);
  step = $state<QuestionStep>('question');
  /** The prediction being made: an option, or the slider's number. */
  choice = $state<number | null>(null);
  number = $state<number>(0);
  /** The committed prediction, and the run generations it must come after. */
  committed = $state.raw<Prediction | null>(null);
  #gen = { a: -1, b: -1 };
  reveal = $state.raw<Reveal | null>(null);

  mock = $state.raw<MockSession | null>(null);
  /** The clock the mock interview's timer shows (ms since the epoch), ticking while one runs. */
  now = $state(Date.now());

  constructor(app: Playground) {
    this.app = app;
    const storage = browserStorage();
    this.progress = readProgress(storage, new Set(QUESTIONS.map((q) => q.id)));
    this.storageOk = storage !== null;
  }

  get question(): Question | null {
    return this.id === null ? null : (questionById(this.id) ?? null);
  }

  /** Follows the page's question: a new one starts a fresh session (and, in a mock interview, its timer). */
  sync(): void {
    const ref = this.app.question;
    const id = ref?.id ?? null;
    if (ref?.mock) this.#syncMock(ref.mock);
    if (id === this.id) return;
    this.id = id;
    this.step = 'question';
    this.choice = null;
    this.committed = null;
    this.reveal = null;
    const q = this.question;
    const p = q?.run?.predict;
    this.number = p?.kind === 'number' ? snap(p.min + (p.max - p.min) / 2, p.min, p.step) : 0;
    if (this.mock && id !== null && this.mock.ids.includes(id)) {
      this.mock = { ...this.mock, questionAt: Date.now() };
      writeMock(this.mock);
    }
  }

  #syncMock(ref: MockRef): void {
    if (this.mock && this.mock.seed === ref.seed && this.mock.n === ref.n && this.mock.pool === ref.pool) return;
    this.mock = readMock(ref.seed, ref.n, ref.pool) ?? { seed: ref.seed, n: ref.n, pool: ref.pool, ids: mockIds(ref), startedAt: Date.now(), questionAt: Date.now(), results: {}, doneAt: null };
    writeMock(this.mock);
    this.now = Date.now();
  }

  /** Opens question `id` (and its runs), in mock interview `mock` if given. */
  open(id: string, mock: MockRef | null = null): string | null {
    const q = questionById(id);
    if (!q) return `q: there is no question "${id}"`;
    const run = questionScenarios(q, this.app.shipped);
    if (typeof run === 'string') return run;
    if (!mock && this.mock) this.endMock();
    this.app.openQuestion({ id, mock }, run);
    return null;
  }

  /** Starts a mock interview of `n` questions drawn with `seed`. */
  startMock(seed: number, n: number): void {
    const pool = MOCK_POOL;
    const ids = mockIds({ seed, n, pool });
    if (ids.length === 0) return;
    this.mock = { seed, n: ids.length, pool, ids, startedAt: Date.now(), questionAt: Date.now(), results: {}, doneAt: null };
    writeMock(this.mock);
    this.now = Date.now();
    this.open(ids[0], { seed, n: ids.length, at: 0, pool });
  }

  /** The mock interview's next question; the last one finishes it. */
  nextInMock(): void {
    const m = this.mock;
    const ref = this.app.question;
    if (!m || !ref?.mock) return;
    if (!(ref.id in m.results)) this.#mockResult(ref.id, null);
    const at = ref.mock.at + 1;
    if (at >= m.n) {
      this.mock = { ...this.mock!, doneAt: Date.now() };
      writeMock(this.mock);
      return;
    }
    this.open(m.ids[at], { seed: m.seed, n: m.n, at, pool: m.pool });
  }

  endMock(): void {
    this.mock = null;
    writeMock(null);
  }

  #mockResult(id: string, right: boolean | null): void {
    if (!this.mock || !this.mock.ids.includes(id)) return;
    this.mock = { ...this.mock, results: { ...this.mock.results, [id]: right } };
    writeMock(this.mock);
  }

  /** Locks the prediction and runs the question's scenario (and B) from the start. */
  commit(): void {
    const q = this.question;
    const p = q?.run?.predict;
    if (!p || this.committed) return;
    let prediction: Prediction;
    if (p.kind === 'choice') {
      if (this.choice === null) return;
      prediction = { kind: 'choice', option: this.choice };
    } else prediction = { kind: 'number', value: this.number };
    if (!this.app.questionRunShown) this.app.restoreQuestionRun();
    this.committed = prediction;
    this.#gen = { a: this.app.snapshot?.gen ?? -1, b: this.app.snapshotB?.gen ?? -1 };
    this.reveal = null;
    this.app.reset();
    this.app.toggle();
  }

  /** Predict again: the same question from its first step. */
  retry(): void {
    this.committed = null;
    this.reveal = null;
    this.step = 'question';
  }

  /** The committed run has finished (A, and B when there is one): the reveal can be computed. */
  get runDone(): boolean {
    const a = this.app.snapshot;
    if (!this.committed || !a || a.gen <= this.#gen.a || a.status !== 'finished' || this.app.status !== 'finished') return false;
    if (!this.app.compare) return true;
    const b = this.app.snapshotB;
    return !!b && b.gen > this.#gen.b && b.status === 'finished';
  }

  /** Computes the reveal once the committed run has finished; records the answer. */
  check(): void {
    if (this.reveal || !this.runDone || !this.app.questionRunShown) return;
    const q = this.question;
    const plan = this.app.panels?.compare;
    const run = q?.run;
    const prediction = this.committed;
    if (!q || !run || !plan || !prediction) return;
    const ctx: EvalContext = {
      a: { summary: plan.summary(this.app.data), scenario: this.app.scenario },
      b: this.app.compare ? { summary: plan.summary(this.app.dataB), scenario: this.app.compare.b } : null,
      headline: plan.headline as EvalContext['headline'],
    };
    let measured: number | null = null;
    let holding: number[] = [];
    let right = false;
    if (run.predict.kind === 'number' && prediction.kind === 'number') {
      measured = evalRef(run.predict.answer, ctx);
      right = measured !== null && judgeNumber(prediction.value, measured, run.predict.within);
    } else if (run.predict.kind === 'choice' && prediction.kind === 'choice') {
      holding = holdingOptions(run.predict.options, ctx);
      right = holding.length === 1 && holding[0] === prediction.option;
    }
    const claims = run.claims.map((c) => evalCondition(c, ctx));
    this.reveal = { ctx, prediction, measured, holding, right, claims };
    this.progress = withAnswer(this.progress, q.id, prediction, right, Date.now());
    this.storageOk = writeProgress(browserStorage(), this.progress);
    if (this.app.question?.mock) this.#mockResult(q.id, right);
    this.step = 'reveal';
  }

  forget(): void {
    clearProgress(browserStorage());
    this.progress = {};
  }

  /** Answered and right counts over the questions a run answers. */
  get tally(): { answered: number; right: number; total: number } {
    const ids = this.runnable;
    const answered = ids.filter((id) => this.progress[id]).length;
    const right = ids.filter((id) => this.progress[id]?.right).length;
    return { answered, right, total: ids.length };
  }
}

/** `x` on the slider's grid from `min` in steps of `step`. */
export function snap(x: number, min: number, step: number): number {
  const k = Math.round((x - min) / step);
  return Number((min + k * step).toPrecision(12));
}

let instance: Interview | null = null;

/** The page's one interview state (created with the interview chunk). */
export function interviewOf(app: Playground): Interview {
  if (!instance || instance.app !== app) instance = new Interview(app);
  return instance;
}

/** mm:ss (or h:mm:ss) of a span in milliseconds. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}
