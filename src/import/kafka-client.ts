/**
 * A Kafka client's `.properties` (consumer and producer settings, as the Java client names them)
 * onto a scenario, and back. Consumer-group settings land on the log model's first group, the
 * producer's batch and metadata settings on its first producer; the write path (acks, retries,
 * linger.ms, idempotence, compression, buffer.memory…) and read_committed exist only in the
 * cluster model. Without `--model`, the model that applies more of the file's keys is chosen.
 */
import type { ClusterScenario, KafkaScenario, Scenario } from '../scenario/index.ts';
import { blankKafka } from '../app/panels/kafka/blank.ts';
import { blankCluster } from '../app/panels/cluster/blank.ts';
import { boolean, Draft, numeric, safeName, type ImportResult } from './draft.ts';
import type { Msg, MsgId } from './messages.ts';
import { escapeValue, parseProperties, type Property } from './properties.ts';

type Apply = (d: Draft, key: string, value: string) => void;
type Path = (string | number)[];

const GROUP: Path = ['groups', 0];
const PRODUCER: Path = ['producers', 0];
const READER: Path = ['consumers', 0];

const int = (at: Path): Apply => (d, key, value) => d.set(key, value, [...at, key], numeric(value));
const bool = (at: Path): Apply => (d, key, value) => d.set(key, value, [...at, key], boolean(value));
const text = (at: Path): Apply => (d, key, value) => d.set(key, value, [...at, key], value.trim());

/** Kafka's assignor classes (and the short names librdkafka and the CLI's describe print) → QueueLab's. */
const ASSIGNORS: Record<string, string> = {
  'org.apache.kafka.clients.consumer.RangeAssignor': 'range',
  'org.apache.kafka.clients.consumer.RoundRobinAssignor': 'roundrobin',
  'org.apache.kafka.clients.consumer.StickyAssignor': 'sticky',
  'org.apache.kafka.clients.consumer.CooperativeStickyAssignor': 'cooperative-sticky',
  range: 'range',
  roundrobin: 'roundrobin',
  sticky: 'sticky',
  'cooperative-sticky': 'cooperative-sticky',
};
export const ASSIGNOR_CLASS: Record<string, string> = Object.fromEntries(Object.entries(ASSIGNORS).filter(([k]) => k.includes('.')).map(([k, v]) => [v, k]));

export const ASSIGNOR_MESSAGE =
  'must be one of Kafka’s assignors: org.apache.kafka.clients.consumer.RangeAssignor, RoundRobinAssignor, StickyAssignor or CooperativeStickyAssignor (or range, roundrobin, sticky, cooperative-sticky)';

/** An assignor as the file names it (a class, a short name, or a list of them) → QueueLab's name (or the text, for the validator to refuse). */
export function assignorOf(value: string): { name: string; note?: Msg } {
  const list = value.split(',').map((x) => x.trim()).filter((x) => x !== '');
  const first = list[0] ?? value;
  const name = Object.hasOwn(ASSIGNORS, first) ? ASSIGNORS[first] : first;
  if (list.length > 1) return { name, note: { id: 'note.assignorList' } };
  return { name, ...(name !== first ? { note: { id: 'note.assignor', vars: { from: first.replace(/^.*\./, ''), to: name } } } : {}) };
}

