/**
 * "Follow a record" on the Kafka page: the tool tab loads its chunk when opened, the worker replays
 * the run with the record followed, and the page draws its lane per consumer group — the stages,
 * the waits between them, a story line — and lists every event, the CLI's timeline event for event.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status } from './helpers.ts';

failOnConsoleErrors();

const scenario = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;

/** poison-message whose poison record makes the handler throw, retried in place 3 times with backoff and then dead-lettered. */
function poisonRetried(): Record<string, unknown> {
  const s = scenario('poison-message');
  const groups = s.groups as Record<string, unknown>[];
  return {
    ...s,
    faults: [{ at: 60, kind: 'poison', partition: 3, effect: 'exception' }],
    groups: [{ ...groups[0], retry: { mode: 'in-place', maxAttempts: 4, dlq: true, classify: false, backoff: { 'initial.ms': 500, multiplier: 2, 'max.ms': 4000, jitter: 0 } } }],
  };
}

async function open(page: Page, s: Record<string, unknown>): Promise<string> {
  const hash = encodeShareHash(s as never);
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  return hash;
}

async function openTool(page: Page): Promise<void> {
  await page.getByTestId('tab-trace').click();
  await expect(page.getByTestId('trace')).toBeVisible();
}

/** Tool-panel texts cut or outside the column (the panel scrolls vertically; a lane scrolls sideways). */
async function overflow(page: Page): Promise<string[]> {
  return page.getByTestId('trace').evaluate((el) => {
    const box = el.getBoundingClientRect();
    const out: string[] = [];
    for (const x of el.querySelectorAll<HTMLElement>('p, h4, td, th, label, button')) {
      const r = x.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > box.right + 1) out.push(`“${x.textContent?.slice(0, 40)}” past the right edge`);
      if (x.scrollWidth > x.clientWidth + 1 && getComputedStyle(x).overflowX === 'visible') out.push(`“${x.textContent?.slice(0, 40)}” wider than its box`);
    }
    return out;
  });
}

test('poison record retried in place: the timeline shows three failed attempts with their backoffs, then the DLQ — as the CLI prints it', async ({ page }) => {
  const s = poisonRetried();
  const hash = await open(page, s);
  await runToEnd(page);
  await openTool(page);
  // The event log names the poison record: one click follows it.
  const pick = page.getByTestId('trace-pick').and(page.locator('[data-tag="poison"]'));
  await expect(pick).toHaveCount(1);
  const [, partition, offset] = /-(\d+)@(\d+)/.exec((await pick.textContent())!)!;
  await pick.click();
  await expect(page.getByTestId('trace-status')).toContainText('Seed 1 replayed to t = 300 s: 1 record followed.');
  await expect(page.getByTestId('trace-title')).toContainText(`orders-${partition}@${offset}`);
  const lane = page.getByTestId('trace-lane');
  await expect(lane).toHaveCount(1);
  await expect(lane).toHaveAttribute('data-state', 'dead-lettered');
  await expect(page.getByTestId('trace-story')).toHaveText(/^warehouse: fetched once, failed attempts: 4, retried 3 times, then dead-lettered [\d.]+ s after it was produced$/);
  const stages = await page.getByTestId('trace-stage').evaluateAll((gs) => gs.map((g) => `${g.getAttribute('data-kind')}:${g.querySelector('text')!.textContent}`));
  expect(stages.filter((x) => x.startsWith('failed') || x.startsWith('dlq'))).toEqual(['failed:failed #1', 'failed:failed #2', 'failed:failed #3', 'failed:failed #4', 'dlq:DLQ']);
  expect(stages[0]).toBe('produced:produced');
  // The waits between the attempts are the backoffs (0.5 s, 1 s, 2 s) plus the processing time.
  const waits = await page.locator('[data-testid="trace-lane"] text.wait').allTextContents();
  expect(waits.some((w) => /^50\d ms$/.test(w))).toBe(true);
  expect(waits.some((w) => /^1\.0\d s$/.test(w) || w === '1 s')).toBe(true);
  expect(waits.some((w) => /^2(\.0\d)? s$/.test(w))).toBe(true);
  const rows = page.getByTestId('trace-event');
  await expect(rows.filter({ hasText: 'dead-lettered to orders.dlq (attempts: 4)' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'retried in place after a 500 ms backoff' })).toHaveCount(1);
  // The same replay as the CLI's, event for event.
  const cli = JSON.parse(execFileSync('npx', ['tsx', 'src/cli/sim.ts', `http://127.0.0.1/${hash}`, '--trace', `${partition}:${offset}`, '--json'], { encoding: 'utf8' }));
  expect(await rows.evaluateAll((li) => li.map((x) => x.getAttribute('data-kind')))).toEqual(cli.records[0].events.map((e: { kind: string }) => e.kind));
  expect(await overflow(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/trace-poison-en.png` });

  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('trace-story')).toHaveText(/^warehouse: получена 1 раз, неудачных попыток: 4, повторов: 3, затем ушла в DLQ через [\d,]+ с после отправки$/);
  await expect(page.getByTestId('tab-trace')).toHaveText('Отследить');
  await expect(rows.filter({ hasText: 'повтор на месте после паузы 500 мс' })).toHaveCount(1);
  expect(await overflow(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/trace-poison-ru.png` });
});

