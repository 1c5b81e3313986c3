/**
 * What a link shows besides its scenario — compare view (`&vs=`) and playlists (`list=`, `at=`) —
 * round-trips, is parsed strictly (unknown, repeated or malformed parts are refused with a message
 * naming the part), and never changes how the scenario itself decodes.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { applyOverride, parseOverride, decodeShare, decodeShareView, encodeShareHash, formatError, MAX_MOCK, MAX_PLAYLIST, validateScenario, type Scenario } from '../../src/scenario/index.ts';

const load = (id: string): Scenario => {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
};
const mm1 = load('mm1');
const lag = load('overload-5pct');
const url = (hash: string): string => `https://example.org/queuelab/${hash}`;
const refusal = (hash: string): string => {
  const r = decodeShareView(url(hash));
  return r.ok ? 'OPENED' : r.errors.map(formatError).join('; ');
};

describe('share links: compare and playlists', () => {
  it('a plain link has no view, and its scenario decodes as before', () => {
    const hash = encodeShareHash(mm1);
    expect(decodeShareView(url(hash))).toEqual({ ok: true, view: {}, hasScenario: true });
    expect(encodeShareHash(mm1, {})).toBe(hash);
  });

  it('compare with the fix, or with a second scenario, round-trips; the first scenario is unchanged', () => {
    const withFix = encodeShareHash(lag, { vs: 'fix' });
    expect(withFix).toBe(`${encodeShareHash(lag)}&vs=fix`);
    expect(decodeShareView(url(withFix))).toEqual({ ok: true, view: { vs: 'fix' }, hasScenario: true });
    expect(decodeShare(url(withFix))).toEqual({ ok: true, scenario: lag });

    const b = validateScenario(applyOverride(lag, parseOverride('producers.0.rate=95')));
    if (!b.ok) throw new Error('the second scenario should validate');
    const two = encodeShareHash(lag, { vs: b.scenario });
    const v = decodeShareView(url(two));
    expect(v.ok && v.view.vs && v.view.vs !== 'fix' && v.view.vs.model === 'kafka' && v.view.vs.producers[0].rate).toBe(95);
    expect(decodeShare(url(two))).toEqual({ ok: true, scenario: lag });
  });

  it('a playlist round-trips, with or without the scenario in front', () => {
    const list = { entries: [{ id: 'mm1', mode: 'plain' as const }, { id: 'overload-5pct', mode: 'compare' as const }, { id: 'mmc', mode: 'fix' as const }], at: 1 };
    const bare = encodeShareHash(null, { list });
    expect(bare).toBe('#list=mm1,overload-5pct~fix,mmc+fix&at=1');
    expect(decodeShareView(url(bare))).toEqual({ ok: true, view: { list }, hasScenario: false });
    expect(refusal(bare)).toBe('OPENED');
    // The scenario alone cannot be read from a bare playlist: the page takes the entry instead.
    const one = decodeShare(url(bare));
    expect(one.ok ? 'OPENED' : one.errors.map(formatError).join()).toContain('holds a playlist');
    const withScenario = encodeShareHash(mm1, { list });
    expect(decodeShareView(url(withScenario))).toEqual({ ok: true, view: { list }, hasScenario: true });
    expect(decodeShare(url(withScenario))).toEqual({ ok: true, scenario: mm1 });
  });

  it('refuses unknown, repeated, empty and malformed parts, naming them', () => {
    const s = encodeShareHash(mm1);
    expect(refusal(`${s}&vs=fix&vs=fix`)).toContain('vs: given twice');
    expect(refusal(`${s}&speed=3`)).toContain('unknown part "speed"');
    expect(refusal(`${s}&vs`)).toContain('vs: has no value');
    expect(refusal(`${s}&`)).toContain('unknown part ""');
    expect(refusal(`${s}&vs=v2.00000000.abc`)).toMatch(/^vs: .*checksum/);
    expect(refusal(`${s}&vs=${encodeShareHash(mm1).slice(1, -3)}`)).toMatch(/^vs: /);
    expect(refusal('#list=mm1,MM1&at=0')).toContain('list: entry 2 is not');
    expect(refusal('#list=mm1&at=1')).toContain('at: must be an entry number from 0 to 0');
    expect(refusal('#list=mm1&at=-1')).toContain('at: must be');
    expect(refusal('#list=mm1,,mmc')).toContain('entry 2');
    expect(refusal(`#list=${Array(MAX_PLAYLIST + 1).fill('mm1').join(',')}`)).toContain(`at most ${MAX_PLAYLIST}`);
    expect(refusal(`${s}&at=0`)).toContain('at: only with a list');
    expect(refusal('#vs=fix')).toContain('is not a QueueLab scenario link');
  });

  it('a second scenario that does not validate is reported under vs', () => {
    const bad = encodeShareHash({ ...mm1, servers: 0 } as Scenario).slice(1);
    expect(refusal(`${encodeShareHash(mm1)}&vs=${bad}`)).toMatch(/^vs: servers/);
  });
});

describe('share links: interview questions and mock interviews', () => {
  it('a question link round-trips and carries nothing else', () => {
    const hash = encodeShareHash(null, { q: 'hot-key' });
    expect(hash).toBe('#q=hot-key');
    expect(decodeShareView(url(hash))).toEqual({ ok: true, view: { q: 'hot-key' }, hasScenario: false });
    // The CLI reads scenarios: it says what the link holds instead.
    const one = decodeShare(url(hash));
    expect(one.ok ? 'OPENED' : one.errors.map(formatError).join()).toContain('holds an interview question');
  });

  it('a mock interview link round-trips: seed, number of questions, the one shown, the pool it draws from', () => {
    const mock = { seed: 4294967295, n: MAX_MOCK, at: MAX_MOCK - 1, pool: 9999 };
    const hash = encodeShareHash(null, { mock });
    expect(hash).toBe(`#mock=4294967295.${MAX_MOCK}.${MAX_MOCK - 1}.9999`);
    expect(decodeShareView(url(hash))).toEqual({ ok: true, view: { mock }, hasScenario: false });
    // A link from before the pool was in links still opens (its pool is the questions there were then).
    expect(decodeShareView(url('#mock=0.1.0'))).toEqual({ ok: true, view: { mock: { seed: 0, n: 1, at: 0, pool: null } }, hasScenario: false });
    expect(encodeShareHash(null, { mock: { seed: 0, n: 1, at: 0, pool: null } })).toBe('#mock=0.1.0');
    const one = decodeShare(url(hash));
    expect(one.ok ? 'OPENED' : one.errors.map(formatError).join()).toContain('holds a mock interview');
  });

  it('refuses malformed question and mock parts, naming them', () => {
    expect(refusal('#q=Hot-Key')).toBe('link: q: is not a question id (lowercase letters, digits and -) (got "Hot-Key")');
    expect(refusal('#q=')).toContain('q: is not a question id');
    expect(refusal('#q=a&q=b')).toContain('q: given twice');
    expect(refusal(`#q=${'a'.repeat(65)}`)).toContain('q: is not a question id');
    expect(refusal(`${encodeShareHash(mm1)}&q=hot-key`)).toBe('link: q: an interview link carries no scenario (the question names its own run)');
    expect(refusal('#q=hot-key&vs=fix')).toContain('q: an interview link carries no vs');
    expect(refusal('#list=mm1&at=0&mock=1.2.0')).toContain('mock: an interview link carries no list');
    expect(refusal('#q=hot-key&mock=1.2.0')).toContain('q: not with mock');
    for (const bad of ['1.2', '1.2.0.0', '1.2.0.01', '1.2.0.10000', '1.2.0.', '01.2.0', '1.02.0', '1.0.0', 'x.2.0', '-1.2.0', '1.2.01', '4294967296.2.0', '1e3.2.0']) {
      expect(refusal(`#mock=${bad}`), bad).toMatch(/^link: mock: /);
    }
    expect(refusal(`#mock=1.${MAX_MOCK + 1}.0`)).toContain(`at most ${MAX_MOCK}`);
    expect(refusal('#mock=1.3.3')).toContain('mock: shows question 4, but the interview has 3');
    expect(refusal('#mock=1.5.0.4')).toContain('mock: asks 5 questions of a pool of 4');
  });

  it('a sweep (&sweep=) round-trips with its metric or without, and a bad one is refused naming the part and its range', () => {
    const w = { param: 'arrival.rate', from: 0.3, to: 0.95, steps: 8, reps: 10, metric: 'W' };
    const hash = encodeShareHash(mm1, { sweep: w });
    expect(hash).toBe(`${encodeShareHash(mm1)}&sweep=arrival.rate:0.3:0.95:8:10:W`);
    expect(decodeShareView(url(hash))).toEqual({ ok: true, view: { sweep: w }, hasScenario: true });
    expect(decodeShare(url(hash))).toEqual({ ok: true, scenario: mm1 });
    const k = { param: 'groups.0.max.poll.records', from: 1e2, to: -5, steps: 1, reps: 1, metric: null };
    expect(decodeShareView(url(encodeShareHash(lag, { sweep: { ...k, to: 100 } })))).toEqual({ ok: true, view: { sweep: { ...k, to: 100 } }, hasScenario: true });
    const base = encodeShareHash(mm1);
    expect(refusal(`${base}&sweep=arrival.rate:0.3:0.9`)).toMatch(/^link: sweep: is not <setting path>:<from>:<to>:<points>:<replications>\[:<metric>\]/);
    expect(refusal(`${base}&sweep=arrival.rate:0.3:0.9:51:2`)).toBe('link: sweep: points must be 1 … 50 (got 51)');
    expect(refusal(`${base}&sweep=arrival.rate:0.3:0.9:5:101`)).toBe('link: sweep: replications must be 1 … 100 (got 101)');
    expect(refusal(`${base}&sweep=arrival.rate:0.3:0.9:1:2`)).toBe('link: sweep: one point needs from = to');
    expect(refusal(`${base}&sweep=seed:1:5:5:2`)).toMatch(/replications choose the seeds/);
    expect(refusal(`${base}&sweep=arrival.rate:1e999:2:5:2`)).toMatch(/^link: sweep: from and to must be finite numbers/);
    expect(refusal(`${base}&vs=fix&sweep=arrival.rate:0.3:0.9:5:2`)).toMatch(/sweep: not with vs/);
    expect(refusal(`#q=hot-key&sweep=arrival.rate:0.3:0.9:5:2`)).toMatch(/an interview link carries no sweep/);
    expect(refusal(`${base}&sweep=a:1:2:2:2&sweep=a:1:2:2:2`)).toMatch(/sweep: given twice/);
  });
});

