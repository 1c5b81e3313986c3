/**
 * The settings panel's data against the scenario schema: every listed field exists, and the
 * control and range that introspection derives agree with validation, on every shipped scenario
 * of the model and on every variant of it the panel can switch to.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { formatError, ScenarioSchema, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { KafkaScenarioSchema } from '../../src/scenario/kafka-schema.ts';
import { StationScenarioSchema } from '../../src/scenario/schema.ts';
import {
  addItem,
  buildView,
  concretePath,
  expandSections,
  fieldAt,
  fieldNames,
  fieldsAnywhere,
  fieldView,
  getAt,
  inRange,
  namesFromInput,
  namesToInput,
  numberFromInput,
  rangeOf,
  rangeText,
  removeItem,
  setAt,
  switchVariant,
  type FieldInfo,
  type FieldSpec,
  type Range,
  type SettingsSection,
} from '../../src/app/settings/index.ts';
import { KAFKA_SETTINGS } from '../../src/app/panels/kafka/sections.ts';
import { errorLineText } from '../../src/app/error-text.ts';
import { STATION_SETTINGS } from '../../src/app/panels/station/settings.ts';

type Draft = Record<string, unknown>;

const shipped: Scenario[] = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((f) => {
    const r = validateScenario(JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')));
    if (!r.ok) throw new Error(`${f}: ${r.errors.map(formatError).join('; ')}`);
    return r.scenario;
  });

const MODELS = [
  { model: 'station', sections: STATION_SETTINGS, schema: StationScenarioSchema },
  { model: 'kafka', sections: KAFKA_SETTINGS, schema: KafkaScenarioSchema },
] as const;

/** Every (spec, concrete path) the panel shows for this draft. */
function shownFields(sections: readonly SettingsSection[], draft: unknown): { spec: FieldSpec; info: FieldInfo }[] {
  return expandSections(sections, draft).flatMap(({ spec: section, index }) =>
    section.fields.flatMap((spec) => {
      const info = fieldAt(ScenarioSchema, draft, concretePath(spec, index));
      return info ? [{ spec, info }] : [];
    }),
  );
}

/** The draft, plus the draft switched to every option of every variant field the panel shows. */
function variantsOf(sections: readonly SettingsSection[], draft: Draft): { label: string; draft: Draft }[] {
  const out = [{ label: 'as shipped', draft }];
  for (const { spec, info } of shownFields(sections, draft)) {
    if (info.control.kind !== 'variant') continue;
    for (const tag of info.control.options) out.push({ label: `${info.path} = ${tag}`, draft: switchVariant(draft, info, tag, spec.variants?.[tag]) });
  }
  return out;
}

/** Schema-level issues at exactly this path (cross-field rules are not about the field's range). */
function schemaIssuesAt(draft: unknown, path: string): string[] {
  const r = v.safeParse(ScenarioSchema, draft, { abortPipeEarly: true });
  if (r.success) return [];
  return r.issues.filter((i) => (i.path ?? []).map((p) => String(p.key)).join('.') === path).map((i) => i.message);
}

/** validateScenario's errors at exactly this path. */
function errorsAt(draft: unknown, path: string): string[] {
  const r = validateScenario(draft);
  return r.ok ? [] : r.errors.filter((e) => e.path === path).map(formatError);
}

/** Values just inside the range (accepted) and just outside it (rejected). */
function probes(r: Range): { inside: number[]; outside: number[] } {
  const inside: number[] = [];
  const outside: number[] = [];
  const tiny = (x: number) => Math.max(Math.abs(x), 1) * 1e-6;
  if (r.min !== null) {
    const lo = r.minExclusive ? (r.integer ? r.min + 1 : r.min + tiny(r.min)) : r.min;
    inside.push(lo);
    outside.push(r.minExclusive ? r.min : r.integer ? r.min - 1 : r.min - tiny(r.min));
    if (r.integer) outside.push(lo + 0.5);
  }
  if (r.max !== null) {
    inside.push(r.maxExclusive ? (r.integer ? r.max - 1 : r.max - tiny(r.max)) : r.max);
    outside.push(r.maxExclusive ? r.max : r.integer ? r.max + 1 : r.max + tiny(r.max));
  }
  if (r.min !== null && r.max !== null) inside.push(r.integer ? Math.round((r.min + r.max) / 2) : (r.min + r.max) / 2);
  outside.push(Number.NaN);
  return { inside, outside };
}

