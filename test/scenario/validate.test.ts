import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';
import { decodeShare, encodeShareHash, MAX_SHARE_LENGTH } from '../../src/scenario/share.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import type { Scenario, StationScenario } from '../../src/scenario/schema.ts';
import LZString from 'lz-string';

const minimal = { version: 1, model: 'station', duration: 100, arrival: { rate: 0.9 }, service: { type: 'exponential', mean: 1 } };

function errorsOf(input: unknown): string[] {
  const r = validateScenario(input);
  if (r.ok) throw new Error('expected validation to fail');
  return r.errors.map(formatError);
}

function valid(input: unknown): Scenario {
  const r = validateScenario(input);
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  return r.scenario;
}

function validStation(input: unknown): StationScenario {
  const s = valid(input);
  if (s.model !== 'station') throw new Error('expected a station scenario');
  return s;
}

describe('validateScenario', () => {
  it('fills every default explicitly', () => {
    expect(valid(minimal)).toEqual({
      version: 1,
      model: 'station',
      id: 'custom',
      title: '',
      description: '',
      seed: 1,
      duration: 100,
      warmup: 0,
      arrival: { rate: 0.9, shape: { type: 'exponential' }, profile: [] },
      service: { type: 'exponential', mean: 1 },
      servers: 1,
      capacity: null,
    });
  });

  it('names the field, the bad value and the allowed range', () => {
    expect(errorsOf({ ...minimal, servers: 0 })).toEqual(['servers: must be an integer in [1, 10000] (got 0)']);
    expect(errorsOf({ ...minimal, arrival: { rate: -1 } })).toEqual(['arrival.rate: must be a number in [0, 1000000] /s (got -1)']);
    expect(errorsOf({ ...minimal, duration: 'long' })).toEqual(['duration: must be a number in (0, 1000000000] s (got "long")']);
    expect(errorsOf({ ...minimal, seed: 2 ** 32 })).toEqual(['seed: must be an integer in [0, 4294967295] (got 4294967296)']);
  });

  it('reports every error at once, including unknown fields instead of ignoring them', () => {
    const errs = errorsOf({ ...minimal, sevrers: 2, arrival: { rate: 1, burst: true }, service: { type: 'exponential', mean: 0 } });
    expect(errs).toContain('sevrers: is not a known field (check the spelling; see scenarios/README.md)');
    expect(errs).toContain('arrival.burst: is not a known field (check the spelling; see scenarios/README.md)');
    expect(errs).toContain('service.mean: must be a number in (0, 1000000000] s (got 0)');
  });

  it('says what is allowed for a missing field and for an unknown distribution type', () => {
    expect(errorsOf({ ...minimal, service: { type: 'exponential' } })).toEqual(['service.mean: is required: it must be a number in (0, 1000000000] s']);
    expect(errorsOf({ ...minimal, service: { type: 'poisson', mean: 1 } })[0]).toMatch(
      /^service\.type: must be one of: exponential, deterministic, uniform, erlang, gamma, lognormal, hyperexponential, bimodal, pareto \(got "poisson"\)$/,
    );
    const { duration: _, ...noDuration } = minimal;
    expect(errorsOf(noDuration)).toEqual(['duration: is required: it must be a number in (0, 1000000000] s']);
  });

  it('checks fields against each other', () => {
    expect(errorsOf({ ...minimal, warmup: 100 })).toEqual(['warmup: must be less than duration (100 s) (got 100)']);
    expect(errorsOf({ ...minimal, servers: 4, capacity: 2 })).toEqual(['capacity: must be at least servers (4) or null for unbounded (got 2)']);
    expect(errorsOf({ ...minimal, arrival: { rate: 1, profile: [{ at: 50, rate: 2 }, { at: 10, rate: 1 }] } })).toEqual([
      "arrival.profile.1.at: must be greater than the previous step's at (50 s) (got 10)",
    ]);
    expect(errorsOf({ ...minimal, service: { type: 'lognormal', mean: 1 } })).toEqual(['service: lognormal takes exactly one of cv or p99']);
    expect(errorsOf({ ...minimal, service: { type: 'lognormal', mean: 1, p99: 20 } })[0]).toMatch(/^service\.p99: must be in \(mean, 14\.97·mean\]/);
    expect(errorsOf({ ...minimal, service: { type: 'uniform', min: 3, max: 1 } })).toEqual(['service.max: must be ≥ service.min (3) (got 1)']);
  });

  it('refuses runs too large to finish instead of freezing', () => {
    expect(errorsOf({ ...minimal, duration: 1e9, arrival: { rate: 1000 } })).toEqual([
      'duration: with a peak arrival rate of 1000/s must be at most 50000 s (at most 50,000,000 expected arrivals per run) (got 1000000000)',
    ]);
  });

  it('rejects non-objects, non-finite numbers and future versions without throwing', () => {
    expect(errorsOf(null)).toEqual(['scenario: must be a JSON object (got null)']);
    expect(errorsOf([1, 2])).toEqual(['scenario: must be a JSON object (got [1,2])']);
    expect(errorsOf({ ...minimal, duration: Infinity })[0]).toMatch(/^duration: must be a number in/);
    expect(errorsOf({ ...minimal, version: 2 })).toEqual(['version: is newer than this QueueLab understands (it reads versions 1–1) (got 2)']);
    expect(errorsOf({ ...minimal, model: 'rabbitmq' })).toEqual(['model: must be one of: "station", "kafka", "queue", "cluster", "service", "storage", "pipeline", "outbox" (got "rabbitmq")']);
    expect(errorsOf({ ...minimal, model: 'kafka' })).toContain('topic: is required: it must be an object like { "name": "orders", "partitions": 12 }');
  });

  it('accepts every shipped scenario', () => {
    const files = readdirSync('scenarios').filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const f of files) {
      const s = valid(JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')));
      expect(`${s.id}.json`).toBe(f);
    }
  });
});

