/**
 * `kafka-topics.sh --describe` and `kafka-consumer-groups.sh --describe` output (either, or both
 * pasted together) onto a scenario. With consumer groups, the log model: the topic's name,
 * partitions and time-based retention, and each group reading it with its members and assignor.
 * A topic alone goes to the cluster model: partitions, replication factor, min.insync.replicas,
 * unclean leader election and the brokers its replicas live on. Offsets and lag are a moment of a
 * running system; a run starts empty, so they are listed (with the total lag), not applied.
 */
import { Draft, numeric, boolean, safeName, type ImportResult } from './draft.ts';
import { say, type Msg, type MsgId } from './messages.ts';
import { BOOLEAN, double, GZIP_LEVEL, intAtLeast, known, LIST, listOf, LONG, longAtLeast, lookup, LZ4_LEVEL, oneOf, STRING, ZSTD_LEVEL, type Known } from './values.ts';
import type { Lang } from '../app/i18n.ts';
import { ASSIGNOR_CLASS, ASSIGNOR_MESSAGE, assignorOf, kafkaBase } from './kafka-client.ts';
import { parseDescribe, type Described, type TopicInfo } from './kafka-describe-parse.ts';

/** Most consumer groups a log-model scenario has (its schema's limit). */
const MAX_GROUPS = 8;

/** Topic configs (as `Configs:` lists them) the log model applies. */
const LOG_CONFIGS = new Set(['retention.ms', 'segment.ms']);
const CLUSTER_CONFIGS: Record<string, (v: string) => unknown> = {
  'min.insync.replicas': numeric,
  'unclean.leader.election.enable': boolean,
};

/**
 * The topic configs QueueLab knows, with their type and validator as the broker's LogConfig checks
 * them (a value the broker refuses is rejected, even for a config QueueLab does not model), and why
 * they are not modelled (none for those a model applies, and cleanup.policy: configReason says).
 */
const TOPIC_CONFIGS: Record<string, Known> = {};
known(TOPIC_CONFIGS, undefined, {
  'retention.ms': longAtLeast(-1),
  'segment.ms': longAtLeast(1),
  'min.insync.replicas': intAtLeast(1),
  'unclean.leader.election.enable': BOOLEAN,
  'cleanup.policy': listOf(['compact', 'delete'], ['"delete"', '"compact"', '"compact,delete"']),
});
known(TOPIC_CONFIGS, 'nm.compaction', {
  'min.compaction.lag.ms': longAtLeast(0),
  'max.compaction.lag.ms': longAtLeast(1),
  'delete.retention.ms': longAtLeast(0),
  'min.cleanable.dirty.ratio': double(0, 1),
});
known(TOPIC_CONFIGS, 'nm.sizeRetention', {
  // At least 14 bytes (a v0 record's overhead) until Kafka 4.0 raised it to 1 MiB.
  'segment.bytes': intAtLeast(14),
  'retention.bytes': LONG,
  'local.retention.bytes': longAtLeast(-2),
  'local.retention.ms': longAtLeast(-2),
});
known(TOPIC_CONFIGS, 'nm.topicConfig', {
  'segment.jitter.ms': longAtLeast(0),
  'segment.index.bytes': intAtLeast(4),
  'flush.messages': longAtLeast(1),
  'flush.ms': longAtLeast(0),
  'max.message.bytes': intAtLeast(0),
  'index.interval.bytes': intAtLeast(0),
  'file.delete.delay.ms': longAtLeast(0),
  'compression.type': oneOf(['uncompressed', 'zstd', 'lz4', 'snappy', 'gzip', 'producer']),
  'compression.gzip.level': GZIP_LEVEL,
  'compression.lz4.level': LZ4_LEVEL,
  'compression.zstd.level': ZSTD_LEVEL,
  preallocate: BOOLEAN,
  'message.format.version': STRING,
  'message.timestamp.type': oneOf(['CreateTime', 'LogAppendTime']),
  'message.timestamp.difference.max.ms': longAtLeast(0),
  'message.timestamp.before.max.ms': longAtLeast(0),
  'message.timestamp.after.max.ms': longAtLeast(0),
  'leader.replication.throttled.replicas': LIST,
  'follower.replication.throttled.replicas': LIST,
  'message.downconversion.enable': BOOLEAN,
  'remote.storage.enable': BOOLEAN,
  'remote.log.copy.disable': BOOLEAN,
  'remote.log.delete.on.disable': BOOLEAN,
});

function configReason(key: string, value: string, model: 'kafka' | 'cluster'): MsgId {
  if (key === 'cleanup.policy') return value.includes('compact') ? 'nm.compaction' : 'nm.topicConfig';
  const why = lookup(TOPIC_CONFIGS, key)?.why;
  if (why) return why;
  if (model === 'kafka' && Object.hasOwn(CLUSTER_CONFIGS, key)) return 'nm.replicationLog';
  if (model === 'cluster' && LOG_CONFIGS.has(key)) return 'nm.retentionCluster';
  return 'nm.topicConfig';
}

