/**
 * A RabbitMQ definitions export (`rabbitmqctl export_definitions`, the management UI's "Export
 * definitions", GET /api/definitions) onto the queue model's RabbitMQ flavour: one queue — its
 * arguments and the policy that applies to it, resolved as RabbitMQ resolves them (numeric limits:
 * the lower of argument and policy; dead-lettering: the argument; overflow: the argument for a
 * classic queue, the policy for a quorum one) — and where its dead letters go, followed through
 * the export's exchanges and bindings: to a dead-letter queue (`x-dead-letter-exchange`), or to a
 * wait queue whose TTL dead-letters them back (the retry-with-delay pattern, `retry`).
 * Prefetch is a client's basic.qos, not part of an export: it stays QueueLab's (RabbitMQ's) default.
 */
import { blankQueue } from '../app/panels/queue/blank.ts';
import { Draft, numeric, safeName, type ImportResult } from './draft.ts';
import { say, type Msg, type MsgId } from './messages.ts';
import { BOOLEAN, integer, integerIn, known, LONG_MAX, lookup, oneOf, STRING, UNCHECKED, type Check, type Known } from './values.ts';
import type { Lang } from '../app/i18n.ts';

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);
const list = (x: unknown): Obj[] => (Array.isArray(x) ? x.filter(isObj) : []);
const str = (x: unknown): string => (typeof x === 'string' ? x : x === undefined || x === null ? '' : typeof x === 'object' ? JSON.stringify(x) : String(x));

interface QueueDef {
  name: string;
  vhost: string;
  entry: Obj;
  args: Obj;
}

interface Policy {
  name: string;
  pattern: string;
  applyTo: string;
  priority: number;
  definition: Obj;
}

/** Whether `json` looks like a definitions export. */
export function looksLikeRabbit(json: unknown): boolean {
  return isObj(json) && (['rabbit_version', 'rabbitmq_version', 'queues', 'exchanges', 'bindings', 'policies', 'vhosts'] as const).some((k) => k in json);
}

/** RabbitMQ's topic match: words split at '.', `*` one word, `#` zero or more. */
function topicMatch(pattern: string, key: string): boolean {
  const p = pattern.split('.');
  const k = key === '' ? [] : key.split('.');
  const go = (i: number, j: number): boolean => {
    if (i === p.length) return j === k.length;
    if (p[i] === '#') {
      for (let x = j; x <= k.length; x++) if (go(i + 1, x)) return true;
      return false;
    }
    return j < k.length && (p[i] === '*' || p[i] === k[j]) && go(i + 1, j + 1);
  };
  return p.length <= 64 && k.length <= 64 && go(0, 0);
}

class Export {
  readonly queues: QueueDef[];
  readonly exchanges: Obj[];
  readonly bindings: Obj[];
  readonly policies: (Policy & { vhost: string })[];

  constructor(readonly json: Obj) {
    this.queues = list(json.queues)
      .filter((q) => typeof q.name === 'string')
      .map((q) => ({ name: q.name as string, vhost: str(q.vhost) || '/', entry: q, args: isObj(q.arguments) ? q.arguments : {} }));
    this.exchanges = list(json.exchanges);
    this.bindings = list(json.bindings);
    this.policies = list(json.policies).map((p) => ({
      name: str(p.name),
      vhost: str(p.vhost) || '/',
      pattern: str(p.pattern),
      applyTo: str(p['apply-to']) || 'all',
      priority: typeof p.priority === 'number' ? p.priority : 0,
      definition: isObj(p.definition) ? p.definition : {},
    }));
  }

  queue(vhost: string, name: string): QueueDef | undefined {
    return this.queues.find((q) => q.vhost === vhost && q.name === name);
  }

  type(q: QueueDef): string {
    return str(q.args['x-queue-type']) || str(q.entry.type) || 'classic';
  }