describe('share links', () => {
  const scenario = validStation({ ...minimal, seed: 12345, servers: 3 });

  it('round-trip the whole scenario, seed included, through a URL', () => {
    const url = `https://example.org/queuelab/${encodeShareHash(scenario)}`;
    expect(url).toMatch(/#v2\.[0-9a-z]{8}\.[A-Za-z0-9+\-$]+$/);
    const back = decodeShare(url);
    expect(back).toEqual({ ok: true, scenario });
  });

  it('explain a truncated, tampered, foreign or oversized link instead of failing blank', () => {
    const hash = encodeShareHash(scenario);
    const msg = (s: string) => {
      const r = decodeShare(s);
      return r.ok ? 'ok' : r.errors.map(formatError).join('; ');
    };
    expect(msg(hash.slice(0, hash.length - 30))).toBe('link: was changed or truncated: checksum does not match (was the whole link copied?)');
    const v1 = `#v1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;
    expect(msg(v1.slice(0, v1.length - 30))).toMatch(/truncated or corrupted/);
    expect(msg(hash.replace('#v2.', '#v7.'))).toMatch(/link format v7, which this QueueLab does not read/);
    expect(msg('https://example.org/#/some/route')).toMatch(/not a QueueLab scenario link/);
    expect(msg('https://example.org/')).toMatch(/has no #/);
    expect(msg(`#v1.${'A'.repeat(MAX_SHARE_LENGTH)}`)).toMatch(/too long/);
    // Valid compression of a hostile object: validated like any other input.
    const hostile = encodeShareHash({ ...scenario, servers: 1e9 });
    expect(msg(hostile)).toBe('servers: must be an integer in [1, 10000] (got 1000000000)');
    const polluting = `#v1.${LZString.compressToEncodedURIComponent(JSON.stringify(scenario).replace(/^\{/, '{"__proto__":{"polluted":1},'))}`;
    expect(msg(polluting)).toBe('__proto__: is not a known field (check the spelling; see scenarios/README.md)');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('--set overrides', () => {
  it('set nested fields by path with JSON values, leaving the input untouched', () => {
    const base = structuredClone(minimal);
    const out = applyOverride(base, parseOverride('arrival.rate=0.95'));
    expect(out.arrival.rate).toBe(0.95);
    expect(base.arrival.rate).toBe(0.9);
    const svc = applyOverride(base, parseOverride('service={"type":"deterministic","mean":2}'));
    expect(validStation(svc).service).toEqual({ type: 'deterministic', mean: 2 });
    const kafka = { groups: [{ 'group.id': 'g', 'max.poll.records': 500, processing: {} }] };
    expect(applyOverride(kafka, parseOverride('groups.0.max.poll.records=50')).groups[0]['max.poll.records']).toBe(50);
    expect(applyOverride(kafka, parseOverride('groups.0.processing.mode=keyed')).groups[0].processing).toEqual({ mode: 'keyed' });
    expect((applyOverride(base, parseOverride('title=hello world')) as Record<string, unknown>).title).toBe('hello world');
  });

  it('refuse malformed or prototype-polluting paths', () => {
    expect(() => parseOverride('arrival.rate')).toThrow(/path=value/);
    expect(() => parseOverride('__proto__.x=1')).toThrow(/not a valid field path/);
    expect(() => parseOverride('a..b=1')).toThrow(/not a valid field path/);
  });
});
