/**
 * Presenter mode, for a projector: body text of 20 px or more and chart labels of 16 px or more at
 * 1280×720, darker greys, the lesson and only the panels and counters its Watch bullets name —
 * nothing clipped, in either language, and no panels overlapping at 125 % and 150 % browser zoom.
 * A lesson step too long for the column at that size is shown in pages, each read without a scroll
 * box, turned by PageDown / PageUp (a clicker) and the pager. The topology and the charts share the
 * column's height: a chart gives way only to what the topology must show.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import { failOnConsoleErrors, runToEnd, SHOTS } from './helpers.ts';

failOnConsoleErrors();

const SHIPPED = readdirSync('scenarios')
  .filter((f) => f.endsWith('.json') && f !== 'scenario.schema.json')
  .map((f) => JSON.parse(readFileSync(`scenarios/${f}`, 'utf8')) as { id: string; model: 'kafka' | 'station' })
  .sort((a, b) => a.id.localeCompare(b.id));

/** The size a text is drawn at on screen (its computed size times the CSS zoom it is under). */
async function drawnSize(page: Page, selector: string): Promise<number[]> {
  return page.locator(selector).evaluateAll((els) =>
    els
      .filter((e) => (e as HTMLElement).offsetParent !== null || e instanceof SVGElement)
      .map((e) => parseFloat(getComputedStyle(e).fontSize) * ((e as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1)),
  );
}

async function open(page: Page, id: string, lang: 'en' | 'ru' = 'en'): Promise<void> {
  await page.goto('/');
  await page.getByTestId(`lang-${lang}`).click();
  await page.getByTestId('scenario').selectOption(id);
  await expect(page.getByTestId('explain')).toBeVisible();
}

test('P turns presenter mode on and Esc off; the button says which', async ({ page }) => {
  await open(page, 'eager-vs-cooperative');
  await page.keyboard.press('p');
  await expect(page.getByTestId('playground')).toHaveAttribute('data-presenter', '1');
  await expect(page.getByTestId('presenter-toggle')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('playground')).toHaveAttribute('data-presenter', '0');
  await page.getByTestId('presenter-toggle').click();
  await expect(page.getByTestId('playground')).toHaveAttribute('data-presenter', '1');
});

test('large type and only the panels the lesson names', async ({ page }) => {
  await open(page, 'eager-vs-cooperative');
  await page.keyboard.press('p');
  await runToEnd(page);
  // eager-vs-cooperative's Watch bullets name: k-rebalances, chart-lag, event-log (a tab), topology.
  await expect(page.getByTestId('k-rebalances')).toBeVisible();
  await expect(page.getByTestId('k-lag')).toHaveCount(0);
  await expect(page.getByTestId('chart-lag')).toBeVisible();
  await expect(page.getByTestId('topology')).toBeVisible();
  for (const hidden of ['chart-lag-seconds', 'chart-heatmap', 'chart-throughput', 'chart-latency', 'chart-little']) await expect(page.getByTestId(hidden)).toHaveCount(0);
  const body = await drawnSize(page, '[data-testid="lesson-column"] p, [data-testid="lesson-column"] li button');
  expect(body.length).toBeGreaterThan(0);
  expect(Math.min(...body)).toBeGreaterThanOrEqual(20);
  const labels = await drawnSize(page, '[data-testid="chart-lag"] svg text');
  expect(labels.length).toBeGreaterThan(3);
  expect(Math.min(...labels)).toBeGreaterThanOrEqual(16);
  await page.screenshot({ path: `${SHOTS}/presenter-eager-vs-cooperative.png` });
});

test('a Watch bullet whose panel or tool is not on screen brings it there when clicked', async ({ page }) => {
  // mm1 presents one panel (the number in system); its third bullet points at Little's law panel.
  await open(page, 'mm1', 'ru');
  await page.keyboard.press('p');
  await runToEnd(page);
  await page.locator('[role=tab]', { hasText: 'Смотрим' }).first().click();
  await expect(page.getByTestId('little-panel')).toHaveCount(0);
  await expect(page.getByTestId('tools')).toHaveCount(0);
  await page.getByTestId('watch-item').nth(2).click();
  await expect(page.getByTestId('little-panel')).toBeVisible();
  // poison-message's first bullet points at the event log, a tool folded away in presenter mode: it opens, in view.
  await page.getByTestId('scenario').selectOption('poison-message');
  await runToEnd(page);
  await page.locator('[role=tab]', { hasText: 'Смотрим' }).first().click();
  await page.getByTestId('watch-item').first().click();
  await expect(page.getByTestId('tab-log')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('log-line').first()).toBeInViewport();
  // Leaving and entering presenter mode again starts with the tools folded away.
  await page.keyboard.press('Escape');
  await page.keyboard.press('p');
  await expect(page.getByTestId('tools')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/presenter-watch-brings-panel.png` });
});

test('a step too long for the column is shown in pages: PageDown and PageUp turn them, then the steps; the pager too', async ({ page }) => {
  await open(page, 'black-friday', 'ru');
  const body = page.getByTestId('lesson-step');
  // Outside presenter mode the step is one page, without a pager.
  await page.getByTestId('step-watch').click();
  await expect(body).toHaveAttribute('data-pages', '1');
  await expect(page.getByTestId('lesson-pager')).toHaveCount(0);
  await page.keyboard.press('p');
  await expect(body).toHaveAttribute('data-pages', /^[2-9]$/);
  const pages = Number(await body.getAttribute('data-pages'));
  const items = page.getByTestId('watch-item');
  await expect(items.first()).toBeVisible();
  await expect(items.last()).toBeHidden();
  await expect(page.getByTestId('lesson-pager')).toContainText(`стр. 1 из ${pages}`);
  await expect(page.getByTestId('lesson-page-prev')).toBeDisabled();
  for (let p = 2; p <= pages; p++) {
    await page.keyboard.press('PageDown');
    await expect(body).toHaveAttribute('data-page', String(p));
  }
  await expect(items.first()).toBeHidden();
  await expect(items.last()).toBeVisible();
  await expect(page.getByTestId('lesson-page-next')).toBeDisabled();
  // Past the step's last page: the next step, at its first page; PageUp comes back to the last.
  await page.keyboard.press('PageDown');
  await expect(body).toHaveAttribute('data-step', 'why');
  await expect(body).toHaveAttribute('data-page', '1');
  await page.keyboard.press('PageUp');
  await expect(body).toHaveAttribute('data-step', 'watch');
  await expect(body).toHaveAttribute('data-page', String(pages));
  await expect(items.last()).toBeVisible();
  // The pager's buttons turn the pages as well.
  await page.getByTestId('lesson-page-prev').click();
  await expect(body).toHaveAttribute('data-page', String(pages - 1));
  await page.getByTestId('lesson-page-next').click();
  await expect(body).toHaveAttribute('data-page', String(pages));
  // Another step starts at its first page.
  await page.getByTestId('step-story').click();
  await expect(body).toHaveAttribute('data-page', '1');
  await page.screenshot({ path: `${SHOTS}/presenter-pages-black-friday-ru.png` });
  // Leaving presenter mode shows the whole step again.
  await page.getByTestId('step-watch').click();
  await page.keyboard.press('Escape');
  await expect(body).toHaveAttribute('data-pages', '1');
  await expect(items.last()).toBeVisible();
  await expect(items.first()).toBeVisible();
});

test('in a playlist, PageDown turns the step’s pages first, then moves to the next scenario', async ({ page }) => {
  await page.goto('/#list=black-friday,mm1&at=0');
  await page.getByTestId('lang-ru').click();
  await page.keyboard.press('p');
  await page.getByTestId('step-watch').click();
  const body = page.getByTestId('lesson-step');
  await expect(body).toHaveAttribute('data-pages', /^[2-9]$/);
  const pages = Number(await body.getAttribute('data-pages'));
  for (let p = 2; p <= pages; p++) {
    await page.keyboard.press('PageDown');
    await expect(body).toHaveAttribute('data-page', String(p));
  }
  await expect(page.getByTestId('playlist')).toHaveAttribute('data-at', '0');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('playlist')).toHaveAttribute('data-at', '1');
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
});

/** Boxes of the visible panels, cards and counters: none may overlap another, none may leave the window sideways. */
async function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const els = [...document.querySelectorAll('[data-testid="counters"] > *, .main .card, .main section.chart, [data-testid="lesson-column"] > *')].filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    });
    const out: string[] = [];
    const name = (e: Element) => e.getAttribute('data-testid') ?? e.className.toString().split(' ')[0];
    for (let i = 0; i < els.length; i++) {
      const a = els[i].getBoundingClientRect();
      if (a.right > window.innerWidth + 1) out.push(`${name(els[i])} leaves the window (${Math.round(a.right)} > ${window.innerWidth})`);
      for (let j = i + 1; j < els.length; j++) {
        if (els[i].contains(els[j]) || els[j].contains(els[i])) continue;
        const b = els[j].getBoundingClientRect();
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) out.push(`${name(els[i])} overlaps ${name(els[j])} (${Math.round(w)}×${Math.round(h)})`);
      }
    }
    return out;
  });
}

/** Content drawn outside its panel (an overlay or a drawing taller than the card): what a screenshot shows as overlap. */
async function spills(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const cards = [...document.querySelectorAll('.main .card, .main section.chart')].filter((c) => c.getBoundingClientRect().height > 0);
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      for (const el of card.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // Inside a scroll box or a clipping box within the card, overflow is not drawn.
        let clippedBy: Element | null = el.parentElement;
        while (clippedBy && clippedBy !== card && !['auto', 'hidden', 'scroll', 'clip'].includes(getComputedStyle(clippedBy).overflowY)) clippedBy = clippedBy.parentElement;
        if (clippedBy && clippedBy !== card) continue;
        if (r.bottom > box.bottom + 2 || r.right > box.right + 2) {
          out.push(`${card.getAttribute('data-testid') ?? card.className.toString().split(' ')[0]}: ${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[${el.getAttribute('data-testid')}]` : ''} spills ${Math.round(Math.max(r.bottom - box.bottom, r.right - box.right))} px`);
          break;
        }
      }
    }
    return out;
  });
}

