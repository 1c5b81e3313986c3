/**
 * The classroom: a teacher's playlist (a link holding an ordered list of scenarios, with or without
 * their fixes, stepped through with PageDown / PageUp — what a presentation clicker sends), the
 * playlist maker, and browser history: Back and Forward move between scenarios and compare states,
 * while a run's growing fault timeline replaces the current entry instead of adding one.
 */
import { expect, test, type Page } from '@playwright/test';
import { decodeShareView } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, SHOTS, status } from './helpers.ts';

failOnConsoleErrors();

const at = (page: Page): number | null => {
  const v = decodeShareView(page.url());
  return v.ok && v.view.list ? v.view.list.at : null;
};

test('a playlist link steps through its scenarios with PageDown / PageUp, alone, compared and with the fix', async ({ page }) => {
  await page.goto('/#list=mm1,overload-5pct~fix,retry-topics+fix&at=0');
  const bar = page.getByTestId('playlist');
  await expect(bar).toHaveAttribute('data-at', '0');
  await expect(bar).toContainText('1 / 3');
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect(page.getByTestId('playlist-prev')).toBeDisabled();
  await page.screenshot({ path: `${SHOTS}/playlist-1.png` });

  await page.keyboard.press('PageDown');
  await expect(bar).toHaveAttribute('data-at', '1');
  await expect(page.getByTestId('scenario')).toHaveValue('overload-5pct');
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('compare-b-label')).toContainText('95');
  // An entry shown as it is: the link is the playlist alone.
  expect(page.url()).toMatch(/#list=mm1,overload-5pct~fix,retry-topics\+fix&at=1$/);

  await page.keyboard.press('PageDown');
  await expect(bar).toHaveAttribute('data-at', '2');
  await expect(page.getByTestId('scenario')).toHaveValue('link');
  await expect(page.getByTestId('fix-state')).toBeVisible();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect(page.getByTestId('playlist-next')).toBeDisabled();
  await page.keyboard.press('PageDown'); // past the end: stays
  await expect(bar).toHaveAttribute('data-at', '2');

  await page.keyboard.press('PageUp');
  await expect(bar).toHaveAttribute('data-at', '1');
  await expect(page.getByTestId('compare')).toBeVisible();
  // Back and Forward walk the entries shown.
  await page.goBack();
  await expect(bar).toHaveAttribute('data-at', '2');
  await page.goBack();
  await expect(bar).toHaveAttribute('data-at', '1');
  await page.goBack();
  await expect(bar).toHaveAttribute('data-at', '0');
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await page.goForward();
  await expect(bar).toHaveAttribute('data-at', '1');

  // A changed entry keeps its place in the playlist, and the link carries the change.
  await page.getByTestId('playlist-entry-0').click();
  await expect(bar).toHaveAttribute('data-at', '0');
  await page.getByTestId('seed').fill('7');
  await page.getByTestId('seed').press('Enter');
  await expect.poll(() => at(page)).toBe(0);
  expect(page.url()).toMatch(/#v2\.[0-9a-z]{8}\.[^&]+&list=/);

  await page.getByTestId('playlist-close').click();
  await expect(bar).toHaveCount(0);
  expect(page.url()).not.toContain('list=');
});

test('bad playlist links say what is wrong', async ({ page }) => {
  await page.goto('/#list=mm1,no-such-scenario&at=1');
  await expect(page.getByTestId('link-error')).toContainText('no-such-scenario');
  await page.goto('/#list=mm1&at=5');
  await expect(page.getByTestId('link-error')).toContainText('at: must be an entry number from 0 to 0');
});

test('the playlist maker builds a playlist in the order ticked, with modes, and starts it', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('kafka-view').or(page.getByTestId('station-view'))).toBeVisible();
  await page.getByTestId('playlist-open').click();
  const maker = page.getByTestId('playlist-maker');
  await expect(maker).toBeVisible();
  await maker.getByTestId('pl-pick-poison-message').check();
  await maker.getByTestId('pl-pick-mm1').check();
  await maker.getByTestId('pl-mode-poison-message').selectOption('compare');
  await expect(maker.getByTestId('pl-order')).toContainText('1.');
  await page.screenshot({ path: `${SHOTS}/playlist-maker.png` });
  await maker.getByTestId('pl-start').click();
  await expect(maker).toHaveCount(0);
  await expect(page.getByTestId('playlist')).toContainText('1 / 2');
  await expect(page.getByTestId('scenario')).toHaveValue('poison-message');
  await expect(page.getByTestId('compare')).toBeVisible();
  expect(page.url()).toMatch(/#list=poison-message~fix,mm1&at=0$/);
});

test('Back and Forward move between scenarios and compare states; a run’s faults replace the entry', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('mm1');
  await expect(page.getByTestId('station-view')).toBeVisible();
  await page.getByTestId('scenario').selectOption('poison-message');
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare')).toBeVisible();

  await page.goBack();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect(page.getByTestId('scenario')).toHaveValue('poison-message');
  await page.goBack();
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await page.goForward();
  await expect(page.getByTestId('scenario')).toHaveValue('poison-message');

  // A fault fired during a run rewrites the link but adds no history entry.
  const before = await page.evaluate(() => history.length);
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('speed').selectOption({ index: 0 });
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'running');
  const url = page.url();
  await page.getByTestId('fault-load-spike').click();
  await expect.poll(() => page.url()).not.toBe(url);
  expect(await page.evaluate(() => history.length)).toBe(before);
});
