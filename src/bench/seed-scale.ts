/**
 * The seed-scale variants in the page, for `npm run bench`: the production build is served,
 * headless Chromium opens each story at the article's scale (scenarios/seed-scale/<id>.json: six
 * hours of Black Friday, eight hours of a consumer down) and runs it at top speed; the wall time
 * from Play to "finished" is the number, against the target of 10 s. RUNS runs each, in
 * fresh pages; the median counts. Skipped, with a note, when Debian's Chromium is missing.
 *
 * On its own: `npx tsx src/bench/seed-scale.ts` (exits 1 when a median is over the target).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { encodeShareHash } from '../scenario/share.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';

const CHROMIUM = '/usr/bin/chromium';
/** Its own port: browser.ts serves on 4178. */
const PORT = 4179;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Runs of each variant, each in a fresh page. */
export const SEED_SCALE_RUNS = 3;
/** The target: a seed-scale story finishes in the browser within this, at top speed. */
export const SEED_SCALE_TARGET_MS = 10_000;

export interface SeedScaleBench {
  id: string;
  /** Simulated seconds of the run. */
  duration: number;
  /** Wall time of each run, Play to finished (ms). */
  wallMs: number[];
}

async function waitForServer(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`preview server did not answer at ${url}`);
}

/** Builds the app (unless `build` is false: dist/ is current), serves it, and times every seed-scale variant. */
export async function seedScaleBench(opts: { build?: boolean; runs?: number } = {}): Promise<SeedScaleBench[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  if (opts.build !== false) {
    const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
  }
  const ids = readdirSync('scenarios/seed-scale')
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
  // Its own process group, so the whole server tree goes away afterwards.
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { detached: true, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(base, 20_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const out: SeedScaleBench[] = [];
    for (const id of ids) {
      const scenario = parseScenarioOrThrow(JSON.parse(readFileSync(`scenarios/seed-scale/${id}.json`, 'utf8')));
      const wallMs: number[] = [];
      for (let i = 0; i < (opts.runs ?? SEED_SCALE_RUNS); i++) {
        const page = await context.newPage();
        await page.goto(`${base}/${encodeShareHash(scenario)}`);
        // The page has recognised the link as the story at the article's scale.
        await page.waitForSelector('[data-testid=scale][data-scale=seed]');
        await page.waitForTimeout(500); // page load and first layout are not part of the run
        await page.getByTestId('speed').selectOption('max');
        const t0 = Date.now();
        await page.getByTestId('play').click();
        await page.waitForSelector('[data-testid=status][data-value=finished]', { timeout: 300_000 });
        wallMs.push(Date.now() - t0);
        await page.close();
      }
      out.push({ id, duration: scenario.duration, wallMs });
    }
    return out;
  } finally {
    await browser.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Prints the results, one line a variant; true when every median is within the target. */
export function printSeedScaleBench(results: SeedScaleBench[] | null, log: (line: string) => void = console.log): boolean {
  log('\nSeed-scale stories in the page (production build, headless Chromium, top speed, Play to finished)');
  if (!results) {
    log('  skipped: /usr/bin/chromium is not installed (npm test installs it)');
    return true;
  }
  let ok = true;
  for (const r of results) {
    const m = median(r.wallMs);
    const pass = m <= SEED_SCALE_TARGET_MS;
    ok &&= pass;
    log(
      `  ${r.id} at the article's scale (${(r.duration / 3600).toFixed(2)} simulated hours), ${r.wallMs.length} runs: ${r.wallMs.map((w) => (w / 1000).toFixed(1)).join(', ')} s, median ${(m / 1000).toFixed(1)} s — target ≤ ${SEED_SCALE_TARGET_MS / 1000} s: ${pass ? 'met' : 'NOT met'}`,
    );
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = printSeedScaleBench(await seedScaleBench({ build: !process.argv.includes('--no-build') }));
  if (!ok) process.exitCode = 1;
}
