/**
 * Which scale a log-broker story is shown at: the shipped scenario (compressed time) or its
 * seed-scale variant (the article's durations and rates, src/content/seed-scale.ts), and how the
 * running scenario differs from the one it is shown as. A variant loads the first time its story
 * is shown (a chunk of its own); until then the story counts as compressed.
 */
import { hasSeedScale, loadSeedScale, type SeedScale } from '../../content/seed-scale.ts';
import type { Scenario } from '../../scenario/index.ts';
import { variantOf, type Variant } from './variant.ts';

export type ScaleName = 'compressed' | 'seed';

/** The seed-scale variants loaded so far (reactive). */
export class SeedScales {
  #loaded = $state.raw<Readonly<Record<string, SeedScale>>>({});
  /** Why the last load failed (cleared by the next one that succeeds). */
  error = $state<string | null>(null);

  /** Story `id` has a seed-scale variant. */
  has(id: string): boolean {
    return hasSeedScale(id);
  }

  /** Story `id`'s variant, once loaded. */
  get(id: string): SeedScale | null {
    return Object.hasOwn(this.#loaded, id) ? this.#loaded[id] : null;
  }

  /** Loads story `id`'s variant (once); null when it has none or it failed to load. */
  async load(id: string): Promise<SeedScale | null> {
    try {
      const s = (await loadSeedScale(id)) ?? null;
      if (s && this.get(id) !== s) this.#loaded = { ...this.#loaded, [id]: s };
      this.error = null;
      return s;
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
      return null;
    }
  }
}

/**
 * `s` against its lesson: at which scale it is shown — the shipped scenario's or the seed-scale
 * variant's, whichever it differs from less (the fix not counted; a tie is the shipped one) —
 * and how it differs from that one. `scale` is null for a story with one scale only (or whose
 * variant has not loaded yet).
 */
export function scaled(s: Scenario, shipped: readonly Scenario[], seed: SeedScale | null, fix: readonly string[] | null): { scale: ScaleName | null; variant: Variant } {
  const v = variantOf(s, shipped, fix);
  if (!seed || seed.id !== s.id || seed.scenario.model !== s.model) return { scale: null, variant: v };
  const w = variantOf(s, [seed.scenario], fix);
  return w.changes.length < v.changes.length ? { scale: 'seed', variant: w } : { scale: 'compressed', variant: v };
}
