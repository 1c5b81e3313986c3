import { describe, expect, it } from 'vitest';
import { buildSeriesChart, runningAverage, seriesPoints } from '../../src/app/charts/seriesChart.ts';
import { buildIntervalStrip } from '../../src/app/charts/intervalStrip.ts';

const margin = { top: 10, right: 10, bottom: 30, left: 40 };

describe('seriesPoints', () => {
  it('closes the last bucket at the end time', () => {
    const pts = seriesPoints({ t: [0, 1, 2], mean: [1, 2, 3], max: [2, 4, 3] }, 2.5);
    expect(pts).toEqual([
      { t: 0, mean: 1, max: 2 },
      { t: 1, mean: 2, max: 4 },
      { t: 2, mean: 3, max: 3 },
      { t: 2.5, mean: 3, max: 3 },
    ]);
  });

  it('skips non-finite values and never puts the peak below the average', () => {
    const pts = seriesPoints({ t: [0, 1, 2], mean: [1, NaN, 3], max: [0.5, 4, NaN] }, 2);
    expect(pts).toEqual([
      { t: 0, mean: 1, max: 1 },
      { t: 2, mean: 3, max: 3 },
    ]);
  });

  it('returns nothing for empty input', () => {
    expect(seriesPoints({ t: [], mean: [], max: [] }, 10)).toEqual([]);
  });
});

describe('runningAverage', () => {
  it('averages the step signal over time from a start inside a bucket', () => {
    const pts = seriesPoints({ t: [0, 10], mean: [2, 4], max: [2, 4] }, 20);
    expect(runningAverage(pts, 5)).toEqual([
      { t: 10, avg: 2 },
      { t: 20, avg: (2 * 5 + 4 * 10) / 15 },
    ]);
  });

  it('is empty when the start is at or after the end', () => {
    const pts = seriesPoints({ t: [0, 10], mean: [2, 4], max: [2, 4] }, 20);
    expect(runningAverage(pts, 20)).toEqual([]);
    expect(runningAverage([], 0)).toEqual([]);
  });
});

describe('buildSeriesChart', () => {
  const series = { t: new Float64Array([0, 10, 20, 30]), mean: new Float64Array([0, 2, 4, 1]), max: new Float64Array([1, 5, 8, 3]) };

  it('maps time 0 … end onto the plot width and 0 … a nice top onto its height', () => {
    const c = buildSeriesChart(series, { width: 450, height: 240, end: 40, margin });
    expect(c.plot).toEqual({ left: 40, right: 440, top: 10, bottom: 210 });
    expect(c.xDomain).toEqual([0, 40]);
    expect(c.yDomain[0]).toBe(0);
    expect(c.yDomain[1]).toBeGreaterThanOrEqual(8 * 1.05);
    expect(c.yDomain[1]).toBeLessThanOrEqual(10);
    expect(c.xTicks[0]).toEqual({ value: 0, pos: 40 });
    expect(c.xTicks.at(-1)).toEqual({ value: 40, pos: 440 });
    expect(c.yTicks[0]).toEqual({ value: 0, pos: 210 });
    expect(c.empty).toBe(false);
  });

  it('draws the averages as a step line ending at the current time', () => {
    const c = buildSeriesChart(series, { width: 450, height: 240, end: 40, margin });
    // y scale: [0, 10] → [210, 10], so 20 px per customer; x: 10 px per second.
    expect(c.linePath).toBe('M40,210L140,210L140,170L240,170L240,130L340,130L340,190L440,190L440,190');
    expect(c.bandPath.startsWith('M40,190L140,190L140,110')).toBe(true);
    expect(c.bandPath.endsWith('Z')).toBe(true);
  });

  it('places the theory line and the end of the warm-up', () => {
    const c = buildSeriesChart(series, { width: 450, height: 240, end: 40, margin, theoryL: 9, warmup: 5 });
    expect(c.theoryY).toBeCloseTo(30, 9);
    expect(c.warmupX).toBeCloseTo(90, 9);
    expect(c.runningPath).toBe('');
  });

  it('draws the running average since the warm-up, ending at the time-average of the signal', () => {
    const c = buildSeriesChart(series, { width: 450, height: 240, end: 40, margin, runningFrom: 10 });
    // From t = 10: 2 for 10 s, 4 for 10 s, 1 for 10 s → averages 2, 3, 7/3.
    expect(c.runningLast).toBeCloseTo(7 / 3, 12);
    expect(c.runningPath).toBe('M240,170L340,150L440,163.33');
  });

  it('raises the top of the y axis to show a theory line above the data', () => {
    const c = buildSeriesChart(series, { width: 450, height: 240, end: 40, margin, theoryL: 30 });
    expect(c.yDomain[1]).toBeGreaterThanOrEqual(30);
    expect(c.theoryY).toBeGreaterThanOrEqual(10);
  });

  it('handles empty input: no paths, a unit domain, still axes', () => {
    const c = buildSeriesChart({ t: [], mean: [], max: [] }, { width: 450, height: 240, end: 0, margin, theoryL: 9 });
    expect(c.empty).toBe(true);
    expect(c.linePath).toBe('');
    expect(c.bandPath).toBe('');
    expect(c.xDomain).toEqual([0, 1]);
    expect(c.yTicks.length).toBeGreaterThan(1);
    expect(c.theoryY).not.toBeNull();
    expect(c.warmupX).toBeNull();
  });

  it('does not mutate its input and survives a tiny canvas', () => {
    const copy = { t: Float64Array.from(series.t), mean: Float64Array.from(series.mean), max: Float64Array.from(series.max) };
    const c = buildSeriesChart(series, { width: 0, height: 0, end: 40, margin });
    expect(series).toEqual(copy);
    expect(c.width).toBeGreaterThan(margin.left + margin.right);
    expect(c.plot.right).toBeGreaterThan(c.plot.left);
  });
});

describe('buildIntervalStrip', () => {
  it('puts both estimates and their intervals on one padded axis with the theory marker', () => {
    const s = buildIntervalStrip(
      [
        { mean: 9, hw: 0.5 },
        { mean: 9.2, hw: 0.4 },
      ],
      9,
      [0, 100],
    );
    expect(s.empty).toBe(false);
    const [a, b] = s.rows;
    expect(a && b).toBeTruthy();
    expect(a!.x0).toBeLessThan(a!.cx);
    expect(a!.x1).toBeGreaterThan(a!.cx);
    expect(b!.cx).toBeGreaterThan(a!.cx);
    expect(s.theoryX).toBeCloseTo(a!.cx, 9);
    expect(s.domain[0]).toBeLessThanOrEqual(8.5);
    expect(s.domain[1]).toBeGreaterThanOrEqual(9.6);
    for (const r of s.rows) {
      expect(r!.x0).toBeGreaterThanOrEqual(0);
      expect(r!.x1).toBeLessThanOrEqual(100);
    }
  });

  it('draws a point without an interval when the half-width is unknown', () => {
    const s = buildIntervalStrip([{ mean: 3, hw: null }], null, [0, 100]);
    expect(s.rows[0]!.hasInterval).toBe(false);
    expect(s.rows[0]!.x0).toBe(s.rows[0]!.cx);
    expect(s.domain[0]).toBeLessThan(3);
    expect(s.domain[1]).toBeGreaterThan(3);
  });

  it('is empty when no estimate has a value yet', () => {
    const s = buildIntervalStrip(
      [
        { mean: null, hw: null },
        { mean: null, hw: 1 },
      ],
      null,
      [0, 100],
    );
    expect(s.empty).toBe(true);
    expect(s.rows).toEqual([null, null]);
    expect(s.theoryX).toBeNull();
  });
});
