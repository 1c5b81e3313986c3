/**
 * Interview mode in the browser: a question opens from its link (`#q=<id>`), a prediction is
 * committed before the run, the run that answers it plays, and the reveal shows the numbers the CLI
 * prints for the same scenario (`npx tsx src/cli/sim.ts … --json --no-timing`, with the question's
 * --set, --compare fix or --vs-set) — to the last bit — with the verdict its stated rule gives.
 * Progress survives a reload; a mock interview is the seeded sequence its link names, with a timer;
 * every step of every question fits the column at 1280×720 in both languages, and the page fits
 * a 390 px phone.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { buildQuestionsFromText, type Question } from '../../src/content/question.ts';
import { evalRef, judgeNumber, mockSequence, parsePlaceholder, placeholderValue, type EvalContext } from '../../src/content/question-eval.ts';
import { modelFor } from '../../src/run/registry.ts';
import { lessonFix, loadScenario } from '../content/prose-numbers/ledger.ts';
import { failOnConsoleErrors, SHOTS } from './helpers.ts';

failOnConsoleErrors();

const DIR = 'scenarios/questions';
const QUESTIONS: Question[] = buildQuestionsFromText(Object.fromEntries(readdirSync(DIR).map((f) => [`${DIR}/${f}`, readFileSync(`${DIR}/${f}`, 'utf8')]))).questions;
const RUNNABLE = QUESTIONS.filter((q) => q.run !== null);
/** The append-only order mock interviews draw from (a new one draws from all of it). */
const MOCK_ORDER = (JSON.parse(readFileSync('scenarios/questions/mock-order.json', 'utf8')) as { order: string[] }).order;
const question = (id: string): Question => QUESTIONS.find((q) => q.id === id)!;

/** The question's runs as the CLI makes them: A, and B when the question compares. */
function cli(q: Question): EvalContext {
  const r = q.run!;
  const args = ['tsx', 'src/cli/sim.ts', `scenarios/${r.scenario}.json`, ...r.sets.flatMap((s) => ['--set', s])];
  if (r.vs === 'fix') args.push('--compare', 'fix');
  else if (r.vs) args.push(...r.vs.flatMap((s) => ['--vs-set', s]));
  const out = JSON.parse(execFileSync('npx', [...args, '--json', '--no-timing'], { encoding: 'utf8', maxBuffer: 64 << 20 })) as { a?: unknown; b?: unknown };
  const bSets = r.vs === null ? null : [...r.sets, ...(r.vs === 'fix' ? lessonFix(r.scenario) : r.vs)];
  return {
    a: { summary: r.vs === null ? out : out.a, scenario: loadScenario(r.scenario, ...r.sets) },
    b: bSets === null ? null : { summary: out.b, scenario: loadScenario(r.scenario, ...bSets) },
    headline: modelFor(loadScenario(r.scenario)).headline as EvalContext['headline'],
  };
}

/** Every number the reveal step shows is the CLI's, to the last bit. */
async function revealMatchesCli(page: Page, q: Question, ctx: EvalContext): Promise<void> {
  const nums = page.getByTestId('q-step').getByTestId('q-num');
  const n = await nums.count();
  expect(n, `${q.id}: the reveal shows numbers`).toBeGreaterThan(0);
  for (let i = 0; i < n; i++) {
    const el = nums.nth(i);
    const ref = (await el.getAttribute('data-ref'))!;
    const format = (await el.getAttribute('data-format'))!;
    const p = parsePlaceholder(format === 'plain' ? ref : `${ref}|${format}`);
    if (typeof p === 'string') throw new Error(p);
    const expected = placeholderValue(p, ctx);
    expect(expected, `${q.id}: ${ref}`).not.toBeNull();
    expect(Object.is(Number(await el.getAttribute('data-value')), expected), `${q.id}: ${ref} — page ${await el.getAttribute('data-value')}, CLI ${expected}`).toBe(true);
  }
}

/** Commits the current prediction, runs to the end at top speed and waits for the reveal. */
async function commitAndReveal(page: Page): Promise<void> {
  await page.getByTestId('q-commit').click();
  await expect(page.getByTestId('q-running')).toBeVisible();
  await page.getByTestId('q-skip').click();
  await expect(page.getByTestId('q-verdict')).toBeVisible({ timeout: 90_000 });
}

/** The step's text reads whole: no scroll box, and the page itself does not scroll at 1280×720. */
async function fits(page: Page, what: string): Promise<void> {
  const box = await page.evaluate(() => {
    const b = document.querySelector('[data-testid=interview] .body') as HTMLElement;
    return { sh: b.scrollHeight, ch: b.clientHeight, page: document.documentElement.scrollHeight, width: document.documentElement.scrollWidth };
  });
  expect(box.sh, `${what}: the step scrolls (${box.sh} > ${box.ch})`).toBeLessThanOrEqual(box.ch + 1);
  expect(box.page, `${what}: the page scrolls`).toBeLessThanOrEqual(720);
  expect(box.width, `${what}: the page is wider than the window`).toBeLessThanOrEqual(1280);
}

