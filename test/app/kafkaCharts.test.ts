import { describe, expect, it } from 'vitest';
import { MARGIN, buildLineChart, warmupScale, xTickLabels, fitTicks, heatmapGrid, leftMargin, linePath, points, thin, yTickCount } from '../../src/app/charts/lineChart.ts';
import { fmtAxis, fmtTick } from '../../src/app/format.ts';
import { line } from 'd3-shape';
import { scaleLinear } from 'd3-scale';
import fc from 'fast-check';
import { capacity, kafkaSweep, serviceCv2, serviceMean, sweepScenario, theoryCurve, SWEEP_SECONDS, SWEEP_WARMUP } from '../../src/app/panels/kafka/sweep.ts';
import { readFileSync } from 'node:fs';
import type { KafkaScenario } from '../../src/scenario/index.ts';
import { blankKafka } from '../../src/app/panels/kafka/blank.ts';
import { validateScenario } from '../../src/scenario/index.ts';

describe('Kafka line charts', () => {
  it('points() keeps at most maxPoints plus the last one and skips non-finite values', () => {
    const t = Float64Array.from({ length: 1000 }, (_, i) => i);
    const mean = Float64Array.from({ length: 1000 }, (_, i) => (i === 5 ? NaN : i * 2));
    const p = points({ t, mean }, 100);
    expect(p.length).toBeLessThanOrEqual(101);
    expect(p[p.length - 1]).toEqual([999, 1998]);
    expect(p.every(([, v]) => Number.isFinite(v))).toBe(true);
  });

  it('fitTicks draws fewer x ticks where their labels would touch, and the usual five where they fit', () => {
    const ru = (v: number): string => fmtTick('ru', v);
    const wide = scaleLinear().domain([0, 600]).range([0, 600]);
    expect(fitTicks(wide, 5, ru).map((t) => t.value)).toEqual(wide.ticks(5));
    // A 120 px plot of 0–600 s (a heat map in presenter mode, browser at 150 %): seven labels of three digits touched.
    const narrow = scaleLinear().domain([0, 600]).range([0, 120]);
    expect(narrow.ticks(5)).toHaveLength(7);
    const fitted = fitTicks(narrow, 5, ru);
    expect(fitted.map((t) => t.value)).toEqual([0, 200, 400, 600]);
    for (let i = 1; i < fitted.length; i++) expect(fitted[i].pos - fitted[i - 1].pos).toBeGreaterThanOrEqual(3 * 6.7 + 8);
    // "2 000" is five characters: 0–7,200 s keeps four labels over 200 px, two over 100.
    expect(fitTicks(scaleLinear().domain([0, 7200]).range([0, 200]), 5, ru).map((t) => t.value)).toEqual([0, 2000, 4000, 6000]);
    expect(fitTicks(scaleLinear().domain([0, 7200]).range([0, 100]), 5, ru).map((t) => t.value)).toEqual([0, 5000]);
    // Never fewer than what ticks(2) gives, however narrow.
    expect(fitTicks(scaleLinear().domain([0, 600]).range([0, 20]), 5, ru).length).toBeGreaterThanOrEqual(1);
  });

  it('buildLineChart returns one path per line, ticks inside the plot and the last values', () => {
    const g = buildLineChart(
      [
        { t: [0, 1, 2], mean: [0, 5, 10] },
        { t: [], mean: [] },
      ],
      { width: 300, height: 150, xMax: 2 },
    );
    expect(g.paths[0]).toMatch(/^M/);
    expect(g.paths[1]).toBe('');
    expect(g.last).toEqual([10, null]);
    expect(g.yMax).toBeGreaterThanOrEqual(10);
    for (const tk of g.xTicks) expect(tk.pos).toBeGreaterThanOrEqual(g.plot.left);
    expect(g.empty).toBe(false);
    expect(yTickCount(40)).toBe(2);
    expect(yTickCount(500)).toBe(5);
    const dense = [0, 1, 2, 3, 4].map((v) => ({ value: v, pos: 100 - v * 8 }));
    expect(thin(dense).map((t) => t.value)).toEqual([0, 2, 4]);
  });

  it('the plot moves right to fit its widest y tick label, never into the rotated axis title', () => {
    const data = [{ t: [0, 1, 2], mean: [0, 120_000, 150_000] }];
    const en = buildLineChart(data, { width: 300, height: 150, xMax: 2, yLabel: (v, top) => fmtAxis('en', v, top) });
    const ru = buildLineChart(data, { width: 300, height: 150, xMax: 2, yLabel: (v, top) => fmtAxis('ru', v, top) });
    expect(en.plot.left).toBe(MARGIN.left);
    expect(ru.plot.left).toBeGreaterThan(MARGIN.left);
    // The widest label («160 тыс.», 8 characters at about 6.2 px) ends 6 px left of the axis and starts right of the title (x ≤ 17).
    const widest = Math.max(...ru.yLabels.map((l) => l.length));
    expect(widest).toBeGreaterThanOrEqual(7);
    expect(ru.plot.left - 6 - widest * 6.2).toBeGreaterThanOrEqual(17);
    expect(leftMargin(en.yLabels)).toBe(MARGIN.left);
    // One scale for the whole axis: «50 тыс. … 150 тыс.», never «8 000» under «10 тыс.».
    expect(ru.yLabels.slice(1).every((l) => l.endsWith('\u00a0тыс.'))).toBe(true);
    const small = buildLineChart([{ t: [0, 1], mean: [0, 13_000] }], { width: 300, height: 300, xMax: 1, yLabel: (v, top) => fmtAxis('ru', v, top) }).yLabels;
    expect(small[0]).toBe('0');
    expect(small.length).toBeGreaterThan(2);
    for (const l of small.slice(1)) expect(l).toMatch(/^\d+\u00a0тыс\.$/);
    // The x axis starts where the plot does.
    expect(Math.min(...ru.xTicks.map((t) => t.pos))).toBe(ru.plot.left);
  });

  it('xTickLabels ends a label at the right edge instead of crossing it, and drops it when it would touch its neighbour', () => {
    const ticks = [0, 100, 200, 300].map((v) => ({ value: v, pos: 40 + v }));
    expect(xTickLabels(ticks, 340).map((l) => [l.tick.value, l.anchor])).toEqual([[0, 'middle'], [100, 'middle'], [200, 'middle'], [300, 'end']]);
    const close = [0, 100, 110].map((v, i) => ({ value: v, pos: [40, 300, 335][i] }));
    expect(xTickLabels(close, 340).map((l) => l.tick.value)).toEqual([0, 100]);
  });

  it('warmupScale ends the axis under a start-up burst, and draws whatever comes after the warm-up whole', () => {
    const t = Array.from({ length: 300 }, (_, i) => i);
    const steady = t.map(() => 300);
    // A catch-up of 1,800/s at t = 3…7 s (warm-up 30 s) would squash 300/s to a sixth of the plot.
    const burst = { t, mean: steady.map((v, i) => (i >= 3 && i < 8 ? 1800 : v)) };
    expect(warmupScale([burst, { t, mean: steady.map((v) => v * 0.6) }], 30)).toBeCloseTo(345);
    const g = buildLineChart([burst], { width: 300, height: 150, xMax: 300, yFixed: warmupScale([burst], 30) });
    expect(g.over[0]).toBe(1800);
    // The same burst after the warm-up is the story: no clipping; nor without a warm-up.
    expect(warmupScale([{ t, mean: steady.map((v, i) => (i >= 103 && i < 108 ? 1800 : v)) }], 30)).toBeNull();
    expect(warmupScale([burst], 0)).toBeNull();
    expect(warmupScale([{ t, mean: steady }], 30)).toBeNull();
  });

  it("linePath writes the string d3-shape's line().digits(1) writes, character for character", () => {
    const coord = fc.oneof(fc.double({ min: -1e7, max: 1e7, noNaN: true }), fc.integer({ min: -50, max: 50 }).map((k) => k / 20), fc.constant(-0));
    fc.assert(
      fc.property(fc.array(fc.tuple(coord, coord), { minLength: 1, maxLength: 40 }), fc.double({ min: 1, max: 1e6, noNaN: true }), fc.double({ min: 1, max: 1e6, noNaN: true }), (pts, xMax, yMax) => {
        const x = scaleLinear().domain([0, xMax]).range([48, 290]);
        const y = scaleLinear().domain([0, yMax]).range([120, 8]).nice(4);
        const d3 = line<[number, number]>()
          .digits(1)
          .x((d) => x(d[0]))
          .y((d) => y(d[1]));
        expect(linePath(pts, x, y)).toBe(d3(pts));
      }),
      { numRuns: 500 },
    );
    expect(linePath([], (v) => v, (v) => v)).toBe('');
  });

  it('heatmapGrid averages each partition into time columns and reports the largest point', () => {
    const h = heatmapGrid(
      [
        { t: [0, 5], mean: [1, 3] },
        { t: [0, 5], mean: [10, 30] },
      ],
      10,
      2,
    );
    expect(h.rows).toBe(2);
    expect(Array.from(h.grid)).toEqual([1, 3, 10, 30]);
    expect(h.max).toBe(30);
    // Two points in one column: the cell is their mean, the maximum the larger point (the legend's "high").
    const m = heatmapGrid([{ t: [0, 1], mean: [10, 20] }], 10, 1);
    expect(Array.from(m.grid)).toEqual([15]);
    expect(m.max).toBe(20);
  });
});

