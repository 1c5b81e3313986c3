/**
 * The storage page in the browser: the compaction scenario plays; under delete the restore comes
 * back with keys missing (red counter), the log strips show closed segments only; with
 * cleanup.policy=compact (a share link) the strips show cleaned and dirty segments, nothing is
 * missing and the log chart ends near the live keys; both languages; 1280×720 with nothing spilling.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { cardSpills, failOnConsoleErrors, last, num, runToEnd, SHOTS } from './helpers.ts';

failOnConsoleErrors();

const SCENARIO = JSON.parse(readFileSync('scenarios/compaction.json', 'utf8'));

async function open(page: Page, s: unknown): Promise<void> {
  await page.goto(`/${encodeShareHash(s as never)}`);
  await expect(page.getByTestId('storage-view')).toBeVisible();
}

test('compaction under delete: the restore misses keys; the strips hold closed segments only', async ({ page }) => {
  await open(page, SCENARIO);
  await runToEnd(page);
  expect(await num(page, 's-missing')).toBeGreaterThan(500);
  await expect(page.getByTestId('s-missing')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-resurrected')).toBe(0);
  await expect(page.getByTestId('partition-log')).toHaveCount(6);
  expect(await page.locator('[data-testid=segment][data-kind=cleaned]').count()).toBe(0);
  expect(await page.locator('[data-testid=segment][data-kind=active]').count()).toBe(6);
  await expect(page.getByTestId('reader-pos').first()).toBeVisible();
  // The log chart ends on the log-size counter, far above the live keys.
  const [records, keys] = await last(page, 'chart-log');
  expect(records).toBe(await num(page, 's-log'));
  expect(records!).toBeGreaterThan(3 * keys!);
  expect(await cardSpills(page, 'storage-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/storage-delete-1280x720.png` });
});

test('compaction fixed: cleanup.policy=compact restores every key and keeps the log near the keys; Russian', async ({ page }) => {
  await open(page, { ...SCENARIO, topic: { ...SCENARIO.topic, 'cleanup.policy': 'compact' } });
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('topology')).toContainText('Логи партиций');
  await runToEnd(page);
  expect(await num(page, 's-missing')).toBe(0);
  expect(await num(page, 's-cleaner')).toBeGreaterThan(50);
  expect(await page.locator('[data-testid=segment][data-kind=cleaned]').count()).toBeGreaterThan(0);
  const [records, keys] = await last(page, 'chart-log');
  expect(records!).toBeLessThan(2.5 * keys!);
  await expect(page.getByTestId('chart-dirty')).toContainText('Доля грязного');
  expect(await cardSpills(page, 'storage-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/storage-compact-ru-1280x720.png` });
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('s-restore')).toContainText('Restored keys');
});

test('tombstones: a reader back from an outage longer than delete.retention.ms keeps deleted keys (red); the fix keeps none', async ({ page }) => {
  const s = JSON.parse(readFileSync('scenarios/tombstones.json', 'utf8'));
  await open(page, s);
  await runToEnd(page);
  expect(await num(page, 's-resurrected')).toBeGreaterThan(200);
  await expect(page.getByTestId('s-resurrected')).toHaveAttribute('data-bad', '1');
  expect(await num(page, 's-missing')).toBe(0);
  // Back at the log end, the reader's table holds more keys than are alive.
  const [reader, truth] = await last(page, 'chart-restore');
  expect(reader!).toBeGreaterThan(truth!);
  expect(await cardSpills(page, 'storage-view')).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/storage-tombstones-1280x720.png` });
  await open(page, { ...s, topic: { ...s.topic, 'delete.retention.ms': 3_600_000 } });
  await runToEnd(page);
  expect(await num(page, 's-resurrected')).toBe(0);
});

test('settings from the schema: cleanup.policy switches to compact, a ratio out of range is refused naming the field', async ({ page }) => {
  await open(page, SCENARIO);
  await page.getByTestId('open-settings').click();
  for (const name of ['cleanup.policy', 'segment.bytes', 'delete.retention.ms', 'min.cleanable.dirty.ratio', 'log.cleaner.threads', 'speed.bytes.per.second']) await expect(page.getByTestId('settings')).toContainText(name);
  const ratio = page.getByTestId('set-topic.min.cleanable.dirty.ratio');
  await ratio.fill('1.5');
  await expect(page.getByTestId('settings-errors')).toContainText('Min dirty ratio');
  await expect(page.getByTestId('settings-apply')).toBeDisabled();
  await ratio.fill('0.5');
  await page.getByTestId('set-topic.cleanup.policy').selectOption('compact');
  await expect(page.getByTestId('settings-errors')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/storage-settings.png` });
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('storage-view')).toBeVisible();
  await expect(page.getByTestId('topology')).toContainText('cleanup.policy=compact');
});
