/**
 * The playground's responsiveness, for `npm run bench`: the production build is served, headless
 * Chromium opens a heavy Kafka scenario (black-friday, 640 k records) and runs it as fast as
 * possible while a PerformanceObserver records the main thread's long tasks (> 50 ms), RUNS times
 * in fresh pages (one run's worst task depends on what else the two cores are doing). The observer
 * is installed before the page's first script, so the first load's long tasks (compiling the page,
 * validating the scenarios, the first layout) are recorded apart. Prints the worst task of every
 * load and run and the wall time. One more run is traced, for where the main thread's time goes
 * (trace-summary.ts): its CPU time by phase, and how much of its longest task was CPU. Skipped,
 * with a note, when Debian's Chromium is missing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { encodeShareHash } from '../scenario/share.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { summarizeTrace, type TraceEvent, type TraceSummary } from './trace-summary.ts';

const CHROMIUM = '/usr/bin/chromium';
const PORT = 4178;
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Runs of the scenario, each in a fresh page. */
export const RUNS = 5;

export interface BrowserBench {
  scenario: string;
  /** Per run: wall time of the run, the durations of its long tasks and of the first load's (ms). */
  runs: { wallMs: number; longTasks: number[]; loadTasks: number[] }[];
  /** One more run, traced (not among `runs`: tracing slows the page): where the main thread's time goes. */
  trace: TraceSummary;
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

export async function browserBench(id = 'black-friday'): Promise<BrowserBench | null> {
  if (!existsSync(CHROMIUM)) return null;
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed: ${build.stderr}`);
  // Its own process group, so the whole server tree goes away afterwards.
  const server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], { detached: true, stdio: 'ignore' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(base, 20_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const scenario = parseScenarioOrThrow(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
    const runs: BrowserBench['runs'] = [];
    let trace: TraceSummary | null = null;
    for (let i = 0; i <= RUNS; i++) {
      const traced = i === RUNS;
      const page = await context.newPage();
      await page.addInitScript(() => {
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const take = (): Promise<number[]> => page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
      await page.goto(`${base}/${encodeShareHash(scenario)}`);
      await page.getByTestId('kafka-view').waitFor();
      await page.waitForTimeout(500); // page load and first layout are not part of the run
      const loadTasks = await take();
      await page.getByTestId('speed').selectOption('max');
      if (traced) await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      const t0 = Date.now();
      await page.getByTestId('play').click();
      await page.waitForSelector('[data-testid=status][data-value=finished]', { timeout: 120_000 });
      const wallMs = Date.now() - t0;
      await page.waitForTimeout(300);
      if (traced) {
        const json = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
        trace = summarizeTrace(Array.isArray(json) ? json : json.traceEvents);
      } else runs.push({ wallMs, longTasks: await take(), loadTasks });
      await page.close();
    }
    return { scenario: id, runs, trace: trace! };
  } finally {
    await browser.close();
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
