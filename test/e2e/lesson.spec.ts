/**
 * The lesson has room and points at the page: at 1280×720 every step of every lesson, in both
 * languages, reads without a scroll box; every "What to watch" item resolves to a visible element
 * and highlights it while pointed at; switching scenario starts the lesson at its top; the fix's
 * state is shown and can be taken back, and the header describes the running configuration.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeShare } from '../../src/scenario/index.ts';
import { WATCH_TARGETS } from '../../src/content/targets.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status, watch } from './helpers.ts';

failOnConsoleErrors();

const SHIPPED = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .map((f) => JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')) as { id: string; model: 'kafka' | 'station' })
  .sort((a, b) => a.id.localeCompare(b.id));

const HI = 'data-watch-hi';

/** Opens the page in `lang` on scenario `id` (from the picker) and waits for its panels. */
async function openScenario(page: Page, id: string): Promise<void> {
  const s = SHIPPED.find((x) => x.id === id)!;
  await page.getByTestId('scenario').selectOption(id);
  await expect(page.getByTestId(`${s.model}-view`)).toBeVisible();
  await expect(page.getByTestId('explain')).toBeVisible();
  // Its sections load on demand: counting Watch items before they arrive would find none.
  await expect(page.getByTestId('lesson-step')).toHaveAttribute('aria-busy', 'false');
}

async function start(page: Page, lang: 'en' | 'ru'): Promise<void> {
  await page.goto('/');
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await page.getByTestId(`lang-${lang}`).click();
}

for (const lang of ['en', 'ru'] as const) {
  test(`${lang}: every step of every lesson reads without a scroll box at 1280×720`, async ({ page }) => {
    await start(page, lang);
    const body = page.getByTestId('lesson-step');
    for (const s of SHIPPED) {
      await openScenario(page, s.id);
      for (const step of ['story', 'watch', 'why', 'fix']) {
        const tab = page.getByTestId(`step-${step}`);
        if ((await tab.count()) === 0) continue;
        await tab.click();
        await expect(body).toHaveAttribute('data-step', step);
        const { scroll, client } = await body.evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
        expect(scroll, `${s.id}.${lang} ${step}: ${scroll - client} px hidden in a scroll box`).toBeLessThanOrEqual(client + 1);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(720);
  });

  test(`${lang}: every Watch item of every scenario points at visible elements and highlights them`, async ({ page }) => {
    await start(page, lang);
    for (const s of SHIPPED) {
      await openScenario(page, s.id);
      await page.getByTestId('step-watch').click();
      const items = page.getByTestId('watch-item');
      const n = await items.count();
      expect(n, s.id).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const item = items.nth(i);
        const targets = ((await item.getAttribute('data-targets')) ?? '').split(' ').filter(Boolean);
        const where = `${s.id}.${lang} item ${i + 1}`;
        expect(targets.length, where).toBeGreaterThan(0);
        const inTab = targets.filter((t) => WATCH_TARGETS[s.model][t]?.tab !== undefined);
        const onPage = targets.filter((t) => !inTab.includes(t));
        for (const t of targets) expect(WATCH_TARGETS[s.model][t], `${where}: ${t}`).toBeDefined();
        // Pointing at the item outlines what it names; a target in a closed tab lights up the tab.
        await item.hover();
        for (const t of onPage) {
          await expect(page.getByTestId(t).first(), `${where}: ${t}`).toBeVisible();
          await expect(page.getByTestId(t).first(), `${where}: ${t}`).toHaveAttribute(HI);
        }
        for (const t of inTab) await expect(page.getByTestId(`tab-${WATCH_TARGETS[s.model][t].tab}`), `${where}: ${t}`).toHaveAttribute(HI);
        await page.mouse.move(0, 0);
        for (const t of onPage) await expect(page.getByTestId(t).first(), `${where}: ${t}`).not.toHaveAttribute(HI);
        if (inTab.length > 0) {
          // Clicking it opens the tab, next to the lesson, and shows the element there.
          await item.click();
          for (const t of inTab) {
            await expect(page.getByTestId(t).first(), `${where}: ${t}`).toBeVisible();
            await expect(page.getByTestId(t).first(), `${where}: ${t}`).toHaveAttribute(HI);
            await expect(page.getByTestId(`tab-${WATCH_TARGETS[s.model][t].tab}`), `${where}: ${t}`).not.toHaveAttribute(HI);
          }
          await expect(page.getByTestId('explain')).toBeVisible();
          await page.getByTestId('tools-hide').click();
        }
      }
    }
  });
}

test('ru: after a run the counters grow taller, and the longest Watch steps still read without a scroll box', async ({ page }) => {
  await start(page, 'ru');
  for (const id of ['black-friday', 'add-partitions', 'poison-message', 'eager-vs-cooperative']) {
    await openScenario(page, id);
    await runToEnd(page);
    await page.getByTestId('step-watch').click();
    const { scroll, client } = await page.getByTestId('lesson-step').evaluate((e) => ({ scroll: e.scrollHeight, client: e.clientHeight }));
    expect(scroll, `${id}.ru watch after the run: ${scroll - client} px hidden`).toBeLessThanOrEqual(client + 1);
  }
});

test('keyboard: a Watch item is focusable, focus highlights its targets, Enter opens the tab they are in', async ({ page }) => {
  await start(page, 'en');
  await openScenario(page, 'rebalance-storm');
  await page.getByTestId('step-watch').click();
  const items = page.getByTestId('watch-item');
  await items.nth(1).focus();
  await expect(page.getByTestId('k-rebalances')).toHaveAttribute(HI);
  await expect(page.getByTestId('chart-throughput')).toHaveAttribute(HI);
  await page.keyboard.press('Shift+Tab');
  await expect(items.nth(0)).toBeFocused();
  await expect(page.getByTestId('k-rebalances')).not.toHaveAttribute(HI);
  await expect(page.getByTestId('tab-log')).toHaveAttribute(HI);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('event-log')).toBeVisible();
  await expect(page.getByTestId('event-log')).toHaveAttribute(HI);
  // Focus leaving the item takes the highlight away.
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('event-log')).not.toHaveAttribute(HI);
});

