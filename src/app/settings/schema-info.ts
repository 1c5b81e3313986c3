/**
 * Schema introspection: what a settings field is, read from the valibot scenario schema itself.
 * Given a path (`groups.0.max.poll.records`) it walks objects (longest matching key first, since
 * Kafka's config names contain dots), arrays (a numeric index, or `{i}`) and variants (the option
 * whose discriminator matches the draft), and reports the control to show, the allowed range
 * (from the pipe's `min_value` / `gt_value` / `max_value` / `lt_value` / `integer` actions, never
 * from the message), the unit (the `num()` helper's `v.metadata({ unit })`), whether the field
 * may be absent or null, its default, and the schema's own message.
 */
import * as v from 'valibot';

/** The parts of a valibot schema object that introspection reads. */
interface Node {
  readonly kind: string;
  readonly type: string;
  readonly entries?: Readonly<Record<string, Node>>;
  readonly options?: readonly unknown[];
  readonly wrapped?: Node;
  readonly item?: Node;
  readonly key?: string;
  readonly literal?: unknown;
  readonly pipe?: readonly PipeItem[];
  readonly message?: unknown;
  readonly default?: unknown;
}

interface PipeItem {
  readonly kind: string;
  readonly type: string;
  readonly requirement?: unknown;
  readonly pipe?: readonly PipeItem[];
}

export interface Range {
  /** null = no lower bound. */
  readonly min: number | null;
  readonly max: number | null;
  readonly minExclusive: boolean;
  readonly maxExclusive: boolean;
  readonly integer: boolean;
}

export type Control =
  | { readonly kind: 'number'; readonly range: Range }
  | { readonly kind: 'checkbox' }
  | { readonly kind: 'select'; readonly options: readonly string[] }
  /** The discriminator of a variant: switching it replaces the whole object (see `switchVariant`). */
  | {
      readonly kind: 'variant';
      readonly key: string;
      readonly options: readonly string[];
      /** Per option, its fields other than the discriminator. */
      readonly fields: Readonly<Record<string, Readonly<Record<string, FieldInfo>>>>;
    }
  /** A list of objects; `item` holds the item's fields with keys relative to one item. */
  | { readonly kind: 'list'; readonly item: Readonly<Record<string, FieldInfo>>; readonly minItems: number; readonly maxItems: number | null }
  | { readonly kind: 'text'; readonly maxLength: number | null }
  /** A list of short strings (rack names), edited as one comma-separated line. */
  | { readonly kind: 'names'; readonly maxItems: number | null }
  | { readonly kind: 'unsupported'; readonly type: string };

export interface FieldInfo {
  /** Object keys from the root: `['groups', '0', 'max.poll.records']`. */
  readonly keys: readonly string[];
  /** The keys joined with '.': the path `validateScenario` reports errors at. */
  readonly path: string;
  readonly control: Control;
  /** May be absent (valibot optional). */
  readonly optional: boolean;
  /** null is a value (e.g. capacity: null = unbounded). */
  readonly nullable: boolean;
  /** The value validation fills in when the field is absent; undefined when none. */
  readonly default: unknown;
  /** From `v.metadata({ unit })`; '' when none. */
  readonly unit: string;
  /** The schema's message (e.g. "must be an integer in [1, 10000]"); null when it has none of its own. */
  readonly message: string | null;
  /** The field's schema, wrappers included, to check a single value. */
  readonly schema: v.GenericSchema;
}

const OPTIONAL = new Set(['optional', 'exact_optional', 'undefinedable']);
const NULLABLE = new Set(['nullable']);
const NULLISH = new Set(['nullish']);
const WRAPPERS = new Set([...OPTIONAL, ...NULLABLE, ...NULLISH, 'non_optional', 'non_nullable', 'non_nullish']);

function unwrap(node: Node): Node {
  let n = node;
  while (WRAPPERS.has(n.type) && n.wrapped) n = n.wrapped;
  return n;
}

/** Every pipe action of a schema, nested pipes (`v.pipe(v.pipe(…), …)`) included. */
function actions(node: Node): PipeItem[] {
  const out: PipeItem[] = [];
  const visit = (n: { readonly pipe?: readonly PipeItem[] }, self: unknown) => {
    for (const item of n.pipe ?? []) {
      if (item === self) continue;
      if (item.kind === 'schema') {
        if (item.pipe) visit(item, item);
      } else out.push(item);
    }
  };
  visit(node, node);
  return out;
}

