/**
 * The timeline under the charts: dragged back, the counters, charts and topology show that moment
 * of the run — the numbers the CLI prints for a run that ends there — and Play goes on from it to
 * the uninterrupted run's end. Faults are added, moved and deleted on the same strip; the link
 * carries them, reopens them, and replays the edited run to the CLI's numbers. Faults pressed live
 * stay when the run goes back and happen again. Compare view moves both runs; a station scrubs too.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { decodeShare, encodeShareHash, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import type { KafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { failOnConsoleErrors, last, num, runToEnd, SHOTS, status } from './helpers.ts';

failOnConsoleErrors();

const load = (id: string): Scenario => {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
};
const BF = load('black-friday');

/** What `npm run sim -- <source> --json` prints, for a run ending at `duration` when given. */
function cli(source: string, duration?: number): KafkaSummary {
  const args = ['tsx', 'src/cli/sim.ts', source, '--json', '--no-timing', ...(duration === undefined ? [] : ['--duration', String(duration)])];
  return JSON.parse(execFileSync('npx', args, { encoding: 'utf8', maxBuffer: 64 << 20 })) as KafkaSummary;
}
const lagOf = (s: KafkaSummary): number => Object.values(s.groups)[0].lagRecords.final;

async function openBf(page: Page, hash = encodeShareHash(BF)): Promise<void> {
  await page.goto(`/${hash}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await expect(page.getByTestId('scrubber')).toBeVisible();
}

/** The time the page shows, once the run is paused there (no replay under way). */
async function settled(page: Page, state = 'paused'): Promise<number> {
  const t = Number(await page.getByTestId('scrubber').getAttribute('data-value'));
  await expect(page.getByTestId('sim-time')).toHaveAttribute('data-value', String(t), { timeout: 60_000 });
  await expect(status(page)).toHaveAttribute('data-value', state);
  await expect(page.getByTestId('timeline-replay')).toHaveCount(0);
  return t;
}

/** Drags the playhead from near the end back to `fraction` of the strip, through a few points. */
async function drag(page: Page, fraction: number, from = 0.95): Promise<void> {
  const box = (await page.getByTestId('scrubber').boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  for (const f of [from - 0.1, (from + fraction) / 2, fraction]) await page.mouse.move(box.x + box.width * f, y, { steps: 4 });
  await page.mouse.up();
}

/** The faults the page's link carries. */
function linkFaults(page: Page): unknown[] {
  const r = decodeShare(page.url());
  expect(r.ok).toBe(true);
  return r.ok ? ((r.scenario as { faults?: unknown[] }).faults ?? []) : [];
}

test('drag back on Black Friday: counters, charts and topology show that moment, the CLI’s numbers; Play goes on to the uninterrupted end', async ({ page }) => {
  test.setTimeout(300_000);
  await openBf(page);
  await runToEnd(page);
  const end = await num(page, 'k-lag');
  expect(end).toBe(lagOf(cli('scenarios/black-friday.json')));
  const eventsAtEnd = await num(page, 'stat-events');

  await drag(page, 1 / 3);
  const t = await settled(page);
  expect(t).toBeGreaterThan(250);
  expect(t).toBeLessThan(350);
  const there = cli('scenarios/black-friday.json', t);
  // The counters and the lag chart are the run's at t: what the CLI prints for a run that ends there.
  expect(await num(page, 'k-lag')).toBe(lagOf(there));
  expect((await last(page, 'chart-lag'))[0]).toBe(lagOf(there));
  // (Not its event count: a run's sampling events follow its length.)
  expect(await num(page, 'stat-events')).toBeLessThan(eventsAtEnd);
  // The topology too: each partition's lag, summed, is the group's.
  const partitionLags = await page.getByTestId('partition').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lag'))));
  expect(partitionLags).toHaveLength(12);
  expect(partitionLags.reduce((a, b) => a + b, 0)).toBe(lagOf(there));
  await page.screenshot({ path: `${SHOTS}/scrub-back-en.png` });

  // Play forward from there: the same end as the run that never went back.
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
  expect(await num(page, 'k-lag')).toBe(end);
  expect(await num(page, 'stat-events')).toBe(eventsAtEnd);

  // The keyboard: Home goes to the start, ← and → by 1 % of the run, End to the end (finished again).
  const scrubber = page.getByTestId('scrubber');
  await scrubber.focus();
  await page.keyboard.press('Home');
  expect(await settled(page)).toBe(0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  expect(await settled(page)).toBe(20);
  await page.keyboard.press('Shift+ArrowRight');
  expect(await settled(page)).toBe(120);
  await page.keyboard.press('End');
  expect(await settled(page, 'finished')).toBe(BF.duration);
  expect(await num(page, 'k-lag')).toBe(end);
  await expect(scrubber).toHaveAttribute('aria-valuenow', String(BF.duration));
});

test('faults on the strip: add at the moment shown, edit, move by keys and by dragging, delete; the link carries them and reopens them', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await openBf(page);
  const scrubber = page.getByTestId('scrubber');
  await scrubber.focus();
  // To t = 300 s: 1 % steps are 10 s.
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  expect(await settled(page)).toBe(300);

  // Add: the model's own fault buttons, here on warehouse-2, at the time shown.
  await page.getByTestId('fault-add').click();
  const panel = page.getByTestId('fault-add-panel');
  await expect(panel.getByTestId('fault-add-at')).toHaveValue('300');
  await panel.getByTestId('fault-target').selectOption('warehouse-2');
  await page.screenshot({ path: `${SHOTS}/scrub-add-en.png` });
  await panel.getByTestId('fault-gc-pause').click();
  await expect(panel).toHaveCount(0);
  const mark = page.getByTestId('fault-mark');
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveAttribute('data-at', '300');
  await expect(mark).toHaveAttribute('data-kind', 'gc-pause');
  await expect(page.getByTestId('modified-state')).toBeVisible();
  expect(linkFaults(page)).toEqual([{ at: 300, kind: 'gc-pause', target: 'warehouse-2', duration: 60 }]);
  // The edited run is replayed to where it was shown: the consumer is in its pause.
  expect(await settled(page)).toBe(300);

  // Edit: a value out of range is refused with its field and range; a good one is taken.
  const editor = page.getByTestId('fault-edit');
  await expect(editor).toBeVisible();
  // The title says what the fault is, beside its kind as the scenario spells it.
  await expect(editor.getByTestId('fault-edit-title')).toHaveText('GC pause');
  await expect(editor.locator('code.kind')).toHaveText('gc-pause');
  await editor.getByTestId('fault-field-duration').fill('0');
  await editor.getByTestId('fault-apply').click();
  await expect(editor.getByTestId('fault-edit-errors')).toContainText('duration: must be a number in (0, 3600] s (got 0)');
  await expect(editor.getByTestId('fault-edit-errors')).not.toContainText('faults.0.');
  await editor.getByTestId('fault-field-at').fill('1000');
  await editor.getByTestId('fault-apply').click();
  await expect(editor.getByTestId('fault-edit-errors')).toContainText("at: must be a time in [0, 900] s, the run's length (got 1000)");
  await editor.getByTestId('fault-field-at').fill('300');
  await editor.getByTestId('fault-field-duration').fill('30');
  await editor.getByTestId('fault-apply').click();
  await expect(editor.getByTestId('fault-edit-errors')).toHaveCount(0);
  await expect.poll(() => linkFaults(page)).toEqual([{ at: 300, kind: 'gc-pause', target: 'warehouse-2', duration: 30 }]);
  await page.keyboard.press('Escape');
  await expect(editor).toHaveCount(0);

  // Move with the keys (10 s a press; the edit follows when the presses stop) …
  await mark.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(mark).toHaveAttribute('data-at', '320');
  await expect.poll(() => linkFaults(page)).toEqual([{ at: 320, kind: 'gc-pause', target: 'warehouse-2', duration: 30 }]);
  await expect(mark).toBeFocused();
  // … and by dragging, to the middle of the run: a fault later than the moment shown.
  const box = (await mark.boundingBox())!;
  const strip = (await scrubber.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(strip.x + strip.width * 0.4, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(strip.x + strip.width * 0.5, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => (linkFaults(page)[0] as { at: number } | undefined)?.at).toBe(450);
  await expect(mark).toHaveAttribute('data-at', '450');
  expect(await settled(page)).toBe(300);

  // The link reopens the edited faults, and its run is the CLI's.
  const url = page.url();
  const other = await browser.newPage();
  await other.goto(url);
  await expect(other.getByTestId('fault-mark')).toHaveAttribute('data-at', '450');
  await expect(other.getByTestId('fault-mark')).toHaveAttribute('data-kind', 'gc-pause');
  await expect(other.getByTestId('scenario')).toHaveValue('link');
  await other.close();
  await runToEnd(page);
  expect(await num(page, 'k-lag')).toBe(lagOf(cli(url)));
  expect(await num(page, 'k-lag')).not.toBe(lagOf(cli('scenarios/black-friday.json')));

  // Delete with the keyboard: back to the lesson's scenario.
  await mark.focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('fault-mark')).toHaveCount(0);
  expect(linkFaults(page)).toEqual([]);
  await expect(page.getByTestId('modified-state')).toHaveCount(0);
  // A finished run's edit replays it to its end.
  expect(await settled(page, 'finished')).toBe(BF.duration);
  expect(await num(page, 'k-lag')).toBe(lagOf(cli('scenarios/black-friday.json')));
});

test('faults pressed live after the moment gone back to stay on the strip and happen again', async ({ page }) => {
  test.setTimeout(300_000);
  await openBf(page);
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  expect(await settled(page)).toBe(200);
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-crash').click();
  const mark = page.getByTestId('fault-mark');
  await expect(mark).toHaveAttribute('data-live', '1');
  await expect(mark).toHaveAttribute('data-at', '200');
  await drag(page, 0.1, 0.3);
  const t = await settled(page);
  expect(t).toBeLessThan(200);
  await expect(mark).toHaveAttribute('data-live', '1');
  expect(linkFaults(page)).toEqual([{ at: 200, kind: 'crash', target: 'warehouse-1', restartAfter: null }]);
  // Before the crash: the consumer is still there.
  await expect(page.getByTestId('k-lag')).toHaveAttribute('data-value', String(lagOf(cli('scenarios/black-friday.json', t))));
  await runToEnd(page);
  expect(await num(page, 'k-lag')).toBe(lagOf(cli(page.url())));
  expect(await num(page, 'k-lag')).not.toBe(lagOf(cli('scenarios/black-friday.json')));
});

test('compare view: the strip moves both runs to the same moment and edits nothing', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/${encodeShareHash(BF, { vs: 'fix' })}`);
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('fault-add')).toHaveCount(0);
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  expect(await settled(page)).toBe(300);
  const cmp = JSON.parse(execFileSync('npx', ['tsx', 'src/cli/sim.ts', 'scenarios/black-friday.json', '--compare', 'fix', '--duration', '300', '--json', '--no-timing'], { encoding: 'utf8' })) as {
    compare: { id: string; a: number; b: number }[];
  };
  const lag = cmp.compare.find((r) => r.id === 'lag')!;
  const row = page.getByTestId('cmp-row-lag');
  await expect(row).toHaveAttribute('data-a', String(lag.a));
  await expect(row).toHaveAttribute('data-b', String(lag.b));
  await page.screenshot({ path: `${SHOTS}/scrub-compare-en.png` });
});

