/**
 * The outbox page in the browser: a dual write whose app crashes while the broker is down loses
 * events (red counter, the crash point in the topology, the gap chart ending on the counters); the
 * transactional outbox with a polling relay and an idempotent consumer loses none, and the relay's
 * crash between publish and UPDATE shows as duplicates absorbed; both languages; 1280×720 with
 * nothing spilling.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { cardSpills, failOnConsoleErrors, last, num, runToEnd, SHOTS } from './helpers.ts';

failOnConsoleErrors();

const SCENARIO = JSON.parse(readFileSync('scenarios/dual-write-outbox.json', 'utf8'));

async function open(page: Page, s: unknown): Promise<void> {
  await page.goto(`/${encodeShareHash(s as never)}`);
  await expect(page.getByTestId('outbox-view')).toBeVisible();
}

test('dual-write-outbox: a crash during a broker outage loses events; the gap chart ends on the counters', async ({ page }) => {
  await open(page, SCENARIO);
  await expect(page.getByTestId('crash-point')).toContainText('row without an event');
  await expect(page.getByTestId('explain-title')).toContainText('Dual write');
  await runToEnd(page);
  const missing = await num(page, 'o-missing');
  expect(missing).toBeGreaterThan(1000);
  await expect(page.getByTestId('o-missing')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 'o-phantom')).toBe(0);
  expect(await num(page, 'o-duplicates')).toBe(0);
  const [gap, lost] = await last(page, 'chart-gap');
  expect(lost).toBe(missing);
  expect(gap!).toBeGreaterThanOrEqual(missing);
  await expect(page.getByTestId('relay-box')).toHaveAttribute('data-phase', 'none');
  expect(await cardSpills(page, 'outbox-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/outbox-dual-write-1280x720.png` });
});

test('outbox + idempotent consumer: nothing lost; the relay’s duplicates are absorbed; the price is the delay; Russian', async ({ page }) => {
  await open(page, { ...SCENARIO, mode: 'outbox', consumer: { ...SCENARIO.consumer, idempotent: true } });
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('crash-point')).toContainText('до UPDATE');
  await runToEnd(page);
  expect(await num(page, 'o-missing')).toBe(0);
  expect(await num(page, 'o-phantom')).toBe(0);
  expect(await num(page, 'o-duplicates')).toBeGreaterThan(0);
  expect(await num(page, 'o-dupEffects')).toBe(0);
  await expect(page.getByTestId('o-dupEffects')).not.toHaveAttribute('data-bad', '1');
  expect(await num(page, 'o-delay')).toBeGreaterThan(0.5);
  await expect(page.getByTestId('relay-box')).toHaveAttribute('data-phase', /idle|select|publish|mark/);
  await expect(page.getByTestId('chart-gap')).toContainText('Строки и события');
  expect(await cardSpills(page, 'outbox-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/outbox-fixed-ru-1280x720.png` });
});

test('a live relay crash before UPDATE with a plain consumer applies the batch twice (red)', async ({ page }) => {
  await open(page, { ...SCENARIO, mode: 'outbox', duration: 60, faults: [] });
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-relay-before-mark').click();
  await expect(page.getByTestId('fault-queued')).toBeVisible();
  await page.getByTestId('play').click();
  await expect(page.getByTestId('status')).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
  expect(await num(page, 'o-dupEffects')).toBeGreaterThan(0);
  await expect(page.getByTestId('o-dupEffects')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 'o-dupEffects')).toBe(await num(page, 'o-duplicates'));
});
