/**
 * The pipeline against queueing theory, where a closed form exists. With Poisson sources,
 * exponential processing and topics, the stages form a Jackson network: by Burke's theorem a stable
 * M/M/c stage's departures are Poisson, so each stage is M/M/c at its own arrival rate and the mean
 * end-to-end time is the sum of the stages' W along the path. A bounded buffer that drops the newest,
 * at the end of a path, is M/M/c/K with K = workers + capacity.
 *
 * Each run is long, from a fixed seed; each simulated mean must hold the theory inside its batch-means
 * interval taken at level 1 − 0.05/M for the M checks of this file (Bonferroni: the file fails by
 * chance with probability at most 5 % if the model is right), and that interval must be narrower than
 * 4 % of theory, so that a modelling error of a few per cent would be caught.
 */
import { describe, expect, it } from 'vitest';
import { mmc, mmck } from '../../src/theory/index.ts';
import { pipelineTheory } from '../../src/run/models/pipeline/summary.ts';
import type { Estimate } from '../../src/sim/metrics/estimate.ts';
import { run, scenario } from './helpers.ts';

/** Checks in this file that compare a mean with theory. */
const M = 10;
const LEVEL = 1 - 0.05 / M;

function holds(e: Estimate, theory: number, what: string): void {
  expect(e.hw, `${what}: half-width`).toBeLessThan(0.04 * theory);
  expect(Math.abs(e.mean - theory), `${what}: ${e.mean} ± ${e.hw} against ${theory}`).toBeLessThanOrEqual(e.hw);
}

const exp = (mean: number) => ({ type: 'exponential', mean });

describe('Jackson networks: every stage M/M/c, end-to-end W the sum of the stages', () => {
  it('three stages in tandem (M/M/2 at ρ 0.4, M/M/6 at ρ 0.83, M/M/2 at ρ 0.5) at 100 items/s: each W and the end-to-end mean', () => {
    const s = scenario({
      seed: 11,
      duration: 20_000,
      warmup: 500,
      sources: [{ name: 'uploads', rate: 100, to: 'ingest' }],
      stages: [
        { name: 'ingest', workers: 2, time: exp(0.008), to: ['transcode'] },
        { name: 'transcode', workers: 6, time: exp(0.05), to: ['publish'] },
        { name: 'publish', workers: 2, time: exp(0.01) },
      ],
    });
    const { m, r } = run(s);
    const t = [mmc(100, 125, 2), mmc(100, 20, 6), mmc(100, 100, 2)];
    m.stages.forEach((st, i) => holds(st.W.estimate(LEVEL), t[i].W, `${st.name} W`));
    const sum = t.reduce((a, x) => a + x.W, 0);
    holds(m.W.estimate(LEVEL), sum, 'end-to-end W');
    expect(r.theory!.W).toBeCloseTo(sum, 12);
    expect(r.theory!.stages.map((x) => x.model)).toEqual(['M/M/2', 'M/M/6', 'M/M/2']);
  });

  it('two independent sources into one topic (payments 20/s + analytics 60/s, 10 workers): M/M/10 at ρ 0.8, the same W for both', () => {
    const s = scenario({
      seed: 12,
      duration: 20_000,
      warmup: 500,
      sources: [
        { name: 'payments', rate: 20, to: 'orders' },
        { name: 'analytics', rate: 60, to: 'orders' },
      ],
      stages: [{ name: 'orders', workers: 10, time: exp(0.1) }],
    });
    const { m } = run(s);
    const t = mmc(80, 10, 10);
    holds(m.stages[0].W.estimate(LEVEL), t.W, 'orders W');
    holds(m.sources[0].W.estimate(LEVEL), t.W, 'payments end-to-end W');
  });

  it('two topics, two groups (priority-topics fixed, no backfill): payments alone are M/M/3 at ρ 0.67', () => {
    const s = scenario({
      seed: 15,
      duration: 20_000,
      warmup: 500,
      sources: [
        { name: 'payments', rate: 20, to: 'payments' },
        { name: 'analytics', rate: 60, to: 'analytics' },
      ],
      stages: [
        { name: 'payments', workers: 3, time: exp(0.1) },
        { name: 'analytics', workers: 7, time: exp(0.1) },
      ],
    });
    const { m, r } = run(s);
    holds(m.sources[0].W.estimate(LEVEL), mmc(20, 10, 3).W, 'payments end-to-end W');
    expect(r.theory!.sourceW[1]).toBeCloseTo(mmc(60, 10, 7).W, 12);
  });

  it('a fan-out (a → b and a → c): each copy is done, the mean over both paths is W(a) + the mean of W(b) and W(c)', () => {
    const s = scenario({
      seed: 13,
      duration: 20_000,
      warmup: 500,
      sources: [{ name: 'in', rate: 30, to: 'a' }],
      stages: [
        { name: 'a', workers: 1, time: exp(0.02), to: ['b', 'c'] },
        { name: 'b', workers: 1, time: exp(0.025) },
        { name: 'c', workers: 2, time: exp(0.05) },
      ],
    });
    const { m, r } = run(s);
    const [a, b, c] = [mmc(30, 50, 1), mmc(30, 40, 1), mmc(30, 20, 2)];
    holds(m.W.estimate(LEVEL), a.W + (b.W + c.W) / 2, 'end-to-end W over both paths');
    expect(r.theory!.throughput).toBeCloseTo(60, 10);
    expect(Math.abs(r.throughput! - 60) / 60).toBeLessThan(0.01);
  });
});

