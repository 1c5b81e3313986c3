/** `--set` list indices: an existing item or one past the end, nothing else (issue 10). */
import { describe, expect, it } from 'vitest';
import { applyOverride, OverrideError, parseOverride } from '../../src/scenario/set-path.ts';

const base = { arrival: { rate: 1, profile: [{ at: 1, rate: 2 }] } };
const set = (text: string) => applyOverride(base, parseOverride(text));

describe('--set list indices', () => {
  it('change an item or append one just past the end', () => {
    expect(set('arrival.profile.0.rate=3').arrival.profile).toEqual([{ at: 1, rate: 3 }]);
    expect(set('arrival.profile.1={"at":2,"rate":0}').arrival.profile).toEqual([{ at: 1, rate: 2 }, { at: 2, rate: 0 }]);
  });

  it('create a list, not an object, where a missing field is followed by an index', () => {
    expect(applyOverride({ arrival: { rate: 1 } }, parseOverride('arrival.profile.0.at=5'))).toEqual({ arrival: { rate: 1, profile: [{ at: 5 }] } });
  });

  it.each(['2', '4294967294', '-1', '01', '1e0', 'length', 'x'])('refuse index %s, naming the path and the allowed range', (index) => {
    expect(() => set(`arrival.profile.${index}.rate=1`)).toThrow(
      new OverrideError(`arrival.profile.${index}.rate`, `arrival.profile is a list of 1 item, so the index after it must be an integer in 0 … 1 (1 appends an item); got "${index}"`),
    );
  });

  it('refuse a scenario that is not an object, a path deeper than the limit and a value nested deeper', () => {
    expect(() => applyOverride(42, parseOverride('a=1'))).toThrow(/the scenario is not a JSON object/);
    expect(() => parseOverride(`${Array(33).fill('a').join('.')}=1`)).toThrow(/33 fields deep; a scenario nests at most 32/);
    expect(() => parseOverride(`a=${'['.repeat(33)}${']'.repeat(33)}`)).toThrow('--set a: the value is nested deeper than 32 levels');
  });

  it('cut echoed text', () => {
    expect(() => parseOverride('x'.repeat(1000))).toThrow(`--set expects path=value, got "${'x'.repeat(57)}..."`);
  });
});
