/**
 * The one gate for untrusted scenario input (files, share URLs, `--set`, forms): returns either a
 * valid scenario with every default filled in, or human-readable errors that each name the field
 * path, the bad value and what is allowed.
 */
import * as v from 'valibot';
import { budgetErrors } from './budget.ts';
import { consumerCountErrors, consumerTargetError, increasingAt, producerErrors, producerNameErrors, producerTargetError, serviceErrors, volumeError, type ScenarioError, type ServiceSpec } from './checks.ts';
import { queueErrors } from './queue-validate.ts';
import { clusterErrors } from './cluster-validate.ts';
import { serviceModelErrors } from './service-validate.ts';
import { storageErrors } from './storage-validate.ts';
import { pipelineErrors } from './pipeline-validate.ts';
import { autoscalerErrors, autoscalerSlots } from './kafka-autoscaler.ts';
import { outboxErrors } from './outbox-validate.ts';
import { depthMessage, MAX_CONSUMERS_PER_GROUP, valueTooDeep } from './limits.ts';
import { ScenarioSchema, SCENARIO_VERSION, type KafkaScenario, type Scenario, type StationScenario } from './schema.ts';

export type { ScenarioError };

export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

const SHOW_MAX = 60;
const PATH_MAX = 120;

/**
 * JSON-like text of `value`, stopping once it is longer than `budget` characters (so a huge or
 * deeply nested value costs no more than a small one). Numbers JSON cannot hold show as
 * Infinity, -Infinity or NaN instead of JSON.stringify's null.
 */
function preview(value: unknown, budget: number): string {
  budget = Math.max(0, budget);
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : String(value);
  if (typeof value === 'string') return JSON.stringify(value.length > budget ? value.slice(0, budget + 1) : value);
  if (typeof value === 'boolean' || value === null) return String(value);
  if (typeof value !== 'object') return value === undefined ? 'null' : typeof value === 'bigint' ? `${value}n` : `(${typeof value})`;
  const isArray = Array.isArray(value);
  let out = isArray ? '[' : '{';
  const n = isArray ? value.length : 0;
  const keys = isArray ? null : Object.keys(value);
  for (let i = 0; i < (keys ? keys.length : n) && out.length <= budget; i++) {
    if (i > 0) out += ',';
    const child = keys ? (value as Record<string, unknown>)[keys[i]] : (value as unknown[])[i];
    if (keys) out += `${preview(keys[i], budget - out.length)}:`;
    out += preview(child, budget - out.length);
  }
  return out.length > budget ? out : out + (isArray ? ']' : '}');
}

/** Renders a value compactly for an error message: at most 60 characters, never throws. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const s = preview(value, SHOW_MAX);
  return s.length > SHOW_MAX ? `${s.slice(0, SHOW_MAX - 3)}...` : s;
}

export function formatError(e: ScenarioError): string {
  const path = e.path.length > PATH_MAX ? `${e.path.slice(0, PATH_MAX - 3)}...` : e.path;
  const where = path === '' ? 'scenario' : path;
  return 'value' in e ? `${where}: ${e.message} (got ${showValue(e.value)})` : `${where}: ${e.message}`;
}

function issuePath(issue: v.BaseIssue<unknown>): string {
  return (issue.path ?? []).map((p) => String(p.key)).join('.');
}

type AnySchema = v.GenericSchema & {
  entries?: Record<string, AnySchema>;
  options?: AnySchema[];
  wrapped?: AnySchema;
  literal?: unknown;
  key?: string;
};

/** The schema of the field at `path` (to state the allowed range of a missing field), if found. */
function schemaAt(root: AnySchema, path: v.IssuePathItem[]): AnySchema | undefined {
  let node: AnySchema | undefined = root;
  for (const item of path) {
    while (node?.wrapped) node = node.wrapped;
    if (node?.options && node.key) {
      const tag: unknown = (item.input as Record<string, unknown>)?.[node.key];
      node = node.options.find((o) => o.entries?.[node!.key!]?.literal === tag);
    }
    node = node?.entries?.[String(item.key)];
  }
  return node;
}

function fromIssue(issue: v.BaseIssue<unknown>): ScenarioError {
  const path = issuePath(issue);
  // valibot reads an object's fields from a list too, where `at`, `keys` and `values` are Array methods.
  if (typeof issue.input === 'function') return { path: path.split('.').slice(0, -1).join('.'), message: 'must be an object, not a list' };
  // Unknown keys in strict objects: valibot reports the key with expected `never`.
  if (issue.kind === 'schema' && issue.expected === 'never') {
    return { path, message: 'is not a known field (check the spelling; see scenarios/README.md)' };
  }
  if (issue.input === undefined && issue.kind === 'schema' && issue.path) {
    const field = schemaAt(ScenarioSchema as AnySchema, issue.path);
    const inner = field ? v.safeParse(field, undefined) : undefined;
    const hint = inner && !inner.success ? `: it ${inner.issues[0].message}` : '';
    return { path, message: `is required${hint}` };
  }
  // A schema without its own message (an object in a list, say) gets valibot's default
  // "Invalid type: Expected Object but received 3": say it in the scenario's words.
  if (issue.kind === 'schema' && issue.message.startsWith('Invalid type: Expected ')) {
    const expected = issue.expected === 'Object' ? 'an object' : issue.expected === 'Array' ? 'a list' : issue.expected;
    return { path, message: `must be ${expected}`, value: issue.input };
  }
  return { path, message: issue.message, value: issue.input };
}

