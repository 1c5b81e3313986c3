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
import { say, type Msg, type MsgId } from './messages.ts';
import { escapeValue, parseProperties, type Property } from './properties.ts';
import { BOOLEAN, CLASS, double, GZIP_LEVEL, INT, intAtLeast, intBetween, known, LIST, LONG, longAtLeast, LZ4_LEVEL, lookup, oneOf, PASSWORD, STRING, UNCHECKED, ZSTD_LEVEL, type Check, type Known } from './values.ts';
import type { Lang } from '../app/i18n.ts';

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

/** auto.offset.reset: earliest, latest, none, or (Kafka 4.0+) by_duration: and an ISO-8601 duration that is not negative. */
const AUTO_OFFSET_RESET: Check = (value) => {
  const t = value.trim();
  const duration = /^P(?=\+?\d|T)(\+?\d+D)?(T(?=\+?\d)(\+?\d+H)?(\+?\d+M)?(\+?\d+([.,]\d{0,9})?S)?)?$/i;
  return /^(earliest|latest|none)$/.test(t) || (t.startsWith('by_duration:') && duration.test(t.slice('by_duration:'.length))) ? null : 'must be one of: earliest, latest, none, by_duration:<ISO-8601 duration>';
};

/**
 * Every Kafka client config QueueLab knows — consumer, producer, admin and common (ConsumerConfig,
 * ProducerConfig, CommonClientConfigs, SslConfigs, SaslConfigs) and the Kafka Streams ones a file
 * may hold (StreamsConfig) — with its value's type and validator as Kafka's ConfigDef checks them
 * (a value Kafka refuses at construction is rejected, even for a key QueueLab does not model), and
 * why no model applies it (none for the keys LOG or CLUSTER applies: whyNot says which model has them).
 */
