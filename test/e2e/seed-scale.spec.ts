/**
 * Seed scale (scenarios/seed-scale): a story with a variant at the article's durations and rates
 * gets a scale switch in the lesson's head. Switching loads the variant and its lesson, which says
 * which scale it shows; the link carries the variant and the page recognises it (not "modified");
 * the run reaches its end at top speed. The wall time of that run is printed, not asserted: speed
 * is measured by the benchmark (src/bench/seed-scale.ts).
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeShare, encodeShareHash } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, num, status } from './helpers.ts';

failOnConsoleErrors();

const IDS = readdirSync('scenarios/seed-scale')
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .sort();
const seedScenario = (id: string) => JSON.parse(readFileSync(`scenarios/seed-scale/${id}.json`, 'utf8')) as { duration: number; model: string };
const shipped = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as { duration: number; model: string };

/** The scenario the page's link carries. */
async function linked(page: Page) {
  const r = decodeShare(await page.evaluate(() => location.href));
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return r.scenario;
}

async function open(page: Page, id: string, lang: 'en' | 'ru' = 'en'): Promise<void> {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId(`lang-${lang}`).click();
  await page.getByTestId('scenario').selectOption(id);
  await expect(page.getByTestId(`${shipped(id).model}-view`)).toBeVisible();
  await expect(page.getByTestId('scale')).toHaveAttribute('data-scale', 'compressed');
}

async function toSeed(page: Page): Promise<void> {
  await page.getByTestId('scale-seed').click();
  await expect(page.getByTestId('scale')).toHaveAttribute('data-scale', 'seed');
  await expect(page.getByTestId('lesson-step')).toHaveAttribute('aria-busy', 'false');
}

test('a story without a seed-scale variant has no scale switch', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('hot-partition');
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await expect(page.getByTestId('lesson-step')).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByTestId('scale')).toHaveCount(0);
});

for (const id of IDS) {
  test(`${id}: switch to the article's scale, the lesson says so, the link carries it, the run ends at top speed`, async ({ page }) => {
    test.setTimeout(180_000);
    await open(page, id);
    // The compressed lesson says it is compressed.
    await expect(page.getByTestId('lesson-step')).toContainText(/compressed|hours become minutes/);
    await toSeed(page);
    await expect(page.getByTestId('lesson-step')).toContainText('at the article’s scale');
    await expect(page.getByTestId('scale-seed')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('one-line')).toHaveAttribute('data-state', 'original');
    await expect(page.getByTestId('modified-state')).toHaveCount(0);
    await expect(page.getByTestId('scenario')).toHaveValue(id);
    expect((await linked(page)).duration).toBe(seedScenario(id).duration);

    // Top speed to the end: the wall time is printed (the benchmark measures it, src/bench/seed-scale.ts).
    await page.getByTestId('speed').selectOption('max');
    const t0 = Date.now();
    await page.getByTestId('play').click();
    await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 150_000 });
    const wall = Date.now() - t0;
    console.log(`seed scale ${id}: ${(seedScenario(id).duration / 3600).toFixed(2)} simulated hours in ${(wall / 1000).toFixed(1)} s at top speed`);
    test.info().annotations.push({ type: 'wall time', description: `${id}: ${wall} ms` });
    await expect(page.getByTestId('sim-time')).toHaveAttribute('data-value', String(seedScenario(id).duration));
    if (id === 'retention-reset') expect(Math.abs((await num(page, 'k-skipped')) - 3_070_897)).toBeLessThan(10_000);
    if (id === 'black-friday') expect(await num(page, 'k-lost')).toBe(0);

    // The link opens the variant as the seed scale, not as a modified scenario.
    const url = await page.evaluate(() => location.href);
    await page.goto('about:blank');
    await page.goto(url);
    await expect(page.getByTestId('scale')).toHaveAttribute('data-scale', 'seed');
    await expect(page.getByTestId('modified-state')).toHaveCount(0);
    await expect(page.getByTestId('scenario')).toHaveValue(id);
    await expect(page.getByTestId('explain-title')).not.toHaveText((await page.getByTestId('scenario').locator('option:checked').textContent())!.replace(/ · \S+$/, ''));

    // The fix stays on across a change of scale, and the header says only that.
    await page.getByTestId('step-fix').click();
    await page.getByTestId('try-fix').click();
    await expect(page.getByTestId('fix-state')).toBeVisible();
    await expect(page.getByTestId('modified-state')).toHaveCount(0);
    await page.getByTestId('scale-compressed').click();
    await expect(page.getByTestId('scale')).toHaveAttribute('data-scale', 'compressed');
    await expect(page.getByTestId('fix-state')).toBeVisible();
    await expect(page.getByTestId('modified-state')).toHaveCount(0);
    expect((await linked(page)).duration).toBe(shipped(id).duration);
  });
}

