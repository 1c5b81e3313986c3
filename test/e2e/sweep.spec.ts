/**
 * The Sweep tool: one setting varied over a range, replications per point in background workers —
 * the same runs and numbers as `npm run sweep` (compared here to the CLI's JSON), in the link,
 * refused up front when its shape or its cost is out of range, exported with its source.
 */
import { test, expect, type Download, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { failOnConsoleErrors, SHOTS } from './helpers.ts';
import { sweepMain } from '../../src/cli/sweep-main.ts';

failOnConsoleErrors();
test.use({ viewport: { width: 1280, height: 720 } });

const content = async (d: Download): Promise<string> => readFileSync((await d.path())!).toString('utf8');

/** What `npm run sweep -- <source> --param … --reps R --json` prints, parsed. */
function cli(source: string, param: string, reps: number): unknown {
  let out = '';
  let err = '';
  const code = sweepMain([source, '--param', param, '--reps', String(reps), '--json'], {
    stdout: (s: string) => void (out += s),
    stderr: (s: string) => void (err += s),
  } as Parameters<typeof sweepMain>[1]);
  expect(err).toBe('');
  expect(code).toBe(0);
  return JSON.parse(out);
}

async function openSweep(page: Page): Promise<void> {
  await page.getByTestId('tab-sweep').click();
  await expect(page.getByTestId('param-sweep')).toBeVisible();
}

test('sweeps arrival.rate of M/M/1 with replications: the points are the CLI’s, the link replays them, the exports name their source', async ({ page }) => {
  await page.goto('/');
  await openSweep(page);
  await page.getByTestId('psweep-param').selectOption('arrival.rate');
  await page.getByTestId('psweep-from').fill('0.3');
  await page.getByTestId('psweep-to').fill('0.7');
  await page.getByTestId('psweep-steps').fill('3');
  await page.getByTestId('psweep-reps').fill('3');
  await page.getByTestId('psweep-start').click();
  const sweep = page.getByTestId('param-sweep');
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await expect(page.getByTestId('psweep-point')).toHaveCount(3);
  await expect(page.getByTestId('psweep-progress')).toContainText('9 runs done');
  // W grows with the load: the chart says what queueing theory says.
  await page.getByTestId('psweep-metric').selectOption('W');
  // The y axis names the metric and its unit.
  await expect(page.getByTestId('psweep-ytitle')).toHaveText(/, s$/);
  const means = await page.getByTestId('psweep-point').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-mean'))));
  expect(means[0]).toBeLessThan(means[1]);
  expect(means[1]).toBeLessThan(means[2]);

  // The link carries the sweep; the CLI given the same link prints the same numbers.
  const url = page.url();
  expect(url).toContain('&sweep=arrival.rate:0.3:0.7:3:3:W');
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByTestId('psweep-json').click()]);
  expect(json.suggestedFilename()).toBe('mm1-seed1-sweep-arrival.rate-W.json');
  const fromPage = JSON.parse(await content(json));
  expect(fromPage).toEqual(cli(url, 'arrival.rate=0.3:0.7:3', 3));

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('psweep-csv').click()]);
  const lines = (await content(csv)).trim().split('\n');
  expect(lines[1]).toMatch(/^# QueueLab \d+\.\d+\.\d+ · scenario mm1 · seed 1 · http/);
  expect(lines[2]).toBe('scenario,param,value,metric,unit,n,mean,ci95_halfwidth');
  expect(lines.filter((l) => l.startsWith('mm1,arrival.rate,')).length).toBe(3 * fromPage.sweep.metrics.length);

  const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('psweep-png').click()]);
  expect((await png.path()) && readFileSync((await png.path())!).subarray(1, 4).toString('latin1')).toBe('PNG');
  await page.screenshot({ path: `${SHOTS}/sweep-mm1-en.png` });

  // Opened from the link, the page runs the same sweep and shows the same points.
  const page2 = await page.context().newPage();
  await page2.goto(url);
  await expect(page2.getByTestId('param-sweep')).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  const means2 = await page2.getByTestId('psweep-point').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-mean'))));
  expect(means2).toEqual(means);
  await page2.close();

  // Another scenario: the points are the old one's, so they go, and the link drops the sweep.
  await page.getByTestId('scenario').selectOption('mmc');
  await expect(page.getByTestId('psweep-point')).toHaveCount(0);
  expect(page.url()).not.toContain('sweep=');
});

