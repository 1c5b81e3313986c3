/**
 * Share links fuzzed in the real page: a fixed-seed generator mutates shipped scenarios (wrong
 * types, absurd numbers, deep nesting, prototype keys, over-budget sizes) and corrupts links (cut,
 * one character changed, garbage, old v1 format). For every link the page must stay responsive,
 * log no error, and agree with the CLI's decoder: a link the decoder accepts opens without a
 * message, a link it refuses shows the link notice and a valid scenario — never a crash, a frozen
 * tab or a different scenario that runs without a word.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { decodeShare, encodeShareHash } from '../../src/scenario/index.ts';
import { failOnConsoleErrors, status } from './helpers.ts';

failOnConsoleErrors();

/** mulberry32: a small seeded generator, so the same links are tried on every run. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BASES = ['littles-law', 'mm1', 'poison-message', 'black-friday', 'mmc'].map((id) => JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>);

function deep(n: number): unknown {
  let x: unknown = 1;
  for (let i = 0; i < n; i++) x = [x];
  return x;
}

const VALUES: unknown[] = [-1, 0, 1e308, 1e-320, 3.5, 'x', '', null, [], {}, true, 'a'.repeat(500), deep(40), 1e9, 4294967296, -0.5, { __proto__: { polluted: 1 } }];

/** Every path to a leaf or container in `x`. */
function paths(x: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(x)) x.forEach((v, i) => paths(v, [...at, i], out));
  else if (x && typeof x === 'object') for (const [k, v] of Object.entries(x)) paths(v, [...at, k], out);
  return out;
}

function mutate(base: Record<string, unknown>, r: () => number): Record<string, unknown> {
  const s = structuredClone(base);
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) {
    const ps = paths(s).filter((p) => p.length > 0);
    const p = ps[Math.floor(r() * ps.length)];
    let o = s as Record<string | number, unknown>;
    for (const k of p.slice(0, -1)) o = o[k] as Record<string | number, unknown>;
    const roll = r();
    if (roll < 0.15) delete o[p[p.length - 1]];
    else if (roll < 0.25) o[`${String(p[p.length - 1])}x`] = 1; // an unknown field
    else o[p[p.length - 1]] = structuredClone(VALUES[Math.floor(r() * VALUES.length)]);
  }
  return s;
}

function links(count: number, seed: number): string[] {
  const r = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const base = BASES[Math.floor(r() * BASES.length)];
    const kind = r();
    if (kind < 0.4) out.push(encodeShareHash(mutate(base, r) as never));
    else if (kind < 0.5) out.push(`#v1.${LZString.compressToEncodedURIComponent(JSON.stringify(mutate(base, r)))}`);
    else {
      const good = encodeShareHash(base as never);
      const c = r();
      if (c < 0.35) out.push(good.slice(0, 1 + Math.floor(r() * (good.length - 1))));
      else if (c < 0.7) {
        const at = 1 + Math.floor(r() * (good.length - 1));
        const ch = 'AbZ09-+$.'[Math.floor(r() * 9)];
        out.push(good.slice(0, at) + (good[at] === ch ? 'q' : ch) + good.slice(at + 1));
      } else out.push(`#v${Math.floor(r() * 4)}.${Array.from({ length: Math.floor(r() * 60) }, () => String.fromCharCode(33 + Math.floor(r() * 94))).join('')}`);
    }
  }
  return out;
}

test('fuzzed share links: the page agrees with the CLI decoder, shows a notice for every refused link, and never crashes or freezes', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await page.goto(`${baseURL}/`);
  await expect(status(page)).toBeVisible();
  const cases = links(160, 20261130);
  let refused = 0;
  for (const link of cases) {
    const cli = decodeShare(link);
    await page.goto(`${baseURL}/${link}`);
    // Responsive: the page answers and settles in an idle run of some valid scenario.
    await expect(status(page), link.slice(0, 80)).toHaveAttribute('data-value', /^(idle|ready)$/, { timeout: 10_000 });
    if (cli.ok) await expect(page.getByTestId('link-error'), link.slice(0, 80)).toHaveCount(0);
    else {
      refused++;
      await expect(page.getByTestId('link-error'), link.slice(0, 80)).toBeVisible();
    }
    expect(await page.evaluate(() => ({}) as Record<string, unknown>).then((o) => (o as { polluted?: number }).polluted)).toBeUndefined();
  }
  // The generator makes mostly broken links, and some good ones.
  expect(refused).toBeGreaterThan(cases.length / 2);
  expect(refused).toBeLessThan(cases.length);
});