async function lang(page: Page, l: 'en' | 'ru'): Promise<void> {
  await page.getByTestId(`lang-${l}`).click();
  await expect(page.locator('html')).toHaveAttribute('lang', l);
}

test('a question from its link: commit a choice, run, the reveal shows the CLI’s numbers; progress survives a reload', async ({ page }) => {
  const q = question('order-thread-pool');
  await page.goto('/#q=order-thread-pool');
  await lang(page, 'en');
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'order-thread-pool');
  await expect(page.getByTestId('q-title')).toHaveText(q.en.title);
  // It runs the scenario against its fix: compare view, the lesson column holds the question.
  await expect(page.getByTestId('compare')).toBeVisible();
  await expect(page.getByTestId('explain')).toHaveCount(0);
  // Predict before running: the reveal is locked, committing needs a choice.
  await expect(page.getByTestId('qstep-reveal')).toBeDisabled();
  await expect(page.getByTestId('q-commit')).toBeDisabled();
  await expect(page.getByTestId('q-rule')).toHaveText('Right if the option you pick is the one that holds in the run.');
  await page.getByTestId('q-option-0').check(); // "No": wrong
  await page.screenshot({ path: `${SHOTS}/interview-question-en-1280x720.png` });
  await commitAndReveal(page);
  await expect(page.getByTestId('q-verdict')).toHaveAttribute('data-right', 'false');
  await expect(page.getByTestId('q-predicted')).toHaveAttribute('data-value', '0');
  await expect(page.getByTestId('q-holding')).toHaveAttribute('data-value', '1');
  await expect(page.getByTestId('q-claim')).toHaveCount(q.run!.claims.length);
  for (const c of await page.getByTestId('q-claim').all()) await expect(c).toHaveAttribute('data-holds', 'true');
  const ctx = cli(q);
  await revealMatchesCli(page, q, ctx);
  // The number the story is about, in words: the CLI's violations.
  await expect(page.getByTestId('q-reveal')).toContainText(`${evalRef({ run: 'a', kind: 'metric', id: 'violations' }, ctx)} updates were applied after a newer update`);
  // The compare table and its footnote show whole beside the question (they scrolled by 5 px).
  const hidden = await page.locator('[data-testid=compare] .table-wrap').evaluate((w) => w.scrollHeight - w.clientHeight);
  expect(hidden, 'the compare table scrolls').toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${SHOTS}/interview-reveal-en-1280x720.png` });
  await page.getByTestId('qstep-next').click();
  await expect(page.getByTestId('q-why')).toHaveText(q.en.why.replace(/\n\n/g, '\n\n'));
  await page.getByTestId('qstep-answer').click();
  await expect(page.getByTestId('q-answer').locator('li')).toHaveCount(q.en.answer.length);

  // Kept in this browser only.
  const stored = await page.evaluate(() => localStorage.getItem('queuelab.interview.v1'));
  expect(JSON.parse(stored!).answers['order-thread-pool']).toMatchObject({ prediction: { kind: 'choice', option: 0 }, right: false, tries: 1 });
  await page.reload();
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'order-thread-pool');
  await page.getByTestId('interview-open').click();
  await expect(page.getByTestId('iv-q-order-thread-pool')).toHaveAttribute('data-state', 'wrong');
  await expect(page.getByTestId('iv-progress')).toHaveAttribute('data-answered', '1');
  await expect(page.getByTestId('iv-progress')).toHaveAttribute('data-right', '0');
  await page.screenshot({ path: `${SHOTS}/interview-list-en-1280x720.png` });
  // Bad stored data is not trusted, and does not break the page.
  await page.evaluate(() => localStorage.setItem('queuelab.interview.v1', '{"v":1,"answers":{"order-thread-pool":{"right":"maybe"}}}'));
  await page.reload();
  await page.getByTestId('interview-open').click();
  await expect(page.getByTestId('iv-q-order-thread-pool')).toHaveAttribute('data-state', 'new');
});

test('a number on a slider, in Russian: the question’s overrides, the measured value and the verdict are the CLI’s', async ({ page }) => {
  const q = question('crash-detection');
  await page.goto('/#q=crash-detection');
  await lang(page, 'ru');
  await expect(page.getByTestId('q-title')).toHaveText(q.ru.title);
  await expect(page.getByTestId('q-rule')).toHaveText('Верно, если в пределах ±30 % от измеренного.');
  // The run has the question's overrides (the header says so).
  await expect(page.getByTestId('modified-state')).toBeVisible();
  await expect(page.getByTestId('modified-state')).toContainText('Вопрос меняет:');
  await page.getByTestId('q-number').fill('45');
  await page.getByTestId('q-number').press('Enter');
  await expect(page.getByTestId('q-slider')).toHaveValue('45');
  await commitAndReveal(page);
  const ctx = cli(q);
  const measured = evalRef(q.run!.predict.kind === 'number' ? q.run!.predict.answer : ({} as never), ctx)!;
  await expect(page.getByTestId('q-measured')).toHaveAttribute('data-value', String(measured));
  await expect(page.getByTestId('q-predicted')).toHaveAttribute('data-value', '45');
  const right = q.run!.predict.kind === 'number' && judgeNumber(45, measured, q.run!.predict.within);
  await expect(page.getByTestId('q-verdict')).toHaveAttribute('data-right', String(right));
  await expect(page.getByTestId('q-verdict')).toContainText(right ? '✓ Верно' : '✗ Мимо');
  // The rule beside the verdict says what would have been right (not "✗ Off · within ±30 %").
  await expect(page.getByTestId('q-verdict').locator('.mark-line')).toHaveText(`${right ? '✓ Верно' : '✗ Мимо'} · верно в пределах ±30 %`);
  await revealMatchesCli(page, q, ctx);
  // Russian units.
  await expect(page.getByTestId('q-measured')).toHaveText(/^\d[\d\u00a0]*(,\d+)? с$/);
  await page.screenshot({ path: `${SHOTS}/interview-reveal-ru-1280x720.png` });
  await page.reload();
  await page.getByTestId('interview-open').click();
  await expect(page.getByTestId('iv-q-crash-detection')).toHaveAttribute('data-state', right ? 'right' : 'wrong');
  await page.screenshot({ path: `${SHOTS}/interview-list-ru-1280x720.png` });
});

test('a mock interview: its link names a seeded sequence, a timer runs, the score comes at the end', async ({ page }) => {
  const ids = mockSequence(42, 3, MOCK_ORDER);
  const pool = MOCK_ORDER.length;
  await page.goto('/');
  await lang(page, 'en');
  await page.getByTestId('interview-open').click();
  await page.getByTestId('mock-count').selectOption('3');
  await page.getByTestId('mock-seed').fill('42');
  await page.getByTestId('mock-start').click();
  await expect(page).toHaveURL(new RegExp(`#mock=42\\.3\\.0\\.${pool}$`));
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', ids[0]);
  await expect(page.getByTestId('mock-place')).toHaveText('Mock 1/3');
  // The place, clock and buttons leave the question's title a line of its own, as wide as the card.
  const title = (await page.getByTestId('q-title').boundingBox())!;
  const card = (await page.getByTestId('interview').boundingBox())!;
  expect(title.width).toBeGreaterThan(card.width * 0.8);
  const ms = async () => Number(await page.getByTestId('mock-timer').getAttribute('data-ms'));
  const t0 = await ms();
  await expect.poll(ms, { timeout: 5000 }).toBeGreaterThanOrEqual(t0 + 2000);
  await expect(page.getByTestId('mock-timer')).toHaveText(/^00:0[2-9]$/);
  // Answer the first question; skip the second.
  if (question(ids[0]).run!.predict.kind === 'choice') await page.getByTestId('q-option-0').check();
  await commitAndReveal(page);
  const first = await page.getByTestId('q-verdict').getAttribute('data-right');
  await page.getByTestId('mock-next').click();
  await expect(page).toHaveURL(new RegExp(`#mock=42\\.3\\.1\\.${pool}$`));
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', ids[1]);
  // The link reopens the same question; the timer goes on (this tab remembers when it started).
  const before = await ms();
  await page.reload();
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', ids[1]);
  await expect.poll(ms).toBeGreaterThanOrEqual(before);
  await page.screenshot({ path: `${SHOTS}/interview-mock-en-1280x720.png` });
  await page.getByTestId('mock-next').click();
  await expect(page).toHaveURL(new RegExp(`#mock=42\\.3\\.2\\.${pool}$`));
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', ids[2]);
  await expect(page.getByTestId('mock-next')).toHaveText('Finish');
  await page.getByTestId('mock-next').click();
  await expect(page.getByTestId('mock-done')).toBeVisible();
  await expect(page.getByTestId('mock-result')).toHaveCount(3);
  await expect(page.getByTestId('mock-result').nth(0)).toHaveAttribute('data-result', first === 'true' ? 'right' : 'wrong');
  await expect(page.getByTestId('mock-result').nth(1)).toHaveAttribute('data-result', 'skipped');
  await expect(page.getByTestId('mock-score')).toHaveAttribute('data-right', first === 'true' ? '1' : '0');
  const stopped = await ms();
  await page.waitForTimeout(1200);
  expect(await ms(), 'the timer stops at the end').toBe(stopped);
  await lang(page, 'ru');
  await expect(page.getByTestId('mock-done')).toContainText('Пробное собеседование окончено');
  await page.screenshot({ path: `${SHOTS}/interview-mock-done-ru-1280x720.png` });

  // The same link in a fresh page opens the same question.
  const other = await page.context().newPage();
  await other.goto(`/#mock=42.3.2.${pool}`);
  await expect(other.getByTestId('interview')).toHaveAttribute('data-question', ids[2]);
  await other.close();
});