  /** The policy RabbitMQ applies to `q` (highest priority of those that match), and those that lose. */
  policyFor(q: QueueDef): { policy: Policy | null; others: { policy: Policy; why: Msg }[]; bad: Policy[] } {
    const type = this.type(q);
    const matching: Policy[] = [];
    const others: { policy: Policy; why: Msg }[] = [];
    const bad: Policy[] = [];
    for (const p of this.policies.filter((x) => x.vhost === q.vhost)) {
      let re: RegExp;
      try {
        re = new RegExp(p.pattern);
      } catch {
        bad.push(p);
        continue;
      }
      const kinds = p.applyTo === 'all' || p.applyTo === 'queues' || (p.applyTo === 'classic_queues' && type === 'classic') || (p.applyTo === 'quorum_queues' && type === 'quorum') || (p.applyTo === 'streams' && type === 'stream');
      if (kinds && re.test(q.name)) matching.push(p);
      else others.push({ policy: p, why: { id: 'nm.policyNotMatching', vars: { policy: p.name, target: `${p.applyTo} ~ /${p.pattern}/`, queue: q.name } } });
    }
    matching.sort((a, b) => b.priority - a.priority);
    const [policy = null, ...rest] = matching;
    for (const p of rest) others.push({ policy: p, why: { id: 'nm.policyLower', vars: { policy: p.name, winner: { id: 'detail.priority', vars: { policy: policy!.name, a: policy!.priority, b: p.priority } } } } });
    return { policy, others, bad };
  }

  /** The queues a message published to `exchange` with `key` reaches (through exchange-to-exchange bindings too). */
  route(vhost: string, exchange: string, key: string, depth = 0): string[] {
    if (exchange === '') return this.queue(vhost, key) ? [key] : [];
    if (depth > 8) return [];
    const ex = this.exchanges.find((e) => e.name === exchange && (str(e.vhost) || '/') === vhost);
    if (!ex) return [];
    const type = str(ex.type);
    const out: string[] = [];
    for (const b of this.bindings) {
      if (b.source !== exchange || (str(b.vhost) || '/') !== vhost) continue;
      const rk = str(b.routing_key);
      const hit = type === 'fanout' || type === 'headers' ? true : type === 'topic' ? topicMatch(rk, key) : rk === key;
      if (!hit) continue;
      const dest = str(b.destination);
      if (b.destination_type === 'exchange') out.push(...this.route(vhost, dest, key, depth + 1));
      else out.push(dest);
    }
    return [...new Set(out)];
  }
}

/** A setting of queue `q`: its x-argument and the applying policy's key, resolved as RabbitMQ does. */
interface Setting {
  value: unknown;
  /** How the input names what was used (`x-message-ttl`, or `policy p: message-ttl`). */
  key: string;
  note?: Msg;
  /** The other of the two, when both were set (listed as not applied). */
  loser?: { key: string; value: unknown; why: Msg };
}

type Resolve = 'min' | 'argument' | 'quorum-policy' | 'min-assumed';

function setting(q: QueueDef, policy: Policy | null, arg: string, pol: string, how: Resolve, quorum: boolean): Setting | null {
  const a = Object.hasOwn(q.args, arg) ? q.args[arg] : undefined;
  const p = policy && Object.hasOwn(policy.definition, pol) ? policy.definition[pol] : undefined;
  const pk = policy ? `policy ${policy.name}: ${pol}` : pol;
  if (a === undefined && p === undefined) return null;
  if (p === undefined) return { value: a, key: arg };
  if (a === undefined) return { value: p, key: pk, note: { id: 'note.policy', vars: { policy: policy!.name } } };
  const policyWins = how === 'quorum-policy' && quorum;
  if (how === 'min' || how === 'min-assumed') {
    const an = Number(a);
    const pn = Number(p);
    const note: Msg = { id: how === 'min' ? 'note.policyLowerWins' : 'note.policyLowerAssumed', vars: { policy: policy!.name } };
    if (Number.isFinite(an) && Number.isFinite(pn) && pn < an) return { value: p, key: pk, note, loser: { key: arg, value: a, why: note } };
    return { value: a, key: arg, note, loser: { key: pk, value: p, why: note } };
  }
  if (policyWins) {
    const note: Msg = { id: 'note.policyWins', vars: { policy: policy!.name } };
    return { value: p, key: pk, note, loser: { key: arg, value: a, why: note } };
  }
  const note: Msg = { id: 'note.argumentWins', vars: { policy: policy!.name } };
  return { value: a, key: arg, note, loser: { key: pk, value: p, why: note } };
}

