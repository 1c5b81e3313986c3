/**
 * Share links: the whole scenario (seed included) in the URL hash, compressed and versioned.
 *
 *   https://…/#v1.<lz-string compressToEncodedURIComponent(JSON.stringify(scenario))>
 *
 * `v1` is the link format; the scenario inside carries its own `version`, migrated by
 * `validateScenario`, so old links keep working when either changes. Decoding never throws: a
 * truncated, tampered or foreign link yields errors that say what is wrong.
 */
import LZString from 'lz-string';
import type { Scenario } from './schema.ts';
import { validateScenario, type ScenarioError, type ValidationResult } from './validate.ts';

const { compressToEncodedURIComponent, decompressFromEncodedURIComponent } = LZString;

export const SHARE_FORMAT = 1;
/** Longest hash accepted: real scenarios compress to well under 2 KB; this bounds decompression work. */
export const MAX_SHARE_LENGTH = 16_000;

/** The hash (with leading `#`) that carries `scenario`. */
export function encodeShareHash(scenario: Scenario): string {
  return `#v${SHARE_FORMAT}.${compressToEncodedURIComponent(JSON.stringify(scenario))}`;
}

function fail(message: string, value?: unknown): { ok: false; errors: ScenarioError[] } {
  return { ok: false, errors: [{ path: 'link', message, ...(value === undefined ? {} : { value }) }] };
}

/** True when `text` looks like a share link or hash rather than a file name. */
export function looksLikeShare(text: string): boolean {
  return /^(https?:\/\/|#)/.test(text) || /#v\d+\./.test(text);
}

/**
 * The JSON a full URL or a bare hash carries, not yet validated (the link's own checks only:
 * length, format version, compression, JSON). Never throws.
 */
export function decodeShareData(urlOrHash: string): { ok: true; data: unknown } | { ok: false; errors: ScenarioError[] } {
  const at = urlOrHash.indexOf('#');
  if (at < 0) return fail('has no #… part: copy the whole link from the address bar');
  const hash = urlOrHash.slice(at + 1);
  if (hash.length > MAX_SHARE_LENGTH) return fail(`is too long (${hash.length} characters; at most ${MAX_SHARE_LENGTH})`);
  const m = /^v(\d+)\.(.*)$/s.exec(hash);
  if (!m) return fail('is not a QueueLab scenario link (expected #v1.…)', hash.slice(0, 20));
  const format = Number(m[1]);
  if (format !== SHARE_FORMAT) {
    return fail(`uses link format v${format}, which this QueueLab does not read (it reads v${SHARE_FORMAT})`);
  }
  let json: string | null;
  try {
    json = decompressFromEncodedURIComponent(m[2]);
  } catch {
    json = null;
  }
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
