/**
 * `--set path=value` overrides: `arrival.rate=0.95`, `service={"type":"deterministic","mean":1}`,
 * `arrival.profile.0.rate=2`, `groups.0.max.poll.records=50`. The value is parsed as JSON when it can be, else taken as a string;
 * the result is validated like any other input, so a misspelt path is reported as an unknown field.
 */

export interface Override {
  path: string[];
  value: unknown;
}

export function parseOverride(text: string): Override {
  const eq = text.indexOf('=');
  if (eq <= 0) throw new SyntaxError(`--set expects path=value, got "${text}"`);
  const path = text.slice(0, eq).trim().split('.');
  if (path.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) {
    throw new SyntaxError(`--set path "${text.slice(0, eq)}" is not a valid field path`);
  }
  const rawValue = text.slice(eq + 1);
  let value: unknown;
  try {
    value = JSON.parse(rawValue);
  } catch {
    value = rawValue;
  }
  return { path, value };
}

import { DOTTED_FIELDS } from './kafka-schema.ts';

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

/** Returns a deep copy of `target` with the override applied (intermediate objects created). */
export function applyOverride<T>(target: T, { path, value }: Override): T {
  const root = structuredClone(target) as Record<string, unknown>;
  const keys = resolveKeys(root, path);
  let node: Record<string, unknown> = root;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1]] = value;
  return root as T;
}
