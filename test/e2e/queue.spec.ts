/**
 * The queue-broker page in the browser: topology (leases, prefetch slots, DLQ), counters that equal
 * their charts' last points, settings with the real names and the schema's ranges, a live fault,
 * both languages, and 1280×720 / 390 px with nothing clipped.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { mmc } from '../../src/theory/queues.ts';
import { failOnConsoleErrors, last, num, runToEnd, SHOTS, status, topologyClipped, watch } from './helpers.ts';

failOnConsoleErrors();

/** SQS with a lease (5 s) shorter than some processing (mean 1 s, lognormal tail): leases end, duplicates. */
const SQS = {
  version: 1,
  model: 'queue',
  id: 'custom',
  title: 'SQS lease test',
  seed: 7,
  duration: 180,
  warmup: 20,
  queue: { type: 'sqs', name: 'orders', VisibilityTimeout: 5, ReceiveMessageWaitTimeSeconds: 20, RedrivePolicy: { maxReceiveCount: 3 } },
  producers: [{ name: 'shop', rate: 3, keys: { kind: 'uniform', count: 100 } }],
  consumers: [{ name: 'worker', count: 4, MaxNumberOfMessages: 2, processing: { time: { type: 'lognormal', mean: 1, cv: 2 } } }],
  faults: [{ at: 60, kind: 'poison', count: 2 }],
};

/** RabbitMQ with prefetch 3, a retry queue and a DLX. */
const RABBIT = {
  version: 1,
  model: 'queue',
  id: 'custom',
  title: 'RabbitMQ prefetch test',
  seed: 3,
  duration: 120,
  warmup: 10,
  queue: { type: 'rabbitmq', name: 'jobs', 'x-dead-letter-exchange': true, retry: { 'x-message-ttl': 2000, maxAttempts: 3 } },
  producers: [{ name: 'api', rate: 20 }],
  consumers: [{ name: 'fast', count: 3, prefetch: 3, onFailure: 'reject', processing: { time: { type: 'exponential', mean: 0.1 }, failureRate: 0.05 } }],
};

async function open(page: Page, s: Record<string, unknown>): Promise<void> {
  await page.goto(`/${encodeShareHash(s as never)}`);
  await expect(page.getByTestId('queue-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
}



test('SQS: topology, counters equal the charts’ last points, leases end and show red', async ({ page }) => {
  await open(page, SQS);
  await expect(page.getByTestId('producer')).toHaveCount(1);
  await expect(page.getByTestId('consumer')).toHaveCount(4);
  await expect(page.getByTestId('dlq-queue')).toHaveAttribute('data-name', 'orders-dlq');
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  // While it runs, consumers hold leased messages, drawn with the time left.
  await expect(page.locator('[data-testid=lease]').first()).toBeAttached({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/queue-sqs-running.png` });
  await runToEnd(page);

  const pairs: [string, string, number][] = [
    ['q-depth', 'chart-depth', 0],
    ['q-inFlight', 'chart-depth', 1],
    ['q-oldest', 'chart-oldest', 0],
    ['q-dlq', 'chart-depth', 2],
  ];
  for (const [counter, chart, i] of pairs) expect((await last(page, chart))[i], `${counter} = ${chart}[${i}]`).toBe(await num(page, counter));
  // The topology's queue box says what the counters say.
  const box = page.getByTestId('queue-box');
  expect(Number(await box.getAttribute('data-visible'))).toBe(await num(page, 'q-depth'));
  expect(Number(await box.getAttribute('data-in-flight'))).toBe(await num(page, 'q-inFlight'));
  expect(Number(await page.getByTestId('dlq-queue').getAttribute('data-depth'))).toBe(await num(page, 'q-dlq'));
  // Charts that say something: traffic went in and out, messages aged.
  expect(Number(await page.getByTestId('chart-throughput').getAttribute('data-ymax'))).toBeGreaterThan(1);
  expect(Number(await page.getByTestId('chart-oldest').getAttribute('data-ymax'))).toBeGreaterThan(0);
  // A 5 s lease under a 1 s mean with a long tail: some leases end before the delete (red, with the count).
  const inFlight = page.getByTestId('q-inFlight');
  if ((await inFlight.getAttribute('data-bad')) === '1') await expect(inFlight).toContainText('leases ended');
  // The poison messages went round until the redrive policy moved them to the DLQ.
  expect(await num(page, 'q-dlq')).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('q-dlq')).toHaveAttribute('data-bad', '1');
  await expect(page.getByTestId('q-W')).toContainText('±');
  expect(await topologyClipped(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue-sqs-1280x720.png` });
  const size = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }));
  expect(size.h).toBeLessThanOrEqual(720);
  expect(size.w).toBeLessThanOrEqual(1280);
  await page.getByTestId('tab-log').click();
  await expect(page.getByTestId('log-line').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/queue-sqs-log.png` });
});

test('RabbitMQ: prefetch slots, the retry queue and requeues', async ({ page }) => {
  await open(page, RABBIT);
  await expect(page.getByTestId('slot')).toHaveCount(9);
  await expect(page.getByTestId('retry-queue')).toHaveAttribute('data-name', 'jobs.retry');
  await expect(page.getByTestId('q-requeued')).toBeVisible();
  await expect(page.getByTestId('q-empty')).toHaveCount(0);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect(page.locator('[data-testid=slot][data-filled="1"]').first()).toBeAttached({ timeout: 20_000 });
  await page.screenshot({ path: `${SHOTS}/queue-rabbit-running.png` });
  await runToEnd(page);
  expect((await last(page, 'chart-depth'))[1]).toBe(await num(page, 'q-inFlight'));
  expect(await topologyClipped(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue-rabbit-1280x720.png` });
});

