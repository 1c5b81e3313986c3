/**
 * `kafka-topics.sh --describe` and `kafka-consumer-groups.sh --describe` output (either, or both
 * pasted together) onto a scenario. With consumer groups, the log model: the topic's name,
 * partitions and time-based retention, and each group reading it with its members and assignor.
 * A topic alone goes to the cluster model: partitions, replication factor, min.insync.replicas,
 * unclean leader election and the brokers its replicas live on. Offsets and lag are a moment of a
 * running system; a run starts empty, so they are listed (with the total lag), not applied.
 */
import { Draft, numeric, boolean, safeName, type ImportResult } from './draft.ts';
import type { MsgId } from './messages.ts';
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
const COMPACTION = new Set(['min.compaction.lag.ms', 'max.compaction.lag.ms', 'delete.retention.ms', 'min.cleanable.dirty.ratio']);
const SIZES = new Set(['segment.bytes', 'retention.bytes', 'local.retention.bytes', 'local.retention.ms']);

function configReason(key: string, value: string, model: 'kafka' | 'cluster'): MsgId {
  if (key === 'cleanup.policy') return value.includes('compact') ? 'nm.compaction' : 'nm.topicConfig';
  if (COMPACTION.has(key)) return 'nm.compaction';
  if (SIZES.has(key)) return 'nm.sizeRetention';
  if (model === 'kafka' && Object.hasOwn(CLUSTER_CONFIGS, key)) return 'nm.replicationLog';
  if (model === 'cluster' && LOG_CONFIGS.has(key)) return 'nm.retentionCluster';
  return 'nm.topicConfig';
}

/** Partitions as a range or count: "0–5", "0, 3, 7". */
function partitionList(ns: number[]): string {
  const s = [...new Set(ns)].sort((a, b) => a - b);
  if (s.length === 0) return '';
  if (s.length > 2 && s[s.length - 1] - s[0] === s.length - 1) return `partitions ${s[0]}–${s[s.length - 1]}`;
  return `partition${s.length > 1 ? 's' : ''} ${s.slice(0, 8).join(', ')}${s.length > 8 ? `, … (${s.length})` : ''}`;
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

export function importDescribe(text: string, model?: 'kafka' | 'cluster'): ImportResult {
  const parsed = parseDescribe(text);
  const groups = groupNames(parsed);
  if (parsed.topics.length === 0 && groups.length === 0) return { ok: false, format: 'kafka-describe', error: { id: 'error.noDescribe' } };
  const target = model ?? (groups.length > 0 ? 'kafka' : 'cluster');
  const topicName = chooseTopic(parsed);
  const topic = parsed.topics.find((t) => t.name === topicName) ?? null;
  const { base, assumed } = kafkaBase(target);
  const d = new Draft(base, {
    id: 'imported',
    title: `Imported ${topicName ? `topic ${topicName}` : 'consumer groups'}${groups.length === 1 ? `, group ${groups[0]}` : groups.length > 1 ? `, ${groups.length} groups` : ''}`.slice(0, 200),
    description: `Imported from ${[parsed.topics.length > 0 ? 'kafka-topics.sh --describe' : '', groups.length > 0 ? 'kafka-consumer-groups.sh --describe' : ''].filter(Boolean).join(' and ')}: the described settings on QueueLab’s blank start, whose load and processing time are assumptions to change in Settings. A run starts with empty logs: the lag of the moment described is not carried over.`,
  });
  // What the input does not say.
  const known = new Set<string>();

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
    known.add('topic');
    applyTopic(d, topic, target);
  } else if (topicName && target === 'kafka') {
    // Only the groups' rows: the partitions they have offsets for.
    const fromOffsets = parsed.offsets.filter((r) => r.topic === topicName && r.partition !== null).map((r) => r.partition!);
    const ps = [...fromOffsets, ...(assigned(parsed).get(topicName) ?? [])];
    if (ps.length > 0) {
      const max = Math.max(...ps);
      d.set(fromOffsets.length > 0 ? 'PARTITION' : 'ASSIGNMENT', partitionList(ps), ['topic', 'partitions'], max + 1, { id: 'note.partitionsFromGroups', vars: { max: max + 1 } });
      known.add('topic');
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
      known.add('members');
      const first = JSON.parse(JSON.stringify(d.get(['groups', 0]))) as Record<string, unknown>;
      d.own(['groups'], kept.map(() => JSON.parse(JSON.stringify(first))));
      kept.forEach((g, i) => applyGroup(d, parsed, g, i, topicName));
    }
  }

  if (target === 'cluster' && topic?.partitions.length) known.add('brokers');
  for (const a of assumed) {
    if (a.id === 'assumed.topic' && known.has('topic')) continue;
    if (a.id === 'assumed.members' && known.has('members')) continue;
    if (a.id === 'assumed.cluster' && known.has('brokers')) continue;
    d.assumed.push(a);
  }
  if (parsed.unread > 0) d.skip('(lines)', `${parsed.unread}`, { id: 'nm.unreadLines' });
  const scenario = d.finish();
  if (!scenario) return { ok: false, format: 'kafka-describe', error: { id: 'error.invalid', vars: { detail: d.rejected.at(-1)?.message ?? '' } } };
  return { ok: true, format: 'kafka-describe', model: target, scenario, applied: d.applied, skipped: d.skipped, rejected: d.rejected, assumed: d.assumed };
}