const groupId: Apply = (d, key, value) => {
  const n = safeName(value.trim(), 'app');
  d.set(key, value, [...GROUP, 'group.id'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : undefined);
};

/** The log model: the first group's and the first producer's settings. */
const LOG: Record<string, Apply> = {
  'group.id': groupId,
  'group.instance.id': (d, key, value) => d.set(key, value, [...GROUP, 'static'], value.trim() !== '' ? true : value, { id: 'note.staticMembership' }),
  'max.poll.records': int(GROUP),
  'max.poll.interval.ms': int(GROUP),
  'session.timeout.ms': int(GROUP),
  'heartbeat.interval.ms': int(GROUP),
  'auto.offset.reset': text(GROUP),
  'auto.commit.interval.ms': int(GROUP),
  'max.partition.fetch.bytes': int(GROUP),
  'fetch.max.bytes': int(GROUP),
  'enable.auto.commit': (d, key, value) => {
    const b = boolean(value);
    if (typeof b !== 'boolean') d.reject(key, value, 'groups.0.commit', 'must be true or false');
    else d.set(key, value, [...GROUP, 'commit'], b ? 'auto' : 'after-processing', b ? undefined : { id: 'note.autoCommitOff' });
  },
  'partition.assignment.strategy': (d, key, value) => {
    const a = assignorOf(value);
    if (!Object.hasOwn(ASSIGNOR_CLASS, a.name)) d.reject(key, value, `groups.0.${key}`, ASSIGNOR_MESSAGE);
    else d.set(key, value, [...GROUP, key], a.name, a.note);
  },
  'batch.size': int(PRODUCER),
  // Both clients have it: the file sets both.
  'metadata.max.age.ms': (d, key, value) => {
    d.set(key, value, [...PRODUCER, key], numeric(value));
    d.set(key, value, [...GROUP, key], numeric(value));
  },
};

/** The cluster model: the first producer's write path, the first reader's fetch. */
const CLUSTER: Record<string, Apply> = {
  acks: (d, key, value) => {
    const v = value.trim();
    d.set(key, value, [...PRODUCER, key], v === '-1' ? 'all' : v, v === '-1' ? { id: 'note.acksAll' } : undefined);
  },
  'enable.idempotence': bool(PRODUCER),
  retries: int(PRODUCER),
  'retry.backoff.ms': int(PRODUCER),
  'request.timeout.ms': int(PRODUCER),
  'delivery.timeout.ms': int(PRODUCER),
  'max.in.flight.requests.per.connection': int(PRODUCER),
  'linger.ms': int(PRODUCER),
  'compression.type': text(PRODUCER),
  'batch.size': int(PRODUCER),
  'buffer.memory': int(PRODUCER),
  'max.block.ms': int(PRODUCER),
  'isolation.level': text(READER),
  // Racks are the brokers' broker.rack first (a broker setting no client file holds).
  'client.rack': (d, key, value) => {
    const racks = d.get(['cluster', 'broker.rack']);
    if (Array.isArray(racks) && racks.length > 0) d.set(key, value, [...READER, key], value.trim());
    else d.skip(key, value, { id: 'nm.rackNoBrokers' });
  },
  'fetch.max.wait.ms': int(READER),
  'max.partition.fetch.bytes': int(READER),
  'fetch.max.bytes': int(READER),
};

/** Keys no model applies, by reason (exact names). */
const REASONS: Record<string, MsgId> = {};
const reason = (id: MsgId, keys: string[]) => keys.forEach((k) => (REASONS[k] = id));
reason('nm.connection', [
  'bootstrap.servers',
  'client.dns.lookup',
  'connections.max.idle.ms',
  'reconnect.backoff.ms',
  'reconnect.backoff.max.ms',
  'socket.connection.setup.timeout.ms',
  'socket.connection.setup.timeout.max.ms',
  'receive.buffer.bytes',
  'send.buffer.bytes',
  'security.protocol',
  'security.providers',
  'metadata.recovery.strategy',
  'metadata.recovery.rebootstrap.trigger.ms',
]);
reason('nm.serialization', ['key.serializer', 'value.serializer', 'key.deserializer', 'value.deserializer', 'specific.avro.reader', 'auto.register.schemas', 'use.latest.version', 'key.subject.name.strategy', 'value.subject.name.strategy']);
reason('nm.metrics', ['metrics.num.samples', 'metrics.sample.window.ms', 'metrics.recording.level', 'metric.reporters', 'auto.include.jmx.reporter', 'enable.metrics.push']);
reason('nm.interceptors', ['interceptor.classes']);
reason('nm.clientId', ['client.id']);
reason('nm.apiTimeouts', ['default.api.timeout.ms', 'retry.backoff.max.ms']);
reason('nm.fetchTiming', ['fetch.min.bytes']);
reason('nm.groupProtocol', ['group.protocol', 'group.remote.assignor']);
reason('nm.partitioner', ['partitioner.class', 'partitioner.ignore.keys', 'partitioner.adaptive.partitioning.enable', 'partitioner.availability.timeout.ms']);
reason('nm.sizeLimit', ['max.request.size']);
reason('nm.transactions', ['transactional.id', 'transaction.timeout.ms', 'enable.two.phase.commit']);
reason('nm.compressionLevel', ['compression.gzip.level', 'compression.lz4.level', 'compression.zstd.level']);
reason('nm.noEffect', ['check.crcs', 'exclude.internal.topics', 'allow.auto.create.topics', 'client.rack.aware']);
reason('nm.streams', [
  'application.id',
  'processing.guarantee',
  'commit.interval.ms',
  'num.stream.threads',
  'state.dir',
  'default.key.serde',
  'default.value.serde',
  'cache.max.bytes.buffering',
  'statestore.cache.max.bytes',
  'replication.factor',
  'num.standby.replicas',
  'default.deserialization.exception.handler',
  'default.production.exception.handler',
]);
const PREFIXES: [RegExp, MsgId][] = [
  [/^(sasl|ssl)\./, 'nm.connection'],
  [/^(schema\.registry|basic\.auth)\./, 'nm.serialization'],
  [/^metrics?\./, 'nm.metrics'],
];

/** Why `key` is not applied in `model` (a key the other model applies says so). */
function whyNot(key: string, model: 'kafka' | 'cluster'): MsgId {
  if (model === 'kafka') {
    if (key === 'request.timeout.ms' || key === 'retry.backoff.ms') return 'nm.apiTimeouts';
    if (key === 'isolation.level') return 'nm.isolationLog';
    if (key === 'client.rack') return 'nm.rackLog';
    if (key === 'fetch.max.wait.ms') return 'nm.fetchTiming';
    if (Object.hasOwn(CLUSTER, key)) return 'nm.writePath';
  } else {
    if (key === 'metadata.max.age.ms') return 'nm.metadataCluster';
    if (Object.hasOwn(LOG, key)) return 'nm.groupInCluster';
  }
  if (Object.hasOwn(REASONS, key)) return REASONS[key];
  for (const [re, id] of PREFIXES) if (re.test(key)) return id;
  if (model === 'kafka' && /^compression\./.test(key)) return 'nm.writePath';
  return 'nm.unknownKafka';
}

/** The model that applies more of the file's keys (the log model on a tie). */
export function modelForProperties(entries: Property[]): 'kafka' | 'cluster' {
  const keys = new Set(entries.map((e) => e.key));
  let log = 0;
  let cluster = 0;
  for (const k of keys) {
    if (Object.hasOwn(LOG, k) && !Object.hasOwn(CLUSTER, k)) log++;
    if (Object.hasOwn(CLUSTER, k) && !Object.hasOwn(LOG, k)) cluster++;
  }
  return cluster > log ? 'cluster' : 'kafka';
}

/** The blank start of `model`, as an import's base (its load, consumers and run are assumed). */
export function kafkaBase(model: 'kafka' | 'cluster'): { base: Scenario; assumed: Msg[] } {
  if (model === 'kafka') {
    const b = blankKafka();
    const time = b.groups[0].processing.time;
    return {
      base: b,
      assumed: [
        { id: 'assumed.topic', vars: { name: b.topic.name, partitions: b.topic.partitions } },
        { id: 'assumed.load', vars: { rate: b.producers[0].rate } },
        { id: 'assumed.members', vars: { members: b.groups[0].members } },
        { id: 'assumed.processing', vars: { ms: 'mean' in time ? time.mean * 1000 : 0 } },
        { id: 'assumed.run', vars: { duration: b.duration, warmup: b.warmup } },
      ],
    };
  }
  const b = blankCluster();
  return {
    base: b,
    assumed: [
      { id: 'assumed.topic', vars: { name: b.topic.name, partitions: b.topic.partitions } },
      { id: 'assumed.load', vars: { rate: b.producers[0].rate } },
      { id: 'assumed.cluster', vars: { brokers: b.cluster.brokers } },
      { id: 'assumed.run', vars: { duration: b.duration, warmup: b.warmup } },
    ],
  };
}

/** A .properties file onto the log model (`kafka`) or the cluster model. */
export function importProperties(text: string, model?: 'kafka' | 'cluster'): ImportResult {
  const entries = parseProperties(text);
  if (entries.length === 0) return { ok: false, format: 'properties', error: { id: 'error.noKeys' } };
  const target = model ?? modelForProperties(entries);
  const { base, assumed } = kafkaBase(target);
  const group = [...entries].reverse().find((e) => e.key === 'group.id')?.value.trim();
  const d = new Draft(base, {
    id: 'imported',
    title: `Imported client settings${group ? ` (${group.slice(0, 64)})` : ''}`,
    description:
      'Imported from a Kafka client .properties file: the file’s settings on QueueLab’s blank start, whose load, partitions and processing time are assumptions to change in Settings.',
  });
  d.assumed.push(...assumed);
  const table = target === 'kafka' ? LOG : CLUSTER;
  const last = new Map<string, number>();
  for (const e of entries) last.set(e.key, e.line);
  for (const e of entries) {
    const later = last.get(e.key)!;
    if (later !== e.line) d.skip(e.key, e.value, { id: 'nm.duplicate', vars: { line: later } });
    else if (Object.hasOwn(table, e.key)) table[e.key](d, e.key, e.value);
    else d.skip(e.key, e.value, { id: whyNot(e.key, target) });
  }
  const scenario = d.finish();
  if (!scenario) return { ok: false, format: 'properties', error: { id: 'error.invalid', vars: { detail: d.rejected.at(-1)?.message ?? '' } } };
  return { ok: true, format: 'properties', model: target, scenario, applied: d.applied, skipped: d.skipped, rejected: d.rejected, assumed: d.assumed };
}

/** One line of a .properties file. */
const line = (key: string, value: string | number | boolean): string => `${key}=${escapeValue(String(value))}`;

/**
 * The scenario's client settings as a .properties snippet, with Kafka's names: the log model's
 * first group (consumer) and first producer; the cluster model's first producer and reader.
 * Every setting importProperties applies is written, so that the snippet imports back to the same
 * values. Null for a model without Kafka clients.
 */
export function exportProperties(s: Scenario): string | null {
  if (s.model === 'kafka') return exportLog(s);
  if (s.model === 'cluster') return exportCluster(s);
  return null;
}

function header(s: Scenario, what: string): string[] {
  return [`# ${what} of QueueLab scenario "${s.id}"${s.title ? ` (${s.title.replace(/[\r\n]+/g, ' ')})` : ''}`, '# Kafka client config names; import it back with: npm run sim -- import <this file>'];
}

function exportLog(s: KafkaScenario): string {
  const out = header(s, 'Client settings');
  const g = s.groups[0];
  const p = s.producers[0];
  if (g) {
    out.push('', `# consumer (group ${g['group.id']}${s.groups.length > 1 ? `; ${s.groups.length - 1} more group(s) not written: one client per file` : ''})`);
    out.push(line('group.id', g['group.id']));
    if (g.static) out.push('# static membership: each member sets its own group.instance.id', line('group.instance.id', `${g['group.id']}-1`));
    out.push(line('partition.assignment.strategy', ASSIGNOR_CLASS[g['partition.assignment.strategy']]));
    out.push(line('enable.auto.commit', g.commit === 'auto'));
    if (g.commit === 'before-processing') out.push('# QueueLab: the application commits before processing (commitSync); importing enable.auto.commit=false assumes after');
    for (const k of ['auto.commit.interval.ms', 'auto.offset.reset', 'max.poll.records', 'max.poll.interval.ms', 'session.timeout.ms', 'heartbeat.interval.ms', 'max.partition.fetch.bytes', 'fetch.max.bytes'] as const) out.push(line(k, g[k]));
    if (g['metadata.max.age.ms'] === p['metadata.max.age.ms']) out.push(line('metadata.max.age.ms', g['metadata.max.age.ms']));
    else out.push(`# metadata.max.age.ms differs: consumer ${g['metadata.max.age.ms']}, producer ${p['metadata.max.age.ms']} (one key in one file)`, line('metadata.max.age.ms', g['metadata.max.age.ms']));
  }
  out.push('', `# producer (${p.name}${s.producers.length > 1 ? `; ${s.producers.length - 1} more not written` : ''})`, line('batch.size', p['batch.size']));
  if (!g) out.push(line('metadata.max.age.ms', p['metadata.max.age.ms']));
  return `${out.join('\n')}\n`;
}

function exportCluster(s: ClusterScenario): string {
  const out = header(s, 'Client settings');
  const p = s.producers[0];
  out.push('', `# producer (${p.name}${s.producers.length > 1 ? `; ${s.producers.length - 1} more not written` : ''})`);
  out.push(line('acks', p.acks));
  if (p['enable.idempotence'] !== null) out.push(line('enable.idempotence', p['enable.idempotence']));
  else out.push('# enable.idempotence not set: on unless acks is not all or retries is 0 (Kafka 3.2+)');
  for (const k of ['retries', 'retry.backoff.ms', 'request.timeout.ms', 'delivery.timeout.ms', 'max.in.flight.requests.per.connection', 'linger.ms', 'compression.type', 'batch.size', 'buffer.memory', 'max.block.ms'] as const) out.push(line(k, p[k]));
  const c = s.consumers[0];
  if (c) {
    out.push('', `# consumer (${c.name}${s.consumers.length > 1 ? `; ${s.consumers.length - 1} more not written` : ''})`);
    out.push(line('isolation.level', c['isolation.level']), line('fetch.max.wait.ms', c['fetch.max.wait.ms']), line('max.partition.fetch.bytes', c['max.partition.fetch.bytes']), line('fetch.max.bytes', c['fetch.max.bytes']));
    if (c['client.rack'] !== null) out.push(`# the brokers' broker.rack (a broker setting): ${s.cluster['broker.rack'].join(', ')}`, line('client.rack', c['client.rack']));
  }
  return `${out.join('\n')}\n`;
}
