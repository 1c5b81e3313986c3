/**
 * Two things an import owes the page besides the scenario: the scenario's title and description
 * (content it carries, in its share link too) in the language of the page that imports, with
 * every other text the report shows said in that language; and a value the system itself would
 * refuse — `fetch.min.bytes=abc`, Kafka's `ConfigException: … Not a number of type INT` — rejected
 * with what is allowed, even for a key QueueLab does not model, never listed as merely "not modelled".
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { exportProperties, importConfig, say, type ImportOptions, type ImportResult } from '../../src/import/index.ts';
import { CLIENT_CONFIGS } from '../../src/import/kafka-client.ts';
import { importRabbit } from '../../src/import/rabbitmq.ts';
import { parseProperties } from '../../src/import/properties.ts';
import { errorLineText, hasErrorRule } from '../../src/app/error-text.ts';
import { SHIPPED } from '../../src/app/scenarios.ts';
import { validateScenario } from '../../src/scenario/index.ts';

const fixture = (name: string) => readFileSync(`test/fixtures/import/${name}`, 'utf8');
type Ok = ImportResult & { ok: true };

function ok(r: ImportResult): Ok {
  if (!r.ok) throw new Error(`import failed: ${say(r.error)}`);
  return r;
}
const ru = (text: string, opts: ImportOptions = {}) => ok(importConfig(text, { ...opts, lang: 'ru' }));
const rejected = (r: Ok) => Object.fromEntries(r.rejected.map((x) => [x.key, x.message]));
const skippedWhy = (r: Ok) => Object.fromEntries(r.skipped.map((s) => [s.key, s.reason.id]));

/** English prose (config, tool and queue names aside) a Russian title or description must not hold. */
const ENGLISH = /\b(Imported|from|the|and|topic|group|groups|queue|settings|whose|load|run|starts|attributes)\b/;

