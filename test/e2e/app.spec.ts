import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import LZString from 'lz-string';
import { decodeShare, encodeShareHash } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status, value, watch } from './helpers.ts';
import type { StationSummary as RunSummary } from '../../src/run/models/station/summary.ts';

failOnConsoleErrors();

/** Opens the app and waits until the worker has sent the first snapshot. */
async function open(page: Page, url = '/'): Promise<void> {
  await page.goto(url);
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', '0');
}

async function numbers(page: Page) {
  const ids = ['stat-L', 'stat-lambdaW', 'stat-W', 'stat-events', 'stat-simTime', 'stat-throughput', 'stat-arrivals', 'stat-completed', 'stat-p99'];
  const out: Record<string, string | null> = {};
  for (const id of ids) out[id] = await value(page, id);
  return out;
}

test('a run finishes with numbers that the share link, a fresh page and the CLI all reproduce exactly', async ({ page, browser }) => {
  await open(page);
  await page.getByTestId('scenario').selectOption('mmc');
  await expect(page.getByTestId('description')).toContainText('Four servers');
  await page.getByTestId('seed').fill('42');
  await page.getByTestId('seed').press('Enter');
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', '0');
  await runToEnd(page);

  const first = await numbers(page);
  expect(first['stat-simTime']).toBe('300000');
  expect(Number(first['stat-events'])).toBeGreaterThan(1_000_000);
  expect(Number(first['stat-L'])).toBeGreaterThan(5);

  // The URL is a share link to exactly this scenario and seed.
  const url = page.url();
  const decoded = decodeShare(url);
  expect(decoded.ok).toBe(true);
  if (decoded.ok) {
    expect(decoded.scenario.id).toBe('mmc');
    expect(decoded.scenario.seed).toBe(42);
  }

  // A fresh browser context restores scenario and seed and gives byte-identical numbers.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const fresh = watch(await ctx.newPage());
  await open(fresh, url);
  await expect(fresh.getByTestId('scenario')).toHaveValue('mmc');
  await expect(fresh.getByTestId('seed')).toHaveValue('42');
  await runToEnd(fresh);
  expect(await numbers(fresh)).toEqual(first);
  await ctx.close();

  // The headless CLI agrees to the last bit.
  const out = execFileSync('npx', ['tsx', 'src/cli/sim.ts', url, '--json', '--no-timing'], { encoding: 'utf8' });
  const cli = JSON.parse(out) as RunSummary;
  expect(first['stat-L']).toBe(String(cli.L.mean));
  expect(first['stat-lambdaW']).toBe(String(cli.littlesLaw.lambdaW));
  expect(first['stat-W']).toBe(String(cli.W.mean));
  expect(first['stat-events']).toBe(String(cli.events));
  expect(first['stat-simTime']).toBe(String(cli.simTime));
  expect(first['stat-throughput']).toBe(String(cli.throughput.mean));
  expect(first['stat-p99']).toBe(String(cli.p99));
});

test('a bad share link lists what is wrong and falls back to the default scenario', async ({ page, baseURL }) => {
  const good = encodeShareHash({
    version: 1,
    model: 'station',
    id: 'mm1',
    title: 'x',
    description: '',
    seed: 1,
    duration: 1000,
    warmup: 0,
    arrival: { rate: 0.5, shape: { type: 'exponential' }, profile: [] },
    service: { type: 'exponential', mean: 1 },
    servers: 1,
    capacity: null,
  });
  const v1 = `#v1.${LZString.compressToEncodedURIComponent(JSON.stringify({ version: 1, model: 'station', duration: 1000, arrival: { rate: 0.5 }, service: { type: 'exponential', mean: 1 } }))}`;
  // encodeShareHash only stringifies: it happily encodes a tampered object, as an attacker would.
  const tampered = encodeShareHash({
    version: 1,
    model: 'station',
    duration: 1e300,
    arrival: { rate: -3 },
    service: { type: 'exponential', mean: 1 },
  } as never);
  const polluting = encodeShareHash({ ...JSON.parse(JSON.stringify({ version: 1, model: 'station', duration: 10, arrival: { rate: 1 }, service: { type: 'exponential', mean: 1 } })), constructor: { prototype: { polluted: true } } } as never);
  // A link that decodes but does not validate opens its nearest valid state (bad fields from the
  // blank start) and says what was wrong.
  await page.goto(`${baseURL}/${tampered}`);
  await expect(page.getByTestId('link-error')).toContainText(/arrival\.rate/);
  await expect(page.getByTestId('link-error')).toContainText(/duration/);
  await expect(page.getByTestId('station-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  const repaired = decodeShare(page.url());
  expect(repaired.ok && repaired.scenario.model === 'station' && repaired.scenario.arrival.rate).toBe(0.5);
  expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
  await page.screenshot({ path: `${SHOTS}/app-bad-link.png` });
  // The Russian page says the same in Russian: the field's name and the value given stay as they are.
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('link-error')).toContainText('arrival.rate: должно быть');
  await expect(page.getByTestId('link-error')).toContainText('(получено -3)');
  await expect(page.getByTestId('link-error')).not.toContainText('must be');
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('link-error')).toContainText('arrival.rate: must be');

  // Links that cannot be decoded open the default scenario.
  const cases: { hash: string; expect: RegExp }[] = [
    { hash: good.slice(0, Math.floor(good.length / 2)), expect: /was changed or truncated: checksum does not match/ },
    // A link of the old format (no checksum), cut in half: its data does not decompress.
    { hash: v1.slice(0, Math.floor(v1.length / 2)), expect: /truncated or corrupted/ },
    // A key that could pollute prototypes is never repaired into place: the default opens.
    { hash: polluting, expect: /constructor/ },
    { hash: '#v9.abcdef', expect: /link format v9/ },
    { hash: '#%3Cscript%3Ealert(1)%3C/script%3E', expect: /not a QueueLab scenario link/ },
  ];
  for (const c of cases) {
    await page.goto(`${baseURL}/${c.hash}`);
    const banner = page.getByTestId('link-error');
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(c.expect);
    await expect(page.getByTestId('scenario')).toHaveValue('mm1');
    await expect(page.getByTestId('description')).toContainText('Poisson arrivals at 0.9 per second');
    await expect(status(page)).toHaveAttribute('data-value', 'idle');
    await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', '0');
    expect(Math.abs(Number(await value(page, 'theory-L')) - 9)).toBeLessThan(1e-9);
    // The address bar now holds the default scenario's link.
    const now = decodeShare(page.url());
    expect(now.ok && now.scenario.id).toBe('mm1');
    expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();
  }
  // The notice floats over the page's foot: the scenario it fell back to is laid out as without it.
  const withNotice = (await page.getByTestId('station-view').boundingBox())!.height;
  await expect(page.getByTestId('link-error')).toBeInViewport();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page.getByTestId('link-error')).toHaveCount(0);
  expect((await page.getByTestId('station-view').boundingBox())!.height).toBe(withNotice);

  // A hostile but valid scenario is shown as text, never run as markup.
  const hostile = encodeShareHash({
    version: 1,
    model: 'station',
    id: 'hostile',
    title: '<img src=x onerror="window.__pwned=1">',
    description: '<script>window.__pwned=2</script>',
    seed: 5,
    duration: 5000,
    warmup: 0,
    arrival: { rate: 0.5, shape: { type: 'exponential' }, profile: [] },
    service: { type: 'exponential', mean: 1 },
    servers: 1,
    capacity: null,
  });
  await page.goto(`${baseURL}/${hostile}`);
  await expect(page.getByTestId('description')).toHaveText('<script>window.__pwned=2</script>');
  await expect(page.getByTestId('scenario')).toHaveValue('link');
  await expect(page.getByTestId('seed')).toHaveValue('5');
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.getByTestId('link-error')).toHaveCount(0);
});

