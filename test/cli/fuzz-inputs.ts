/**
 * Generators of malformed CLI input for test/cli/fuzz.test.ts: structural mutations of the shipped
 * scenarios, edits of their JSON text, `--set` arguments, share links and argument lists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import LZString from 'lz-string';
import { encodeShareHash } from '../../src/scenario/share.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export const SHIPPED: { name: string; text: string; data: Record<string, Json> }[] = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .sort()
  .map((f) => {
    const text = readFileSync(`scenarios/${f}`, 'utf8');
    return { name: f, text, data: JSON.parse(text) };
  });

/** Paths to values in `node` (objects and lists), root first; at most `limit` of them. */
export function pathsOf(node: Json, limit = 2000): string[][] {
  const out: string[][] = [];
  const stack: [Json, string[]][] = [[node, []]];
  while (stack.length > 0 && out.length < limit) {
    const [n, path] = stack.pop()!;
    out.push(path);
    if (n !== null && typeof n === 'object') {
      const entries = Array.isArray(n) ? n.map((c, i) => [String(i), c] as const) : Object.entries(n);
      for (const [k, child] of entries.slice(0, limit).reverse()) stack.push([child, [...path, k]]);
    }
  }
  return out;
}

export function getAt(root: Json, path: string[]): Json {
  let node = root;
  for (const k of path) node = (node as Record<string, Json>)[k];
  return node;
}

/** Replaces the value at `path` (the root when empty) and returns the new root. */
export function setAt(root: Json, path: string[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null;
  const parent = getAt(root, path.slice(0, -1)) as Record<string, Json> | Json[];
  const key = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else (parent as Record<string, Json>)[key] = value;
  return root;
}

// ── generators ──────────────────────────────────────────────────────────────────────────────

export const CONTROL = ['\u0000', '\u0007', '\u0008', '\t', '\n', '\r', '\u001b', '\u001b[2J', '\u001b]0;t\u0007', '\u001b[31m', '\u007f', '\u0085', '\u009b', '\u009d', '\u2028', '\u202e', '\u2066', '\ufeff', '\ud800'];

/** Strings with control characters, escapes, odd Unicode, and sometimes a lot of them. */
export const nastyString = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.array(fc.constantFrom(...CONTROL, 'a', 'é', '𝄞', '"', '\\', '.', '=', '#v1.', '-'), { maxLength: 30 }).map((a) => a.join('')),
  fc.tuple(fc.constantFrom(...CONTROL, 'x', '[', '{'), fc.integer({ min: 100, max: 20_000 })).map(([c, n]) => c.repeat(n)),
);

/** Numbers at the edges: out of range, non-integer, denormal, huge, and the odd in-range one. */
export const edgeNumber = fc.oneof(
  fc.constantFrom(-1, -0, 0, 0.5, 1.5, 2 ** 31, 2 ** 32, 2 ** 53 + 2, 65_536, 1e9, 1e12, 1e300, -1e300, 5e-324, 1e-320, 1e-200, 2.2250738585072014e-308, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -1000, max: 100_000 }),
);

/** A value of another type, or a deeply nested, huge or hostile one. */
export const hostileValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: edgeNumber },
  { weight: 2, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.constantFrom(null, true, false, [], {}, '', 'NaN', 'Infinity', '1e999', '0x10', ' 1 ') },
  // Nested within what JSON.stringify (recursive) can write; deeper still comes from the text edits.
  fc.integer({ min: 20, max: 2000 }).map((n) => {
    let v: Json = 1;
    for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json> },
);

/** A huge list (a field's value, or a scenario's list made long). */
export const hugeList: fc.Arbitrary<Json> = fc
  .tuple(fc.integer({ min: 1000, max: 20_000 }), fc.constantFrom<Json>(0, 'x', {}, [], { at: 1, rate: 1 }))
  .map(([n, item]) => Array.from({ length: n }, () => (Array.isArray(item) ? [] : typeof item === 'object' && item !== null ? { ...item } : item)));

export type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'set'; at: number; value: Json }
  | { op: 'duplicate'; at: number; to: number }
  | { op: 'rename'; at: number; key: string }
  | { op: 'wrap'; at: number; depth: number };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  { weight: 3, arbitrary: fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: hostileValue }) },
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: hugeList }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), to: fc.nat() }),
  fc.record({ op: fc.constant('rename' as const), at: fc.nat(), key: nastyString }),
  fc.record({ op: fc.constant('wrap' as const), at: fc.nat(), depth: fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 40 }) }, fc.integer({ min: 100, max: 600 })) }),
);

