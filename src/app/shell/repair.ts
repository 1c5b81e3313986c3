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

/** lz-string's URI-safe alphabet (6 bits per character). */
const LZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * The text an lz-string `compressToEncodedURIComponent` payload decodes to, as far as it goes: the
 * whole text for a whole payload, and for one cut short the prefix its surviving characters still
 * carry (lz-string itself returns nothing then). Stops at the first character outside the alphabet
 * and at anything that cannot be a valid stream. Never throws.
 */
export function decodePrefix(payload: string): string {
  const values: number[] = [];
  for (const ch of payload) {
    const v = LZ_ALPHABET.indexOf(ch);
    if (v < 0) break;
    values.push(v);
  }
  const total = values.length * 6;
  let used = 0;
  /** The next n bits, least significant first (lz-string's order), or null when the data ends. */
  const read = (n: number): number | null => {
    if (used + n > total) return null;
    let bits = 0;
    for (let p = 0; p < n; p++, used++) bits |= ((values[Math.floor(used / 6)] >> (5 - (used % 6))) & 1) << p;
    return bits >>> 0;
  };
  const literal = (code: number): string | null => {
    const b = read(code === 0 ? 8 : 16);
    return b === null ? null : String.fromCharCode(b);
  };
  const first = read(2);
  if (first === null || first > 1) return '';
  const c = literal(first);
  if (c === null) return '';
  const dict: string[] = ['', '', '', c];
  let dictSize = 4;
  let enlargeIn = 4;
  let numBits = 3;
  let w = c;
  const out = [c];
  for (;;) {
    const code = read(numBits);
    if (code === null || code === 2) break;
    let k = code;
    if (code < 2) {
      const lit = literal(code);
      if (lit === null) break;
      dict[dictSize++] = lit;
      k = dictSize - 1;
      if (--enlargeIn === 0) {
        enlargeIn = 2 ** numBits;
        numBits++;
      }
    }
    const entry = k < dictSize && k >= 3 ? dict[k] : k === dictSize ? w + w.charAt(0) : null;
    if (entry === null) break;
    out.push(entry);
    dict[dictSize++] = w + entry.charAt(0);
    w = entry;
    if (--enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
  return out.join('');
}

/**
 * What the start of a share link that was cut short still says: its kind (`model`) and `id`, read
 * from the JSON text its surviving data decodes to. Null for a link that is whole (it decodes, or
 * is refused for another reason), one changed rather than cut (a v2 link whose length still
 * matches its check), or one too short to name its kind.
 */
export function cutLinkStart(hash: string): { model: string; id: string | null } | null {
  const m = /^#?v(\d+)\.(.*)$/s.exec(hash);
  if (!m || decodeShareData(hash.startsWith('#') ? hash : `#${hash}`).ok) return null;
  let payload: string;
  if (m[1] === '2') {
    const body = /^([0-9a-z]{8})\.([A-Za-z0-9+$-]*)$/.exec(m[2]);
    // The check's last digit is the payload's length mod 36: equal lengths mean a changed link, not a cut one.
    if (!body || parseInt(body[1][7], 36) === body[2].length % 36) return null;
    payload = body[2];
  } else if (m[1] === '1') payload = m[2];
  else return null;
  const text = decodePrefix(payload);
  if (!text.startsWith('{')) return null;
  const model = /"model":"([a-z]+)"/.exec(text)?.[1];
  if (!model) return null;
  const id = /"id":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? null;
  return { model, id };
}

/**
 * The nearest valid scenario for a link cut short, of the kind its start names: the shipped one
 * with its id; else `fallback` when that is of the same kind (the page's default); else `blank`.
 */
export function nearestForCut<S extends Scenario>(start: { model: string; id: string | null }, shipped: readonly S[], fallback: S, blank: (kind: S['model']) => S): S {
  const same = shipped.find((s) => s.model === start.model && s.id === start.id);
  if (same) return same;
  if (fallback.model === start.model) return fallback;
  return blank(start.model as S['model']);
}