/** Queue arguments and policy keys QueueLab applies: x-argument, policy key, field, how they combine. */
const APPLIED: [string, string, string, Resolve][] = [
  ['x-message-ttl', 'message-ttl', 'x-message-ttl', 'min'],
  ['x-max-length', 'max-length', 'x-max-length', 'min'],
  ['x-delivery-limit', 'delivery-limit', 'x-delivery-limit', 'min'],
  ['x-overflow', 'overflow', 'x-overflow', 'quorum-policy'],
  ['x-consumer-timeout', 'consumer-timeout', 'consumer_timeout', 'min-assumed'],
];

/** An integer a RabbitMQ argument or policy takes: an AMQP long, at least `min`. */
const rabbitInt = (min: number): Check => integer(BigInt(min), LONG_MAX);
const DLX_STRATEGY = oneOf(['at-most-once', 'at-least-once']);
/** Queue versions 1 and 2 (RabbitMQ 4 keeps only 2). */
const QUEUE_VERSION = integerIn([1, 2]);

/**
 * Arguments QueueLab does not model, by reason, with RabbitMQ's check of their value at declaration
 * (rabbit_amqqueue: a value it refuses fails the declaration, and the definitions import with it).
 */
const NOT_MODELLED: Record<string, Known> = {};
known(NOT_MODELLED, 'nm.maxLengthBytes', { 'x-max-length-bytes': rabbitInt(0) });
known(NOT_MODELLED, 'nm.expires', { 'x-expires': rabbitInt(1) });
known(NOT_MODELLED, 'nm.singleActive', { 'x-single-active-consumer': BOOLEAN });
// x-queue-mode: checked by RabbitMQ 3 only (4 ignores it).
known(NOT_MODELLED, 'nm.queueMode', { 'x-queue-mode': UNCHECKED, 'x-queue-version': QUEUE_VERSION, 'x-max-in-memory-length': rabbitInt(0), 'x-max-in-memory-bytes': rabbitInt(0) });
known(NOT_MODELLED, 'nm.mirroring', { 'x-quorum-initial-group-size': rabbitInt(1), 'x-quorum-target-group-size': UNCHECKED, 'x-initial-cluster-size': rabbitInt(1) });
known(NOT_MODELLED, 'nm.deadLetterStrategy', { 'x-dead-letter-strategy': DLX_STRATEGY });
known(NOT_MODELLED, 'nm.streamQueue', { 'x-max-age': UNCHECKED, 'x-stream-max-segment-size-bytes': rabbitInt(0), 'x-stream-filter-size-bytes': rabbitInt(0) });
known(NOT_MODELLED, 'nm.leaderLocator', {
  'x-queue-leader-locator': oneOf(['client-local', 'balanced', 'random', 'least-leaders', 'min-masters']),
  // Removed in RabbitMQ 4.0.
  'x-queue-master-locator': UNCHECKED,
});

/** Policy keys QueueLab does not model, by reason, with RabbitMQ's check of their value (rabbit_policies: a policy it refuses is not set). */
const POLICY_NOT_MODELLED: Record<string, Known> = {};
known(POLICY_NOT_MODELLED, 'nm.maxLengthBytes', { 'max-length-bytes': rabbitInt(0) });
known(POLICY_NOT_MODELLED, 'nm.expires', { expires: rabbitInt(1) });
known(POLICY_NOT_MODELLED, 'nm.queueMode', { 'queue-mode': oneOf(['default', 'lazy']), 'queue-version': QUEUE_VERSION, 'max-in-memory-length': rabbitInt(0), 'max-in-memory-bytes': rabbitInt(0) });
known(POLICY_NOT_MODELLED, 'nm.deadLetterStrategy', { 'dead-letter-strategy': DLX_STRATEGY });
known(POLICY_NOT_MODELLED, 'nm.streamQueue', { 'max-age': UNCHECKED, 'stream-max-segment-size-bytes': rabbitInt(0) });
known(POLICY_NOT_MODELLED, 'nm.leaderLocator', { 'queue-leader-locator': oneOf(['client-local', 'balanced', 'random', 'least-leaders']), 'queue-master-locator': UNCHECKED });
known(POLICY_NOT_MODELLED, 'nm.mirroring', { 'initial-cluster-size': rabbitInt(0), 'target-group-size': UNCHECKED });
known(POLICY_NOT_MODELLED, 'nm.rabbitParams', { 'federation-upstream': STRING, 'federation-upstream-set': STRING });

