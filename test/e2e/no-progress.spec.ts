/**
 * Issue 10a in the browser: a run whose simulated time stops advancing is never shown as
 * "running" forever — the page goes to the error state with a notice that says why, and both
 * "Reset the run" and "Open the first scenario" recover.
 */
import { expect, test } from '@playwright/test';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, SHOTS, status } from './helpers.ts';
import { CRASH_LOOP } from '../fixtures/crash-loop.ts';

failOnConsoleErrors();

/** Valid, but its consumer crashes on a record and is back at once, forever, at t ≈ 3 s. */
const crashLoop = CRASH_LOOP;

test('a run whose simulated time stops shows why in an error notice, and reset and the first scenario recover', async ({ page }) => {
  await page.goto(`/${encodeShareHash(crashLoop as never)}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();

  const notice = page.getByTestId('run-error');
  await expect(notice).toBeVisible({ timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-value', 'error');
  await expect(notice).toContainText(/simulated time stopped advancing at t = 3\.\d+ s: 1,000,000 events without progress/);
  await expect(notice).toContainText('a consumer that crashes on a record and restarts at once');
  const stuckAt = Number(await page.getByTestId('sim-time').getAttribute('data-value'));
  expect(stuckAt).toBeGreaterThan(3);
  expect(stuckAt).toBeLessThan(4);
  await page.screenshot({ path: `${SHOTS}/no-progress-error.png` });

  // Reset: back to a fresh run of the same scenario.
  await notice.getByRole('button', { name: 'Reset the run' }).click();
  await expect(notice).toBeHidden();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('sim-time')).toHaveAttribute('data-value', '0');

  // It stops again at the same instant; the first scenario then opens and runs normally.
  await page.getByTestId('play').click();
  await expect(notice).toBeVisible({ timeout: 60_000 });
  expect(Number(await page.getByTestId('sim-time').getAttribute('data-value'))).toBe(stuckAt);
  await notice.getByRole('button', { name: 'Open the first scenario' }).click();
  await expect(notice).toBeHidden();
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId('step').click();
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  await expect(page.getByTestId('sim-time')).toHaveAttribute('data-events', '1');
});
