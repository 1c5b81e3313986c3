/**
 * How the running scenario differs from the one its lesson describes: the shipped scenario with
 * the same id (its origin), with the lesson's fix applied or not, and what else was changed (in
 * Settings, or in a link). The page says so in the header and the lesson column, and can take the
 * fix — or every change — back. Pure functions: no page state.
 */
import { applyOverride, parseOverride, validateScenario, type Scenario } from '../../scenario/index.ts';
import { agreeAfter } from '../../content/ru-plural.ts';
import type { Lang } from '../i18n.ts';

type Key = string | number;

/** One field that differs: its path (object keys and array indices) and the two values. */
export interface Change {
  path: Key[];
  from: unknown;
  to: unknown;
}

/** What the page says about the running scenario. */
export interface Variant {
  /** The shipped scenario it derives from (same id), or null (a blank start, a foreign link). */
  origin: Scenario | null;
  /** The lesson's fix is applied: every field it sets has its value. */
  fixOn: boolean;
  /** The fields the fix sets, origin → fixed (empty when there is no fix). */
  fixChanges: Change[];
  /** Everything else that differs from the origin (or from the origin with the fix when it is on); the seed is not a change. */
  changes: Change[];
}

const IGNORED = new Set(['$schema', 'seed']);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => same(a[k], b[k]));
  }
  return false;
}

/**
 * The leaves where `a` and `b` differ, in document order. Objects are compared key by key; arrays
 * element by element when their lengths agree, else as one value (`faults: [1 item] → []`).
 */
export function diff(a: unknown, b: unknown, path: Key[] = []): Change[] {
  if (same(a, b)) return [];
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) return a.flatMap((x, i) => diff(x, b[i], [...path, i]));
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !Object.hasOwn(a, k))];
    return keys.filter((k) => path.length > 0 || !IGNORED.has(k)).flatMap((k) => diff(a[k], b[k], [...path, k]));
  }
  return [{ path, from: a, to: b }];
}

export function getAt(root: unknown, path: readonly Key[]): unknown {
  let node = root;
  for (const k of path) node = node !== null && typeof node === 'object' ? (node as Record<Key, unknown>)[k] : undefined;
  return node;
}

/** A deep copy of `root` with the value at `path` set (or removed, for `undefined`). */
export function setAt<T>(root: T, path: readonly Key[], value: unknown): T {
  const copy = structuredClone(root);
  if (path.length === 0) return value as T;
  let node = copy as Record<Key, unknown>;
  for (const k of path.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = {};
    node = node[k] as Record<Key, unknown>;
  }
  const last = path[path.length - 1];
  if (value === undefined && !Array.isArray(node)) delete node[last];
  else node[last] = structuredClone(value);
  return copy;
}

/** `s` with the `--set` overrides applied and validated; null when they do not apply or the result is not a valid `model` scenario. */
export function withOverrides(s: Scenario, sets: readonly string[]): Scenario | null {
  try {
    let x: unknown = structuredClone(s);
    for (const text of sets) x = applyOverride(x, parseOverride(text));
    const r = validateScenario(x);
    return r.ok && r.scenario.model === s.model ? r.scenario : null;
  } catch {
    return null;
  }
}

/** How `s` differs from its origin among `shipped` (same id and model), given the lesson's fix overrides. */
export function variantOf(s: Scenario, shipped: readonly Scenario[], fix: readonly string[] | null): Variant {
  const origin = shipped.find((x) => x.id === s.id && x.model === s.model) ?? null;
  if (!origin) return { origin: null, fixOn: false, fixChanges: [], changes: [] };
  const fixed = fix && fix.length > 0 ? withOverrides(origin, fix) : null;
  const fixChanges = fixed ? diff(origin, fixed) : [];
  const fixOn = fixChanges.length > 0 && fixChanges.every((c) => same(getAt(s, c.path), c.to));
  return { origin, fixOn, fixChanges, changes: diff(fixOn ? fixed : origin, s) };
}

/** `s` with the fields the fix set put back to the origin's values (other changes kept). */
export function withoutFix(s: Scenario, v: Variant): Scenario | null {
  if (!v.origin || !v.fixOn) return null;
  let x: unknown = s;
  for (const c of v.fixChanges) x = setAt(x, c.path, c.from);
  const r = validateScenario(x);
  return r.ok ? r.scenario : null;
}

/** A value as the page shows it in a change: numbers and strings as they are, the rest as short JSON; a list of objects by its length. */
export function showValue(v: unknown, lang: Lang = 'en'): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v) && v.length > 0 && v.some((x) => typeof x === 'object' && x !== null)) {
    return lang === 'ru' ? `[${v.length}${agreeAfter(v.length, ' элементов')}]` : `[${v.length} ${v.length === 1 ? 'item' : 'items'}]`;
  }
  const json = JSON.stringify(v);
  return json.length > 40 ? `${json.slice(0, 38)}…` : json;
}

/** `groups.0.members 6 → 8` */
export function showChange(c: Change, lang: Lang = 'en'): string {
  return `${c.path.join('.')} ${showValue(c.from, lang)} → ${showValue(c.to, lang)}`;
}

/** The changes as one short line: the first `max`, then `more(n)` for the rest. */
export function listChanges(changes: readonly Change[], more: (n: number) => string, max = 3, lang: Lang = 'en'): string {
  const shown = changes
    .slice(0, max)
    .map((c) => showChange(c, lang))
    .join('; ');
  return changes.length > max ? `${shown}; ${more(changes.length - max)}` : shown;
}