/** A chart's plot asks for this height in presenter mode, and gives way down to {@link PLOT_FLOOR} (CSS px, before the zoom). */
const PLOT_ASKS = 84;
const PLOT_FLOOR = 40;

/**
 * Presenter mode's main area at 1280×720: no drawing cut by its card, no card below the window,
 * and no chart squeezed while the topology above it has room to spare. The two share the column
 * half and half, and one whose content needs more takes it from the other: a chart's plot is
 * under {@link PLOT_ASKS} px only when the charts already have half the column or the topology
 * needs all it has, and never under the floor. (Before, the topology took two thirds whatever it
 * held, and a chart kept a 40 px plot — a line with nothing to read — under empty space.)
 */
async function panelsFit(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ asks, floor }) => {
      const out: string[] = [];
      const zoomOf = (e: Element): number => (e as Element & { currentCSSZoom?: number }).currentCSSZoom ?? 1;
      const name = (e: Element): string => e.getAttribute('data-testid') ?? e.className.toString().split(' ')[0];
      const cards = [...document.querySelectorAll('.main .card')].filter((c) => c.getBoundingClientRect().height > 0);
      for (const card of cards) {
        const box = card.getBoundingClientRect();
        if (box.bottom > window.innerHeight + 1) out.push(`${name(card)} ends ${Math.round(box.bottom - window.innerHeight)} px below the window`);
        for (const svg of card.querySelectorAll('svg')) {
          const r = svg.getBoundingClientRect();
          if (r.height > 0 && r.bottom > box.bottom + 1) out.push(`${name(card)}: its drawing is cut ${Math.round(r.bottom - box.bottom)} px short`);
        }
        if (card.scrollHeight > card.clientHeight + 1) out.push(`${name(card)}: its content is cut ${card.scrollHeight - card.clientHeight} px short`);
      }
      const topo = document.querySelector<HTMLElement>('.main [data-testid="topology"]');
      // The least height the topology's content needs: its height when sized to its content.
      let spare = 0;
      // Whether the charts have half of the height they share with the topology (or all of it).
      const charts = document.querySelector('.main .model-charts');
      const chartsH = charts?.getBoundingClientRect().height ?? 0;
      const chartsHalf = !topo || chartsH >= (chartsH + topo.getBoundingClientRect().height) / 2 - 2;
      if (topo) {
        const h = topo.getBoundingClientRect().height / zoomOf(topo);
        topo.style.height = 'min-content';
        topo.style.flexGrow = '0';
        const least = topo.getBoundingClientRect().height / zoomOf(topo);
        topo.style.height = '';
        topo.style.flexGrow = '';
        spare = h - least;
      }
      for (const plot of document.querySelectorAll('.main section.chart .plot')) {
        const h = plot.getBoundingClientRect().height / zoomOf(plot);
        const chart = name(plot.closest('section.chart')!);
        if (h < floor - 1) out.push(`${chart}: a plot of ${Math.round(h)} px, below the floor of ${floor}`);
        else if (h < asks - 1 && spare > 2 && !chartsHalf) out.push(`${chart}: a plot of ${Math.round(h)} px, the charts under half the column while the topology has ${Math.round(spare)} px to spare`);
      }
      return out;
    },
    { asks: PLOT_ASKS, floor: PLOT_FLOOR },
  );
}

