/**
 * Every shipped queue-broker scenario shows its story's signature — the measurable effect
 * shared/design/catalog.md names — on every one of SEEDS, and its lesson's fix (or contrast)
 * removes it. Thresholds are set from the mechanism (the closed form or a count the scenario
 * fixes), with the margin each comment gives; a run is the shipped file with `seed` overridden.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import type { QueueScenario } from '../../src/scenario/schema.ts';
import { runScenarioWithLog } from '../../src/run/run.ts';
import type { QueueSummary } from '../../src/run/models/queue/data.ts';
import type { LogEntry } from '../../src/sim/model/kafka/event-log.ts';
import { lessonFix } from '../content/prose-numbers/ledger.ts';

const SEEDS = [1, 2, 3, 4, 5];

function load(id: string, ...sets: string[]): QueueScenario {
  let raw: unknown = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
  for (const o of sets) raw = applyOverride(raw, parseOverride(o));
  const v = validateScenario(raw);
  if (!v.ok) throw new Error(`${id} ${sets.join(' ')}: ${v.errors.map(formatError).join('; ')}`);
  if (v.scenario.model !== 'queue') throw new Error(`${id} is not a queue scenario`);
  return v.scenario;
}

interface Run {
  s: QueueScenario;
  r: QueueSummary;
  log: LogEntry[];
}

function run(id: string, seed: number, ...sets: string[]): Run {
  const s = load(id, `seed=${seed}`, ...sets);
  const { summary, log } = runScenarioWithLog(s);
  return { s, r: summary as QueueSummary, log };
}

/** The scenario with its lesson's fix. */
const fixed = (id: string, seed: number, ...more: string[]) => run(id, seed, ...lessonFix(id), ...more);

/** Conservation: every message produced is in exactly one state. */
function conserved(r: QueueSummary): void {
  expect(r.delayed + r.visible + r.inFlight + r.retrying + r.dlqDepth + r.deleted + r.expired + r.dropped + r.parked).toBe(r.produced);
}

const poolOf = (r: QueueSummary, name: string) => r.pools.find((p) => p.name === name)!;