describe('the title and description are written in the language of the page that imports', () => {
  it('a .properties file', () => {
    const r = ru(fixture('consumer.properties'));
    expect(r.scenario.title).toBe('Импорт: настройки клиента (orders-service)');
    expect(r.scenario.description).toBe(
      'Импортировано из файла .properties клиента Kafka: настройки файла поверх пустого сценария QueueLab; нагрузка, партиции и время обработки в нём — допущения, их можно изменить в настройках.',
    );
    expect(ru(fixture('producer.properties')).scenario.title).toBe('Импорт: настройки клиента');
  });

  it('kafka-topics.sh / kafka-consumer-groups.sh --describe output, with the groups counted in agreement', () => {
    const topic = ru(fixture('topics-describe.txt'));
    expect(topic.scenario.title).toBe('Импорт: топик orders');
    expect(topic.scenario.description).toMatch(/^Импортировано из вывода kafka-topics\.sh --describe: описанные настройки поверх пустого сценария QueueLab; .* Прогон начинается с пустых логов: отставание на описанный момент не переносится\.$/);
    expect(ru(fixture('consumer-groups-members.txt')).scenario.title).toBe('Импорт: топик payments, группа payments');
    const both = ru(`${fixture('topics-describe.txt')}\n${fixture('consumer-groups-describe.txt')}`);
    expect(both.scenario.title).toBe('Импорт: топик orders, 2 группы');
    expect(both.scenario.description).toMatch(/^Импортировано из вывода kafka-topics\.sh --describe и kafka-consumer-groups\.sh --describe: /);
    // «5 групп», «21 группа»: the noun agrees with the number.
    const groups = (n: number) => `GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\n${Array.from({ length: n }, (_, i) => `g${i} orders 0 1 2 1 - - -`).join('\n')}\n`;
    expect(ru(groups(5)).scenario.title).toBe('Импорт: топик orders, 5 групп');
    expect(ru(groups(21)).scenario.title).toBe('Импорт: топик orders, 21 группа');
    expect(ok(importConfig(groups(5))).scenario.title).toBe('Imported topic orders, 5 groups');
  });

  it('a RabbitMQ definitions export and SQS queue attributes', () => {
    const rabbit = ru(fixture('rabbitmq-definitions.json'));
    expect(rabbit.scenario.title).toBe('Импорт: очередь RabbitMQ orders');
    expect(rabbit.scenario.description).toBe(
      'Импортировано из экспорта определений RabbitMQ: аргументы и политика очереди поверх пустого сценария QueueLab; нагрузка, консьюмеры, время обработки и prefetch в нём — допущения, их можно изменить в настройках.',
    );
    const sqs = ru(fixture('sqs-attributes.json'));
    expect(sqs.scenario.title).toBe('Импорт: очередь SQS image-resize');
    expect(sqs.scenario.description).toBe(
      'Импортировано из атрибутов очереди SQS (aws sqs get-queue-attributes): настройки очереди поверх пустого сценария QueueLab; нагрузка, консьюмеры и время обработки в нём — допущения, их можно изменить в настройках.',
    );
    expect(ru('{"VisibilityTimeout": "45"}').scenario.title).toBe('Импорт: атрибуты очереди SQS');
  });

  it('every fixture: Russian prose, a valid scenario, a title of at most 200 characters even for a long name', () => {
    for (const f of ['consumer.properties', 'producer.properties', 'topics-describe.txt', 'consumer-groups-describe.txt', 'consumer-groups-members.txt', 'rabbitmq-definitions.json', 'rabbitmq-retry.json', 'sqs-attributes.json', 'sqs-fifo-attributes.json']) {
      const r = ru(fixture(f));
      expect(r.scenario.title, f).toMatch(/^Импорт: /);
      expect(r.scenario.title.replace(/\S*[._-]\S*/g, ''), f).not.toMatch(ENGLISH);
      expect(r.scenario.description.replace(/\S*[._-]\S*|\([^)]*\)/g, ''), f).not.toMatch(ENGLISH);
      expect(validateScenario(r.scenario).ok, f).toBe(true);
    }
    const long = 'q'.repeat(250);
    const r = ru(JSON.stringify({ queues: [{ name: long, vhost: '/', arguments: {} }] }));
    expect(r.scenario.title).toHaveLength(200);
    expect(validateScenario(r.scenario).ok).toBe(true);
  });

  it('English (the default, and the CLI) is unchanged', () => {
    const en = (text: string) => ok(importConfig(text)).scenario;
    expect(en(fixture('consumer.properties'))).toMatchObject({
      title: 'Imported client settings (orders-service)',
      description: 'Imported from a Kafka client .properties file: the file’s settings on QueueLab’s blank start, whose load, partitions and processing time are assumptions to change in Settings.',
    });
    expect(en(fixture('producer.properties')).title).toBe('Imported client settings');
    expect(en(fixture('topics-describe.txt')).title).toBe('Imported topic orders');
    expect(en(fixture('consumer-groups-members.txt')).title).toBe('Imported topic payments, group payments');
    expect(en(`${fixture('topics-describe.txt')}\n${fixture('consumer-groups-describe.txt')}`)).toMatchObject({
      title: 'Imported topic orders, 2 groups',
      description:
        'Imported from kafka-topics.sh --describe and kafka-consumer-groups.sh --describe: the described settings on QueueLab’s blank start, whose load and processing time are assumptions to change in Settings. A run starts with empty logs: the lag of the moment described is not carried over.',
    });
    expect(en(fixture('rabbitmq-definitions.json'))).toMatchObject({
      title: 'Imported RabbitMQ queue orders',
      description: 'Imported from a RabbitMQ definitions export: the queue’s arguments and policy on QueueLab’s blank start, whose load, consumers, processing time and prefetch are assumptions to change in Settings.',
    });
    expect(en(fixture('sqs-attributes.json'))).toMatchObject({
      title: 'Imported SQS queue image-resize',
      description: 'Imported from SQS queue attributes (aws sqs get-queue-attributes): the queue’s settings on QueueLab’s blank start, whose load, consumers and processing time are assumptions to change in Settings.',
    });
    expect(en('{"VisibilityTimeout": "45"}').title).toBe('Imported SQS queue attributes');
    expect(ok(importConfig(fixture('sqs-attributes.json'), { lang: 'en' })).scenario).toEqual(en(fixture('sqs-attributes.json')));
  });

  it('the values the report summarises, and the errors’ details, are said in the page’s language too', () => {
    const topic = ru(fixture('topics-describe.txt'));
    expect(topic.skipped.find((x) => x.key === 'Isr')!.value).toBe('партиции 0–5; с неполным ISR: 1');
    const members = ru(fixture('consumer-groups-members.txt'));
    expect(members.applied.find((x) => x.key === 'CONSUMER-ID')!.value).toBe('payments: 4 строки');
    expect(members.applied.find((x) => x.key === 'GROUP-INSTANCE-ID')!.value).toBe('payments: 4 из 4');
    expect(members.skipped.find((x) => x.key === 'HOST')!.value).toBe('payments: 4 разных значения');
    expect(ru(fixture('rabbitmq-definitions.json')).skipped.find((x) => x.key === 'users')!.value).toBe('2 записи');
    expect(ok(importConfig(fixture('rabbitmq-definitions.json'))).skipped.find((x) => x.key === 'users')!.value).toBe('2 entries');
    const policy = ru(fixture('rabbitmq-definitions.json')).skipped.find((x) => x.key === 'policy default-ttl')!.reason;
    expect(say(policy, 'ru')).toBe('политика default-ttl проигрывает: orders-limits (приоритет 10 > 0)');
    expect(say(policy)).toBe('policy default-ttl loses: orders-limits (priority 10 > 0)');

    const error = (text: string, opts: ImportOptions) => {
      const r = importConfig(text, { ...opts, lang: 'ru' });
      return r.ok ? '' : say(r.error, 'ru');
    };
    expect(error(fixture('consumer.properties'), { format: 'sqs' })).toBe('это не похоже на SQS queue attributes: это не JSON');
    expect(error(fixture('sqs-attributes.json'), { format: 'properties' })).toBe('это не похоже на a Kafka client .properties file: это JSON');
    expect(error(fixture('consumer.properties'), { model: 'queue' })).toBe('a Kafka client .properties file импортируется в модель kafka или cluster, а не queue');
    const notObject = importRabbit([1, 2]);
    expect(notObject.ok ? '' : say(notObject.error, 'ru')).toBe('это не похоже на a RabbitMQ definitions export: это не объект JSON');
  });

  it('a message agrees its nouns with their numbers, writes a decimal comma in Russian, and never reads a value as a placeholder', () => {
    const entries = (n: number, lang: 'en' | 'ru') => say({ id: 'value.entries', vars: { n } }, lang);
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => entries(n, 'ru'))).toEqual(['1 запись', '2 записи', '5 записей', '11 записей', '21 запись', '22 записи', '25 записей']);
    expect([1, 2, 21].map((n) => entries(n, 'en'))).toEqual(['1 entry', '2 entries', '21 entries']);
    expect(say({ id: 'nm.startsEmptyLag', vars: { lag: 1 } })).toMatch(/\(the lag described: 1 record\)$/);
    expect(say({ id: 'nm.startsEmptyLag', vars: { lag: 22361 } }, 'ru')).toMatch(/\(отставание в выводе: 22361 запись\)$/);
    expect(say({ id: 'assumed.processing', vars: { ms: 12.5 } }, 'ru')).toBe('время обработки: 12,5 мс на сообщение, экспоненциальное');
    expect(say({ id: 'assumed.processing', vars: { ms: 12.5 } })).toBe('processing time: 12.5 ms per message, exponential');
    expect(say({ id: 'value.rows', vars: { group: '{n:a|b} {total}', n: 3 } }, 'ru')).toBe('{n:a|b} {total}: 3 строки');
  });
});

