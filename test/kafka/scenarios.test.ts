/**
 * Every shipped log-broker scenario shows its story's signature — the measurable effect the
 * catalog of stories names — and, where the story has one, its fix removes it.
 * Seeds are fixed; thresholds leave room for the run's randomness (noted where it matters).
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { load, run } from './helpers.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';


const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('littles-law', () => {
  it('time-average L equals λ·W, and both match M/M/1-per-consumer theory', () => {
    const s = load('littles-law');
    const m = createKafka(s);
    m.run(s.duration);
    const st = m.stats(0.999);
    const g = st.groups[0];
    const lam = st.lambda;
    // Little's law on the same window, tolerance from the three 99.9 % intervals.
    const tol = g.L.hw + lam.mean * g.W.hw + g.W.mean * lam.hw;
    expect(Math.abs(g.L.mean - lam.mean * g.W.mean)).toBeLessThan(tol);
    const r = buildKafkaSummary(s, m);
    expect(r.theory).not.toBeNull();
    expect(Math.abs(g.W.mean - r.theory!.W)).toBeLessThan(g.W.hw);
    expect(Math.abs(g.L.mean - r.theory!.L)).toBeLessThan(g.L.hw);
    // The article's numbers: λ ≈ 1000/s, W ≈ 50 ms, L ≈ 50.
    expect(r.theory!.W).toBeGreaterThan(0.045);
    expect(r.theory!.W).toBeLessThan(0.055);
    expect(r.lost + r.duplicates + r.skipped).toBe(0);
  });
});

describe('black-friday', () => {
  it('after the ×8 step the lag grows linearly at λ − μ ≈ 200 records/s and its age keeps growing', () => {
    const s = load('black-friday');
    const m = createKafka(s);
    m.run(400);
    const a = m.stats().groups[0];
    m.run(900);
    const b = m.stats().groups[0];
    const slope = (b.lagRecords - a.lagRecords) / 500;
    // Poisson noise on 500 s of ~1,400 events/s is ~1.7 records/s; commits add ≤ 5 s of offsets.
    expect(slope).toBeGreaterThan(180);
    expect(slope).toBeLessThan(220);
    expect(b.lagSeconds).toBeGreaterThan(a.lagSeconds + 100);
    expect(b.lost + b.skipped).toBe(0); // the broker itself is healthy
  });

  it('fetching is fair: each member drains its partitions in turn, and the lag age follows the fluid estimate', () => {
    const s = load('black-friday');
    const m = createKafka(s);
    m.run(900);
    const g = m.stats().groups[0];
    // Every member owns 2 partitions; under overload their backlogs stay within 25 % of each other
    // (starving one partition while the other is served gave 24,875 vs 2,076 records).
    for (const ps of Object.values(g.assignment)) {
      const lags = ps.map((p) => g.partitionLag[p]);
      expect(Math.max(...lags) / Math.min(...lags), JSON.stringify(lags)).toBeLessThan(1.25);
    }
    // Fluid estimate: after the step at 120 s, 800 records/s arrive and 600/s are applied, so the
    // record at the committed position was produced when cumulative input equalled cumulative
    // output — its age is (800 − 600)/800 × (t − 120) = 195 s at t = 900. The run adds up to one
    // auto-commit interval (5 s) and the oldest of 12 partitions (per-partition backlog noise
    // ≈ 300 records ≈ 4.5 s each, the maximum of 12 about +7 s): allow −5 s / +25 s.
    expect(g.lagSeconds).toBeGreaterThan(195 - 5);
    expect(g.lagSeconds).toBeLessThan(195 + 25);
  });

  it('fix: 12 consumers (one per partition) keep the lag bounded', () => {
    const { r } = run('black-friday', 'groups.0.members=12');
    expect(r.lagSeconds.max).toBeLessThan(15);
    expect(r.lagRecords.final).toBeLessThan(10_000);
  });
});

describe('overload-5pct', () => {
  it('the backlog grows by λ − μ ≈ 5 records every second', () => {
    const { m, s } = run('overload-5pct');
    const g = m.stats().groups[0];
    const owed = m.produced - g.applied;
    // Final backlog has sd ≈ sqrt((λ+μ)·T) ≈ 860 records, i.e. 0.24/s of slope; allow 4.5 sd.
    expect(owed / s.duration).toBeGreaterThan(5 - 1.1);
    expect(owed / s.duration).toBeLessThan(5 + 1.1);
  });

  it('fix: λ = 0.95 μ keeps it small', () => {
    const { m } = run('overload-5pct', 'producers.0.rate=95');
    expect(m.produced - m.stats().groups[0].applied).toBeLessThan(1000);
  });
});

describe('consumers-gt-partitions', () => {
  it('scaling 12 → 40 consumers leaves 28 idle and throughput flat', () => {
    const s = load('consumers-gt-partitions');
    const m = createKafka(s);
    m.run(55);
    const before = m.stats().groups[0].applied;
    m.run(120);
    const mid = m.stats().groups[0].applied;
    m.run(180);
    const g = m.stats().groups[0];
    expect(g.idleMembers).toBe(28);
    expect(Object.values(g.assignment).filter((ps) => ps.length === 1)).toHaveLength(12);
    expect(g.rebalances).toBe(2);
    // Same λ, same 12 busy consumers: the rate applied over the last minute equals the first.
    const rateBefore = before / 55;
    const rateAfter = (g.applied - mid) / 60;
    expect(Math.abs(rateAfter - rateBefore) / rateBefore).toBeLessThan(0.05);
  });
});

describe('hot-partition', () => {
  it('key = country puts one consumer at saturation while others idle', () => {
    const { r } = run('hot-partition');
    const g = r.groups.warehouse;
    const util = Object.values(g.utilization).map((u) => u ?? 0);
    expect(Math.max(...util)).toBeGreaterThan(0.95);
    expect(median(util)).toBeLessThan(0.35);
    const lags = g.partitionLag;
    expect(Math.max(...lags)).toBeGreaterThan(10 * Math.max(1, median(lags)));
  });

  it('fix: a fine-grained key (order id) spreads the load', () => {
    const { r } = run('hot-partition', 'producers.0.keys={"kind":"uniform","count":100000,"prefix":"order-"}');
    const util = Object.values(r.groups.warehouse.utilization).map((u) => u ?? 0);
    expect(Math.max(...util)).toBeLessThan(0.7);
    // Lag age is measured at the committed offset: start-up (initial rebalance delay and first
    // join) plus one auto-commit interval bound it; it must not grow.
    expect(r.lagSeconds.max).toBeLessThan(15);
    expect(r.lagSeconds.final).toBeLessThan(10);
  });
});

describe('thread-pool-reorder', () => {
  it('a 16-thread pool applies updates of the same key out of order, with no error logged', () => {
    const { r, m } = run('thread-pool-reorder');
    expect(r.orderingViolations).toBeGreaterThan(10);
    expect(r.lost + r.duplicates + r.skipped).toBe(0);
    expect(m.logEntries().filter((e) => e.level === 'ERROR')).toEqual([]);
  });

  it('fix: a keyed executor (hash(key) mod 16) keeps per-key order', () => {
    expect(run('thread-pool-reorder', 'groups.0.processing.mode=keyed').r.orderingViolations).toBe(0);
    expect(run('thread-pool-reorder', 'groups.0.processing.mode=sequential').r.orderingViolations).toBe(0);
  });
});

describe('commit-before-processing', () => {
  it('committing before processing loses the in-flight batch when the consumer crashes', () => {
    const { r } = run('commit-before-processing');
    expect(r.lost).toBeGreaterThan(50);
    expect(r.duplicates).toBe(0);
  });

  it('fix: committing after processing loses nothing but applies some records twice', () => {
    const { r } = run('commit-before-processing', 'groups.0.commit=after-processing');
    expect(r.lost).toBe(0);
    expect(r.duplicates).toBeGreaterThan(0);
    const idem = run('commit-before-processing', 'groups.0.commit=after-processing', 'groups.0.processing.idempotent=true').r;
    expect(idem.lost).toBe(0);
    expect(idem.duplicates).toBe(0);
    expect(idem.redeliveries).toBeGreaterThan(0);
  });
});

describe('retention-reset', () => {
  it('a consumer down longer than retention resets to latest and skips records, logged only at INFO', () => {
    const { r, m } = run('retention-reset');
    expect(r.skipped).toBeGreaterThan(15_000);
    const lines = m.logEntries();
    const reset = lines.filter((e) => e.text.startsWith('Resetting offset for partition orders-'));
    expect(reset.length).toBeGreaterThan(0);
    expect(reset.every((e) => e.level === 'INFO')).toBe(true);
    expect(reset[0].text).toMatch(/to position FetchPosition\{offset=\d+/);
  });

  it('fix: earliest replays what retention kept, skipping only deleted segments', () => {
    const latest = run('retention-reset').r;
    const earliest = run('retention-reset', 'groups.0.auto.offset.reset=earliest').r;
    expect(earliest.skipped).toBeLessThan(latest.skipped / 2);
    expect(earliest.groups.warehouse.applied).toBeGreaterThan(latest.groups.warehouse.applied + 10_000);
  });
});

describe('rebalance-storm', () => {
  it('500 × 700 ms batches exceed max.poll.interval.ms: repeated rebalances, failed commits, redone work', () => {
    const { r } = run('rebalance-storm');
    expect(r.rebalances).toBeGreaterThanOrEqual(4);
    expect(r.commitFailures).toBeGreaterThan(0);
    expect(r.duplicates).toBeGreaterThan(100);
    // Capacity is 3 consumers / 0.7 s ≈ 4.3 records/s; the storm wastes a large part of it.
    expect(r.throughput.mean!).toBeLessThan(0.8 * (3 / 0.7));
  });

  it('fix: max.poll.records = 50, or a longer max.poll.interval.ms, stops it', () => {
    for (const fix of ['groups.0.max.poll.records=50', 'groups.0.max.poll.interval.ms=900000']) {
      const { r } = run('rebalance-storm', fix);
      expect(r.rebalances, fix).toBe(1);
      expect(r.duplicates, fix).toBe(0);
      expect(r.commitFailures, fix).toBe(0);
    }
  });

  it('static membership avoids the rebalance only when a batch overruns by less than session.timeout.ms — and the batch is still redone', () => {
    // A static member sends no LeaveGroup on poll timeout, but its heartbeats stop: a ~50 s
    // overrun outlives the 45 s session, so the coordinator still expires it.
    expect(run('rebalance-storm', 'groups.0.static=true').r.rebalances).toBeGreaterThan(1);
    const longSession = run('rebalance-storm', 'groups.0.static=true', 'groups.0.session.timeout.ms=180000').r;
    expect(longSession.rebalances).toBe(1);
    // The client resets its generation on leaving (resetGenerationOnLeaveGroup): the late
    // commitSync fails, and on rejoining the member gives its partitions away as lost and fetches
    // them again from the committed offsets — the batch is processed twice.
    expect(longSession.commitFailures).toBeGreaterThan(0);
    expect(longSession.duplicates).toBeGreaterThan(500);
  });
});

describe('eager-vs-cooperative', () => {
  it('eager: every restart pauses all partitions; cooperative-sticky pauses only moved ones; static: no rebalance', () => {
    const eager = run('eager-vs-cooperative').r;
    const coop = run('eager-vs-cooperative', 'groups.0.partition.assignment.strategy=cooperative-sticky').r;
    const stat = run('eager-vs-cooperative', 'groups.0.static=true').r;
    // 6 leaves + 6 joins, plus the group's first rebalance.
    expect(eager.rebalances).toBe(13);
    expect(coop.rebalancePausedSeconds).toBeLessThan(eager.rebalancePausedSeconds / 2);
    expect(stat.rebalances).toBe(1);
    // Only the first rebalance's 3 s initial delay (12 partitions × ~3.1 s) remains.
    expect(stat.rebalancePausedSeconds).toBe(0);
    for (const r of [eager, coop, stat]) expect(r.lost + r.duplicates).toBe(0);
  });
});

describe('pubsub-groups', () => {
  it('each group reads every record with its own offsets; the slow group lags alone', () => {
    const { r, m } = run('pubsub-groups');
    const billing = r.groups.billing;
    const analytics = r.groups.analytics;
    expect(billing.applied).toBeGreaterThan(0.99 * m.produced);
    expect(analytics.applied).toBeGreaterThan(0.5 * m.produced);
    expect(billing.lagSeconds.max).toBeLessThan(15); // start-up + one auto-commit interval
    expect(billing.lagSeconds.final).toBeLessThan(10);
    // Analytics applies 250 of 300 records/s: its lag age is (300 − 250)/300 of the elapsed time,
    // 100 s after 600 s, plus up to one auto-commit interval and the oldest of its 6 partitions.
    expect(analytics.lagSeconds.final).toBeGreaterThan(100 - 5);
    expect(analytics.lagSeconds.final).toBeLessThan(100 + 25);
    expect(analytics.committed).not.toEqual(billing.committed);
    expect(Object.keys(billing.assignment)).toHaveLength(3);
    expect(Object.keys(analytics.assignment)).toHaveLength(2);
  });
});

describe('log-replay', () => {
  it('a group that joins late reads every record from the start, catches up in about backlog ÷ (capacity − input), and the first group does not notice — on every seed', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const s = load('log-replay', `seed=${seed}`);
      const m = createKafka(s);
      // Just after the join (plus the initial rebalance delay): the age of the oldest record of the log.
      m.run(310);
      const joined = m.stats().groups[1];
      expect(joined.lagSeconds, `seed ${seed}`).toBeGreaterThan(290);
      // Catch-up: 60,000 records at 800 − 200 = 600/s net is 100 s; allow the join and noise.
      let caughtUp = Infinity;
      for (let t = 320; t <= s.duration; t += 5) {
        m.run(t);
        if (m.stats().groups[1].lagSeconds < 5) {
          caughtUp = t;
          break;
        }
      }
      expect(caughtUp - 300, `seed ${seed}`).toBeGreaterThan(90);
      expect(caughtUp - 300, `seed ${seed}`).toBeLessThan(130);
      m.run(s.duration);
      const r = buildKafkaSummary(s, m);
      // Everything produced is read by both groups, and everything is still stored.
      // (The lag counts from the committed offset, so it includes records applied but not yet committed.)
      expect(r.groups.analytics.applied).toBeGreaterThanOrEqual(r.produced - r.groups.analytics.lagRecords.final);
      expect(r.groups.analytics.applied).toBeLessThanOrEqual(r.produced);
      expect(r.groups.warehouse.lagSeconds.max, `seed ${seed}`).toBeLessThan(15);
      expect(r.partitions.reduce((a, p) => a + p.logEnd - p.logStart, 0)).toBe(r.produced);
      expect(r.lost + r.duplicates + r.skipped).toBe(0);
    }
  });
});