/** The allowed range of a number schema, from its pipe actions. */
export function rangeOf(node: v.GenericSchema): Range {
  let min: number | null = null;
  let max: number | null = null;
  let minExclusive = false;
  let maxExclusive = false;
  let integer = false;
  const lower = (x: number, exclusive: boolean) => {
    if (min === null || x > min || (x === min && exclusive)) {
      min = x;
      minExclusive = exclusive;
    }
  };
  const upper = (x: number, exclusive: boolean) => {
    if (max === null || x < max || (x === max && exclusive)) {
      max = x;
      maxExclusive = exclusive;
    }
  };
  for (const a of actions(unwrap(node as unknown as Node))) {
    const r = a.requirement;
    if (a.type === 'min_value' && typeof r === 'number') lower(r, false);
    else if (a.type === 'gt_value' && typeof r === 'number') lower(r, true);
    else if (a.type === 'max_value' && typeof r === 'number') upper(r, false);
    else if (a.type === 'lt_value' && typeof r === 'number') upper(r, true);
    else if (a.type === 'integer' || a.type === 'safe_integer') integer = true;
  }
  return { min, max, minExclusive, maxExclusive, integer };
}

/** Does `x` lie in the range? */
export function inRange(r: Range, x: number): boolean {
  if (!Number.isFinite(x)) return false;
  if (r.integer && !Number.isInteger(x)) return false;
  if (r.min !== null && (r.minExclusive ? x <= r.min : x < r.min)) return false;
  if (r.max !== null && (r.maxExclusive ? x >= r.max : x > r.max)) return false;
  return true;
}

function lengthBounds(node: Node): { min: number; max: number | null } {
  let min = 0;
  let max: number | null = null;
  for (const a of actions(node)) {
    if (a.type === 'min_length' && typeof a.requirement === 'number') min = Math.max(min, a.requirement);
    if (a.type === 'max_length' && typeof a.requirement === 'number') max = max === null ? a.requirement : Math.min(max, a.requirement);
  }
  return { min, max };
}

function tagOf(option: Node, key: string): string {
  return String(option.entries?.[key]?.literal);
}

/** Describes the field whose (possibly wrapped) schema is `outer`, found at `keys`. */
function describe(outer: Node, keys: readonly string[]): FieldInfo {
  let optional = false;
  let nullable = false;
  let def: unknown = undefined;
  let n = outer;
  while (WRAPPERS.has(n.type) && n.wrapped) {
    if (OPTIONAL.has(n.type) || NULLISH.has(n.type)) optional = true;
    if (NULLABLE.has(n.type) || NULLISH.has(n.type)) nullable = true;
    if (def === undefined && n.default !== undefined) def = v.getDefault(n as unknown as v.OptionalSchema<v.GenericSchema, unknown>);
    n = n.wrapped;
  }
  const meta = v.getMetadata(n as unknown as v.GenericSchema) as { unit?: unknown };
  const unit = typeof meta.unit === 'string' ? meta.unit : '';
  const message = typeof n.message === 'string' ? n.message : null;
  const base = { keys, path: keys.join('.'), optional, nullable, default: def, unit, message, schema: outer as unknown as v.GenericSchema };
  return { ...base, control: controlOf(n, keys) };
}

function controlOf(n: Node, keys: readonly string[]): Control {
  switch (n.type) {
    case 'number':
      return { kind: 'number', range: rangeOf(n as unknown as v.GenericSchema) };
    case 'boolean':
      return { kind: 'checkbox' };
    case 'picklist':
      return { kind: 'select', options: (n.options ?? []).map(String) };
    case 'string':
      return { kind: 'text', maxLength: lengthBounds(n).max };
    case 'array': {
      const item = n.item ? unwrap(n.item) : undefined;
      if (item?.type === 'string') return { kind: 'names', maxItems: lengthBounds(n).max };
      if (!item?.entries) return { kind: 'unsupported', type: `array of ${item?.type ?? 'unknown'}` };
      const fields: Record<string, FieldInfo> = {};
      for (const [k, e] of Object.entries(item.entries)) fields[k] = describe(e, [k]);
      const { min, max } = lengthBounds(n);
      return { kind: 'list', item: fields, minItems: min, maxItems: max };
    }
    default:
      return { kind: 'unsupported', type: n.type };
  }
}