test('a station scrubs too (no faults to edit); presenter mode and Russian keep the strip whole', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto(`/${encodeShareHash(load('mm1'))}`);
  await expect(page.getByTestId('station-view')).toBeVisible();
  await expect(page.getByTestId('fault-add')).toHaveCount(0);
  await expect(page.getByTestId('fault-mark')).toHaveCount(0);
  await drag(page, 0.5);
  const t = await settled(page);
  expect(t).toBeGreaterThan(0);
  await page.getByTestId('lang-ru').click();
  await openBf(page);
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  expect(await settled(page)).toBe(200);
  await page.getByTestId('fault-add').click();
  await page.screenshot({ path: `${SHOTS}/scrub-add-ru.png` });
  await page.getByTestId('fault-add-panel').getByTestId('fault-load-spike').click();
  await expect(page.getByTestId('fault-edit')).toBeVisible();
  // The fields say what they mean in Russian, each with its name as the link spells it.
  await expect(page.getByTestId('fault-edit').locator('.fk')).toHaveText(['когда, сat', 'кого, по имениtarget', 'во сколько разfactor', 'длится, сduration']);
  await expect(page.getByTestId('fault-edit-title')).toHaveText('Всплеск нагрузки');
  await page.screenshot({ path: `${SHOTS}/scrub-edit-ru.png` });
  for (const sel of ['[data-testid=timeline]', '[data-testid=fault-edit]']) {
    const cut = await page.locator(sel).evaluate((root) => {
      const out: string[] = [];
      const box = root.getBoundingClientRect();
      if (box.right > window.innerWidth + 1 || box.bottom > window.innerHeight + 1 || box.top < 0) out.push('outside the window');
      for (const el of root.querySelectorAll<HTMLElement>('span:not(.sr), label, button, strong, p, li')) if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflow !== 'visible') out.push(`“${el.textContent}” cut`);
      return out;
    });
    expect(cut, sel).toEqual([]);
  }
  await page.keyboard.press('Escape');
  // Presenter mode has no height to spare under its enlarged panels: the strip is in the controls row, and still seeks.
  await page.getByTestId('presenter-toggle').click();
  const controls = (await page.getByRole('toolbar').boundingBox())!;
  const strip = (await page.getByTestId('timeline').boundingBox())!;
  expect(strip.y).toBeGreaterThanOrEqual(controls.y);
  expect(strip.y + strip.height).toBeLessThanOrEqual(controls.y + controls.height);
  expect(strip.width).toBeGreaterThan(150);
  await expect(page.getByTestId('timeline')).toHaveCount(1);
  await expect(page.getByTestId('fault-mark')).toHaveCount(1);
  await expect(page.getByTestId('fault-add')).toHaveCount(0);
  await page.getByTestId('scrubber').focus();
  await page.keyboard.press('End');
  expect(await settled(page, 'finished')).toBe(BF.duration);
  await page.screenshot({ path: `${SHOTS}/scrub-presenter-ru.png` });
});