// A question that needs a model not built yet is shown as pending: no shipped question waits any more, so
// test/app/interview-pending.test.ts renders the list and the column with a fixture one.
test('the last question that waited for a model runs; a bad question link says why and opens the default scenario', async ({ page }) => {
  await page.goto('/#q=request-path');
  await lang(page, 'en');
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'request-path');
  await expect(page.getByTestId('q-needs')).toHaveCount(0);
  await expect(page.getByTestId('q-commit')).toBeVisible();
  await expect(page.getByTestId('scenario')).toHaveValue('request-path');
  await expect(page).toHaveURL(/#q=request-path$/);
  await page.getByTestId('q-list').click();
  await expect(page.getByTestId('interview-list').locator('[data-state=needs]')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByTestId('q-close').click();
  await expect(page.getByTestId('explain')).toBeVisible();
  await expect(page).not.toHaveURL(/q=/);

  await page.goto('/#q=no-such-question');
  await expect(page.getByTestId('link-error')).toContainText('q: there is no question "no-such-question"');
  await expect(page.getByTestId('interview')).toHaveCount(0);
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await page.goto('/#q=Bad_Id');
  await expect(page.getByTestId('link-error')).toContainText('q: is not a question id');
});

test('every question: each step fits the column at 1280×720 in both languages, and every reveal shows the CLI’s numbers', async ({ page }) => {
  test.setTimeout(900_000);
  for (const q of QUESTIONS) {
    await page.goto(`/#q=${q.id}`);
    await expect(page.getByTestId('interview')).toHaveAttribute('data-question', q.id);
    if (q.needs) {
      for (const l of ['en', 'ru'] as const) {
        await lang(page, l);
        await fits(page, `${q.id}.${l} needs`);
      }
      continue;
    }
    for (const l of ['en', 'ru'] as const) {
      await lang(page, l);
      await fits(page, `${q.id}.${l} question`);
    }
    if (q.run!.predict.kind === 'choice') await page.getByTestId('q-option-0').check();
    await commitAndReveal(page);
    await revealMatchesCli(page, q, cli(q));
    for (const l of ['en', 'ru'] as const) {
      await lang(page, l);
      for (const s of ['reveal', 'why', 'answer']) {
        await page.getByTestId(`qstep-${s}`).click();
        await expect(page.getByTestId('interview')).toHaveAttribute('data-step', s);
        await fits(page, `${q.id}.${l} ${s}`);
      }
      await page.getByTestId('qstep-reveal').click();
    }
    await lang(page, 'en');
  }
});

test('on a 390 px phone: the question, the run and the reveal, in both languages, no wider than the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#q=hot-key');
  for (const l of ['en', 'ru'] as const) {
    await lang(page, l);
    await expect(page.getByTestId('q-title')).toHaveText(question('hot-key')[l].title);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await page.getByTestId('q-number').fill('250');
  await page.getByTestId('q-number').press('Enter');
  await commitAndReveal(page);
  for (const l of ['en', 'ru'] as const) {
    await lang(page, l);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Russian numbers have a decimal comma (the fix's peak lag age, 11.4 s, in the reveal).
    if (l === 'ru') await expect(page.getByTestId('q-reveal')).toContainText(/\d,\d/);
    await page.getByTestId('q-verdict').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/interview-reveal-${l}-390.png`, fullPage: true });
  }
  await page.getByTestId('interview-open').click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${SHOTS}/interview-list-ru-390.png` });
});

test('Back and Forward move into and out of a question, like between scenarios', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('scenario').selectOption('mm1');
  await expect(page.getByTestId('station-view')).toBeVisible();
  // Following a question's link from the page (a new history entry).
  await page.evaluate(() => (location.hash = '#q=hot-key'));
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'hot-key');
  await expect(page.getByTestId('scenario')).toHaveValue('hot-partition');
  await page.goBack();
  await expect(page.getByTestId('interview')).toHaveCount(0);
  await expect(page.getByTestId('scenario')).toHaveValue('mm1');
  await page.goForward();
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'hot-key');
  // Closing the question is a step of its own: Back reopens it.
  await page.getByTestId('q-close').click();
  await expect(page.getByTestId('interview')).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId('interview')).toHaveAttribute('data-question', 'hot-key');
});
