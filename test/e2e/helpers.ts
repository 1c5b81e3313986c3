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

/** A counter's value (its `data-value`). */
export const num = async (page: Page, id: string) => Number(await page.getByTestId(id).getAttribute('data-value'));
/** The last point of each line of a chart, as its legend shows it (null for a line without points). */
export const last = async (page: Page, chart: string) => (await page.getByTestId(chart).getAttribute('data-last'))!.split(',').map((x) => (x === '' ? null : Number(x)));

/** Texts of the topology drawing that leave its SVG, or the drawing its card. */
export async function topologyClipped(page: Page): Promise<string[]> {
  return page.getByTestId('topology').evaluate((card) => {
    const svg = card.querySelector('svg')!.getBoundingClientRect();
    const box = card.getBoundingClientRect();
    const out: string[] = [];
    for (const t of card.querySelectorAll('svg text')) {
      const r = t.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > svg.right + 1 || r.left < svg.left - 1 || r.bottom > svg.bottom + 1 || r.top < svg.top - 1) out.push(`${t.textContent} outside the drawing`);
    }
    if (svg.bottom > box.bottom + 1 || svg.right > box.right + 1) out.push('drawing outside its card');
    return out;
  });
}

/**
 * Boxes (`.box`) of the topology whose text is cut — content taller than the box, or a line wider
 * than its span — or that stand outside the card; named by their `data-name`, else their test id.
 */
export async function topologyCut(page: Page): Promise<string[]> {
  return page.getByTestId('topology').evaluate((card) => {
    const outer = card.getBoundingClientRect();
    const out: string[] = [];
    for (const b of card.querySelectorAll<HTMLElement>('.box')) {
      const r = b.getBoundingClientRect();
      const name = b.dataset.name ?? b.dataset.testid;
      if (b.scrollHeight > b.clientHeight + 1) out.push(`${name}: text cut at the bottom`);
      if (r.right > outer.right + 1 || r.bottom > outer.bottom + 1) out.push(`${name}: outside the card`);
      for (const s of b.querySelectorAll<HTMLElement>('span')) if (s.scrollWidth > s.clientWidth + 1) out.push(`${name}: “${s.textContent}” cut`);
    }
    return out;
  });
}

/** Cards of a model's main area (`view`: its `data-testid`) whose content spills out of them. */
export async function cardSpills(page: Page, view: string): Promise<string[]> {
  return page.evaluate((view) => {
    const out: string[] = [];
    for (const card of document.querySelectorAll(`[data-testid=${view}] .card, [data-testid=${view}] section.chart`)) {
      const box = card.getBoundingClientRect();
      if (box.height === 0) continue;
      for (const el of card.querySelectorAll('*')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.bottom > box.bottom + 2 || r.right > box.right + 2) {
          out.push(`${card.getAttribute('data-testid') ?? card.className}: ${el.tagName} spills`);
          break;
        }
      }
    }
    return out;
  }, view);
}
