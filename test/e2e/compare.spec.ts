/**
 * Compare view: the scenario and its fix (or any settings) run side by side on the same seed, on
 * shared axes, with the headline table — the numbers the CLI's `--compare` prints — and the
 * compare state in the share link. Every shipped scenario with a fix shows its story's metric
 * improved, and a trade-off's cost, in the browser as in the CLI.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { decodeShareView, encodeShareHash, validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status } from './helpers.ts';

failOnConsoleErrors();

const load = (id: string): Scenario => {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
};
const WITH_FIX = readdirSync('scenarios/lessons')
  .filter((f) => f.endsWith('.en.md') && /^fix: \[/m.test(readFileSync(`scenarios/lessons/${f}`, 'utf8')))
  .map((f) => f.slice(0, -'.en.md'.length))
  .sort();

/** What the CLI's --compare fix says for `id`: each row's verdict, and the lesson's metrics. */
function cliCompare(id: string, seed: number): { rows: { id: string; a: number | null; b: number | null; verdict: string }[]; story: { compare: string[]; costs: string[] } } {
  const out = execFileSync('npx', ['tsx', 'src/cli/sim.ts', `scenarios/${id}.json`, '--compare', 'fix', '--json', '--no-timing', '--seed', String(seed)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const j = JSON.parse(out) as { compare: { id: string; a: number | null; b: number | null; verdict: string }[]; story: { compare: string[]; costs: string[] } };
  return { rows: j.compare, story: j.story };
}

/** The page's number is the CLI's: to the last bit. */
const sameBits = (a: number, b: number): boolean => Object.is(a, b);

async function openCompare(page: Page, id: string): Promise<void> {
  await page.goto(`/${encodeShareHash(load(id), { vs: 'fix' })}`);
  await expect(page.getByTestId('compare')).toBeVisible();
}

test('every fix, in compare view: the story’s metric improves, a trade-off’s cost shows, the table agrees with the CLI', async ({ page }) => {
  test.setTimeout(600_000);
  expect(WITH_FIX.length).toBeGreaterThanOrEqual(17);
  for (const id of WITH_FIX) {
    await openCompare(page, id);
    await runToEnd(page);
    // B may end a moment after A.
    await expect(page.getByTestId('compare-table')).toBeVisible();
    const cli = cliCompare(id, load(id).seed);
    for (const m of cli.story.compare) {
      const row = page.getByTestId(`cmp-row-${m}`);
      await expect(row, `${id}: ${m}`).toHaveAttribute('data-role', 'story');
      await expect(row, `${id}: ${m}`).toHaveAttribute('data-verdict', 'better');
    }
    for (const m of cli.story.costs) await expect(page.getByTestId(`cmp-row-${m}`), `${id}: ${m}`).toHaveAttribute('data-verdict', 'worse');
    if (cli.story.costs.length > 0) await expect(page.getByTestId('compare-tradeoff')).toBeVisible();
    // The page's finished runs are the CLI's: every row shown has the CLI's values.
    for (const r of cli.rows) {
      const row = page.getByTestId(`cmp-row-${r.id}`);
      if ((await row.count()) === 0) {
        expect([r.a ?? 0, r.b ?? 0], `${id}: ${r.id} is hidden only when 0 in both`).toEqual([0, 0]);
        continue;
      }
      for (const [side, want] of [['a', r.a], ['b', r.b]] as const) {
        const got = await row.getAttribute(`data-${side}`);
        if (want === null) expect(got, `${id}: ${r.id} ${side}`).toBeNull();
        else expect(sameBits(Number(got), want), `${id}: ${r.id} ${side}: page ${got}, CLI ${want}`).toBe(true);
      }
    }
    await page.screenshot({ path: `${SHOTS}/compare-${id}.png` });
  }
});

test('a chart that stays 0 in both runs gives its room to the others, and the note names it', async ({ page }) => {
  // exactly-once: no replica ever leaves the ISR in either run — the ISR pair says nothing.
  await openCompare(page, 'exactly-once');
  await expect(page.getByTestId('cmp-isr-a')).toBeVisible();
  await runToEnd(page);
  await expect(page.getByTestId('cmp-isr-a')).toHaveCount(0);
  await expect(page.getByTestId('compare-note')).toContainText('Not drawn, 0 throughout in both runs: ISR');
  for (const id of ['cmp-records-a', 'cmp-records-b', 'cmp-e2e-a', 'cmp-e2e-b']) await expect(page.getByTestId(id)).toBeVisible();
  // The rows that are left share the height: the records plot is no sliver.
  const plot = await page.getByTestId('cmp-records-a').locator('.plot').boundingBox();
  expect(plot!.height).toBeGreaterThan(60);
});

test('charts of both runs share their axes', async ({ page }) => {
  await openCompare(page, 'overload-5pct');
  await runToEnd(page);
  for (const chart of ['cmp-lag', 'cmp-lag-age']) {
    const ticks = async (side: string) => page.getByTestId(`${chart}-${side}`).locator('g.grid text').allTextContents();
    const [a, b] = [await ticks('a'), await ticks('b')];
    expect(a.length).toBeGreaterThan(1);
    expect(b).toEqual(a);
  }
});

test('the compare state is in the link, Back closes it, and a pasted link reopens it', async ({ page }) => {
  await page.goto(`/${encodeShareHash(load('eager-vs-cooperative'))}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('compare-b-label')).toContainText('cooperative-sticky');
  const url = page.url();
  const v = decodeShareView(url);
  expect(v.ok && v.view.vs).toBe('fix');
  // Step follows one run: not offered in compare view; the counters strip gives way to the table.
  await expect(page.getByTestId('step')).toBeDisabled();
  await expect(page.getByTestId('counters')).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('compare')).toBeVisible();

  const fresh = await page.context().newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('compare')).toBeVisible();
  await expect(fresh.getByTestId('cmp-row-paused')).toHaveAttribute('data-role', 'story');
  await fresh.close();

  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare')).toHaveCount(0);
  expect(page.url()).not.toContain('&vs=');
});

test('B can be any settings: edited in B’s settings panel, A stays', async ({ page }) => {
  await page.goto(`/${encodeShareHash(load('mm1'))}`);
  await expect(page.getByTestId('station-view')).toBeVisible();
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('compare')).toBeVisible();
  await page.getByTestId('compare-edit-b').click();
  await expect(page.getByTestId('settings')).toContainText('B ·');
  const servers = page.getByTestId('set-servers');
  await servers.fill('2');
  await page.getByTestId('settings-apply').click();
  await expect(page.getByTestId('compare-b-label')).toContainText('servers');
  await runToEnd(page);
  await expect(page.getByTestId('cmp-row-W')).toHaveAttribute('data-verdict', 'better');
  const v = decodeShareView(page.url());
  expect(v.ok && v.view.vs && v.view.vs !== 'fix' && v.view.vs.model === 'station' && v.view.vs.servers).toBe(2);
  await expect(status(page)).toHaveAttribute('data-value', 'finished');
});

test('in compare view, a Watch item points at its counterparts: both runs’ charts, the table’s rows', async ({ page }) => {
  await openCompare(page, 'eager-vs-cooperative');
  await runToEnd(page);
  await page.getByTestId('step-watch').click();
  const items = page.getByTestId('watch-item');
  // [k-rebalances] → the rebalance and paused rows; [chart-lag] → both lag charts.
  await items.nth(0).hover();
  await expect(page.getByTestId('cmp-row-rebalances')).toHaveAttribute('data-watch-hi', /\d/);
  await expect(page.getByTestId('cmp-row-paused')).toHaveAttribute('data-watch-hi', /\d/);
  await items.nth(1).hover();
  await expect(page.getByTestId('cmp-lag-a')).toHaveAttribute('data-watch-hi', /\d/);
  await expect(page.getByTestId('cmp-lag-b')).toHaveAttribute('data-watch-hi', /\d/);
  await expect(page.getByTestId('cmp-row-rebalances')).not.toHaveAttribute('data-watch-hi', /\d/);
});

test('compare view and the playlist bar on a phone: nothing wider than the screen', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await ctx.newPage();
  await page.goto(`/${encodeShareHash(load('poison-message'), { vs: 'fix', list: { entries: [{ id: 'poison-message', mode: 'compare' }, { id: 'mm1', mode: 'plain' }], at: 0 } })}`);
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('playlist')).toBeVisible();
  await runToEnd(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(page.getByTestId('cmp-row-lag')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/compare-390.png`, fullPage: true });
  await ctx.close();
});

test('B can be a run of another model: the charts of the same role side by side, the metrics both have lined up', async ({ page }) => {
  await page.goto(`/${encodeShareHash(load('mm1'), { vs: load('overload-5pct') })}`);
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('compare-b-label')).toContainText('Kafka');
  // The station's number in system beside the log's lag: both are the backlog.
  await expect(page.getByTestId('cmp-in-system-a')).toBeVisible();
  await expect(page.getByTestId('cmp-in-system-b')).toBeVisible();
  await runToEnd(page);
  const out = execFileSync('npx', ['tsx', 'src/cli/sim.ts', 'scenarios/mm1.json', '--compare', 'scenarios/overload-5pct.json', '--json', '--no-timing'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const rows = (JSON.parse(out) as { compare: { id: string; a: number | null; b: number | null }[] }).compare;
  const p99 = rows.find((r) => r.id === 'p99')!;
  expect(p99.a !== null && p99.b !== null).toBe(true);
  await expect(page.getByTestId('cmp-row-p99')).toHaveAttribute('data-a', String(p99.a));
  await expect(page.getByTestId('cmp-row-p99')).toHaveAttribute('data-b', String(p99.b));
  // A metric only the log has: "—" on A's side.
  const lag = rows.find((r) => r.id === 'lagMax')!;
  await expect(page.getByTestId('cmp-row-lagMax')).toHaveAttribute('data-b', String(lag.b));
  await expect(page.getByTestId('cmp-row-lagMax').locator('td').first()).toHaveText('—');
  await page.screenshot({ path: `${SHOTS}/compare-two-models.png` });
  // B's settings are B's model's.
  await page.getByTestId('compare-edit-b').click();
  await expect(page.getByTestId('settings')).toContainText('B ·');
  await expect(page.getByTestId('set-topic.partitions')).toBeVisible();
});
