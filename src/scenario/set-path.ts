/**
 * `--set path=value` overrides: `arrival.rate=0.95`, `service={"type":"deterministic","mean":1}`,
 * `arrival.profile.0.rate=2`. The value is parsed as JSON when it can be, else taken as a string;
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

/** Returns a deep copy of `target` with the override applied (intermediate objects created). */
export function applyOverride<T>(target: T, { path, value }: Override): T {
  const root = structuredClone(target) as Record<string, unknown>;
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    if (typeof next !== 'object' || next === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path[path.length - 1]] = value;
  return root as T;
}
