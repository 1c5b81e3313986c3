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

/** One `## Name` section of a file: its heading's line, and its lines with their numbers. */
export interface SectionText {
  line: number;
  lines: [number, string][];
}

const HEADING = /^#{1,6}(?:\s|$)/;

/**
 * Splits the body (from `bodyStart`) into `## Name` sections, each of `sections` at most once and
 * in that order; an unknown or repeated heading, and text before the first section, are problems.
 * Each section's heading line is recorded in `where` as `## Name`. With `inOrder`, the messages
 * spell the order out.
 */
export function readSections<S extends string>(
  lines: readonly string[],
  bodyStart: number,
  sections: readonly S[],
  where: Record<string, number>,
  problem: (line: number, field: string, message: string) => void,
  inOrder = false,
): Partial<Record<S, SectionText>> {
  const body: Partial<Record<S, SectionText>> = {};
  let current: S | null = null;
  let lastIndex = -1;
  /** Under a heading already reported as wrong: its text is not reported again. */
  let skipping = false;
  for (let i = bodyStart; i < lines.length; i++) {
    const line = lines[i];
    const n = i + 1;
    if (HEADING.test(line)) {
      const name = /^##\s+(.*?)\s*$/.exec(line)?.[1] as S | undefined;
      const index = name === undefined ? -1 : sections.indexOf(name);
      if (!line.startsWith('## ') || name === undefined || index < 0) {
        problem(n, line.trim(), `unknown section (expected ${sections.map((s) => `"## ${s}"`).join(', ')}${inOrder ? ', in this order' : ''})`);
        current = null;
        skipping = true;
        continue;
      }
      const seen = body[name];
      if (seen) {
        problem(n, `## ${name}`, `appears twice (first on line ${seen.line})`);
        current = null;
        skipping = true;
        continue;
      }
      if (index < lastIndex) problem(n, `## ${name}`, `must come after "## ${sections[lastIndex]}"${inOrder ? ` (order: ${sections.join(', ')})` : ''}`);
      lastIndex = Math.max(lastIndex, index);
      current = name;
      skipping = false;
      body[name] = { line: n, lines: [] };
      where[`## ${name}`] = n;
      continue;
    }
    if (current === null) {
      if (line.trim() !== '' && !skipping) problem(n, 'text', `text outside a section (start it with "## ${sections[0]}")`);
      continue;
    }
    body[current]!.lines.push([n, line]);
  }
  return body;
}
