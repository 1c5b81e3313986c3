/**
 * A counters-strip cell as a model's panels describe it (message keys, the value, why it is red)
 * and the one mapping to the strip's {@link CounterItem}s, shared by the models whose cells follow
 * the same rule: red only with a reason, which is then the line under the value; otherwise the
 * cell's own note, or "OK" (the model's zero word) for a counter that should stay 0.
 */
import type { CounterItem } from '../../registry.ts';
import type { Vars } from '../../i18n.ts';

export interface CounterCell<K extends string> {
  id: string;
  label: K;
  hint: K;
  hintVars?: Vars;
  value: number | null;
  text: string;
  /** Red with this reason (null: not red). */
  bad?: string | null;
  /** The line under the value when not red (default the zero word, for counters that should stay 0). */
  note?: string;
  hw?: string | null;
  unit?: string;
  noteTestid?: string;
  noteValue?: number | null;
}

/** The strip's items: test ids `<prefix>-<id>`; `zero` is the default note once the run has data. */
export function counterItems<K extends string>(cells: readonly CounterCell<K>[], prefix: string, t: (key: K, vars?: Vars) => string, zero: string | null): CounterItem[] {
  return cells.map(
    (c): CounterItem => ({
      testid: `${prefix}-${c.id}`,
      label: t(c.label),
      hint: t(c.hint, c.hintVars),
      value: c.value,
      text: c.text,
      hw: c.hw ?? null,
      unit: c.unit,
      note: c.bad ? c.bad : (c.note ?? zero ?? ''),
      noteTestid: c.noteTestid,
      noteValue: c.noteValue,
      tone: c.bad ? 'bad' : 'plain',
    }),
  );
}