describe.each(SEEDS)('seed %i', (seed) => {
  it('lease-too-short: past the 30 s lease, messages are received again, rendered twice and the oldest grows old; a heartbeat stops it', () => {
    const a = run('lease-too-short', seed);
    conserved(a.r);
    // Before the slowdown p99 of rendering is ≈ 23 s < 30 s; after it nearly every render (45 s,
    // cv 0.2: P(< 30 s) ≈ 2 %) outlasts its lease, so hundreds of leases run out over 900 s.
    expect(a.r.leaseExpiries).toBeGreaterThan(200);
    expect(a.r.duplicates).toBeGreaterThan(100);
        expect(a.r.staleDeletes).toBeGreaterThan(0);
    // Receive counts climb: hundreds of messages are received a second, third, fourth time.
    expect(a.r.redeliveries).toBeGreaterThan(200);
    // The copies fill the 60 workers and the oldest message waits for minutes (healthy: < 60 s).
    expect(a.r.oldestAgeMax).toBeGreaterThan(120);
    expect(a.r.lost).toBe(0);

    const b = fixed('lease-too-short', seed);
    conserved(b.r);
    // Extended every 10 s by 30 s, no lease can run out while a worker holds its message.
    expect(b.r.leaseExpiries).toBe(0);
    expect(b.r.duplicates).toBe(0);
    expect(b.r.leaseExtensions).toBeGreaterThan(0);
    // 1/s × 45 s = 45 busy workers of 60 during the slowdown: the age stays near one render (45 s, p99 ≈ 70 s).
    expect(b.r.oldestAgeMax).toBeLessThan(100);
  });

  it('prefetch: at prefetch 1 a 20 ms round trip caps the workers below the input; prefetch 10 keeps up; prefetch 0 hoards at the slow worker', () => {
    const a = run('prefetch', seed);
    conserved(a.r);
    // Capacity at prefetch 1: 4 / (5 ms + 20 ms) + 1 / (200 ms + 20 ms) ≈ 164.5/s, against 300/s.
    expect(a.r.throughput.mean!).toBeGreaterThan(150);
    expect(a.r.throughput.mean!).toBeLessThan(180);
    // The backlog grows ≈ 135/s for 300 s: tens of thousands, and the oldest waits ~minutes.
    expect(a.r.depth.final).toBeGreaterThan(30_000);
    expect(a.r.oldestAge).toBeGreaterThan(100);

    const b = fixed('prefetch', seed);
    // Prefetch 10 at the fast workers: 4 × 200/s of capacity; the throughput is the input (±3 % noise).
    expect(b.r.throughput.mean!).toBeGreaterThan(0.97 * b.r.lambda.mean!);
    expect(b.r.oldestAgeMax).toBeLessThan(5);

    const c = run('prefetch', seed, 'consumers.0.prefetch=0', 'consumers.1.prefetch=0');
    // Unlimited prefetch: dealt round robin, the slow worker gets 1/5 of 300/s and does 5/s — its
    // unacked pile grows ≈ 55/s; the fast workers hold almost nothing.
    const slow = c.r.consumers.find((x) => x.name === 'slow-1')!;
    const fast = c.r.consumers.filter((x) => x.name.startsWith('fast-'));
    expect(slow.held).toBeGreaterThan(5_000);
    for (const f of fast) expect(f.held).toBeLessThan(50);
  });

  it('pooling: the shared queue waits as M/M/10 says, far below ten M/M/1 queues; dealing jobs out at arrival (prefetch 0) waits much longer', () => {
    const a = run('pooling', seed);
    const th = a.r.theory;
    expect(th.mmc).not.toBeNull();
    expect(th.partitioned).not.toBeNull();
    // The simulated Wq lies within its 95 % interval of Erlang C (0.205 s), widened by 50 % so that
    // one seed in twenty does not fail by chance…
    expect(Math.abs(a.r.Wq.mean! - th.mmc!.Wq)).toBeLessThan(1.5 * a.r.Wq.hw!);
    // …and far below the 4 s of the partitioned value.
    expect(a.r.Wq.mean!).toBeLessThan(0.25 * th.partitioned!.Wq);

    const b = fixed('pooling', seed);
    // Prefetch 0: each worker gets every tenth job (E10/M/1: Wq ≈ 1.92 s); the broker's own wait is gone.
    expect(b.r.Wq.mean!).toBeLessThan(0.05);
    expect(b.r.W.mean!).toBeGreaterThan(a.r.W.mean! + 1);
    expect(b.r.W.mean!).toBeLessThan(1 + th.partitioned!.Wq);
  });

  it('dlq-replay-loop: each redrive sends the same 20 messages round again; with maxReplays 1 they are parked', () => {
    const a = run('dlq-replay-loop', seed);
    conserved(a.r);
    const redrives = a.s.faults.filter((f) => f.kind === 'redrive').length;
    expect(a.r.deadLettered).toBe(20 * (1 + redrives));
    expect(a.r.redriven).toBe(20 * redrives);
    expect(a.r.dlqDepth).toBe(20);
    expect(a.r.parked).toBe(0);

    const b = fixed('dlq-replay-loop', seed);
    conserved(b.r);
    // One replay, then parked: 40 moves, and the DLQ ends empty.
    expect(b.r.deadLettered).toBe(40);
    expect(b.r.redriven).toBe(20);
    expect(b.r.parked).toBe(20);
    expect(b.r.dlqDepth).toBe(0);
  });

  it('fifo-groups: the stuck message blocks its own group only; a redrive policy unblocks it', () => {
    const a = run('fifo-groups', seed);
    conserved(a.r);
    // account-3 gets 1/8 of 20/s: its messages pile up behind the poison from t ≈ 60 s to the end.
    const blockedFor = a.s.duration - 60;
    expect(a.r.oldestAge).toBeGreaterThan(blockedFor - 40);
    expect(a.r.visible).toBeGreaterThan(0.8 * (20 / 8) * blockedFor);
    // Everyone else flows: the input minus account-3's share is processed (±5 % noise).
    expect(a.r.throughput.mean!).toBeGreaterThan(0.95 * (7 / 8) * a.r.lambda.mean!);
    expect(a.r.throughput.mean!).toBeLessThan(0.92 * a.r.lambda.mean!);
    // Received again every 30 s for ~540 s.
    expect(a.r.leaseExpiries).toBeGreaterThan(10);
    expect(a.r.duplicates).toBe(0);

    const b = fixed('fifo-groups', seed);
    conserved(b.r);
    expect(b.r.dlqDepth).toBe(1);
    // Three receives 30 s apart, then the group drains: at most ~2 minutes old.
    expect(b.r.oldestAgeMax).toBeLessThan(130);
    expect(b.r.oldestAge).toBeLessThan(5);
  });

  it('priority: an export flood delays everything behind it; a priority queue changes who waits, not how long in all', () => {
    const a = run('priority', seed);
    conserved(a.r);
    // 85/s against a capacity of 60/s for 120 s: ≈ 3,000 waiting at the peak, the oldest ≈ 50 s.
    expect(a.r.depth.max).toBeGreaterThan(2_000);
    expect(a.r.oldestAgeMax).toBeGreaterThan(30);
    // Without priorities payments wait like everything else: their mean W within a factor 2 of analytics'.
    const [payA, bulkA] = a.r.producers;
    expect(payA.W.mean!).toBeGreaterThan(0.5 * bulkA.W.mean!);
    const b = fixed('priority', seed);
    conserved(b.r);
    // The same messages, the same service times: the backlog is the same…
    expect(b.r.depth.max).toBe(a.r.depth.max);
    // …and so is the mean wait (work conservation: with equal service times the order of service
    // does not change the mean), within the runs' intervals.
    expect(Math.abs(b.r.W.mean! - a.r.W.mean!)).toBeLessThan(0.05 * a.r.W.mean!);
    // What moves is who waits: payments (a ninth of the load) skip the flood — their mean W falls
    // below 0.5 s (service 0.1 s plus at most one service time of wait for a worker), their p99
    // below 1 s — and analytics waits a little longer.
    const [payB, bulkB] = b.r.producers;
    expect(payB.W.mean!).toBeLessThan(0.5);
    expect(payB.p99!).toBeLessThan(1);
    expect(bulkB.W.mean!).toBeGreaterThan(bulkA.W.mean!);
  });

  it('delayed-delivery: immediate requeues burn the delivery limit and drop jobs; a retry queue with a TTL loses none', () => {
    const a = run('delayed-delivery', seed);
    conserved(a.r);
    expect(a.r.dropped).toBeGreaterThan(100);
    const b = fixed('delayed-delivery', seed);
    conserved(b.r);
    expect(b.r.lost).toBe(0);
    expect(b.r.dlqDepth).toBe(0);
    // ≈ 21 attempts per job before the limit drops it, against ≈ 2 with a 30 s wait in a 90 s outage.
    expect(b.r.failures).toBeLessThan(0.5 * a.r.failures);
    expect(a.r.dropped).toBeLessThan(a.r.failures / 15);
  });

  it('log-vs-queue: a second reader takes messages away from the first; the broker stores only what is unacknowledged', () => {
    const a = run('log-vs-queue', seed);
    conserved(a.r);
    const w = poolOf(a.r, 'warehouse').processed;
    const x = poolOf(a.r, 'analytics').processed;
    expect(x).toBeGreaterThan(0.2 * w);
    expect(a.r.duplicates).toBe(0);
    expect(a.r.stored).toBeLessThan(0.01 * a.r.produced);
  });
});
