/** What every browser test shares: console-error guard, screenshots folder, run helpers. */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

export const SHOTS = 'test-results';
mkdirSync(SHOTS, { recursive: true });

/** Console errors and uncaught exceptions of every page a test opens; any one fails the test. */
let problems: string[] = [];

export function watch(page: Page): Page {
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  return page;
}

/** Installs the guard for the spec file that calls it. */
export function failOnConsoleErrors(): void {
  test.beforeEach(({ page }) => {
    problems = [];
    watch(page);
  });
  test.afterEach(() => {
    expect(problems, 'console errors').toEqual([]);
  });
}

export const status = (page: Page) => page.getByTestId('status');
export const value = (page: Page, id: string) => page.getByTestId(id).getAttribute('data-value');

/** Runs the loaded scenario to its end at top speed. */
export async function runToEnd(page: Page): Promise<void> {
  await page.getByTestId('speed').selectOption('max');
  if ((await status(page).getAttribute('data-value')) !== 'running') await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
}
