/**
 * What a value must be, as the system that reads it checks it — so that a key QueueLab does not
 * model is still refused when the system itself would refuse its value (Kafka's client throws
 * `ConfigException: Invalid value abc for configuration fetch.min.bytes: Not a number of type INT`
 * at construction), rather than listed as merely not modelled. Kafka's ConfigDef types (INT, LONG,
 * SHORT, DOUBLE, BOOLEAN, STRING, LIST, CLASS, PASSWORD) and its range and enum validators;
 * RabbitMQ's and SQS's checks are built from the same pieces.
 *
 * Where versions differ, a value any version accepts passes (Kafka 4's `by_duration:` reset, 3.x's
 * `exactly_once`); a value is refused only when its type or range is wrong for every version.
 * The messages are the validator's shapes ("must be an integer in [0, 2147483647]", "must be one
 * of: …", "must be true or false"), which the page puts in Russian (src/app/error-text.ts).
 */
import type { MsgId } from './messages.ts';

/** null when `value` (as the input gives it) passes; else what is allowed. */
export type Check = (value: string) => string | null;

/** A key an importer knows: how its value is checked, and why QueueLab does not model it (none for a key a model applies). */
export interface Known {
  check: Check;
  why?: MsgId;
}

/** Adds `keys` (name → check) to `table`, each not modelled for `why` (undefined: a model applies it). */
export function known(table: Record<string, Known>, why: MsgId | undefined, keys: Record<string, Check>): void {
  for (const [key, check] of Object.entries(keys)) table[key] = why ? { check, why } : { check };
}

/** `key`'s entry in `table` (an own entry: not `constructor` or `__proto__`), if it has one. */
export function lookup(table: Record<string, Known>, key: string): Known | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Any text (a string, a list, a password): ConfigDef reads every value as one. */
export const ANY: Check = () => null;

/** An integer in [min, max] (Java's parseInt/parseLong: an optional sign and digits, blanks around trimmed); `unit` follows the range in the message. */
export function integer(min: bigint, max: bigint, unit = ''): Check {
  const message = `must be an integer in [${min}, ${max}]${unit ? ` ${unit}` : ''}`;
  return (value) => {
    const t = value.trim();
    if (!/^[+-]?\d+$/.test(t)) return message;
    const n = BigInt(t);
    return n < min || n > max ? message : null;
  };
}

/** An integer that is one of `allowed` ("must be one of: -1, 1, 2, …"). */
export function integerIn(allowed: readonly number[]): Check {
  const message = `must be one of: ${allowed.join(', ')}`;
  return (value) => {
    const t = value.trim();
    return /^[+-]?\d+$/.test(t) && allowed.includes(Number(t)) ? null : message;
  };
}

/** Java's Double.parseDouble: NaN, Infinity, a decimal or a hexadecimal number with an optional f/d suffix. */
const DOUBLE_TEXT = /^[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|0[xX]([\da-fA-F]+\.?[\da-fA-F]*|\.[\da-fA-F]+)[pP][+-]?\d+)[fFdD]?)$/;

/** A number, in [min, max] when given (NaN passes a range, as in Java; a hexadecimal one is not range-checked here). */
export function double(min?: number, max?: number): Check {
  const ranged = min !== undefined && max !== undefined;
  const message = ranged ? `must be a number in [${min}, ${max}]` : 'must be a number';
  return (value) => {
    const t = value.trim();
    if (!DOUBLE_TEXT.test(t)) return message;
    if (!ranged || /0[xX]/.test(t)) return null;
    const n = Number(t.replace(/[fFdD]$/, ''));
    return n < min || n > max ? message : null;
  };
}

/** true or false, any case (ConfigDef's BOOLEAN; AWS reads its booleans the same way). */
export const BOOLEAN: Check = (value) => (/^(true|false)$/i.test(value.trim()) ? null : 'must be true or false');

/** One of `allowed` (Kafka's ValidString `in(…)`: exact; CaseInsensitiveValidString: any case). `shown` is how the message lists them. */
export function oneOf(allowed: readonly string[], opts: { anyCase?: boolean; shown?: readonly string[] } = {}): Check {
  const message = `must be one of: ${(opts.shown ?? allowed).join(', ')}`;
  const set = new Set(opts.anyCase ? allowed.map((a) => a.toLowerCase()) : allowed);
  return (value) => {
    const t = value.trim();
    return set.has(opts.anyCase ? t.toLowerCase() : t) ? null : message;
  };
}

/** A comma-separated list (blanks around each item dropped) whose items are all in `allowed`; an empty list passes (ConfigDef's ValidList). */
export function listOf(allowed: readonly string[], shown: readonly string[]): Check {
  const message = `must be one of: ${shown.join(', ')}`;
  return (value) => {
    const t = value.trim();
    return t === '' || t.split(/\s*,\s*/).every((x) => allowed.includes(x)) ? null : message;
  };
}

/** A Java class name (`Class.forName` finds no class by another name: not an empty one, not one with blanks). */
export const CLASS: Check = (value) => (/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(value.trim()) ? null : 'must be a Java class name');

/** A JSON object, or text that parses to one (an SQS access policy). */
export const JSON_OBJECT: Check = (value) => {
  try {
    const j: unknown = JSON.parse(value);
    return typeof j === 'object' && j !== null && !Array.isArray(j) ? null : 'must be a JSON object';
  } catch {
    return 'must be a JSON object';
  }
};

// ── Kafka's ConfigDef types ──

const INT_MIN = -(2n ** 31n);
const INT_MAX = 2n ** 31n - 1n;
const LONG_MIN = -(2n ** 63n);
export const LONG_MAX = 2n ** 63n - 1n;

/** Type.INT, Type.LONG, Type.SHORT without a validator. */
export const INT = integer(INT_MIN, INT_MAX);
export const LONG = integer(LONG_MIN, LONG_MAX);
export const SHORT = integer(-(2n ** 15n), 2n ** 15n - 1n);
/** Type.STRING, LIST, PASSWORD: any text parses (their validators, where Kafka has one, are given with oneOf or listOf). */
export const STRING = ANY;
export const LIST = ANY;
export const PASSWORD = ANY;
/** A key whose type QueueLab does not know for sure (another library's, or a name Kafka may not have): its value is not checked. */
export const UNCHECKED = ANY;

/** INT / LONG with `atLeast(min)`. */
export const intAtLeast = (min: number): Check => integer(BigInt(min), INT_MAX);
export const longAtLeast = (min: number): Check => integer(BigInt(min), LONG_MAX);
/** INT / SHORT with `between(min, max)`. */
export const intBetween = (min: number, max: number): Check => integer(BigInt(min), BigInt(max));

/** compression.gzip.level, .lz4.level, .zstd.level (Kafka 3.8+, client and topic alike). */
export const GZIP_LEVEL = integerIn([-1, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
export const LZ4_LEVEL = intBetween(1, 17);
export const ZSTD_LEVEL = intBetween(-131072, 22);
