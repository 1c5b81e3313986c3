/**
 * Produce latency per `acks` (issue 13's metrics: "produce latency (p50/p99) per acks"): with
 * producers of more than one acks setting, the summary gives each setting's latency (the CLI's
 * acks=… rows), the run charts a p99 series per setting, and the page's produce chart draws them;
 * with one setting there is nothing extra.
 */
import { describe, expect, it } from 'vitest';
import { run } from './core-helpers.ts';
import { clusterEntry } from '../../src/run/models/cluster/entry.ts';
import { clusterCharts, mixedAcks } from '../../src/app/panels/cluster/charts.ts';

/** Two producers, acks=1 and acks=all, on the same topic; a replica of broker 2 slowed for 20 s. */
const mixed = (seed: number, extra: Record<string, unknown>[] = []) => ({
  seed,
  duration: 40,
  warmup: 5,
  topic: { partitions: 6, 'min.insync.replicas': 2 },
  producers: [{ name: 'clicks', rate: 300, acks: '1' }, { name: 'payments', rate: 300, acks: 'all' }, ...extra],
  faults: [{ at: 10, kind: 'slow-replica', broker: 2, 'delay.ms': 40, duration: 20 }],
});

describe('cluster: produce latency per acks', () => {
  it('each setting alone: its producer’s latency, exactly; acks=all pays for the slow replica and acks=1 does not, across seeds', () => {
    for (const seed of [1, 2, 3, 4]) {
      const { r } = run(mixed(seed));
      expect(r.produceByAcks.map((a) => [a.acks, a.producers])).toEqual([
        ['1', ['clicks']],
        ['all', ['payments']],
      ]);
      expect(r.produceByAcks[0].latency).toEqual(r.producers[0].latency);
      expect(r.produceByAcks[1].latency).toEqual(r.producers[1].latency);
      const one = r.produceByAcks[0].latency.p99!;
      const all = r.produceByAcks[1].latency.p99!;
      // acks=all waits for the slowed follower (40 ms a fetch): a p99 of hundreds of ms; acks=1 answers at the leader.
      expect(all, `seed ${seed}`).toBeGreaterThan(0.1);
      expect(one, `seed ${seed}`).toBeLessThan(0.02);
    }
  });

  it('producers sharing a setting are counted together; the CLI table has a row per setting', () => {
    const { s, r } = run(mixed(1, [{ name: 'refunds', rate: 100, acks: 'all' }]));
    const all = r.produceByAcks.find((a) => a.acks === 'all')!;
    expect(all.producers).toEqual(['payments', 'refunds']);
    expect(all.latency.count).toBe(r.producers[1].latency.count + r.producers[2].latency.count);
    expect(all.latency.mean!).toBeCloseTo((r.producers[1].latency.mean! * r.producers[1].latency.count + r.producers[2].latency.mean! * r.producers[2].latency.count) / all.latency.count, 9);
    const text = clusterEntry.table(s, r);
    expect(text).toMatch(/^acks=1 +1 /m);
    expect(text).toMatch(/^acks=all +all /m);
  });

  it('series: a p99 line per setting present; none with a single setting (and no per-acks summary)', () => {
    const { s, m } = run(mixed(1));
    const d = clusterEntry.live(s, m).snapshot(s, 0);
    const points = (n: 'produceP99Acks0' | 'produceP99Acks1' | 'produceP99AcksAll') => Array.from(d.series[n].mean).filter((x) => Number.isFinite(x) && x > 0).length;
    expect(points('produceP99Acks1')).toBeGreaterThan(10);
    expect(points('produceP99AcksAll')).toBeGreaterThan(10);
    expect(points('produceP99Acks0')).toBe(0);
    // The page's chart: one p99 line per setting, and a note with each setting's numbers.
    expect(mixedAcks(s)).toEqual(['1', 'all']);
    const chart = clusterCharts(d, 'en', ['chart-produce'], 1, false, 'plain', mixedAcks(s))[0];
    expect(chart.lines.map((l) => l.label)).toEqual(['p99 acks=1', 'p99 acks=all']);
    expect(chart.note).toContain('acks=1 ');
    expect(chart.note).toContain('acks=all ');

    const single = run({ ...mixed(1), producers: [{ name: 'a', rate: 300, acks: '1' }, { name: 'b', rate: 300, acks: '1' }] });
    expect(single.r.produceByAcks).toEqual([]);
    expect(mixedAcks(single.s)).toEqual([]);
    const ds = clusterEntry.live(single.s, single.m).snapshot(single.s, 0);
    for (const n of ['produceP99Acks0', 'produceP99Acks1', 'produceP99AcksAll'] as const) expect(Array.from(ds.series[n].mean).filter((x) => Number.isFinite(x) && x > 0).length).toBe(0);
    expect(clusterCharts(ds, 'en', ['chart-produce'])[0].lines.map((l) => l.label)).toEqual(['p50', 'p99']);
  });
});
