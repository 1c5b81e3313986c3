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
 * What the page shows besides the scenario follows it as `&key=value` parameters, parsed strictly
 * (an unknown or repeated key is refused, never ignored):
 *
 *   #<scenario>&vs=fix                     compare view: the scenario against its lesson's fix
 *   #<scenario>&vs=v2.<check>.<payload>    compare view: against a second scenario
 *   #list=<entry>,<entry>…&at=<i>          a playlist of shipped scenarios, showing entry i (0-based);
 *   #<scenario>&list=…&at=<i>                with the scenario when it was changed from the entry
 *     entry = <scenario id>, <id>+fix (with its fix) or <id>~fix (compared with its fix)
 *   #q=<question id>                       interview mode: one question (its run is the question's)
 *   #mock=<seed>.<n>.<i>.<pool>            a mock interview: n questions drawn with seed from the first pool of the mock order, showing i (0-based)
 *   #<scenario>&sweep=<path>:<from>:<to>:<steps>:<reps>[:<metric>]
 *                                          a sweep of one setting (as `npm run sweep -- --param path=from:to:steps --reps R`), its chart showing metric
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

/** One scenario as a link token: `v2.<check>.<payload>`. */
function scenarioToken(scenario: Scenario): string {
  const payload = compressToEncodedURIComponent(JSON.stringify(scenario));
  return `v${SHARE_FORMAT}.${shareCheck(payload)}.${payload}`;
}

/** One entry of a playlist: a shipped scenario, alone, with its fix, or compared with its fix. */
export interface PlaylistEntry {
  id: string;
  mode: 'plain' | 'fix' | 'compare';
}

/**
 * A mock interview: `n` questions drawn with `seed` from the first `pool` questions of the mock
 * order (scenarios/questions/mock-order.json, append-only, so a link keeps its questions when new
 * ones are added), showing question `at` (0-based). `pool` null: a link made before the pool was
 * in links (it draws from the questions there were then).
 */
export interface MockRef {
  seed: number;
  n: number;
  at: number;
  pool: number | null;
}

/** What a link shows besides its scenario. */
export interface ShareView {
  /** Compare view: against the lesson's fix, or against a second scenario. */
  vs?: 'fix' | Scenario | null;
  /** A playlist and the entry shown. */
  list?: { entries: PlaylistEntry[]; at: number } | null;
  /** Interview mode: the question shown (its id; whether it exists is the page's to say). */
  q?: string | null;
  /** Interview mode: a mock interview. */
  mock?: MockRef | null;
  /** A sweep of one setting, run in the page's workers. */
  sweep?: SweepLink | null;
}

/** A sweep as a link carries it: the setting's path, its range, replications and the metric charted (null: the model's first). */
export interface SweepLink {
  param: string;
  from: number;
  to: number;
  steps: number;
  reps: number;
  metric: string | null;
}

/** Most points of a sweep run in the page. */
export const MAX_PAGE_SWEEP_STEPS = 50;
/** Most replications per point of a sweep run in the page. */
export const MAX_PAGE_SWEEP_REPS = 100;
const NUM = '-?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:e[-+]?\\d+)?';
const SWEEP = new RegExp(`^([A-Za-z][A-Za-z0-9_.-]{0,119}):(${NUM}):(${NUM}):(\\d{1,3}):(\\d{1,3})(?::([a-z][a-z0-9-]{0,39}))?$`, 'i');

/**
 * A sweep as a link (`sweep=`) or a lesson (`sweep:`) writes it,
 * `<setting path>:<from>:<to>:<points>:<replications>[:<metric>]`, or what is wrong with it.
 */
export function parseSweepLink(text: string): SweepLink | string {
  const m = SWEEP.exec(text);
  if (!m) return 'is not <setting path>:<from>:<to>:<points>:<replications>[:<metric>] (e.g. sweep=arrival.rate:0.5:0.9:5:10)';
  const w: SweepLink = { param: m[1], from: Number(m[2]), to: Number(m[3]), steps: Number(m[4]), reps: Number(m[5]), metric: m[6] ?? null };
  if (!Number.isFinite(w.from) || !Number.isFinite(w.to)) return 'from and to must be finite numbers';
  if (w.steps < 1 || w.steps > MAX_PAGE_SWEEP_STEPS) return `points must be 1 … ${MAX_PAGE_SWEEP_STEPS} (got ${w.steps})`;
  if (w.steps === 1 && w.from !== w.to) return 'one point needs from = to';
  if (w.reps < 1 || w.reps > MAX_PAGE_SWEEP_REPS) return `replications must be 1 … ${MAX_PAGE_SWEEP_REPS} (got ${w.reps})`;
  if (w.param === 'seed') return 'the replications choose the seeds (seed + r); sweep another setting';
  return w;
}

