/**
 * From a model's sections (data) and the current draft to what the panel renders: concrete
 * sections (`each` expanded), and per field its control, value, words in the page language, the
 * range as text, the unit, and the validation error at its path. Pure, so it is unit-tested.
 */
import type * as v from 'valibot';
import { fmt, fmtInt, unitAfter, unitText } from '../format.ts';
import { errorMessageText } from '../error-text.ts';
import type { ScenarioError } from '../../scenario/index.ts';
import { ScenarioSchema } from '../../scenario/index.ts';
import { getAt, getByPath } from './edit.ts';
import { fieldAt, type Control, type FieldInfo, type Range } from './schema-info.ts';
import type { FieldSpec, ItemFieldSpec, SettingsLang, SettingsSection, Text, When } from './types.ts';

/** The panel's own words. */
export const PANEL_TEXT = {
  en: {
    title: 'Settings',
    apply: 'Apply and restart',
    cancel: 'Close',
    invalid: 'Fix these first:',
    of: '{n} of {total}',
    add: '+ add a {item}',
    remove: 'remove {item}',
    range: 'allowed',
    integer: 'whole numbers',
    options: 'one of',
    default: 'default',
    unset: 'not set',
  },
  ru: {
    title: 'Настройки',
    apply: 'Применить и перезапустить',
    cancel: 'Закрыть',
    invalid: 'Сначала исправьте:',
    of: '{n} из {total}',
    add: '+ добавить {item}',
    remove: 'удалить {item}',
    range: 'допустимо',
    integer: 'целое',
    options: 'одно из',
    default: 'по умолчанию',
    unset: 'не задано',
  },
} as const satisfies Record<SettingsLang, Record<string, string>>;

export type PanelTextKey = keyof (typeof PANEL_TEXT)['en'];