test('pause then step advances the event count by exactly one', async ({ page }) => {
  await open(page);
  // From idle: one step = one event.
  await page.getByTestId('step').click();
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', '1');

  // Mid-run: play slowly, pause, then step.
  await page.getByTestId('speed').selectOption('10');
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'running');
  await expect.poll(async () => Number(await value(page, 'stat-events'))).toBeGreaterThan(5);
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  await page.waitForTimeout(400); // let the pause snapshot land
  const before = Number(await value(page, 'stat-events'));
  const t0 = Number(await value(page, 'stat-simTime'));
  await page.getByTestId('step').click();
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', String(before + 1));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', String(before + 2));
  expect(Number(await value(page, 'stat-simTime'))).toBeGreaterThanOrEqual(t0);
  await page.waitForTimeout(300);
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', String(before + 2));
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
});

test('keyboard: space plays and pauses, R resets', async ({ page }) => {
  await open(page);
  await expect(page.getByText('play/pause')).toBeVisible();
  await page.keyboard.press('Space');
  await expect(status(page)).toHaveAttribute('data-value', 'running');
  await expect.poll(async () => Number(await value(page, 'stat-events'))).toBeGreaterThan(0);
  await page.keyboard.press('Space');
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  await page.keyboard.press('r');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('stat-events')).toHaveAttribute('data-value', '0');
});

test('the language switch translates the page and is remembered', async ({ page }) => {
  await open(page);
  await page.getByTestId('lang-ru').click();
  await expect(page.getByRole('heading', { name: 'Закон Литтла: L = λ·W' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.reload();
  await expect(page.getByTestId('play')).toContainText('Пуск');
  await page.getByTestId('lang-en').click();
  await expect(page.getByTestId('play')).toContainText('Play');
});

test('screenshots: fits 1280×720 without scrolling and stays usable at 390 px', async ({ page, browser }) => {
  await open(page);
  await page.screenshot({ path: `${SHOTS}/app-1280x720-idle.png` });
  // Default speed: the default scenario finishes within a few seconds.
  const started = Date.now();
  await page.getByTestId('play').click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${SHOTS}/app-1280x720-running.png` });
  await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 20_000 });
  expect(Date.now() - started).toBeLessThan(10_000);
  await page.screenshot({ path: `${SHOTS}/app-1280x720.png` });
  const size = await page.evaluate(() => ({
    h: document.documentElement.scrollHeight,
    w: document.documentElement.scrollWidth,
  }));
  expect(size.h).toBeLessThanOrEqual(720);
  expect(size.w).toBeLessThanOrEqual(1280);
  // L and λ·W agree at the end of the default run.
  await expect(page.getByText('L and λ·W agree within their 95 % intervals.')).toBeVisible();

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const phone = watch(await ctx.newPage());
  await open(phone, page.url());
  await phone.getByTestId('lang-ru').click();
  await phone.getByTestId('speed').selectOption('max');
  await phone.getByTestId('play').click();
  await expect(status(phone)).toHaveAttribute('data-value', 'finished', { timeout: 20_000 });
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/app-390.png`, fullPage: true });
  await ctx.close();
});
