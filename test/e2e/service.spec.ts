/**
 * The dependency page in the browser: the retry storm runs, its counters say the load stayed above
 * capacity with nothing answered after the outage and equal their charts' last points; the fix
 * recovers; a live outage shows in the topology and the timeline; both languages, 1280×720 with
 * nothing cut in the topology's boxes.
 */
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, last, num, runToEnd, SHOTS, status, topologyCut } from './helpers.ts';

failOnConsoleErrors();

async function openStorm(page: Page): Promise<void> {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('scenario').selectOption('retry-storm');
  await expect(page.getByTestId('service-view')).toBeVisible();
}

test('retry-storm: after the outage the load stays above capacity and nothing is answered; the fix recovers', async ({ page }) => {
  await openStorm(page);
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  // During the outage (t = 60–75 s) the servers box says so.
  await expect(page.getByTestId('servers-box')).toContainText('OUTAGE', { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/service-outage.png` });
  await runToEnd(page);
  const cap = Number((await page.getByTestId('s-offered').textContent())!.match(/capacity ([\d.]+)/)?.[1] ?? NaN);
  expect(cap).toBeCloseTo(139, 0);
  expect(await num(page, 's-offered')).toBeGreaterThan(2 * cap);
  await expect(page.getByTestId('s-offered')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-goodput')).toBeLessThan(5);
  await expect(page.getByTestId('s-goodput')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-overload')).toBeGreaterThanOrEqual(160);
  await expect(page.getByTestId('s-recovery')).toContainText('not recovered');
  // No value, so no unit beside the dash.
  await expect(page.getByTestId('s-recovery').locator('.value')).toHaveText('—');
  expect(await num(page, 's-wasted')).toBeGreaterThan(0.7);
  // Counters are the charts' last points: offered load and goodput of the last whole second.
  expect((await last(page, 'chart-load'))[0]).toBe(await num(page, 's-offered'));
  expect((await last(page, 'chart-goodput'))[0]).toBe(await num(page, 's-goodput'));
  // Charts that say something: the load chart climbs far above its capacity line, the queue is full.
  expect(Number(await page.getByTestId('chart-load').getAttribute('data-ymax'))).toBeGreaterThan(2 * cap);
  expect(Number(await page.getByTestId('queue-box').getAttribute('data-queued'))).toBeGreaterThan(400);
  expect(await topologyCut(page)).toEqual([]);
  const size = await page.evaluate(() => ({ h: document.documentElement.scrollHeight, w: document.documentElement.scrollWidth }));
  expect(size.h).toBeLessThanOrEqual(720);
  expect(size.w).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: `${SHOTS}/service-storm-1280x720.png` });

  // The fix: backoff with full jitter and a 10 % budget; the service recovers within 20 s of the outage's end.
  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await expect(page.getByTestId('fix-state')).toBeVisible();
  await runToEnd(page);
  expect(await num(page, 's-recovery')).toBeLessThanOrEqual(20);
  await expect(page.getByTestId('s-recovery')).not.toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-offered')).toBeLessThan(cap);
  expect(await num(page, 's-goodput')).toBeGreaterThan(80);
  expect(await num(page, 's-overload')).toBeLessThanOrEqual(5);
  await expect(page.getByTestId('retry-box')).toContainText(/≤ 3, backoff [\d.]+–[\d.]+ s, full jitter/);
  await page.screenshot({ path: `${SHOTS}/service-fix-1280x720.png` });
});

test('a live outage on a healthy blank start: the topology and the fault timeline show it', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('custom:service');
  await expect(page.getByTestId('service-view')).toBeVisible();
  await page.getByTestId('speed').selectOption('1');
  await page.getByTestId('play').click();
  await expect(page.getByTestId('sim-time')).not.toHaveAttribute('data-value', '0');
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-outage').click();
  await expect(page.getByTestId('servers-box')).toContainText('OUTAGE', { timeout: 15_000 });
  await expect(page.getByTestId('fault-timeline')).toContainText('outage');
  await page.screenshot({ path: `${SHOTS}/service-live-outage.png` });
});

test('Russian, and the breaker variant: its state chart and box', async ({ page }) => {
  await openStorm(page);
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('s-offered')).toContainText('Нагрузка');
  await expect(page.getByTestId('chart-load')).toContainText('Входящая нагрузка и ёмкость');
  await runToEnd(page);
  await expect(page.getByTestId('s-recovery')).toContainText('не восстановился');
  // Retries without backoff: no jitter to name (it spreads a backoff's wait), and nothing in English.
  await expect(page.getByTestId('retry-box')).toHaveText(/^Повторы ≤ 3, без паузы\s*без бюджета повторов$/);
  await expect(page.getByTestId('breaker-box')).toHaveText('Breaker выключен');
  expect(await topologyCut(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/service-ru-1280x720.png` });
  await page.getByTestId('lang-en').click();

  await page.getByTestId('open-settings').click();
  await page.getByTestId('set-breaker.enabled').check();
  await expect(page.getByTestId('settings')).toContainText('waitDurationInOpenState');
  await page.getByTestId('set-breaker.minimumNumberOfCalls').fill('50');
  await page.getByTestId('set-breaker.slidingWindowSize').fill('50');
  await page.getByTestId('set-breaker.waitDurationInOpenState').fill('5');
  await page.getByTestId('set-breaker.slidingWindowSize').blur();
  await expect(page.getByTestId('settings-errors')).toHaveCount(0);
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('chart-breaker')).toBeVisible();
  await runToEnd(page);
  expect(Number(await page.getByTestId('chart-breaker').getAttribute('data-ymax'))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('breaker-box')).toHaveAttribute('data-state', /closed|half-open|open/);
  expect(await topologyCut(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/service-breaker-1280x720.png` });
});

test('circuit-breaker: without a breaker failed calls take the whole timeout and recovery takes longer than the outage; the fix fails fast and draws its states', async ({ page }) => {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('scenario').selectOption('circuit-breaker');
  await expect(page.getByTestId('service-view')).toBeVisible();
  await expect(page.getByTestId('chart-latency')).toBeVisible();
  await runToEnd(page);
  expect(await num(page, 's-failWait')).toBeCloseTo(2, 1);
  await expect(page.getByTestId('s-failWait')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-recovery')).toBeGreaterThan(60);
  expect(Number(await page.getByTestId('chart-latency').getAttribute('data-ymax'))).toBeGreaterThanOrEqual(2);
  expect(await topologyCut(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/service-breaker-off-1280x720.png` });

  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await expect(page.getByTestId('fix-state')).toBeVisible();
  await expect(page.getByTestId('chart-breaker')).toBeVisible();
  await runToEnd(page);
  expect(await num(page, 's-failWait')).toBe(0);
  await expect(page.getByTestId('s-failWait')).not.toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-recovery')).toBeLessThanOrEqual(10);
  // The state chart spans the run (open = 2 at its top) and the box ends closed.
  expect(Number(await page.getByTestId('chart-breaker').getAttribute('data-ymax'))).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('breaker-box')).toHaveAttribute('data-state', 'closed');
  expect(await topologyCut(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/service-breaker-on-1280x720.png` });
});