export const sweepText = (w: SweepLink): string => `${w.param}:${w.from}:${w.to}:${w.steps}:${w.reps}${w.metric ? `:${w.metric}` : ''}`;

/** Most questions a mock interview asks. */
export const MAX_MOCK = 20;
const QUESTION_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const MOCK = /^(0|[1-9]\d{0,9})\.([1-9]\d?)\.(0|[1-9]\d?)(?:\.([1-9]\d{0,3}))?$/;

/** Most entries a playlist may hold. */
export const MAX_PLAYLIST = 40;

const ENTRY = /^([a-z0-9][a-z0-9-]{0,63})(\+fix|~fix)?$/;

export const entryText = (e: PlaylistEntry): string => `${e.id}${e.mode === 'fix' ? '+fix' : e.mode === 'compare' ? '~fix' : ''}`;

/**
 * The hash (with leading `#`) that carries `scenario` and what else the page shows; `scenario`
 * may be left out (null) of a playlist link whose entry is shown as it is.
 */
export function encodeShareHash(scenario: Scenario | null, view: ShareView = {}): string {
  const parts: string[] = scenario ? [scenarioToken(scenario)] : [];
  if (view.vs) parts.push(`vs=${view.vs === 'fix' ? 'fix' : scenarioToken(view.vs)}`);
  if (view.list) parts.push(`list=${view.list.entries.map(entryText).join(',')}`, `at=${view.list.at}`);
  if (view.q) parts.push(`q=${view.q}`);
  if (view.sweep) parts.push(`sweep=${sweepText(view.sweep)}`);
  if (view.mock) parts.push(`mock=${view.mock.seed}.${view.mock.n}.${view.mock.at}${view.mock.pool === null ? '' : `.${view.mock.pool}`}`);
  return `#${parts.join('&')}`;
}

const PARAMS = ['vs', 'list', 'at', 'q', 'mock', 'sweep'] as const;
type Param = (typeof PARAMS)[number];

/** A hash (without `#`) cut into its scenario token (or null) and its parameters, or why not. */
function splitHash(hash: string): { ok: true; main: string | null; params: Partial<Record<Param, string>> } | { ok: false; errors: ScenarioError[] } {
  const parts = hash.split('&');
  const main = parts[0].includes('=') ? null : parts.shift()!;
  const params: Partial<Record<Param, string>> = {};
  for (const p of parts) {
    const eq = p.indexOf('=');
    const key = eq < 0 ? p : p.slice(0, eq);
    if (!(PARAMS as readonly string[]).includes(key)) return fail(`has an unknown part "${key.slice(0, 20)}" (known: ${PARAMS.join(', ')})`);
    if (eq < 0) return fail(`${key}: has no value (${key}=…)`);
    if (params[key as Param] !== undefined) return fail(`${key}: given twice`);
    params[key as Param] = p.slice(eq + 1);
  }
  return { ok: true, main, params };
}

/** The playlist of a `list=` value, or why it is not one. */
function parsePlaylist(list: string, at: string | undefined): { ok: true; entries: PlaylistEntry[]; at: number } | { ok: false; errors: ScenarioError[] } {
  const items = list.split(',');
  if (items.length > MAX_PLAYLIST) return fail(`list: has ${items.length} entries; at most ${MAX_PLAYLIST}`);
  const entries: PlaylistEntry[] = [];
  for (const [i, item] of items.entries()) {
    const m = ENTRY.exec(item);
    if (!m) return fail(`list: entry ${i + 1} is not <scenario id>, <id>+fix or <id>~fix`, item.slice(0, 40));
    entries.push({ id: m[1], mode: m[2] === '+fix' ? 'fix' : m[2] === '~fix' ? 'compare' : 'plain' });
  }
  const n = at === undefined ? 0 : /^\d{1,2}$/.test(at) ? Number(at) : NaN;
  if (!(n >= 0 && n < entries.length)) return fail(`at: must be an entry number from 0 to ${entries.length - 1}`, at);
  return { ok: true, entries, at: n };
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
  const full = urlOrHash.slice(at + 1);
  if (full.length > MAX_SHARE_LENGTH) return fail(`is too long (${full.length} characters; at most ${MAX_SHARE_LENGTH})`);
  const split = splitHash(full);
  if (!split.ok) return split;
  if (split.main === null) {
    const what = split.params.list !== undefined ? 'a playlist' : split.params.q !== undefined ? 'an interview question' : split.params.mock !== undefined ? 'a mock interview' : 'no scenario';
    return fail(`holds ${what}, not one scenario: open it in the page, or give one of its scenarios`);
  }
  return decodeToken(split.main);
}

