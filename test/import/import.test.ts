/**
 * Importing people's own configuration (src/import): each real-format fixture in
 * test/fixtures/import imports to the expected scenario and lists what it skipped; every key of
 * the input ends in exactly one list; out-of-range values are rejected naming the key and the
 * allowed range, never a crash; and a scenario's exported .properties imports back to the same
 * values for every key it writes.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { exportProperties, importConfig, say, type ImportResult } from '../../src/import/index.ts';
import { IMPORT_MESSAGES } from '../../src/import/messages.ts';
import { parseProperties } from '../../src/import/properties.ts';
import { parseDescribe } from '../../src/import/kafka-describe-parse.ts';
import { validateScenario, type ClusterScenario, type KafkaScenario, type QueueScenario, type Scenario } from '../../src/scenario/index.ts';
import { SHIPPED } from '../../src/app/scenarios.ts';

const DIR = 'test/fixtures/import';
const fixture = (name: string) => readFileSync(`${DIR}/${name}`, 'utf8');
type Ok = ImportResult & { ok: true };

function ok(r: ImportResult): Ok {
  if (!r.ok) throw new Error(`import failed: ${say(r.error)}`);
  return r;
}
const keys = (items: { key: string }[]) => items.map((x) => x.key);
const skippedWhy = (r: Ok) => Object.fromEntries(r.skipped.map((s) => [s.key, s.reason.id]));

describe('Kafka client .properties', () => {
  it('a consumer file imports to the log model: group settings applied, connection and serialisation listed', () => {
    const r = ok(importConfig(fixture('consumer.properties')));
    expect(r.format).toBe('properties');
    expect(r.model).toBe('kafka');
    const s = r.scenario as KafkaScenario;
    const g = s.groups[0];
    expect(g['group.id']).toBe('orders-service');
    expect(g.commit).toBe('after-processing');
    expect(g['auto.offset.reset']).toBe('earliest');
    expect(g['max.poll.records']).toBe(200);
    expect(g['max.poll.interval.ms']).toBe(600_000);
    expect(g['session.timeout.ms']).toBe(45_000);
    expect(g['heartbeat.interval.ms']).toBe(3_000);
    expect(g['partition.assignment.strategy']).toBe('cooperative-sticky');
    expect(g['max.partition.fetch.bytes']).toBe(1_048_576);
    expect(keys(r.applied)).toEqual(['group.id', 'enable.auto.commit', 'auto.offset.reset', 'max.poll.records', 'max.poll.interval.ms', 'session.timeout.ms', 'heartbeat.interval.ms', 'partition.assignment.strategy', 'max.partition.fetch.bytes']);
    expect(skippedWhy(r)).toEqual({
      'bootstrap.servers': 'nm.connection',
      'security.protocol': 'nm.connection',
      'sasl.mechanism': 'nm.connection',
      'sasl.jaas.config': 'nm.connection',
      'ssl.truststore.location': 'nm.connection',
      'ssl.truststore.password': 'nm.connection',
      'client.id': 'nm.clientId',
      'key.deserializer': 'nm.serialization',
      'value.deserializer': 'nm.serialization',
      'schema.registry.url': 'nm.serialization',
      'specific.avro.reader': 'nm.serialization',
      'fetch.min.bytes': 'nm.fetchTiming',
      'fetch.max.wait.ms': 'nm.fetchTiming',
      'isolation.level': 'nm.isolationLog',
    });
    expect(r.rejected).toEqual([]);
    // What the file does not say is QueueLab's blank start, and the report says so.
    expect(s.topic.partitions).toBe(6);
    expect(r.assumed.map((m) => m.id)).toEqual(['assumed.topic', 'assumed.load', 'assumed.members', 'assumed.processing', 'assumed.run']);
  });

  it('secrets are never shown or carried: the JAAS config and passwords read "(hidden)"', () => {
    const r = ok(importConfig(fixture('consumer.properties')));
    expect(r.skipped.find((s) => s.key === 'sasl.jaas.config')!.value).toBe('(hidden)');
    expect(r.skipped.find((s) => s.key === 'ssl.truststore.password')!.value).toBe('(hidden)');
    expect(JSON.stringify(r)).not.toContain('change-me');
  });

  it('a producer file imports to the cluster model (the write path lives there)', () => {
    const r = ok(importConfig(fixture('producer.properties')));
    expect(r.model).toBe('cluster');
    const p = (r.scenario as ClusterScenario).producers[0];
    expect([p.acks, p['enable.idempotence'], p.retries, p['max.in.flight.requests.per.connection'], p['linger.ms'], p['batch.size'], p['compression.type'], p['buffer.memory'], p['max.block.ms']]).toEqual(['all', true, 2147483647, 5, 20, 65536, 'zstd', 67108864, 10000]);
    expect(p['delivery.timeout.ms']).toBe(120_000);
    expect(r.applied).toHaveLength(12);
    expect(skippedWhy(r)).toEqual({
      'bootstrap.servers': 'nm.connection',
      'security.protocol': 'nm.connection',
      'client.id': 'nm.clientId',
      'key.serializer': 'nm.serialization',
      'value.serializer': 'nm.serialization',
      'partitioner.ignore.keys': 'nm.partitioner',
    });
  });

  it('--model kafka takes a producer file to the log model: the write path is listed as the cluster model’s', () => {
    const r = ok(importConfig(fixture('producer.properties'), { model: 'kafka' }));
    expect(r.model).toBe('kafka');
    expect(keys(r.applied)).toEqual(['batch.size']);
    expect((r.scenario as KafkaScenario).producers[0]['batch.size']).toBe(65536);
    for (const k of ['acks', 'enable.idempotence', 'linger.ms', 'compression.type', 'buffer.memory']) expect(skippedWhy(r)[k], k).toBe('nm.writePath');
    expect(say(r.skipped.find((s) => s.key === 'acks')!.reason)).toContain('--model cluster');
  });

  it('out-of-range values are rejected naming the key and the allowed range; the rest still imports', () => {
    const r = ok(importConfig(fixture('bad-consumer.properties')));
    const rejected = Object.fromEntries(r.rejected.map((x) => [x.key, x.message]));
    expect(rejected).toEqual({
      'session.timeout.ms': 'must be an integer in [6000, 1800000] ms',
      'max.poll.records': 'must be an integer in [1, 100000]',
      'auto.offset.reset': 'must be one of: earliest, latest, none',
      'partition.assignment.strategy': expect.stringContaining('CooperativeStickyAssignor'),
      'enable.auto.commit': 'must be true or false',
    });
    expect(r.rejected.find((x) => x.key === 'session.timeout.ms')!.field).toBe('groups.0.session.timeout.ms');
    const g = (r.scenario as KafkaScenario).groups[0];
    // Rejected keys keep QueueLab's (Kafka's default) values; the others apply.
    expect([g['session.timeout.ms'], g['max.poll.records'], g['auto.offset.reset'], g['group.id'], g['heartbeat.interval.ms']]).toEqual([45_000, 500, 'latest', 'billing', 1000]);
    expect(validateScenario(r.scenario).ok).toBe(true);
  });

  it('a check across fields rejects the key it names (Kafka refuses the same combinations)', () => {
    const idem = ok(importConfig('acks=1\nenable.idempotence=true\n'));
    expect(idem.rejected.map((x) => x.key)).toEqual(['acks']);
    expect(idem.rejected[0].message).toContain('must be "all" with enable.idempotence=true');
    const beat = ok(importConfig('group.id=g\nsession.timeout.ms=10000\nheartbeat.interval.ms=20000\n'));
    expect(beat.rejected.map((x) => [x.key, x.message])).toEqual([['heartbeat.interval.ms', 'must be lower than session.timeout.ms (10000 ms)']]);
  });

  it('reads .properties as Java does: continuations, escapes, ":" and blank separators, "!" comments; the last of a key wins', () => {
    const p = parseProperties('! comment\n  # another\nkey.one = a\\\n     b\nkey.two:c\nkey.three d\\te\nkey\\=x=y\nuni=\\u00e9\nkey.one=again\ntrail=ends with \\\\\n');
    expect(p.map((e) => [e.key, e.value, e.line])).toEqual([
      ['key.one', 'ab', 3],
      ['key.two', 'c', 5],
      ['key.three', 'd\te', 6],
      ['key=x', 'y', 7],
      ['uni', 'é', 8],
      ['key.one', 'again', 9],
      ['trail', 'ends with \\', 10],
    ]);
    const r = ok(importConfig('max.poll.records=100\ngroup.id=g\nmax.poll.records=300\n'));
    expect((r.scenario as KafkaScenario).groups[0]['max.poll.records']).toBe(300);
    expect(r.skipped).toEqual([{ key: 'max.poll.records', value: '100', reason: { id: 'nm.duplicate', vars: { line: 3 } } }]);
  });

  it('acks=-1 is all; assignor lists use the first; a group id Kafka allows but QueueLab does not is renamed', () => {
    const r = ok(importConfig('acks=-1\nlinger.ms=0\n'));
    expect((r.scenario as ClusterScenario).producers[0].acks).toBe('all');
    const a = ok(importConfig('group.id=team a/orders\npartition.assignment.strategy=org.apache.kafka.clients.consumer.RangeAssignor, org.apache.kafka.clients.consumer.CooperativeStickyAssignor\n'));
    const g = (a.scenario as KafkaScenario).groups[0];
    expect([g['group.id'], g['partition.assignment.strategy']]).toEqual(['team-a-orders', 'range']);
    expect(a.applied[0].note?.id).toBe('note.renamed');
    expect(a.applied[1].note?.id).toBe('note.assignorList');
  });
});

describe('kafka-topics.sh / kafka-consumer-groups.sh --describe', () => {
  it('a topic alone imports to the cluster model: partitions, replication, min.insync.replicas and the brokers its replicas use', () => {
    const r = ok(importConfig(fixture('topics-describe.txt')));
    expect([r.format, r.model]).toEqual(['kafka-describe', 'cluster']);
    const s = r.scenario as ClusterScenario;
    expect([s.topic.name, s.topic.partitions, s.topic['replication.factor'], s.topic['min.insync.replicas'], s.cluster.brokers]).toEqual(['orders', 6, 3, 2, 3]);
    expect(skippedWhy(r)).toEqual({
      Topic: 'nm.otherTopic',
      TopicId: 'nm.topicId',
      'cleanup.policy': 'nm.topicConfig',
      'retention.ms': 'nm.retentionCluster',
      'segment.bytes': 'nm.sizeRetention',
      'max.message.bytes': 'nm.topicConfig',
      Leader: 'nm.replicaState',
      Isr: 'nm.replicaState',
      Elr: 'nm.replicaState',
      LastKnownElr: 'nm.replicaState',
    });
    expect(r.skipped.find((x) => x.key === 'Isr')!.value).toBe('partitions 0–5; 1 under-replicated');
    expect(r.skipped.find((x) => x.key === 'Topic')!.value).toBe('orders-audit-log');
  });

  it('consumer groups import to the log model: each group reading the topic, its members; offsets and lag are listed, a run starts empty', () => {
    const r = ok(importConfig(fixture('consumer-groups-describe.txt')));
    expect(r.model).toBe('kafka');
    const s = r.scenario as KafkaScenario;
    expect(s.topic).toMatchObject({ name: 'orders', partitions: 6 });
    expect(s.groups.map((g) => [g['group.id'], g.members])).toEqual([
      ['orders-service', 3],
      ['orders-audit', 1],
    ]);
    const lag = r.skipped.filter((x) => x.key === 'LAG');
    expect(lag.map((x) => x.reason)).toEqual([
      { id: 'nm.startsEmptyLag', vars: { lag: 22361 } },
      { id: 'nm.startsEmptyLag', vars: { lag: 53861 } },
    ]);
    expect(new Set(r.skipped.map((x) => x.key))).toEqual(new Set(['PARTITION', 'CURRENT-OFFSET', 'LOG-END-OFFSET', 'LAG', 'HOST', 'CLIENT-ID']));
  });

  it('--members and --state: every member (one without partitions too), static membership, the assignor', () => {
    const r = ok(importConfig(fixture('consumer-groups-members.txt')));
    const s = r.scenario as KafkaScenario;
    expect(s.topic).toMatchObject({ name: 'payments', partitions: 8 });
    expect(s.groups).toHaveLength(1);
    expect([s.groups[0]['group.id'], s.groups[0].members, s.groups[0].static, s.groups[0]['partition.assignment.strategy']]).toEqual(['payments', 4, true, 'cooperative-sticky']);
    expect(skippedWhy(r)).toMatchObject({ STATE: 'nm.groupState', 'COORDINATOR (ID)': 'nm.coordinator', '#PARTITIONS': 'nm.assignmentNow' });
  });

  it('both tools pasted together: the topic’s partitions and retention, and the groups reading it', () => {
    const r = ok(importConfig(`${fixture('topics-describe.txt')}\n${fixture('consumer-groups-describe.txt')}`));
    expect(r.model).toBe('kafka');
    const s = r.scenario as KafkaScenario;
    expect([s.topic.name, s.topic.partitions, s.topic['retention.ms']]).toEqual(['orders', 6, 259_200_000]);
    expect(s.groups.map((g) => g.members)).toEqual([3, 1]);
    expect(skippedWhy(r)).toMatchObject({ ReplicationFactor: 'nm.replicationLog', 'min.insync.replicas': 'nm.replicationLog', Replicas: 'nm.replicationLog' });
    // The groups gave the topic, so nothing about it is assumed.
    expect(r.assumed.map((m) => m.id)).not.toContain('assumed.topic');
    expect(r.assumed.map((m) => m.id)).not.toContain('assumed.members');
  });

  it('reads what a terminal or chat left: collapsed padding, the old "Topic:foo" format, broker ids renumbered', () => {
    const collapsed = fixture('consumer-groups-describe.txt').replace(/ +/g, ' ');
    const a = ok(importConfig(collapsed));
    expect((a.scenario as KafkaScenario).groups.map((g) => g.members)).toEqual([3, 1]);
    const members = parseDescribe(fixture('consumer-groups-members.txt').replace(/ {2,}/g, ' '));
    expect(members.members.map((m) => [m.instanceId, m.partitions])).toEqual([
      ['payments-worker-1', 3],
      ['payments-worker-2', 3],
      ['payments-worker-3', 2],
      ['payments-worker-4', 0],
    ]);
    expect(members.states).toMatchObject([{ group: 'payments', strategy: 'cooperative-sticky', state: 'Stable', members: 4 }]);
    const old = ok(importConfig('Topic:foo\tPartitionCount:1\tReplicationFactor:3\tConfigs:\n\tTopic: foo\tPartition: 0\tLeader: 1001\tReplicas: 1001,1002,1003\tIsr: 1001,1002\n'));
    const s = old.scenario as ClusterScenario;
    expect([s.topic.name, s.topic.partitions, s.topic['replication.factor'], s.cluster.brokers]).toEqual(['foo', 1, 3, 3]);
  });

  it('an empty group (no active members) imports with 0 members', () => {
    const text = "\nConsumer group 'idle' has no active members.\n\nGROUP           TOPIC           PARTITION  CURRENT-OFFSET  LOG-END-OFFSET  LAG             CONSUMER-ID     HOST            CLIENT-ID\nidle            events          0          10              25              15              -               -               -\n";
    const r = ok(importConfig(text));
    expect((r.scenario as KafkaScenario).groups.map((g) => [g['group.id'], g.members])).toEqual([['idle', 0]]);
  });
});

describe('RabbitMQ definitions export', () => {
  it('the queue, its arguments and its policy, resolved as RabbitMQ does; its DLQ followed through the exchanges', () => {
    const r = ok(importConfig(fixture('rabbitmq-definitions.json')));
    expect([r.format, r.model]).toEqual(['rabbitmq', 'queue']);
    const q = (r.scenario as QueueScenario).queue;
    expect(q).toMatchObject({ type: 'rabbitmq', name: 'orders', 'x-queue-type': 'quorum', 'x-delivery-limit': 5, 'x-max-length': 50000, 'x-overflow': 'reject-publish', 'x-dead-letter-exchange': true, retry: null, 'x-message-ttl': null });
    expect(keys(r.applied)).toEqual(['name', 'x-queue-type', 'policy orders-limits: max-length', 'x-delivery-limit', 'policy orders-limits: overflow', 'x-dead-letter-exchange']);
    const why = skippedWhy(r);
    expect(why).toMatchObject({
      users: 'nm.accessControl',
      exchanges: 'nm.rabbitRouting',
      'policy default-ttl': 'nm.policyLower',
      'policy audit-lazy': 'nm.policyNotMatching',
      'policy orders-limits: delivery-limit': 'nm.policyLower',
      'queue orders.dead': 'nm.dlqQueue',
      'queue audit.events': 'nm.otherQueue',
      'x-dead-letter-strategy': 'nm.deadLetterStrategy',
      'x-max-length-bytes': 'nm.maxLengthBytes',
      durable: 'nm.durability',
    });
    expect(r.assumed[0].id).toBe('assumed.prefetch');
    // Password hashes are counted, never shown.
    expect(JSON.stringify(r)).not.toContain('password_hash');
  });

  it('the retry-with-delay pattern (a wait queue whose TTL dead-letters back) becomes the queue’s retry', () => {
    const r = ok(importConfig(fixture('rabbitmq-retry.json')));
    const q = (r.scenario as QueueScenario).queue;
    expect(q).toMatchObject({ name: 'payments', 'x-max-priority': 10, retry: { 'x-message-ttl': 30000, maxAttempts: 3 }, 'x-dead-letter-exchange': false });
    expect(skippedWhy(r)).toMatchObject({ 'queue payments.retry': 'nm.retryQueue', 'queue payments.parking-lot': 'nm.otherQueue' });
    expect(r.assumed.map((m) => m.id)).toContain('assumed.retryAttempts');
  });

  it('--queue picks another queue; a missing one, a stream or a classic queue’s delivery limit is said clearly', () => {
    const chosen = ok(importConfig(fixture('rabbitmq-definitions.json'), { queue: 'audit.events' }));
    expect((chosen.scenario as QueueScenario).queue).toMatchObject({ name: 'audit.events', 'x-queue-type': 'classic' });
    expect(skippedWhy(chosen)['policy audit-lazy: queue-mode']).toBe('nm.queueMode');
    const missing = importConfig(fixture('rabbitmq-definitions.json'), { queue: 'nope' });
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(say(missing.error)).toBe('no queue named nope; the export has: orders, orders.dead, audit.events');
    const defs = (args: Record<string, unknown>) => JSON.stringify({ rabbit_version: '4.0.5', queues: [{ name: 'q', vhost: '/', durable: true, auto_delete: false, arguments: args }] });
    const stream = ok(importConfig(defs({ 'x-queue-type': 'stream', 'x-max-age': '7D' })));
    expect(stream.rejected.map((x) => [x.key, x.message])).toEqual([['x-queue-type', 'must be one of: classic, quorum']]);
    const classic = ok(importConfig(defs({ 'x-delivery-limit': 3, 'x-message-ttl': 0 })));
    expect(Object.fromEntries(classic.rejected.map((x) => [x.key, x.message]))).toEqual({
      'x-delivery-limit': expect.stringContaining('must be null for a classic queue'),
      'x-message-ttl': 'must be an integer in [1, 86400000] ms',
    });
  });

  it('a topic dead-letter exchange routes by pattern; an exchange with no binding drops dead letters', () => {
    const base = {
      rabbit_version: '3.13.7',
      queues: [
        { name: 'jobs', vhost: '/', arguments: { 'x-dead-letter-exchange': 'dlx', 'x-dead-letter-routing-key': 'dead.jobs' } },
        { name: 'jobs.dlq', vhost: '/', arguments: {} },
      ],
      exchanges: [{ name: 'dlx', vhost: '/', type: 'topic' }],
    };
    const routed = ok(importConfig(JSON.stringify({ ...base, bindings: [{ source: 'dlx', vhost: '/', destination: 'jobs.dlq', destination_type: 'queue', routing_key: 'dead.#' }] })));
    expect((routed.scenario as QueueScenario).queue).toMatchObject({ name: 'jobs', 'x-dead-letter-exchange': true });
    expect(skippedWhy(routed)['queue jobs.dlq']).toBe('nm.dlqQueue');
    const nowhere = ok(importConfig(JSON.stringify({ ...base, bindings: [] })));
    expect((nowhere.scenario as QueueScenario).queue).toMatchObject({ 'x-dead-letter-exchange': false });
    expect(nowhere.applied.find((a) => a.key === 'x-dead-letter-exchange')!.note?.id).toBe('note.dlxNowhere');
  });
});

describe('SQS queue attributes', () => {
  it('get-queue-attributes output: visibility timeout, long polling, retention, redrive; the backlog and encryption listed', () => {
    const r = ok(importConfig(fixture('sqs-attributes.json')));
    expect([r.format, r.model]).toEqual(['sqs', 'queue']);
    expect((r.scenario as QueueScenario).queue).toEqual({
      type: 'sqs',
      name: 'image-resize',
      VisibilityTimeout: 120,
      ReceiveMessageWaitTimeSeconds: 20,
      DelaySeconds: 0,
      MessageRetentionPeriod: 1_209_600,
      FifoQueue: false,
      RedrivePolicy: { maxReceiveCount: 4 },
    });
    expect(skippedWhy(r)).toEqual({
      ApproximateNumberOfMessages: 'nm.startsEmpty',
      ApproximateNumberOfMessagesNotVisible: 'nm.startsEmpty',
      ApproximateNumberOfMessagesDelayed: 'nm.startsEmpty',
      CreatedTimestamp: 'nm.metadata',
      LastModifiedTimestamp: 'nm.metadata',
      MaximumMessageSize: 'nm.sizeLimit',
      Policy: 'nm.accessPolicy',
      'RedrivePolicy.deadLetterTargetArn': 'nm.dlqTarget',
      SqsManagedSseEnabled: 'nm.encryption',
    });
  });

  it('a FIFO queue, and the bare attributes object (--query Attributes)', () => {
    const r = ok(importConfig(fixture('sqs-fifo-attributes.json')));
    expect((r.scenario as QueueScenario).queue).toMatchObject({ name: 'ledger-events.fifo', FifoQueue: true, RedrivePolicy: null });
    expect(skippedWhy(r)).toMatchObject({ ContentBasedDeduplication: 'nm.fifoDedup', DeduplicationScope: 'nm.fifoDedup', FifoThroughputLimit: 'nm.fifoDedup' });
    const bare = ok(importConfig(JSON.stringify({ VisibilityTimeout: '45', RedrivePolicy: { maxReceiveCount: '7' } })));
    expect((bare.scenario as QueueScenario).queue).toMatchObject({ name: 'orders', VisibilityTimeout: 45, RedrivePolicy: { maxReceiveCount: 7 } });
  });

  it('out-of-range attributes are rejected with the allowed range; a redrive policy that is not JSON too', () => {
    const r = ok(importConfig(fixture('sqs-bad-attributes.json')));
    expect(Object.fromEntries(r.rejected.map((x) => [x.key, x.message]))).toEqual({
      VisibilityTimeout: 'must be an integer in [0, 43200] s',
      MessageRetentionPeriod: 'must be an integer in [60, 1209600] s',
      ReceiveMessageWaitTimeSeconds: 'must be an integer in [0, 20] s',
    });
    const bad = ok(importConfig('{"Attributes":{"VisibilityTimeout":"30","RedrivePolicy":"{maxReceiveCount: 3"}}'));
    expect(bad.rejected.map((x) => x.key)).toEqual(['RedrivePolicy']);
    expect(bad.rejected[0].message).toContain('must be JSON like');
  });
});

describe('every input', () => {
  const files = readdirSync(DIR);

  it('every fixture is detected, imports to a valid scenario, and every key lands in exactly one list', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
    for (const f of files) {
      const r = ok(importConfig(fixture(f)));
      expect(validateScenario(r.scenario).ok, f).toBe(true);
      if (f.endsWith('.properties')) {
        const entries = parseProperties(fixture(f)).map((e) => e.key).sort();
        const listed = [...new Set(r.applied.map((a) => a.key)), ...r.skipped.map((s) => s.key), ...r.rejected.map((x) => x.key)].sort();
        expect(listed, f).toEqual(entries);
      }
      if (f.startsWith('sqs')) {
        const attrs = Object.keys(JSON.parse(fixture(f)).Attributes).sort();
        const listed = [...r.applied, ...r.skipped, ...r.rejected].map((x) => x.key.replace(/^RedrivePolicy\..*/, 'RedrivePolicy')).sort();
        expect([...new Set(listed)], f).toEqual(attrs);
      }
      for (const m of [...r.skipped.map((s) => s.reason), ...r.applied.flatMap((a) => (a.note ? [a.note] : [])), ...r.assumed]) {
        expect(say(m), m.id).not.toMatch(/\{\w+\}/);
        expect(say(m, 'ru'), m.id).not.toMatch(/\{\w+\}|"/);
      }
    }
  });

  it('every message exists in Russian with the same placeholders, in «» quotes', () => {
    const { en, ru } = IMPORT_MESSAGES;
    const vars = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect(vars(ru[id]), id).toEqual(vars(en[id]));
      // A JSON example is code, not prose.
      if (id !== 'error.sqsShape') expect(ru[id], id).not.toMatch(/"/);
    }
  });

  it('what cannot be read is said, never thrown', () => {
    const error = (text: string, opts = {}) => {
      const r = importConfig(text, opts);
      expect(r.ok).toBe(false);
      return r.ok ? '' : say(r.error);
    };
    expect(error('   \n')).toBe('the input is empty');
    expect(error('hello world, this is a letter')).toMatch(/^cannot tell what this is/);
    expect(error('{"queues": [')).toMatch(/^not valid JSON/);
    expect(error(readFileSync('scenarios/mm1.json', 'utf8'))).toMatch(/^this is already a QueueLab scenario/);
    expect(error(fixture('consumer.properties'), { format: 'sqs' })).toBe('this does not look like SQS queue attributes: it is not JSON');
    expect(error(fixture('sqs-attributes.json'), { format: 'properties' })).toBe('this does not look like a Kafka client .properties file: it is JSON');
    expect(error(fixture('consumer.properties'), { model: 'queue' })).toBe('a Kafka client .properties file imports to the kafka or cluster model, not queue');
    expect(error('{"rabbit_version": "3.13.7", "queues": []}')).toBe('no queue in the export’s "queues" list');
    expect(error(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`)).toBe('JSON nested deeper than 32 levels');
    // Hostile values: huge numbers, prototype keys, control characters.
    for (const text of ['constructor=1\n__proto__=2\ntoString=3\n', 'max.poll.records=1e400\ngroup.id=\u001b[2J', '{"Attributes":{"VisibilityTimeout":{"a":1},"FifoQueue":7}}', '{"queues":[{"name":"q","arguments":{"x-max-length":"-5","x-overflow":[1]}}],"policies":[{"name":"p","pattern":"(","definition":{}}]}']) {
      const r = importConfig(text);
      if (r.ok) expect(validateScenario(r.scenario).ok).toBe(true);
    }
  });

  it('src/import uses neither the DOM nor Node, so the page and the CLI share it', () => {
    for (const f of readdirSync('src/import')) {
      const text = readFileSync(`src/import/${f}`, 'utf8');
      expect(text, f).not.toMatch(/from 'node:|(?<![\w.])(document|window|process)\./);
    }
  });
});

/** The value at dotted `field` of `obj`, where a key may hold dots (`groups.0.max.poll.records`). */
function at(obj: unknown, field: string): unknown {
  const parts = field.split('.');
  let node = obj as Record<string, unknown>;
  let i = 0;
  while (i < parts.length) {
    let j = parts.length;
    while (j > i + 1 && !(parts.slice(i, j).join('.') in node)) j--;
    node = node[parts.slice(i, j).join('.')] as Record<string, unknown>;
    i = j;
  }
  return node;
}

describe('export-properties → import', () => {
  const kafkaLike = SHIPPED.filter((s): s is KafkaScenario | ClusterScenario => s.model === 'kafka' || s.model === 'cluster');

  it('every shipped log and cluster scenario’s settings import back to the same values, each key applied', () => {
    expect(kafkaLike.length).toBeGreaterThan(20);
    for (const s of kafkaLike) {
      const text = exportProperties(s)!;
      const r = ok(importConfig(text, { format: 'properties', model: s.model }));
      expect(r.rejected, s.id).toEqual([]);
      // client.rack needs the brokers' racks, a broker setting no client file holds.
      expect(r.skipped.filter((x) => x.reason.id !== 'nm.rackNoBrokers'), s.id).toEqual([]);
      const written = parseProperties(text).map((e) => e.key);
      expect([...new Set([...r.applied, ...r.skipped].map((a) => a.key))].sort(), s.id).toEqual([...new Set(written)].sort());
      for (const a of r.applied) {
        // The commit order is the application's code, not a config: false reads as after-processing.
        if (a.field === 'groups.0.commit' && at(s, a.field) === 'before-processing') continue;
        expect(at(r.scenario, a.field), `${s.id} ${a.key}`).toEqual(at(s, a.field));
      }
    }
  });

  it('a changed scenario round-trips too (every modelled key off its default)', () => {
    const k = SHIPPED.find((s) => s.model === 'kafka')! as KafkaScenario;
    const changed: Scenario = {
      ...k,
      producers: [{ ...k.producers[0], 'batch.size': 65536, 'metadata.max.age.ms': 60000 }],
      groups: [{ ...k.groups[0], 'group.id': 'reports', static: true, 'partition.assignment.strategy': 'sticky', commit: 'auto', 'auto.commit.interval.ms': 1000, 'auto.offset.reset': 'earliest', 'max.poll.records': 50, 'max.poll.interval.ms': 120000, 'session.timeout.ms': 30000, 'heartbeat.interval.ms': 2000, 'max.partition.fetch.bytes': 262144, 'fetch.max.bytes': 1048576, 'metadata.max.age.ms': 60000 }],
    };
    const r = ok(importConfig(exportProperties(changed)!));
    const g = (r.scenario as KafkaScenario).groups[0];
    const { processing: _a, retry: _b, members: _c, autoscaler: _d, ...settings } = (changed as KafkaScenario).groups[0];
    const { processing: _e, retry: _f, members: _g, autoscaler: _h, ...imported } = g;
    expect(imported).toEqual(settings);
    expect((r.scenario as KafkaScenario).producers[0]['batch.size']).toBe(65536);
    const c = SHIPPED.find((s) => s.model === 'cluster')! as ClusterScenario;
    const cc: ClusterScenario = { ...c, producers: [{ ...c.producers[0], acks: '1', 'enable.idempotence': false, retries: 3, 'linger.ms': 50, 'compression.type': 'lz4', 'max.in.flight.requests.per.connection': 10 }], consumers: [{ name: 'reader', reads: 'topic', 'isolation.level': 'read_committed', 'client.rack': 'eu-1a', 'fetch.max.wait.ms': 100, 'max.partition.fetch.bytes': 262144, 'fetch.max.bytes': 1048576 }] };
    const rc = ok(importConfig(exportProperties(cc)!));
    expect(rc.model).toBe('cluster');
    expect((rc.scenario as ClusterScenario).producers[0]).toMatchObject({ acks: '1', 'enable.idempotence': false, retries: 3, 'linger.ms': 50, 'compression.type': 'lz4', 'max.in.flight.requests.per.connection': 10 });
    expect((rc.scenario as ClusterScenario).consumers[0]).toMatchObject({ 'isolation.level': 'read_committed', 'client.rack': null, 'fetch.max.wait.ms': 100, 'max.partition.fetch.bytes': 262144, 'fetch.max.bytes': 1048576 });
    expect(rc.skipped.map((x) => [x.key, x.reason.id])).toEqual([['client.rack', 'nm.rackNoBrokers']]);
  });

  it('models without Kafka clients have nothing to export', () => {
    for (const s of SHIPPED.filter((x) => x.model !== 'kafka' && x.model !== 'cluster')) expect(exportProperties(s), s.id).toBeNull();
  });
});