/** Text cut off inside its box: what the e2e suite calls clipping elsewhere too. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.app *')]
      .filter((e) => e instanceof HTMLElement && e.offsetParent !== null && e.children.length === 0 && (e.textContent ?? '').trim() !== '')
      .filter((e) => {
        const s = getComputedStyle(e);
        const h = e as HTMLElement;
        // A visually hidden label (1 px, for screen readers) is not text anyone sees cut.
        if (h.clientWidth <= 1 && h.clientHeight <= 1) return false;
        return (s.overflow === 'hidden' || s.textOverflow === 'ellipsis' || s.overflowX === 'hidden') && h.scrollWidth > h.clientWidth + 1;
      })
      .map((e) => `${(e as HTMLElement).closest('[data-testid]')?.getAttribute('data-testid') ?? '?'}: "${(e.textContent ?? '').trim().slice(0, 40)}"`),
  );
}

/**
 * Walks the shown step's pages with PageDown: none may need a scroll box, and together they show
 * each of the step's blocks (sentences, Watch items, buttons) once, in order.
 */
async function pagesRead(page: Page): Promise<string[]> {
  const body = page.getByTestId('lesson-step');
  await expect(body).toHaveAttribute('data-pages', /^\d+$/);
  const pages = Number(await body.getAttribute('data-pages'));
  const out: string[] = [];
  const seen: number[] = [];
  let total = 0;
  for (let p = 1; p <= pages; p++) {
    if (p > 1) {
      await page.keyboard.press('PageDown');
      await expect(body).toHaveAttribute('data-page', String(p));
    }
    const r = await body.evaluate((el) => {
      const blocks = [...el.querySelectorAll('[data-block]')];
      return { over: el.scrollHeight - el.clientHeight, total: blocks.length, shown: blocks.flatMap((b, i) => ((b as HTMLElement).offsetParent !== null ? [i] : [])) };
    });
    if (r.over > 1) out.push(`page ${p} of ${pages} needs a scroll box (${r.over} px more)`);
    if (r.shown.length === 0) out.push(`page ${p} of ${pages} is empty`);
    seen.push(...r.shown);
    total = r.total;
  }
  if (seen.join() !== [...Array(total).keys()].join()) out.push(`the pages show blocks ${seen.join()} of ${total}`);
  return out;
}

