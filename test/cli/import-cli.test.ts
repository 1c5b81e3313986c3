/**
 * `npm run sim -- import` and `export-properties`: the scenario JSON on stdout (or --out), the
 * report of applied / not modelled / rejected keys on stderr, exit 2 for input that cannot be read
 * or has a rejected key (unless --skip-rejected), and an export that imports back.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { CONTROL_CHARS, runCli, STACK_LINE, type Outcome } from './harness.ts';
import { encodeShareHash } from '../../src/scenario/share.ts';
import { validateScenario, type ClusterScenario, type KafkaScenario, type QueueScenario } from '../../src/scenario/index.ts';
import { SHIPPED } from '../../src/app/scenarios.ts';

const DIR = 'test/fixtures/import';
const BAD = new Set(['bad-consumer.properties', 'sqs-bad-attributes.json']);

/** Never a crash, a stack trace or a raw control character; exit 2 says "error: " and prints no scenario. */
function clean(r: Outcome): void {
  expect([0, 2], r.stderr.slice(0, 300)).toContain(r.code);
  expect(STACK_LINE.test(r.stderr)).toBe(false);
  expect(CONTROL_CHARS.test(r.stdout) || CONTROL_CHARS.test(r.stderr)).toBe(false);
  if (r.code === 2) {
    expect(r.stderr.startsWith('error: '), r.stderr.slice(0, 200)).toBe(true);
    expect(r.stdout).toBe('');
  }
}

