/** Validation and the cost estimate of the outbox model: messages name the field and its range. */
import { describe, expect, it } from 'vitest';
import { formatError, validateScenario } from '../../src/scenario/validate.ts';
import { costOf } from '../../src/scenario/budget.ts';
import type { OutboxScenario } from '../../src/scenario/schema.ts';
import { createOutbox } from '../../src/run/models/outbox/entry.ts';
import { BASE as base } from './helpers.ts';


function errors(patch: (s: typeof base & Record<string, unknown>) => unknown): string[] {
  const s = JSON.parse(JSON.stringify(base));
  const r = validateScenario(patch(s) ?? s);
  return r.ok ? [] : r.errors.map(formatError);
}

describe('outbox scenario validation', () => {
  it('fills the documented defaults (Kafka, Debezium and Kafka Connect names and defaults; QueueLab’s polling relay)', () => {
    const r = validateScenario(base);
    expect(r.ok).toBe(true);
    const s = (r as { scenario: OutboxScenario }).scenario;
    expect(s.mode).toBe('dual-write');
    expect(s.topic).toBe('orders');
    expect(s.publish['delivery.timeout.ms']).toBe(120_000);
    expect(s.relay).toEqual({ kind: 'polling', pollInterval: 1, batchSize: 100, 'poll.interval.ms': 500, 'max.batch.size': 2048, 'offset.flush.interval.ms': 60_000 });
    expect(s.consumer).toEqual({ idempotent: false, time: { type: 'deterministic', mean: 0.001 } });
    expect(s.db.failureRate).toBe(0);
    expect(s.app.arrivals).toBe('poisson');
  });

  it('names the field and the allowed range', () => {
    expect(errors((s) => ({ ...s, mode: 'two-phase-commit' }))).toEqual(['mode: must be one of: "dual-write", "publish-first", "outbox" (got "two-phase-commit")']);
    expect(errors((s) => ({ ...s, relay: { kind: 'polling', pollInterval: 0 } }))).toEqual(['relay.pollInterval: must be a number in (0, 3600] s (got 0)']);
    expect(errors((s) => ({ ...s, relay: { batchSize: 0 } }))).toEqual(['relay.batchSize: must be an integer in [1, 100000] (got 0)']);
    expect(errors((s) => ({ ...s, relay: { 'offset.flush.interval.ms': 0 } }))).toEqual(['relay.offset.flush.interval.ms: must be an integer in [1, 86400000] ms (got 0)']);
    expect(errors((s) => ({ ...s, publish: { ...s.publish, 'delivery.timeout.ms': 0 } }))).toEqual(['publish.delivery.timeout.ms: must be an integer in [1, 2147483647] ms (got 0)']);
    expect(errors((s) => ({ ...s, db: { ...s.db, failureRate: 1.5 } }))).toEqual(['db.failureRate: must be a number in [0, 1] (got 1.5)']);
    expect(errors((s) => ({ ...s, faults: [{ at: 5, kind: 'relay-crash', point: 'after-mark' }] }))[0]).toBe('faults.0.point: must be one of: "any", "before-mark" (got "after-mark")');
    expect(errors((s) => ({ ...s, faults: [{ at: 5, kind: 'meteor' }] }))[0]).toBe('faults.0.kind: must be one of: app-crash, relay-crash, broker-outage, db-slowdown, load-spike (got "meteor")');
    expect(errors((s) => ({ ...s, db: {} }))).toEqual(['db.time: is required: it must be one of: exponential, deterministic, uniform, erlang, gamma, lognormal, hyperexponential, bimodal, pareto']);
  });

  it('cross-field checks: a distribution’s parameters, a profile out of order, a fault after the end', () => {
    expect(errors((s) => ({ ...s, publish: { latency: { type: 'uniform', min: 2, max: 1 } } }))).toEqual(['publish.latency.max: must be ≥ publish.latency.min (2) (got 1)']);
    expect(errors((s) => ({ ...s, app: { rate: 1, profile: [{ at: 10, rate: 2 }, { at: 5, rate: 3 }] } }))).toEqual(["app.profile.1.at: must be greater than the previous step's at (10 s) (got 5)"]);
    expect(errors((s) => ({ ...s, faults: [{ at: 60, kind: 'app-crash' }] }))).toEqual(['faults.0.at: must be before the end of the run (60 s) (got 60)']);
  });

  it('the budget refuses a run too large up front and names the field to lower', () => {
    const big = errors((s) => ({ ...s, duration: 1_000_000, app: { rate: 40 } }));
    expect(big[0]).toMatch(/^duration: is too long for the event budget/);
    const polls = errors((s) => ({ ...s, mode: 'outbox', duration: 1_000_000, app: { rate: 0.001 }, relay: { pollInterval: 0.001 } }));
    expect(polls[0]).toMatch(/^relay\.pollInterval: asks for too many events: .* polls of the relay\. Raise relay\.pollInterval or lower duration/);
    const r = validateScenario({ ...base, mode: 'outbox' });
    const c = costOf((r as { scenario: OutboxScenario }).scenario);
    // 100 requests/s for 60 s; a polling relay polls every second.
    expect(c.records).toBe(6000);
    expect(c.events).toBeGreaterThan(6000 * 4);
    expect(c.loops?.[0]).toMatchObject({ field: 'relay.pollInterval', events: 120 });
  });

  it('the event estimate is an upper bound of what a run takes, in every mode, with crashes and an outage', () => {
    const faults = [
      { at: 10, kind: 'app-crash', restartAfter: 3 },
      { at: 20, kind: 'broker-outage', duration: 10 },
      { at: 25, kind: 'relay-crash', restartAfter: 3 },
      { at: 40, kind: 'load-spike', factor: 3, duration: 10 },
    ];
    const variants = [{ mode: 'dual-write' }, { mode: 'publish-first', db: { ...base.db, failureRate: 0.1 } }, { mode: 'outbox', relay: { batchSize: 1, pollInterval: 0.01 } }, { mode: 'outbox', relay: { kind: 'cdc', 'max.batch.size': 1, 'poll.interval.ms': 10 } }];
    for (const v of variants) {
      const r = validateScenario({ ...base, ...v, faults });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const s = r.scenario as OutboxScenario;
      const m = createOutbox(s);
      m.run(s.duration);
      const c = costOf(s);
      expect(m.sim.events, v.mode).toBeLessThan(c.events);
      expect(m.n.requests, v.mode).toBeLessThan(c.records);
    }
  });
});