test('every scenario in presenter mode, both languages: nothing clipped, nothing overlapping, no chart squeezed under a topology with room to spare, every page of every step read without a scroll box', async ({ page }) => {
  test.setTimeout(300_000);
  const problems: string[] = [];
  for (const lang of ['en', 'ru'] as const) {
    await page.goto('/');
    await page.getByTestId(`lang-${lang}`).click();
    await page.keyboard.press('p');
    for (const s of SHIPPED) {
      await page.getByTestId('scenario').selectOption(s.id);
      await expect(page.getByTestId('explain')).toBeVisible();
      for (const step of ['story', 'watch', 'why', 'fix']) {
        const tab = page.getByTestId(`step-${step}`);
        if ((await tab.count()) === 0) continue;
        await tab.click();
        problems.push(...(await clipped(page)).map((p) => `${lang} ${s.id} ${step}: ${p}`));
        problems.push(...(await pagesRead(page)).map((p) => `${lang} ${s.id} ${step}: ${p}`));
      }
      problems.push(...(await overlaps(page)).map((p) => `${lang} ${s.id}: ${p}`));
      problems.push(...(await spills(page)).map((p) => `${lang} ${s.id}: ${p}`));
      problems.push(...(await panelsFit(page)).map((p) => `${lang} ${s.id}: ${p}`));
      await page.screenshot({ path: `${SHOTS}/presenter-${s.id}-${lang}.png` });
    }
  }
  expect(problems).toEqual([]);
});

