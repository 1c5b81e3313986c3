import { expect, test } from '@playwright/test';
import { buildSync } from 'esbuild';
import { GOLDEN, goldenHashes } from '../sim/pmath-golden.ts';

/**
 * src/sim/kernel/pmath.ts gives Chromium the bits it gives Node: the golden hashes of
 * test/sim/pmath-golden.ts, computed in the page and in a Web Worker (where the app's simulation
 * runs), equal the recorded ones that test/sim/pmath.test.ts checks in Node.
 */

/** pmath-golden.ts and pmath.ts as one script that sets `PMathGolden`. */
function bundle(): string {
  const out = buildSync({
    entryPoints: ['test/sim/pmath-golden.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'PMathGolden',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

type Hashes = Record<string, string>;

test('pmath computes the same bits in Chromium (page and worker) as in Node', async ({ page }) => {
  const code = bundle();
  // about:blank: the app's Content-Security-Policy forbids inline scripts, and none is needed here.
  await page.goto('about:blank');
  await page.addScriptTag({ content: code });
  const inPage = await page.evaluate(() => {
    const g = (globalThis as unknown as { PMathGolden: { goldenHashes(m?: unknown): Hashes } }).PMathGolden;
    return { pmath: g.goldenHashes(), engine: g.goldenHashes(Math) };
  });
  const inWorker = await page.evaluate(
    (src) =>
      new Promise<Hashes>((resolve, reject) => {
        const blob = new Blob([`${src}\npostMessage(PMathGolden.goldenHashes());`], { type: 'text/javascript' });
        const w = new Worker(URL.createObjectURL(blob));
        w.onmessage = (e) => resolve(e.data as Hashes);
        w.onerror = (e) => reject(new Error(e.message));
      }),
    code,
  );
  expect(inPage.pmath).toEqual(GOLDEN);
  expect(inWorker).toEqual(GOLDEN);

  // Not asserted (engines may come to agree): which of the engine's own Math functions give this
  // Chromium other bits than this Node — the reason pmath exists.
  const node = goldenHashes(Math);
  const differ = Object.keys(node).filter((k) => node[k as keyof typeof node] !== inPage.engine[k]);
  test.info().annotations.push({ type: 'Math.* bits that differ between this Node and Chromium', description: differ.join(', ') || 'none' });
  console.log(`Math.* functions whose bits differ between Node ${process.versions.node} and Chromium: ${differ.join(', ') || 'none'}`);
});