export function mutate(data: Json, m: Mutation): Json {
  const paths = pathsOf(data);
  const path = paths[m.at % paths.length];
  switch (m.op) {
    case 'drop':
      return setAt(data, path, undefined);
    case 'set':
      return setAt(data, path, structuredClone(m.value));
    case 'duplicate': {
      const target = paths[m.to % paths.length];
      const value = structuredClone(getAt(data, path));
      const parent = getAt(data, target.slice(0, -1));
      if (Array.isArray(parent)) {
        parent.push(value);
        return data;
      }
      return setAt(data, target, value);
    }
    case 'rename': {
      if (path.length === 0) return data;
      const parent = getAt(data, path.slice(0, -1));
      if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) return data;
      const value = parent[path[path.length - 1]];
      delete parent[path[path.length - 1]];
      parent[m.key] = value;
      return data;
    }
    case 'wrap': {
      let v = getAt(data, path);
      for (let i = 0; i < m.depth; i++) v = [v];
      return setAt(data, path, v);
    }
  }
}

export type TextEdit = { kind: 'none' | 'bom' } | { kind: 'truncate' | 'overflow'; at: number } | { kind: 'insert'; at: number; text: string } | { kind: 'deep'; depth: number };

/** What happens to the JSON text after serialising: a BOM, truncation, a number overflowing, bytes. */
export const textEdit: fc.Arbitrary<TextEdit> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'none' as const }) },
  fc.constant({ kind: 'bom' as const }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('overflow' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: nastyString }),
  fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 30, max: 200_000 }) }),
);

export function editText(text: string, e: TextEdit): string {
  switch (e.kind) {
    case 'bom':
      return `\ufeff${text}`;
    case 'truncate':
      return text.slice(0, e.at % (text.length + 1));
    case 'overflow': {
      // The n-th number in the text becomes 1e999 (Infinity once parsed).
      const numbers = [...text.matchAll(/[:[,]\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g)];
      if (numbers.length === 0) return text;
      const m = numbers[e.at % numbers.length];
      const start = m.index + m[0].length - m[1].length;
      return `${text.slice(0, start)}${e.at % 2 ? '-1e999' : '1e999'}${text.slice(start + m[1].length)}`;
    }
    case 'insert': {
      const at = e.at % (text.length + 1);
      return `${text.slice(0, at)}${e.text}${text.slice(at)}`;
    }
    case 'deep':
      return `${'['.repeat(e.depth)}${text}${']'.repeat(e.depth)}`;
    default:
      return text;
  }
}

/** `--duration` / `--set warmup=0` so valid runs stay a few simulated seconds; sometimes malformed. */
export const runLength = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(['--duration', '2', '--set', 'warmup=0'], ['--duration', '5', '--set', 'warmup=0', '--set', 'faults=[]'], ['--duration', '1', '--set', 'warmup=0', '--json', '--no-timing']) },
  fc.tuple(fc.constantFrom('--duration', '--seed'), fc.oneof(nastyString, fc.constantFrom('-1', '0', '1e999', '-1e999', '5e-324', 'NaN', '0x10', '', '4294967296'))).map(([o, v]) => ['--duration', '2', '--set', 'warmup=0', o, v]),
);

export const KNOWN_SEGMENTS = ['arrival', 'rate', 'profile', 'shape', 'service', 'mean', 'servers', 'capacity', 'title', 'id', 'seed', 'topic', 'partitions', 'producers', 'groups', 'faults', 'members', 'processing', 'threads', 'time', 'keys', 'values', 'count', 'retry', 'backoff', 'max.poll.records', 'session.timeout.ms', 'timing', 'at', 'kind', 'target'];
export const INDEX_SEGMENTS = ['0', '1', '2', '3', '15', '-1', '01', '1e0', '+1', ' 1', 'length', '4294967294', '4294967295', '99999999999999999999', 'NaN', 'Infinity'];
export const HOSTILE_SEGMENTS = ['__proto__', 'constructor', 'prototype', '', 'toString', 'hasOwnProperty'];

export const setPath = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...KNOWN_SEGMENTS) }, { weight: 4, arbitrary: fc.constantFrom(...INDEX_SEGMENTS) }, fc.constantFrom(...HOSTILE_SEGMENTS), nastyString), { minLength: 1, maxLength: 6 })
  .map((segments) => segments.join('.'));

export const setValue = fc.oneof(
  hostileValue.map((v) => JSON.stringify(v) ?? 'null'),
  nastyString,
  fc.constantFrom('1e999', '-1e999', '5e-324', '[', '{"a":', '"unterminated', 'null', '[]', '{}', '65536', '-0'),
);

export const setArg = fc.oneof({ weight: 8, arbitrary: fc.tuple(setPath, setValue).map(([p, v]) => `${p}=${v}`) }, nastyString);


/**
 * Applies the mutations in turn. Stacked nesting (a deep value wrapped, then duplicated into
 * itself) can outgrow the stack of structuredClone here; such a mutation is skipped.
 */