/** Partitions as a range or a list, in `lang`: "partitions 0–5", "partitions 0, 3, 7". */
function partitionList(ns: number[], lang: Lang): string {
  const s = [...new Set(ns)].sort((a, b) => a - b);
  if (s.length === 0) return '';
  if (s.length > 2 && s[s.length - 1] - s[0] === s.length - 1) return say({ id: 'value.partitionRange', vars: { from: s[0], to: s[s.length - 1] } }, lang);
  const list = `${s.slice(0, 8).join(', ')}${s.length > 8 ? `, … (${s.length})` : ''}`;
  return say({ id: s.length > 1 ? 'value.partitions' : 'value.partition', vars: { list } }, lang);
}

/** Partitions by topic in the `--members --verbose` ASSIGNMENT column: `orders(0,1,2), audit(3)`. */
function assigned(d: Described): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of d.members) {
    for (const x of m.assignment.matchAll(/([A-Za-z0-9._-]+)\(([\d,]+)\)/g)) {
      const ps = x[2].split(',').filter((p) => p !== '').map(Number);
      out.set(x[1], [...(out.get(x[1]) ?? []), ...ps]);
    }
  }
  return out;
}

/** The groups the input names, in order of appearance. */
function groupNames(d: Described): string[] {
  const names: string[] = [];
  for (const g of [...d.offsets.map((r) => r.group), ...d.members.map((r) => r.group), ...d.states.map((r) => r.group), ...d.empty, ...d.rebalancing]) if (!names.includes(g)) names.push(g);
  return names;
}

/** The topic the scenario models: the one most group rows read (else the first described). */
function chooseTopic(d: Described): string | null {
  const count = new Map<string, number>();
  for (const r of d.offsets) if (r.topic !== '-') count.set(r.topic, (count.get(r.topic) ?? 0) + 1);
  for (const [t, ps] of assigned(d)) count.set(t, (count.get(t) ?? 0) + ps.length);
  let best: string | null = null;
  for (const [t, n] of count) if (best === null || n > count.get(best)!) best = t;
  return best ?? d.topics[0]?.name ?? null;
}

