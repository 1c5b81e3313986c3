/**
 * Terminal safety: text that came from a scenario, a link or the command line may hold control
 * characters — an ESC starting an ANSI sequence that clears the screen or sets the window title,
 * a carriage return that overwrites a line, C1 controls (U+0080–U+009F, which some terminals obey),
 * or bidirectional overrides that reorder what is shown. The CLI prints none of them raw: they are
 * escaped as visible `\x1b`, `\u202e`.
 */

// C0 (except \n, which `terminalText` keeps), DEL, C1, line/paragraph separators, bidi embeddings,
// overrides and isolates.
const CONTROLS = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_AND_NEWLINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// What JSON.stringify leaves raw inside strings (it escapes C0 itself).
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escape(c: string): string {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character escaped except newlines (for multi-line output). */
export function terminalText(text: string): string {
  return text.replace(CONTROLS, escape);
}

/** `text` on one line: newlines escaped too (for a value inside a line). */
export function oneLine(text: string): string {
  return text.replace(CONTROLS_AND_NEWLINE, escape);
}

/** JSON text (from JSON.stringify) with the controls it leaves raw escaped as `\uXXXX`: still the same JSON. */
export function jsonText(json: string): string {
  return json.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** True when `text` holds a character {@link terminalText} would escape. */
export function hasControls(text: string): boolean {
  CONTROLS.lastIndex = 0;
  return CONTROLS.test(text);
}
