/**
 * Share links cut short (issue 11): what the surviving start of a link still names, and the
 * nearest valid scenario of that kind. The decoding runs in the simulation worker (the page asks
 * it when a link fails to open), so the page's first load does not carry it.
 */
import { decodeShareData, MAX_SHARE_JSON } from './share.ts';
import type { Scenario } from './schema.ts';

/** lz-string's URI-safe alphabet (6 bits per character). */
const LZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+-$';

/**
 * The text an lz-string `compressToEncodedURIComponent` payload decodes to, as far as it goes: the
 * whole text for a whole payload, and for one cut short the prefix its surviving characters still
 * carry (lz-string itself returns nothing then). Stops at the first character outside the alphabet,
 * at anything that cannot be a valid stream, and before the text would pass `max` characters (a
 * crafted link expands to millions; only the start is needed). Never throws.
 */
export function decodePrefix(payload: string, max = MAX_SHARE_JSON): string {
  const v: number[] = [];
  for (const ch of payload) {
    const x = LZ_ALPHABET.indexOf(ch);
    if (x < 0) break;
    v.push(x);
  }
  let used = 0;
  /** The next n bits, least significant first (lz-string's order); throws when the data ends. */
  const read = (n: number): number => {
    if (used + n > v.length * 6) throw new RangeError('end of data');
    let b = 0;
    for (let p = 0; p < n; p++, used++) b |= ((v[(used / 6) | 0] >> (5 - (used % 6))) & 1) << p;
    return b;
  };
  // Codes 0 and 1 bring a literal (8 or 16 bits), 2 ends the stream; the code width grows by one
  // bit each time the dictionary fills its current width (lz-string's `enlargeIn`).
  const dict = ['', '', ''];
  let bits = 2;
  let grow = 1;
  let w = '';
  let out = '';
  const added = () => {
    if (--grow === 0) grow = 2 ** bits++;
  };
  try {
    for (;;) {
      let c = read(bits);
      if (c === 2) break;
      if (c < 2) {
        dict.push(String.fromCharCode(read(c ? 16 : 8)));
        c = dict.length - 1;
        added();
      }
      const e = c < dict.length ? dict[c] : c === dict.length && w ? w + w[0] : null;
      if (e === null || out.length + e.length > max) break;
      out += e;
      if (w) {
        dict.push(w + e[0]);
        added();
      }
      w = e;
    }
  } catch {
    // The data ended: `out` is what it carried.
  }
  return out;
}

/**
 * What the start of a share link that was cut short still says: its kind (`model`) and `id`, read
 * from the JSON text its surviving data decodes to. Null for a link that is whole (it decodes, or
 * is refused for another reason), one changed rather than cut (a v2 link whose length still
 * matches its check), or one too short to name its kind.
 */
export function cutLinkStart(hash: string): { model: string; id: string | null } | null {
  const m = /^#?v(\d+)\.(.*)$/s.exec(hash);
  if (!m || decodeShareData(hash.startsWith('#') ? hash : `#${hash}`).ok) return null;
  let payload: string;
  if (m[1] === '2') {
    const body = /^([0-9a-z]{8})\.([A-Za-z0-9+$-]*)$/.exec(m[2]);
    // The check's last digit is the payload's length mod 36: equal lengths mean a changed link, not a cut one.
    if (!body || parseInt(body[1][7], 36) === body[2].length % 36) return null;
    payload = body[2];
  } else if (m[1] === '1') payload = m[2];
  else return null;
  const text = decodePrefix(payload);
  if (!text.startsWith('{')) return null;
  const model = /"model":"([a-z]+)"/.exec(text)?.[1];
  if (!model) return null;
  const id = /"id":"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? null;
  return { model, id };
}

/**
 * The nearest valid scenario for a link cut short, of the kind its start names: the shipped one
 * with its id; else `fallback` when that is of the same kind (the page's default); else `blank`.
 */
export function nearestForCut<S extends Scenario>(start: { model: string; id: string | null }, shipped: readonly S[], fallback: S, blank: (kind: S['model']) => S): S {
  const same = shipped.find((s) => s.model === start.model && s.id === start.id);
  if (same) return same;
  if (fallback.model === start.model) return fallback;
  return blank(start.model as S['model']);
}
