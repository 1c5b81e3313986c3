/**
 * Validation messages on the Russian page are Russian: every message a settings field, a run's
 * budget or a broken link can produce has a rule in src/app/error-text.ts, and what the rule writes
 * has no English left but config names and values. The English page shows the validator's words.
 */
import { describe, expect, it } from 'vitest';
import { errorLineText, errorMessageText, hasErrorRule, splitErrorLine } from '../../src/app/error-text.ts';
import { pageFor } from '../../src/app/registry.ts';
import { buildView, setAt } from '../../src/app/settings/index.ts';
import { editedFault, fieldsOf } from '../../src/app/shell/faultEdit.ts';
import { resolveLink } from '../../src/app/interview/questions.ts';
import { decodeShare, decodeShareView, encodeShareHash, formatError, validateScenario, type Scenario, type ScenarioError } from '../../src/scenario/index.ts';
import type { LiveFault } from '../../workers/protocol.ts';
import LZString from 'lz-string';
import { importConfig } from '../../src/import/index.ts';
import { readFileSync } from 'node:fs';
import { allShipped } from './fixtures.ts';

const shipped = allShipped();

/** English that a Russian message must not carry: the validator's own words (config values like "none" are not among them). */
const ENGLISH = /(?<![\w."'-])(must|should|is|are|be|than|the|with|for|least|most|unique|list|number|integer|between|before|after|only|needs|lower|raise|budget|events|records|characters|got|link|entry)(?![\w"'-])/i;

/** Strips what a Russian message keeps as it is spelt: quoted texts, code-like JSON, option lists, config names. */
function prose(ru: string): string {
  return ru
    .replace(/^[a-z]+: /, '') // a link's part: list, sweep, mock…
    .replace(/\b[a-z]+=…/g, '') // a link's part as it is typed: list=…
    .replace(/"[^"]*"|«[^»]*»|'[^']*'/g, '')
    .replace(/\{[^}]*\}/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/одним из:? [^:;()]*/g, '')
    .replace(/\(известны: [^)]*\)/g, '')
    .replace(/[\w-]+(?:\.[\w-]+)+/g, '');
}

function expectRussian(en: string, ru: string): void {
  expect(hasErrorRule(en), `no rule for «${en}»`).toBe(true);
  expect(ru, en).not.toBe(en);
  expect(prose(ru), `English left in «${ru}»`).not.toMatch(ENGLISH);
  // A decimal point between digits is English; Russian writes a comma ("1e-100" and versions aside).
  expect(prose(ru).replace(/\d+e[-+]?\d+/g, ''), ru).not.toMatch(/\d\.\d/);
}

/** Values that break a field: out of its range on both sides, a fraction, a tiny number, a text, a wrong type. */
function badValues(kind: string, range: { min: number | null; max: number | null } | null): unknown[] {
  if (kind === 'number') return [range?.min != null ? range.min - 1 : -1e300, range?.max != null ? range.max + 1 : 1e300, 0.5, -0.5, 0, 1e-310, 'x'];
  if (kind === 'select') return ['bogus', 3];
  return ['x', 3, null, -1, [], 'a'.repeat(500)];
}