test('keyboard: arrows move between the tool tabs and between the lesson steps, never stepping the run', async ({ page }) => {
  await start(page, 'en');
  await openScenario(page, 'hot-partition');
  const events = page.getByTestId('sim-time');
  // On the page, → is "step": one event.
  await page.keyboard.press('ArrowRight');
  await expect(events).toHaveAttribute('data-events', '1');
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  const tab = (id: string) => page.getByTestId(`tab-${id}`);
  const tabindex = async (ids: string[]) => Promise.all(ids.map((id) => page.getByTestId(id).getAttribute('tabindex')));
  const tools = ['tab-faults', 'tab-log', 'tab-trace', 'tab-wrho', 'tab-sweep'];
  // One tool tab in the Tab order (none is open: the first).
  expect(await tabindex(tools)).toEqual(['0', '-1', '-1', '-1', '-1']);
  await tab('faults').focus();
  // Manual activation: arrows (and Home / End) move the focus, round the ends, and open nothing.
  for (const [key, to] of [
    ['ArrowRight', 'log'],
    ['ArrowRight', 'trace'],
    ['ArrowRight', 'wrho'],
    ['ArrowRight', 'sweep'],
    ['ArrowRight', 'faults'],
    ['ArrowLeft', 'sweep'],
    ['Home', 'faults'],
    ['End', 'sweep'],
    ['Shift+ArrowRight', 'faults'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(tab(to), `${key} → ${to}`).toBeFocused();
  }
  expect(await tabindex(tools)).toEqual(['0', '-1', '-1', '-1', '-1']);
  await expect(page.locator('#tool-panel')).toHaveCount(0);
  await page.keyboard.press('End');
  expect(await tabindex(tools)).toEqual(['-1', '-1', '-1', '-1', '0']);
  await page.keyboard.press('ArrowLeft');
  // Enter opens the focused tab; the open one stays the tab in the Tab order while the focus moves on.
  await page.keyboard.press('Enter');
  await expect(tab('wrho')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('chart-wrho')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(tab('trace')).toBeFocused();
  await expect(tab('wrho')).toHaveAttribute('aria-selected', 'true');
  expect(await tabindex(tools)).toEqual(['-1', '-1', '-1', '0', '-1']);

  // The lesson's steps: automatic activation, the focused step is shown.
  const steps = ['step-story', 'step-watch', 'step-why', 'step-fix'];
  expect(await tabindex(steps)).toEqual(['0', '-1', '-1', '-1']);
  await page.getByTestId('step-story').focus();
  for (const [key, to] of [
    ['ArrowRight', 'watch'],
    ['End', 'fix'],
    ['ArrowRight', 'story'],
    ['ArrowLeft', 'fix'],
    ['Home', 'story'],
    ['ArrowRight', 'watch'],
  ] as const) {
    await page.keyboard.press(key);
    await expect(page.getByTestId(`step-${to}`), `${key} → ${to}`).toBeFocused();
    await expect(page.getByTestId(`step-${to}`)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('lesson-step')).toHaveAttribute('data-step', to);
  }
  expect(await tabindex(steps)).toEqual(['-1', '0', '-1', '-1']);
  // None of those keys stepped the simulation.
  await page.waitForTimeout(300);
  await expect(events).toHaveAttribute('data-events', '1');
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  await page.screenshot({ path: `${SHOTS}/lesson-keyboard-tabs.png` });
});

test('the lesson follows the run and starts at its top for another scenario', async ({ page }) => {
  await start(page, 'en');
  await openScenario(page, 'hot-partition');
  await expect(page.getByTestId('step-story')).toHaveAttribute('aria-selected', 'true');
  // Play turns the story to what to watch.
  await page.getByTestId('play').click();
  await expect(page.getByTestId('step-watch')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('play').click();
  // A step the reader chose is kept through a language switch and through the fix.
  await page.getByTestId('step-why').click();
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('step-why')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('lang-en').click();
  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  await expect(page.getByTestId('step-fix')).toHaveAttribute('aria-selected', 'true');
  // Another scenario opens at its story, scrolled to the top, even in a short window.
  await page.setViewportSize({ width: 1280, height: 480 });
  await page.getByTestId('step-watch').click();
  await page.getByTestId('lesson-step').evaluate((e) => (e.scrollTop = e.scrollHeight));
  await openScenario(page, 'poison-message');
  await expect(page.getByTestId('step-story')).toHaveAttribute('aria-selected', 'true');
  expect(await page.getByTestId('lesson-step').evaluate((e) => e.scrollTop)).toBe(0);
  // With the story chosen by hand, Play leaves it there.
  await page.getByTestId('step-story').click();
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'running');
  await expect(page.getByTestId('step-story')).toHaveAttribute('aria-selected', 'true');
});

test('the fix: "fix on" names what changed and turns off; Settings make the header say "modified"', async ({ page }) => {
  await start(page, 'en');
  await openScenario(page, 'black-friday');
  await expect(page.getByTestId('one-line')).toHaveAttribute('data-state', 'original');
  await expect(page.getByTestId('fix-state')).toHaveCount(0);
  await page.getByTestId('step-fix').click();
  await page.getByTestId('try-fix').click();
  // The header says the fix is on, what it is and which field it set; so do the picker and the fix step.
  const state = page.getByTestId('fix-state');
  await expect(state).toBeVisible();
  await expect(state).toContainText('Fix on: 12 consumers (one per partition)');
  await expect(page.getByTestId('fix-changes')).toHaveText('Consumer group warehouse · Members 6 → 12 consumers');
  await expect(page.getByTestId('one-line')).toHaveAttribute('data-state', 'fix');
  await expect(page.getByTestId('one-line')).toContainText('Without the fix:');
  await expect(page.getByTestId('scenario').locator('option:checked')).toHaveText('Black Friday: input ×8 · fix on');
  await expect(page.getByTestId('fix-step-on')).toBeVisible();
  await expect(page.getByTestId('try-fix')).toHaveCount(0);
  let d = decodeShare(page.url());
  expect(d.ok && d.scenario.model === 'kafka' && d.scenario.groups[0].members).toBe(12);
  await page.screenshot({ path: `${SHOTS}/lesson-fix-on.png` });
  // In Russian too.
  await page.getByTestId('lang-ru').click();
  await expect(state).toContainText('Исправление включено: 12 консьюмеров');
  await page.getByTestId('lang-en').click();

  // Turned off: back to the shipped scenario, and nothing says "fix on" any more.
  await page.getByTestId('fix-off').click();
  await expect(page.getByTestId('fix-state')).toHaveCount(0);
  await expect(page.getByTestId('one-line')).toHaveAttribute('data-state', 'original');
  await expect(page.getByTestId('scenario')).toHaveValue('black-friday');
  await expect(page.getByTestId('try-fix')).toBeVisible();
  d = decodeShare(page.url());
  expect(d.ok && d.scenario.model === 'kafka' && d.scenario.groups[0].members).toBe(6);

  // A setting changed: the header says the scenario was modified, and how.
  await page.getByTestId('open-settings').click();
  await page.getByTestId('set-groups.0.members').fill('8');
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('settings')).toHaveCount(0);
  await expect(page.getByTestId('one-line')).toHaveAttribute('data-state', 'modified');
  await expect(page.getByTestId('modified-state')).toContainText('Modified: Consumer group warehouse · Members 6 → 8 consumers');
  await expect(page.getByTestId('one-line')).toContainText('Original:');
  await expect(page.getByTestId('scenario').locator('option:checked')).toHaveText('Black Friday: input ×8 · modified');
  await page.getByTestId('step-story').click();
  await expect(page.getByTestId('description-changed')).toHaveCount(1);
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('modified-state')).toContainText('Изменено: Группа консьюмеров warehouse · Участники 6 → 8 консьюмеров');
  await page.getByTestId('lang-en').click();
  await page.screenshot({ path: `${SHOTS}/lesson-modified.png` });
  // Back to the original.
  await page.getByTestId('restore').click();
  await expect(page.getByTestId('modified-state')).toHaveCount(0);
  await expect(page.getByTestId('scenario')).toHaveValue('black-friday');
});

test('screenshots: the lesson column at 1280×720 (Kafka and station, English and Russian) and at 390 px', async ({ page, browser }) => {
  await start(page, 'en');
  await openScenario(page, 'rebalance-storm');
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('step-watch')).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('watch-item').nth(1).hover();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-rebalance-storm-en.png` });
  await page.getByTestId('watch-item').nth(0).click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-rebalance-storm-log-en.png` });
  await page.getByTestId('tools-hide').click();
  await page.getByTestId('lang-ru').click();
  await page.getByTestId('step-why').click();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-rebalance-storm-ru.png` });
  await openScenario(page, 'poison-message');
  await page.getByTestId('step-watch').click();
  await page.getByTestId('watch-item').nth(1).hover();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-poison-message-ru.png` });
  await openScenario(page, 'mm1k');
  await page.getByTestId('step-watch').click();
  await page.getByTestId('watch-item').nth(0).hover();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-mm1k-ru.png` });
  await page.getByTestId('lang-en').click();
  await page.screenshot({ path: `${SHOTS}/lesson-1280x720-mm1k-en.png` });
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(720);

  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const phone = watch(await ctx.newPage());
  await start(phone, 'ru');
  await openScenario(phone, 'rebalance-storm');
  await phone.getByTestId('step-fix').click();
  await phone.getByTestId('try-fix').click();
  await expect(phone.getByTestId('fix-off')).toBeVisible();
  await phone.getByTestId('step-watch').click();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.screenshot({ path: `${SHOTS}/lesson-390.png`, fullPage: true });
  await ctx.close();
});

test('the difficulty is said in the page language, in the chip and in the picker', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('rebalance-storm');
  await expect(page.getByTestId('difficulty')).toHaveText('Difficulty: advanced');
  await page.getByTestId('lang-ru').click();
  await expect(page.getByTestId('difficulty')).toHaveText('Сложность: продвинутый');
  await expect(page.getByTestId('scenario').locator('option:checked')).toContainText('· продвинутый');
  await expect(page.getByTestId('scenario').locator('option', { hasText: 'advanced' })).toHaveCount(0);
});
