/**
 * Seed scale: a log-broker story whose shipped scenario compresses the article's hours into
 * minutes may also ship at the article's own scale — its real durations and rates — as
 * `scenarios/seed-scale/<id>.json` (a whole scenario with the shipped one's id and model) and a
 * lesson of its own, `scenarios/seed-scale/<id>.<lang>.md` (the format of `scenarios/lessons`,
 * saying which scale it shows, with the numbers of that run). The page offers a switch between
 * the two scales in the lesson's head; a share link carries the variant like any scenario, and the
 * page recognises it (`src/app/shell/scale.svelte.ts`). The CLI runs it with `--scale seed`.
 *
 * Only the list of ids is in the first load: the variants' scenarios and lessons are a chunk of
 * their own (./seed-scale-data.ts), loaded the first time a story with a variant is shown.
 * Vite-only, like ./scenarios.ts.
 */
import type { Scenario } from '../scenario/index.ts';
import type { ScenarioContent } from './lesson.ts';

/** A story at the article's scale: its scenario and its lesson. */
export interface SeedScale {
  id: string;
  scenario: Scenario;
  content: ScenarioContent;
}

/** The ids of the shipped stories with a seed-scale variant (test/content/seed-scale.test.ts checks them against the files). */
export const SEED_SCALE_IDS: readonly string[] = ['black-friday', 'retention-reset'];

/** Scenario `id` has a seed-scale variant. */
export const hasSeedScale = (id: string): boolean => SEED_SCALE_IDS.includes(id);

const loading = new Map<string, Promise<SeedScale>>();

/** Loads scenario `id`'s seed-scale variant (once); undefined when it has none. A failed load is tried again on the next call. */
export function loadSeedScale(id: string): Promise<SeedScale> | undefined {
  if (!hasSeedScale(id)) return undefined;
  let p = loading.get(id);
  if (!p) {
    p = import('./seed-scale-data.ts').then((m) => m.seedScaleOf(id));
    loading.set(id, p);
    p.catch(() => loading.delete(id));
  }
  return p;
}
