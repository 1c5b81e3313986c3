/** The blank pipeline start: a small healthy three-stage pipeline to change in the settings panel. */
import { formatError, validateScenario, type PipelineScenario } from '../../../scenario/index.ts';

export function blankPipeline(): PipelineScenario {
  const r = validateScenario({
    version: 1,
    model: 'pipeline',
    id: 'custom',
    title: 'Custom: a three-stage pipeline',
    description: 'A blank start: 50 items/s through ingest, process and publish (200, 80 and 200 items/s). Try the faults and Settings.',
    seed: 1,
    duration: 300,
    warmup: 0,
    sources: [{ name: 'events', rate: 50, to: 'ingest' }],
    stages: [
      { name: 'ingest', workers: 2, time: { type: 'exponential', mean: 0.01 }, to: ['process'] },
      { name: 'process', workers: 4, time: { type: 'exponential', mean: 0.05 }, to: ['publish'] },
      { name: 'publish', workers: 2, time: { type: 'exponential', mean: 0.01 } },
    ],
  });
  if (!r.ok || r.scenario.model !== 'pipeline') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as PipelineScenario;
}