export function importDescribe(text: string, model?: 'kafka' | 'cluster', lang: Lang = 'en'): ImportResult {
  const parsed = parseDescribe(text);
  const groups = groupNames(parsed);
  if (parsed.topics.length === 0 && groups.length === 0) return { ok: false, format: 'kafka-describe', error: { id: 'error.noDescribe' } };
  const target = model ?? (groups.length > 0 ? 'kafka' : 'cluster');
  const topicName = chooseTopic(parsed);
  const topic = parsed.topics.find((t) => t.name === topicName) ?? null;
  const { base, assumed } = kafkaBase(target);
  const ofGroups: Msg | string = groups.length === 1 ? { id: 'title.oneGroup', vars: { group: groups[0] } } : groups.length > 1 ? { id: 'title.nGroups', vars: { n: groups.length } } : '';
  const tools = [parsed.topics.length > 0 ? 'kafka-topics.sh --describe' : '', groups.length > 0 ? 'kafka-consumer-groups.sh --describe' : ''].filter(Boolean);
  const d = new Draft(base, {
    id: 'imported',
    title: say(topicName ? { id: 'title.topic', vars: { topic: topicName, groups: ofGroups } } : { id: 'title.groups', vars: { groups: ofGroups } }, lang).slice(0, 200),
    description: say({ id: 'desc.describe', vars: { sources: tools.length > 1 ? { id: 'join.and', vars: { a: tools[0], b: tools[1] } } : tools[0] } }, lang),
  });
  // What the input says (of what QueueLab would otherwise assume).
  const said = new Set<string>();

  // ── Topics ──
  for (const t of parsed.topics) {
    if (t.name !== topicName) {
      d.skip('Topic', t.name, { id: 'nm.otherTopic', vars: { topic: topicName ?? '' } });
      continue;
    }
  }
  if (topicName) {
    const n = safeName(topicName, 'orders');
    d.set('Topic', topicName, ['topic', 'name'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : undefined);
  }
  if (topic) {
    said.add('topic');
    applyTopic(d, topic, target, lang);
  } else if (topicName && target === 'kafka') {
    // Only the groups' rows: the partitions they have offsets for.
    const fromOffsets = parsed.offsets.filter((r) => r.topic === topicName && r.partition !== null).map((r) => r.partition!);
    const ps = [...fromOffsets, ...(assigned(parsed).get(topicName) ?? [])];
    if (ps.length > 0) {
      const max = Math.max(...ps);
      d.set(fromOffsets.length > 0 ? 'PARTITION' : 'ASSIGNMENT', partitionList(ps, lang), ['topic', 'partitions'], max + 1, { id: 'note.partitionsFromGroups', vars: { max: max + 1 } });
      said.add('topic');
    }
  }

  // ── Groups ──
  if (target === 'cluster') {
    for (const g of groups) d.skip('GROUP', g, { id: 'nm.groupInCluster' });
  } else {
    const reading = groups.filter((g) => {
      const rows = parsed.offsets.filter((r) => r.group === g && r.topic !== '-');
      return rows.length === 0 || rows.some((r) => r.topic === topicName);
    });
    for (const g of groups) if (!reading.includes(g)) d.skip('GROUP', g, { id: 'nm.groupOtherTopic', vars: { topic: topicName ?? '' } });
    for (const g of reading.slice(MAX_GROUPS)) d.skip('GROUP', g, { id: 'nm.tooManyGroups', vars: { max: MAX_GROUPS } });
    const kept = reading.slice(0, MAX_GROUPS);
    if (kept.length > 0) {
      said.add('members');
      const first = JSON.parse(JSON.stringify(d.get(['groups', 0]))) as Record<string, unknown>;
      d.own(['groups'], kept.map(() => JSON.parse(JSON.stringify(first))));
      kept.forEach((g, i) => applyGroup(d, parsed, g, i, topicName, lang));
    }
  }

  if (target === 'cluster' && topic?.partitions.length) said.add('brokers');
  for (const a of assumed) {
    if (a.id === 'assumed.topic' && said.has('topic')) continue;
    if (a.id === 'assumed.members' && said.has('members')) continue;
    if (a.id === 'assumed.cluster' && said.has('brokers')) continue;
    d.assumed.push(a);
  }
  if (parsed.unread > 0) d.skip('(lines)', `${parsed.unread}`, { id: 'nm.unreadLines' });
  const scenario = d.finish();
  if (!scenario) return { ok: false, format: 'kafka-describe', error: { id: 'error.invalid', vars: { detail: d.rejected.at(-1)?.message ?? '' } } };
  return { ok: true, format: 'kafka-describe', model: target, scenario, applied: d.applied, skipped: d.skipped, rejected: d.rejected, assumed: d.assumed };
}

function applyTopic(d: Draft, t: TopicInfo, target: 'kafka' | 'cluster', lang: Lang): void {
  if (t.topicId) d.skip('TopicId', t.topicId, { id: 'nm.topicId' });
  if (t.markedForDeletion) d.skip('MarkedForDeletion', 'true', { id: 'nm.deletion' });
  const count = t.partitionCount ?? (t.partitions.length > 0 ? t.partitions.length : null);
  if (count !== null) d.set('PartitionCount', String(count), ['topic', 'partitions'], count);
  if (t.replicationFactor !== null) {
    if (target === 'kafka') d.skip('ReplicationFactor', String(t.replicationFactor), { id: 'nm.replicationLog' });
    else d.set('ReplicationFactor', String(t.replicationFactor), ['topic', 'replication.factor'], t.replicationFactor);
  }
  for (const [k, v] of t.configs) {
    if (target === 'kafka' && LOG_CONFIGS.has(k)) d.set(k, v, ['topic', k], numeric(v));
    else if (target === 'cluster' && Object.hasOwn(CLUSTER_CONFIGS, k)) d.set(k, v, ['topic', k], CLUSTER_CONFIGS[k](v));
    else d.notModelled(k, v, { id: configReason(k, v, target) }, lookup(TOPIC_CONFIGS, k)?.check);
  }
  if (t.partitions.length === 0) {
    // No partition lines: enough brokers for the replication factor.
    const brokers = d.get(['cluster', 'brokers']);
    if (target === 'cluster' && t.replicationFactor !== null && typeof brokers === 'number' && t.replicationFactor > brokers) d.set('ReplicationFactor', String(t.replicationFactor), ['cluster', 'brokers'], t.replicationFactor);
    return;
  }
  const ps = t.partitions.map((p) => p.partition);
  const where = partitionList(ps, lang);
  if (target === 'cluster') {
    const brokerIds = [...new Set(t.partitions.flatMap((p) => p.replicas))].sort((a, b) => a - b);
    if (brokerIds.length > 0) d.set('Replicas', where, ['cluster', 'brokers'], brokerIds.length, { id: 'note.brokers', vars: { n: brokerIds.length, ids: brokerIds.slice(0, 12).join(',') + (brokerIds.length > 12 ? ',…' : '') } });
  } else d.skip('Replicas', where, { id: 'nm.replicationLog' });
  const why: MsgId = target === 'cluster' ? 'nm.replicaState' : 'nm.replicationLog';
  d.skip('Leader', where, { id: why });
  const under = t.partitions.filter((p) => p.isr.length < p.replicas.length).length;
  d.skip('Isr', under > 0 ? say({ id: 'value.underReplicated', vars: { where, n: under } }, lang) : where, { id: why });
  const other = new Set(t.partitions.flatMap((p) => Object.keys(p.other)));
  for (const k of other) d.skip(k, where, { id: why });
}

function applyGroup(d: Draft, p: Described, g: string, i: number, topic: string | null, lang: Lang): void {
  /** "orders: 3 rows" and the like, in `lang`. */
  const count = (id: MsgId, n: number, total = 0) => say({ id, vars: { group: g, n, total } }, lang);
  const at = ['groups', i];
  const n = safeName(g, `group-${i + 1}`);
  d.set('GROUP', g, [...at, 'group.id'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : undefined);
  const offsets = p.offsets.filter((r) => r.group === g && (r.topic === topic || r.topic === '-'));
  const members = p.members.filter((r) => r.group === g);
  const state = p.states.find((r) => r.group === g);
  const ids = [...new Set(offsets.map((r) => r.consumerId).filter((c) => c !== '-' && c !== ''))];
  // Members: --members lists every one; --state counts them; the offsets table only those with partitions.
  if (members.length > 0) d.set('CONSUMER-ID', count('value.rows', members.length), [...at, 'members'], members.length, { id: 'note.members', vars: { n: members.length } });
  else if (state && state.members !== null) d.set('#MEMBERS', String(state.members), [...at, 'members'], state.members);
  else if (p.empty.includes(g) && ids.length === 0) d.set(`Consumer group '${g}' has no active members.`, '0', [...at, 'members'], 0);
  else if (ids.length > 0) d.set('CONSUMER-ID', count('value.distinct', ids.length), [...at, 'members'], ids.length, { id: 'note.membersOffsets', vars: { n: ids.length } });
  else if (offsets.length > 0) d.set('CONSUMER-ID', `${g}: -`, [...at, 'members'], 0);
  if (members.length > 0 && ids.length > 0) d.skip('CONSUMER-ID', count('value.inOffsets', ids.length), { id: 'nm.identity' });
  const instances = members.filter((m) => m.instanceId !== '');
  if (instances.length > 0) d.set('GROUP-INSTANCE-ID', count('value.of', instances.length, members.length), [...at, 'static'], true, { id: 'note.staticMembership' });
  if (state) {
    if (state.strategy !== '') {
      const a = assignorOf(state.strategy);
      if (Object.hasOwn(ASSIGNOR_CLASS, a.name)) d.set('ASSIGNMENT-STRATEGY', state.strategy, [...at, 'partition.assignment.strategy'], a.name, a.note);
      else d.reject('ASSIGNMENT-STRATEGY', state.strategy, `groups.${i}.partition.assignment.strategy`, ASSIGNOR_MESSAGE);
    }
    d.skip('STATE', `${g}: ${state.state}`, { id: 'nm.groupState' });
    d.skip('COORDINATOR (ID)', state.coordinator, { id: 'nm.coordinator' });
  }
  if (p.rebalancing.includes(g)) d.skip(`Consumer group '${g}' is rebalancing.`, '', { id: 'nm.groupState' });
  if (offsets.length > 0) {
    const ps = offsets.filter((r) => r.partition !== null).map((r) => r.partition!);
    const lag = offsets.reduce((a, r) => a + (r.lag ?? 0), 0);
    const where = `${g}: ${partitionList(ps, lang)}`;
    d.skip('PARTITION', where, { id: 'nm.assignmentNow' });
    d.skip('CURRENT-OFFSET', where, { id: 'nm.startsEmpty' });
    d.skip('LOG-END-OFFSET', where, { id: 'nm.startsEmpty' });
    d.skip('LAG', `${g}: ${lag}`, { id: 'nm.startsEmptyLag', vars: { lag } });
    d.skip('HOST', count('value.distinct', new Set(offsets.map((r) => r.host)).size), { id: 'nm.identity' });
    d.skip('CLIENT-ID', count('value.distinct', new Set(offsets.map((r) => r.clientId)).size), { id: 'nm.identity' });
  }
  if (members.length > 0) {
    d.skip('HOST', count('value.distinct', new Set(members.map((r) => r.host)).size), { id: 'nm.identity' });
    d.skip('CLIENT-ID', count('value.distinct', new Set(members.map((r) => r.clientId)).size), { id: 'nm.identity' });
    d.skip('#PARTITIONS', `${g}: ${members.map((m) => m.partitions ?? '-').join(', ')}`, { id: 'nm.assignmentNow' });
    if (members.some((m) => m.assignment !== '')) d.skip('ASSIGNMENT', g, { id: 'nm.assignmentNow' });
  }
}