export const CLIENT_CONFIGS: Record<string, Known> = {};
// Applied by the log model (LOG) or the cluster model (CLUSTER); where applied, the scenario's validator checks them.
known(CLIENT_CONFIGS, undefined, {
  'group.id': STRING,
  'group.instance.id': STRING,
  'max.poll.records': intAtLeast(1),
  'max.poll.interval.ms': intAtLeast(1),
  'session.timeout.ms': INT,
  'heartbeat.interval.ms': INT,
  'auto.offset.reset': AUTO_OFFSET_RESET,
  'auto.commit.interval.ms': intAtLeast(0),
  'max.partition.fetch.bytes': intAtLeast(0),
  'fetch.max.bytes': intAtLeast(0),
  'enable.auto.commit': BOOLEAN,
  'partition.assignment.strategy': LIST,
  'batch.size': intAtLeast(0),
  'metadata.max.age.ms': longAtLeast(0),
  acks: oneOf(['all', '-1', '0', '1'], { shown: ['"all"', '"-1"', '"0"', '"1"'] }),
  'enable.idempotence': BOOLEAN,
  retries: intAtLeast(0),
  'retry.backoff.ms': longAtLeast(0),
  'request.timeout.ms': intAtLeast(0),
  'delivery.timeout.ms': intAtLeast(0),
  'max.in.flight.requests.per.connection': intAtLeast(1),
  'linger.ms': longAtLeast(0),
  'compression.type': oneOf(['none', 'gzip', 'snappy', 'lz4', 'zstd']),
  'buffer.memory': longAtLeast(0),
  'max.block.ms': longAtLeast(0),
  'isolation.level': oneOf(['read_uncommitted', 'read_committed']),
  'client.rack': STRING,
  'fetch.max.wait.ms': intAtLeast(0),
});
known(CLIENT_CONFIGS, 'nm.connection', {
  'bootstrap.servers': LIST,
  // "default" until Kafka 3.0.
  'client.dns.lookup': oneOf(['use_all_dns_ips', 'resolve_canonical_bootstrap_servers_only', 'default']),
  'connections.max.idle.ms': LONG,
  'reconnect.backoff.ms': longAtLeast(0),
  'reconnect.backoff.max.ms': longAtLeast(0),
  'socket.connection.setup.timeout.ms': LONG,
  'socket.connection.setup.timeout.max.ms': LONG,
  'receive.buffer.bytes': intAtLeast(-1),
  'send.buffer.bytes': intAtLeast(-1),
  'security.protocol': oneOf(['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'], { anyCase: true }),
  'security.providers': STRING,
  'metadata.recovery.strategy': oneOf(['none', 'rebootstrap'], { anyCase: true }),
  'metadata.recovery.rebootstrap.trigger.ms': longAtLeast(0),
  // SslConfigs
  'ssl.protocol': STRING,
  'ssl.provider': STRING,
  'ssl.cipher.suites': LIST,
  'ssl.enabled.protocols': LIST,
  'ssl.keystore.type': STRING,
  'ssl.keystore.location': STRING,
  'ssl.keystore.password': PASSWORD,
  'ssl.key.password': PASSWORD,
  'ssl.keystore.key': PASSWORD,
  'ssl.keystore.certificate.chain': PASSWORD,
  'ssl.truststore.certificates': PASSWORD,
  'ssl.truststore.type': STRING,
  'ssl.truststore.location': STRING,
  'ssl.truststore.password': PASSWORD,
  'ssl.keymanager.algorithm': STRING,
  'ssl.trustmanager.algorithm': STRING,
  'ssl.endpoint.identification.algorithm': STRING,
  'ssl.secure.random.implementation': STRING,
  'ssl.engine.factory.class': CLASS,
  // SaslConfigs
  'sasl.mechanism': STRING,
  'sasl.jaas.config': PASSWORD,
  'sasl.kerberos.service.name': STRING,
  'sasl.kerberos.kinit.cmd': STRING,
  'sasl.kerberos.ticket.renew.window.factor': double(),
  'sasl.kerberos.ticket.renew.jitter': double(),
  'sasl.kerberos.min.time.before.relogin': LONG,
  'sasl.login.refresh.window.factor': double(0.5, 1),
  'sasl.login.refresh.window.jitter': double(0, 0.25),
  'sasl.login.refresh.min.period.seconds': intBetween(0, 900),
  'sasl.login.refresh.buffer.seconds': intBetween(0, 3600),
  'sasl.client.callback.handler.class': CLASS,
  'sasl.login.callback.handler.class': CLASS,
  'sasl.login.class': CLASS,
  'sasl.login.connect.timeout.ms': INT,
  'sasl.login.read.timeout.ms': INT,
  'sasl.login.retry.backoff.max.ms': LONG,
  'sasl.login.retry.backoff.ms': LONG,
  'sasl.oauthbearer.scope.claim.name': STRING,
  'sasl.oauthbearer.sub.claim.name': STRING,
  'sasl.oauthbearer.token.endpoint.url': STRING,
  'sasl.oauthbearer.jwks.endpoint.url': STRING,
  'sasl.oauthbearer.jwks.endpoint.refresh.ms': LONG,
  'sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms': LONG,
  'sasl.oauthbearer.jwks.endpoint.retry.backoff.ms': LONG,
  'sasl.oauthbearer.clock.skew.seconds': INT,
  'sasl.oauthbearer.expected.audience': LIST,
  'sasl.oauthbearer.expected.issuer': STRING,
  'sasl.oauthbearer.header.urlencode': BOOLEAN,
});
known(CLIENT_CONFIGS, 'nm.serialization', {
  'key.serializer': CLASS,
  'value.serializer': CLASS,
  'key.deserializer': CLASS,
  'value.deserializer': CLASS,
  // Confluent's serialisers' settings, not Kafka's ConfigDef.
  'specific.avro.reader': UNCHECKED,
  'auto.register.schemas': UNCHECKED,
  'use.latest.version': UNCHECKED,
  'key.subject.name.strategy': UNCHECKED,
  'value.subject.name.strategy': UNCHECKED,
});
known(CLIENT_CONFIGS, 'nm.metrics', {
  'metrics.num.samples': intAtLeast(1),
  'metrics.sample.window.ms': longAtLeast(0),
  'metrics.recording.level': oneOf(['INFO', 'DEBUG', 'TRACE']),
  'metric.reporters': LIST,
  'auto.include.jmx.reporter': BOOLEAN,
  'enable.metrics.push': BOOLEAN,
});
known(CLIENT_CONFIGS, 'nm.interceptors', { 'interceptor.classes': LIST });
known(CLIENT_CONFIGS, 'nm.clientId', { 'client.id': STRING });
known(CLIENT_CONFIGS, 'nm.apiTimeouts', { 'default.api.timeout.ms': intAtLeast(0), 'retry.backoff.max.ms': longAtLeast(0) });
known(CLIENT_CONFIGS, 'nm.fetchTiming', { 'fetch.min.bytes': intAtLeast(0) });
known(CLIENT_CONFIGS, 'nm.groupProtocol', { 'group.protocol': oneOf(['classic', 'consumer'], { anyCase: true }), 'group.remote.assignor': STRING });
known(CLIENT_CONFIGS, 'nm.partitioner', {
  'partitioner.class': CLASS,
  'partitioner.ignore.keys': BOOLEAN,
  'partitioner.adaptive.partitioning.enable': BOOLEAN,
  'partitioner.availability.timeout.ms': longAtLeast(0),
});
known(CLIENT_CONFIGS, 'nm.sizeLimit', { 'max.request.size': intAtLeast(0) });
known(CLIENT_CONFIGS, 'nm.transactions', { 'transactional.id': STRING, 'transaction.timeout.ms': INT, 'transaction.two.phase.commit.enable': BOOLEAN });
known(CLIENT_CONFIGS, 'nm.compressionLevel', { 'compression.gzip.level': GZIP_LEVEL, 'compression.lz4.level': LZ4_LEVEL, 'compression.zstd.level': ZSTD_LEVEL });
known(CLIENT_CONFIGS, 'nm.noEffect', { 'check.crcs': BOOLEAN, 'exclude.internal.topics': BOOLEAN, 'allow.auto.create.topics': BOOLEAN, 'client.rack.aware': UNCHECKED });
known(CLIENT_CONFIGS, 'nm.streams', {
  'application.id': STRING,
  // exactly_once and exactly_once_beta until Kafka 4.0.
  'processing.guarantee': oneOf(['at_least_once', 'exactly_once_v2', 'exactly_once', 'exactly_once_beta']),
  'commit.interval.ms': longAtLeast(0),
  'num.stream.threads': INT,
  'state.dir': STRING,
  'default.key.serde': CLASS,
  'default.value.serde': CLASS,
  'cache.max.bytes.buffering': longAtLeast(0),
  'statestore.cache.max.bytes': longAtLeast(0),
  'replication.factor': INT,
  'num.standby.replicas': INT,
  'default.deserialization.exception.handler': CLASS,
  'default.production.exception.handler': CLASS,
});
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
  const why = lookup(CLIENT_CONFIGS, key)?.why;
  if (why) return why;
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
export function importProperties(text: string, model?: 'kafka' | 'cluster', lang: Lang = 'en'): ImportResult {
  const entries = parseProperties(text);
  if (entries.length === 0) return { ok: false, format: 'properties', error: { id: 'error.noKeys' } };
  const target = model ?? modelForProperties(entries);
  const { base, assumed } = kafkaBase(target);
  const group = [...entries].reverse().find((e) => e.key === 'group.id')?.value.trim();
  const d = new Draft(base, {
    id: 'imported',
    title: say(group ? { id: 'title.propertiesGroup', vars: { group: group.slice(0, 64) } } : { id: 'title.properties' }, lang).slice(0, 200),
    description: say({ id: 'desc.properties' }, lang),
  });
  d.assumed.push(...assumed);
  const table = target === 'kafka' ? LOG : CLUSTER;
  const last = new Map<string, number>();
  for (const e of entries) last.set(e.key, e.line);
  for (const e of entries) {
    const later = last.get(e.key)!;
    if (later !== e.line) d.skip(e.key, e.value, { id: 'nm.duplicate', vars: { line: later } });
    else if (Object.hasOwn(table, e.key)) table[e.key](d, e.key, e.value);
    else d.notModelled(e.key, e.value, { id: whyNot(e.key, target) }, lookup(CLIENT_CONFIGS, e.key)?.check);
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
