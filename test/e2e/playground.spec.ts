/**
 * One page for every model: the same layout for a station and a Kafka scenario, the station's
 * lesson with "try the fix", its settings built from the schema, its W-vs-ρ sweep, and share links
 * made by the previous version.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { decodeShare } from '../../src/scenario/index.ts';
import { mmc } from '../../src/theory/index.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status, value, watch } from './helpers.ts';

failOnConsoleErrors();

const links = (JSON.parse(readFileSync('test/fixtures/share-links-v1.json', 'utf8')) as { links: { name: string; hash: string }[] }).links;
const link = (name: string) => links.find((l) => l.name === name)!.hash;

async function open(page: Page, hash: string, kind: 'station' | 'kafka'): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('playground')).toHaveAttribute('data-kind', kind);
  await expect(page.getByTestId(`${kind}-view`)).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
}

/** Boxes of the page's shared parts: the same for every model. */
async function frame(page: Page) {
  const box = async (sel: string) => {
    const b = await page.locator(sel).first().boundingBox();
    expect(b, sel).not.toBeNull();
    return { x: Math.round(b!.x), w: Math.round(b!.width) };
  };
  return {
    header: await box('header'),
    controls: await box('[role=toolbar]'),
    counters: await box('[data-testid=counters]'),
    lesson: await box('[data-testid=explain]'),
  };
}

test('the same layout for a station and a Kafka scenario, at 1280×720 and at 390 px', async ({ page, browser }) => {
  for (const [w, h] of [
    [1280, 720],
    [390, 844],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const p = watch(await ctx.newPage());
    await open(p, link('mm1'), 'station');
    await runToEnd(p);
    const station = await frame(p);
    await p.screenshot({ path: `${SHOTS}/one-page-station-${w}.png`, fullPage: w < 1000 });
    await open(p, link('black-friday'), 'kafka');
    await runToEnd(p);
    expect(await frame(p)).toEqual(station);
    await p.screenshot({ path: `${SHOTS}/one-page-kafka-${w}.png`, fullPage: w < 1000 });
    const size = await p.evaluate(() => ({ w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
    expect(size.w).toBeLessThanOrEqual(w);
    if (w === 1280) expect(size.h).toBeLessThanOrEqual(h);
    await ctx.close();
  }
});

test('a station lesson: story, what to watch, why, the fix in both languages; "try the fix" applies it', async ({ page }) => {
  await open(page, link('mm1'), 'station');
  const lesson = page.getByTestId('explain');
  await page.getByTestId('step-watch').click();
  await expect(lesson).toContainText('What to watch');
  await page.getByTestId('lang-ru').click();
  await expect(lesson).toContainText('На что смотреть');
  await page.getByTestId('lang-en').click();
  await page.getByTestId('step-fix').click();
  await expect(lesson).toContainText('The fix');
  expect(Number(await value(page, 'theory-W'))).toBeCloseTo(10, 9);
  await page.getByTestId('try-fix').click();
  // The fix (λ = 0.7/s): M/M/1 theory W = 1/(μ − λ) = 3.33 s, and the link carries it.
  await expect.poll(async () => Number(await value(page, 'theory-W'))).toBeCloseTo(1 / 0.3, 9);
  const d = decodeShare(page.url());
  expect(d.ok && d.scenario.model === 'station' && d.scenario.arrival.rate).toBe(0.7);
  await expect(page.getByTestId('scenario')).toHaveValue('link');
});

test('station settings come from the schema: ranges, a refused value, and an applied one', async ({ page }) => {
  await open(page, link('mm1'), 'station');
  await page.getByTestId('open-settings').click();
  const servers = page.getByTestId('set-servers');
  await expect(servers).toBeVisible();
  await servers.fill('0');
  await expect(page.getByTestId('settings-errors')).toContainText('Servers c');
  await expect(page.getByTestId('settings-apply')).toBeDisabled();
  await servers.fill('2');
  await expect(page.getByTestId('settings-errors')).toHaveCount(0);
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('settings')).toHaveCount(0);
  // M/M/2 at λ = 0.9, μ = 1: Erlang C gives W ≈ 1.254 s.
  await expect.poll(async () => Number(await value(page, 'theory-W'))).toBeCloseTo(mmc(0.9, 1, 2).W, 9);
  const d = decodeShare(page.url());
  expect(d.ok && d.scenario.model === 'station' && d.scenario.servers).toBe(2);
});

test('station W vs ρ: the theory curve, this run, and a sweep from background workers near M/M/1', async ({ page }) => {
  await open(page, link('mm1'), 'station');
  await runToEnd(page);
  await page.getByTestId('tab-wrho').click();
  await expect(page.getByTestId('chart-wrho').locator('path.theory')).toBeVisible();
  await page.getByTestId('sweep-start').click();
  // The page answers while the pool works.
  await page.getByTestId('tools-hide').click();
  await page.getByTestId('tab-wrho').click();
  await expect(page.getByTestId('chart-wrho')).toHaveAttribute('data-sweep', 'done', { timeout: 90_000 });
  await expect(page.getByTestId('chart-wrho')).toHaveAttribute('data-points', '11');
  const pts = await page.getByTestId('chart-wrho').locator('circle.pt title').allTextContents();
  for (const text of pts) {
    const m = /ρ = ([\d.]+): W = ([\d.]+) s/.exec(text);
    expect(m, text).not.toBeNull();
    const rho = Number(m![1]);
    // 100,000 services a point: at ρ ≤ 0.8 the batch-means error of W is a few per cent.
    if (rho <= 0.8) expect(Math.abs(Number(m![2]) - 1 / (1 - rho)) * (1 - rho), text).toBeLessThan(0.08);
  }
  await page.screenshot({ path: `${SHOTS}/station-1280x720-wrho.png` });
});

test('share links made by the previous version open in the page without a message', async ({ page }) => {
  for (const name of ['mm1 seed 7', 'mmc', 'consumers-gt-partitions + live faults', 'retry-topics']) {
    const kind = name.startsWith('mm') ? 'station' : 'kafka';
    await open(page, link(name), kind);
    await expect(page.getByTestId('link-error')).toHaveCount(0);
    const d = decodeShare(page.url());
    expect(d.ok, name).toBe(true);
  }
  await expect(page.getByTestId('seed')).toHaveValue('1');
  await page.goto(`/${link('mm1 seed 7')}`);
  await expect(page.getByTestId('seed')).toHaveValue('7');
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
});
