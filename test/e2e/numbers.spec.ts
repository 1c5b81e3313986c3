/**
 * Issue 11, "Numbers that agree" and "Controls and small defects": what the page shows must agree
 * with itself and with the run, and its text must fit its boxes.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { decodeShare, encodeShareHash } from '../../src/scenario/index.ts';
import type { KafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { failOnConsoleErrors, runToEnd, SHOTS, status, watch } from './helpers.ts';

failOnConsoleErrors();

const scenario = (id: string) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;

/** Every shipped scenario, station and Kafka, and the stories at the article's scale (`seed-scale/<id>`, scenarios/seed-scale). */
const ALL = [
  ...readdirSync('scenarios')
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => f.slice(0, -5)),
  ...readdirSync('scenarios/seed-scale')
    .filter((f) => f.endsWith('.json'))
    .map((f) => `seed-scale/${f.slice(0, -5)}`),
];

async function openLink(page: Page, s: Record<string, unknown>): Promise<void> {
  await page.goto(`/${encodeShareHash(s as never)}`);
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  await expect(page.getByTestId('sim-time')).toHaveAttribute('data-value', '0');
}

const counter = async (page: Page, id: string) => Number(await page.getByTestId(`k-${id}`).getAttribute('data-value'));
/** The last point of each line of a chart, as its legend shows it. */
const lastPoints = async (page: Page, chart: string) => (await page.getByTestId(chart).getAttribute('data-last'))!.split(',').map(Number);
const cli = (url: string) => JSON.parse(execFileSync('npx', ['tsx', 'src/cli/sim.ts', url, '--json', '--no-timing'], { encoding: 'utf8' })) as KafkaSummary;

test('the lag counter equals the lag chart’s last point, and every panel follows the group chosen in the topology', async ({ page }) => {
  // The case the review found: rebalance-storm's counter said 10,538, the chart's legend 10,521.
  await openLink(page, scenario('rebalance-storm'));
  await runToEnd(page);
  expect(await counter(page, 'lag')).toBe(10_538);
  expect((await lastPoints(page, 'chart-lag'))[0]).toBe(10_538);
  expect((await lastPoints(page, 'chart-lag-seconds'))[0]).toBe(await counter(page, 'lagS'));

  await openLink(page, scenario('pubsub-groups'));
  await runToEnd(page);
  const j = cli(page.url());
  const seen: Record<string, string | null>[] = [];
  for (const [i, id] of ['billing', 'analytics'].entries()) {
    await page.getByTestId('topo-group').selectOption(String(i));
    await expect(page.getByTestId('topo-group-state')).toContainText(id);
    const g = j.groups[id];
    // Counters: the group's numbers, and the lag chart's line of that group ends on the same number.
    await expect.poll(() => counter(page, 'lag')).toBe(g.lagRecords.final);
    expect(await counter(page, 'lagS')).toBe(g.lagSeconds.final);
    expect(await counter(page, 'rebalances')).toBe(g.rebalances);
    expect((await lastPoints(page, 'chart-lag'))[i]).toBe(g.lagRecords.final);
    expect((await lastPoints(page, 'chart-lag-seconds'))[i]).toBe(g.lagSeconds.final);
    // Topology: its partitions' lag adds up to the counter.
    const rows = await page.locator('[data-testid=partition]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lag'))));
    expect(rows.reduce((a, b) => a + b, 0)).toBe(g.lagRecords.final);
    // In / done: the group's applied records.
    await expect(page.getByTestId('k-produced')).toContainText(g.applied >= 1000 ? `${parseFloat((g.applied / 1000).toPrecision(3))}k` : String(g.applied));
    seen.push({
      heat: await page.getByTestId('chart-heatmap').getAttribute('data-data-max'),
      little: await page.getByTestId('chart-little-note').textContent(),
      out: (await page.getByTestId('chart-throughput').getAttribute('data-last'))!.split(',')[1],
    });
    await page.screenshot({ path: `${SHOTS}/numbers-pubsub-${id}.png` });
  }
  // The heat map, Little's law note and the output rate moved with the group.
  expect(seen[0].heat).not.toBe(seen[1].heat);
  expect(seen[0].little).not.toBe(seen[1].little);
  expect(seen[0].out).not.toBe(seen[1].out);
});

test('the producer box shows the rate now, not the rate at t = 0', async ({ page }) => {
  await openLink(page, scenario('black-friday'));
  await expect(page.getByTestId('producer')).toHaveAttribute('data-rate', '100');
  await runToEnd(page);
  await expect(page.getByTestId('producer')).toHaveAttribute('data-rate', '800');
  await expect(page.getByTestId('producer')).toContainText('800/s');
});