function mutateAll(data: Json, mutations: Mutation[]): Json {
  for (const m of mutations) {
    try {
      data = mutate(data, m);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  return data;
}

/** JSON text of `data`; for data nested beyond what JSON.stringify can recurse, deep text like it. */
function stringify(data: Json): string {
  try {
    return JSON.stringify(data) ?? '';
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    return `${'['.repeat(20_000)}1${']'.repeat(20_000)}`;
  }
}

/** One CLI invocation: its arguments and the files it may read (by name, in memory). */
export interface FuzzCase {
  argv: string[];
  files?: Record<string, string>;
}

/** A shipped scenario, mutated 1–4 times, serialised and maybe edited as text, read as a file. */
export const fileCase: fc.Arbitrary<FuzzCase> = fc
  .tuple(fc.nat(SHIPPED.length - 1), fc.array(mutation, { minLength: 1, maxLength: 4 }), textEdit, runLength, fc.boolean())
  .map(([which, mutations, edit, extra, pretty]) => {
    let data: Json = structuredClone(SHIPPED[which].data);
    data = mutateAll(data, mutations);
    const compact = stringify(data);
    // Indented only when small: indenting a 2000-deep value writes millions of spaces.
    const text = editText(pretty && compact.length < 50_000 ? JSON.stringify(data, null, 2) : compact, edit);
    return { argv: [`fuzz-${SHIPPED[which].name}`, ...extra], files: { [`fuzz-${SHIPPED[which].name}`]: text } };
  });

/** A shipped scenario file with 1–3 generated `--set` arguments. */
/**
 * A `--set` aimed at a real field of the scenario: its path as is, with one segment swapped for an
 * odd index or name, or with a segment added; the value generated.
 */
const anchoredSet = fc
  .tuple(fc.nat(), fc.constantFrom('as-is', 'swap', 'append'), fc.nat(), fc.oneof(fc.constantFrom(...INDEX_SEGMENTS), fc.constantFrom(...HOSTILE_SEGMENTS), nastyString), setValue)
  .map(([at, how, seg, odd, value]) => (data: Json) => {
    const paths = pathsOf(data).filter((p) => p.length > 0);
    const path = [...paths[at % paths.length]];
    if (how === 'swap') path[seg % path.length] = odd;
    if (how === 'append') path.push(odd);
    return `${path.join('.')}=${value}`;
  });

export const setCase: fc.Arbitrary<FuzzCase> = fc
  .tuple(fc.nat(SHIPPED.length - 1), fc.array(fc.oneof(setArg.map((a) => () => a), anchoredSet), { minLength: 1, maxLength: 3 }), runLength)
  .map(([which, sets, extra]) => ({
    argv: [`scenarios/${SHIPPED[which].name}`, ...extra, ...sets.flatMap((make) => ['--set', make(SHIPPED[which].data)])],
  }));

const HASHES = SHIPPED.map((s) => encodeShareHash(parseScenarioOrThrow(s.data)));

/** Share links: a shipped scenario's link cut short or tampered with, hostile JSON in a well-formed link, garbage syntax. */
export const linkCase: fc.Arbitrary<FuzzCase> = fc
  .tuple(
    fc.oneof(
      fc.tuple(fc.nat(HASHES.length - 1), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.constantFrom('A', '-', '$', '+', '%', ' ', '\u001b', '#', '.', '0')), { maxLength: 4 })).map(([i, cut, edits]) => {
        let h = HASHES[i].slice(0, 4 + (cut % (HASHES[i].length - 3)));
        for (const [at, c] of edits) {
          const k = 4 + (at % Math.max(1, h.length - 4));
          h = `${h.slice(0, k)}${c}${h.slice(k + 1)}`;
        }
        return `http://127.0.0.1:4173/${h}`;
      }),
      hostileValue.map((v) => `#v1.${LZString.compressToEncodedURIComponent(JSON.stringify(v) ?? '')}`),
      fc.tuple(fc.nat(SHIPPED.length - 1), fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([i, ms]) => {
        let data: Json = structuredClone(SHIPPED[i].data);
        data = mutateAll(data, ms);
        return `https://x.test/#v1.${LZString.compressToEncodedURIComponent(stringify(data))}`;
      }),
      fc.tuple(fc.constantFrom('#', '#v1.', '#v2.', '#v1', 'http://h/#v1.', 'https://', 'http://x#', '#v99999999999999999999.'), nastyString).map(([a, b]) => a + b),
    ),
    runLength,
  )
  .map(([url, extra]) => ({ argv: [url, ...extra] }));

/** Arbitrary argument lists mixing options, odd strings and a few real paths (a real scenario runs briefly). */
export const argvCase: fc.Arbitrary<FuzzCase> = fc
  .array(
    fc.oneof(nastyString, fc.constantFrom('--set', '--seed', '--duration', '--json', '--log', '--no-timing', '-h', '--partitions', 'partition', 'import', 'export-properties', '--format', '--model', '--out', '--', '-', '.', 'scenarios', '/dev/null', '/dev/zero', 'scenarios/mm1.json')),
    { maxLength: 6 },
  )
  .map((argv) => ({ argv: argv.includes('scenarios/mm1.json') ? [...argv, '--duration', '2', '--set', 'warmup=0'] : argv }));
