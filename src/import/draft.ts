/**
 * The scenario an import builds, key by key: every key of the input ends in exactly one list —
 * applied (with the scenario field it set), not modelled (with the reason), or rejected (with the
 * validator's message, which names the allowed range). The result is validated like any input
 * (validateScenario); an error at a field an imported key set rejects that key and puts the
 * field back to QueueLab's value, until the scenario validates.
 */
import { formatError, validateScenario, type Scenario } from '../scenario/index.ts';
import type { Msg } from './messages.ts';
import type { Check } from './values.ts';

export const FORMATS = ['properties', 'kafka-describe', 'rabbitmq', 'sqs'] as const;
/** An input format: a Kafka client .properties file, kafka-topics.sh / kafka-consumer-groups.sh --describe output, a RabbitMQ definitions export, SQS queue attributes. */
export type Format = (typeof FORMATS)[number];

/** The models an import can target: the log model, the cluster model (replication, the producer's write path), the queue model. */
export const TARGETS = ['kafka', 'cluster', 'queue'] as const;
export type Target = (typeof TARGETS)[number];

export interface Applied {
  /** The key as the input names it (`max.poll.records`, `x-message-ttl`, `PartitionCount`). */
  key: string;
  /** Its value as the input gives it (secrets hidden). */
  value: string;
  /** The scenario field it set, dotted (`groups.0.max.poll.records`). */
  field: string;
  /** The value the field got. */
  set: unknown;
  note?: Msg;
}

export interface Skipped {
  key: string;
  value: string;
  reason: Msg;
}

export interface Rejected {
  key: string;
  value: string;
  /** The scenario field it would have set ('' for a key no field models, refused for a value the system itself would refuse, and when the whole input is refused). */
  field: string;
  /** The validator's message: what is allowed (`must be an integer in [6000, 1800000] ms`). */
  message: string;
}

export type ImportResult =
  | {
      ok: true;
      format: Format;
      model: Target;
      /** The valid scenario: every applied key, QueueLab's values for the rest (rejected keys included). */
      scenario: Scenario;
      applied: Applied[];
      skipped: Skipped[];
      rejected: Rejected[];
      /** What the input does not say and QueueLab filled in (load, consumers, run length). */
      assumed: Msg[];
    }
  | { ok: false; format: Format | null; error: Msg };

type Path = readonly (string | number)[];
type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function getAt(root: unknown, path: Path): unknown {
  let node = root;
  for (const k of path) {
    if (!isObj(node) && !Array.isArray(node)) return undefined;
    node = (node as Obj)[k as string];
  }
  return node;
}

/** Sets `path` in `root`, making objects on the way (a number key in an array indexes it). */
function setAt(root: Obj, path: Path, value: unknown): void {
  let node: Obj = root;
  for (let i = 0; i < path.length - 1; i++) {
    const k = path[i] as string;
    let next = node[k];
    if (!isObj(next) && !Array.isArray(next)) {
      next = typeof path[i + 1] === 'number' ? [] : {};
      node[k] = next;
    }
    node = next as Obj;
  }
  node[path[path.length - 1] as string] = value;
}

function deleteAt(root: Obj, path: Path): void {
  const parent = getAt(root, path.slice(0, -1));
  if (isObj(parent)) delete parent[path[path.length - 1] as string];
}

/** Values of keys like these are never shown: passwords, JAAS configs, tokens. */
const SECRET = /password|secret|jaas|token|credential|user\.info|api\.key|access\.key/i;

/** The value as a report shows it: secrets hidden, at most 120 characters. */
export function shown(key: string, value: string): string {
  if (SECRET.test(key) && value !== '') return '(hidden)';
  return value.length > 120 ? `${value.slice(0, 117)}...` : value;
}

/** A number when `text` is one (JSON-like, as Kafka and the CLIs write them); else the text, for the validator to refuse with its range. */
export function numeric(text: string | number): number | string {
  if (typeof text === 'number') return text;
  const t = text.trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : text;
}

/** true / false (any case, as Kafka and AWS read them); else the text, for the validator to refuse. */
export function boolean(text: string | boolean): boolean | string {
  if (typeof text === 'boolean') return text;
  const t = text.trim().toLowerCase();
  return t === 'true' ? true : t === 'false' ? false : text;
}