export function panelText(lang: SettingsLang, key: PanelTextKey, vars: Record<string, string | number> = {}): string {
  return PANEL_TEXT[lang][key].replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

const LOCALE: Record<SettingsLang, string> = { en: 'en-US', ru: 'ru-RU' };

/** A bound as the page shows numbers: grouped digits, decimal comma in Russian, huge ones compact (1B, 1 млрд). */
export function boundText(x: number, lang: SettingsLang): string {
  if (Math.abs(x) > 1e7) return new Intl.NumberFormat(LOCALE[lang], { notation: 'compact', maximumFractionDigits: 3 }).format(x);
  return Number.isInteger(x) ? fmtInt(lang, x) : fmt(lang, x, 6);
}

/** "1 – 10 000"; an excluded bound is bracketed: "(0 – 1 млрд]". Null when unbounded both ways. */
export function rangeText(r: Range, lang: SettingsLang): string | null {
  if (r.min === null && r.max === null) return null;
  const lo = r.min === null ? '−∞' : boundText(r.min, lang);
  const hi = r.max === null ? '∞' : boundText(r.max, lang);
  if (!r.minExclusive && !r.maxExclusive) return `${lo} – ${hi}`;
  return `${r.minExclusive ? '(' : '['}${lo} – ${hi}${r.maxExclusive ? ')' : ']'}`;
}

/** Replaces `{i}` by the index, then every `{path}` by the scenario's value there. */
export function fillTemplate(template: string, draft: unknown, index?: number): string {
  const withIndex = index === undefined ? template : template.replaceAll('{i}', String(index));
  return withIndex.replace(/\{([^{}]+)\}/g, (_, path: string) => {
    const x = getByPath(draft, path);
    return x === undefined || x === null ? '' : String(x);
  });
}

export interface ConcreteSection {
  /** Spec id, plus `-<i>` for a repeated section. */
  readonly id: string;
  readonly spec: SettingsSection;
  /** The `each` index, if repeated. */
  readonly index?: number;
}

/** Expands `each` sections: consecutive sections with the same `each` repeat together per element. */
export function expandSections(sections: readonly SettingsSection[], draft: unknown): ConcreteSection[] {
  const out: ConcreteSection[] = [];
  let i = 0;
  while (i < sections.length) {
    const each = sections[i].each;
    if (each === undefined) {
      out.push({ id: sections[i].id, spec: sections[i] });
      i++;
      continue;
    }
    let j = i;
    while (j < sections.length && sections[j].each === each) j++;
    const list = getByPath(draft, each);
    const n = Array.isArray(list) ? list.length : 0;
    for (let k = 0; k < n; k++) for (const s of sections.slice(i, j)) out.push({ id: `${s.id}-${k}`, spec: s, index: k });
    i = j;
  }
  return out;
}

/** A field's concrete path: `{i}` replaced by the section's index. */
export function concretePath(spec: FieldSpec, index?: number): string {
  return index === undefined ? spec.path : spec.path.replaceAll('{i}', String(index));
}

export interface OptionView {
  readonly value: string;
  readonly label: string;
}

export interface ItemFieldView {
  readonly key: string;
  readonly info: FieldInfo;
  /** Resolved keys of this item field in the draft. */
  readonly keys: readonly string[];
  readonly testid: string;
  readonly label: string;
  /** The field in an error list ({@link fieldNames}): its spec's name, else its label. */
  readonly name: string;
  readonly unit: string;
  readonly step: number | 'any';
  readonly placeholder: string;
  readonly value: unknown;
  readonly error: string | null;
  readonly title: string;
}

export interface ItemView {
  readonly index: number;
  readonly fields: readonly ItemFieldView[];
  /** The first error among the item's fields (or at the item itself). */
  readonly error: string | null;
}

export interface FieldView {
  readonly spec: FieldSpec;
  readonly info: FieldInfo;
  readonly control: Control;
  /** `data-testid` is `set-<testid>`. */
  readonly testid: string;
  readonly label: string;
  readonly hint: string;
  readonly config: string | null;
  readonly unit: string;
  readonly range: string | null;
  readonly rangeObj: Range | null;
  /** Tooltip: hint, the schema's message, the default. */
  readonly title: string;
  readonly step: number | 'any';
  readonly placeholder: string;
  readonly value: unknown;
  readonly error: string | null;
  readonly options: readonly OptionView[];
  readonly items: readonly ItemView[];
  /** List control: add / remove button texts. */
  readonly addText: string;
  readonly removeText: string;
}

export interface SectionView {
  readonly id: string;
  readonly title: string;
  readonly code: string | null;
  readonly fields: readonly FieldView[];
}

const tx = (t: Text | undefined, lang: SettingsLang): string => (t ? t[lang] : '');

/** The validator's message at `path`, in the page's language. */
function errorAt(errors: readonly ScenarioError[], path: string, lang: SettingsLang): string | null {
  const e = errors.find((x) => x.path === path);
  return e ? errorMessageText(e.message, lang) : null;
}

function stepOf(info: FieldInfo, explicit: number | undefined): number | 'any' {
  if (explicit !== undefined) return explicit;
  return info.control.kind === 'number' && info.control.range.integer ? 1 : 'any';
}

function placeholderOf(info: FieldInfo, empty: Text | undefined, lang: SettingsLang): string {
  if (empty) return empty[lang];
  return typeof info.default === 'number' || typeof info.default === 'string' ? String(info.default) : '';
}

function titleOf(hint: string, info: FieldInfo, lang: SettingsLang): string {
  const parts = [hint];
  const rule = lang === 'en' ? info.message : ruleText(info, lang);
  if (rule) parts.push(rule);
  if (info.default !== undefined && typeof info.default !== 'object') parts.push(`${panelText(lang, 'default')}: ${typeof info.default === 'number' ? boundText(info.default, lang) : String(info.default)}`);
  return parts.filter((p) => p !== '').join('\n');
}

/**
 * What a field accepts, in the page's language, for a tooltip in a language other than the
 * schema's (its messages, which the CLI prints, are English): a number's range, unit and whether
 * it is whole; a choice's options (config values, as Kafka spells them). Checkboxes, names and
 * lists say it by their shape.
 */
function ruleText(info: FieldInfo, lang: SettingsLang): string | null {
  const c = info.control;
  if (c.kind === 'number') {
    const r = rangeText(c.range, lang);
    if (r === null) return null;
    return `${panelText(lang, 'range')}: ${r}${unitAfter(info.unit, lang)}${c.range.integer ? `, ${panelText(lang, 'integer')}` : ''}`;
  }
  if (c.kind === 'select' || c.kind === 'variant') return `${panelText(lang, 'options')}: ${c.options.join(', ')}`;
  return null;
}

function itemViews(field: FieldInfo, spec: FieldSpec, testid: string, draft: unknown, errors: readonly ScenarioError[], lang: SettingsLang): ItemView[] {
  if (field.control.kind !== 'list') return [];
  const item = field.control.item;
  const list = getAt(draft, field.keys);
  if (!Array.isArray(list)) return [];
  return list.map((value, j) => {
    const fields = Object.entries(item).map(([key, info]): ItemFieldView => {
      const ws: ItemFieldSpec | undefined = spec.item?.fields[key];
      const keys = [...field.keys, String(j), key];
      const path = keys.join('.');
      return {
        key,
        info,
        keys,
        testid: `${testid}-${j}-${key}`,
        label: ws ? tx(ws.label, lang) : key,
        name: ws?.name ? tx(ws.name, lang) : ws ? tx(ws.label, lang) : key,
        unit: ws?.unit ? tx(ws.unit, lang) : unitText(info.unit, lang),
        step: stepOf(info, ws?.step),
        placeholder: placeholderOf(info, ws?.empty, lang),
        value: (value as Record<string, unknown> | null)?.[key],
        error: errorAt(errors, path, lang),
        title: titleOf('', info, lang),
      };
    });
    const itemPath = [...field.keys, String(j)].join('.');
    return { index: j, fields, error: fields.find((f) => f.error)?.error ?? errorAt(errors, itemPath, lang) };
  });
}

/** One field as the panel shows it, or null when the draft has no such field (another variant) or its `when` does not hold. */
export function fieldView(spec: FieldSpec, draft: unknown, errors: readonly ScenarioError[], lang: SettingsLang, index?: number, schema: v.GenericSchema = ScenarioSchema): FieldView | null {
  if (spec.when && ([] as readonly When[]).concat(spec.when).some((w) => getByPath(draft, index === undefined ? w.path : w.path.replaceAll('{i}', String(index))) !== w.is)) return null;
  const path = concretePath(spec, index);
  const info = fieldAt(schema, draft, path);
  if (!info) return null;
  const c = info.control;
  const testid = spec.id ? fillTemplate(spec.id, draft, index) : path;
  const hint = tx(spec.hint, lang);
  const config = spec.config === true ? info.keys[info.keys.length - 1] : spec.config ? fillTemplate(spec.config, draft, index) : null;
  const rangeObj = c.kind === 'number' ? c.range : null;
  const options = c.kind === 'select' || c.kind === 'variant' ? c.options.map((o) => ({ value: o, label: spec.options?.[o]?.[lang] ?? o })) : [];
  // A variant's own errors (e.g. "lognormal takes exactly one of cv or p99") are at the object.
  const error = errorAt(errors, info.path, lang) ?? (c.kind === 'variant' ? errorAt(errors, info.keys.slice(0, -1).join('.'), lang) : null);
  const itemName = spec.item ? tx(spec.item.name, lang) : '';
  return {
    spec,
    info,
    control: c,
    testid,
    label: tx(spec.label, lang),
    hint,
    config,
    unit: spec.unit ? tx(spec.unit, lang) : unitText(info.unit, lang),
    range: rangeObj ? rangeText(rangeObj, lang) : null,
    rangeObj,
    title: titleOf(hint, info, lang),
    step: stepOf(info, spec.step),
    placeholder: placeholderOf(info, spec.empty, lang),
    value: getAt(draft, info.keys),
    error,
    options,
    items: itemViews(info, spec, testid, draft, errors, lang),
    addText: panelText(lang, 'add', { item: itemName }),
    removeText: panelText(lang, 'remove', { item: itemName }),
  };
}

/** Everything the panel renders for this draft. */
export function buildView(sections: readonly SettingsSection[], draft: unknown, errors: readonly ScenarioError[], lang: SettingsLang, schema: v.GenericSchema = ScenarioSchema): SectionView[] {
  return expandSections(sections, draft).map(({ id, spec, index }) => {
    const list = spec.count ? getByPath(draft, spec.count) : undefined;
    const count = Array.isArray(list) && list.length > 1 ? ` (${panelText(lang, 'of', { n: 1, total: list.length })})` : '';
    return {
      id,
      title: fillTemplate(tx(spec.title, lang), draft, index) + count,
      code: spec.code ? fillTemplate(`{${spec.code}}`, draft, index) || null : null,
      fields: spec.fields.map((f) => fieldView(f, draft, errors, lang, index, schema)).filter((f): f is FieldView => f !== null),
    };
  });
}

/**
 * What the panel calls the field at each path an error can name, for `errorLineText`: its section
 * (with the section's name, for a repeated one) and its label, "Consumer group orders · Members";
 * a list's item and its fields as "Producer · Rate profile (step 2)", "… (step 2, start)" (items
 * counted from 1). A variant's own errors, at its object, name its control. A path the panel does
 * not show (another variant, a field it does not list) has no name.
 */
export function fieldNames(view: readonly SectionView[], lang: SettingsLang): ReadonlyMap<string, string> {
  const names = new Map<string, string>();
  const put = (path: string, name: string): void => {
    if (!names.has(path)) names.set(path, name);
  };
  for (const s of view) {
    for (const f of s.fields) {
      const name = `${s.title}${s.code ? ` ${s.code}` : ''} · ${f.label}`;
      put(f.info.path, name);
      if (f.control.kind === 'variant') put(f.info.keys.slice(0, -1).join('.'), name);
      const item = tx(f.spec.item?.name, lang);
      for (const it of f.items) {
        const which = `${item} ${it.index + 1}`;
        put([...f.info.keys, String(it.index)].join('.'), `${name} (${which})`);
        for (const x of it.fields) put(x.keys.join('.'), `${name} (${which}, ${x.name})`);
      }
    }
  }
  return names;
}
