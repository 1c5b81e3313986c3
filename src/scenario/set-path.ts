/**
 * `--set path=value` overrides: `arrival.rate=0.95`, `service={"type":"deterministic","mean":1}`,
 * `arrival.profile.0.rate=2`, `groups.0.max.poll.records=50`. The value is parsed as JSON when it can be, else taken as a string;
 * the result is validated like any other input, so a misspelt path is reported as an unknown field.
 */

import { depthMessage, MAX_DEPTH, valueTooDeep } from './limits.ts';

export interface Override {
  path: string[];
  value: unknown;
}

/** A `--set` that cannot be applied: the scenario is no object, or the path indexes a list out of range. */
export class OverrideError extends Error {
  override name = 'OverrideError';
  constructor(
    /** The override's path as given, dotted. */
    readonly path: string,
    /** What is wrong with it. */
    readonly reason: string,
  ) {
    super(`--set ${clip(path)}: ${reason}`);
  }
}

/** `text` cut to `max` characters, for echoing user input in a message. */
export function clip(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

export function parseOverride(text: string): Override {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new SyntaxError(`--set expects path=value, got "${clip(text)}"`);
  const pathText = text.slice(0, eq).trim();
  const path = pathText.split('.');
  if (path.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new SyntaxError(`--set path "${clip(text.slice(0, eq))}" is not a valid field path`);
  }
  if (path.length > MAX_DEPTH) throw new SyntaxError(`--set path "${clip(pathText)}" is ${path.length} fields deep; a scenario nests at most ${MAX_DEPTH}`);
  const rawValue = text.slice(eq + 1);
  let value: unknown;
  try {
    value = JSON.parse(rawValue); // iterative in V8: deep nesting cannot overflow the stack here
  } catch {
    value = rawValue;
  }
  if (valueTooDeep(value)) throw new SyntaxError(`--set ${clip(pathText)}: the value is ${depthMessage}`);
  return { path, value };
}

import { DOTTED_FIELDS as KAFKA_DOTTED } from './kafka-schema.ts';
import { QUEUE_DOTTED_FIELDS } from './queue-schema.ts';
import { CLUSTER_DOTTED_FIELDS } from './cluster-schema.ts';
import { SERVICE_DOTTED_FIELDS } from './service-schema.ts';
import { STORAGE_DOTTED_FIELDS } from './storage-schema.ts';
import { OUTBOX_DOTTED_FIELDS } from './outbox-schema.ts';

const DOTTED_FIELDS: ReadonlySet<string> = new Set([...KAFKA_DOTTED, ...QUEUE_DOTTED_FIELDS, ...CLUSTER_DOTTED_FIELDS, ...SERVICE_DOTTED_FIELDS, ...STORAGE_DOTTED_FIELDS, ...OUTBOX_DOTTED_FIELDS]);

/**
 * Splits the path into keys of the objects it walks. Kafka's config names contain dots
 * (`groups.0.max.poll.records`), so at each level the longest run of segments that names an
 * existing key or a known dotted field wins; otherwise one segment is one key.
 */
function resolveKeys(root: unknown, path: string[]): string[] {
  const keys: string[] = [];
  let node = root;
  let i = 0;
  while (i < path.length) {
    let take = 1;
    if (node && typeof node === 'object') {
      for (let j = path.length; j > i + 1; j--) {
        const candidate = path.slice(i, j).join('.');
        if (Object.hasOwn(node, candidate) || DOTTED_FIELDS.has(candidate)) {
          take = j - i;
          break;
        }
      }
    }
    const key = path.slice(i, i + take).join('.');
    keys.push(key);
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    i += take;
  }
  return keys;
}

const INDEX = /^(0|[1-9][0-9]*)$/;

/**
 * Returns a deep copy of `target` with the override applied (intermediate objects created; a list
 * where the next key is an index). In a list the index must be an existing item or the one just
 * past the end (to append): anything else — negative, fractional, far past the end — throws
 * {@link OverrideError} naming the path and the allowed range, so no huge sparse list is made.
 */
export function applyOverride<T>(target: T, { path, value }: Override): T {
  if (typeof target !== 'object' || target === null || Array.isArray(target)) {
    throw new OverrideError(path.join('.'), 'the scenario is not a JSON object');
  }
  const root = structuredClone(target) as Record<string, unknown>;
  const keys = resolveKeys(root, path);
  let node: Record<string, unknown> | unknown[] = root;
  keys.forEach((key, k) => {
    if (Array.isArray(node)) {
      const n = node.length;
      if (!INDEX.test(key) || Number(key) > n) {
        const where = clip(keys.slice(0, k).join('.'));
        throw new OverrideError(
          keys.join('.'),
          `${where} is a list of ${n} item${n === 1 ? '' : 's'}, so the index after it must be an integer in 0 … ${n} (${n} appends an item); got "${clip(key, 20)}"`,
        );
      }
    }
    const parent = node as Record<string, unknown>;
    if (k === keys.length - 1) {
      parent[key] = value;
      return;
    }
    const next = parent[key];
    if (typeof next !== 'object' || next === null) parent[key] = INDEX.test(keys[k + 1]) ? [] : {};
    node = parent[key] as Record<string, unknown> | unknown[];
  });
  return root as T;
}
