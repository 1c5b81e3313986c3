/**
 * Edits on a draft scenario, by path. Every edit returns a new draft (unchanged parts shared), so
 * a `$state.raw` draft stays reactive and the caller's scenario is never touched.
 *
 * Why not `applyOverride` (src/scenario/set-path.ts): it deep-clones the whole scenario, cannot
 * delete a key (an emptied optional field such as a profile step's `ramp` must disappear, not
 * become `undefined` or null), and guesses dotted keys from a fixed list, while here the keys are
 * already resolved against the schema (`FieldInfo.keys`).
 */
import { accepts, inRange, type FieldInfo, type Range } from './schema-info.ts';
import type { Preset, Presets } from './types.ts';

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/** The value at resolved object keys (undefined when any step is missing). */
export function getAt(root: unknown, keys: readonly string[]): unknown {
  let node = root;
  for (const k of keys) {
    if (!isRecord(node)) return undefined;
    node = node[k];
  }
  return node;
}

/**
 * The value at a dotted path whose keys are not resolved yet (`topic.name`, `groups.0.group.id`,
 * `old.mean`): at each level the longest run of segments that names an existing key wins.
 */
export function getByPath(root: unknown, path: string): unknown {
  const segs = path.split('.');
  let node = root;
  let i = 0;
  while (i < segs.length) {
    if (!isRecord(node)) return undefined;
    let j = segs.length;
    while (j > i + 1 && !Object.hasOwn(node, segs.slice(i, j).join('.'))) j--;
    node = node[segs.slice(i, j).join('.')];
    i = j;
  }
  return node;
}

/**
 * A copy of `root` with `value` at `keys`; `undefined` deletes the key (an array element is
 * removed). Missing objects on the way are created (arrays where the next key is an index).
 */
export function setAt<T>(root: T, keys: readonly string[], value: unknown): T {
  if (keys.length === 0) return value as T;
  const [k, ...rest] = keys;
  const node: unknown = root;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : isRecord(node) ? { ...node } : /^\d+$/.test(k) ? [] : {};
  const child = (copy as Record<string, unknown>)[k];
  const next = rest.length === 0 ? value : setAt(child, rest, value);
  if (next === undefined) {
    if (Array.isArray(copy)) copy.splice(Number(k), 1);
    else delete copy[k];
  } else (copy as Record<string, unknown>)[k] = next;
  return copy as T;
}

/**
 * What a number input's text means for this field: a number, or for an empty input null where
 * null is a value (capacity = unbounded) or the field is required (so validation says what is
 * missing), and "absent" (undefined) for an optional field without a default (a step's `ramp`).
 */
export function numberFromInput(field: FieldInfo, text: string): number | null | undefined {
  const t = text.trim();
  if (t === '') {
    if (field.nullable) return null;
    return field.optional && field.default === undefined ? undefined : null;
  }
  return Number(t);
}

/** What a text input's text means: an empty optional text is absent. */
export function textFromInput(field: FieldInfo, text: string): string | undefined {
  return text === '' && field.optional ? undefined : text;
}

