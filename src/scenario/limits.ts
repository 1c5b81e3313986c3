/**
 * Limits on untrusted scenario input, checked before anything walks it recursively (JSON.stringify,
 * structuredClone, the validator): how big a file may be, how deep JSON may nest, and the
 * smallest non-zero number a field takes. scenarios/README.md ("Input limits") lists them.
 */

/** Largest scenario file read, bytes. The shipped scenarios are about 2 KB. */
export const MAX_SCENARIO_BYTES = 1_048_576;

/** Deepest nesting of objects and arrays accepted; real scenarios nest 5 levels. */
export const MAX_DEPTH = 32;

/**
 * Smallest non-zero magnitude a number field takes. Smaller numbers (denormals like 5e-324)
 * overflow to Infinity when inverted or squared (a rate from a mean, a shape from a cv).
 */
export const MIN_MAGNITUDE = 1e-100;

/** Most consumers one group may ever have (members plus add-consumer faults): event payloads pack a consumer's index in 16 bits. */
export const MAX_CONSUMERS_PER_GROUP = 65_536;

export const depthMessage = `nested deeper than ${MAX_DEPTH} levels`;

/**
 * Scans JSON text for nesting deeper than {@link MAX_DEPTH} without parsing it. Returns the
 * character offset where the limit is first exceeded, or -1. Brackets inside strings do not count.
 */
export function jsonTextTooDeep(text: string, limit = MAX_DEPTH): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** True when a parsed value nests objects and arrays deeper than `limit`. Iterative: never overflows the stack. */
export function valueTooDeep(value: unknown, limit = MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
    }
  }
  return false;
}