describe('validation messages in Russian', () => {
  it('the English page shows the validator’s words, unchanged', () => {
    for (const line of ['topic.partitions: must be an integer in [1, 10000] (got 0.5)', 'link: is not a QueueLab scenario link (expected #v2.…)', 'anything at all']) {
      expect(errorLineText(line, 'en')).toBe(line);
      expect(errorMessageText(line, 'en')).toBe(line);
    }
  });

  it('a line keeps its path and the value given, and translates the message', () => {
    expect(errorLineText('topic.partitions: must be an integer in [1, 10000] (got 0.5)', 'ru')).toBe('topic.partitions: должно быть целым числом в [1; 10\u00a0000] (получено 0.5)');
    expect(errorLineText('producers.0.rate: must be a number in [0, 1000000] /s (got -1)', 'ru')).toBe('producers.0.rate: должно быть числом в [0; 1\u00a0000\u00a0000]/с (получено -1)');
    expect(errorLineText('groups.0.session.timeout.ms: must be an integer in [6000, 1800000] ms (got 3000)', 'ru')).toBe(
      'groups.0.session.timeout.ms: должно быть целым числом в [6000; 1\u00a0800\u00a0000] мс (получено 3000)',
    );
    expect(errorLineText('scenario: must be a JSON object (got 3)', 'ru')).toBe('сценарий: должно быть объектом JSON (получено 3)');
    expect(errorLineText('groups.0.members: is required: it must be an integer in [0, 1000] (got nothing)', 'ru')).toBe(
      'groups.0.members: обязательное поле: оно должно быть целым числом в [0; 1000] (получено ничего)',
    );
    expect(errorLineText('warmup: must be less than duration (0.5 s) (got 7)', 'ru')).toBe('warmup: должно быть меньше duration (0,5 с) (получено 7)');
    expect(errorLineText('link: sweep: points must be 1 … 50 (got 70)', 'ru')).toBe('ссылка: sweep: точек должно быть от 1 до 50 (получено 70)');
    // A text given is quoted as Russian quotes it, also when cut short.
    expect(errorLineText('link: q: is not a question id (lowercase letters, digits and -) (got "Q!")', 'ru')).toBe('ссылка: q: это не id вопроса (в нём бывают только строчные латинские буквы, цифры и дефис) (получено «Q!»)');
    expect(errorLineText(formatError({ path: 'topic.name', message: 'must be at most 249 characters', value: 'x'.repeat(300) }), 'ru')).toBe(`topic.name: должно быть не длиннее 249 символов (получено «${'x'.repeat(56)}…»)`);
    // A second scenario's field (a link's vs=) keeps its path and is translated.
    expect(errorLineText('vs: servers: must be an integer in [1, 10000] (got 0)', 'ru')).toBe('vs: servers: должно быть целым числом в [1; 10\u00a0000] (получено 0)');
    expect(errorLineText('vs: "mm1" has no fix to compare with', 'ru')).toBe('vs: у «mm1» нет решения, с которым можно сравнить');
    // A message no rule knows is shown as written, with its path.
    expect(errorLineText('x.y: something new', 'ru')).toBe('x.y: something new');
    expect(hasErrorRule('something new')).toBe(false);
  });

  it.each(shipped.map((s) => [s.id, s] as const))('%s: every error a settings field can show', async (_id, s) => {
    const sections = await (await pageFor(s.model).panels()).settings();
    const fields = buildView(sections, s, [], 'en').flatMap((sec) => sec.fields);
    let checked = 0;
    for (const f of fields) {
      for (const value of badValues(f.control.kind, f.rangeObj)) {
        const draft = setAt(s, f.info.keys, value);
        const r = validateScenario(draft);
        if (r.ok) continue;
        for (const e of r.errors) {
          expectRussian(e.message, errorMessageText(e.message, 'ru'));
          checked++;
        }
        // The field's own error, as the panel shows it under the field.
        const ru = buildView(sections, draft, r.errors, 'ru').flatMap((sec) => sec.fields).find((x) => x.testid === f.testid);
        if (ru?.error) expect(prose(ru.error), ru.error).not.toMatch(ENGLISH);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('a run too large for its budget says so in Russian, naming the field to lower', () => {
    const seen = new Set<string>();
    for (const s of shipped) {
      const big: Record<string, unknown>[] = [
        { ...s, duration: 1e9 },
        ...('topic' in s && s.topic && typeof s.topic === 'object' && 'partitions' in s.topic ? [{ ...s, topic: { ...s.topic, partitions: 10_000 }, duration: Math.max(s.duration, 36_000) }] : []),
      ];
      for (const raw of big) {
        const r = validateScenario(raw);
        if (r.ok) continue;
        for (const e of r.errors.filter((x) => /budget|memory/.test(x.message))) {
          seen.add(e.message.replace(/\d[\d.,]*/g, '#').slice(0, 40));
          const ru = errorMessageText(e.message, 'ru');
          expectRussian(e.message, ru);
          expect(ru).toMatch(/[Уу]меньшите|Увеличьте|не больше/);
        }
      }
    }
    // Each of the budget's shapes came up: memory, too many events in a loop, too long a run.
    expect([...seen].some((x) => x.startsWith('needs too much memory'))).toBe(true);
    expect([...seen].some((x) => x.startsWith('is too long for the event budget'))).toBe(true);
  });

  it('every check across fields, of every model, says it in Russian', () => {
    type Edit = [id: string, keys: (string | number)[], value: unknown][];
    const cases: Edit[] = [
      // Kafka's producer refusals (the cluster model)
      [['idempotent-producer', ['producers', 0, 'enable.idempotence'], true], ['idempotent-producer', ['producers', 0, 'acks'], '1']],
      [['idempotent-producer', ['producers', 0, 'enable.idempotence'], true], ['idempotent-producer', ['producers', 0, 'retries'], 0]],
      [['idempotent-producer', ['producers', 0, 'enable.idempotence'], true], ['idempotent-producer', ['producers', 0, 'max.in.flight.requests.per.connection'], 10]],
      [['idempotent-producer', ['producers', 0, 'enable.idempotence'], null], ['idempotent-producer', ['producers', 0, 'max.in.flight.requests.per.connection'], 10]],
      [['idempotent-producer', ['producers', 0, 'buffer.memory'], 100]],
      [['idempotent-producer', ['producers', 0, 'delivery.timeout.ms'], 1]],
      [['idempotent-producer', ['topic', 'replication.factor'], 9]],
      [['idempotent-producer', ['topic', 'min.insync.replicas'], 9]],
      [['follower-fetch', ['cluster', 'broker.rack'], ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']]],
      [['idempotent-producer', ['cluster', 'replica.selector.class'], 'rack-aware']],
      [['exactly-once', ['processor'], null]],
      [['exactly-once', ['processor', 'processing.guarantee'], 'exactly_once_v2'], ['exactly-once', ['processor', 'transaction.timeout.ms'], 3_000_000]],
      [['exactly-once', ['processor', 'processing.guarantee'], 'exactly_once_v2'], ['exactly-once', ['processor', 'transaction.timeout.ms'], 10], ['exactly-once', ['processor', 'commit.interval.ms'], 1000]],
      [['idempotent-producer', ['timing', 'rtt.ms'], 0], ['idempotent-producer', ['cluster', 'replica.fetch.wait.max.ms'], 0]],
      // the other models
      [['lease-too-short', ['timing', 'rtt.ms'], 0], ['lease-too-short', ['queue', 'ReceiveMessageWaitTimeSeconds'], 0]],
      [['poison-message', ['groups', 0, 'processing', 'time'], { type: 'deterministic', mean: 0 }], ['poison-message', ['groups', 0, 'processing', 'failureRate'], 1], ['poison-message', ['groups', 0, 'retry', 'mode'], 'none']],
      [['poison-message', ['groups', 0, 'processing', 'time'], { type: 'deterministic', mean: 0 }], ['poison-message', ['groups', 0, 'retry', 'mode'], 'none'], ['poison-message', ['faults', 0, 'effect'], 'exception']],
      [['autoscale-by-lag', ['groups', 0, 'autoscaler', 'limitToPartitionsWithLag'], true], ['autoscale-by-lag', ['groups', 0, 'autoscaler', 'allowIdleConsumers'], true]],
      [['compaction', ['producer', 'keys'], { kind: 'none' }]],
      [['circuit-breaker', ['breaker', 'enabled'], true], ['circuit-breaker', ['breaker', 'slidingWindowSize'], 5], ['circuit-breaker', ['breaker', 'minimumNumberOfCalls'], 50]],
      [['circuit-breaker', ['clients', 'backoff'], 'exponential'], ['circuit-breaker', ['clients', 'backoff.base'], 0]],
      [['circuit-breaker', ['clients', 'backoff'], 'exponential'], ['circuit-breaker', ['clients', 'backoff.base'], 2], ['circuit-breaker', ['clients', 'backoff.cap'], 1]],
      [['request-path', ['stages', 0, 'respond'], false]],
      [['request-path', ['stages', 0, 'calls', 0, 'name'], 'signup']],
      [['request-path', ['faults', 0], { at: 60, kind: 'add-workers', target: 'signup', count: 1000 }]],
      [['pipeline-stages', ['stages', 0, 'pause'], { high: 80, low: 20 }]],
      [['mg1-heavy', ['arrival', 'shape'], { type: 'pareto', alpha: 1.01 }]],
      // a queue far too large for memory: the costliest part, and the field to lower
      [['mg1-heavy', ['arrival', 'shape'], { type: 'pareto', alpha: 1.01 }], ['mg1-heavy', ['duration'], 1e6], ['mg1-heavy', ['arrival', 'rate'], 1]],
    ];
    const shapes = new Set<string>();
    for (const edits of cases) {
      let draft: unknown = shipped.find((x) => x.id === edits[0][0])!;
      for (const [, keys, value] of edits) draft = setAt(draft, keys.map(String), value);
      const r = validateScenario(draft);
      expect(r.ok, JSON.stringify(edits)).toBe(false);
      if (r.ok) continue;
      for (const e of r.errors) {
        shapes.add(e.message.slice(0, 30));
        expectRussian(e.message, errorMessageText(e.message, 'ru'));
      }
    }
    expect(shapes.size).toBeGreaterThanOrEqual(cases.length - 2);
  });

  it('a broken or hostile link says what is wrong in Russian', () => {
    const good = encodeShareHash(shipped.find((s) => s.id === 'mm1')!);
    const links = [
      'http://x/#nonsense',
      'http://x/',
      `http://x/${good.slice(0, good.length - 12)}`,
      `http://x/${good.slice(0, 12)}AAAA${good.slice(16)}`,
      `http://x/${good}&bogus=1`,
      `http://x/${good}&sweep=arrival.rate`,
      `http://x/${good}&sweep=arrival.rate:0.5:0.9:70:10`,
      `http://x/${good}&sweep=arrival.rate:0.5:0.9:5:1000`,
      `http://x/${good}&sweep=seed:1:5:5:2`,
      'http://x/#list=mm1,nope!&at=0',
      'http://x/#list=mm1&at=5',
      'http://x/#mock=1.50.0.19',
      `http://x/#${'v2.' + 'A'.repeat(20_000)}`,
    ];
    const lines: string[] = [];
    for (const link of links) {
      const view = decodeShareView(link);
      const r = view.ok ? decodeShare(link) : view;
      if (!r.ok) lines.push(...r.errors.map((e: ScenarioError) => formatError(e)));
    }
    expect(lines.length).toBeGreaterThanOrEqual(links.length - 2);
    for (const line of lines) {
      const ru = errorLineText(line, 'ru');
      expect(ru.startsWith('ссылка: '), ru).toBe(true);
      const message = line.replace(/^link: /, '').replace(/ \(got .*\)$/s, '');
      expectRussian(message, errorMessageText(message, 'ru'));
    }
  });

  it('every link error, of the link itself or of what it opens, reads as Russian: «» quotes, no English placeholders', () => {
    const mm1 = shipped.find((s) => s.id === 'mm1')!;
    const good = encodeShareHash(mm1);
    const token = good.slice(1);
    const v1 = (text: string) => `http://x/#v1.${LZString.compressToEncodedURIComponent(text)}`;
    // One link per message share.ts can refuse a link with (checked below against its source).
    const links = [
      'http://x/',
      'http://x/#nonsense',
      `http://x/#${'v2.' + 'A'.repeat(20_000)}`,
      `http://x/${good}&bogus=1`,
      `http://x/${good}&vs`,
      'http://x/#list=mm1&at=0&at=0',
      `http://x/#list=${Array(41).fill('mm1').join(',')}`,
      'http://x/#list=mm1,nope!&at=0',
      'http://x/#list=mm1&at=5',
      `http://x/${good}&at=1`,
      `http://x/${good.slice(0, 12)}`,
      `http://x/${good.slice(0, 12)}AAAA${good.slice(16)}`,
      `http://x/${good.slice(0, 20)}${good[20] === 'A' ? 'B' : 'A'}${good.slice(21)}`,
      'http://x/#v9.abc',
      `http://x/#v1.${token.slice(3)}`,
      'http://x/#v1.%%%',
      v1('not json {'),
      v1('a'.repeat(300_000)),
      'http://x/#list=mm1&at=0',
      `http://x/${good}&sweep=arrival.rate`,
      `http://x/${good}&sweep=arrival.rate:1e999:1:5:1`,
      `http://x/${good}&sweep=arrival.rate:0.5:0.9:70:10`,
      `http://x/${good}&sweep=arrival.rate:0.5:0.9:1:10`,
      `http://x/${good}&sweep=arrival.rate:0.5:0.9:5:500`,
      `http://x/${good}&sweep=seed:1:5:5:2`,
      `http://x/${good}&vs=fix&sweep=arrival.rate:0.5:0.9:5:10`,
      'http://x/#q=a&mock=1.2.0',
      `http://x/${good}&q=a`,
      'http://x/#q=Bad!',
      'http://x/#mock=1.50',
      'http://x/#mock=1.25.0',
      'http://x/#mock=1.5.7',
      'http://x/#mock=1.5.0.3',
      `http://x/${good}&vs=${encodeShareHash({ ...mm1, servers: 0 } as unknown as Scenario).slice(1)}`,
    ];
    const lines: string[] = [];
    for (const link of links) {
      const view = decodeShareView(link);
      const r = view.ok ? decodeShare(link) : view;
      expect(r.ok, link.slice(0, 80)).toBe(false);
      if (!r.ok) lines.push(...r.errors.map((e: ScenarioError) => formatError(e)));
    }
    // What the page says about a link it decoded (playground.svelte.ts, interview/questions.ts).
    const mock = (n: number, pool: number) => resolveLink(null, { seed: 1, n, at: 0, pool }, shipped);
    for (const r of [resolveLink('no-such-question', null, shipped), mock(3, 1_000_000), mock(25, 20)]) lines.push(r.ok ? '' : r.error);
    lines.push(
      'link: cut short; its start names a kafka scenario "black-friday"',
      'vs: "mm1" has no fix to compare with',
      'list: entry 2 names "nope", which is not a shipped scenario',
      'q: "what-is-lag": "mm1" has no fix to compare with',
      'q: "what-is-lag" runs scenario "nope", which is not shipped',
      'q: "what-is-lag": its overrides do not apply to "mm1"',
      'q: "what-is-lag": run B\'s overrides do not apply',
    );
    // Every message share.ts can refuse a link with came up (a new one needs a link above).
    const share = readFileSync('src/scenario/share.ts', 'utf8');
    const literal = String.raw`(?:'([^']*)'|\`((?:[^\`$]|\$\{(?:[^{}]|\{[^{}]*\})*\})*)\`)`;
    const sweep = share.slice(share.indexOf('export function parseSweepLink'), share.indexOf('export const sweepText'));
    const shapes = [
      ...[...share.matchAll(new RegExp(String.raw`\bfail\(${literal}`, 'g'))].map((m) => m[1] ?? m[2]).filter((x) => x !== 'sweep: ${w}'),
      ...[...sweep.matchAll(new RegExp(String.raw`return ${literal};`, 'g'))].map((m) => `sweep: ${m[1] ?? m[2]}`),
    ];
    expect(shapes.length).toBeGreaterThan(25);
    const pattern = (shape: string) => new RegExp(`^(link|vs): ${shape.split(/\$\{(?:[^{}]|\{[^{}]*\})*\}/).map((x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}`, 's');
    for (const shape of shapes) expect(lines.some((l) => pattern(shape).test(l)), `no link above gives «${shape}»`).toBe(true);
    // Quotes are «»; a format is described in Russian words (<зерно>), what the user types stays as it is (+fix, #v2.…).
    expect(lines.map((line) => errorLineText(line, 'ru')).filter((ru) => ru.includes('"') || /<[^<>]*[A-Za-z][^<>]*>/.test(ru))).toEqual([]);
    for (const line of lines) {
      const { message } = splitErrorLine(line)!;
      expectRussian(message, errorMessageText(message, 'ru'));
    }
  });

  it('the fault editor names every bad field of every kind of fault, each in Russian', () => {
    let kinds = 0;
    for (const s of shipped) {
      const faults = (s as { faults?: LiveFault[] }).faults ?? [];
      const seen = new Set<string>();
      faults.forEach((f, i) => {
        if (seen.has(f.kind)) return;
        seen.add(f.kind);
        kinds++;
        const fields = fieldsOf(f);
        for (const bad of ['x', '-1e12', '1e12']) {
          const texts = Object.fromEntries(fields.map((x) => [x.key, x.type === 'text' ? 'nobody?' : bad]));
          const r = editedFault(s, faults, i, texts);
          expect(r.ok, `${s.id} ${f.kind} ${bad}`).toBe(false);
          const lines = r.ok ? [] : r.errors;
          // A number that is not one, or below every range: each such field is named.
          if (bad !== '1e12') for (const x of fields.filter((y) => y.type === 'number')) expect(lines.some((l) => l.startsWith(`faults.${i}.${x.key}: `)), `${s.id} ${f.kind}.${x.key} = ${bad}: ${lines.join('; ')}`).toBe(true);
          for (const line of lines) {
            const { message } = splitErrorLine(line)!;
            expectRussian(message, errorMessageText(message, 'ru'));
          }
        }
      });
    }
    expect(kinds).toBeGreaterThan(10);
  });

  it('an imported file’s rejected keys', () => {
    const imported = importConfig(readFileSync('test/fixtures/import/bad-consumer.properties', 'utf8'), {});
    if (!imported.ok) throw new Error('the fixture imports');
    expect(imported.rejected.length).toBeGreaterThan(3);
    for (const x of imported.rejected) expectRussian(x.message, errorMessageText(x.message, 'ru'));
  });
});

describe('Russian numbers in messages', () => {
  it('a Kafka long bound keeps every digit (no rounding through a double), and a class name has a rule', () => {
    expect(errorMessageText('must be an integer in [0, 9223372036854775807]', 'ru').replace(/\s/g, ' ')).toBe('должно быть целым числом в [0; 9 223 372 036 854 775 807]');
    expect(errorMessageText('must be a Java class name', 'ru')).toBe('должно быть именем класса Java');
  });
});
