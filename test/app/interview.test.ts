/**
 * Interview mode's pure parts: progress in localStorage (robust to whatever is stored there), the
 * references, conditions and placeholders a question reads off a run, the rule that judges a
 * prediction, and the seeded order of a mock interview.
 */
import { describe, expect, it } from 'vitest';
import { clearProgress, PROGRESS_KEY, readProgress, withAnswer, writeProgress, type ProgressStorage } from '../../src/app/interview/progress.ts';
import { conditionText, evalCondition, evalRef, evidence, fill, formatNumber, judgeNumber, mockSequence, parseCondition, parseRef, piecesText, readPath, refName, withUnitText, type Condition, type EvalContext } from '../../src/content/question-eval.ts';
import { CLUSTER_HEADLINE } from '../../src/run/models/cluster/headline.ts';
import { KAFKA_HEADLINE } from '../../src/run/models/kafka/headline.ts';

/** An in-memory Storage; `broken` makes every call throw, as a blocked storage does. */
function fakeStorage(initial: Record<string, string> = {}, broken = false): ProgressStorage & { data: Record<string, string> } {
  const data = { ...initial };
  const guard = () => {
    if (broken) throw new DOMException('blocked', 'SecurityError');
  };
  return {
    data,
    getItem: (k) => (guard(), Object.hasOwn(data, k) ? data[k] : null),
    setItem: (k, v) => {
      guard();
      data[k] = v;
    },
    removeItem: (k) => {
      guard();
      delete data[k];
    },
  };
}

describe('interview progress in localStorage', () => {
  it('round-trips answers and counts tries', () => {
    const s = fakeStorage();
    let p = withAnswer({}, 'hot-key', { kind: 'number', value: 250 }, true, 1000);
    p = withAnswer(p, 'order-thread-pool', { kind: 'choice', option: 1 }, false, 2000);
    p = withAnswer(p, 'hot-key', { kind: 'number', value: 40 }, false, 3000);
    expect(writeProgress(s, p)).toBe(true);
    expect(readProgress(s)).toEqual({
      'hot-key': { prediction: { kind: 'number', value: 40 }, right: false, at: 3000, tries: 2 },
      'order-thread-pool': { prediction: { kind: 'choice', option: 1 }, right: false, at: 2000, tries: 1 },
    });
    clearProgress(s);
    expect(s.data[PROGRESS_KEY]).toBeUndefined();
    expect(readProgress(s)).toEqual({});
  });

  it('reads anything else stored there as no progress, and drops entries that do not check out', () => {
    for (const text of ['', 'not json', 'null', '[]', '42', '{"v":2,"answers":{}}', '{"v":1}', '{"v":1,"answers":[]}', '{"v":1,"answers":"x"}']) {
      expect(readProgress(fakeStorage({ [PROGRESS_KEY]: text })), text).toEqual({});
    }
    const good = { prediction: { kind: 'choice', option: 0 }, right: true, at: 5, tries: 1 };
    const stored = {
      v: 1,
      answers: {
        good,
        'Bad-Id': good,
        '__proto__': good,
        'no-right': { ...good, right: 'yes' },
        'bad-kind': { ...good, prediction: { kind: 'guess', option: 0 } },
        'bad-option': { ...good, prediction: { kind: 'choice', option: -1 } },
        'nan-number': { ...good, prediction: { kind: 'number', value: null } },
        'bad-tries': { ...good, tries: 0 },
        'bad-at': { ...good, at: -1 },
        'not-object': 7,
        'gone-question': good,
      },
    };
    const s = fakeStorage({ [PROGRESS_KEY]: JSON.stringify(stored) });
    expect(Object.keys(readProgress(s))).toEqual(['good', 'gone-question']);
    // Questions that no longer exist are forgotten.
    expect(Object.keys(readProgress(s, new Set(['good'])))).toEqual(['good']);
  });

  it('survives a storage that is missing, blocked or full', () => {
    expect(readProgress(null)).toEqual({});
    expect(writeProgress(null, {})).toBe(false);
    const blocked = fakeStorage({}, true);
    expect(readProgress(blocked)).toEqual({});
    expect(writeProgress(blocked, withAnswer({}, 'x', { kind: 'number', value: 1 }, true, 1))).toBe(false);
    expect(() => clearProgress(blocked)).not.toThrow();
    expect(readProgress(fakeStorage({ [PROGRESS_KEY]: `{"v":1,"answers":{},"pad":"${'x'.repeat(200_001)}"}` }))).toEqual({});
  });
});