describe('npm run sim -- import', () => {
  it('imports every fixture: a valid scenario on stdout, the three lists on stderr; the imported scenario runs', () => {
    for (const f of readdirSync(DIR).filter((x) => !BAD.has(x))) {
      const r = runCli(['import', `${DIR}/${f}`]);
      clean(r);
      expect(r.code, `${f}: ${r.stderr.slice(0, 300)}`).toBe(0);
      const s = JSON.parse(r.stdout);
      expect(validateScenario(s).ok, f).toBe(true);
      expect(r.stderr).toMatch(/^import: .+ \(detected\) → model "(kafka|cluster|queue)": Imported /);
      expect(r.stderr).toMatch(/\napplied \(\d+\):\n/);
      expect(r.stderr).toMatch(/\nnot modelled \(\d+\):\n/);
      expect(r.stderr).toContain('\nrejected (0):\n');
      const run = runCli(['imported.json', '--duration', '20', '--set', 'warmup=0', '--json', '--no-timing'], { 'imported.json': r.stdout });
      expect(run.code, `${f}: ${run.stderr}`).toBe(0);
      expect(JSON.parse(run.stdout).scenario).toBe('imported');
    }
  });

  it('the report names each key, the field it set, and why the rest is not modelled', () => {
    const r = runCli(['import', `${DIR}/consumer.properties`]);
    expect(r.stderr).toContain('import: a Kafka client .properties file (detected) → model "kafka": Imported client settings (orders-service)');
    expect(r.stderr).toMatch(/ {2}max\.poll\.records = 200 +→ groups\.0\.max\.poll\.records = 200\n/);
    expect(r.stderr).toMatch(/ {2}sasl\.jaas\.config = \(hidden\) +connection and security: /);
    expect(r.stderr).toMatch(/ {2}isolation\.level = read_committed +read_committed needs transactions: the cluster model has them \(--model cluster\)\n/);
    expect(r.stderr).toContain('assumed (not in the input; QueueLab’s blank start):\n  topic: 6 partitions named orders\n');
    expect(r.stderr + r.stdout).not.toContain('change-me');
  });

  it('a rejected key exits 2 with the report (what is allowed); --skip-rejected imports without it', () => {
    const bad = runCli(['import', `${DIR}/sqs-bad-attributes.json`]);
    clean(bad);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('error: test/fixtures/import/sqs-bad-attributes.json: 3 keys rejected (listed below with what is allowed); fix them, or import without them with --skip-rejected');
    expect(bad.stderr).toMatch(/ {2}VisibilityTimeout = 86400 +must be an integer in \[0, 43200\] s \(queue\.VisibilityTimeout\)\n/);
    const skip = runCli(['import', `${DIR}/sqs-bad-attributes.json`, '--skip-rejected']);
    expect(skip.code).toBe(0);
    const q = (JSON.parse(skip.stdout) as QueueScenario).queue;
    expect(q).toMatchObject({ name: 'reports', VisibilityTimeout: 30, MessageRetentionPeriod: 345_600 });
    expect(skip.stderr).toContain('rejected (3):');
  });

  it('--format, --model, --queue and --out', () => {
    const written: Record<string, string> = {};
    const r = runCli(['import', `${DIR}/producer.properties`, '--format', 'properties', '--model', 'kafka', '--out', 'my.json'], undefined, written);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('(as named) → model "kafka"');
    expect(r.stderr.trimEnd().endsWith('wrote my.json')).toBe(true);
    expect((JSON.parse(written['my.json']) as KafkaScenario).producers[0]['batch.size']).toBe(65536);
    const q = runCli(['import', `${DIR}/rabbitmq-definitions.json`, '--queue', 'audit.events', '--format', 'rabbit']);
    expect((JSON.parse(q.stdout) as QueueScenario).queue.name).toBe('audit.events');
  });

  it('input that cannot be read, and bad options, exit 2 with a message', () => {
    const cases: [string[], Record<string, string> | undefined, string][] = [
      [['import'], undefined, 'error: no file given'],
      [['import', 'nope.txt'], {}, 'error: file not found: nope.txt'],
      [['import', 'a.txt'], { 'a.txt': 'Dear team,\nplease find attached.\n' }, 'error: cannot import a.txt: cannot tell what this is: expected a Kafka client .properties file'],
      [['import', 'a.json'], { 'a.json': '{"queues": [' }, 'error: cannot import a.json: not valid JSON'],
      [['import', 's.json'], { 's.json': readFileSync('scenarios/mm1.json', 'utf8') }, 'error: cannot import s.json: this is already a QueueLab scenario'],
      [['import', `${DIR}/consumer.properties`, '--format', 'yaml'], undefined, 'error: --format must be one of: properties, kafka-describe, rabbitmq, sqs (got "yaml")'],
      [['import', `${DIR}/consumer.properties`, '--model', 'queue'], undefined, 'error: cannot import test/fixtures/import/consumer.properties as a Kafka client .properties file: a Kafka client .properties file imports to the kafka or cluster model, not queue'],
      [['import', `${DIR}/consumer.properties`, '--model', 'station'], undefined, 'error: --model must be one of: kafka, cluster, queue (got "station")'],
      [['import', `${DIR}/consumer.properties`, '--bogus'], undefined, 'error: unknown option --bogus'],
      [['import', `${DIR}/rabbitmq-definitions.json`, '--queue', 'gone'], undefined, 'no queue named gone; the export has: orders, orders.dead, audit.events'],
      [['import', 'ctl.properties'], { 'ctl.properties': 'group.id=\u001b]0;pwned\u0007\nmax.poll.records=\u001b[2J\n' }, 'error: ctl.properties: 1 key rejected'],
    ];
    for (const [argv, files, message] of cases) {
      const r = runCli(argv, files);
      clean(r);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toContain(message);
    }
    const help = runCli(['import', '-h']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: npm run sim -- import <file>');
  });
});

describe('npm run sim -- export-properties', () => {
  it('writes the client settings with Kafka’s names, from a file or a link; they import back', () => {
    const r = runCli(['export-properties', 'scenarios/eager-vs-cooperative.json']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\ngroup.id=warehouse\npartition.assignment.strategy=org.apache.kafka.clients.consumer.RangeAssignor\n');
    const s = SHIPPED.find((x) => x.id === 'exactly-once')! as ClusterScenario;
    const link = runCli(['export-properties', `http://127.0.0.1:4173/${encodeShareHash(s)}`]);
    expect(link.code).toBe(0);
    expect(link.stdout).toMatch(/^acks=all$/m);
    const back = runCli(['import', 'p.properties'], { 'p.properties': link.stdout });
    expect(back.code, back.stderr).toBe(0);
    const p = s.producers[0];
    expect(JSON.parse(back.stdout).producers[0]).toMatchObject({ acks: p.acks, 'enable.idempotence': p['enable.idempotence'], 'linger.ms': p['linger.ms'], 'batch.size': p['batch.size'] });
    const written: Record<string, string> = {};
    expect(runCli(['export-properties', 'scenarios/retry-topics.json', '--out', 'c.properties'], undefined, written).code).toBe(0);
    expect(written['c.properties']).toContain('group.id=');
  });

  it('a scenario without Kafka clients, or an invalid one, exits 2', () => {
    const station = runCli(['export-properties', 'scenarios/mm1.json']);
    clean(station);
    expect(station.code).toBe(2);
    expect(station.stderr).toContain('a station scenario has no Kafka clients');
    const invalid = runCli(['export-properties', 'x.json'], { 'x.json': '{"version":1,"model":"kafka"}' });
    clean(invalid);
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('error: invalid scenario (x.json):');
    expect(runCli(['export-properties']).stderr).toContain('error: no scenario given');
  });
});
