/**
 * The lag-driven autoscaler (KEDA's Kafka scaler + a Kubernetes HPA) and the autoscale-by-lag
 * story: scaling a 12-partition group to 40 pods leaves 28 idle, keeps throughput at 12 consumers'
 * worth, and pays a rebalance for every step; 40 partitions planned ahead let the same autoscaler
 * help, and KEDA's default cap (allowIdleConsumers false) keeps the group at 12 pods.
 */
import { describe, expect, it } from 'vitest';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { decodeShare, encodeShareHash } from '../../src/scenario/share.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import type { KafkaModel } from '../../src/sim/model/kafka/kafka-model.ts';
import { load, run } from './helpers.ts';

/** Records applied per second by the first group between t0 and t1 (runs the model on to t1). */
function outRate(m: KafkaModel, t0: number, t1: number): number {
  m.run(t0);
  const a = m.groups[0].applied;
  m.run(t1);
  return (m.groups[0].applied - a) / (t1 - t0);
}

/**
 * The replica counts the HPA and KEDA set, in order, with when: the model is run second by second
 * (every decision falls on a whole second here) and the autoscaler's target read after each.
 */
function decisions(s: KafkaScenario): { m: KafkaModel; steps: { t: number; n: number }[] } {
  const m = createKafka(s);
  const steps: { t: number; n: number }[] = [];
  let last = s.groups[0].members;
  for (let t = 0; t <= s.duration; t++) {
    m.run(t + 0.5);
    const n = m.groups[0].autoscaler!.target;
    if (n !== last) steps.push({ t, n });
    last = n;
  }
  return { m, steps };
}

const MU = 100; // 1 / processing.time.mean: records a consumer applies per second