/** A comma-separated line as a list of names: trimmed, empty ones dropped ("a, b,, c" → a, b, c). */
export function namesFromInput(text: string): string[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

/** A list of names as the line that edits it. */
export const namesToInput = (v: unknown): string => (Array.isArray(v) ? v.join(', ') : '');

/** The value of one preset in `ctx`, or undefined when it does not apply. */
export function presetValue(p: Preset, ctx: unknown): unknown {
  if ('value' in p) return structuredClone(p.value);
  const xs = p.from.map((f) => getByPath(ctx, f));
  if (xs.length === 0 || !xs.every((x): x is number => typeof x === 'number' && Number.isFinite(x))) return undefined;
  const x = (xs.reduce((a, b) => a + b, 0) / xs.length) * (p.times ?? 1) + (p.plus ?? 0);
  return p.round ? Math.round(x) : x;
}

/**
 * A number in the range when nothing better is known: the first of 1, min, 2·min, min + 1,
 * the middle, that lies inside.
 */
export function sensibleNumber(r: Range): number {
  const lo = r.min ?? 0;
  const hi = r.max ?? lo + 2;
  const candidates = [1, lo, 2 * lo, lo + 1, (lo + hi) / 2, Math.round((lo + hi) / 2), hi];
  return candidates.find((x) => inRange(r, x)) ?? lo;
}

/** A value the field accepts when nothing else is given, or undefined to leave it out. */
function fallback(field: FieldInfo): unknown {
  if (field.default !== undefined) return structuredClone(field.default);
  if (field.optional) return undefined;
  const c = field.control;
  switch (c.kind) {
    case 'number':
      return sensibleNumber(c.range);
    case 'checkbox':
      return false;
    case 'select':
      return c.options[0];
    case 'variant':
      return { [c.key]: c.options[0] };
    case 'list':
    case 'names':
      return [];
    case 'text':
      return '';
    default:
      return field.nullable ? null : undefined;
  }
}

/**
 * Fills an object's fields: for each, the first candidate the field's schema accepts, else the
 * schema's default, else (optional fields) nothing, else a value derived from its control.
 */
function fill(fields: Readonly<Record<string, FieldInfo>>, candidates: (key: string) => unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, f] of Object.entries(fields)) {
    const hit = candidates(k).find((c) => c !== undefined && accepts(f, c));
    const value = hit !== undefined ? hit : fallback(f);
    if (value !== undefined) out[k] = value;
  }
  return out;
}

const presetCandidates = (presets: Presets | undefined, key: string, ctx: unknown): unknown[] =>
  (presets?.[key] ?? []).map((p) => presetValue(p, ctx));

/**
 * Switches the variant whose discriminator is `field` (a `variant` control) to `tag`. The other
 * fields of the new option get, in this order, the first value their schema accepts of:
 *  1. the same-named field of the old object (a service's `mean` survives exponential → gamma;
 *     a gamma `cv` of 0.5 does not survive into hyperexponential, whose cv is ≥ 1);
 *  2. the model's presets for that option (`FieldSpec.variants[tag]`, context `old`, `root`);
 *  3. the schema's default (optional fields with a default);
 * and otherwise an optional field is left out, a required one gets a value derived from its
 * control (a number inside its range: see `sensibleNumber`; the first option; false; '').
 */
export function switchVariant<T>(root: T, field: FieldInfo, tag: string, presets?: Presets): T {
  const c = field.control;
  if (c.kind !== 'variant') throw new Error(`${field.path} is not a variant`);
  const fields = c.fields[tag];
  if (!fields) throw new Error(`${field.path}: unknown option ${tag}`);
  const objectKeys = field.keys.slice(0, -1);
  const old = getAt(root, objectKeys);
  if (isRecord(old) && old[c.key] === tag) return root;
  const ctx = { old, root };
  const rest = fill(fields, (k) => [isRecord(old) ? old[k] : undefined, ...presetCandidates(presets, k, ctx)]);
  return setAt(root, objectKeys, { [c.key]: tag, ...rest });
}

/**
 * Appends an item to the list `field` (a `list` control), filled from `presets` (context `last`,
 * `parent`, `root`), then defaults, then values derived from each item field's control.
 */
export function addItem<T>(root: T, field: FieldInfo, presets?: Presets): T {
  const c = field.control;
  if (c.kind !== 'list') throw new Error(`${field.path} is not a list`);
  const list = getAt(root, field.keys);
  const items = Array.isArray(list) ? list : [];
  const ctx = { last: items[items.length - 1], parent: getAt(root, field.keys.slice(0, -1)), root };
  const item = fill(c.item, (k) => presetCandidates(presets, k, ctx));
  return setAt(root, field.keys, [...items, item]);
}

/** Removes item `index` of the list `field`. */
export function removeItem<T>(root: T, field: FieldInfo, index: number): T {
  const list = getAt(root, field.keys);
  if (!Array.isArray(list)) return root;
  return setAt(root, field.keys, list.filter((_, j) => j !== index));
}