/** The JSON one scenario token (`v2.<check>.<payload>`, or v1) carries. */
function decodeToken(hash: string): { ok: true; data: unknown } | { ok: false; errors: ScenarioError[] } {
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

/**
 * What a link shows besides its scenario (compare, playlist), validated; `{}` when nothing. The
 * scenario itself is {@link decodeShare}'s: a link may have a bad scenario and a good view, or
 * the reverse, and each is reported on its own. Never throws.
 */
export function decodeShareView(urlOrHash: string): { ok: true; view: ShareView; hasScenario: boolean } | { ok: false; errors: ScenarioError[] } {
  const at = urlOrHash.indexOf('#');
  const full = at < 0 ? '' : urlOrHash.slice(at + 1);
  if (full.length > MAX_SHARE_LENGTH) return fail(`is too long (${full.length} characters; at most ${MAX_SHARE_LENGTH})`);
  const split = splitHash(full);
  if (!split.ok) return split;
  const { vs, list, at: atText } = split.params;
  const view: ShareView = {};
  if (vs !== undefined) {
    if (vs === 'fix') view.vs = 'fix';
    else {
      const r = decodeToken(vs);
      const v = r.ok ? validateScenario(r.data) : r;
      if (!v.ok) return { ok: false, errors: v.errors.map((e) => ({ ...e, path: e.path === 'link' ? 'vs' : `vs: ${e.path}` })) };
      view.vs = v.scenario;
    }
  }
  if (list !== undefined) {
    const p = parsePlaylist(list, atText);
    if (!p.ok) return p;
    view.list = { entries: p.entries, at: p.at };
  } else if (atText !== undefined) return fail('at: only with a list');
  const { q, mock, sweep } = split.params;
  if (sweep !== undefined) {
    const w = parseSweepLink(sweep);
    // The text is echoed when it is what is wrong (its shape, its numbers); a count out of range says itself.
    if (typeof w === 'string') return fail(`sweep: ${w}`, /^(is not|from and)/.test(w) ? sweep.slice(0, 60) : undefined);
    if (vs !== undefined) return fail('sweep: not with vs (compare view shows two runs, a sweep many)');
    view.sweep = w;
  }
  if (q !== undefined || mock !== undefined) {
    // A question (or a mock interview) names its own run: nothing else goes with it.
    const key = q !== undefined ? 'q' : 'mock';
    if (q !== undefined && mock !== undefined) return fail('q: not with mock (a mock interview names its questions by their place)');
    const other = split.main !== null ? 'scenario' : vs !== undefined ? 'vs' : list !== undefined ? 'list' : sweep !== undefined ? 'sweep' : null;
    if (other !== null) return fail(`${key}: an interview link carries no ${other} (the question names its own run)`);
    if (q !== undefined) {
      if (!QUESTION_ID.test(q)) return fail('q: is not a question id (lowercase letters, digits and -)', q.slice(0, 40));
      view.q = q;
    } else {
      const m = MOCK.exec(mock!);
      const seed = m ? Number(m[1]) : NaN;
      const n = m ? Number(m[2]) : NaN;
      const i = m ? Number(m[3]) : NaN;
      if (!m || seed > 0xffffffff) return fail('mock: is not <seed>.<questions>.<question shown>.<pool> (e.g. mock=42.5.0.19; seed 0 … 4294967295, pool 1 … 9999)', mock!.slice(0, 40));
      if (n > MAX_MOCK) return fail(`mock: asks ${n} questions; at most ${MAX_MOCK}`);
      if (i >= n) return fail(`mock: shows question ${i + 1}, but the interview has ${n}`);
      if (m[4] !== undefined && n > Number(m[4])) return fail(`mock: asks ${n} questions of a pool of ${m[4]}`);
      view.mock = { seed, n, at: i, pool: m[4] === undefined ? null : Number(m[4]) };
    }
    return { ok: true, view, hasScenario: false };
  }
  if (split.main === null && !view.list) return fail(`is not a QueueLab scenario link (expected #v${SHARE_FORMAT}.…)`);
  return { ok: true, view, hasScenario: split.main !== null };
}