/** Upgrades older scenario versions to the current one. Version 1 is the first; nothing to do yet. */
function migrate(raw: Record<string, unknown>): Record<string, unknown> {
  // retry.attempts "header" (before 2026-12) meant a count that survives the consumer's restarts:
  // that is "store" now, since a record's own header cannot be rewritten in place.
  if (raw.model !== 'kafka' || !Array.isArray(raw.groups)) return raw;
  const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  if (!raw.groups.some((g) => isObj(g) && isObj(g.retry) && g.retry.attempts === 'header')) return raw;
  const groups = raw.groups.map((g) => (isObj(g) && isObj(g.retry) && g.retry.attempts === 'header' ? { ...g, retry: { ...g.retry, attempts: 'store' } } : g));
  return { ...raw, groups };
}

function stationErrors(s: StationScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  if (s.capacity !== null && s.capacity < s.servers) {
    errors.push({ path: 'capacity', message: `must be at least servers (${s.servers}) or null for unbounded`, value: s.capacity });
  }
  errors.push(...serviceErrors(s.service, 'service'));
  errors.push(...increasingAt(s.arrival.profile, 'arrival.profile'));
  errors.push(...volumeError(Math.max(s.arrival.rate, ...s.arrival.profile.map((p) => p.rate)), s.duration));
  return errors;
}

/** A processing time that is exactly 0 s on every draw. */
function alwaysZero(t: ServiceSpec): boolean {
  if (t.type === 'deterministic') return t.mean === 0;
  if (t.type === 'uniform') return t.max === 0;
  if (t.type === 'bimodal') return (t.fast === 0 && (t.slow === 0 || t.pSlow === 0)) || (t.slow === 0 && t.pSlow === 1);
  return false;
}

/**
 * Configurations whose simulated time would certainly stop (issue 10a): a group that processes in
 * zero time, without retry logic, seeks back to a record that fails and fails it again at once,
 * forever — for every record (failureRate 1), for a poison record that fails in the handler, and
 * for every record while a dependency outage lasts (its end is never reached). Loops that depend
 * on the run (a crash loop, a live fault) are stopped at run time by the kernel instead.
 */
function zeroTimeLoopErrors(s: KafkaScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const fix = 'give it a positive mean, or a retry mode that moves past a failing record';
  s.groups.forEach((g, i) => {
    if (!alwaysZero(g.processing.time) || g.retry.mode !== 'none') return;
    const path = `groups.${i}.processing.time`;
    const value = g.processing.time;
    if (g.processing.failureRate === 1) {
      errors.push({ path, message: `must take time when processing.failureRate is 1 and retry.mode is "none": every attempt fails at once and the consumer seeks back to the same record forever, so simulated time would stop (${fix}, or lower failureRate)`, value });
      return;
    }
    const k = s.faults.findIndex((f) => (f.kind === 'poison' && f.effect === 'exception') || (f.kind === 'dependency-outage' && f.target === g['group.id']));
    if (k < 0) return;
    const why =
      s.faults[k].kind === 'poison'
        ? `a poison record (faults.${k}) fails in the handler and retry.mode is "none": the consumer seeks back to it and fails again at once, forever, so simulated time would stop`
        : `a dependency outage (faults.${k}) fails every attempt and retry.mode is "none": the consumer retries at once, forever, so simulated time would never reach the outage's end`;
    errors.push({ path, message: `must take time when ${why} (${fix})`, value });
  });
  return errors;
}

