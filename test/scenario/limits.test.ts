/** The input limits of src/scenario/limits.ts as validateScenario applies them (for every caller: CLI, links, the page). */
import { describe, expect, it } from 'vitest';
import { formatError, showValue, validateScenario } from '../../src/scenario/validate.ts';
import { jsonTextTooDeep, MAX_DEPTH, valueTooDeep } from '../../src/scenario/limits.ts';

const minimal = { version: 1, model: 'station', duration: 100, arrival: { rate: 0.9 }, service: { type: 'exponential', mean: 1 } };

function errorsOf(input: unknown): string[] {
  const r = validateScenario(input);
  return r.ok ? [] : r.errors.map(formatError);
}

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('input limits', () => {
  it('nesting deeper than the limit is refused before validation walks it, never throwing', () => {
    expect(errorsOf({ ...minimal, x: nested(100_000) })).toEqual([`scenario: nested deeper than ${MAX_DEPTH} levels`]);
    expect(valueTooDeep(nested(MAX_DEPTH))).toBe(false);
    expect(valueTooDeep(nested(MAX_DEPTH + 1))).toBe(true);
    expect(errorsOf({ ...minimal, x: nested(MAX_DEPTH - 1) })[0]).toMatch(/^x: is not a known field/); // the scenario is one level
    expect(jsonTextTooDeep('["[[[[[[\\"]]", {"a": 1}]', 2)).toBe(-1); // brackets in strings (escaped quotes too) do not count
    expect(jsonTextTooDeep('[[[1]]]', 2)).toBe(2);
  });

  it('an error shows at most 60 characters of the value, whatever its size or depth, and Infinity as Infinity', () => {
    expect(showValue('x'.repeat(1e6))).toBe(`"${'x'.repeat(56)}...`);
    expect(showValue(nested(30))).toBe(`${'['.repeat(30)}1${']'.repeat(26)}...`);
    expect(showValue({ a: [1, Infinity, -Infinity, NaN] })).toBe('{"a":[1,Infinity,-Infinity,NaN]}');
    expect(errorsOf({ ...minimal, duration: Infinity })).toEqual(['duration: must be a number in (0, 1000000000] s (got Infinity)']);
  });

  it('a very long unknown field name is cut in the message', () => {
    const [e] = errorsOf({ ...minimal, ['k'.repeat(10_000)]: 1 });
    expect(e).toBe(`${'k'.repeat(117)}...: is not a known field (check the spelling; see scenarios/README.md)`);
  });

  it('a list where an object belongs is named as such, not as a function-valued field', () => {
    expect(errorsOf({ ...minimal, arrival: { rate: 1, profile: [[]] } })).toEqual(['arrival.profile.0: must be an object, not a list', 'arrival.profile.0.rate: is required']);
    expect(errorsOf({ ...minimal, arrival: { rate: 1, profile: [5] } })).toEqual(['arrival.profile.0: must be an object (got 5)']);
  });

  it('non-zero numbers below 1e-100 are refused by field, zero is still allowed where it was', () => {
    expect(errorsOf({ ...minimal, service: { type: 'exponential', mean: 5e-324 } })).toEqual([
      'service.mean: must be a number in [1e-100, 1000000000] s: a non-zero number below 1e-100 is too small to compute with (got 5e-324)',
    ]);
    expect(errorsOf({ ...minimal, arrival: { rate: 1e-300 } })[0]).toMatch(/^arrival\.rate: must be 0 or a number in \[1e-100, 1000000\] \/s/);
    expect(errorsOf({ ...minimal, arrival: { rate: 0 } })).toEqual([]);
    expect(errorsOf({ ...minimal, service: { type: 'exponential', mean: 1e-100 } })).toEqual([]);
  });
});
