/** The pipeline model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { PipelineScenario } from '../../../scenario/schema.ts';
import type { PipelineSummary } from './summary.ts';
import { count, sig, withHw, type ShippedTable } from '../../cells.ts';

export const pipelineShipped: ShippedTable<PipelineScenario, PipelineSummary> = {
  intro: (level) =>
    `Pipelines (stages with buffers between them): rates are per second since the warm-up; "bottleneck" is the stage with the least capacity (workers / mean processing time) for the load it gets; W is end to end, from production to done, with its ${level} interval; the first source's W is shown apart (the urgent one in priority-topics); "largest backlog" is the most items ever waiting in one stage's buffer; "lost" counts items dropped by a full buffer or shed at the edge; with a stage that responds, "response p99" is what callers waited (a timeout's worth for those who gave up) and "failed" the requests timed out or refused.`,
  head: ['bottleneck', 'produced (/s)', 'done (/s)', 'W (s)', 'p99 (s)', 'first source W (s)', 'largest backlog', 'lost', 'response p99 (s)', 'failed'],
  row: (_s, m) => [m.bottleneck, sig(m.offeredRate), sig(m.throughput), withHw(m.W), sig(m.p99), withHw(m.sources[0].W), count(m.backlogMax), count(m.dropped + m.shed), m.requests ? sig(m.requests.p99) : '—', m.requests ? count(m.requests.timedOut + m.requests.refused) : '—'],
};
