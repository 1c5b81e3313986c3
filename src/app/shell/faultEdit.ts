/**
 * The timeline's arithmetic and its fault edits, pure (no page state): times under the pointer
 * rounded to a step the strip can show, and a fault list with one fault moved, removed, added or
 * its fields changed. A fault's fields are checked as the scenario's (`editedFault`), every bad one
 * named with its range; the list that comes out is validated again by Playground.editFaults.
 */
import type { LiveFault } from '../../../workers/protocol.ts';
import { formatError, ScenarioSchema, validateScenario, type Scenario, type ScenarioError } from '../../scenario/index.ts';
import { fieldAt } from '../settings/schema-info.ts';

/** The smallest of 1, 2, 5 × 10^k that is at least `x` (x > 0). */
export function niceStep(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  let p = 10 ** Math.floor(Math.log10(x));
  for (;;) {
    for (const m of [1, 2, 5]) if (m * p >= x * (1 - 1e-12)) return m * p;
    p *= 10;
  }
}

/** `t` rounded to a multiple of `step` and kept within [0, duration] (no floating-point tails: 0.30000000000000004 → 0.3). */
export function snapTime(t: number, step: number, duration: number): number {
  const r = Math.round(t / step) * step;
  return Math.min(duration, Math.max(0, Number(r.toPrecision(12))));
}

/** The time at a fraction `x` (0…1) of a strip `width` px wide that shows `duration` seconds: to the strip's resolution. */
export function timeAt(x: number, width: number, duration: number): number {
  const f = Math.min(1, Math.max(0, x));
  return snapTime(f * duration, niceStep(duration / Math.max(1, width)), duration);
}

/** What the arrow keys move by: about 1 % of the run (Shift: 10 %). */
export const keyStep = (duration: number, big: boolean): number => niceStep(duration / 100) * (big ? 10 : 1);

/** Sorted by time, stably (as the scenario and the share link hold them). */
export function byTime(list: readonly LiveFault[]): LiveFault[] {
  return list
    .map((f, i) => ({ f, i }))
    .sort((a, b) => a.f.at - b.f.at || a.i - b.i)
    .map((x) => x.f);
}

export const moved = (list: readonly LiveFault[], i: number, at: number): LiveFault[] => list.map((f, j) => (j === i ? ({ ...f, at } as LiveFault) : f));
export const removed = (list: readonly LiveFault[], i: number): LiveFault[] => list.filter((_, j) => j !== i);
export const added = (list: readonly LiveFault[], f: LiveFault): LiveFault[] => [...list, f];

/** The index in `list` of a fault equal to `f` (field by field), or -1: the same fault after an edit re-parsed the list. */
export function indexOfFault(list: readonly LiveFault[], f: LiveFault): number {
  const key = JSON.stringify(Object.entries(f).sort());
  return list.findIndex((x) => JSON.stringify(Object.entries(x).sort()) === key);
}

/** A field of a fault as the editor shows it: its name, its value as text, and what the value was. */
export interface FaultField {
  key: string;
  text: string;
  type: 'number' | 'text' | 'null' | 'boolean';
}

/** The fields the editor offers: every field but the kind (the time first). */
export function fieldsOf(f: LiveFault): FaultField[] {
  const out: FaultField[] = [];
  for (const [key, v] of Object.entries(f)) {
    if (key === 'kind' || v === undefined) continue;
    const type = v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'text';
    out.push({ key, text: v === null ? '' : String(v), type });
  }
  return out.sort((a, b) => Number(b.key === 'at') - Number(a.key === 'at'));
}

