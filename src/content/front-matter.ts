/**
 * The front matter that lessons and interview questions share: a block between two `---` lines of
 * `key: value` lines (blank lines and `#` comments skipped), every key known and set once. The
 * callers read the values (text or lists) and check them; problems are reported with their line.
 */

export interface FrontMatter {
  /** Each key's value, trimmed. */
  values: Record<string, string>;
  /** The line each key (and later, each section) is on. */
  where: Record<string, number>;
  /** The first line after the block. */
  bodyStart: number;
  /** The closing `---` line (where a missing key is reported). */
  closeLine: number;
}

/**
 * Reads the front matter of `lines`. `onKey` sees each known key before it is kept: it may report
 * a problem of its own and return false to leave the key out.
 */
export function readFrontMatter(
  lines: readonly string[],
  known: readonly string[],
  problem: (line: number, field: string, message: string) => void,
  onKey: (key: string, value: string, line: number) => boolean = () => true,
): FrontMatter {
  const values: Record<string, string> = {};
  const where: Record<string, number> = {};
  if (lines[0]?.trim() !== '---') {
    problem(1, 'front matter', 'the file must start with a line "---"');
    return { values, where, bodyStart: lines.length, closeLine: 1 };
  }
  let i = 1;
  for (; i < lines.length && lines[i].trim() !== '---'; i++) {
    const line = lines[i];
    const n = i + 1;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const kv = /^([A-Za-z][A-Za-z0-9_-]*)\s*:(.*)$/.exec(line);
    if (!kv) {
      problem(n, 'front matter', `expected "key: value", got "${line.trim()}"`);
      continue;
    }
    const [, key, value] = kv;
    if (!known.includes(key)) {
      problem(n, key, `unknown key (expected one of ${known.join(', ')})`);
      continue;
    }
    if (Object.hasOwn(values, key)) {
      problem(n, key, `set twice (first on line ${where[key]})`);
      continue;
    }
    if (!onKey(key, value.trim(), n)) continue;
    values[key] = value.trim();
    where[key] = n;
  }
  if (i >= lines.length) problem(lines.length, 'front matter', 'no closing line "---"');
  return { values, where, bodyStart: i + 1, closeLine: Math.min(i + 1, lines.length) };
}
