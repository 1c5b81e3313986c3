/**
 * "What to watch" points at things that exist on screen: every bullet of every lesson, in both
 * languages, names at least one target from its model's list (src/content/targets.ts), and every
 * target in that list is an element the model's page renders — a `data-testid` in its panels'
 * source, a counters strip cell, or an element in a tab the page has. Whether each one is visible
 * in the browser is test/e2e/lesson.spec.ts.
 */
import { allShipped } from '../app/fixtures.ts';
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LANGS } from '../../src/content/lesson.ts';
import { contentFor } from './lessons.ts';
import { PRESENT_COUNTERS, PRESENT_PANELS, presentView, WATCH_TARGETS, watchTarget } from '../../src/content/targets.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { PAGES, type Kind } from '../../src/app/registry.ts';
import type { Playground } from '../../src/app/shell/playground.svelte.ts';

const shipped: Scenario[] = allShipped();
const fixtures: Scenario[] = readdirSync('test/fixtures')
  .filter((f) => f.endsWith('.json'))
  .map((f) => validateScenario(JSON.parse(readFileSync(join('test/fixtures', f), 'utf8'))))
  .flatMap((r) => (r.ok ? [r.scenario] : []));

/** `data-testid="x"` and `testid="x"` (a chart's prop) written literally in the sources under `dirs`. */
function literalTestids(dirs: string[]): Set<string> {
  const out = new Set<string>();
  for (const dir of dirs) {
    for (const f of readdirSync(dir)) {
      if (!f.endsWith('.svelte')) continue;
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/\b(?:data-)?testid="([A-Za-z][A-Za-z0-9-]*)"/g)) out.add(m[1]);
    }
  }
  return out;
}

/** What the page of `kind` renders with a test id: its panels' and the shell's literal ids, its counters, its tabs. */
async function rendered(kind: Kind): Promise<{ ids: Set<string>; tabs: Set<string> }> {
  const ids = literalTestids([`src/app/panels/${kind}`, 'src/app/panels/common', 'src/app/shell']);
  const panels = await PAGES[kind].panels();
  // Counters of every flavour the kind has: its shipped scenarios, its blank start, its test fixtures.
  for (const s of [...shipped.filter((x) => x.model === kind), PAGES[kind].blank(), ...fixtures.filter((x) => x.model === kind)]) {
    const pg = { lang: 'en', scenario: s, data: null, snapshot: null, status: 'idle', focus: 0 } as unknown as Playground;
    for (const c of panels.counters(pg)) ids.add(c.testid);
  }
  return { ids, tabs: new Set(['wrho', 'sweep', ...panels.tabs.map((t) => t.id)]) };
}

describe('"What to watch" targets', () => {
  for (const kind of Object.keys(WATCH_TARGETS) as Kind[]) {
    it(`${kind}: every target in the list is on the model's page (a test id it renders, in a tab it has)`, async () => {
      const { ids, tabs } = await rendered(kind);
      for (const [id, t] of Object.entries(WATCH_TARGETS[kind])) {
        expect(ids.has(id), `${kind}: "${id}" is not a data-testid the page renders`).toBe(true);
        if (t.tab !== undefined) expect(tabs.has(t.tab), `${kind}: "${id}" is in tab "${t.tab}", which the page does not have`).toBe(true);
      }
    });
  }

  it('the lists cover every kind of scenario', () => {
    expect(Object.keys(WATCH_TARGETS).sort()).toEqual(Object.keys(PAGES).sort());
  });

  for (const s of shipped) {
    it(`${s.id}: every bullet, in every language, points at a ${s.model} target`, () => {
      const c = contentFor(s.id);
      expect(c, s.id).toBeDefined();
      for (const lang of LANGS) {
        const watch = c![lang].watch;
        expect(watch.length).toBeGreaterThan(0);
        for (const [i, w] of watch.entries()) {
          const where = `${s.id}.${lang}.md, bullet ${i + 1}`;
          expect(w.targets.length, where).toBeGreaterThan(0);
          for (const id of w.targets) expect(watchTarget(s.model, id), `${where}: "${id}" is not a ${s.model} target (src/content/targets.ts)`).toBeDefined();
        }
      }
      expect(c!.ru.watch.map((w) => w.targets)).toEqual(c!.en.watch.map((w) => w.targets));
    });
  }

  it('watchTarget knows nothing else', () => {
    expect(watchTarget('kafka', 'chart-lag')).toEqual({ present: { panel: true } });
    expect(watchTarget('kafka', 'event-log')).toEqual({ tab: 'log' });
    expect(watchTarget('station', 'chart-lag')).toBeUndefined();
    expect(watchTarget('kafka', 'constructor')).toBeUndefined();
    expect(watchTarget('nope', 'chart-lag')).toBeUndefined();
  });
});

describe('presenter mode and compare view find the lesson’s targets', () => {
  const fallback = { panels: ['topology', 'chart-lag'], counters: ['k-lag'] };

  it('presenter mode shows the panels and counters the Watch bullets name, in order, bounded', () => {
    expect(presentView('kafka', [['k-rebalances', 'chart-lag'], ['event-log'], ['topology']], fallback)).toEqual({ panels: ['chart-lag', 'topology'], counters: ['k-rebalances'] });
    // A part of a panel brings its panel; a tab and the strip as a whole bring nothing.
    expect(presentView('kafka', [['producer'], ['counters', 'chart-wrho']], fallback)).toEqual({ panels: ['topology'], counters: ['k-lag'] });
    const many = ['chart-lag', 'chart-lag-seconds', 'chart-heatmap', 'chart-throughput', 'k-lag', 'k-lagS', 'k-lost', 'k-dlq', 'k-skipped'];
    expect(presentView('kafka', [many], fallback)).toEqual({ panels: many.slice(0, PRESENT_PANELS), counters: many.slice(4, 4 + PRESENT_COUNTERS) });
    expect(presentView('station', [['series-chart', 'little-panel']], { panels: ['series-chart'], counters: [], maxPanels: 1 }).panels).toEqual(['series-chart']);
    expect(presentView('kafka', [], fallback)).toEqual(fallback);
  });

  it('every model’s presenter defaults and compare aliases name its targets', async () => {
    for (const kind of Object.keys(PAGES) as Kind[]) {
      const panels = await PAGES[kind].panels();
      for (const id of [...panels.present.panels, ...panels.present.counters]) expect(watchTarget(kind, id), `${kind} present: ${id}`).toBeDefined();
      for (const id of Object.keys(panels.compare.targets)) expect(watchTarget(kind, id), `${kind} compare alias: ${id}`).toBeDefined();
      const rows = new Set(panels.compare.headline.map((m) => `cmp-row-${m.id}`));
      for (const ids of Object.values(panels.compare.targets)) {
        for (const t of ids) if (t.startsWith('cmp-row-')) expect(rows, `${kind}: ${t}`).toContain(t);
      }
    }
  });
});
