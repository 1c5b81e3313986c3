/**
 * Pipeline workload for `npm run bench` (`npm run bench -- --pipeline` runs only this part): a
 * source at 1,000 items/s for ten minutes (600 k items) through three stages — ingest (topic, 4
 * workers, ρ 0.4), transcode (a bounded buffer of 1,000 that blocks, 60 workers, ρ 0.83) and
 * publish (topic, 4 workers, ρ 0.5) — every metric on: each item is produced and processed three
 * times (2.4 M events). Target: ≥ 300 k records/s of wall time (a record = an item produced) and
 * < 200 MB peak RSS.
 */
import type { PipelineScenario } from '../scenario/schema.ts';
import { parseScenarioOrThrow } from '../scenario/validate.ts';
import { createPipeline } from '../run/models/pipeline/entry.ts';

function scenario(): PipelineScenario {
  const s = parseScenarioOrThrow({
    version: 1,
    model: 'pipeline',
    id: 'bench-pipeline-3-stages',
    duration: 600,
    sources: [{ name: 'uploads', rate: 1000, to: 'ingest' }],
    stages: [
      { name: 'ingest', workers: 4, time: { type: 'exponential', mean: 0.0016 }, to: ['transcode'] },
      { name: 'transcode', workers: 60, time: { type: 'exponential', mean: 0.05 }, buffer: { type: 'bounded', capacity: 1000, policy: 'block' }, to: ['publish'] },
      { name: 'publish', workers: 4, time: { type: 'exponential', mean: 0.002 } },
    ],
  });
  if (s.model !== 'pipeline') throw new Error('unreachable');
  return s;
}

export const PIPELINE_CASES = {
  '3-stages': { label: '(3-stages) ingest → transcode (bounded, block) → publish, 10 min at 1,000 items/s', scenario, target: 3e5 },
} as const;

/** Runs the pipeline case; returns items produced, events and items done. */
export function runPipeline(id: keyof typeof PIPELINE_CASES): { records: number; events: number; applied: number } {
  const s = PIPELINE_CASES[id].scenario();
  const m = createPipeline(s);
  m.run(s.duration);
  return { records: m.sources.reduce((a, src) => a + src.stats.emitted, 0), events: m.sim.events, applied: m.n.done };
}
