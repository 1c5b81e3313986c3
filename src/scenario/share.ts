/**
 * Share links: the whole scenario (seed included) in the URL hash, compressed, versioned and, since
 * v2, checksummed.
 *
 *   https://…/#v2.<check>.<payload>
 *     payload = lz-string compressToEncodedURIComponent(JSON.stringify(scenario))
 *     check   = CRC-32 of the payload in 7 base-36 digits, then the payload's length mod 36 in one
 *               (8 lowercase characters, zero-padded)
 *
 * Any one changed, dropped or added character is caught: CRC-32 detects every error within 32
 * consecutive bits, so every substituted character of the payload; the length digit, every
 * dropped or added one; the rest of the link is parsed strictly (a fixed-width check, the
 * payload's alphabet), so a change there does not parse. A caught link is refused with a message,
 * never opened as some other scenario.
 *
 * `#v1.<payload>` links (no check) are still read exactly as before: they are in bookmarks.
 * The scenario inside carries its own `version`, migrated by `validateScenario`, so old links keep
 * working when either changes. Decoding never throws: a truncated, tampered or foreign link yields
 * errors that say what is wrong. Decoding work is bounded: at most `MAX_SHARE_LENGTH` characters
 * are read and at most `MAX_SHARE_JSON` produced (`lz-bounded.ts`).
 */
import LZString from 'lz-string';
import type { Scenario } from './schema.ts';
import { validateScenario, type ScenarioError, type ValidationResult } from './validate.ts';
import { decompressBounded } from './lz-bounded.ts';

const { compressToEncodedURIComponent } = LZString;

/** The link format this version writes. */
export const SHARE_FORMAT = 2;
/** The link formats this version reads. */
export const SHARE_FORMATS_READ: readonly number[] = [1, 2];
/** Longest hash accepted: real scenarios compress to well under 2 KB; this bounds the data read. */
export const MAX_SHARE_LENGTH = 16_000;
/**
 * Most characters a link's data may decompress to. lz-string can expand 16,000 characters to
 * ~20 million; decompression stops as soon as the output would pass this. Shipped scenarios are
 * 0.5–2.8 K characters of JSON, with 300 live faults ~26 K, with 16 producers of 1,000-step profiles
 * ~340 K — and that last one's link is 55,000 characters, far over the length limit: real JSON
 * compresses at most ~6×, so a link within 16,000 characters carries under ~100 K.
 */
export const MAX_SHARE_JSON = 262_144;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

const utf8 = new TextEncoder();

/** CRC-32 (IEEE 802.3, as zlib and PNG compute it) of the UTF-8 bytes of `text`. */
export function crc32(text: string): number {
  let c = 0xffffffff;
  for (const b of utf8.encode(text)) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The 8-character check of a v2 payload: CRC-32 in 7 base-36 digits, length mod 36 in one. */
export function shareCheck(payload: string): string {
  return crc32(payload).toString(36).padStart(7, '0') + (payload.length % 36).toString(36);
}

/** The hash (with leading `#`) that carries `scenario`. */
export function encodeShareHash(scenario: Scenario): string {
  const payload = compressToEncodedURIComponent(JSON.stringify(scenario));
  return `#v${SHARE_FORMAT}.${shareCheck(payload)}.${payload}`;
}

function fail(message: string, value?: unknown): { ok: false; errors: ScenarioError[] } {
  return { ok: false, errors: [{ path: 'link', message, ...(value === undefined ? {} : { value }) }] };
}

/** True when `text` looks like a share link or hash rather than a file name. */
export function looksLikeShare(text: string): boolean {
  return /^(https?:\/\/|#)/.test(text) || /#v\d+\./.test(text);
}

const CHANGED = 'was changed or truncated';

/** The payload of a v2 link body (`<check>.<payload>`) whose check matches, or why not. */
function checkedPayload(body: string): { ok: true; payload: string } | { ok: false; errors: ScenarioError[] } {
  const m = /^([0-9a-z]{8})\.([A-Za-z0-9+$-]*)$/.exec(body);
  if (!m) return fail(`${CHANGED}: it is not <8-character checksum>.<data> (was the whole link copied?)`);
  if (shareCheck(m[2]) !== m[1]) return fail(`${CHANGED}: checksum does not match (was the whole link copied?)`);
  return { ok: true, payload: m[2] };
}

/**
 * The JSON a full URL or a bare hash carries, not yet validated (the link's own checks only:
 * length, format version, checksum, compression, JSON). Never throws.
 */
export function decodeShareData(urlOrHash: string): { ok: true; data: unknown } | { ok: false; errors: ScenarioError[] } {
  const at = urlOrHash.indexOf('#');
  if (at < 0) return fail('has no #… part: copy the whole link from the address bar');
  const hash = urlOrHash.slice(at + 1);
  if (hash.length > MAX_SHARE_LENGTH) return fail(`is too long (${hash.length} characters; at most ${MAX_SHARE_LENGTH})`);
  const m = /^v(\d+)\.(.*)$/s.exec(hash);
  if (!m) return fail(`is not a QueueLab scenario link (expected #v${SHARE_FORMAT}.…)`, hash.slice(0, 20));
  const format = Number(m[1]);
  if (!SHARE_FORMATS_READ.includes(format)) {
    return fail(`uses link format v${format}, which this QueueLab does not read (it reads ${SHARE_FORMATS_READ.map((f) => `v${f}`).join(' and ')})`);
  }
  let payload: string;
  if (format === 1) {
    // v1 data never contains a '.': this is a v2 link whose version digit was changed.
    if (m[2].includes('.')) return fail(`${CHANGED}: it says v1 but has a v2 checksum`);
    payload = m[2];
  } else {
    const c = checkedPayload(m[2]);
    if (!c.ok) return c;
    payload = c.payload;
  }
  const inflated = decompressBounded(payload, MAX_SHARE_JSON);
  if (inflated.over) {
    return fail(`is too large: its data expands to more than ${MAX_SHARE_JSON.toLocaleString('en-US')} characters (real scenarios are under 100,000; share a larger one as a file)`);
  }
  const json = inflated.text;
  if (!json) return fail('is truncated or corrupted: its data does not decompress (was the whole link copied?)');
  try {
    return { ok: true, data: JSON.parse(json) as unknown };
  } catch {
    return fail('is truncated or corrupted: its data is not valid JSON (was the whole link copied?)');
  }
}

/** Decodes a full URL or a bare hash into a validated scenario. */
export function decodeShare(urlOrHash: string): ValidationResult {
  const r = decodeShareData(urlOrHash);
  return r.ok ? validateScenario(r.data) : r;
}