test('a live fault: killing a consumer shows it crashed, in the timeline and the log', async ({ page }) => {
  await open(page, { ...SQS, duration: 600, faults: [] });
  await page.getByTestId('speed').selectOption('1');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('sim-time')).not.toHaveAttribute('data-value', '0');
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-target').selectOption('worker-2');
  await page.getByTestId('fault-crash').click();
  await expect(page.locator('[data-testid=consumer][data-name=worker-2]')).toHaveAttribute('data-state', 'crashed', { timeout: 15_000 });
  await expect(page.getByTestId('fault-timeline')).toContainText('crash worker-2');
  await page.getByTestId('fault-add-consumer').click();
  await expect(page.getByTestId('consumer')).toHaveCount(5, { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/queue-fault.png` });
});

test('settings: the real names with the schema’s ranges; a flavour’s fields only with it', async ({ page }) => {
  await open(page, SQS);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('range-queue.VisibilityTimeout')).toHaveText('0 – 43,200');
  await expect(page.getByTestId('range-consumers.0.MaxNumberOfMessages')).toHaveText('1 – 10');
  await expect(page.getByTestId('range-consumers.0.WaitTimeSeconds')).toHaveText('0 – 20');
  await expect(page.getByTestId('set-queue.RedrivePolicy.maxReceiveCount')).toHaveValue('3');
  await expect(page.getByTestId('settings')).toContainText('VisibilityTimeout');
  await expect(page.getByTestId('set-consumers.0.prefetch')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/queue-settings-sqs.png` });
  const vt = page.getByTestId('set-queue.VisibilityTimeout');
  await vt.fill('50000');
  await expect(page.getByTestId('settings-errors')).toContainText('Visibility timeout');
  await expect(page.getByTestId('settings-apply')).toBeDisabled();
  await vt.fill('60');
  await expect(page.getByTestId('settings-errors')).toHaveCount(0);
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('settings')).toHaveCount(0);
  await expect(page.getByTestId('queue-view')).toBeVisible();

  await open(page, RABBIT);
  await page.getByTestId('open-settings').click();
  await expect(page.getByTestId('set-consumers.0.prefetch')).toHaveValue('3');
  await expect(page.getByTestId('range-consumers.0.prefetch')).toHaveText('0 – 65,535');
  for (const name of ['x-queue-type', 'x-max-priority', 'x-delivery-limit', 'x-dead-letter-exchange', 'x-message-ttl', 'basic.qos prefetch_count']) await expect(page.getByTestId('settings')).toContainText(name);
  await expect(page.getByTestId('set-queue.VisibilityTimeout')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/queue-settings-rabbit.png` });
});

test('both languages, 1280×720 and 390 px, nothing clipped', async ({ page, browser }) => {
  await open(page, SQS);
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('q-depth')).toContainText('В очереди');
  await expect(page.getByTestId('topology')).toContainText('Топология');
  await runToEnd(page);
  await expect(page.getByTestId('chart-oldest')).toContainText('Возраст старейшего');
  // Units in Russian too: the throughput counter and the producer's rate read "/с", not "/s".
  await expect(page.getByTestId('q-throughput')).toContainText('/с');
  await expect(page.locator('g[data-testid=producer]').first()).toContainText('/с');
  await expect(page.getByTestId('topology')).not.toContainText('/s');
  expect(await topologyClipped(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue-ru-1280x720.png` });
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('q-depth')).toContainText('Depth');

  for (const lang of ['en', 'ru'] as const) {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const phone = watch(await ctx.newPage());
    await open(phone, { ...SQS, consumers: [{ ...SQS.consumers[0], count: 40 }, { name: 'slow', count: 12, processing: { time: { type: 'exponential', mean: 2 } } }] });
    await phone.getByTestId(`lang-${lang}`).click();
    await expect(phone.getByTestId('consumer-rest')).toHaveAttribute('data-count', '12');
    await runToEnd(phone);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await topologyClipped(phone)).toEqual([]);
    await phone.screenshot({ path: `${SHOTS}/queue-390-${lang}.png`, fullPage: true });
    await ctx.close();
  }
});