test('idle consumers only when a member really has no partition; a red counter says a reason true for the run', async ({ page }) => {
  await openLink(page, scenario('rebalance-storm'));
  await runToEnd(page);
  // 3 consumers on 6 partitions: one is between leaving and rejoining, not idle.
  expect(await counter(page, 'idle')).toBe(0);
  await expect(page.getByTestId('k-idle')).toHaveAttribute('data-bad', '0');
  await expect(page.locator('[data-testid=member][data-state=idle]')).toHaveCount(0);
  // Its rebalances did pause partitions: red, saying so.
  await expect(page.getByTestId('k-rebalances')).toHaveAttribute('data-bad', '1');
  await expect(page.getByTestId('k-rebalances')).toContainText('partitions paused while moving');
  await openLink(page, scenario('consumers-gt-partitions'));
  await runToEnd(page);
  await expect(page.getByTestId('k-idle')).toHaveAttribute('data-bad', '1');
  await expect(page.getByTestId('k-idle')).toContainText('more consumers than partitions');
  expect(await counter(page, 'idle')).toBe(await page.locator('[data-testid=member][data-state=idle]').count());
});

test('fixed scale: a healthy fix is drawn on the same axes as the broken run, and what goes above is marked', async ({ page }) => {
  const broken = scenario('hot-partition') as { producers: Record<string, unknown>[] };
  const fixed = { ...broken, producers: [{ ...broken.producers[0], keys: { kind: 'uniform', count: 100000, prefix: 'order-' } }] };
  for (const [name, s] of [['fixed', fixed], ['broken', broken]] as const) {
    await openLink(page, s);
    await runToEnd(page);
    const auto = Number(await page.getByTestId('chart-lag').getAttribute('data-ymax'));
    await page.getByTestId('scale-fixed').click();
    await expect(page.getByTestId('scale-fixed')).toHaveAttribute('aria-pressed', 'true');
    // One minute of 300 records/s; lag age up to 60 s; the heat map darkest at a sixth of it.
    await expect(page.getByTestId('chart-lag')).toHaveAttribute('data-ymax', '18000');
    await expect(page.getByTestId('chart-lag-seconds')).toHaveAttribute('data-ymax', '60');
    await expect(page.getByTestId('chart-heatmap')).toHaveAttribute('data-max', '3000');
    const lag = await counter(page, 'lag');
    if (name === 'fixed') {
      // Auto-scaled, the healthy run's saw-tooth filled the chart; fixed, it stays near the bottom.
      expect(auto).toBeLessThan(18_000 / 3);
      expect(lag).toBeLessThan(18_000 / 10);
      await expect(page.getByTestId('chart-lag')).toHaveAttribute('data-over', '');
      await expect(page.getByTestId('chart-lag-over')).toHaveCount(0);
    } else {
      expect(lag).toBeGreaterThan(18_000);
      await expect(page.getByTestId('chart-lag-over')).toBeVisible();
      expect(Number(await page.getByTestId('chart-lag').getAttribute('data-over'))).toBeGreaterThan(18_000);
      await expect(page.getByTestId('chart-heatmap')).toContainText('≥ 3,000');
    }
    await page.screenshot({ path: `${SHOTS}/numbers-fixed-scale-${name}.png` });
    // The choice stays while the page shows Kafka scenarios; back to auto for the next one.
    await page.getByTestId('scale-fixed').click();
  }
});