test('after a run, with the numbers in the legends and the topology: the panels still fit, and no consumer box writes its slots over its name', async ({ page }) => {
  for (const id of ['hot-partition', 'memory-alarm']) {
    await open(page, id);
    await page.keyboard.press('p');
    await runToEnd(page);
    expect(await panelsFit(page), id).toEqual([]);
    // memory-alarm's ten RabbitMQ consumers at presenter size: "#1" and "0/10" shared a 40 px box.
    const collisions = await page.locator('[data-testid="consumer"]').evaluateAll((boxes) =>
      boxes.flatMap((b) => {
        const [name, slots] = [b.querySelector('.cname'), b.querySelector('.cheld')].map((t) => t?.getBoundingClientRect());
        return name && slots && name.right > slots.left && slots.right > name.left ? [b.getAttribute('data-name')] : [];
      }),
    );
    expect(collisions, id).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/presenter-after-run-${id}.png` });
    await page.keyboard.press('Escape');
  }
});

for (const zoom of [1.25, 1.5]) {
  test(`browser zoom ${zoom * 100} %: panels do not overlap, with and without presenter mode`, async ({ browser }) => {
    const ctx = await browser.newContext({ viewport: { width: Math.round(1280 / zoom), height: Math.round(720 / zoom) }, deviceScaleFactor: zoom });
    const page = await ctx.newPage();
    for (const id of ['eager-vs-cooperative', 'mm1', 'poison-message']) {
      await page.goto('/');
      await page.getByTestId('scenario').selectOption(id);
      await expect(page.getByTestId('explain')).toBeVisible();
      expect(await overlaps(page), `${id} at ${zoom}`).toEqual([]);
      await page.keyboard.press('p');
      expect(await overlaps(page), `${id} at ${zoom}, presenter`).toEqual([]);
      expect(await clipped(page), `${id} at ${zoom}, presenter`).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/zoom-${zoom * 100}-${id}-presenter.png` });
      await page.keyboard.press('Escape');
    }
    await ctx.close();
  });
}

test('compare view in presenter mode, every scenario with a fix: nothing clipped, nothing overlapping', async ({ page }) => {
  // Every scenario with a fix runs to the end twice (A and B) in each language: 4.9 min on a loaded 2-core machine with 36 of them.
  test.setTimeout(420_000);
  const withFix = readdirSync('scenarios/lessons')
    .filter((f) => f.endsWith('.en.md') && /^fix: \[/m.test(readFileSync(`scenarios/lessons/${f}`, 'utf8')))
    .map((f) => f.slice(0, -'.en.md'.length));
  const problems: string[] = [];
  for (const lang of ['en', 'ru'] as const) {
    await page.goto('/');
    await page.getByTestId(`lang-${lang}`).click();
    await page.keyboard.press('p');
    for (const id of withFix) {
      await page.getByTestId('scenario').selectOption(id);
      await page.getByTestId('compare-toggle').click();
      await expect(page.getByTestId('compare')).toBeVisible();
      await page.getByTestId('speed').selectOption('max');
      await page.getByTestId('play').click();
      await expect(page.getByTestId('status')).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
      problems.push(...[...(await clipped(page)), ...(await overlaps(page)), ...(await spills(page))].map((p) => `${lang} ${id}: ${p}`));
      // A value ("2,699/с") and a chip («★ суть истории») are never broken across lines.
      const broken = await page.locator('[data-testid=compare] tbody td:not(.verdict), [data-testid=compare] .chip').evaluateAll((els) =>
        els
          .filter((e) => {
            const r = document.createRange();
            r.selectNodeContents(e);
            return new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.bottom))).size > 1;
          })
          .map((e) => e.textContent),
      );
      problems.push(...broken.map((t) => `${lang} ${id}: “${t}” wraps`));
      await page.screenshot({ path: `${SHOTS}/presenter-compare-${id}-${lang}.png` });
      await page.getByTestId('compare-toggle').click();
    }
  }
  expect(problems).toEqual([]);
});
