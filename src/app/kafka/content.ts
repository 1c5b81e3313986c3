/**
 * Per-scenario explanations (story, what to watch, why, the fix) in English and Russian, from
 * `src/content/scenarios.ts`; scenarios without an entry fall back to their own title and
 * description.
 */
import { contentFor as lookup, type ScenarioContent, type ScenarioText } from '../../content/scenarios.ts';

export type { ScenarioContent, ScenarioText };

export function contentFor(id: string): ScenarioContent | null {
  const c = lookup(id);
  return c && c.en && c.ru ? c : null;
}
