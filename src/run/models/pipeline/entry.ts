/**
 * The pipeline model (a DAG of stages with topics or bounded buffers between them, backpressure,
 * pause/resume and load shedding) as a registry entry.
 */
import type { PipelineScenario } from '../../../scenario/schema.ts';
import { PipelineScenarioSchema } from '../../../scenario/pipeline-schema.ts';
import { PipelineModel } from '../../../sim/model/pipeline/pipeline-model.ts';
import type { PipelineFault } from '../../../sim/model/pipeline/config.ts';
import type { ModelEntry } from '../../registry.ts';
import { buildPipelineSummary, pipelineConfig, pipelineTheory, type PipelineSummary } from './summary.ts';
import { buildPipelineData, finalPipelineView, pipelineBuffers } from './snapshot.ts';
import { formatPipelineTable } from './table.ts';
import { pipelineShipped } from './shipped.ts';
import { PIPELINE_HEADLINE } from './headline.ts';
import { describePipelineStep } from './describe.ts';
import type { PipelineData } from './data.ts';

export function createPipeline(scenario: PipelineScenario): PipelineModel {
  return new PipelineModel(pipelineConfig(scenario), scenario.seed);
}

export const pipelineEntry: ModelEntry<PipelineScenario, PipelineModel, PipelineSummary, PipelineData, PipelineFault> = {
  kind: 'pipeline',
  schema: PipelineScenarioSchema,
  create: createPipeline,
  summary: buildPipelineSummary,
  theory: (s) => pipelineTheory(s),
  table: formatPipelineTable,
  log: (m) => m.logEntries(),
  live(scenario, model) {
    return {
      next: Infinity,
      sample() {},
      snapshot: (s) => buildPipelineData(s as PipelineScenario, model),
      transfer: pipelineBuffers,
      final: (s) => finalPipelineView(s as PipelineScenario, model),
    };
  },
  describeStep: (_s, m) => describePipelineStep(m),
  focusCount: () => 1,
  sweepPoint: (r) => {
    const b = r.stages.find((st) => st.name === r.bottleneck) ?? r.stages[0];
    return { lambda: r.offeredRate, W: r.W.mean, hw: r.W.hw, busy: b.utilization.mean !== null && b.utilization.mean > 0 ? b.utilization.mean : null };
  },
  shipped: pipelineShipped,
  headline: PIPELINE_HEADLINE,
};
