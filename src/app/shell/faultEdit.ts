/**
 * The timeline's arithmetic and its fault edits, pure (no page state): times under the pointer
 * rounded to a step the strip can show, and a fault list with one fault moved, removed, added or
 * its fields changed. What comes out is validated like any scenario (Playground.editFaults), so a
 * refused value is named by its field and its range.
 */
import type { LiveFault } from '../../../workers/protocol.ts';

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
 * `f` with the editor's texts for its fields: a number where the field held a number, true/false
 * for a flag, text as it is, and for a field that was empty (null) nothing, a number or text. `at`
 * must lie within the run. Errors name the field (its path in the scenario: `faults.<index>.<field>`).
 */
export function withFields(f: LiveFault, index: number, texts: Readonly<Record<string, string>>, duration: number): { ok: true; fault: LiveFault } | { ok: false; errors: string[] } {
  const next: Record<string, unknown> = { ...f };
  const errors: string[] = [];
  for (const field of fieldsOf(f)) {
    const text = texts[field.key];
    if (text === undefined) continue;
    const path = `faults.${index}.${field.key}`;
    if (field.type === 'number') {
      const n = parseNumber(text);
      if (n === null) errors.push(`${path}: must be a number (got "${text}")`);
      else next[field.key] = n;
    } else if (field.type === 'boolean') {
      if (text !== 'true' && text !== 'false') errors.push(`${path}: must be true or false (got "${text}")`);
      else next[field.key] = text === 'true';
    } else if (field.type === 'null') {
      next[field.key] = text.trim() === '' ? null : (parseNumber(text) ?? text.trim());
    } else next[field.key] = text;
  }
  const at = next.at;
  if (typeof at === 'number' && (at < 0 || at > duration)) errors.push(`faults.${index}.at: must be a time in [0, ${duration}] s, the run's length (got ${at})`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, fault: next as LiveFault };
}
