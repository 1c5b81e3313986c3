/**
 * Compare view for the pipeline model: each run's backlog (every stage summed: the two runs may
 * have different stages), throughput and end-to-end p99 — or its time to response, p99, when a
 * stage responds to callers — on shared axes, and its headline metrics.
 */
import type { ComparePlan, CompareChart } from '../../registry.ts';
import type { PipelineData } from '../../../run/models/pipeline/data.ts';
import { PIPELINE_HEADLINE } from '../../../run/models/pipeline/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { ptranslate } from './text.ts';
import { stageColor, totalBacklog } from './charts.ts';

const none = { t: new Float64Array(0), mean: new Float64Array(0) };

export const pipelineCompare: ComparePlan = {
  headline: PIPELINE_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as PipelineData | null)?.summary ?? null,
  xLabel: (pg) => ptranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-backlog': ['cmp-backlog-a', 'cmp-backlog-b'],
    'chart-throughput': ['cmp-throughput-a', 'cmp-throughput-b'],
    'chart-latency': ['cmp-p99-a', 'cmp-p99-b'],
    'chart-response': ['cmp-p99-a', 'cmp-p99-b'],
    'respond-badge': ['cmp-row-respP99'],
    'stage-calls': ['cmp-row-respP99'],
    'p-resp': ['cmp-row-respP99'],
    'p-failed': ['cmp-row-failed'],
    topology: ['cmp-backlog-a', 'cmp-backlog-b'],
    'stage-box': ['cmp-backlog-a', 'cmp-backlog-b'],
    'source-box': ['cmp-row-lost'],
    counters: ['compare-table'],
    'p-in': ['cmp-row-throughput'],
    'p-done': ['cmp-row-throughput'],
    'p-W': ['cmp-row-W'],
    'p-p99': ['cmp-row-p99'],
    'p-first': ['cmp-row-firstW', 'cmp-row-firstP99'],
    'p-age': ['cmp-row-W'],
    'p-backlog': ['cmp-row-backlogMax'],
    'p-lost': ['cmp-row-lost'],
    'p-blocked': ['cmp-row-blocked'],
    'p-paused': ['cmp-row-blocked'],
  },
  charts(data, pg): CompareChart[] {
    const d = data as PipelineData | null;
    const t = (k: Parameters<typeof ptranslate>[1], vars?: Record<string, string | number>) => ptranslate(pg.lang, k, vars);
    const col = (name: string) => d?.series[name] ?? none;
    const sources = d?.topology.sources ?? [];
    // Two lines a chart at most, so the legends fit two runs side by side.
    const requests = d?.summary.requests != null;
    const p99 = requests
      ? [{ cols: col('req.p99'), label: t('chart.lat.p99'), color: '#cc79a7', skipZero: true }]
      : sources.length > 1 ? sources.slice(0, 2).map((src, j) => ({ cols: col(`p99.${j}`), label: t('chart.lat.source', { name: src.name }), color: stageColor(j), skipZero: true })) : [{ cols: col('p99'), label: t('chart.lat.p99'), color: '#cc79a7', skipZero: true }];
    return [
      { id: 'cmp-backlog', title: t('chart.backlog.title'), yLabel: t('chart.backlog.y'), role: 'backlog', lines: [{ cols: totalBacklog(d, d?.topology.stages.length ?? 0), label: t('chart.waitingAll'), color: '#0072b2' }] },
      {
        id: 'cmp-throughput',
        title: t('c.done'),
        yLabel: t('chart.thr.y'),
        lines: [
          { cols: col('in'), label: t('chart.thr.in'), color: '#000000' },
          { cols: col('done'), label: t('chart.thr.done'), color: '#009e73' },
        ],
      },
      { id: 'cmp-p99', title: t(requests ? 'chart.resp.title' : 'chart.lat.title'), yLabel: t('chart.lat.y'), role: 'latency', lines: p99 },
    ];
  },
};
