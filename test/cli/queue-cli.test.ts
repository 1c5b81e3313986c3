/**
 * The CLI runs queue scenarios through the registry like any other: `--json` prints the summary
 * (byte-identical per seed with --no-timing), the table stays bounded with a thousand consumers,
 * and a bad queue field exits 2 naming the field.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { outcomeProblems, runCli } from './harness.ts';
import type { QueueSummary } from '../../src/run/models/queue/data.ts';

const SQS = 'test/fixtures/queue-sqs.json';
const RABBIT = 'test/fixtures/queue-rabbitmq.json';

describe('npm run sim with a queue scenario', () => {
  it('--json prints the summary, the same bytes on every run of a seed', () => {
    for (const file of [SQS, RABBIT]) {
      const a = runCli([file, '--json', '--no-timing']);
      expect(outcomeProblems(a)).toEqual([]);
      expect(a.code).toBe(0);
      const r = JSON.parse(a.stdout) as QueueSummary;
      expect(r.model).toBe('queue');
      expect(r.produced).toBe(r.delayed + r.visible + r.inFlight + r.retrying + r.dlqDepth + r.deleted + r.expired + r.dropped + r.parked);
      expect(Object.keys(r).slice(0, 8)).toEqual(['scenario', 'model', 'flavour', 'seed', 'simTime', 'warmup', 'window', 'events']);
      expect(runCli([file, '--json', '--no-timing']).stdout).toBe(a.stdout);
    }
  });

  it('prints a readable table and the event log', () => {
    const r = runCli([SQS, '--no-timing', '--log']);
    expect(outcomeProblems(r)).toEqual([]);
    expect(r.stdout).toContain('SQS standard queue orders (VisibilityTimeout 30 s)');
    expect(r.stdout).toMatch(/^W {4}sent → deleted/m);
    expect(r.stdout).toContain('visibility timeout of m-');
    const q = runCli([RABBIT, '--no-timing']);
    expect(q.stdout).toContain('RabbitMQ quorum queue orders');
    expect(q.stdout).toMatch(/requeued \d+/);
  });

  it('a bad queue field exits 2, naming the field and what is allowed', () => {
    const raw = JSON.parse(readFileSync(SQS, 'utf8'));
    const bad = (queue: unknown, extra: Record<string, unknown> = {}) => runCli(['bad.json'], { 'bad.json': JSON.stringify({ ...raw, queue, ...extra }) });
    const vt = bad({ ...raw.queue, VisibilityTimeout: -1 });
    expect(outcomeProblems(vt)).toEqual([]);
    expect(vt.code).toBe(2);
    expect(vt.stderr).toContain('queue.VisibilityTimeout: must be an integer in [0, 43200] s');
    const limit = bad({ type: 'rabbitmq', 'x-delivery-limit': 3 });
    expect(limit.code).toBe(2);
    expect(limit.stderr).toContain('queue.x-delivery-limit: must be null for a classic queue');
    const poll = bad({ type: 'sqs' }, { timing: { 'rtt.ms': 0 } });
    expect(poll.code).toBe(2);
    expect(poll.stderr).toContain('timing.rtt.ms: must be more than 0 when pool worker short-polls');
  });

  it('stays bounded with a thousand consumers: 40 listed, the rest summed; --json lists 40', () => {
    const s = {
      version: 1,
      model: 'queue',
      id: 'crowd',
      duration: 20,
      queue: { type: 'rabbitmq' },
      producers: [{ name: 'p', rate: 2000 }],
      consumers: [{ name: 'worker', count: 1000, processing: { time: { type: 'exponential', mean: 0.25 } }, prefetch: 1 }],
    };
    const r = runCli(['crowd.json', '--no-timing'], { 'crowd.json': JSON.stringify(s) });
    expect(outcomeProblems(r)).toEqual([]);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(70);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(200);
    expect(lines.filter((l) => /^ {2}worker-\d+ /.test(l))).toHaveLength(40);
    expect(r.stdout).toContain('  … and 960 more consumers (--json lists the first 40)');
    const j = JSON.parse(runCli(['crowd.json', '--json', '--no-timing'], { 'crowd.json': JSON.stringify(s) }).stdout) as QueueSummary;
    expect(j.consumers).toHaveLength(40);
    expect(j.pools[0].total).toBe(1000);
  });
});
