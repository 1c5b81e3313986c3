/**
 * The seed-scale variants in the page, for `npm run bench`: the production build is served,
 * headless Chromium opens each story at the article's scale (scenarios/seed-scale/<id>.json: six
 * hours of Black Friday, eight hours of a consumer down) and runs it at top speed; the wall time
 * from Play to "finished" is the number, against the target of 10 s. RUNS runs each, in
 * fresh pages; the median counts. Skipped, with a note, when Debian's Chromium is missing.
 *
 * On a machine whose cores are shared, wall time says little: {@link seedScaleCpu} also runs each
 * variant through the page's own run host on a clock of CPU time.
 *
 * On its own: `npx tsx src/bench/seed-scale.ts [--no-build] [--cpu-only] [--no-cpu]` (exits 1 when
 * a median wall time is over the target).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { encodeShareHash } from '../scenario/share.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { RunHost, type Host } from '../../workers/host.ts';
import { modelFor } from '../run/registry.ts';

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
  const ids = seedScaleIds();
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

/** The ids of the seed-scale variants on disk. */
function seedScaleIds(): string[] {
  return readdirSync('scenarios/seed-scale')
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -5))
    .sort();
}

/** Milliseconds of CPU this process has used. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * A worker's host whose clock is this process's CPU time: the run host paces itself (8 ms ticks,
 * a snapshot every 100 ms) as if it had a core to itself, however loaded the machine is.
 */
class CpuClockHost implements Host {
  #tasks: (() => void)[] = [];
  now(): number {
    return cpuMs();
  }
  asap(fn: () => void): void {
    this.#tasks.push(fn);
  }
  after(_ms: number, fn: () => void): void {
    this.#tasks.push(fn);
  }
  drain(): void {
    for (let f = this.#tasks.shift(); f; f = this.#tasks.shift()) f();
  }
}

export interface SeedScaleCpu {
  id: string;
  /** CPU ms of the run host at top speed, Play to finished, snapshots included (what the page's worker does). */
  hostMs: number;
  /** Snapshots it built on the way. */
  snapshots: number;
  /** CPU ms of the model alone, run to the end in one go. */
  modelMs: number;
}

/**
 * Each seed-scale variant run by the page's own run host (workers/host.ts) in this process, on a
 * clock of CPU time: the worker's share of the page's time, independent of the machine's load
 * (the browser adds drawing on the main thread, in parallel, and the messages between them).
 */
export function seedScaleCpu(): SeedScaleCpu[] {
  return seedScaleIds().map((id) => {
    const scenario = parseScenarioOrThrow(JSON.parse(readFileSync(`scenarios/seed-scale/${id}.json`, 'utf8')));
    let t0 = cpuMs();
    const model = modelFor(scenario).create(scenario);
    model.run(scenario.duration);
    const modelMs = cpuMs() - t0;
    const host = new CpuClockHost();
    let snapshots = 0;
    const runner = new RunHost(host, () => snapshots++);
    runner.load(scenario);
    runner.speed('max');
    host.drain();
    snapshots = 0;
    t0 = cpuMs();
    runner.play();
    host.drain();
    if (runner.status !== 'finished') throw new Error(`${id}: the run host ended ${runner.status}`);
    return { id, hostMs: cpuMs() - t0, snapshots, modelMs };
  });
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Prints the results, one line a variant; true when every median of the page's wall time is
 * within the target. `cpu`, when given, adds the worker's CPU time (see {@link seedScaleCpu}).
 */
export function printSeedScaleBench(results: SeedScaleBench[] | null, cpu: SeedScaleCpu[] | null = null, log: (line: string) => void = console.log): boolean {
  if (cpu) {
    log('\nSeed-scale stories, the page\'s run host in this process on a CPU-time clock (top speed, snapshots every 100 ms of CPU)');
    for (const c of cpu) {
      log(
        `  ${c.id}: ${(c.hostMs / 1000).toFixed(1)} s of CPU, ${c.snapshots} snapshots; the model alone ${(c.modelMs / 1000).toFixed(1)} s — the rest (${(100 - (100 * c.modelMs) / c.hostMs).toFixed(0)} %) is snapshots and chart sampling`,
      );
    }
  }
  log('\nSeed-scale stories in the page (production build, headless Chromium, top speed, Play to finished)');
  if (!results) {
    log('  skipped: /usr/bin/chromium is not installed (npm test installs it)');
    return true;
  }
  let ok = true;
  if (results.length === 0) log('  not run');
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
  const cpu = process.argv.includes('--no-cpu') ? null : seedScaleCpu();
  const cpuOnly = process.argv.includes('--cpu-only');
  const ok = printSeedScaleBench(cpuOnly ? [] : await seedScaleBench({ build: !process.argv.includes('--no-build') }), cpu);
  if (!ok) process.exitCode = 1;
}
