/**
 * The seed-scale variants (scenarios/seed-scale/<id>.json): the stories at the article's own
 * durations and rates show the article's numbers where the model is faithful to them, their fixes
 * still work, the run budget accepts them, and six or eight simulated hours do not grow what the
 * page is sent (chart series are bounded, downsampled by DownsampledSeries).
 */
import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { kafkaEntry } from '../../src/run/models/kafka/entry.ts';
import { snapshotBuffers, type KafkaSnapshotData, type SeriesCols } from '../../src/run/models/kafka/snapshot.ts';
import { EVENTS_BUDGET, kafkaCost, MEMORY_BUDGET } from '../../src/scenario/budget.ts';
import { load, run } from './helpers.ts';
import { liveToEnd } from '../app/fixtures.ts';

const SEEDS = [1, 2, 3];
const BF = 'seed-scale/black-friday';
const RR = 'seed-scale/retention-reset';
/** The article's count: the two offsets of its log lines apart. */
const ARTICLE_SKIPPED = 3_070_897;

describe('seed scale: which stories have a variant', () => {
  it('black-friday and retention-reset, each a variant of the shipped scenario with its id', () => {
    const ids = readdirSync('scenarios/seed-scale')
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .sort();
    expect(ids).toEqual(['black-friday', 'retention-reset']);
    for (const id of ids) {
      const seed = load(`seed-scale/${id}`);
      const shipped = load(id);
      expect(seed.id).toBe(id);
      expect(seed.duration, id).toBeGreaterThan(20 * shipped.duration);
    }
  });

  it('the run budget accepts them, with room', () => {
    for (const id of [BF, RR]) {
      const c = kafkaCost(load(id));
      expect(c.events, id).toBeLessThan(EVENTS_BUDGET / 10);
      expect(c.bytes, id).toBeLessThan(MEMORY_BUDGET / 2);
      // At most ~10 million records: seconds in the browser at today's ~1 M records/s.
      expect(c.records, id).toBeLessThan(10_000_000);
    }
  });
});

describe('seed-scale black-friday: six hours at ×8', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: the oldest order is ~40 min old 2 h after the step (the article's 40 min), ~2 h after 6 h (the article's 4 h needs a rising input)`, () => {
      const s = load(BF, `seed=${seed}`);
      const step = s.producers[0].profile[0];
      const mu = s.groups[0].members / 0.075;
      const m = createKafka(s);
      m.run(step.at + 2 * 3600);
      const at2 = m.stats().groups[0];
      m.run(s.duration);
      const r = buildKafkaSummary(s, m);
      const at6 = r.lagSeconds.final;
      // At constant rates the age grows by 1 − μ/λ = ⅓ s per second: 2400 s after 2 h, 7200 s after
      // 6 h. The worst partition's consumer gets ~1 % more than its share of the keys, and the
      // committed offset trails by up to a poll's records: the run reads a few minutes more.
      expect(1 - mu / step.rate).toBeCloseTo(1 / 3, 9);
      expect(at2.lagSeconds, 'after 2 h').toBeGreaterThan(0.9 * 2400);
      expect(at2.lagSeconds, 'after 2 h').toBeLessThan(1.15 * 2400);
      expect(at6, 'after 6 h').toBeGreaterThan(0.95 * 7200);
      expect(at6, 'after 6 h').toBeLessThan(1.1 * 7200);
      // The article's second reading (4 h) is out of reach at constant rates.
      expect(at6).toBeLessThan(0.6 * 4 * 3600);
      // Linear growth: the lag in records grows by λ − μ = 40/s.
      expect(r.lagRecords.final / (s.duration - step.at)).toBeGreaterThan(38);
      expect(r.lagRecords.final / (s.duration - step.at)).toBeLessThan(42);
      expect(r.lost + r.skipped).toBe(0);
    });
  }

  it('fix: 12 consumers keep the oldest order seconds old all six hours', () => {
    const { r } = run(BF, 'groups.0.members=12');
    expect(r.lagSeconds.max).toBeLessThan(15);
    expect(r.lagRecords.final).toBeLessThan(2_000);
  });
});

describe('seed-scale retention-reset: 8 hours down, 6 hours of retention', () => {
  for (const seed of SEEDS) {
    it(`seed ${seed}: latest skips the article's ~3,070,897 records, logged at INFO only`, () => {
      const { r, m } = run(RR, `seed=${seed}`);
      // Poisson: the count over 8 h has a standard deviation of ~1,750 (0.06 %).
      expect(Math.abs(r.skipped - ARTICLE_SKIPPED) / ARTICLE_SKIPPED).toBeLessThan(0.003);
      expect(r.lost).toBe(0);
      const log = m.logEntries();
      const deletions = log.filter((e) => e.text.startsWith('Deleting segment of orders-0 due to retention time 21600000ms breach'));
      expect(deletions.length).toBe(2);
      const reset = log.filter((e) => e.text.startsWith('Resetting offset for partition orders-0'));
      expect(reset.length).toBe(1);
      expect(reset[0].level).toBe('INFO');
      expect(log.filter((e) => e.level === 'ERROR')).toEqual([]);
      expect(reset[0].t).toBeGreaterThan(600 + 8 * 3600);
    });
  }

  it('fix: earliest skips only the deleted segments (~1.8 h of data), not the 8 hours', () => {
    const latest = run(RR).r;
    const { r, s } = run(RR, 'groups.0.auto.offset.reset=earliest');
    expect(r.skipped).toBeGreaterThan(600_000);
    expect(r.skipped).toBeLessThan(800_000);
    expect(r.skipped / s.producers[0].rate / 3600).toBeLessThan(2);
    expect(r.skipped).toBeLessThan(latest.skipped / 4);
  });
});

describe('seed scale: what the page is sent stays bounded over hours', () => {
  /** Runs `id` through the model's live view as the worker does, and returns the final snapshot. */
  function liveEnd(id: string): { data: KafkaSnapshotData; held: number } {
    const s = load(id);
    const { model, view } = liveToEnd(s, kafkaEntry);
    return { data: view.snapshot(s, 0), held: buildKafkaSummary(s, model).heldRecords };
  }

  for (const id of [BF, RR]) {
    it(`${id}: every chart has at most 1,025 points, Little's law at most 301 samples; the snapshot stays small`, () => {
      const { data, held } = liveEnd(id);
      const cols: SeriesCols[] = [
        data.series.lagRecords,
        data.series.lagSeconds,
        data.series.rateIn,
        data.series.rateOut,
        data.series.p50,
        data.series.p99,
        data.series.members,
        data.series.idle,
        ...data.series.partitionLag,
        ...data.series.groupLag.flatMap((g) => [g.records, g.seconds]),
      ];
      for (const c of cols) {
        expect(c.t.length).toBeLessThanOrEqual(1025);
        expect(c.mean.length).toBe(c.t.length);
        expect(c.max.length).toBe(c.t.length);
      }
      // Hours of simulated time: the buckets have grown, not their number.
      expect(data.series.lagRecords.width).toBeGreaterThanOrEqual(16);
      expect(data.little.t.length).toBeLessThanOrEqual(301);
      expect(data.log.length).toBeLessThanOrEqual(1000);
      const typed = snapshotBuffers(data).reduce((a, b) => a + b.byteLength, 0);
      const rest = JSON.stringify({ ...data, series: null, little: null }).length;
      expect(typed + rest, `${typed} bytes of series, ${rest} of the rest`).toBeLessThan(1_000_000);
      // The model holds the backlog it must (the lag), not the whole run: at most the estimate.
      expect(held).toBeLessThanOrEqual(kafkaCost(load(id)).records);
    });
  }
});