function describeVariant(variant: Node, objectKeys: readonly string[]): FieldInfo {
  const key = variant.key!;
  const options = (variant.options ?? []) as Node[];
  const fields: Record<string, Record<string, FieldInfo>> = {};
  for (const o of options) {
    const entries: Record<string, FieldInfo> = {};
    for (const [k, e] of Object.entries(o.entries ?? {})) if (k !== key) entries[k] = describe(e, [...objectKeys, k]);
    fields[tagOf(o, key)] = entries;
  }
  const message = typeof variant.message === 'string' ? variant.message : null;
  const keys = [...objectKeys, key];
  return {
    keys,
    path: keys.join('.'),
    control: { kind: 'variant', key, options: options.map((o) => tagOf(o, key)), fields },
    optional: false,
    nullable: false,
    default: undefined,
    unit: '',
    message,
    schema: variant as unknown as v.GenericSchema,
  };
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

/**
 * Walks `segs` from `node`. With `value` (mode 'value') a variant takes the option the value's
 * discriminator names and an array index must exist; without (mode 'any') every option is tried
 * and `{i}` stands for any index. Returns every field the path can denote.
 */
function walk(node: Node, segs: readonly string[], i: number, keys: readonly string[], value: unknown, mode: 'value' | 'any'): FieldInfo[] {
  if (i === segs.length) return [describe(node, keys)];
  const inner = unwrap(node);
  if (inner.type === 'variant' && inner.key) {
    const key = inner.key;
    if (i === segs.length - 1 && segs[i] === key) return [describeVariant(inner, keys)];
    const options = (inner.options ?? []) as Node[];
    if (mode === 'any') return options.flatMap((o) => walk(o, segs, i, keys, undefined, mode));
    const tag = isRecord(value) ? value[key] : undefined;
    const option = options.find((o) => o.entries?.[key]?.literal === tag);
    return option ? walk(option, segs, i, keys, value, mode) : [];
  }
  if (inner.entries) {
    // An optional object left out of the draft (no default: e.g. a group's autoscaler) shows its
    // fields as they would be filled in: editing one creates the object.
    if (mode === 'value' && value === undefined && node.type === 'optional' && node.default === undefined) value = {};
    for (let j = segs.length; j > i; j--) {
      const k = segs.slice(i, j).join('.');
      const entry = inner.entries[k];
      if (entry) {
        if (mode === 'value' && !isRecord(value)) return [];
        return walk(entry, segs, j, [...keys, k], isRecord(value) ? value[k] : undefined, mode);
      }
    }
    return [];
  }
  if (inner.type === 'array' && inner.item) {
    const seg = segs[i];
    if (mode === 'any' ? !/^(\d+|\{i\})$/.test(seg) : !(Array.isArray(value) && /^\d+$/.test(seg) && Number(seg) < value.length)) return [];
    return walk(inner.item, segs, i + 1, [...keys, seg], Array.isArray(value) ? value[Number(seg)] : undefined, mode);
  }
  return [];
}

/**
 * The field at `path` in this draft (variants resolved by the draft's discriminators), or null
 * when the draft has no such field (e.g. `service.k` while the service is exponential).
 */
export function fieldAt(schema: v.GenericSchema, draft: unknown, path: string): FieldInfo | null {
  return walk(schema as unknown as Node, path.split('.'), 0, [], draft, 'value')[0] ?? null;
}

/**
 * Every field `path` can denote in any variant (`{i}` or a number for array indices): `service.cv`
 * is three fields with three ranges (gamma, lognormal, hyperexponential). Empty = no such path.
 */
export function fieldsAnywhere(schema: v.GenericSchema, path: string): FieldInfo[] {
  return walk(schema as unknown as Node, path.split('.'), 0, [], undefined, 'any');
}

/** Does the value pass the field's own schema (range, type, wrappers)? */
export function accepts(field: FieldInfo, value: unknown): boolean {
  return v.safeParse(field.schema, value).success;
}