describe('autoscale-by-lag: the story and its fix, across seeds', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: 40 pods on 12 partitions — 28 idle, throughput flat at 12 consumers, a rebalance per step, worse peak lag than no scaling`, () => {
      const broken = run('autoscale-by-lag', `seed=${seed}`);
      const a = broken.r.groups.warehouse.autoscaler!;
      expect(a.maxReplicas).toBe(40);
      expect(a.replicas).toBe(40);
      expect(broken.r.groups.warehouse.members).toBe(40);
      expect(broken.r.idleConsumers).toBe(28);
      expect(broken.r.groups.warehouse.maxIdleConsumers).toBe(28);
      // 12 → 16 → 22 → 31 → 40: four scale-ups, each one rebalance (eager range assignor).
      expect(a.scaleUps).toBe(4);
      expect(a.rebalances).toBe(4);
      expect(broken.r.rebalances).toBe(5);
      expect(broken.r.rebalancePausedSeconds).toBeGreaterThan(50);
      // Every step within the HPA's default rate limit: up by at most max(4 pods, 100 %) per 15 s.
      const { steps } = decisions(broken.s);
      expect(steps).toHaveLength(4);
      // The lesson's staircase (the steps follow the lag, so other seeds differ by a pod or a few).
      if (seed === 1) expect(steps).toEqual([{ t: 75, n: 16 }, { t: 90, n: 22 }, { t: 105, n: 31 }, { t: 120, n: 40 }]);
      let prev = 12;
      for (const s of steps) {
        expect(s.n).toBeLessThanOrEqual(Math.max(prev + 4, 2 * prev));
        prev = s.n;
      }
      expect(prev).toBe(40);

      // Throughput with 40 members and a backlog of tens of thousands: 12 consumers' worth.
      const again = createKafka(load('autoscale-by-lag', `seed=${seed}`));
      const flat = outRate(again, 140, 180);
      expect(flat).toBeGreaterThan(0.85 * 12 * MU);
      expect(flat).toBeLessThan(1.05 * 12 * MU);

      // KEDA's default cap (allowIdleConsumers false): no scaling past 12, no idle pod, no extra
      // rebalance — and a lower peak lag than the run that scaled to 40.
      const capped = run('autoscale-by-lag', `seed=${seed}`, 'groups.0.autoscaler.allowIdleConsumers=false');
      expect(capped.r.groups.warehouse.autoscaler!.maxReplicas).toBe(12);
      expect(capped.r.groups.warehouse.autoscaler!.rebalances).toBe(0);
      expect(capped.r.groups.warehouse.maxIdleConsumers).toBe(0);
      expect(capped.r.rebalances).toBe(1);
      expect(broken.r.lagRecords.max).toBeGreaterThan(1.05 * capped.r.lagRecords.max);

      // The fix: 40 partitions planned ahead. The same autoscaler now adds consumers that read.
      const fixed = run('autoscale-by-lag', `seed=${seed}`, 'topic.partitions=40');
      expect(fixed.r.groups.warehouse.maxIdleConsumers).toBe(0);
      expect(fixed.r.idleConsumers).toBe(0);
      expect(fixed.r.lagRecords.max).toBeLessThan(0.5 * broken.r.lagRecords.max);
      const more = createKafka(load('autoscale-by-lag', `seed=${seed}`, 'topic.partitions=40'));
      expect(outRate(more, 100, 130)).toBeGreaterThan(1.5 * 12 * MU);
      for (const r of [broken.r, capped.r, fixed.r]) expect(r.lost + r.duplicates + r.skipped).toBe(0);
    });
  }
});

/** A small autoscaled scenario: one producer, a 12-partition topic, one group. */
function scenario(over: Partial<KafkaScenario['groups'][number]['autoscaler']>, extra: Record<string, unknown> = {}, members = 2): KafkaScenario {
  const raw = {
    version: 1,
    model: 'kafka',
    id: 'autoscaler-unit',
    seed: 3,
    duration: 600,
    warmup: 0,
    topic: { name: 'orders', partitions: 12 },
    producers: [{ name: 'p', rate: 600, keys: { kind: 'uniform', count: 10000 } }],
    groups: [{ 'group.id': 'g', members, processing: { time: { type: 'exponential', mean: 0.01 } }, autoscaler: { enabled: true, minReplicaCount: 1, ...over } }],
    ...Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== undefined)),
  };
  const r = validateScenario(raw);
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  return r.scenario as KafkaScenario;
}

function runTo(s: KafkaScenario, t = s.duration) {
  const m = createKafka(s);
  m.run(t);
  return { m, r: buildKafkaSummary(s, m) };
}

describe('KEDA’s Kafka scaler', () => {
  it('caps the replicas at the partition count unless allowIdleConsumers (lagThreshold 10 asks for hundreds)', () => {
    // 2 members at 100/s each against 600/s: the lag grows without bound.
    const capped = runTo(scenario({ maxReplicaCount: 100 }), 120);
    expect(capped.r.groups.g.autoscaler!.maxReplicas).toBe(12);
    const uncapped = runTo(scenario({ maxReplicaCount: 100, allowIdleConsumers: true }), 120);
    expect(uncapped.r.groups.g.autoscaler!.maxReplicas).toBe(100);
  });

  it('limitToPartitionsWithLag caps at the partitions that have lag', () => {
    // Three keys: at most three partitions ever get records.
    const s = scenario({ maxReplicaCount: 100, limitToPartitionsWithLag: true }, { producers: [{ name: 'p', rate: 600, keys: { kind: 'coarse', values: ['US', 'DE', 'FR'] } }] });
    const { r } = runTo(s, 120);
    const withRecords = r.partitions.filter((p) => p.logEnd > 0).length;
    expect(withRecords).toBeLessThanOrEqual(3);
    expect(r.groups.g.autoscaler!.maxReplicas).toBeLessThanOrEqual(Math.max(2, withRecords));
  });

  it('scales to zero after cooldownPeriod without lag, and from zero once lag passes activationLagThreshold', () => {
    // Nothing produced until t = 300 s, then 50/s.
    const s = scenario(
      { minReplicaCount: 0, cooldownPeriod: 60, activationLagThreshold: 100 },
      { producers: [{ name: 'p', rate: 0, profile: [{ at: 300, rate: 50 }], keys: { kind: 'uniform', count: 10000 } }] },
    );
    const { m, steps } = decisions(s);
    // Never active: KEDA scales to 0 at its first poll (t = 30 s; initialCooldownPeriod 0), and the
    // group is empty until the producer starts.
    expect(steps[0]).toEqual({ t: 30, n: 0 });
    // Lag passes 100 records 2 s after the step; the next poll (t = 330 s) scales to 1, and the
    // HPA, reconciling at the same instant, takes it from there.
    expect(steps[1].t).toBe(330);
    expect(steps[1].n).toBeGreaterThanOrEqual(1);
    expect(m.logEntries().some((e) => e.t === 330 && e.source === 'keda-operator' && e.text.includes('Original Replicas Count 0, New Replicas Count 1'))).toBe(true);
    const r = buildKafkaSummary(s, m);
    expect(r.groups.g.autoscaler!.replicas).toBeGreaterThanOrEqual(1);
    expect(r.lagRecords.final).toBeLessThan(1000);
    // With lag it never went back to 0: the trigger stayed active.
    expect(steps.slice(2).every((x) => x.n > 0)).toBe(true);
  });

  it('scales down only after the HPA’s stabilization window, to the highest recommendation in it', () => {
    // A 60 s surge: up to 40 pods; once the lag is gone the recommendation falls to the minimum,
    // 8 pods, which keep up with the 600/s after it.
    const s = scenario(
      { minReplicaCount: 8, maxReplicaCount: 40, lagThreshold: 1000, allowIdleConsumers: true, stabilizationWindowSeconds: 120 },
      { topic: { name: 'orders', partitions: 40 }, groups: undefined, faults: [{ at: 30, kind: 'load-spike', target: '*', factor: 4, duration: 60 }], duration: 600 },
      8,
    );
    const { m, steps } = decisions(s);
    const ups = steps.filter((x, i) => x.n > (i === 0 ? 8 : steps[i - 1].n));
    const downs = steps.filter((x, i) => x.n < (i === 0 ? 8 : steps[i - 1].n));
    expect(ups.length).toBeGreaterThan(0);
    expect(downs.length).toBeGreaterThan(0);
    expect(downs[0].t - ups.at(-1)!.t).toBeGreaterThanOrEqual(120);
    // No flapping: once down, it stays down.
    expect(downs.at(-1)!.t).toBeGreaterThan(ups.at(-1)!.t);
    const r = buildKafkaSummary(s, m);
    expect(r.groups.g.autoscaler!.replicas).toBe(8);
    // Pods were deleted gracefully: their consumers sent LeaveGroup and nothing was lost. (A pod
    // deleted in the middle of a batch has not committed it: the batch's new owner applies it
    // again, as with any close() that does not wait for the batch.)
    expect(m.logEntries().some((e) => e.text.includes('LeaveGroup'))).toBe(true);
    expect(r.lost).toBe(0);
  });

  it('counts the rebalances its pods set off — with cooperative-sticky too, follow-ups included', () => {
    const eager = run('autoscale-by-lag');
    const coop = run('autoscale-by-lag', 'groups.0.partition.assignment.strategy=cooperative-sticky');
    expect(eager.r.groups.warehouse.autoscaler!.rebalances).toBe(eager.r.groups.warehouse.autoscaler!.scaleUps);
    const c = coop.r.groups.warehouse.autoscaler!;
    expect(c.rebalances).toBeGreaterThanOrEqual(c.scaleUps);
    // Without the autoscaler none is counted.
    const off = run('autoscale-by-lag', 'groups.0.autoscaler.enabled=false');
    expect(off.r.groups.warehouse.autoscaler).toBeNull();
    expect(off.r.rebalances).toBe(1);
  });
});

describe('determinism', () => {
  it('a share link replays the run exactly, and running in chunks gives the same numbers', () => {
    const s = load('autoscale-by-lag');
    const decoded = decodeShare(encodeShareHash(s));
    expect(decoded.ok).toBe(true);
    const a = runTo(s).r;
    const b = runTo(decoded.ok ? (decoded.scenario as KafkaScenario) : s).r;
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const m = createKafka(s);
    for (let t = 7.3; t < s.duration; t += 7.3) m.run(t, 5000);
    m.run(s.duration);
    expect(JSON.stringify(buildKafkaSummary(s, m))).toBe(JSON.stringify(a));
  });
});

describe('validation', () => {
  const errs = (over: Record<string, unknown>, members = 2) => {
    const r = validateScenario({
      version: 1,
      model: 'kafka',
      duration: 100,
      topic: { partitions: 4 },
      producers: [{ rate: 10 }],
      groups: [{ 'group.id': 'g', members, processing: { time: { type: 'exponential', mean: 0.01 } }, autoscaler: { enabled: true, ...over } }],
    });
    return r.ok ? [] : r.errors.map(formatError);
  };
  it('names the field and the range', () => {
    expect(errs({ lagThreshold: 0 })[0]).toMatch(/^groups\.0\.autoscaler\.lagThreshold: must be an integer in \[1, 1000000000\]/);
    expect(errs({ maxReplicaCount: 5000 })[0]).toMatch(/^groups\.0\.autoscaler\.maxReplicaCount: must be an integer in \[1, 1000\]/);
    expect(errs({ podStartup: -1 })[0]).toMatch(/^groups\.0\.autoscaler\.podStartup: must be a number in \[0, 600\] s/);
    expect(errs({ minReplicaCount: 10, maxReplicaCount: 5 })[0]).toMatch(/^groups\.0\.autoscaler\.minReplicaCount: must be at most maxReplicaCount \(5\)/);
    expect(errs({ allowIdleConsumers: true, limitToPartitionsWithLag: true })[0]).toMatch(/^groups\.0\.autoscaler\.limitToPartitionsWithLag: cannot be true together with allowIdleConsumers/);
    expect(errs({ minReplicaCount: 3, maxReplicaCount: 5 }, 8)[0]).toMatch(/^groups\.0\.members: must be between autoscaler\.minReplicaCount and autoscaler\.maxReplicaCount \(3 … 5\)/);
    expect(errs({ minReplicaCount: 3, maxReplicaCount: 5 }, 4)).toEqual([]);
  });
  it('lets faults name the consumers the autoscaler may start', () => {
    const r = validateScenario({
      version: 1,
      model: 'kafka',
      duration: 100,
      topic: { partitions: 4 },
      producers: [{ rate: 10 }],
      groups: [{ 'group.id': 'g', members: 2, processing: { time: { type: 'exponential', mean: 0.01 } }, autoscaler: { enabled: true, maxReplicaCount: 6 } }],
      faults: [{ at: 50, kind: 'crash', target: 'g-8' }],
    });
    expect(r.ok).toBe(true);
  });
});