function kafkaErrors(s: KafkaScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  errors.push(...producerErrors(s.producers, s.duration));
  errors.push(...zeroTimeLoopErrors(s));
  const ids = new Set<string>();
  const consumers = new Map<string, number>();
  s.groups.forEach((g, i) => {
    const id = g['group.id'];
    if (ids.has(id)) errors.push({ path: `groups.${i}.group.id`, message: 'must be unique', value: id });
    ids.add(id);
    // An autoscaler may start up to maxReplicaCount more consumers (kafka-autoscaler.ts).
    consumers.set(id, g.members + autoscalerSlots(g));
    if (g['heartbeat.interval.ms'] >= g['session.timeout.ms']) {
      errors.push({ path: `groups.${i}.heartbeat.interval.ms`, message: `must be lower than session.timeout.ms (${g['session.timeout.ms']} ms)`, value: g['heartbeat.interval.ms'] });
    }
    if (g.processing.mode !== 'sequential' && g.processing.threads < 1) {
      errors.push({ path: `groups.${i}.processing.threads`, message: 'must be at least 1', value: g.processing.threads });
    }
    errors.push(...serviceErrors(g.processing.time, `groups.${i}.processing.time`));
  });
  errors.push(...autoscalerErrors(s));
  // Consumers are named <group.id>-<n>; add-consumer faults raise n, at most to MAX_CONSUMERS_PER_GROUP.
  errors.push(...consumerCountErrors(s.faults, consumers, MAX_CONSUMERS_PER_GROUP, 'group', 'members'));
  errors.push(...producerNameErrors(s.producers));
  const producerNames = new Set(s.producers.map((p) => p.name));
  let partitions = s.topic.partitions;
  const inTimeOrder = s.faults.map((f, i) => [f, i] as const).sort(([a], [b]) => a.at - b.at);
  inTimeOrder.forEach(([f, i]) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
    if (f.kind === 'add-consumer' || f.kind === 'slow-downstream' || f.kind === 'dependency-outage') {
      if (!ids.has(f.target)) errors.push({ path: `faults.${i}.target`, message: `must be a group.id: one of ${[...ids].join(', ') || '(no groups)'}`, value: f.target });
      return;
    }
    if (f.kind === 'producer-stop' || f.kind === 'producer-start' || f.kind === 'load-spike' || f.kind === 'schema-change') {
      errors.push(...producerTargetError(f.target, producerNames, i));
      return;
    }
    if (f.kind === 'poison') {
      if (f.partition !== null && f.partition >= s.topic.partitions) {
        errors.push({ path: `faults.${i}.partition`, message: `must be a partition of ${s.topic.name}: 0 … ${s.topic.partitions - 1}`, value: f.partition });
      }
      if (f.partition !== null && f.key !== null) errors.push({ path: `faults.${i}`, message: 'poison takes a partition or a key, not both' });
      return;
    }
    if (f.kind === 'add-partitions') {
      if (f.count <= partitions) errors.push({ path: `faults.${i}.count`, message: `must be more than the current partition count (${partitions}): Kafka can only add partitions`, value: f.count });
      partitions = Math.max(partitions, f.count);
      return;
    }
    errors.push(...consumerTargetError(f.target, consumers, i));
  });
  return errors;
}

/** Each model's checks across fields, one per kind (a new kind that lacks one does not compile). */
const CHECKS: { [K in Scenario['model']]: (s: Extract<Scenario, { model: K }>) => ScenarioError[] } = {
  station: stationErrors,
  kafka: kafkaErrors,
  queue: queueErrors,
  cluster: clusterErrors,
  service: serviceModelErrors,
  storage: storageErrors,
  pipeline: pipelineErrors,
  outbox: outboxErrors,
};

function crossFieldErrors(s: Scenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  if (s.warmup >= s.duration) {
    errors.push({ path: 'warmup', message: `must be less than duration (${s.duration} s)`, value: s.warmup });
  }
  errors.push(...(CHECKS[s.model] as (s: Scenario) => ScenarioError[])(s));
  return errors;
}

/** Validates untrusted input and fills defaults. Never throws. */
export function validateScenario(input: unknown): ValidationResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: [{ path: '', message: 'must be a JSON object', value: input }] };
  }
  if (valueTooDeep(input)) return { ok: false, errors: [{ path: '', message: depthMessage }] };
  const raw = input as Record<string, unknown>;
  if (typeof raw.version === 'number' && raw.version > SCENARIO_VERSION) {
    return {
      ok: false,
      errors: [{ path: 'version', message: `is newer than this QueueLab understands (it reads versions 1–${SCENARIO_VERSION})`, value: raw.version }],
    };
  }
  const parsed = v.safeParse(ScenarioSchema, migrate(raw), { abortPipeEarly: true });
  if (!parsed.success) {
    const seen = new Set<string>();
    const errors = parsed.issues.map(fromIssue).filter((e) => !seen.has(formatError(e)) && seen.add(formatError(e)));
    return { ok: false, errors };
  }
  const errors = crossFieldErrors(parsed.output);
  if (errors.length > 0) return { ok: false, errors };
  // Only a scenario that is otherwise valid is costed: the estimate reads every field.
  const over = budgetErrors(parsed.output);
  return over.length > 0 ? { ok: false, errors: over } : { ok: true, scenario: parsed.output };
}

/** Thrown by {@link parseScenarioOrThrow}; carries every error. */
export class ScenarioValidationError extends Error {
  constructor(readonly errors: ScenarioError[]) {
    super(errors.map(formatError).join('\n'));
    this.name = 'ScenarioValidationError';
  }
}

export function parseScenarioOrThrow(input: unknown): Scenario {
  const r = validateScenario(input);
  if (!r.ok) throw new ScenarioValidationError(r.errors);
  return r.scenario;
}