test('faults at the same moment get a marker each, side by side, and each opens its own fault', async ({ page }) => {
  const faults = [
    { at: 300, kind: 'crash', target: 'warehouse-1', restartAfter: null },
    { at: 300, kind: 'crash', target: 'warehouse-2', restartAfter: null },
    { at: 302, kind: 'gc-pause', target: 'warehouse-3', duration: 20 },
  ];
  await openBf(page, encodeShareHash({ ...BF, faults } as Scenario));
  const marks = page.getByTestId('fault-mark');
  await expect(marks).toHaveCount(3);
  const boxes = await Promise.all([0, 1, 2].map(async (i) => (await marks.nth(i).boundingBox())!));
  // Disjoint, left to right in the scenario's order, still near their moment.
  for (let i = 1; i < 3; i++) expect(boxes[i].x, `marker ${i}`).toBeGreaterThanOrEqual(boxes[i - 1].x + boxes[i - 1].width - 6);
  expect(boxes[2].x - boxes[0].x).toBeLessThan(30);
  for (const [i, target] of ['warehouse-1', 'warehouse-2', 'warehouse-3'].entries()) {
    await marks.nth(i).click();
    await expect(page.getByTestId('fault-edit').getByTestId('fault-field-target')).toHaveValue(target);
    await page.keyboard.press('Escape');
  }
});
