/**
 * The readers on the real write path (ClusterModel): exactly_once_v2 against at_least_once with a
 * processor crash, follower fetching against the leader selector. Short runs (20 s at 1,000/s).
 */
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';
import { ClusterModel } from '../../src/sim/model/cluster/cluster-model.ts';

function scenario(guarantee: string, selector: string, crash: boolean): ClusterScenario {
  const r = validateScenario({
    version: 1,
    model: 'cluster',
    duration: 20,
    warmup: 2,
    seed: 7,
    cluster: { brokers: 3, 'broker.rack': ['a', 'b', 'c'], 'replica.selector.class': selector },
    topic: { partitions: 6 },
    producers: [{ name: 'p', rate: 1000 }],
    processor: { 'processing.guarantee': guarantee, processing: { time: { type: 'exponential', mean: 0.0005 } } },
    consumers: [
      { name: 'rc', reads: 'output', 'isolation.level': 'read_committed' },
      { name: 'ru', reads: 'output' },
      { name: 'b', 'client.rack': 'b' },
    ],
    faults: crash ? [{ at: 8, kind: 'crash', target: 'enricher', restartAfter: 1 }] : [],
  });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.scenario as ClusterScenario;
}

function run(guarantee: string, selector: string, crash: boolean) {
  const m = new ClusterModel(scenario(guarantee, selector, crash));
  m.run(20);
  const s = m.readers.stats();
  return { m, s, c: (n: string) => s.consumers.find((x) => x.name === n)! };
}

describe('readers on the real cluster core', () => {
  it('a processor crash: duplicates downstream under at_least_once; under exactly_once_v2 read_committed sees none, read_uncommitted sees the aborted ones', () => {
    const alo = run('at_least_once', 'rack-aware', true);
    const eos = run('exactly_once_v2', 'rack-aware', true);
    expect(alo.s.processor!.reprocessed).toBeGreaterThan(0);
    expect(alo.c('rc').duplicates).toBe(alo.s.processor!.reprocessed);
    expect(eos.s.processor!.aborts).toBe(1);
    expect(eos.c('rc').duplicates).toBe(0);
    expect(eos.c('rc').abortedSkipped).toBe(eos.s.processor!.abortedRecords);
    expect(eos.c('ru').abortedRead).toBe(eos.s.processor!.abortedRecords);
    expect(eos.c('ru').duplicates).toBeGreaterThan(0);
    expect(eos.m.log.read().some((l) => l.text.includes('Aborting ongoing transaction'))).toBe(true);
  });

  it('read_committed output waits about a commit interval longer under exactly_once_v2', () => {
    const a = run('at_least_once', 'rack-aware', false).c('rc').e2e;
    const e = run('exactly_once_v2', 'rack-aware', false).c('rc').e2e;
    expect(e.mean! - a.mean!).toBeGreaterThan(0.035);
    expect(e.mean! - a.mean!).toBeLessThan(0.07);
    expect(e.p99! - a.p99!).toBeGreaterThan(0.08);
    expect(e.p99! - a.p99!).toBeLessThan(0.12);
  });

  it('follower fetching: no cross-rack bytes with the rack-aware selector, two thirds of the bytes without it', () => {
    const near = run('at_least_once', 'rack-aware', false).c('b');
    const { m, c } = run('at_least_once', 'leader', false);
    const far = c('b');
    expect(near.crossRackBytes).toBe(0);
    expect(near.followerShare!).toBeCloseTo(2 / 3, 3);
    expect(far.followerShare).toBe(0);
    const bytes = far.records * 1024;
    expect(far.crossRackBytes / bytes).toBeGreaterThan(0.6);
    expect(far.crossRackBytes / bytes).toBeLessThan(0.72);
    // Staleness: the follower's known HW lags the leader's.
    expect(near.e2e.mean!).toBeGreaterThan(far.e2e.mean!);
    expect(m.readers.stats().consumers[2].fetchesFrom).not.toBeNull();
  });
});