test('compare view: both runs’ depth, oldest age and p99 charts, on the same input', async ({ page }) => {
  const fix = { ...SQS, queue: { ...SQS.queue, VisibilityTimeout: 60 } };
  await page.goto(`/${encodeShareHash(SQS as never, { vs: fix as never })}`);
  await expect(page.getByTestId('compare')).toBeVisible();
  await runToEnd(page);
  await expect(page.getByTestId('compare-table')).toBeVisible();
  for (const id of ['cmp-depth', 'cmp-oldest', 'cmp-p99']) {
    await expect(page.getByTestId(`${id}-a`)).toBeVisible();
    await expect(page.getByTestId(`${id}-b`)).toBeVisible();
  }
  // A lease longer than the processing's tail: fewer messages come back in B.
  const row = page.getByTestId('cmp-row-redeliveries');
  if ((await row.count()) > 0) expect(Number(await row.getAttribute('data-b'))).toBeLessThan(Number(await row.getAttribute('data-a')));
  await page.screenshot({ path: `${SHOTS}/queue-compare.png` });
});

test('W vs ρ for a pool: M/M/c beside c × M/M/1, and a sweep from background workers on the M/M/c curve', async ({ page }) => {
  const pooling = JSON.parse(readFileSync('scenarios/pooling.json', 'utf8')) as Record<string, unknown>;
  await open(page, pooling);
  await runToEnd(page);
  await page.getByTestId('tab-wrho').click();
  const chart = page.getByTestId('chart-wrho');
  await expect(chart.locator('path.theory')).toBeVisible();
  await expect(chart.locator('path.reference')).toBeVisible();
  await expect(page.getByTestId('wrho-reference')).toContainText('10 × M/M/1');
  await page.getByTestId('sweep-start').click();
  await expect(chart).toHaveAttribute('data-sweep', 'done', { timeout: 180_000 });
  const pts = await chart.locator('circle.pt title').allTextContents();
  expect(pts.length).toBeGreaterThanOrEqual(8);
  for (const text of pts) {
    const m = /ρ = ([\d.]+): W = ([\d.]+) s/.exec(text);
    expect(m, text).not.toBeNull();
    const rho = Number(m![1]);
    // M/M/10 with 1/μ = 1 s: a point's W within 10 % of Erlang C's up to ρ = 0.8 (batch means over thousands of jobs).
    if (rho > 0 && rho <= 0.8) expect(Math.abs(Number(m![2]) / mmc(rho * 10, 1, 10).W - 1), text).toBeLessThan(0.1);
  }
  await page.screenshot({ path: `${SHOTS}/queue-pooling-wrho.png` });
});

test('memory-alarm: the node’s memory passes its watermark, every publisher is blocked (payments too), and the fix caps the queue', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('scenario').selectOption('memory-alarm');
  await expect(page.getByTestId('chart-memory')).toBeVisible();
  await expect(page.getByTestId('chart-publish')).toBeVisible();
  await expect(page.getByTestId('chart-oldest')).toHaveCount(0);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  // While the alarm is set, the node's band says so and both producers' boxes count publishes waiting.
  await expect(page.getByTestId('node-box')).toHaveAttribute('data-alarm', 'memory', { timeout: 60_000 });
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  // The alarm goes on and off every few seconds: step log line by log line to a moment it is set
  // and both publishers have been blocked (each logs connection.blocked at its first waiting publish).
  const blockedBoth = async () =>
    (await page.getByTestId('node-box').getAttribute('data-alarm')) === 'memory' &&
    (await page.getByTestId('producer').evaluateAll((els) => els.every((e) => Number(e.getAttribute('data-waiting')) > 0)));
  for (let i = 0; i < 40 && !(await blockedBoth()); i++) {
    const t = await page.getByTestId('sim-time').getAttribute('data-value');
    await page.getByTestId('step-next').click();
    await expect(page.getByTestId('sim-time')).not.toHaveAttribute('data-value', t!);
  }
  await expect(page.getByTestId('node-box')).toHaveAttribute('data-alarm', 'memory');
  await expect(page.getByTestId('q-memory')).toHaveAttribute('data-bad', '1');
  const waiting = await page.getByTestId('producer').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-waiting'))));
  expect(waiting.length).toBe(2);
  expect(waiting.every((n) => n > 0)).toBe(true);
  expect(await topologyClipped(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue-memory-alarm-1280x720.png` });
  await runToEnd(page);
  expect(await num(page, 'q-alarms')).toBeGreaterThanOrEqual(15);
  expect(await num(page, 'q-gaveUp')).toBeGreaterThan(50_000);
  await expect(page.getByTestId('q-gaveUp')).toHaveAttribute('data-bad', '1');
  expect(Number(await page.getByTestId('chart-memory').getAttribute('data-ymax'))).toBeGreaterThan(614);

  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await expect(page.getByTestId('fix-state')).toBeVisible();
  await runToEnd(page);
  expect(await num(page, 'q-alarms')).toBe(0);
  expect(await num(page, 'q-gaveUp')).toBe(0);
  expect(await num(page, 'q-refused')).toBeGreaterThan(55_000);
  await expect(page.getByTestId('node-box')).toHaveAttribute('data-alarm', '');
  expect(await num(page, 'q-depth')).toBeLessThanOrEqual(20_000);
  expect(await topologyClipped(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/queue-memory-alarm-fix-1280x720.png` });
});
