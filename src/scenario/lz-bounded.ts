/**
 * lz-string's `decompressFromEncodedURIComponent` with a bound on its output.
 *
 * A share link is at most 16,000 characters, but lz-string's dictionary lets each code repeat all
 * the text of the one before plus a character, so a crafted link of that length expands to about
 * 16–25 million characters — seconds of work and tens of MB before any check on the JSON can
 * refuse it. This port of lz-string 1.5.0's `_decompress` (URI-safe alphabet only) counts the
 * characters it produces and stops as soon as the next piece would take the output past `max`.
 * Within the bound it returns exactly what lz-string returns, for any input (including its quirks
 * on input no compressor writes; `test/scenario/share-bounded.test.ts` checks this against lz-string).
 *
 * Ported from lz-string 1.5.0 (https://github.com/pieroxy/lz-string), MIT License,
 * Copyright (c) 2013 pieroxy.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';
/** Character code → its 6-bit value; anything else reads as 0 (lz-string reads `undefined & bit`). */
const VALUE = (() => {
  const v = new Uint8Array(128);
  for (let i = 0; i < ALPHABET.length; i++) v[ALPHABET.charCodeAt(i)] = i;
  return v;
})();

export interface Inflated {
  /**
   * What lz-string returns: the text; '' or null for data it cannot decode (null also where lz-string
   * would throw). Null when the output was stopped at the bound.
   */
  text: string | null;
  /** Characters produced: all of `text`, or, when stopped, those produced before the stop (at most `max`). */
  produced: number;
  /** True when the output would have exceeded `max` characters: decoding stopped there. */
  over: boolean;
}

/** Decompresses an lz-string `compressToEncodedURIComponent` payload, producing at most `max` characters. */
export function decompressBounded(payload: string, max: number): Inflated {
  if (payload === '') return { text: null, produced: 0, over: false };
  const input = payload.replace(/ /g, '+');
  const length = input.length;
  const valueAt = (i: number): number => {
    const c = input.charCodeAt(i);
    return c < 128 ? VALUE[c] : 0;
  };
  let val = valueAt(0);
  let position = 32;
  let index = 1;
  /** The next `n` bits, least significant first; past the end the data reads as zeros. */
  const read = (n: number): number => {
    let bits = 0;
    let power = 1;
    for (let p = 0; p < n; p++) {
      const bit = val & position;
      position >>= 1;
      if (position === 0) {
        position = 32;
        val = valueAt(index++);
      }
      if (bit) bits += power;
      power *= 2;
    }
    return bits;
  };
  const invalid = (text: string | null): Inflated => ({ text, produced: 0, over: false });

  // Codes 0 and 1 bring a literal (8 or 16 bits), 2 ends the stream; 0–2 are never dictionary entries.
  const dictionary: (string | undefined)[] = [];
  let w: string | undefined;
  const first = read(2);
  if (first === 0) w = String.fromCharCode(read(8));
  else if (first === 1) w = String.fromCharCode(read(16));
  else if (first === 2) return invalid('');
  // first === 3: lz-string carries on with an undefined entry (it shows as "undefined" further on).
  dictionary[3] = w;
  let dictSize = 4;
  let enlargeIn = 4;
  let numBits = 3;
  const result: string[] = [];
  let produced = 0;
  if (w !== undefined) {
    if (w.length > max) return { text: null, produced: 0, over: true };
    result.push(w);
    produced = w.length;
  }
  const grow = () => {
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  };
  for (;;) {
    if (index > length) return invalid('');
    let c = read(numBits);
    if (c === 0 || c === 1) {
      dictionary[dictSize++] = String.fromCharCode(read(c === 0 ? 8 : 16));
      c = dictSize - 1;
      enlargeIn--;
    } else if (c === 2) {
      return { text: result.join(''), produced, over: false };
    }
    grow();
    let entry = dictionary[c];
    if (!entry) {
      // The one code not yet in the dictionary: the previous entry and its first character.
      if (c !== dictSize || w === undefined) return invalid(null);
      entry = w + w.charAt(0);
    }
    if (produced + entry.length > max) return { text: null, produced, over: true };
    result.push(entry);
    produced += entry.length;
    dictionary[dictSize++] = `${w}${entry.charAt(0)}`;
    enlargeIn--;
    w = entry;
    grow();
  }
}
