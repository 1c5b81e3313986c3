/**
 * How the running scenario differs from the one its lesson describes: the shipped scenario with
 * the same id (its origin), with the lesson's fix applied or not, and what else was changed (in
 * Settings, or in a link). The page says so in the header and the lesson column, and can take the
 * fix — or every change — back. Pure functions: no page state.
 */
import { applyOverride, parseOverride, validateScenario, type Scenario } from '../../scenario/index.ts';
import { pluralForm } from '../../content/plural-form.ts';
import type { SettingsSection } from '../settings/types.ts';
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

const LOCALES: Record<Lang, string> = { en: 'en-US', ru: 'ru-RU' };

/** A number as a change shows it: digits grouped, a decimal comma in Russian, no rounding beyond 6 significant digits. */
function showNumber(x: number, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { maximumSignificantDigits: Math.max(6, Math.ceil(Math.log10(Math.abs(x) + 1))) }).format(x);
}

/** A value as the page shows it in a change: numbers and strings as they are, the rest as short JSON; a list of objects by its length. */
export function showValue(v: unknown, lang: Lang = 'en'): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return showNumber(v, lang);
  if (typeof v === 'boolean' || v === null) return String(v);
  if (Array.isArray(v) && v.length > 0 && v.some((x) => typeof x === 'object' && x !== null)) {
    return `[${v.length} ${pluralForm(lang === 'ru' ? ['элемент', 'элемента', 'элементов'] : ['item', 'items'], v.length, lang)}]`;
  }
  const json = JSON.stringify(v);
  return json.length > 40 ? `${json.slice(0, 38)}…` : json;
}

/** What the settings panel calls a field ("Producer · Rate"), and the unit it writes after the field's value ("records/s"; "" for none). */
export interface FieldLabel {
  name: string;
  unit: string;
}

/**
 * How a change names what it changed: each field as the settings panel labels it (by path,
 * `producers.0.rate`), and the scenario's fault kinds in words. A path without a label is shown as
 * the path. Made by {@link loadChangeNames}; a change listed before it has loaded shows paths.
 */
export interface ChangeNames {
  fields: ReadonlyMap<string, FieldLabel>;
  faultKinds: Readonly<Record<string, string>>;
  /** A unit's words after a number as shown, in the number's form («8 консьюмеров»): ru-plural.ts, loaded with the names. */
  agree: (shown: string, after: string) => string;
}

const WORDS: Record<Lang, { faults: string; fault: string; none: string }> = {
  en: { faults: 'Faults', fault: 'Fault {n}', none: 'none' },
  ru: { faults: 'Сбои', fault: 'Сбой {n}', none: 'нет' },
};

/** How many fault kinds a list names before "…". */
const MAX_KINDS = 3;

/** A fault list in words: "12 (consumer crash ×8, GC pause ×4)", "1 (GC pause)", "none". */
function showFaults(v: unknown, lang: Lang, names: ChangeNames | null): string {
  if (!Array.isArray(v)) return showValue(v, lang);
  if (v.length === 0) return WORDS[lang].none;
  const counts = new Map<string, number>();
  for (const f of v) {
    const kind = f !== null && typeof f === 'object' && typeof (f as { kind?: unknown }).kind === 'string' ? (f as { kind: string }).kind : '?';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const kinds = [...counts].map(([k, n]) => `${names?.faultKinds[k] ?? k}${n > 1 ? ` ×${n}` : ''}`);
  const shown = kinds.length > MAX_KINDS ? [...kinds.slice(0, MAX_KINDS), '…'] : kinds;
  return `${v.length} (${shown.join(', ')})`;
}

/** `unit` after a value shown as `shown`: no space before a rate's "/s", a Russian noun in the number's form. */
function withUnit(shown: string, unit: string, lang: Lang, names: ChangeNames): string {
  if (unit === '') return shown;
  const after = unit.startsWith('/') ? unit : ` ${unit}`;
  return shown + (lang === 'ru' ? names.agree(shown, after) : after);
}

/**
 * One change as the page writes it: the field as the settings panel labels it, its old and new
 * value and the unit — "Producer · Rate 400 → 200 records/s"; the path when no label is known —
 * "groups.0.members 6 → 8"; the faults by count and kind — "Faults: 12 (consumer crash ×8, GC pause
 * ×4) → 1 (GC pause)"; one field of one fault — "Fault 2 · at 30 → 45".
 */
export function showChange(c: Change, lang: Lang = 'en', names: ChangeNames | null = null): string {
  if (c.path[0] === 'faults') {
    if (c.path.length === 1) return `${WORDS[lang].faults}: ${showFaults(c.from, lang, names)} → ${showFaults(c.to, lang, names)}`;
    if (typeof c.path[1] === 'number') {
      const rest = c.path.slice(2).join('.');
      return `${WORDS[lang].fault.replace('{n}', String(c.path[1] + 1))} · ${rest === '' ? '' : `${rest} `}${showValue(c.from, lang)} → ${showValue(c.to, lang)}`;
    }
  }
  const label = names?.fields.get(c.path.join('.'));
  if (!label) return `${c.path.join('.')} ${showValue(c.from, lang)} → ${showValue(c.to, lang)}`;
  // The unit once, after the new value ("400 → 200/s"), or after the old one when the field is gone.
  const from = showValue(c.from, lang);
  const to = showValue(c.to, lang);
  if (typeof c.to === 'number') return `${label.name} ${from} → ${withUnit(to, label.unit, lang, names!)}`;
  if (typeof c.from === 'number') return `${label.name} ${withUnit(from, label.unit, lang, names!)} → ${to}`;
  return `${label.name} ${from} → ${to}`;
}

/**
 * The changes as one short line: the first `max`, then `more(n)` for the rest — every place that
 * lists changes (the header's "fix on", "Modified" and "The question sets", compare view) writes
 * them with this.
 */
export function listChanges(changes: readonly Change[], more: (n: number) => string, max = 3, lang: Lang = 'en', names: ChangeNames | null = null): string {
  const shown = changes
    .slice(0, max)
    .map((c) => showChange(c, lang, names))
    .join('; ');
  return changes.length > max ? `${shown}; ${more(changes.length - max)}` : shown;
}

/**
 * The names {@link showChange} uses, for scenarios of one model: every field the settings panel
 * shows for any of `scenarios` (a field may exist in only one: a variant switched, a list grown),
 * with its label and unit in `lang` (`fieldNames` of src/app/settings/view.ts), and the fault
 * kinds' names. The panel's code and words load here, as they do with the panel: not in the first load.
 */
export async function loadChangeNames(sections: readonly SettingsSection[], scenarios: readonly unknown[], lang: Lang): Promise<ChangeNames> {
  const [{ buildView, fieldNames }, { FAULT_KIND_NAMES }, { agreeShown }] = await Promise.all([import('../settings/view.ts'), import('./tools-text.ts'), import('../../content/ru-plural.ts')]);
  const fields = new Map<string, FieldLabel>();
  for (const s of scenarios) {
    const view = buildView(sections, s, [], lang);
    const units = new Map<string, string>();
    for (const sec of view) {
      for (const f of sec.fields) {
        units.set(f.info.path, f.unit);
        for (const it of f.items) for (const x of it.fields) units.set(x.keys.join('.'), x.unit);
      }
    }
    for (const [path, name] of fieldNames(view, lang)) if (!fields.has(path)) fields.set(path, { name, unit: units.get(path) ?? '' });
  }
  return { fields, faultKinds: FAULT_KIND_NAMES[lang], agree: agreeShown };
}