test('in Russian: a Kafka sweep of an integer setting; bad shapes and over-budget sweeps are refused naming what to lower', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('lang-ru').click();
  await page.getByTestId('scenario').selectOption('consumers-gt-partitions');
  await openSweep(page);
  await page.getByTestId('psweep-param').selectOption('topic.partitions');
  await page.getByTestId('psweep-from').fill('12');
  await page.getByTestId('psweep-to').fill('48');
  await page.getByTestId('psweep-steps').fill('0');
  await expect(page.getByTestId('psweep-error')).toHaveText('Точек — целое число от 1 до 50.');
  await expect(page.getByTestId('psweep-start')).toBeDisabled();
  await page.getByTestId('psweep-steps').fill('4');
  await page.getByTestId('psweep-reps').fill('2');
  await expect(page.getByTestId('psweep-error')).toHaveCount(0);
  await page.getByTestId('psweep-start').click();
  const sweep = page.getByTestId('param-sweep');
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await page.getByTestId('psweep-metric').selectOption('idle');
  // 40 pods after the scale-out: partitions 12, 24, 36, 48 leave 28, 16, 4 and 0 of them idle, in every run.
  const idle = await page.getByTestId('psweep-point').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x')), Number(e.getAttribute('data-mean'))]));
  expect(idle).toEqual([[12, 28], [24, 16], [36, 4], [48, 0]]);
  await page.screenshot({ path: `${SHOTS}/sweep-kafka-ru.png` });

  // Shown, the sweep folds its form into one line; Change opens it again.
  await expect(page.getByTestId('psweep-summary')).toContainText('12 → 48');
  await page.getByTestId('psweep-edit').click();
  // A value the schema refuses is named with the value, before anything runs.
  await page.getByTestId('psweep-from').fill('0');
  await page.getByTestId('psweep-start').click();
  await expect(page.getByTestId('psweep-error')).toContainText('topic.partitions');
  await expect(page.getByTestId('psweep-error')).toContainText('topic.partitions = 0');

  // Too many events for the page: refused before any run, saying what to lower. (Another Kafka
  // story: the form keeps its setting, which this scenario has too.)
  await page.getByTestId('scenario').selectOption('littles-law');
  await expect(page.getByTestId('psweep-param')).toHaveValue('topic.partitions');
  await page.getByTestId('psweep-from').fill('4');
  await page.getByTestId('psweep-steps').fill('4');
  // A whole-number setting whose range does not divide: said before it runs.
  await expect(page.getByTestId('psweep-error')).toContainText('целое число');
  await expect(page.getByTestId('psweep-start')).toBeDisabled();
  await page.getByTestId('psweep-from').fill('12');
  await page.getByTestId('psweep-reps').fill('100');
  await page.getByTestId('psweep-start').click();
  await expect(page.getByTestId('psweep-error')).toContainText('млрд событий', { timeout: 30_000 });
  await expect(page.getByTestId('psweep-error')).toContainText('npm run sweep');
  await expect(sweep).toHaveAttribute('data-status', 'error');
  await expect(page.getByTestId('psweep-point')).toHaveCount(0);
});

test('a lesson that suggests a sweep: its Watch bullet opens the tool set up with it, and the run shows the curve the bullet describes', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('producer-batching');
  await page.getByTestId('step-watch').click();
  await page.getByTestId('watch-item').filter({ hasText: 'Sweep tab' }).click();
  const sweep = page.getByTestId('param-sweep');
  await expect(sweep).toBeVisible();
  // The form is the lesson's (sweep: producers.0.batch.size:2048:10240:5:1:throughput), not the first setting's.
  await expect(page.getByTestId('psweep-param')).toHaveValue('producers.0.batch.size');
  await expect(page.getByTestId('psweep-from')).toHaveValue('2048');
  await expect(page.getByTestId('psweep-to')).toHaveValue('10240');
  await expect(page.getByTestId('psweep-steps')).toHaveValue('5');
  await expect(page.getByTestId('psweep-reps')).toHaveValue('1');
  await page.getByTestId('psweep-start').click();
  await expect(sweep).toHaveAttribute('data-status', 'done', { timeout: 240_000 });
  await expect(page.getByTestId('psweep-metric')).toHaveValue('throughput');
  const pts = await page.getByTestId('psweep-point').evaluateAll((els) => els.map((e) => [Number(e.getAttribute('data-x')), Math.round(Number(e.getAttribute('data-mean')))]));
  // Seed 1, one run a point: a broker takes one request at a time, so throughput grows with the batch (4, 8, 12, 16 records) until all 40,000 offered get through.
  expect(pts.map((p) => p[0])).toEqual([2048, 4096, 6144, 8192, 10240]);
  expect(pts.slice(0, 4).map((p) => p[1])).toEqual([9452, 18616, 27504, 36144]);
  expect(pts[4][1]).toBeGreaterThan(39_900);
  await page.screenshot({ path: `${SHOTS}/sweep-lesson.png` });
});
