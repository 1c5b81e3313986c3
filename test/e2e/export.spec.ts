/**
 * A chart's exports: its series as CSV (the chart's own numbers, its last point the legend's), its
 * drawing as SVG and PNG — each saying which QueueLab, scenario, seed and link it came from.
 */
import { test, expect, type Download } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { failOnConsoleErrors, last, runToEnd, SHOTS } from './helpers.ts';
import { main as cliMain } from '../../src/cli/main.ts';

failOnConsoleErrors();
test.use({ viewport: { width: 1280, height: 720 } });

const content = async (d: Download): Promise<Buffer> => readFileSync((await d.path())!);

test('a chart exports its series as CSV and its drawing as SVG and PNG, each naming its source', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('hot-partition');
  await runToEnd(page);
  const chart = page.getByTestId('chart-lag');
  // Hidden until the chart is hovered or the button focused: a projected chart stays clean.
  const toggle = page.getByTestId('chart-lag-export');
  const corner = toggle.locator('..');
  await page.mouse.move(5, 700);
  await expect(corner).toHaveCSS('opacity', '0');
  await chart.hover();
  await expect(corner).toHaveCSS('opacity', '1');
  await toggle.click();

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-lag-export-csv').click()]);
  expect(csv.suggestedFilename()).toBe('hot-partition-seed1-chart-lag.csv');
  const lines = (await content(csv)).toString('utf8').trim().split('\n');
  expect(lines[0]).toMatch(/^# Lag, records — /);
  expect(lines[1]).toMatch(/^# QueueLab \d+\.\d+\.\d+ · scenario hot-partition · seed 1 · http:\/\/127\.0\.0\.1:\d+\/#v2\./);
  expect(lines[2]).toBe('series,t_s,value');
  const rows = lines.slice(3).map((l) => l.split(','));
  expect(rows.length).toBeGreaterThan(50);
  // The series is the chart's: its last point is the number the legend shows.
  const lastRow = rows.filter((r) => r[0] === rows[0][0]).at(-1)!;
  // (to the 12 significant digits the file writes: a mean of samples is 117, not 116.99999999999999).
  expect(Number(lastRow[2])).toBe(Number((await last(page, 'chart-lag'))[0]!.toPrecision(12)));
  for (const r of rows) expect(r[2].replace(/^-|\.|e.*$/g, '').replace(/^0+/, '').length, r.join(',')).toBeLessThanOrEqual(12);

  // The link in the file replays the run: it is the page's own.
  expect(lines[1].split(' · ').at(-1)).toBe(page.url());

  await chart.hover();
  await toggle.click();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-lag-export-svg').click()]);
  expect(svg.suggestedFilename()).toBe('hot-partition-seed1-chart-lag.svg');
  const svgText = (await content(svg)).toString('utf8');
  expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  expect(svgText).toContain('<desc>QueueLab ');
  expect(svgText).toContain('scenario hot-partition · seed 1');
  // The drawing with its look: the lines keep their colour without the page's stylesheet.
  expect(svgText).toMatch(/<path[^>]* stroke="rgb\(/);

  await chart.hover();
  await toggle.click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('chart-lag-export-png').click()]);
  expect(png.suggestedFilename()).toBe('hot-partition-seed1-chart-lag.png');
  await png.saveAs('test-results/export-chart-lag.png');
  const bytes = await content(png);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  // Twice the chart's size (for a slide), taller by the title and the source line.
  const box = (await chart.locator('svg').boundingBox())!;
  expect(bytes.readUInt32BE(16)).toBe(Math.max(320, Math.round(box.width)) * 2);
  expect(bytes.readUInt32BE(20)).toBeGreaterThan(box.height * 2);
  await page.screenshot({ path: 'test-results/export-menu.png' });
});

test('the page exports a slide of the view (PNG and SVG) and the run summary, which is the CLI’s --json record', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('hot-partition');
  await runToEnd(page);

  await page.getByTestId('export-open').click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-summary').click()]);
  expect(json.suggestedFilename()).toBe('hot-partition-seed1-summary.json');
  const doc = JSON.parse((await content(json)).toString('utf8'));
  expect(doc).toMatchObject({ scenario: 'hot-partition', seed: 1, status: 'finished', link: page.url() });
  expect(doc.queuelab).toMatch(/^\d+\.\d+\.\d+$/);
  // The same record the CLI prints for the page's link.
  let out = '';
  const code = cliMain([page.url(), '--json', '--no-timing'], { stdout: (t: string) => void (out += t), stderr: () => undefined } as Parameters<typeof cliMain>[1]);
  expect(code).toBe(0);
  expect(doc.summary).toEqual(JSON.parse(out));

  await page.getByTestId('export-open').click();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-slide-svg').click()]);
  expect(svg.suggestedFilename()).toBe('hot-partition-seed1-slide.svg');
  const svgText = (await content(svg)).toString('utf8');
  expect(svgText).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1600" height="900"/);
  // The lesson's title, every counter, the charts of the main panel and where it came from.
  expect(svgText).toContain('hot-partition · seed 1');
  expect(svgText).toContain(`<desc>QueueLab `);
  const lag = await page.getByTestId('k-lag').locator('.value').textContent();
  expect(svgText).toContain(lag!.trim());
  // Every counter's value whole (a long one is drawn smaller, never cut: "180k / 135k", not "180k / 1…").
  const charts = await page.locator('.main .left section.chart').count();
  expect((svgText.match(/<svg /g) ?? []).length - 1).toBe(Math.min(6, charts));

  await page.getByTestId('export-open').click();
  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-slide-png').click()]);
  expect(png.suggestedFilename()).toBe('hot-partition-seed1-slide.png');
  await png.saveAs(`${SHOTS}/export-slide.png`);
  const bytes = await content(png);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  // 1920 × 1080: width and height are the big-endian words at 16 and 20.
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1920, 1080]);
});

test('a slide in Russian: every counter’s value whole and its note on up to two lines, never cut', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('lang-ru').click();
  await page.getByTestId('scenario').selectOption('rebalance-storm');
  await runToEnd(page);
  await page.getByTestId('export-open').click();
  const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-slide-svg').click()]);
  const svgText = (await content(svg)).toString('utf8');
  // "18,1k / 9,74k" is drawn smaller where it is long, not cut to "18,1k / 9,…"; «партиции стоят при переезде» wraps.
  const cells = await page.locator('[data-testid=counters] .cell').evaluateAll((els) =>
    els.map((e) => [e.querySelector('.value')?.textContent ?? '', e.querySelector('.note')?.textContent ?? ''].map((t) => t.replace(/\s+/g, ' ').trim())),
  );
  expect(cells.length).toBeGreaterThan(5);
  const drawn = [...svgText.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
  for (const [value] of cells) expect(drawn, value).toContain(value);
  // Nothing cut but the link in the source line.
  expect(drawn.filter((t) => t.includes('…') && !t.startsWith('QueueLab '))).toEqual([]);
});