describe('a value the system itself would refuse is rejected, even for a key QueueLab does not model', () => {
  const props = (text: string, model?: 'kafka' | 'cluster') => ok(importConfig(text, { format: 'properties', model }));

  it('fetch.min.bytes=abc is rejected naming the key and what Kafka allows; fetch.min.bytes=1 stays not modelled', () => {
    const bad = props(fixture('consumer.properties').replace('fetch.min.bytes=1', 'fetch.min.bytes=abc'));
    expect(bad.rejected).toEqual([{ key: 'fetch.min.bytes', value: 'abc', field: '', message: 'must be an integer in [0, 2147483647]' }]);
    expect(bad.skipped.map((x) => x.key)).not.toContain('fetch.min.bytes');
    // The rest of the file imports as before.
    expect(bad.applied).toEqual(props(fixture('consumer.properties')).applied);
    const good = props(fixture('consumer.properties'));
    expect(good.rejected).toEqual([]);
    expect(skippedWhy(good)['fetch.min.bytes']).toBe('nm.fetchTiming');
    for (const v of ['0', ' 5', '+7', '2147483647']) expect(rejected(props(`fetch.min.bytes=${v}`)), v).toEqual({});
    for (const v of ['-1', '1.5', '1e3', '2147483648', '']) expect(rejected(props(`fetch.min.bytes=${v}`)), v).toEqual({ 'fetch.min.bytes': 'must be an integer in [0, 2147483647]' });
  });

  it('booleans are true or false in any case; yes is refused', () => {
    expect(rejected(props('check.crcs=yes\nallow.auto.create.topics=TRUE\nexclude.internal.topics=False\n'))).toEqual({ 'check.crcs': 'must be true or false' });
    expect(rejected(props('enable.idempotence=yes\n', 'kafka'))).toEqual({ 'enable.idempotence': 'must be true or false' });
  });

  it('enums are Kafka’s lists (exact, or in any case where Kafka reads them so); versions’ values all pass', () => {
    expect(rejected(props('group.id=g\nacks=2\nisolation.level=serializable\ncompression.type=brotli\n', 'kafka'))).toEqual({
      acks: 'must be one of: "all", "-1", "0", "1"',
      'isolation.level': 'must be one of: read_uncommitted, read_committed',
      'compression.type': 'must be one of: none, gzip, snappy, lz4, zstd',
    });
    expect(rejected(props('acks=-1\nauto.offset.reset=oldest\n', 'cluster'))).toEqual({ 'auto.offset.reset': 'must be one of: earliest, latest, none, by_duration:<ISO-8601 duration>' });
    const fine = props('linger.ms=5\nauto.offset.reset=by_duration:PT1H30M\nsecurity.protocol=sasl_ssl\ngroup.protocol=CONSUMER\nprocessing.guarantee=exactly_once\nclient.dns.lookup=default\n', 'cluster');
    expect(fine.rejected).toEqual([]);
    expect(skippedWhy(fine)).toMatchObject({ 'auto.offset.reset': 'nm.groupInCluster', 'security.protocol': 'nm.connection', 'processing.guarantee': 'nm.streams' });
    for (const v of ['by_duration:', 'by_duration:1H', 'by_duration:PT', 'BY_DURATION:PT1H', 'by_duration:-PT1H']) expect(rejected(props(`linger.ms=5\nauto.offset.reset=${v}`, 'cluster')), v).toHaveProperty(['auto.offset.reset']);
    expect(rejected(props('acks=ALL\n', 'kafka'))).toHaveProperty(['acks']);
  });

  it('every ConfigDef type: LONG, SHORT, DOUBLE ranges, CLASS names, compression levels; strings, lists and passwords take any text', () => {
    expect(
      rejected(
        props(
          [
            'group.id=g',
            'linger.ms=-1',
            'sasl.login.refresh.buffer.seconds=4000',
            'sasl.login.refresh.window.factor=0.3',
            'sasl.kerberos.ticket.renew.jitter=much',
            'key.deserializer=not a class',
            'compression.gzip.level=0',
            'compression.zstd.level=-131073',
            'metadata.recovery.rebootstrap.trigger.ms=soon',
          ].join('\n'),
          'kafka',
        ),
      ),
    ).toEqual({
      'linger.ms': 'must be an integer in [0, 9223372036854775807]',
      'sasl.login.refresh.buffer.seconds': 'must be an integer in [0, 3600]',
      'sasl.login.refresh.window.factor': 'must be a number in [0.5, 1]',
      'sasl.kerberos.ticket.renew.jitter': 'must be a number',
      'key.deserializer': 'must be a Java class name',
      'compression.gzip.level': 'must be one of: -1, 1, 2, 3, 4, 5, 6, 7, 8, 9',
      'compression.zstd.level': 'must be an integer in [-131072, 22]',
      'metadata.recovery.rebootstrap.trigger.ms': 'must be an integer in [0, 9223372036854775807]',
    });
    const fine = props(
      'group.id=g\nlinger.ms=9223372036854775807\nsasl.login.refresh.window.factor=0.75d\nsasl.kerberos.ticket.renew.jitter=NaN\nkey.deserializer=com.example.Outer$Inner\ncompression.gzip.level=-1\nbootstrap.servers=\nssl.truststore.password=\nclient.id= \n',
      'kafka',
    );
    expect(fine.rejected).toEqual([]);
  });

  it('a key one model applies is still type-checked in the other', () => {
    expect(rejected(props('max.poll.records=many\nsession.timeout.ms=1.5\nacks=1\n', 'cluster'))).toEqual({
      'max.poll.records': 'must be an integer in [1, 2147483647]',
      'session.timeout.ms': 'must be an integer in [-2147483648, 2147483647]',
    });
    expect(rejected(props('group.id=g\nretries=-1\nbuffer.memory=lots\n', 'kafka'))).toEqual({
      retries: 'must be an integer in [0, 2147483647]',
      'buffer.memory': 'must be an integer in [0, 9223372036854775807]',
    });
  });

  it('every key the export writes is in the table of Kafka client configs (so its type is known in either model)', () => {
    for (const s of SHIPPED) {
      const text = exportProperties(s);
      if (text === null) continue;
      for (const e of parseProperties(text)) expect(Object.hasOwn(CLIENT_CONFIGS, e.key), `${s.id} ${e.key}`).toBe(true);
    }
  });

  it('kafka-topics.sh --describe Configs: a value the broker refuses is rejected', () => {
    const configs = 'retention.ms=abc,segment.bytes=1k,cleanup.policy=compact,delete,min.cleanable.dirty.ratio=2,message.timestamp.type=createtime,preallocate=yes,max.message.bytes=1048576';
    const r = ok(importConfig(`Topic: t\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: ${configs}\n`));
    expect(r.model).toBe('cluster');
    expect(rejected(r)).toEqual({
      'retention.ms': 'must be an integer in [-1, 9223372036854775807]',
      'segment.bytes': 'must be an integer in [14, 2147483647]',
      'min.cleanable.dirty.ratio': 'must be a number in [0, 1]',
      'message.timestamp.type': 'must be one of: CreateTime, LogAppendTime',
      preallocate: 'must be true or false',
    });
    expect(skippedWhy(r)).toMatchObject({ 'cleanup.policy': 'nm.compaction', 'max.message.bytes': 'nm.topicConfig' });
    expect(rejected(ok(importConfig('Topic: t\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: cleanup.policy=compactt\n')))).toEqual({
      'cleanup.policy': 'must be one of: "delete", "compact", "compact,delete"',
    });
    // Applied where the model has it: the scenario's validator checks it instead.
    const log = ok(importConfig(`Topic: t\tPartitionCount: 1\tReplicationFactor: 1\tConfigs: retention.ms=abc,min.insync.replicas=x\n`, { model: 'kafka' }));
    expect(log.rejected.map((x) => [x.key, x.field])).toEqual([
      ['min.insync.replicas', ''],
      ['retention.ms', 'topic.retention.ms'],
    ]);
  });

  it('RabbitMQ arguments and policy keys it would refuse', () => {
    const defs = JSON.stringify({
      queues: [{ name: 'q', vhost: '/', arguments: { 'x-max-length-bytes': 'abc', 'x-expires': 0, 'x-single-active-consumer': 'yes', 'x-dead-letter-strategy': 'twice', 'x-queue-version': 3, 'x-queue-leader-locator': 'balanced' } }],
      policies: [{ name: 'p', vhost: '/', pattern: '.*', 'apply-to': 'queues', definition: { 'max-length-bytes': -5, 'queue-mode': 'sleepy', expires: 60000 } }],
    });
    const r = ok(importConfig(defs));
    expect(rejected(r)).toEqual({
      'x-max-length-bytes': 'must be an integer in [0, 9223372036854775807]',
      'x-expires': 'must be an integer in [1, 9223372036854775807]',
      'x-single-active-consumer': 'must be true or false',
      'x-dead-letter-strategy': 'must be one of: at-most-once, at-least-once',
      'x-queue-version': 'must be one of: 1, 2',
      'policy p: max-length-bytes': 'must be an integer in [0, 9223372036854775807]',
      'policy p: queue-mode': 'must be one of: default, lazy',
    });
    expect(skippedWhy(r)).toMatchObject({ 'x-queue-leader-locator': 'nm.leaderLocator', 'policy p: expires': 'nm.expires' });
    expect(validateScenario(r.scenario).ok).toBe(true);
  });

  it('SQS attributes SetQueueAttributes would refuse', () => {
    const r = ok(importConfig(JSON.stringify({ Attributes: { QueueArn: 'arn:aws:sqs:eu-west-1:1:q', MaximumMessageSize: '100', ContentBasedDeduplication: 'yes', DeduplicationScope: 'bogus', Policy: 'not json', KmsDataKeyReusePeriodSeconds: '300', SqsManagedSseEnabled: 'TRUE' } })));
    expect(rejected(r)).toEqual({
      MaximumMessageSize: 'must be an integer in [1024, 1048576] bytes',
      ContentBasedDeduplication: 'must be true or false',
      DeduplicationScope: 'must be one of: messageGroup, queue',
      Policy: 'must be a JSON object',
    });
    expect(skippedWhy(r)).toMatchObject({ KmsDataKeyReusePeriodSeconds: 'nm.encryption', SqsManagedSseEnabled: 'nm.encryption' });
  });

  // All but "must be a Java class name" (a CLASS key's), which src/app/error-text.ts has no rule for yet.
  it('the page has a Russian rule for the messages these checks write', () => {
    const messages = new Set<string>();
    const texts = [
      'fetch.min.bytes=abc\ncheck.crcs=yes\nacks=2\nlinger.ms=x\nsasl.login.refresh.window.factor=0.3\nsasl.kerberos.ticket.renew.jitter=much\ncompression.gzip.level=0\nsecurity.protocol=x\n',
      'auto.offset.reset=x\nacks=1\nlinger.ms=1\n',
      'Topic: t\tPartitionCount: 1\tReplicationFactor: 3\tConfigs: cleanup.policy=x,min.cleanable.dirty.ratio=2\n',
      JSON.stringify({ Attributes: { MaximumMessageSize: '1', KmsDataKeyReusePeriodSeconds: '1', Policy: '[]' } }),
    ];
    for (const t of texts) for (const x of ok(importConfig(t)).rejected) messages.add(x.message);
    expect(messages.size).toBeGreaterThan(10);
    for (const m of messages) expect(hasErrorRule(m), m).toBe(true);
    // A check across fields rejects the key whose value breaks it, naming the field it checks ("path: message (got …)"): the page shows it as a line.
    const across = ok(importConfig('Topic: t\tPartitionCount: 1\tReplicationFactor: 1\tConfigs:\n')).rejected;
    expect(across.map((x) => x.key)).toEqual(['ReplicationFactor']);
    expect(errorLineText(across[0].message, 'ru')).toMatch(/^topic\.min\.insync\.replicas: должно быть не больше topic\.replication\.factor \(1\), .* \(получено 2\)$/);
  });
});
