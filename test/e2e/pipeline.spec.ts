/**
 * The pipeline page in the browser: pipeline-stages piles its backlog up in front of transcode
 * only, its end-to-end W is the CLI's, the fix keeps the backlog small; bufferbloat in Russian with
 * its full buffer, blocked ingest and stale work; priority-topics with the first source's counter;
 * live faults on a blank start. 1280×720, nothing cut in the topology's boxes.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodeShareHash, parseScenarioOrThrow } from '../../src/scenario/index.ts';
import { runScenario } from '../../src/run/run.ts';
import type { PipelineSummary } from '../../src/run/models/pipeline/summary.ts';
import { cardSpills, failOnConsoleErrors, last, num, runToEnd, SHOTS, status, topologyCut } from './helpers.ts';

failOnConsoleErrors();

async function openShipped(page: Page, id: string): Promise<void> {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('scenario').selectOption(id);
  await expect(page.getByTestId('pipeline-view')).toBeVisible();
}

const stage = (page: Page, name: string) => page.locator(`[data-testid=stage-box][data-name="${name}"]`);
const cli = (id: string): PipelineSummary => runScenario(parseScenarioOrThrow(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')))) as PipelineSummary;

test('pipeline-stages: the backlog is only in front of transcode; W is the CLI’s; the fix keeps it small', async ({ page }) => {
  await openShipped(page, 'pipeline-stages');
  await runToEnd(page);
  const r = cli('pipeline-stages');
  expect(Number(await stage(page, 'transcode').getAttribute('data-waiting'))).toBe(r.stages[1].backlog.final);
  expect(Number(await stage(page, 'ingest').getAttribute('data-waiting'))).toBeLessThan(40);
  expect(Number(await stage(page, 'publish').getAttribute('data-waiting'))).toBeLessThan(40);
  expect(await num(page, 'p-W')).toBe(r.W.mean);
  expect(await num(page, 'p-p99')).toBe(r.p99);
  await expect(page.getByTestId('p-in')).toHaveAttribute('data-bad', '1');
  // A finished run's rates are since the warm-up (the CLI's), not its last second's noisy count: done at the bottleneck's 80/s.
  expect(await num(page, 'p-in')).toBe(r.offeredRate);
  expect(await num(page, 'p-done')).toBe(r.throughput);
  expect(r.throughput!).toBeLessThanOrEqual(80);
  await expect(page.getByTestId('p-age')).toHaveAttribute('data-bad', '1');
  // The backlog chart ends at the transcode topic's backlog, the two others near zero.
  const [ingest, transcode, publish] = await last(page, 'chart-backlog');
  expect(transcode!).toBeGreaterThan(10_000);
  expect(ingest!).toBeLessThan(40);
  expect(publish!).toBeLessThan(40);
  expect(await topologyCut(page)).toEqual([]);
  expect(await cardSpills(page, 'pipeline-view')).toEqual([]);
  const size = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }));
  expect(size.h).toBeLessThanOrEqual(720);
  expect(size.w).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: `${SHOTS}/pipeline-stages-1280x720.png` });

  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await expect(page.getByTestId('fix-state')).toBeVisible();
  await runToEnd(page);
  expect(Number(await stage(page, 'transcode').getAttribute('data-waiting'))).toBeLessThan(150);
  expect(await num(page, 'p-W')).toBeLessThan(0.2);
  expect(Number(await page.getByTestId('theory-W').getAttribute('data-value'))).toBeCloseTo(0.102, 3);
  await expect(page.getByTestId('p-age')).not.toHaveAttribute('data-bad', '1');
  await page.screenshot({ path: `${SHOTS}/pipeline-stages-fix-1280x720.png` });
});

test('bufferbloat in Russian: the full buffer of 10,000, ingest blocked, stale work, refusals at the edge', async ({ page }) => {
  await openShipped(page, 'bufferbloat');
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('chart-backlog')).toContainText('Бэклог по стадиям');
  await runToEnd(page);
  await expect(stage(page, 'process')).toHaveAttribute('data-waiting', '10000');
  await expect(stage(page, 'process')).toContainText('10 000/10 000 block');
  expect(Number(await stage(page, 'ingest').getAttribute('data-dropped'))).toBeGreaterThan(10_000);
  expect(await num(page, 'p-age')).toBeGreaterThan(95);
  await expect(page.getByTestId('p-age')).toContainText('протухло на process');
  await expect(page.getByTestId('p-lost')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 'p-blocked')).toBeGreaterThan(600);
  expect(await topologyCut(page)).toEqual([]);
  expect(await cardSpills(page, 'pipeline-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pipeline-bufferbloat-ru-1280x720.png` });
});

test('priority-topics: payments’ own counter; the fix splits the topology into two stages', async ({ page }) => {
  await openShipped(page, 'priority-topics');
  await runToEnd(page);
  const r = cli('priority-topics');
  await expect(page.getByTestId('p-first')).toContainText('payments');
  expect(await num(page, 'p-first')).toBe(r.sources[0].W.mean);
  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await runToEnd(page);
  await expect(page.getByTestId('stage-box')).toHaveCount(2);
  expect(await num(page, 'p-first')).toBeLessThan(0.2);
  expect(await topologyCut(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/pipeline-priority-fix-1280x720.png` });
});

test('live faults on a blank start: a slowdown and a worker added to a stage, on the timeline', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('custom:pipeline');
  await expect(page.getByTestId('pipeline-view')).toBeVisible();
  await page.getByTestId('speed').selectOption('1');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('sim-time')).not.toHaveAttribute('data-value', '0');
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-target').selectOption('process');
  await page.getByTestId('fault-slowdown').click();
  await expect(stage(page, 'process')).toContainText('slowed', { timeout: 15_000 });
  await page.getByTestId('fault-add-workers').click();
  await expect(stage(page, 'process')).toHaveAttribute('data-workers', '5', { timeout: 15_000 });
  await expect(page.getByTestId('fault-timeline')).toContainText('slowdown');
  await expect(page.getByTestId('fault-timeline')).toContainText('add-workers');
  await page.screenshot({ path: `${SHOTS}/pipeline-live-faults.png` });
});

test('a share link with pause watermarks: the upstream stage shows paused, its topic holds the backlog', async ({ page }) => {
  const s = JSON.parse(readFileSync('scenarios/pipeline-stages.json', 'utf8'));
  s.stages[1].buffer = { type: 'bounded', capacity: 200, policy: 'block' };
  s.stages[0].pause = { high: 150, low: 50 };
  await page.goto(`/${encodeShareHash(s)}`);
  await expect(page.getByTestId('pipeline-view')).toBeVisible();
  await runToEnd(page);
  expect(Number(await stage(page, 'ingest').getAttribute('data-waiting'))).toBeGreaterThan(10_000);
  expect(Number(await stage(page, 'transcode').getAttribute('data-waiting'))).toBeLessThanOrEqual(200);
  expect(await num(page, 'p-paused')).toBeGreaterThan(100);
  expect(await num(page, 'p-blocked')).toBe(0);
});
