/**
 * The pipeline scenarios' signatures and their fixes, across seeds 1–5: what the lesson says shows,
 * and the fix removes it, with numbers.
 */
import { describe, expect, it } from 'vitest';
import type { PipelineScenario } from '../../src/scenario/schema.ts';
import { run, shipped } from './helpers.ts';

const SEEDS = [1, 2, 3, 4, 5];
const stageOf = (r: ReturnType<typeof run>['r'], name: string) => r.stages.find((x) => x.name === name)!;

describe('pipeline-stages: backlog only in front of the slowest stage; throughput = its capacity; W sums the stages', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const s = shipped('pipeline-stages', { seed });
      const { r } = run(s);
      const [ingest, transcode, publish] = ['ingest', 'transcode', 'publish'].map((n) => stageOf(r, n));
      expect(r.bottleneck).toBe('transcode');
      // 100/s in, 80/s out for 600 s: about 12,000 waiting at the end, all of them in front of transcode.
      expect(transcode.backlog.final).toBeGreaterThan(10_500);
      expect(transcode.backlog.final).toBeLessThan(13_500);
      expect(ingest.backlog.max).toBeLessThan(40);
      expect(publish.backlog.max).toBeLessThan(40);
      expect(transcode.utilization.mean!).toBeGreaterThan(0.995);
      // Throughput is the bottleneck's capacity (80/s), whatever ingest does (about 100/s).
      expect(Math.abs(r.throughput! - 80)).toBeLessThan(1.5);
      expect(Math.abs(publish.throughput! - transcode.throughput!)).toBeLessThan(0.1);
      expect(ingest.throughput!).toBeGreaterThan(97);
      // End to end = the sum of the stages' W (each done item went through all three).
      const sum = ingest.W.mean! + transcode.W.mean! + publish.W.mean!;
      expect(r.W.mean!).toBeGreaterThan(40);
      expect(Math.abs(r.W.mean! - sum) / r.W.mean!).toBeLessThan(0.02);
      expect(transcode.W.mean! / r.W.mean!).toBeGreaterThan(0.99);

      const fixed = run({ ...s, stages: s.stages.map((st) => (st.name === 'transcode' ? { ...st, workers: 6 } : st)) } as PipelineScenario).r;
      expect(stageOf(fixed, 'transcode').backlog.max).toBeLessThan(150);
      expect(Math.abs(fixed.throughput! - fixed.offeredRate!) / fixed.offeredRate!).toBeLessThan(0.01);
      expect(fixed.W.mean!).toBeLessThan(0.2);
      expect(fixed.p99!).toBeLessThan(1);
    });
  }
});

describe('bufferbloat: the same throughput and refusals with a buffer of 10 or 10,000; W and staleness grow with the buffer', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const s = shipped('bufferbloat', { seed });
      const big = run(s).r;
      const small = run({ ...s, stages: [s.stages[0], { ...s.stages[1], buffer: { type: 'bounded', capacity: 10, policy: 'block' } }] } as PipelineScenario).r;
      for (const r of [big, small]) {
        // Processing does 100/s; 120/s arrive; the 20/s over are refused at the edge.
        expect(Math.abs(r.throughput! - 100)).toBeLessThan(2);
        expect(Math.abs(r.lostRate! - 20)).toBeLessThan(2);
        expect(r.shed).toBe(0);
        expect(stageOf(r, 'process').dropped).toBe(0);
        // Backpressure: ingest's workers are held by the full buffer most of the time after the warm-up.
        expect(stageOf(r, 'ingest').blockedTime).toBeGreaterThan(0.5 * 2 * (s.duration - s.warmup));
      }
      expect(Math.abs(big.throughput! - small.throughput!) / small.throughput!).toBeLessThan(0.02);
      expect(big.W.mean!).toBeGreaterThan(95);
      expect(stageOf(big, 'process').age!).toBeGreaterThan(95);
      expect(small.W.mean!).toBeLessThan(0.4);
      expect(stageOf(small, 'process').age!).toBeLessThan(0.3);
      expect(small.p99!).toBeLessThan(1);
    });
  }

  it('W grows with the buffer (10, 100, 1000, 10,000: about capacity / 100 s), the throughput does not', () => {
    const s = shipped('bufferbloat');
    const rs = [10, 100, 1000, 10_000].map((capacity) => run({ ...s, stages: [s.stages[0], { ...s.stages[1], buffer: { type: 'bounded', capacity, policy: 'block' } }] } as PipelineScenario).r);
    for (let i = 1; i < rs.length; i++) expect(rs[i].W.mean!).toBeGreaterThan(rs[i - 1].W.mean!);
    rs.forEach((r, i) => {
      const K = [10, 100, 1000, 10_000][i];
      expect(Math.abs(stageOf(r, 'process').Wq.mean! - K / 100)).toBeLessThan(0.05 * K / 100 + 0.05);
      expect(Math.abs(r.throughput! - rs[0].throughput!) / rs[0].throughput!).toBeLessThan(0.02);
    });
  });
});

describe('priority-topics: a backfill in the shared topic delays payments; two topics protect them', () => {
  const separate = (s: PipelineScenario): PipelineScenario =>
    ({
      ...s,
      sources: [
        { ...s.sources[0], to: 'payments' },
        { ...s.sources[1], to: 'analytics' },
      ],
      stages: [
        { ...s.stages[0], name: 'payments', workers: 3 },
        { ...s.stages[0], name: 'analytics', workers: 7 },
      ],
    }) as PipelineScenario;
  for (const seed of SEEDS) {
    it(`seed ${seed}`, () => {
      const s = shipped('priority-topics', { seed });
      const shared = run(s).r;
      const [pay, ana] = shared.sources;
      // 40/s over capacity for 60 s: a backlog of about 2,400, and payments wait in it as long as analytics.
      expect(shared.backlogMax).toBeGreaterThan(1800);
      expect(shared.backlogMax).toBeLessThan(3200);
      expect(pay.p99!).toBeGreaterThan(15);
      expect(pay.W.mean!).toBeGreaterThan(2);
      expect(Math.abs(pay.W.mean! - ana.W.mean!) / ana.W.mean!).toBeLessThan(0.35);
      const split = run(separate(s)).r;
      const [pay2, ana2] = split.sources;
      // Payments alone: M/M/3 at ρ 0.67 (W 0.144 s), untouched by the backfill.
      expect(pay2.W.mean!).toBeLessThan(0.2);
      expect(pay2.p99!).toBeLessThan(1.2);
      expect(stageOf(split, 'payments').backlog.max).toBeLessThan(60);
      // The cost: analytics, on 7 workers instead of a share of 10, waits longer.
      expect(ana2.W.mean!).toBeGreaterThan(1.5 * ana.W.mean!);
    });
  }
});