/** Checks one field of one draft; returns the problems found (empty = agrees with validation). */
function checkField(draft: Draft, info: FieldInfo): string[] {
  const problems: string[] = [];
  const at = (x: unknown) => setAt(draft, info.keys, x);
  const mustAccept = (x: unknown, why: string) => {
    const issues = schemaIssuesAt(at(x), info.path);
    if (issues.length > 0) problems.push(`${info.path} = ${String(x)} (${why}) rejected: ${issues.join('; ')}`);
  };
  const mustReject = (x: unknown, why: string) => {
    if (errorsAt(at(x), info.path).length === 0) problems.push(`${info.path} = ${String(x)} (${why}) not rejected at its path`);
  };
  const c = info.control;
  const current = getAt(draft, info.keys);
  switch (c.kind) {
    case 'number': {
      if (c.range.min === null || c.range.max === null) problems.push(`${info.path}: unbounded range`);
      if (typeof current === 'number' && !inRange(c.range, current)) problems.push(`${info.path}: shipped value ${current} outside the derived range`);
      const { inside, outside } = probes(c.range);
      for (const x of inside) mustAccept(x, 'inside');
      for (const x of outside) mustReject(x, 'outside');
      if (info.nullable) mustAccept(null, 'nullable');
      else mustReject(null, 'not nullable');
      if (info.optional && info.default === undefined) mustAccept(undefined, 'optional');
      break;
    }
    case 'checkbox':
      mustAccept(true, 'checkbox');
      mustAccept(false, 'checkbox');
      mustReject('yes', 'not a boolean');
      break;
    case 'select':
      for (const o of c.options) mustAccept(o, 'option');
      mustReject('no-such-option', 'not an option');
      break;
    case 'variant':
      mustReject('no-such-option', 'not an option');
      break;
    case 'list':
      (Array.isArray(current) ? current : []).forEach((_, j) => {
        for (const item of Object.values(c.item)) problems.push(...checkField(draft, { ...item, keys: [...info.keys, String(j), ...item.keys], path: [info.path, j, item.path].join('.') }));
      });
      break;
    default:
      problems.push(`${info.path}: control ${c.kind} is not supported`);
  }
  return problems;
}