/** A name QueueLab takes (letters, digits, '.', '_', '-'; at most 64), and whether it had to change. */
export function safeName(name: string, fallback: string): { name: string; changed: boolean } {
  let n = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64);
  if (n === '') n = fallback;
  return { name: n, changed: n !== name };
}

export class Draft {
  readonly #base: Obj;
  readonly raw: Obj;
  readonly applied: Applied[] = [];
  readonly skipped: Skipped[] = [];
  readonly rejected: Rejected[] = [];
  readonly assumed: Msg[] = [];
  /** The path of each applied key's field (a Kafka name is one key with dots in it). */
  readonly #paths = new Map<Applied, Path>();

  constructor(base: Scenario, changes: Obj = {}) {
    this.#base = JSON.parse(JSON.stringify({ ...base, ...changes })) as Obj;
    this.raw = JSON.parse(JSON.stringify(this.#base)) as Obj;
  }

  /** The importer's own change (not one key's, e.g. the queue's flavour): it stays when keys are rejected. */
  own(path: Path, value: unknown): void {
    setAt(this.raw, path, value);
    setAt(this.#base, path, JSON.parse(JSON.stringify(value)));
  }

  get(path: Path): unknown {
    return getAt(this.raw, path);
  }

  /** Key `key` (given as `value`) sets `path` to `to`. */
  set(key: string, value: string, path: Path, to: unknown, note?: Msg): void {
    setAt(this.raw, path, to);
    const a: Applied = { key, value: shown(key, value), field: path.join('.'), set: to, ...(note ? { note } : {}) };
    this.applied.push(a);
    this.#paths.set(a, path);
  }

  skip(key: string, value: string, reason: Msg): void {
    this.skipped.push({ key, value: shown(key, value), reason });
  }

  reject(key: string, value: string, field: string, message: string): void {
    this.rejected.push({ key, value: shown(key, value), field, message });
  }

  /** Key `key` is not modelled (`reason`) — unless `check` (how the system itself reads it) refuses its value: then it is rejected with what is allowed. */
  notModelled(key: string, value: string, reason: Msg, check?: Check): void {
    const bad = check?.(value) ?? null;
    if (bad) this.reject(key, value, '', bad);
    else this.skip(key, value, reason);
  }

  /** `raw` with every field key `key` set back at QueueLab's value. */
  #revert(raw: Obj, key: string): void {
    for (const a of this.applied) {
      if (a.key !== key) continue;
      const path = this.#paths.get(a)!;
      const before = getAt(this.#base, path);
      if (before === undefined) deleteAt(raw, path);
      else setAt(raw, path, JSON.parse(JSON.stringify(before)));
    }
  }

  /** Takes key `key` back (every field it set returns to QueueLab's value) and lists it as rejected. */
  #rejectApplied(key: string, field: string, message: string): void {
    this.#revert(this.raw, key);
    const value = this.applied.find((a) => a.key === key)?.value ?? '';
    const kept = this.applied.filter((a) => a.key !== key);
    this.applied.splice(0, this.applied.length, ...kept);
    this.rejected.push({ key, value, field, message });
  }

  /**
   * Validates the draft: every error at a field a key set rejects that key (its field goes back to
   * QueueLab's value) and the draft is validated again. An error no key's field names (a check
   * across fields) rejects the last key whose removal clears it. Null when the scenario cannot be
   * made valid (that error is listed as rejected).
   */
  finish(): Scenario | null {
    for (let round = 0; round < 500; round++) {
      const r = validateScenario(this.raw);
      if (r.ok) return r.scenario;
      let progressed = false;
      for (const e of r.errors) {
        const hit = this.applied.find((a) => e.path === a.field || e.path.startsWith(`${a.field}.`));
        if (hit) {
          this.#rejectApplied(hit.key, hit.field, e.message);
          progressed = true;
        }
      }
      if (progressed) continue;
      const e = r.errors[0];
      for (const key of [...new Set(this.applied.map((a) => a.key))].reverse()) {
        const trial = JSON.parse(JSON.stringify(this.raw)) as Obj;
        this.#revert(trial, key);
        const t = validateScenario(trial);
        if (t.ok || !t.errors.some((x) => x.path === e.path && x.message === e.message)) {
          this.#rejectApplied(key, this.applied.find((a) => a.key === key)!.field, formatError(e));
          progressed = true;
          break;
        }
      }
      if (!progressed) {
        this.rejected.push({ key: e.path || '(scenario)', value: '', field: e.path, message: e.message });
        return null;
      }
    }
    return null;
  }
}
