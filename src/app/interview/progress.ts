/**
 * Interview progress, kept in the browser only (localStorage): which questions were answered,
 * what was predicted and whether it was right. Whatever is stored is read defensively — another
 * version, a hand edit, a full or blocked storage — and what does not check out is dropped, never
 * trusted: progress is a convenience, a bad entry must not break the page.
 */

export const PROGRESS_KEY = 'queuelab.interview.v1';

/** What was predicted: a choice's option (0-based), or a number. */
export type Prediction = { kind: 'choice'; option: number } | { kind: 'number'; value: number };

/** The last answer to one question. */
export interface Answer {
  prediction: Prediction;
  right: boolean;
  /** When it was answered (ms since the epoch). */
  at: number;
  /** How many times the question was answered. */
  tries: number;
}

export type Progress = Record<string, Answer>;

/** The part of Storage this needs (tests pass a fake one). */
export type ProgressStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
/** More than any question list will hold: a bound on what is read back. */
const MAX_ENTRIES = 500;

function validPrediction(p: unknown): Prediction | null {
  if (!p || typeof p !== 'object') return null;
  const x = p as Record<string, unknown>;
  if (x.kind === 'choice' && Number.isInteger(x.option) && (x.option as number) >= 0 && (x.option as number) < 16) return { kind: 'choice', option: x.option as number };
  if (x.kind === 'number' && typeof x.value === 'number' && Number.isFinite(x.value)) return { kind: 'number', value: x.value };
  return null;
}

function validAnswer(a: unknown): Answer | null {
  if (!a || typeof a !== 'object') return null;
  const x = a as Record<string, unknown>;
  const prediction = validPrediction(x.prediction);
  if (!prediction || typeof x.right !== 'boolean') return null;
  if (typeof x.at !== 'number' || !Number.isFinite(x.at) || x.at < 0) return null;
  if (!Number.isInteger(x.tries) || (x.tries as number) < 1) return null;
  return { prediction, right: x.right, at: x.at, tries: x.tries as number };
}

/**
 * The stored progress: entries that check out, for questions in `known` when given (a question
 * since removed is forgotten). Anything else — no storage, no entry, not JSON, another version —
 * reads as no progress.
 */
export function readProgress(storage: ProgressStorage | null, known?: ReadonlySet<string>): Progress {
  let text: string | null = null;
  try {
    text = storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    return {};
  }
  if (text === null || text.length > 200_000) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || (data as { v?: unknown }).v !== 1) return {};
  const answers = (data as { answers?: unknown }).answers;
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return {};
  const out: Progress = {};
  for (const [id, a] of Object.entries(answers).slice(0, MAX_ENTRIES)) {
    if (!ID.test(id) || (known && !known.has(id))) continue;
    const ok = validAnswer(a);
    if (ok) out[id] = ok;
  }
  return out;
}

/** Writes `progress`; false when the storage refused (full, blocked): the page goes on without it. */
export function writeProgress(storage: ProgressStorage | null, progress: Progress): boolean {
  try {
    if (!storage) return false;
    storage.setItem(PROGRESS_KEY, JSON.stringify({ v: 1, answers: progress }));
    return true;
  } catch {
    return false;
  }
}

/** `progress` with question `id` answered now (`at`), counting the tries. */
export function withAnswer(progress: Progress, id: string, prediction: Prediction, right: boolean, at: number): Progress {
  return { ...progress, [id]: { prediction, right, at, tries: (progress[id]?.tries ?? 0) + 1 } };
}

export function clearProgress(storage: ProgressStorage | null): void {
  try {
    storage?.removeItem(PROGRESS_KEY);
  } catch {
    /* nothing stored, nothing to clear */
  }
}

/** The browser's localStorage, or null when it is unavailable (blocked, sandboxed). */
export function browserStorage(): ProgressStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
