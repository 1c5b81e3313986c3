/**
 * Issue 10a in the browser: a run whose simulated time stops advancing is never shown as
 * "running" forever — the page goes to the error state with a notice that says why, and both
 * "Reset the run" and "Open the first scenario" recover.
 */
import { expect, test, type Page } from '@playwright/test';
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

/** Every chart's "no data" text on the page, those that do not fit their chart, and every text that would invite to press Play. */
async function emptyCharts(page: Page): Promise<{ empty: string[]; cut: string[]; play: string[] }> {
  return page.evaluate(() => ({
    empty: [...document.querySelectorAll('[data-testid=chart-empty], [data-testid=little-empty]')].map((e) => (e.textContent ?? '').trim()),
    cut: [...document.querySelectorAll('[data-testid=chart-empty], [data-testid=little-empty]')]
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const box = (e.closest('svg') ?? e.closest('section'))!.getBoundingClientRect();
        return r.left < box.left || r.right > box.right || r.top < box.top || r.bottom > box.bottom;
      })
      .map((e) => `${e.closest('[data-testid^=chart-], section')?.getAttribute('data-testid')}: ${e.textContent}`),
    play: [...document.querySelectorAll('[data-testid=playground] main *')]
      // The timeline's help for screen readers mentions Play on purpose: it is not a chart's placeholder.
      .filter((e) => e.children.length === 0 && !e.closest('[data-testid=timeline]') && /Press Play|«Пуск»|Appears once|Появится/.test(e.textContent ?? ''))
      .map((e) => (e.textContent ?? '').trim()),
  }));
}

test('after a failed run, a chart without data says the run stopped with an error, not "Press Play" (Kafka and station)', async ({ page }) => {
  // Kafka: the crash loop stops at t ≈ 3 s, before any record is done, so the latency chart has nothing.
  await page.goto(`/${encodeShareHash(crashLoop as never)}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  // Before the run the charts invite to start it: what the failed run must no longer say.
  expect((await emptyCharts(page)).play.length).toBeGreaterThan(0);
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'error', { timeout: 60_000 });
  await expect(page.getByTestId('chart-latency').getByTestId('chart-empty')).toHaveText('Run stopped by an error');
  for (const lang of ['en', 'ru'] as const) {
    await page.getByTestId(`lang-${lang}`).click();
    const { empty, cut, play } = await emptyCharts(page);
    expect(empty.length, lang).toBeGreaterThan(0);
    expect(cut, lang).toEqual([]);
    expect(new Set(empty), lang).toEqual(new Set([lang === 'en' ? 'Run stopped by an error' : 'Прогон прерван ошибкой']));
    expect(play, lang).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/no-progress-charts-${lang}.png` });
  }
  // Reset: a fresh run invites to press Play again.
  await page.getByTestId('lang-en').click();
  await page.getByTestId('run-error').getByRole('button', { name: 'Reset the run' }).click();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('chart-latency').getByTestId('chart-empty')).toHaveText('Press Play to start.');

  // Station: a simulation worker that cannot start fails the run before the first snapshot.
  await page.route('**/assets/sim.worker-*.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'self.close();throw new Error("test: no worker");' }));
  await page.goto('/#');
  await page.reload();
  await expect(page.getByTestId('station-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'error');
  const { empty, cut, play } = await emptyCharts(page);
  expect(cut).toEqual([]);
  expect(empty).toEqual(['Run stopped by an error', 'Run stopped by an error']);
  expect(play).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/no-progress-station-charts.png` });
});