describe('a bounded buffer that drops the newest: M/M/c/K', () => {
  it('3 workers, buffer 10 (K = 13), offered 33 items/s against 30/s: W, the share dropped and the throughput', () => {
    const s = scenario({
      seed: 14,
      duration: 20_000,
      warmup: 500,
      sources: [{ name: 'in', rate: 33, to: 'work' }],
      stages: [{ name: 'work', workers: 3, time: exp(0.1), buffer: { type: 'bounded', capacity: 10, policy: 'drop-newest' } }],
    });
    const { m, r } = run(s);
    const t = mmck(33, 10, 3, 13);
    holds(m.stages[0].W.estimate(LEVEL), t.W, 'W');
    holds(m.W.estimate(LEVEL), t.W, 'end-to-end W');
    // About 650,000 arrivals: the share dropped has a standard error near 0.001 (more with correlation).
    const st = m.stages[0].stats;
    expect(Math.abs(st.dropped / st.offered - t.pBlock)).toBeLessThan(0.01);
    expect(Math.abs(r.throughput! - t.throughput) / t.throughput).toBeLessThan(0.01);
    expect(r.theory!.stages[0].model).toBe('M/M/3/13');
  });
});

describe('no closed form where the network is not Markovian', () => {
  const base = {
    duration: 50,
    sources: [{ name: 'in', rate: 10, to: 'a' }],
    stages: [
      { name: 'a', workers: 1, time: exp(0.02), to: ['b'] },
      { name: 'b', workers: 1, time: exp(0.02) },
    ],
  };
  it('blocking, a bounded stage that sends on, pause, shedding, non-exponential times, profiles, faults, two paths to one stage, overload', () => {
    expect(pipelineTheory(scenario(base))).not.toBeNull();
    const variants: Record<string, unknown>[] = [
      { stages: [base.stages[0], { ...base.stages[1], buffer: { type: 'bounded', capacity: 5, policy: 'block' } }] },
      { stages: [{ ...base.stages[0], buffer: { type: 'bounded', capacity: 5, policy: 'drop-newest' } }, base.stages[1]] },
      { stages: [{ ...base.stages[0], pause: { high: 2, low: 1 } }, { ...base.stages[1], buffer: { type: 'bounded', capacity: 5, policy: 'block' } }] },
      { sources: [{ ...base.sources[0], shedAbove: 10 }] },
      { stages: [base.stages[0], { ...base.stages[1], time: { type: 'deterministic', mean: 0.02 } }] },
      { sources: [{ ...base.sources[0], profile: [{ at: 10, rate: 20 }] }] },
      { faults: [{ at: 10, kind: 'slowdown', target: 'b', factor: 2, duration: 5 }] },
      {
        stages: [
          { name: 'a', workers: 1, time: exp(0.02), to: ['b', 'c'] },
          { name: 'b', workers: 1, time: exp(0.02), to: ['c'] },
          { name: 'c', workers: 1, time: exp(0.02) },
        ],
      },
      { sources: [{ ...base.sources[0], rate: 60 }] },
    ];
    for (const v of variants) expect(pipelineTheory(scenario({ ...base, ...v })), JSON.stringify(v)).toBeNull();
  });
});
