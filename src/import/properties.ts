/**
 * Java `.properties` text as `java.util.Properties.load` reads it: `key=value`, `key: value` or
 * `key value`; `#` and `!` comment lines; a line ending in an odd number of backslashes continues
 * on the next (whose leading blanks are dropped); `\t \n \r \f \uXXXX` escapes, and `\x` for any
 * other x. The last line that sets a key wins, as in Java.
 */

export interface Property {
  key: string;
  value: string;
  /** 1-based line where the entry starts. */
  line: number;
}

const BLANK = new Set([' ', '\t', '\f']);

function unescape(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i === text.length - 1) {
      out += c;
      continue;
    }
    const n = text[++i];
    if (n === 't') out += '\t';
    else if (n === 'n') out += '\n';
    else if (n === 'r') out += '\r';
    else if (n === 'f') out += '\f';
    else if (n === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += n;
  }
  return out;
}

/** The logical lines of `text` with the line each starts on (comments and blank lines dropped). */
function logicalLines(text: string): { text: string; line: number }[] {
  const lines = text.split(/\r\n|\r|\n/);
  const out: { text: string; line: number }[] = [];
  for (let i = 0; i < lines.length; i++) {
    let l = lines[i].replace(/^[ \t\f]+/, '');
    if (l === '' || l[0] === '#' || l[0] === '!') continue;
    const start = i + 1;
    // An odd number of trailing backslashes joins the next line (its leading blanks dropped).
    const continues = (s: string) => (s.match(/\\+$/)?.[0].length ?? 0) % 2 === 1;
    while (continues(l) && i + 1 < lines.length) {
      l = l.slice(0, -1) + lines[++i].replace(/^[ \t\f]+/, '');
    }
    if (continues(l)) l = l.slice(0, -1);
    out.push({ text: l, line: start });
  }
  return out;
}

/** Every entry of `text`, in order (a key set twice appears twice; the last counts). */
export function parseProperties(text: string): Property[] {
  const out: Property[] = [];
  for (const { text: l, line } of logicalLines(text)) {
    let i = 0;
    let key = '';
    // The key ends at the first unescaped '=', ':' or blank.
    for (; i < l.length; i++) {
      const c = l[i];
      if (c === '\\' && i + 1 < l.length) {
        key += c + l[++i];
        continue;
      }
      if (c === '=' || c === ':' || BLANK.has(c)) break;
      key += c;
    }
    while (i < l.length && BLANK.has(l[i])) i++;
    if (i < l.length && (l[i] === '=' || l[i] === ':')) i++;
    while (i < l.length && BLANK.has(l[i])) i++;
    out.push({ key: unescape(key), value: unescape(l.slice(i)), line });
  }
  return out;
}

/** Text with `\`, and characters .properties would read otherwise, escaped (for export). */
export function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t').replace(/^ /, '\\ ');
}

/** Whether `text` reads as a .properties file: most lines `key=value` with dotted keys. */
export function looksLikeProperties(text: string): boolean {
  const entries = parseProperties(text);
  if (entries.length === 0) return false;
  const kafkaLike = entries.filter((e) => /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/.test(e.key));
  return kafkaLike.length > 0 && kafkaLike.length * 2 >= entries.length;
}