describe.each(MODELS)('settings of the $model model', ({ model, sections, schema }) => {
  const scenarios = shipped.filter((s) => s.model === model) as unknown as Draft[];
  const specs = sections.flatMap((s) => s.fields);

  it('has shipped scenarios to check against', () => {
    expect(scenarios.length).toBeGreaterThan(0);
  });

  it.each(specs.map((s) => [s.path, s] as const))('%s is a field of the schema with a supported control', (_, spec) => {
    const found = fieldsAnywhere(schema as unknown as v.GenericSchema, spec.path);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      expect(f.control.kind).not.toBe('unsupported');
      if (f.control.kind === 'number') expect(f.control.range.min !== null && f.control.range.max !== null).toBe(true);
      if (f.control.kind === 'list') for (const k of Object.keys(f.control.item)) expect(spec.item?.fields[k], `${spec.path}: words for item field ${k}`).toBeDefined();
    }
  });

  it('ids and section ids are unique', () => {
    expect(new Set(sections.map((s) => s.id)).size).toBe(sections.length);
    const ids = specs.map((s) => s.id ?? s.path);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('every label and hint is given in English and Russian', () => {
    for (const s of [...sections.map((x) => x.title), ...specs.flatMap((f) => [f.label, f.hint])]) {
      expect(s.en.trim()).not.toBe('');
      expect(s.ru.trim()).not.toBe('');
    }
  });

  it.each(scenarios.map((s) => [s.id as string, s] as const))('%s: every variant switch gives a valid scenario', (_, scenario) => {
    for (const { label, draft } of variantsOf(sections, scenario)) {
      const r = validateScenario(draft);
      expect(r.ok ? [] : r.errors.map(formatError), label).toEqual([]);
    }
  });

  it.each(scenarios.map((s) => [s.id as string, s] as const))('%s: derived ranges, options and nullability agree with validateScenario', (_, scenario) => {
    const problems: string[] = [];
    for (const { label, draft } of variantsOf(sections, scenario)) {
      for (const { info } of shownFields(sections, draft)) problems.push(...checkField(draft, info).map((p) => `[${label}] ${p}`));
    }
    expect(problems).toEqual([]);
  });

  it.each(scenarios.map((s) => [s.id as string, s] as const))('%s: adding and removing list items keeps the scenario valid', (_, scenario) => {
    for (const { spec, info } of shownFields(sections, scenario)) {
      if (info.control.kind !== 'list') continue;
      let draft = scenario;
      for (let n = 0; n < 3; n++) {
        draft = addItem(draft, info, spec.item?.add);
        const r = validateScenario(draft);
        expect(r.ok ? [] : r.errors.map(formatError), `${info.path} after ${n + 1} added`).toEqual([]);
      }
      const list = getAt(draft, info.keys) as unknown[];
      const removed = removeItem(draft, info, list.length - 1);
      expect((getAt(removed, info.keys) as unknown[]).length).toBe(list.length - 1);
      expect(validateScenario(removed).ok).toBe(true);
    }
  });

  it('every listed field is shown for some shipped scenario or variant of one', () => {
    const shown = new Set<string>();
    for (const s of scenarios) for (const { draft } of variantsOf(sections, s)) for (const { spec } of shownFields(sections, draft)) shown.add(spec.path);
    expect(specs.map((s) => s.path).filter((p) => !shown.has(p))).toEqual([]);
  });
});

describe('schema introspection', () => {
  const kafka = shipped.find((s) => s.id === 'black-friday')!;
  const mm1 = shipped.find((s) => s.id === 'mm1')!;

  it('reads integer ranges, exclusive bounds, units and defaults from the schema', () => {
    const partitions = fieldAt(ScenarioSchema, kafka, 'topic.partitions')!;
    expect(partitions.control).toEqual({ kind: 'number', range: { min: 1, max: 10_000, minExclusive: false, maxExclusive: false, integer: true } });
    expect(partitions.message).toBe('must be an integer in [1, 10000]');
    const poll = fieldAt(ScenarioSchema, kafka, 'groups.0.max.poll.records')!;
    expect(poll.keys).toEqual(['groups', '0', 'max.poll.records']);
    expect(poll.default).toBe(500);
    expect(fieldAt(ScenarioSchema, kafka, 'groups.0.session.timeout.ms')!.unit).toBe('ms');
    const duration = fieldAt(ScenarioSchema, mm1, 'duration')!;
    expect(duration.unit).toBe('s');
    expect(duration.control.kind === 'number' && duration.control.range).toMatchObject({ min: 0, minExclusive: true, max: 1e9, integer: false });
    const capacity = fieldAt(ScenarioSchema, mm1, 'capacity')!;
    expect([capacity.nullable, capacity.optional, capacity.default]).toEqual([true, true, null]);
  });

  it('resolves variants by the draft and lists their options', () => {
    expect(fieldAt(ScenarioSchema, mm1, 'service.k')).toBeNull();
    const type = fieldAt(ScenarioSchema, mm1, 'service.type')!;
    expect(type.control.kind === 'variant' && type.control.options).toContain('hyperexponential');
    expect(fieldsAnywhere(ScenarioSchema, 'service.cv').map((f) => f.control.kind === 'number' && f.control.range.min)).toEqual([0, 0, 1]);
    expect(fieldAt(ScenarioSchema, kafka, 'groups.0.commit')!.control).toEqual({ kind: 'select', options: ['auto', 'after-processing', 'before-processing'] });
    expect(fieldAt(ScenarioSchema, kafka, 'groups.5.members')).toBeNull();
    expect(fieldAt(ScenarioSchema, kafka, 'topic.no.such.field')).toBeNull();
  });

  it('gives a list control with the item fields for a list of objects', () => {
    const profile = fieldAt(ScenarioSchema, kafka, 'producers.0.profile')!;
    expect(profile.control.kind).toBe('list');
    if (profile.control.kind !== 'list') return;
    expect(Object.keys(profile.control.item)).toEqual(['at', 'rate', 'ramp']);
    expect(profile.control.maxItems).toBe(1000);
    expect(profile.control.item.ramp.optional).toBe(true);
  });

  it('rangeOf takes the tightest bound of several', () => {
    expect(rangeOf(v.pipe(v.number(), v.minValue(0), v.gtValue(0), v.maxValue(5), v.ltValue(4)))).toEqual({ min: 0, max: 4, minExclusive: true, maxExclusive: true, integer: false });
  });
});

describe('edits', () => {
  const kafka = shipped.find((s) => s.id === 'thread-pool-reorder')! as unknown as Draft;
  const mm1 = shipped.find((s) => s.id === 'mm1')! as unknown as Draft;
  const field = (d: Draft, path: string) => fieldAt(ScenarioSchema, d, path)!;
  const specOf = (sections: readonly SettingsSection[], path: string) => sections.flatMap((s) => s.fields).find((f) => f.path === path)!;

  it('setAt copies along the path, leaves the original alone and deletes on undefined', () => {
    const next = setAt(kafka, ['groups', '0', 'max.poll.records'], 7);
    expect(getAt(next, ['groups', '0', 'max.poll.records'])).toBe(7);
    expect(getAt(kafka, ['groups', '0', 'max.poll.records'])).not.toBe(7);
    expect((next as Draft).topic).toBe(kafka.topic);
    const gone = setAt(next, ['groups', '0', 'static'], undefined);
    expect(Object.hasOwn((gone.groups as Draft[])[0], 'static')).toBe(false);
  });

  it('an empty input is null for nullable and required fields and absent for optional ones without a default', () => {
    expect(numberFromInput(field(mm1, 'capacity'), '')).toBeNull();
    expect(numberFromInput(field(mm1, 'arrival.rate'), ' ')).toBeNull();
    const withStep = setAt(mm1, ['arrival', 'profile'], [{ at: 1, rate: 2 }]);
    expect(numberFromInput(field(kafka, 'groups.0.members'), '')).toBeNull();
    expect(numberFromInput(fieldAt(ScenarioSchema, withStep, 'arrival.profile')!, '3')).toBe(3);
    const ramp = fieldAt(ScenarioSchema, kafka, 'producers.0.profile');
    expect(ramp?.control.kind === 'list' && numberFromInput(ramp.control.item.ramp, '')).toBeUndefined();
  });

  it('a list of names (broker.rack) is one comma-separated line: trimmed, empty names dropped, and shown back the same way', () => {
    const cluster = JSON.parse(readFileSync('scenarios/follower-fetch.json', 'utf8')) as Draft;
    const racks = fieldAt(ScenarioSchema, cluster, 'cluster.broker.rack')!;
    expect(racks.control).toEqual({ kind: 'names', maxItems: 64 });
    expect(namesFromInput(' a, b,, c ,')).toEqual(['a', 'b', 'c']);
    expect(namesFromInput('')).toEqual([]);
    expect(namesToInput(['a', 'b'])).toBe('a, b');
    expect(namesToInput(undefined)).toBe('');
  });

  it('switching a distribution keeps the mean where it can and fills the rest from presets', () => {
    const spec = specOf(STATION_SETTINGS, 'service.type');
    const type = field(mm1, 'service.type');
    expect(switchVariant(mm1, type, 'gamma', spec.variants?.gamma).service).toEqual({ type: 'gamma', mean: 1, cv: 0.5 });
    expect(switchVariant(mm1, type, 'uniform', spec.variants?.uniform).service).toEqual({ type: 'uniform', min: 0, max: 2 });
    const gamma = switchVariant(mm1, type, 'gamma', spec.variants?.gamma);
    // cv 0.5 is no hyperexponential cv (≥ 1): the preset replaces it.
    expect(switchVariant(gamma, field(gamma, 'service.type'), 'hyperexponential', spec.variants?.hyperexponential).service).toEqual({ type: 'hyperexponential', mean: 1, cv: 2 });
    // A bimodal processing time (fast 0.002, slow 0.3) becomes an exponential with the middle as mean.
    const kspec = specOf(KAFKA_SETTINGS, 'groups.{i}.processing.time.type');
    const t = field(kafka, 'groups.0.processing.time.type');
    expect(getAt(switchVariant(kafka, t, 'exponential', kspec.variants?.exponential), ['groups', '0', 'processing', 'time'])).toEqual({ type: 'exponential', mean: 0.151 });
  });

  it('switching the key distribution keeps the key count and prefix', () => {
    const spec = specOf(KAFKA_SETTINGS, 'producers.0.keys.kind');
    const kind = field(kafka, 'producers.0.keys.kind');
    const zipf = switchVariant(kafka, kind, 'zipf', spec.variants?.zipf);
    expect(getAt(zipf, ['producers', '0', 'keys'])).toEqual({ kind: 'zipf', count: 300, prefix: 'user-', s: 1 });
    expect(getAt(switchVariant(kafka, kind, 'none', spec.variants?.none), ['producers', '0', 'keys'])).toEqual({ kind: 'none' });
    expect(getAt(switchVariant(kafka, kind, 'coarse', spec.variants?.coarse), ['producers', '0', 'keys'])).toEqual({ kind: 'coarse', values: ['US', 'DE', 'FR'] });
  });

  it('a new rate-profile step comes half-way to the end at twice the rate', () => {
    const bf = shipped.find((s) => s.id === 'black-friday')!;
    const spec = specOf(KAFKA_SETTINGS, 'producers.0.profile');
    const next = addItem(bf, fieldAt(ScenarioSchema, bf, 'producers.0.profile')!, spec.item?.add);
    expect(getAt(next, ['producers', '0', 'profile'])).toEqual([{ at: 120, rate: 800 }, { at: 510, rate: 1600 }]);
  });
});

describe('the panel view', () => {
  const byId = (id: string) => shipped.find((s) => s.id === id)! as unknown as Draft;
  const testids = (sections: readonly SettingsSection[], draft: unknown): string[] =>
    buildView(sections, draft, [], 'en').flatMap((s) => s.fields.flatMap((f) => [f.testid, ...f.items.flatMap((i) => i.fields.map((x) => x.testid)), ...(f.control.kind === 'list' ? [`${f.testid}-add`] : [])]));

  it('keeps every test id of the former Kafka dialog and its browser tests', () => {
    const ids = new Set([...testids(KAFKA_SETTINGS, byId('black-friday')), ...testids(KAFKA_SETTINGS, byId('pubsub-groups'))]);
    const group = ['members', 'max.poll.records', 'max.poll.interval.ms', 'session.timeout.ms', 'heartbeat.interval.ms', 'processing.threads', 'processing.time.mean', 'partition.assignment.strategy', 'commit', 'processing.mode', 'auto.offset.reset', 'static', 'processing.idempotent', 'retry.mode', 'retry.maxAttempts', 'retry.dlq', 'retry.attempts', 'retry.classify', 'processing.failureRate'];
    const expected = [
      'producers.0.rate',
      'keys.kind',
      'producers.0.keys.count',
      'profile',
      'profile-0-at',
      'profile-0-rate',
      'profile-0-ramp',
      'profile-add',
      'producers.0.arrivals',
      'topic.partitions',
      'topic.retention.ms',
      'topic.segment.ms',
      ...group.map((g) => `groups.0.${g}`),
      ...group.map((g) => `groups.1.${g}`),
      'duration',
      'warmup',
    ];
    expect(expected.filter((id) => !ids.has(id))).toEqual([]);
  });

  it('shows labels, config names, units and ranges in the page language', () => {
    const draft = byId('poison-message');
    const find = (lang: 'en' | 'ru', id: string) => buildView(KAFKA_SETTINGS, draft, [], lang).flatMap((s) => s.fields).find((f) => f.testid === id)!;
    expect(find('en', 'topic.partitions')).toMatchObject({ label: 'Partitions', config: 'partitions', range: '1 – 10,000' });
    expect(find('ru', 'topic.partitions').range).toMatch(/^1 – 10\s000$/u);
    expect(find('en', 'groups.0.max.poll.records').config).toBe('max.poll.records');
    expect(find('en', 'groups.0.retry.dlq').config).toBe(`${(draft.topic as Draft).name}.dlq`);
    expect(find('ru', 'groups.0.session.timeout.ms')).toMatchObject({ label: 'Таймаут сессии', unit: 'мс' });
    expect(find('en', 'duration').range).toBe('(0 – 1B]');
    const sections = buildView(KAFKA_SETTINGS, draft, [], 'en');
    expect(sections.map((s) => s.id)).toEqual(['producer', 'topic', 'group-0', 'retry-0', 'autoscaler-0', 'run']);
    expect(sections[2].code).toBe((draft.groups as Draft[])[0]['group.id']);
  });

  it('repeats group sections per group, in order', () => {
    expect(buildView(KAFKA_SETTINGS, byId('pubsub-groups'), [], 'en').map((s) => s.id)).toEqual(['producer', 'topic', 'group-0', 'retry-0', 'autoscaler-0', 'group-1', 'retry-1', 'autoscaler-1', 'run']);
  });

  it('shows a group’s autoscaler fields, with KEDA’s and Kubernetes’ names, only while it is on', () => {
    const fieldsOf = (draft: unknown) => buildView(KAFKA_SETTINGS, draft, [], 'en').find((s) => s.id === 'autoscaler-0')!.fields;
    expect(fieldsOf(byId('consumers-gt-partitions')).map((f) => f.testid)).toEqual(['groups.0.autoscaler.enabled']);
    const on = fieldsOf(byId('autoscale-by-lag'));
    const f = (id: string) => on.find((x) => x.testid === `groups.0.autoscaler.${id}`)!;
    expect(f('lagThreshold')).toMatchObject({ config: 'lagThreshold', value: 1000, range: '1 – 1B' });
    expect(f('allowIdleConsumers')).toMatchObject({ config: 'allowIdleConsumers', value: true });
    expect(f('maxReplicaCount')).toMatchObject({ config: 'maxReplicaCount', value: 40, range: '1 – 1,000' });
    expect(f('stabilizationWindowSeconds')).toMatchObject({ config: 'scaleDown.stabilizationWindowSeconds', value: 300 });
    expect(f('pollingInterval')).toMatchObject({ value: 30, unit: 's' });
    expect(f('podStartup')).toMatchObject({ config: null, value: 10 });
    // The second group's fields follow the second group's switch (`{i}` in `when`).
    const two = setAt(byId('pubsub-groups'), ['groups', '1', 'autoscaler', 'enabled'], true);
    const view = buildView(KAFKA_SETTINGS, two, [], 'en');
    expect(view.find((s) => s.id === 'autoscaler-0')!.fields).toHaveLength(1);
    expect(view.find((s) => s.id === 'autoscaler-1')!.fields.length).toBeGreaterThan(10);
  });

  it('puts each validation error at its field', () => {
    const draft = setAt(byId('consumers-gt-partitions'), ['groups', '0', 'members'], -3);
    const r = validateScenario(draft);
    expect(r.ok).toBe(false);
    const f = fieldView(specOfKafka('groups.{i}.members'), draft, r.ok ? [] : r.errors, 'en', 0)!;
    expect(f.error).toBe('must be an integer in [0, 1000]');
  });

  it('names each field in the list of errors as the form labels it, in the page language; the path only where the form has no such field', () => {
    // Two groups (both with "Members"), a producer's rate and a step of its profile, the topic's partitions.
    let draft: unknown = byId('pubsub-groups');
    for (const [keys, value] of [
      [['topic', 'partitions'], 0.5],
      [['groups', '1', 'members'], -3],
      [['producers', '0', 'rate'], -1],
      [['producers', '0', 'profile'], [{ at: 100, rate: 5 }, { at: 50, rate: 'x' }]],
    ] as const) draft = setAt(draft, keys, value);
    const r = validateScenario(draft);
    const errors = r.ok ? [] : r.errors;
    const lines = errors.map(formatError);
    const named = (lang: 'en' | 'ru', line: string, view = buildView(KAFKA_SETTINGS, draft, errors, lang)) => {
      const names = fieldNames(view, lang);
      return errorLineText(line, lang, (path) => names.get(path));
    };
    const group = ((draft as Draft).groups as Draft[])[1]['group.id'];
    const topic = ((draft as Draft).topic as Draft).name;
    expect(lines.map((l) => named('en', l))).toEqual([
      `Topic ${topic} · Partitions: must be an integer in [1, 10000] (got 0.5)`,
      'Producer · Rate: must be a number in [0, 1000000] /s (got -1)',
      'Producer · Rate profile (step 2, rate): must be a number in [0, 1000000] /s (got "x")',
      `Consumer group ${group} · Members: must be an integer in [0, 1000] (got -3)`,
    ]);
    expect(lines.map((l) => named('ru', l))).toEqual([
      `Топик ${topic} · Партиции: должно быть целым числом в [1; 10\u00a0000] (получено 0.5)`,
      'Продюсер · Интенсивность: должно быть числом в [0; 1\u00a0000\u00a0000]/с (получено -1)',
      'Продюсер · Профиль нагрузки (шаг 2, интенсивность): должно быть числом в [0; 1\u00a0000\u00a0000]/с (получено «x»)',
      `Группа консьюмеров ${group} · Участники: должно быть целым числом в [0; 1000] (получено -3)`,
    ]);
    // A step out of order (a check across fields, once the values are in range): the step's own field.
    const steps = setAt(byId('black-friday'), ['producers', '0', 'profile'], [{ at: 120, rate: 800 }, { at: 60, rate: 5 }]);
    const order = validateScenario(steps);
    expect(order.ok).toBe(false);
    const stepLines = order.ok ? [] : order.errors.map(formatError);
    expect(stepLines.map((l) => named('en', l, buildView(KAFKA_SETTINGS, steps, [], 'en')))).toEqual(["Producer · Rate profile (step 2, start): must be greater than the previous step's at (120 s) (got 60)"]);
    // A variant's own error, at its object, names its control; a path the form does not show stays a path.
    const lognormal = setAt(byId('mmc'), ['service'], { type: 'lognormal', mean: 1, cv: 1, p99: 3 });
    const both = validateScenario(lognormal);
    const view = buildView(STATION_SETTINGS, lognormal, [], 'ru');
    expect((both.ok ? [] : both.errors.map(formatError)).map((l) => named('ru', l, view))).toEqual(['Обслуживание · Время обслуживания: для lognormal задаётся ровно одно из двух: cv или p99']);
    expect(named('ru', 'faults.0.target: must name a consumer: c-1 (got "x")', view)).toBe('faults.0.target: должно называть консьюмера: c-1 (получено «x»)');
    expect(named('en', 'scenario: must be a JSON object (got 3)', view)).toBe('scenario: must be a JSON object (got 3)');
  });

  it('uses queueing notation for the station', () => {
    const view = buildView(STATION_SETTINGS, byId('mmc'), [], 'ru').flatMap((s) => s.fields);
    const label = (id: string) => view.find((f) => f.testid === id)?.label ?? '';
    expect(label('arrival.rate')).toContain('λ');
    expect(label('service.mean')).toContain('1/μ');
    expect(label('servers')).toMatch(/ c$/);
    expect(label('capacity')).toMatch(/ K$/);
    expect(view.find((f) => f.testid === 'capacity')?.placeholder).toBe('∞');
  });

  it('range text marks excluded bounds', () => {
    expect(rangeText({ min: 1, max: 100, minExclusive: true, maxExclusive: false, integer: false }, 'en')).toBe('(1 – 100]');
    expect(rangeText({ min: 0, max: 0.5, minExclusive: false, maxExclusive: false, integer: false }, 'ru')).toBe('0 – 0,5');
  });
});

function specOfKafka(path: string): FieldSpec {
  return KAFKA_SETTINGS.flatMap((s) => s.fields).find((f) => f.path === path)!;
}
