/**
 * The built app ships a strict Content-Security-Policy (vite.config.ts) and runs under it: both
 * models to the end, the event log, the background sweep workers — without one violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { encodeShareHash } from '../../src/scenario/index.ts';
import { runToEnd } from './helpers.ts';

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Records every CSP violation the page reports, from its first script on. */
async function recordViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, sample: e.sample }));
  });
  return () => page.evaluate(() => (window as unknown as { __csp: Violation[] }).__csp);
}

/** The policy's directives, by name. */
function directives(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

test('the built app runs under a strict Content-Security-Policy without a violation', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  const violations = await recordViolations(page);

  // The built page has no inline script at all, and carries the policy before its first script.
  const html = readFileSync('dist/index.html', 'utf8');
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag).toMatch(/\ssrc="\/assets\//);
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeGreaterThan(0);
  expect(html.indexOf('http-equiv="Content-Security-Policy"')).toBeLessThan(html.indexOf('<script'));

  // The station model, then a Kafka scenario, each to the end; the log; the sweep's workers.
  await page.goto('/');
  await runToEnd(page);
  const kafka = JSON.parse(readFileSync('scenarios/hot-partition.json', 'utf8')) as Record<string, unknown>;
  await page.goto(`/${encodeShareHash({ ...kafka, duration: 120 } as never)}`);
  await expect(page.getByTestId('kafka-view')).toBeVisible();
  await runToEnd(page);
  await page.getByTestId('tab-log').click();
  await expect(page.getByTestId('event-log')).toBeVisible();
  await page.getByTestId('tab-wrho').click();
  await page.getByTestId('sweep-start').click();
  await expect.poll(async () => Number(await page.getByTestId('chart-wrho').getAttribute('data-points')), { timeout: 90_000 }).toBeGreaterThan(0);

  expect(await violations(), 'CSP violations').toEqual([]);
  expect(errors, 'console errors').toEqual([]);

  // The policy in force: present once, and strict.
  const metas = await page.locator('meta[http-equiv="Content-Security-Policy"]').evaluateAll((els) => els.map((e) => e.getAttribute('content') ?? ''));
  expect(metas.length).toBe(1);
  const policy = metas[0];
  expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|wasm-unsafe-eval/);
  const d = directives(policy);
  expect(d.get('default-src')).toEqual(["'self'"]);
  expect(d.get('script-src')).toEqual(["'self'"]);
  expect(d.get('worker-src')).toEqual(["'self'"]);
  expect(d.get('object-src')).toEqual(["'none'"]);
  expect(d.get('base-uri')).toEqual(["'none'"]);
  expect(d.get('form-action')).toEqual(["'none'"]);
  for (const [name, values] of d) expect(values, name).not.toContain('*');

  // And it bites: an injected inline script does not run, nor does eval.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__inline = 1';
    document.head.append(s);
  });
  // (Playwright's own evaluate may eval; code the page runs later, from a timer, may not.)
  await page.evaluate(() => {
    const w = window as unknown as { __eval?: string };
    setTimeout(() => {
      try {
        new Function('return 1')();
        w.__eval = 'ran';
      } catch (e) {
        w.__eval = (e as Error).name;
      }
    }, 0);
  });
  await expect.poll(() => page.evaluate(() => (window as unknown as { __eval?: string }).__eval ?? null)).not.toBeNull();
  const probe = await page.evaluate(() => ({
    inline: (window as unknown as { __inline?: number }).__inline ?? null,
    evalResult: (window as unknown as { __eval?: string }).__eval,
  }));
  expect(probe).toEqual({ inline: null, evalResult: 'EvalError' });
  await expect.poll(async () => (await violations()).map((v) => v.directive).sort()).toEqual(['script-src', 'script-src-elem']);
});