for (const lang of ['en', 'ru'] as const) {
  test(`${lang}: every step of every seed-scale lesson reads without a scroll box, and its Watch items point at visible elements`, async ({ page }) => {
    for (const id of IDS) {
      await open(page, id, lang);
      const body = page.getByTestId('lesson-step');
      // Both scales' lessons, under the switch's row.
      for (const scale of ['compressed', 'seed'] as const) {
        if (scale === 'seed') await toSeed(page);
        else await expect(body).toHaveAttribute('aria-busy', 'false');
        for (const step of ['story', 'watch', 'why', 'fix']) {
          const tab = page.getByTestId(`step-${step}`);
          if ((await tab.count()) === 0) continue;
          await tab.click();
          await expect(body).toHaveAttribute('data-step', step);
          const { scroll, client } = await body.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
          expect(scroll, `${id}.${lang} ${scale} ${step}: ${scroll - client} px hidden in a scroll box`).toBeLessThanOrEqual(client + 1);
          if (step === 'story' && scale === 'seed') await expect(body).toContainText(lang === 'en' ? 'at the article’s scale' : 'в масштабе статьи');
        }
        // The title whole, not cut short.
        const title = await page.getByTestId('explain-title').evaluate((e) => e.scrollWidth <= e.clientWidth + 1);
        expect(title, `${id}.${lang} ${scale}: the lesson's title is cut`).toBe(true);
      }
      await page.getByTestId('step-watch').click();
      const items = page.getByTestId('watch-item');
      for (let i = 0; i < (await items.count()); i++) {
        await items.nth(i).click();
        for (const target of ((await items.nth(i).getAttribute('data-targets')) ?? '').split(' ')) {
          await expect(page.getByTestId(target).first(), `${id}.${lang} watch ${i}: ${target}`).toBeVisible();
        }
      }
      // The switch whole, inside the lesson's card.
      const cut = await page.getByTestId('scale').evaluate((el) => {
        const card = el.closest('[data-testid=explain]')!.getBoundingClientRect();
        const r = el.getBoundingClientRect();
        return el.scrollWidth > el.clientWidth + 1 || r.right > card.right + 1 || r.left < card.left - 1;
      });
      expect(cut, `${id}.${lang}: the scale switch is cut`).toBe(false);
      // In presenter mode (1.55×) it wraps inside the card rather than leaving it.
      await page.keyboard.press('p');
      await expect(page.getByTestId('playground')).toHaveAttribute('data-presenter', '1');
      const spill = await page.getByTestId('scale').evaluate((el) => {
        const card = el.closest('[data-testid=explain]')!.getBoundingClientRect();
        return [...el.querySelectorAll('button')].some((b) => b.getBoundingClientRect().right > card.right + 1);
      });
      expect(spill, `${id}.${lang}: in presenter mode the scale switch leaves the lesson's card`).toBe(false);
      await page.keyboard.press('Escape');
    }
  });
}

test('after a run the counters grow taller: every step of both scales’ lessons still reads without a scroll box, under the switch', async ({ page }) => {
  test.setTimeout(600_000);
  for (const lang of ['ru', 'en'] as const) {
    for (const id of IDS) {
      await open(page, id, lang);
      for (const scale of ['compressed', 'seed'] as const) {
        if (scale === 'seed') await toSeed(page);
        await page.getByTestId('speed').selectOption('max');
        await page.getByTestId('play').click();
        await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 150_000 });
        const body = page.getByTestId('lesson-step');
        for (const step of ['story', 'watch', 'why', 'fix']) {
          await page.getByTestId(`step-${step}`).click();
          await expect(body).toHaveAttribute('data-step', step);
          const { scroll, client } = await body.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
          expect(scroll, `${id}.${lang} ${scale} ${step} after the run: ${scroll - client} px hidden`).toBeLessThanOrEqual(client + 1);
        }
      }
    }
  }
});

test('a link to a changed seed-scale run says what changed against the article’s scale', async ({ page }) => {
  const s = { ...seedScenario('black-friday'), duration: 7800 };
  await page.goto(`/${encodeShareHash(s as never)}`);
  await expect(page.getByTestId('scale')).toHaveAttribute('data-scale', 'seed');
  await expect(page.getByTestId('modified-changes')).toHaveText('Run · Duration 22,200 → 7,800 s simulated');
});