test('W vs ρ: off-scale points are marked, not drawn at the ceiling; no "—" beside a number', async ({ page }) => {
  await openLink(page, scenario('thread-pool-reorder'));
  await runToEnd(page);
  await page.getByTestId('tab-wrho').click();
  const wrho = page.getByTestId('chart-wrho');
  await expect(wrho.getByTestId('wrho-no-theory')).toContainText('16 threads per consumer');
  await expect(wrho).not.toContainText('—');
  await expect(wrho).not.toContainText('no mean');
  await page.screenshot({ path: `${SHOTS}/numbers-wrho-thread-pool.png` });
  // Black Friday is overloaded: its W is far above the axis.
  await openLink(page, scenario('black-friday'));
  await runToEnd(page);
  // The tools under the lesson toggle: open W vs ρ unless it is still open.
  if ((await page.getByTestId('tab-wrho').getAttribute('aria-selected')) !== 'true') await page.getByTestId('tab-wrho').click();
  await expect(wrho).toHaveAttribute('data-offscale', '1');
  await expect(wrho.getByTestId('wrho-off')).toContainText('↑ ρ = ');
  await expect(wrho.getByTestId('wrho-run')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/numbers-wrho-offscale.png` });
});

test('W vs ρ follows the group chosen in the topology: its point and its theory curve', async ({ page }) => {
  await openLink(page, scenario('pubsub-groups'));
  await runToEnd(page);
  const j = cli(page.url());
  await page.getByTestId('tab-wrho').click();
  const wrho = page.getByTestId('chart-wrho');
  const run = wrho.locator('[data-rho]');
  const seen: { curve: string | null; rho: number; w: number }[] = [];
  // billing: 3 consumers at 5 ms a record (600/s); analytics: 2 at 8 ms (250/s), slower than the input.
  for (const [i, id, mean, cap] of [
    [0, 'billing', '0.005', 600],
    [1, 'analytics', '0.008', 250],
  ] as const) {
    await page.getByTestId('topo-group').selectOption(String(i));
    await expect(wrho.getByTestId('wrho-theory')).toHaveText(`${id}: theory, M/M/1 per consumer (1/μ = ${mean} s)`);
    // The run's point: every group reads the whole input, so ρ = λ ÷ this group's capacity, and W is this group's.
    await expect.poll(async () => Number(await run.getAttribute('data-w'))).toBeCloseTo(j.groups[id].W.mean!, 9);
    const rho = Number(await run.getAttribute('data-rho'));
    expect(rho).toBeCloseTo(j.lambda.mean! / cap, 9);
    seen.push({ curve: await wrho.locator('path.theory').getAttribute('d'), rho, w: Number(await run.getAttribute('data-w')) });
    await page.screenshot({ path: `${SHOTS}/numbers-wrho-${id}.png` });
  }
  expect(seen[1].rho).toBeGreaterThan(1); // analytics is overloaded …
  expect(seen[0].rho).toBeLessThan(0.6); // … billing is not
  expect(seen[1].w).toBeGreaterThan(seen[0].w * 10);
  expect(seen[1].curve).not.toBe(seen[0].curve);
  await expect(wrho.getByTestId('wrho-off')).toHaveCount(1); // analytics' W is far above the axis
});

test('retry topics and the DLQ are drawn in the topology with their depth', async ({ page }) => {
  await openLink(page, scenario('retry-topics'));
  await expect(page.getByTestId('retry-topic')).toHaveCount(2);
  await expect(page.getByTestId('dlq-topic')).toHaveAttribute('data-depth', '0');
  await runToEnd(page);
  const j = cli(page.url());
  const topics = await page.getByTestId('retry-topic').evaluateAll((els) => els.map((e) => [e.getAttribute('data-name'), Number(e.getAttribute('data-depth'))]));
  expect(Object.fromEntries(topics)).toEqual(j.retryTopics);
  await expect(page.getByTestId('dlq-topic')).toHaveAttribute('data-depth', String(j.dlq));
  expect(await counter(page, 'dlq')).toBe(j.dlq);
  await expect(page.getByTestId('dlq-topic')).toContainText(`orders.dlq${j.dlq}`);
});

test('Step says what the event was; Next log line stops in a quiet stretch and says so', async ({ page }) => {
  await openLink(page, scenario('littles-law'));
  await page.getByTestId('step').click();
  await expect(page.getByTestId('step-note')).toHaveText(/^t = 0(\.\d+)? s · \S/);
  await expect(page.getByTestId('step-note')).toHaveAttribute('data-kind', 'event');
  // Past the joins there is no log line for the rest of this run: each press searches 45 s (5 % of 900).
  for (let i = 0; i < 12; i++) {
    await page.getByTestId('step-next').click();
    await expect(status(page)).toHaveAttribute('data-value', /paused|finished/);
    if ((await page.getByTestId('step-note').getAttribute('data-kind')) === 'quiet') break;
  }
  await expect(page.getByTestId('step-note')).toHaveAttribute('data-kind', 'quiet');
  await expect(page.getByTestId('step-note')).toContainText('No log line in the next 45 s: paused at t = ');
  await expect(status(page)).toHaveAttribute('data-value', 'paused');
  expect(Number(await page.getByTestId('sim-time').getAttribute('data-value'))).toBeLessThan(900);
  await page.screenshot({ path: `${SHOTS}/numbers-next-log-quiet.png` });
  // Records are being processed now: a step names the record.
  await page.getByTestId('speed').selectOption('max');
  // Each press is one event: wait until the event count has moved before reading the note.
  for (let i = 0; i < 200; i++) {
    const before = Number(await page.getByTestId('stat-events').getAttribute('data-value'));
    await page.getByTestId('step').click();
    await expect.poll(async () => Number(await page.getByTestId('stat-events').getAttribute('data-value'))).toBeGreaterThan(before);
    if (/finished orders-\d+@\d+/.test((await page.getByTestId('step-note').textContent()) ?? '')) break;
  }
  await expect(page.getByTestId('step-note')).toHaveText(/^t = [\d.,]+ s · warehouse-\d finished orders-\d+@\d+$/);
  await page.screenshot({ path: `${SHOTS}/numbers-step.png` });
  await page.getByTestId('play').click();
  await expect(page.getByTestId('step-note')).toHaveCount(0);
});

test('faults pressed before Play are queued visibly on the timeline at t = 0', async ({ page }) => {
  await openLink(page, scenario('littles-law'));
  await page.getByTestId('tab-faults').click();
  await page.getByTestId('fault-target').selectOption('warehouse-2');
  await page.getByTestId('fault-crash').click();
  await expect(page.getByTestId('fault-queued')).toContainText('Pressed before Play: 1 at t = 0');
  const timeline = page.getByTestId('fault-timeline');
  await expect(timeline).toBeVisible();
  await expect(timeline.locator('li')).toHaveText([/t = 0 s crash warehouse-2.*before Play/]);
  await page.screenshot({ path: `${SHOTS}/numbers-fault-before-play.png` });
  await page.getByTestId('speed').selectOption('max');
  await page.getByTestId('play').click();
  await expect(status(page)).toHaveAttribute('data-value', 'finished', { timeout: 60_000 });
  await expect(page.locator('[data-testid=member][data-name=warehouse-2]')).toHaveAttribute('data-state', 'dead');
  const d = decodeShare(page.url());
  expect(d.ok && d.scenario.model === 'kafka' && d.scenario.faults).toEqual([{ at: 0, kind: 'crash', target: 'warehouse-2', restartAfter: null }]);
  await expect(page.getByTestId('fault-queued')).toHaveCount(0);
});

test('a truncated Kafka share link falls back to the nearest valid Kafka scenario, not to M/M/1', async ({ page }) => {
  const hash = encodeShareHash(scenario('hot-partition') as never);
  await page.goto(`/${hash.slice(0, Math.floor(hash.length * 0.6))}`);
  await expect(page.getByTestId('link-error')).toContainText('cut short');
  await expect(page.getByTestId('scenario')).toHaveValue('hot-partition');
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-value', 'idle');
  // An edited Kafka scenario (no shipped id) opens the blank Kafka start.
  const edited = encodeShareHash({ ...scenario('hot-partition'), id: 'mine' } as never);
  await page.goto(`/${edited.slice(0, Math.floor(edited.length * 0.6))}`);
  await expect(page.getByTestId('scenario')).toHaveValue('custom:kafka');
  await page.screenshot({ path: `${SHOTS}/numbers-cut-link.png` });
});

test('phone (390 px): the producer’s state stays visible and the lag numbers are not cut', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const phone = watch(await ctx.newPage());
  await openLink(phone, scenario('dead-producer'));
  const producer = phone.getByTestId('producer');
  await expect(producer).toBeVisible();
  await expect(producer).toContainText('200/s');
  await runToEnd(phone);
  await expect(producer).toBeVisible();
  await expect(producer).toHaveAttribute('data-stopped', '1');
  await expect(producer).toContainText('stopped');
  // Every lag number lies inside the drawing and clear of the member boxes.
  for (const id of ['dead-producer', 'hot-partition', 'black-friday']) {
    if (id !== 'dead-producer') {
      await openLink(phone, scenario(id));
      await runToEnd(phone);
    }
    const bad = await phone.evaluate(() => {
      const svg = document.querySelector('[data-testid=topology] svg')!.getBoundingClientRect();
      const members = [...document.querySelectorAll('[data-testid=member] rect:first-of-type')].map((r) => r.getBoundingClientRect());
      const out: string[] = [];
      for (const t of document.querySelectorAll('[data-testid=topology] .laglabel')) {
        const r = t.getBoundingClientRect();
        if (r.right > svg.right + 0.5 || r.left < svg.left) out.push(`${t.textContent} outside the drawing`);
        if (members.some((m) => r.right > m.left && r.left < m.right && r.bottom > m.top && r.top < m.bottom)) out.push(`${t.textContent} under a member box`);
      }
      return out;
    });
    expect(bad, id).toEqual([]);
    await phone.getByTestId('topology').screenshot({ path: `${SHOTS}/numbers-390-${id}.png` });
  }
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await ctx.close();
});

/**
 * Text that does not fit its box in the places the issue lists — the counters strip, the controls
 * (speed box included), the topology, every chart (legends, notes, captions: Little's law's among
 * them), the faults panel, the tabs — and the scenario picker. A piece of text is cut when any part
 * of it lies outside its card (it would overlap the next one) or outside an element between them
 * that hides its overflow: an ellipsis, a line clamp, an <svg> edge. A <select> is cut when its
 * chosen option's text, in its font, is wider than the room beside the arrow.
 */
async function clippedText(page: Page, selects = ['[data-testid=speed]', '[data-testid=fault-target]', '[data-testid=topo-group]']): Promise<string[]> {
  return page.evaluate(async (selects) => {
    // A panel whose box changed (a language switch re-wraps captions) is redrawn at its new size in
    // a task after the frame that laid it out (frames.ts clientSize): measure after that, twice over.
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    const out: string[] = [];
    const roots = [
      '[data-testid=counters] .cell',
      '[role=toolbar]',
      '[data-testid=topology]',
      '.chart',
      '.faults',
      '[role=tablist]',
      '[data-testid=chart-wrho]',
      '[data-testid=param-sweep]',
    ];
    const hides = (cs: CSSStyleDeclaration) => ['hidden', 'clip'].includes(cs.overflowX) || ['hidden', 'clip'].includes(cs.overflowY);
    for (const sel of roots) {
      for (const root of document.querySelectorAll<HTMLElement>(sel)) {
        if (root.offsetParent === null && root.getClientRects().length === 0) continue;
        const id = root.getAttribute('data-testid') ?? root.closest('[data-testid]')?.getAttribute('data-testid') ?? sel;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = (n.textContent ?? '').trim();
          if (!text) continue;
          const el = n.parentElement!;
          // Not drawn: options of a closed <select>, SVG tooltips, screen-reader labels, a folded <details>.
          if (el.closest('option, title, .sr, details:not([open]) > :not(summary)')) continue;
          // The box the text must stay in: its root, narrowed by every element between that hides its overflow.
          const rb = root.getBoundingClientRect();
          let [l, t, r, b] = [rb.left, rb.top, rb.right, rb.bottom];
          for (let a: Element | null = el; a && a !== root.parentElement; a = a.parentElement) {
            if (a !== root && !hides(getComputedStyle(a))) continue;
            const ab = a.getBoundingClientRect();
            [l, t, r, b] = [Math.max(l, ab.left), Math.max(t, ab.top), Math.min(r, ab.right), Math.min(b, ab.bottom)];
          }
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const q of range.getClientRects()) {
            if (q.width === 0 || q.height === 0) continue;
            if (q.left < l - 1 || q.right > r + 1 || q.top < t - 1 || q.bottom > b + 1) {
              out.push(`${id}: "${text.slice(0, 70)}" (${Math.round(q.left)}–${Math.round(q.right)} × ${Math.round(q.top)}–${Math.round(q.bottom)} outside ${Math.round(l)}–${Math.round(r)} × ${Math.round(t)}–${Math.round(b)})`);
              break;
            }
          }
        }
        // An ellipsis may keep the text's own box inside while hiding its end.
        for (const e of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
          if (!(e instanceof HTMLElement) || e.tagName === 'SELECT' || e.closest('.sr, details:not([open]) > :not(summary)') || !hides(getComputedStyle(e)) || !e.textContent?.trim()) continue;
          if (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1) out.push(`${id}: "${e.textContent.trim().slice(0, 70)}" overflows its box (${e.scrollWidth}×${e.scrollHeight} > ${e.clientWidth}×${e.clientHeight})`);
        }
      }
    }
    const ctx = document.createElement('canvas').getContext('2d')!;
    for (const sel of selects) {
      const el = document.querySelector<HTMLSelectElement>(sel);
      if (!el || el.offsetParent === null) continue;
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const text = el.selectedOptions[0]?.textContent ?? '';
      const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20; // the arrow
      const w = ctx.measureText(text).width;
      if (w > room + 1) out.push(`${sel}: "${text}" is cut (${Math.round(w)} px of text, ${Math.round(room)} px of room)`);
    }
    return [...new Set(out)];
  }, selects);
}

test('text never clips at 1280×720 in either language, in every shipped scenario', async ({ page }) => {
  test.setTimeout(600_000);
  const problems: string[] = [];
  // CLIP_IDS=a,b narrows the run while fixing layouts.
  for (const id of process.env.CLIP_IDS ? process.env.CLIP_IDS.split(',') : ALL) {
    await openLink(page, scenario(id));
    for (const lang of ['en', 'ru'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      problems.push(...(await clippedText(page)).map((p) => `${id} ${lang} idle: ${p}`));
    }
    await page.getByTestId('lang-en').click();
    await runToEnd(page);
    for (const lang of ['en', 'ru'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      problems.push(...(await clippedText(page)).map((p) => `${id} ${lang} finished: ${p}`));
      if (id === 'rebalance-storm' || id === 'retry-topics' || id === 'mg1-heavy') await page.screenshot({ path: `${SHOTS}/clip-${id}-${lang}.png` });
      // The other tabs: latency against utilisation (its legend and the points' labels).
      await page.getByTestId('tab-wrho').click();
      await expect(page.getByTestId('tab-wrho')).toHaveAttribute('aria-selected', 'true');
      problems.push(...(await clippedText(page)).map((p) => `${id} ${lang} W vs ρ: ${p}`));
      // The tools under the lesson toggle: a second click closes W vs ρ again.
      await page.getByTestId('tab-wrho').click();
      // The sweep tool's form, its settings named in this language.
      await page.getByTestId('tab-sweep').click();
      await expect(page.getByTestId('param-sweep')).toBeVisible();
      problems.push(...(await clippedText(page)).map((p) => `${id} ${lang} sweep: ${p}`));
      await page.getByTestId('tab-sweep').click();
    }
    await page.getByTestId('lang-en').click();
  }
  expect(problems).toEqual([]);
});

test('Russian numbers at 1280×720: «тыс.» and «млн», never k or M; a unit stays on its number’s line; a brief burst does not flatten the throughput chart', async ({ page }) => {
  test.setTimeout(240_000);
  for (const id of ['mm1', 'poison-message']) {
    await openLink(page, scenario(id));
    await page.getByTestId('lang-ru').click();
    await runToEnd(page);
    const found = await page.evaluate(() => {
      const english: string[] = [];
      for (const t of document.querySelectorAll('svg text, [data-testid=counters] .cell'))
        if (/\d\s?[kM](\s|$|\u2009)/.test(t.textContent ?? '')) english.push((t.textContent ?? '').trim());
      // A theory note («теория 90 %», «теория 0,9/с») is one unbreakable piece: one line box.
      const broken = [...document.querySelectorAll('[data-testid^=theory-]')].filter((e) => e.getClientRects().length > 1).map((e) => e.textContent);
      const ticks = [...document.querySelectorAll('.chart g.grid text')].map((t) => t.textContent ?? '');
      // Every label of every drawing stays inside it (a last x tick «1 млн» lost its end at the right edge).
      const outside: string[] = [];
      for (const svg of document.querySelectorAll('svg')) {
        const b = svg.getBoundingClientRect();
        for (const t of svg.querySelectorAll('text')) {
          const r = t.getBoundingClientRect();
          if (r.width > 0 && (r.left < b.left - 1 || r.right > b.right + 1)) outside.push(t.textContent ?? '');
        }
      }
      return { english, broken, ticks, outside };
    });
    expect(found.english, id).toEqual([]);
    expect(found.broken, id).toEqual([]);
    expect(found.outside, id).toEqual([]);
    if (id === 'mm1') expect(found.ticks.join(' '), id).not.toContain('тыс.');
    if (id === 'poison-message') {
      // Lag in the tens of thousands: «20 тыс.» on its axis, and the flow counter's scale said once, in its unit.
      expect(found.ticks.some((t) => /^\d+\u00a0тыс\.$/.test(t)), found.ticks.join(' | ')).toBe(true);
      await expect(page.getByTestId('k-rejected')).toHaveText('тыс. записей');
      // The group's catch-up after its first join (~1,900/s for a moment) is marked above the axis, not the axis itself.
      await expect(page.getByTestId('chart-throughput-over')).toContainText('1');
      // A marker on a chart of durations carries its unit: ▲ 5,81 с, not a bare 5,81 beside «5,21 мс».
      await expect(page.getByTestId('chart-latency-over')).toHaveText(/^▲ [\d,]+\s(с|мс)$/);
      const top = Number((await page.getByTestId('chart-throughput').locator('g.grid text').allTextContents()).at(-1)!.replace(/\s/g, ''));
      expect(top).toBeLessThan(1000);
      // The heat map's darkest colour is labelled with the largest lag drawn: the stuck partition's at the end, as the
      // topology says, within the last sample interval's mean (0.35 % here; a column's mean was further off).
      const lags = await page.locator('[data-testid=partition]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-lag'))));
      const high = Number(await page.getByTestId('chart-heatmap').getAttribute('data-max'));
      expect(Math.abs(high - Math.max(...lags)) / Math.max(...lags)).toBeLessThan(0.005);
      // A long lesson title wraps onto a second line instead of losing its end.
      const title = await page.getByTestId('explain-title').evaluate((e) => ({ cut: e.scrollHeight > e.clientHeight + 1, lines: Math.round(e.clientHeight / parseFloat(getComputedStyle(e).lineHeight)) }));
      expect(title).toEqual({ cut: false, lines: 2 });
    }
  }
});

/** Header items that overlap one another or leave the viewport: "a / b" for each such pair, "a outside" for each such item. */
async function headerCollisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const items = [
      ['QueueLab', document.querySelector('.header h1')],
      ['picker', document.querySelector('[data-testid=scenario]')],
      // The picker's label is for screen readers only (visually hidden): the titles get its width.
      ['interview', document.querySelector('[data-testid=interview-open]')],
      ['settings', document.querySelector('[data-testid=open-settings]')],
      ['copy link', document.querySelector('[data-testid=copy-link]')],
      ['playlist', document.querySelector('[data-testid=playlist-open]')],
      ['language', document.querySelector('[data-testid=lang-en]')?.parentElement ?? null],
    ] as const;
    const boxes = items.map(([name, el]) => [name, el!.getBoundingClientRect()] as const);
    const out: string[] = [];
    for (const [i, [a, p]] of boxes.entries()) {
      if (p.left < 0 || p.right > innerWidth || p.top < 0) out.push(`${a} outside`);
      for (const [b, q] of boxes.slice(i + 1)) if (p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom) out.push(`${a} / ${b}`);
    }
    return out;
  });
}

test('the scenario picker shows its whole title at 1280×720 in either language, beside the other header items', async ({ page }) => {
  const problems: string[] = [];
  for (const id of ALL) {
    await openLink(page, scenario(id));
    for (const lang of ['en', 'ru'] as const) {
      await page.getByTestId(`lang-${lang}`).click();
      // The whole "<title> · <difficulty>" of the chosen option.
      await expect(page.getByTestId('scenario').locator('option:checked')).toHaveText(/ · \S+$/);
      problems.push(...(await clippedText(page, ['[data-testid=scenario]'])).filter((p) => p.startsWith('[data-testid=scenario]')).map((p) => `${id} ${lang}: ${p}`));
      problems.push(...(await headerCollisions(page)).map((p) => `${id} ${lang}: ${p} overlap`));
      if (id === 'mg1-heavy' || id === 'poison-message') await page.locator('header').screenshot({ path: `${SHOTS}/picker-${id}-${lang}.png` });
    }
    await page.getByTestId('lang-en').click();
  }
  expect(problems).toEqual([]);
});

test('the keyboard hint is whole at 1280×720 in either language: inside the window, clear of the story line', async ({ page }) => {
  const problems: string[] = [];
  // Kafka's hint is the longest (it has ⇧→ "next line"); the fix makes the story line longest too.
  for (const id of ['poison-message', 'mg1-heavy']) {
    await openLink(page, scenario(id));
    for (const fix of [false, true]) {
      if (fix) {
        await page.getByTestId('step-fix').click();
        await page.getByTestId('try-fix').click();
        await expect(page.getByTestId('fix-state')).toBeVisible();
      }
      for (const lang of ['en', 'ru'] as const) {
        await page.getByTestId(`lang-${lang}`).click();
        const hint = page.getByTestId('keys-help');
        await expect(hint).toContainText(lang === 'ru' ? 'сброс' : 'reset');
        const found = await hint.evaluate((keys) => {
          const out: string[] = [];
          const view = document.documentElement.clientWidth;
          const story = keys.parentElement!.querySelector('[data-testid=one-line]')!.getBoundingClientRect();
          const range = document.createRange();
          range.selectNodeContents(keys);
          for (const q of range.getClientRects()) {
            if (q.width === 0) continue;
            if (q.left < 0 || q.right > view) out.push(`text at ${Math.round(q.left)}–${Math.round(q.right)} px is outside the ${view} px window`);
            if (q.left < story.right && story.left < q.right && q.top < story.bottom && story.top < q.bottom) out.push(`text at ${Math.round(q.left)}–${Math.round(q.right)} px overlaps the story line`);
          }
          for (const e of [keys, ...keys.querySelectorAll<HTMLElement>('*')]) {
            if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') out.push(`"${e.textContent}" is cut (${e.scrollWidth} > ${e.clientWidth})`);
          }
          // Every key keeps its action on its own line beside it.
          for (const k of keys.querySelectorAll('.key')) if (k.getClientRects().length !== 1) out.push(`"${k.textContent}" breaks across lines`);
          return out;
        });
        problems.push(...found.map((p) => `${id}${fix ? ' (fix on)' : ''} ${lang}: ${p}`));
        if (id === 'poison-message' && !fix) await page.screenshot({ path: `${SHOTS}/keys-hint-${lang}.png`, clip: { x: 640, y: 0, width: 640, height: 100 } });
      }
      await page.getByTestId('lang-en').click();
    }
  }
  expect(problems).toEqual([]);
});

/** The speed loop's time (ms) on the machine where the long-task bounds below were set (2026-12-02, alone on it). */
const CALIBRATION_MS = 520;

// The README's numbers for main-thread long tasks come from here (and `npm run bench`, whose targets
// are the performance bar). They move with what else the two cores are doing, so the bounds here are
// loose and scale with a speed loop timed in the page: a page that freezes on load (a task of 2 s on
// the calibration machine), and runs whose median has a task of 150 ms there; the measured values are
// printed and written to test-results/long-tasks.json.
test('main-thread long tasks on first load and during heavy runs are measured (PerformanceObserver "longtask")', async ({ browser }) => {
  test.setTimeout(600_000);
  // How fast this machine runs JavaScript now: a fixed loop timed in a blank page, the median of five.
  const probe = await browser.newPage();
  const speed: number[] = [];
  for (let i = 0; i < 5; i++) {
    speed.push(
      await probe.evaluate(() => {
        const t0 = performance.now();
        let x = 1;
        for (let k = 0; k < 20_000_000; k++) x = (x * 48271) % 2147483647;
        return x > 0 ? performance.now() - t0 : 0;
      }),
    );
  }
  await probe.close();
  const calibration = speed.sort((a, b) => a - b)[2];
  const results: { id: string; load: number[]; run: number[] }[] = [];
  for (const id of ['mm1', 'black-friday', 'consumers-gt-partitions', 'rebalance-storm']) {
    for (let i = 0; i < 3; i++) {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
      const page = watch(await ctx.newPage());
      // Installed before any script of the page runs, so the first load is seen too.
      await page.addInitScript(() => {
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(Math.round(e.duration));
        }).observe({ type: 'longtask', buffered: true });
      });
      const take = () => page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
      await openLink(page, scenario(id));
      await page.waitForTimeout(800);
      const load = await take();
      await runToEnd(page);
      await page.waitForTimeout(300);
      results.push({ id, load, run: await take() });
      await ctx.close();
    }
  }
  writeFileSync(`${SHOTS}/long-tasks.json`, JSON.stringify(results, null, 1));
  const worst = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);
  for (const r of results) console.log(`long tasks ${r.id}: first load ${JSON.stringify(r.load)} ms, run ${JSON.stringify(r.run)} ms`);
  const loads = results.map((r) => worst(r.load)).sort((a, b) => a - b);
  const runs = results.map((r) => worst(r.run)).sort((a, b) => a - b);
  // The bounds were set on a machine where the loop took CALIBRATION_MS; they scale with the loop's
  // time here (a machine twice as fast, or half as busy, gets half of them; not below half).
  const slower = Math.max(0.5, calibration / CALIBRATION_MS);
  console.log(`worst task per first load: ${loads.join(', ')} ms; per run: ${runs.join(', ')} ms; speed loop ${Math.round(calibration)} ms (bounds ×${slower.toFixed(2)})`);
  // First load: a frozen page, not a slow machine. Measured 258–512 ms in a full suite's run on an
  // earlier day; on 2026-12-02 (speed loop 520 ms) 453–1,395 ms over 36 loads of the same code, with
  // or without the rest of the suite beside it. 2 s is a page that froze. (The bench's target, none of
  // 1 s, is the performance bar.)
  expect(loads[loads.length - 1]).toBeLessThan(2000 * slower);
  // Runs: since snapshots are applied in two tasks, one per painted frame, the median run has no task
  // over 50 ms on a quiet machine, and in a full suite's run on an earlier day 7 of 12 runs had none and
  // the worst was 69 ms. Before that change the median run's worst task was 63–105 ms in a helper's
  // runs and 165 ms in a bench run on a loaded machine. On 2026-12-02 (speed loop 520 ms) the same
  // code's median run had a worst task of 70–98 ms in four runs of the test, so the bound is 150 ms
  // there: 75 ms on a machine twice as fast, which still catches one long task per snapshot.
  expect(runs[Math.floor(runs.length / 2)]).toBeLessThan(150 * slower);
});