test('retry-topics: a key follows its first 20 records; a dead-lettered one moves through both retry topics with their delays', async ({ page }) => {
  await open(page, scenario('retry-topics'));
  await runToEnd(page);
  // With the longest log count (1000 lines) the folded tool tabs stay on one row in both languages: the lesson keeps its height.
  for (const lang of ['ru', 'en']) {
    await page.getByTestId(`lang-${lang}`).click();
    await expect(page.getByTestId('tab-log')).toContainText('(1000)');
    expect(await page.getByRole('tablist', { name: lang === 'ru' ? 'Инструменты' : 'Tools' }).evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(34);
  }
  await openTool(page);
  await page.getByTestId('trace-key').fill('user-332');
  await page.getByTestId('trace-follow').click();
  await expect(page.getByTestId('trace-status')).toContainText('20 records followed');
  await expect(page.getByTestId('trace-record')).toHaveCount(20);
  await page.getByTestId('trace-by').selectOption('offset');
  await page.getByTestId('trace-partition').fill('5');
  await page.getByTestId('trace-offset').fill('2691');
  await page.getByTestId('trace-follow').click();
  await expect(page.getByTestId('trace-story')).toHaveText('crm-sync: fetched once, failed attempts: 3, retried 2 times, through orders.retry.5s, orders.retry.1m, then dead-lettered 1 min 5 s after it was produced');
  const labels = await page.locator('[data-testid="trace-stage"] text').allTextContents();
  expect(labels).toEqual(expect.arrayContaining(['→ retry.5s', '→ retry.1m', 'retry pick', 'DLQ', 'committed']));
  const waits = await page.locator('[data-testid="trace-lane"] text.wait').allTextContents();
  expect(waits).toEqual(expect.arrayContaining(['5 s', '1 min']));
  await page.screenshot({ path: `${SHOTS}/trace-retry-topics-en.png` });
});

test('before the run: the replay covers the whole run; a bad partition is refused with its range', async ({ page }) => {
  await open(page, scenario('idempotent-consumer'));
  await openTool(page);
  await page.getByTestId('trace-by').selectOption('offset');
  await page.getByTestId('trace-partition').fill('9');
  await page.getByTestId('trace-follow').click();
  await expect(page.getByTestId('trace-error')).toHaveText('Partition must be an integer from 0 to 3.');
  await page.getByTestId('trace-by').selectOption('nth');
  await page.getByTestId('trace-n').fill('11200');
  await page.getByTestId('trace-follow').click();
  await expect(page.getByTestId('trace-status')).toContainText('replayed to t = 150 s');
  await expect(page.getByTestId('trace-status')).toContainText('The run has not started');
  await expect(page.getByTestId('trace-story')).toContainText('processed once more after it was applied');
  const kinds = await page.getByTestId('trace-event').evaluateAll((li) => li.map((x) => x.getAttribute('data-kind')));
  expect(kinds).toEqual(['produced', 'appended', 'fetched', 'start', 'applied', 'uncommitted', 'fetched', 'start', 'duplicate', 'committed']);
  // The live run was not touched.
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('sim-time')).toHaveAttribute('data-value', '0');
});

test('a line of the event log that names a record follows it with one click, in either language', async ({ page }) => {
  const s = poisonRetried();
  await open(page, s);
  await runToEnd(page);
  for (const lang of ['en', 'ru'] as const) {
    if (lang === 'ru') await page.getByTestId('lang-ru').click();
    await page.getByTestId('tab-log').click();
    await page.getByTestId('log-filter').fill('handler failed');
    const line = page.getByTestId('log-line').filter({ hasText: 'handler failed' }).first();
    const [, offset, partition] = /offset=(\d+) partition=orders-(\d+)/.exec((await line.textContent())!)!;
    const follow = line.getByTestId('log-follow');
    await expect(follow).toHaveAttribute('data-record', `orders-${partition}@${offset}`);
    // Lines that name no record ("Successfully joined group …") offer nothing to follow.
    await page.getByTestId('log-filter').fill('joined group');
    await expect(page.getByTestId('log-line').first()).toBeVisible();
    await expect(page.getByTestId('log-follow')).toHaveCount(0);
    await page.getByTestId('log-filter').fill('handler failed');
    if (lang === 'en') await page.screenshot({ path: `${SHOTS}/trace-log-follow.png` });
    await follow.click();
    // The follow tool opens with the record asked and replayed.
    await expect(page.getByTestId('trace')).toBeVisible();
    await expect(page.getByTestId('trace-title')).toContainText(`orders-${partition}@${offset}`);
    await expect(page.getByTestId('trace-lane')).toHaveAttribute('data-state', 'dead-lettered');
    await expect(page.getByTestId('trace-partition')).toHaveValue(partition);
    await expect(page.getByTestId('trace-offset')).toHaveValue(offset);
    if (lang === 'ru') await page.screenshot({ path: `${SHOTS}/trace-from-log-ru.png` });
  }
});