const parseNumber = (text: string): number | null => {
  const t = text.trim().replace(',', '.').replace(/\s/g, '');
  if (t === '' || !/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return null;
  return Number(t);
};

/**
 * The editor's texts as values: a number where the field held a number, true/false for a flag,
 * text as it is, and for a field that was empty (null) nothing, a number or text. `bad`: the
 * fields whose text is not a value of their type (they keep their value in `fault`).
 */
function readFields(f: LiveFault, texts: Readonly<Record<string, string>>): { fault: Record<string, unknown>; bad: FaultField[] } {
  const fault: Record<string, unknown> = { ...f };
  const bad: FaultField[] = [];
  for (const field of fieldsOf(f)) {
    const text = texts[field.key];
    if (text === undefined) continue;
    if (field.type === 'number') {
      const n = parseNumber(text);
      if (n === null) bad.push(field);
      else fault[field.key] = n;
    } else if (field.type === 'boolean') {
      if (text !== 'true' && text !== 'false') bad.push(field);
      else fault[field.key] = text === 'true';
    } else if (field.type === 'null') {
      fault[field.key] = text.trim() === '' ? null : (parseNumber(text) ?? text.trim());
    } else fault[field.key] = text;
  }
  return { fault, bad };
}

/** The editor's own bound of `at`: within the run (the schema's is far wider). */
const atMessage = (duration: number): string => `must be a time in [0, ${duration}] s, the run's length`;

/**
 * Fault `index` of `faults` with the editor's texts for its fields, checked as part of `scenario`
 * (whose faults `faults` replace, as Playground.editFaults does): every bad field is named, once,
 * with what it allows. A text that is not a number says the field's range (its schema's message;
 * for `at`, the run); every other changed field is validated alone, the others as they were, so
 * that no error hides another (the validator checks a field against the rest of the scenario only
 * once every field is in range); then all together, for what is wrong with them in combination.
 * Errors are formatted lines, `faults.<index>.<field>: …`, in the editor's order of fields.
 */
export function editedFault(
  scenario: Scenario,
  faults: readonly LiveFault[],
  index: number,
  texts: Readonly<Record<string, string>>,
): { ok: true; fault: LiveFault } | { ok: false; errors: string[] } {
  const f = faults[index];
  const { fault, bad } = readFields(f, texts);
  const draft = (x: Record<string, unknown>): Record<string, unknown> => ({ ...scenario, faults: faults.map((g, j) => (j === index ? x : g)) });
  const validate = (x: Record<string, unknown>): ScenarioError[] => {
    const r = validateScenario(draft(x));
    return r.ok ? [] : r.errors;
  };
  const pathOf = (key: string): string => `faults.${index}.${key}`;
  const about = (e: ScenarioError, key: string): boolean => e.path === pathOf(key) || e.path.startsWith(`${pathOf(key)}.`);
  const allowed = (field: FaultField): string => {
    if (field.key === 'at') return atMessage(scenario.duration);
    if (field.type === 'boolean') return 'must be true or false';
    return fieldAt(ScenarioSchema, draft(f), pathOf(field.key))?.message ?? 'must be a number';
  };
  const keys = fieldsOf(f).map((x) => x.key);
  const changed = keys.filter((k) => !bad.some((x) => x.key === k) && fault[k] !== (f as Record<string, unknown>)[k]);
  const errors: ScenarioError[] = [
    ...bad.map((field) => ({ path: pathOf(field.key), message: allowed(field), value: texts[field.key] })),
    ...(typeof fault.at === 'number' && (fault.at < 0 || fault.at > scenario.duration) ? [{ path: pathOf('at'), message: atMessage(scenario.duration), value: fault.at }] : []),
    ...changed.flatMap((k) => validate({ ...f, [k]: fault[k] }).filter((e) => about(e, k))),
    ...validate(fault),
  ];
  if (errors.length === 0) return { ok: true, fault: fault as LiveFault };
  // One error a path (the first found: the editor's own reading, then the field alone), the fields in the editor's order.
  const seen = new Set<string>();
  const order = (e: ScenarioError): number => {
    const k = keys.findIndex((key) => about(e, key));
    return k < 0 ? keys.length : k;
  };
  const once = errors.filter((e) => !seen.has(e.path) && seen.add(e.path));
  return { ok: false, errors: once.sort((a, b) => order(a) - order(b)).map(formatError) };
}