const SECTIONS: Record<string, MsgId> = {
  rabbit_version: 'nm.version',
  rabbitmq_version: 'nm.version',
  product_name: 'nm.version',
  product_version: 'nm.version',
  users: 'nm.accessControl',
  permissions: 'nm.accessControl',
  topic_permissions: 'nm.accessControl',
  vhosts: 'nm.vhosts',
  parameters: 'nm.rabbitParams',
  global_parameters: 'nm.rabbitParams',
  exchanges: 'nm.rabbitRouting',
  bindings: 'nm.rabbitRouting',
};

/** The dead-letter route of `q`: its DLX (argument or policy) and routing key, and the queues it reaches. */
function deadLetters(x: Export, q: QueueDef, policy: Policy | null, quorum: boolean): { dlx: Setting | null; rk: Setting | null; targets: string[] } {
  const dlx = setting(q, policy, 'x-dead-letter-exchange', 'dead-letter-exchange', 'argument', quorum);
  const rk = setting(q, policy, 'x-dead-letter-routing-key', 'dead-letter-routing-key', 'argument', quorum);
  // Without a dead-letter routing key a message keeps its own: QueueLab assumes it was published to the queue by name.
  const targets = dlx ? x.route(q.vhost, str(dlx.value), rk ? str(rk.value) : q.name).filter((t) => t !== q.name || !!rk) : [];
  return { dlx, rk, targets };
}

/**
 * The queue the scenario models: the named one; else the first that dead-letters somewhere and
 * has no TTL of its own (a retry pattern's wait queue has one) and that no other queue
 * dead-letters into; else the first no other queue dead-letters into; else the first.
 */
function chooseQueue(x: Export, named: string | undefined): QueueDef | null | { missing: string } {
  if (named !== undefined) return x.queues.find((q) => q.name === named) ?? { missing: named };
  const targets = new Set<string>();
  const main = new Set<QueueDef>();
  for (const q of x.queues) {
    const { policy } = x.policyFor(q);
    const quorum = x.type(q) === 'quorum';
    const dl = deadLetters(x, q, policy, quorum);
    for (const t of dl.targets) if (t !== q.name) targets.add(`${q.vhost}\u0000${t}`);
    if (dl.dlx && !setting(q, policy, 'x-message-ttl', 'message-ttl', 'min', quorum)) main.add(q);
  }
  const free = (q: QueueDef) => !targets.has(`${q.vhost}\u0000${q.name}`);
  return x.queues.find((q) => main.has(q) && free(q)) ?? x.queues.find((q) => main.has(q)) ?? x.queues.find(free) ?? x.queues[0] ?? null;
}

