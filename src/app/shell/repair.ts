/**
 * "The nearest valid state" for a link (any model) that decodes but does not validate: every field an
 * error names is replaced by the same field of a base scenario (the shipped one with the same id,
 * else the blank start) or removed so its default applies, then validated again.
 */
import { decodeShareData, formatError, validateScenario } from '../../scenario/index.ts';
import type { Scenario } from '../../scenario/index.ts';

/** The raw JSON object inside a share link (`#v2.…` or `#v1.…`), before validation, or null. Never throws. */
export function rawFromHash(hash: string): Record<string, unknown> | null {
  const r = decodeShareData(hash.startsWith('#') ? hash : `#${hash}`);
  const data = r.ok ? r.data : null;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
}

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => !!x && typeof x === 'object';
const own = (o: Obj, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Keys along a dotted error path, where Kafka config names contain dots themselves. */
function resolve(root: unknown, path: string): string[] | null {
  const segs = path.split('.');
  const keys: string[] = [];
  let node = root;
  let i = 0;
  while (i < segs.length) {
    if (!isObj(node)) return null;
    let found = -1;
    for (let j = segs.length; j > i; j--) {
      const k = segs.slice(i, j).join('.');
      if (own(node, k)) {
        found = j;
        break;
      }
    }
    if (found < 0) {
      // The last key may be missing from `node` (a required field): keep the rest as one key.
      keys.push(segs.slice(i).join('.'));
      return keys;
    }
    const k = segs.slice(i, found).join('.');
    keys.push(k);
    node = node[k];
    i = found;
  }
  return keys;
}

function getAt(root: unknown, keys: string[]): unknown {
  let node = root;
  for (const k of keys) {
    if (!isObj(node) || !own(node, k)) return undefined;
    node = node[k];
  }
  return node;
}

function setAt(root: Obj, keys: string[], value: unknown): void {
  let node: unknown = root;
  for (const k of keys.slice(0, -1)) {
    if (!isObj(node) || !own(node, k)) return;
    node = node[k];
  }
  if (!isObj(node)) return;
  const last = keys[keys.length - 1];
  if (last === '__proto__' || last === 'constructor' || last === 'prototype') return;
  if (value === undefined) delete node[last];
  else node[last] = structuredClone(value);
}

/** Removes the list element that contains the field at `keys` (e.g. one bad fault); false if none. */
function dropElement(root: Obj, keys: string[]): boolean {
  for (let i = keys.length - 1; i >= 1; i--) {
    const parent = getAt(root, keys.slice(0, i));
    const index = Number(keys[i]);
    if (Array.isArray(parent) && Number.isInteger(index) && index >= 0 && index < parent.length) {
      parent.splice(index, 1);
      return true;
    }
  }
  return false;
}

export interface Repaired<S extends Scenario = Scenario> {
  scenario: S;
  /** What was wrong (formatted validation errors of the link as given). */
  errors: string[];
}

/**
 * Repairs `raw` field by field towards `base` (a scenario of the same kind); null when it is of
 * another kind or still does not validate.
 */
export function repairScenario<S extends Scenario>(raw: Obj, base: S): Repaired<S> | null {
  let work: Obj;
  try {
    work = JSON.parse(JSON.stringify(raw)) as Obj;
  } catch {
    return null;
  }
  if (work.model !== base.model) return null;
  const first = validateScenario(work);
  if (first.ok) return first.scenario.model === base.model ? { scenario: first.scenario as S, errors: [] } : null;
  const errors = first.errors.map(formatError);
  let result: ReturnType<typeof validateScenario> = first;
  const tried = new Set<string>();
  for (let round = 0; round < 8 && !result.ok; round++) {
    for (const e of result.errors) {
      const keys = resolve(work, e.path);
      if (!keys || keys.length === 0 || keys[0] === '') {
        work = JSON.parse(JSON.stringify(base)) as Obj;
        break;
      }
      if (tried.has(e.path) && dropElement(work, keys)) continue;
      tried.add(e.path);
      setAt(work, keys, getAt(base, keys));
    }
    result = validateScenario(work);
  }
  if (!result.ok || result.scenario.model !== base.model) return null;
  return { scenario: result.scenario as S, errors };
}