function applyTopic(d: Draft, t: TopicInfo, target: 'kafka' | 'cluster'): void {
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
    else d.skip(k, v, { id: configReason(k, v, target) });
  }
  if (t.partitions.length === 0) {
    // No partition lines: enough brokers for the replication factor.
    const brokers = d.get(['cluster', 'brokers']);
    if (target === 'cluster' && t.replicationFactor !== null && typeof brokers === 'number' && t.replicationFactor > brokers) d.set('ReplicationFactor', String(t.replicationFactor), ['cluster', 'brokers'], t.replicationFactor);
    return;
  }
  const ps = t.partitions.map((p) => p.partition);
  const where = partitionList(ps);
  if (target === 'cluster') {
    const brokerIds = [...new Set(t.partitions.flatMap((p) => p.replicas))].sort((a, b) => a - b);
    if (brokerIds.length > 0) d.set('Replicas', where, ['cluster', 'brokers'], brokerIds.length, { id: 'note.brokers', vars: { n: brokerIds.length, ids: brokerIds.slice(0, 12).join(',') + (brokerIds.length > 12 ? ',…' : '') } });
  } else d.skip('Replicas', where, { id: 'nm.replicationLog' });
  const why: MsgId = target === 'cluster' ? 'nm.replicaState' : 'nm.replicationLog';
  d.skip('Leader', where, { id: why });
  const under = t.partitions.filter((p) => p.isr.length < p.replicas.length).length;
  d.skip('Isr', under > 0 ? `${where}; ${under} under-replicated` : where, { id: why });
  const other = new Set(t.partitions.flatMap((p) => Object.keys(p.other)));
  for (const k of other) d.skip(k, where, { id: why });
}

function applyGroup(d: Draft, p: Described, g: string, i: number, topic: string | null): void {
  const at = ['groups', i];
  const n = safeName(g, `group-${i + 1}`);
  d.set('GROUP', g, [...at, 'group.id'], n.name, n.changed ? { id: 'note.renamed', vars: { name: n.name } } : undefined);
  const offsets = p.offsets.filter((r) => r.group === g && (r.topic === topic || r.topic === '-'));
  const members = p.members.filter((r) => r.group === g);
  const state = p.states.find((r) => r.group === g);
  const ids = [...new Set(offsets.map((r) => r.consumerId).filter((c) => c !== '-' && c !== ''))];
  // Members: --members lists every one; --state counts them; the offsets table only those with partitions.
  if (members.length > 0) d.set('CONSUMER-ID', `${g}: ${members.length} rows`, [...at, 'members'], members.length, { id: 'note.members', vars: { n: members.length } });
  else if (state && state.members !== null) d.set('#MEMBERS', String(state.members), [...at, 'members'], state.members);
  else if (p.empty.includes(g) && ids.length === 0) d.set(`Consumer group '${g}' has no active members.`, '0', [...at, 'members'], 0);
  else if (ids.length > 0) d.set('CONSUMER-ID', `${g}: ${ids.length} distinct`, [...at, 'members'], ids.length, { id: 'note.membersOffsets', vars: { n: ids.length } });
  else if (offsets.length > 0) d.set('CONSUMER-ID', `${g}: -`, [...at, 'members'], 0);
  if (members.length > 0 && ids.length > 0) d.skip('CONSUMER-ID', `${g}: ${ids.length} in the offsets table`, { id: 'nm.identity' });
  const instances = members.filter((m) => m.instanceId !== '');
  if (instances.length > 0) d.set('GROUP-INSTANCE-ID', `${g}: ${instances.length} of ${members.length}`, [...at, 'static'], true, { id: 'note.staticMembership' });
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
    const where = `${g}: ${partitionList(ps)}`;
    d.skip('PARTITION', where, { id: 'nm.assignmentNow' });
    d.skip('CURRENT-OFFSET', where, { id: 'nm.startsEmpty' });
    d.skip('LOG-END-OFFSET', where, { id: 'nm.startsEmpty' });
    d.skip('LAG', `${g}: ${lag}`, { id: 'nm.startsEmptyLag', vars: { lag } });
    d.skip('HOST', `${g}: ${new Set(offsets.map((r) => r.host)).size} distinct`, { id: 'nm.identity' });
    d.skip('CLIENT-ID', `${g}: ${new Set(offsets.map((r) => r.clientId)).size} distinct`, { id: 'nm.identity' });
  }
  if (members.length > 0) {
    d.skip('HOST', `${g}: ${new Set(members.map((r) => r.host)).size} distinct`, { id: 'nm.identity' });
    d.skip('CLIENT-ID', `${g}: ${new Set(members.map((r) => r.clientId)).size} distinct`, { id: 'nm.identity' });
    d.skip('#PARTITIONS', `${g}: ${members.map((m) => m.partitions ?? '-').join(', ')}`, { id: 'nm.assignmentNow' });
    if (members.some((m) => m.assignment !== '')) d.skip('ASSIGNMENT', g, { id: 'nm.assignmentNow' });
  }
}