export function importRabbit(json: unknown, queueName?: string, lang: Lang = 'en'): ImportResult {
  if (!isObj(json)) return { ok: false, format: 'rabbitmq', error: { id: 'error.wrongFormat', vars: { format: 'a RabbitMQ definitions export', detail: { id: 'detail.notObject' } } } };
  const x = new Export(json);
  if (x.queues.length === 0) return { ok: false, format: 'rabbitmq', error: { id: 'error.noQueues' } };
  const chosen = chooseQueue(x, queueName);
  if (!chosen) return { ok: false, format: 'rabbitmq', error: { id: 'error.noQueues' } };
  if ('missing' in chosen) return { ok: false, format: 'rabbitmq', error: { id: 'error.noQueueNamed', vars: { queue: chosen.missing, names: x.queues.slice(0, 12).map((q) => q.name).join(', ') } } };
  const q = chosen;
  const base = blankQueue();
  const pool = base.consumers[0];
  const d = new Draft(base, {
    id: 'imported',
    title: say({ id: 'title.rabbit', vars: { queue: q.name } }, lang).slice(0, 200),
    description: say({ id: 'desc.rabbit' }, lang),
  });
  d.own(['queue'], { type: 'rabbitmq' });
  const n = safeName(q.name, 'orders');
  d.set('name', q.name, ['queue', 'name'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : undefined);

  // Sections of the export other than queues and policies.
  for (const k of Object.keys(json)) {
    if (k === 'queues' || k === 'policies') continue;
    const v = json[k];
    const shownValue = Array.isArray(v) ? say({ id: 'value.entries', vars: { n: v.length } }, lang) : str(v);
    d.skip(k, shownValue, { id: Object.hasOwn(SECTIONS, k) ? SECTIONS[k] : 'nm.unknownSection' });
  }

  const quorum = x.type(q) === 'quorum';
  const { policy, others, bad } = x.policyFor(q);
  for (const p of bad) d.skip(`policy ${p.name}`, p.pattern, { id: 'nm.badPattern', vars: { policy: p.name } });
  for (const o of others) d.skip(`policy ${o.policy.name}`, JSON.stringify(o.policy.definition), o.why);

  // The queue's own entry.
  for (const [k, v] of Object.entries(q.entry)) {
    if (k === 'name' || k === 'arguments') continue;
    if (k === 'type' && !Object.hasOwn(q.args, 'x-queue-type')) d.set('type', str(v), ['queue', 'x-queue-type'], str(v), { id: 'note.queueType' });
    else if (k === 'vhost') d.skip(k, str(v), { id: 'nm.vhosts' });
    else if (k === 'durable' || k === 'auto_delete' || k === 'exclusive') d.skip(k, str(v), { id: 'nm.durability' });
    else d.skip(k, str(v), { id: 'nm.queueField' });
  }
  const used = new Set<string>();
  const apply = (s: Setting | null, field: string, value: (v: unknown) => unknown = numeric as (v: unknown) => unknown) => {
    if (!s) return;
    d.set(s.key, str(s.value), ['queue', field], value(s.value), s.note);
    if (s.loser) d.skip(s.loser.key, str(s.loser.value), { id: 'nm.policyLower', vars: { policy: policy?.name ?? '', winner: s.key } });
  };
  if (Object.hasOwn(q.args, 'x-queue-type')) {
    d.set('x-queue-type', str(q.args['x-queue-type']), ['queue', 'x-queue-type'], str(q.args['x-queue-type']));
    used.add('x-queue-type');
  }
  if (Object.hasOwn(q.args, 'x-max-priority')) {
    d.set('x-max-priority', str(q.args['x-max-priority']), ['queue', 'x-max-priority'], numeric(str(q.args['x-max-priority'])));
    used.add('x-max-priority');
  }
  for (const [arg, pol, field, how] of APPLIED) {
    apply(setting(q, policy, arg, pol, how, quorum), field, (v) => (typeof v === 'number' ? v : numeric(str(v))));
    used.add(arg);
    used.add(`policy:${pol}`);
  }

  // Where dead letters go.
  const dl = deadLetters(x, q, policy, quorum);
  used.add('x-dead-letter-exchange').add('x-dead-letter-routing-key').add('policy:dead-letter-exchange').add('policy:dead-letter-routing-key');
  const handled = new Set<string>([q.name]);
  if (dl.dlx) {
    const retry = dl.targets.map((t) => x.queue(q.vhost, t)!).find((t) => {
      if (!t) return false;
      const tp = x.policyFor(t).policy;
      const ttl = setting(t, tp, 'x-message-ttl', 'message-ttl', 'min', x.type(t) === 'quorum');
      if (!ttl) return false;
      const back = deadLetters(x, t, tp, x.type(t) === 'quorum');
      // Back to the queue: by its own key, or keeping the key the message had (the queue's name, or the first hop's key).
      const key = back.rk ? str(back.rk.value) : dl.rk ? str(dl.rk.value) : q.name;
      return !!back.dlx && x.route(q.vhost, str(back.dlx.value), key).includes(q.name);
    });
    if (retry) {
      const tp = x.policyFor(retry).policy;
      const ttl = setting(retry, tp, 'x-message-ttl', 'message-ttl', 'min', x.type(retry) === 'quorum')!;
      const maxAttempts = 3;
      d.set(dl.dlx.key, str(dl.dlx.value), ['queue', 'retry'], { 'x-message-ttl': numeric(str(ttl.value)), maxAttempts }, { id: 'note.retry', vars: { retry: retry.name, ttl: str(ttl.value), queue: q.name } });
      d.assumed.push({ id: 'assumed.retryAttempts', vars: { n: maxAttempts, queue: n.name } });
      d.skip(`queue ${retry.name}`, JSON.stringify(retry.args), { id: 'nm.retryQueue', vars: { queue: q.name, ttl: str(ttl.value) } });
      handled.add(retry.name);
    } else if (dl.targets.length > 0) {
      d.set(dl.dlx.key, str(dl.dlx.value), ['queue', 'x-dead-letter-exchange'], true, { id: 'note.dlx', vars: { queue: n.name } });
      for (const t of dl.targets) {
        d.skip(`queue ${t}`, JSON.stringify(x.queue(q.vhost, t)?.args ?? {}), { id: 'nm.dlqQueue', vars: { queue: q.name } });
        handled.add(t);
      }
    } else d.set(dl.dlx.key, str(dl.dlx.value), ['queue', 'x-dead-letter-exchange'], false, { id: 'note.dlxNowhere' });
    if (dl.dlx.loser) d.skip(dl.dlx.loser.key, str(dl.dlx.loser.value), { id: 'nm.policyLower', vars: { policy: policy?.name ?? '', winner: dl.dlx.key } });
    if (dl.rk) d.set(dl.rk.key, str(dl.rk.value), ['queue', retry ? 'retry' : 'x-dead-letter-exchange'], d.get(['queue', retry ? 'retry' : 'x-dead-letter-exchange']), dl.rk.note);
  } else if (dl.rk) d.skip(dl.rk.key, str(dl.rk.value), { id: 'nm.dlqTarget', vars: { dlq: `${n.name}.dlq` } });

  // Every other argument of the queue and key of its policy.
  for (const [k, v] of Object.entries(q.args)) {
    if (used.has(k)) continue;
    const entry = lookup(NOT_MODELLED, k);
    d.notModelled(k, str(v), { id: entry?.why ?? (/^x-ha-/.test(k) ? 'nm.mirroring' : 'nm.unknownArgument') }, entry?.check);
  }
  if (policy) {
    for (const [k, v] of Object.entries(policy.definition)) {
      if (used.has(`policy:${k}`)) continue;
      const entry = lookup(POLICY_NOT_MODELLED, k);
      d.notModelled(`policy ${policy.name}: ${k}`, str(v), { id: entry?.why ?? (/^ha-/.test(k) ? 'nm.mirroring' : 'nm.policyKey') }, entry?.check);
    }
  }
  for (const other of x.queues) {
    if (other === q || (other.vhost === q.vhost && handled.has(other.name))) continue;
    d.skip(`queue ${other.name}`, other.vhost, { id: 'nm.otherQueue', vars: { queue: q.name } });
  }

  d.assumed.push(
    { id: 'assumed.prefetch' },
    { id: 'assumed.load', vars: { rate: base.producers[0].rate } },
    { id: 'assumed.pool', vars: { count: pool.count } },
    { id: 'assumed.processing', vars: { ms: 'mean' in pool.processing.time ? pool.processing.time.mean * 1000 : 0 } },
    { id: 'assumed.run', vars: { duration: base.duration, warmup: base.warmup } },
  );
  const scenario = d.finish();
  if (!scenario) return { ok: false, format: 'rabbitmq', error: { id: 'error.invalid', vars: { detail: d.rejected.at(-1)?.message ?? '' } } };
  return { ok: true, format: 'rabbitmq', model: 'queue', scenario, applied: d.applied, skipped: d.skipped, rejected: d.rejected, assumed: d.assumed };
}