describe('latency vs utilisation plan', () => {
  it('capacity = min(members, partitions) × threads ÷ mean processing time', () => {
    const s = blankKafka();
    expect(serviceMean(s)).toBe(0.01);
    expect(capacity(s)).toBeCloseTo(300, 9);
    expect(capacity({ ...s, groups: [{ ...s.groups[0], members: 12 }] })).toBeCloseTo(600, 9);
  });

  it('the theory curve is W = (1/μ)/(1 − ρ) and sweep scenarios are valid steady runs at ρ × capacity', () => {
    const c = theoryCurve(0.01, 0.9, 9);
    expect(c[0]).toEqual([0, 0.01]);
    expect(c[9][1]).toBeCloseTo(0.1, 9);
    // Constant processing (cv² = 0) waits half as long as exponential: M/D/1 at ρ = 0.9 gives 5.5·E[S].
    expect(theoryCurve(0.01, 0.9, 9, 0)[9][1]).toBeCloseTo(0.055, 9);
    expect(serviceCv2({ ...blankKafka(), groups: [{ ...blankKafka().groups[0], processing: { ...blankKafka().groups[0].processing, time: { type: 'deterministic', mean: 0.01 } } }] })).toBe(0);
    expect(serviceCv2(blankKafka())).toBeCloseTo(1, 12);
    const s = sweepScenario(blankKafka(), 0.5);
    expect(s.producers[0].rate).toBeCloseTo(150, 9);
    expect(s.duration).toBe(SWEEP_WARMUP + SWEEP_SECONDS);
    expect(s.faults).toEqual([]);
    expect(validateScenario(s).ok).toBe(true);
  });

  it('follows the group in focus: its capacity, its curve, and a sweep of that group alone', () => {
    const r = validateScenario(JSON.parse(readFileSync('scenarios/pubsub-groups.json', 'utf8')));
    if (!r.ok) throw new Error('pubsub-groups is invalid');
    const s = r.scenario as KafkaScenario;
    // billing: 3 consumers × 1 / 5 ms; analytics: 2 consumers × 1 / 8 ms.
    expect(kafkaSweep.capacity(s, 0)).toBeCloseTo(600, 9);
    expect(kafkaSweep.capacity(s, 1)).toBeCloseTo(250, 9);
    expect(kafkaSweep.curve(s, 0.5, 1, 1)[1][1]).toBeCloseTo(0.016, 9);
    expect(kafkaSweep.curveLabel(s, 'en', 1)).toBe('analytics: theory, M/M/1 per consumer (1/μ = 0.008 s)');
    const at = kafkaSweep.scenarioAt(s, 0.5, 1);
    expect(at.groups.map((g) => g['group.id'])).toEqual(['analytics']);
    expect(at.producers[0].rate).toBeCloseTo(125, 9);
    expect(validateScenario(at).ok).toBe(true);
  });
});