describe('what a question reads off a run', () => {
  const summary = {
    lagRecords: { final: 12, max: 300, inFlight: 0 },
    lagSeconds: { final: 0.5, max: 58 },
    duplicates: 302,
    lost: 0,
    orderingViolations: 132,
    groups: { billing: { lagSeconds: { max: 11.4 } } },
    partitions: [{ lag: 0 }, { lag: 11843 }],
  };
  const scenario = { topic: { partitions: 6 }, groups: [{ 'session.timeout.ms': 45000, members: 3 }] };
  const ctx: EvalContext = {
    a: { summary, scenario },
    b: { summary: { ...summary, orderingViolations: 0 }, scenario },
    headline: KAFKA_HEADLINE as EvalContext['headline'],
  };
  const cond = (text: string): Condition => {
    const c = parseCondition(text);
    if (typeof c === 'string') throw new Error(c);
    return c;
  };

  it('parses references: headline metrics, summary and scenario paths, on run A or B', () => {
    expect(parseRef('lagAgeMax')).toEqual({ run: 'a', kind: 'metric', id: 'lagAgeMax' });
    expect(parseRef('b.violations')).toEqual({ run: 'b', kind: 'metric', id: 'violations' });
    expect(parseRef('a.summary.groups.billing.lagSeconds.max')).toEqual({ run: 'a', kind: 'summary', path: ['groups', 'billing', 'lagSeconds', 'max'] });
    expect(parseRef('scenario.groups.0.session.timeout.ms')).toEqual({ run: 'a', kind: 'scenario', path: ['groups', '0', 'session', 'timeout', 'ms'] });
    expect(parseRef('c.lag')).toMatch(/is not a headline metric id/);
    expect(parseRef('a.summary')).toMatch(/needs a path/);
  });

  it('reads paths through Kafka’s dotted config names, list indices and lengths', () => {
    expect(readPath(scenario, ['groups', '0', 'session', 'timeout', 'ms'])).toBe(45000);
    expect(readPath(scenario, ['groups', 'length'])).toBe(1);
    expect(readPath(scenario, ['groups', '01', 'members'])).toBeUndefined();
    expect(readPath(scenario, ['topic', 'nope'])).toBeUndefined();
    expect(evalRef(parseRef('a.summary.partitions.1.lag') as never, ctx)).toBe(11843);
    expect(evalRef(parseRef('a.summary.groups') as never, ctx)).toBeNull(); // not a number
  });

  it('evaluates conditions: every comparison must hold; a missing number makes it undecided', () => {
    expect(evalCondition(cond('a.violations > 0 & b.violations = 0'), ctx).holds).toBe(true);
    expect(evalCondition(cond('a.violations > 0 & b.violations > 0'), ctx).holds).toBe(false);
    expect(evalCondition(cond('a.lagAgeMax >= 0.001 * a.scenario.groups.0.session.timeout.ms'), ctx)).toEqual({ holds: true, parts: [{ left: 58, right: 45, holds: true }] });
    expect(evalCondition(cond('a.lagAgeMax ≤ 58'), ctx).holds).toBe(true);
    expect(evalCondition(cond('a.summary.nothing.here > 0'), ctx).holds).toBeNull();
    expect(evalCondition(cond('b.lag > 0'), { ...ctx, b: null }).holds).toBeNull();
    expect(parseCondition('a.lag ~ 3')).toMatch(/is not a comparison/);
    expect(parseCondition('a.lag > b.c.d')).toMatch(/is not a headline metric id/);
    expect(parseCondition('a.lag > 2 * ')).toMatch(/names no number|is not a headline/);
  });

  it('fills placeholders from the run, formatted for the language', () => {
    const pieces = fill('{a.violations} of {a.summary.partitions.1.lag}; timeout {a.scenario.groups.0.session.timeout.ms|s} s; {b.nope}', ctx, 'en');
    expect(piecesText(pieces)).toBe('132 of 11,843; timeout 45 s; —');
    expect(pieces.filter((p) => 'ref' in p).map((p) => ('ref' in p ? [p.ref, p.value] : null))).toEqual([
      ['a.violations', 132],
      ['a.summary.partitions.1.lag', 11843],
      ['a.scenario.groups.0.session.timeout.ms', 45],
      ['b.nope', null],
    ]);
    expect(piecesText(fill('{a.summary.partitions.1.lag} и {a.lagAge}', ctx, 'ru'))).toBe('11\u00a0843 и 0,5');
    expect(formatNumber('en', 0.0028443)).toBe('0.00284');
    expect(formatNumber('en', 213.0447)).toBe('213');
    expect(formatNumber('en', 1234.5)).toBe('1,235');
  });

  it('names each number it shows after a claim, with its unit, in the page\'s language', () => {
    /** Digit groups as Intl writes them in Russian, with a no-break space: "11 921". */
    const nbsp = (t: string) => t.replace(/(\d) (?=\d{3}\b)/g, '$1\u00a0');
    const two: EvalContext = {
      a: { summary: { ...summary, lagSeconds: { final: 0.042, max: 213 }, partitions: [{ partition: 0, lag: 0 }, { partition: 2, lag: 11843 }, { partition: 3, lag: 11921 }] }, scenario: { ...scenario, model: 'kafka' } },
      b: { summary: { ...summary, lagSeconds: { final: 0.5, max: 10.8 } }, scenario: { ...scenario, model: 'kafka' } },
      headline: KAFKA_HEADLINE as EvalContext['headline'],
    };
    // "Ниже мощности … (B 10,8)": the lag age now says it is one, in seconds, and so does the run it is compared with.
    expect(evidence(cond('b.lagAgeMax < 0.1 * a.lagAgeMax'), two, 'ru', true)).toBe('B: пик возраста лага 10,8 с · A: 213 с');
    expect(evidence(cond('b.lagAgeMax < 0.1 * a.lagAgeMax'), two, 'en', true)).toBe('B: peak lag age 10.8 s · A: 213 s');
    // "(A 11 921 · A 11 843 · A 0)": each partition's lag, records agreeing with the number; the run's letter once.
    expect(evidence(cond('a.summary.partitions.2.lag > 1000 & a.summary.partitions.1.lag > 1000 & a.summary.partitions.0.lag < 100'), two, 'ru', true)).toBe(
      nbsp('A: лаг P3 11 921 запись, P2 11 843 записи, P0 0 записей'),
    );
    // "(0 · 0,042)": a question without run B has no letters; under a second is in milliseconds.
    expect(evidence(cond('a.lost = 0 & a.lagAge < 1'), two, 'ru', false)).toBe('потеряно 0 записей · возраст лага сейчас 42 мс');
    expect(evidence(cond('a.violations > 0 & b.violations = 0'), ctx, 'en', true)).toBe('A: ordering violations 132 · B: 0');
    // A scenario's timeout in ms is shown in seconds, and the factor that converted it is folded in.
    expect(evidence(cond('a.lagAgeMax >= 0.001 * a.scenario.groups.0.session.timeout.ms'), ctx, 'ru', false)).toBe('пик возраста лага 58 с · таймаут сессии 45 с');
    expect(conditionText(cond('a.lagAgeMax < 0.002 * a.scenario.groups.0.session.timeout.ms'), ctx, 'en', false)).toBe('peak lag age 58 s < 2 × session timeout 45 s');
    expect(conditionText(cond('b.lagAgeMax < 0.1 * a.lagAgeMax'), two, 'ru', true)).toBe('B · пик возраста лага 10,8 с < 0,1 × A · пик возраста лага 213 с');
    // A fraction as a percentage (against a bare number, in the metric's unit too); a label that names its unit says it once.
    const cluster: EvalContext = { a: { summary: { io: { busiest: 0.0758 }, unavailable: { total: 54 }, consumers: [{ crossRackBytes: 2048 }] }, scenario: { model: 'cluster' } }, b: null, headline: CLUSTER_HEADLINE as EvalContext['headline'] };
    expect(conditionText(cond('a.handlerBusy < 0.2'), cluster, 'ru', false)).toBe('занятость обработчиков (самый загруженный брокер) 7,58 % < 20 %');
    expect(evidence(cond('a.unavailable > 0 & a.crossRack > 0'), cluster, 'ru', false)).toBe(nbsp('недоступность 54 партиция·с · байт прочитано между стойками 2 048'));
    // A path no name is known for is shown as written; a missing number as a dash.
    expect(refName(parseRef('a.summary.nothing.here') as never, ctx, 'en')).toBeNull();
    expect(evidence(cond('a.summary.nothing.here > 0'), ctx, 'en', false)).toBe('summary.nothing.here —');
    expect(withUnitText('en', 1, 'records')).toBe('1 record');
    expect(withUnitText('ru', 2.5, 'per-s')).toBe('2,5/с');
  });

  it('judges a number by its stated rule', () => {
    expect(judgeNumber(45, 58, { rel: 0.3 })).toBe(true);
    expect(judgeNumber(40, 58, { rel: 0.3 })).toBe(false);
    expect(judgeNumber(28, 28, { abs: 0 })).toBe(true);
    expect(judgeNumber(27, 28, { abs: 0 })).toBe(false);
    expect(judgeNumber(0, 0, { rel: 0.25 })).toBe(true);
    expect(judgeNumber(0.3, 0.1 + 0.2, { abs: 0 })).toBe(true); // floating point
  });
});

describe('mock interview order', () => {
  const ids = Array.from({ length: 16 }, (_, i) => `q${i}`);

  it('is a seeded shuffle: the same seed gives the same questions, other seeds others', () => {
    const a = mockSequence(42, 5, ids);
    expect(a).toEqual(mockSequence(42, 5, ids));
    expect(new Set(a).size).toBe(5);
    for (const id of a) expect(ids).toContain(id);
    // A longer interview with the same seed starts with the same questions.
    expect(mockSequence(42, 8, ids).slice(0, 5)).toEqual(a);
    const seen = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((seed) => mockSequence(seed, 5, ids).join()));
    expect(seen.size).toBeGreaterThan(6);
  });

  it('asks at most every question once', () => {
    expect(mockSequence(1, 99, ids).sort()).toEqual([...ids].sort());
    expect(mockSequence(1, 0, ids)).toEqual([]);
  });

  it('is fixed for a given seed (links made today open the same questions tomorrow)', () => {
    expect(mockSequence(42, 5, ids)).toMatchInlineSnapshot(`
      [
        "q15",
        "q14",
        "q9",
        "q11",
        "q5",
      ]
    `);
  });
});
