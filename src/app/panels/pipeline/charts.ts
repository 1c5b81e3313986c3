/**
 * The pipeline model's charts as data: the backlog of every stage, the throughput of every stage
 * against what the sources produce, and the end-to-end latency (p50 and p99, or p99 per source
 * when there are several) — or, when a stage responds to callers, the time to response (p50, p99
 * and the callers' timeout) in its place, and the timeouts per second beside the throughput. Every
 * series is per simulated second (backlogs time-averaged per bucket).
 */
import type { PipelineData } from '../../../run/models/pipeline/data.ts';
import type { PipelineScenario } from '../../../scenario/index.ts';
import type { Cols } from '../../charts/lineChart.ts';
import type { Lang } from '../../i18n.ts';
import type { ChartLine, PanelChart } from '../common/charts.ts';
import { ptranslate, type PMessageKey } from './text.ts';
import { respondsOnPath } from '../../../scenario/pipeline-graph.ts';

/** Okabe–Ito colours, as the other models' charts use them: one per stage (and per source), in order. */
export const STAGE_COLORS = ['#0072b2', '#009e73', '#e69f00', '#cc79a7', '#56b4e9', '#d55e00', '#f0e442', '#999999'] as const;
export const stageColor = (i: number): string => STAGE_COLORS[i % STAGE_COLORS.length];

export const PIPELINE_CHART_IDS = ['chart-backlog', 'chart-throughput', 'chart-latency', 'chart-response'] as const;

/** Whether a run of `s` has callers waiting for a response: a source whose items reach a stage that responds. */
export function hasRequests(s: PipelineScenario): boolean {
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  return s.sources.some((src) => index.has(src.to) && respondsOnPath(s, index.get(src.to)!));
}

/** The charts a run of `s` draws: the third is the time to response when callers wait for one. */
export function chartIds(s: PipelineScenario): (typeof PIPELINE_CHART_IDS)[number][] {
  return ['chart-backlog', 'chart-throughput', hasRequests(s) ? 'chart-response' : 'chart-latency'];
}

/** A constant line at `y` over the time grid of `grid` (the callers' timeout). */
export function level(grid: Cols, y: number): Cols {
  return { t: grid.t, mean: new Float64Array(grid.t.length).fill(y) };
}

const none: Cols = { t: new Float64Array(0), mean: new Float64Array(0) };

/** The stages' and sources' names of a run: its data's (compare view's run B may have other stages), else the scenario's. */
export function namesOf(d: PipelineData | null, s: PipelineScenario): { stages: string[]; sources: string[] } {
  return d ? { stages: d.topology.stages.map((x) => x.name), sources: d.topology.sources.map((x) => x.name) } : { stages: s.stages.map((x) => x.name), sources: s.sources.map((x) => x.name) };
}

/** The three charts of one run's data (empty lines before it has any). */
export function pipelineCharts(d: PipelineData | null, s: PipelineScenario, lang: Lang): PanelChart[] {
  const names = namesOf(d, s);
  const t = (k: PMessageKey, vars?: Record<string, string | number>) => ptranslate(lang, k, vars);
  const col = (name: string): Cols => d?.series[name] ?? none;
  const chart = (id: string, stem: 'backlog' | 'thr' | 'lat' | 'resp', lines: ChartLine[]): PanelChart => ({
    id,
    title: t(`chart.${stem}.title` as PMessageKey),
    yLabel: t(`chart.${stem}.y` as PMessageKey),
    caption: t(`chart.${stem}.caption` as PMessageKey),
    lines,
  });
  const latency: ChartLine[] =
    names.sources.length > 1
      ? names.sources.map((name, j) => ({ cols: col(`p99.${j}`), label: t('chart.lat.source', { name }), color: stageColor(j), skipZero: true }))
      : [
          { cols: col('p50'), label: t('chart.lat.p50'), color: '#0072b2', skipZero: true },
          { cols: col('p99'), label: t('chart.lat.p99'), color: '#cc79a7', skipZero: true },
        ];
  const requests = hasRequests(s);
  const timeout = requests ? (s.sources.find((src) => src.timeout !== null)?.timeout ?? null) : null;
  // The timeout as a line once responses come near it (at half of it): drawn from the start, it would flatten a fast run's p99 to the axis.
  const p99 = col('req.p99');
  const near = timeout !== null && Array.prototype.some.call(p99.mean, (x: number) => x >= timeout / 2);
  const response: ChartLine[] = [
    { cols: col('req.p50'), label: t('chart.lat.p50'), color: '#0072b2', skipZero: true },
    { cols: p99, label: t('chart.lat.p99'), color: '#cc79a7', skipZero: true },
    ...(near ? [{ cols: level(p99, timeout), label: t('chart.resp.timeout'), color: '#d55e00', dash: true }] : []),
  ];
  return [
    chart(
      'chart-backlog',
      'backlog',
      names.stages.map((name, i) => ({ cols: col(`backlog.${i}`), label: name, color: stageColor(i) })),
    ),
    chart('chart-throughput', 'thr', [
      { cols: col('in'), label: t('chart.thr.in'), color: '#000000', dash: true },
      ...names.stages.map((name, i) => ({ cols: col(`done.${i}`), label: name, color: stageColor(i) })),
      // Lost items only where the scenario can lose any: a buffer that drops, or a source that sheds.
      ...(canLose(s) ? [{ cols: col('lost'), label: t('chart.thr.lost'), color: '#d55e00', dash: true }] : []),
      ...(timeout !== null ? [{ cols: col('req.timeouts'), label: t('chart.thr.timeouts'), color: '#cc79a7', dash: true }] : []),
    ]),
    requests ? chart('chart-response', 'resp', response) : chart('chart-latency', 'lat', latency),
  ];
}

/** Whether a run of `s` can lose items: a bounded buffer that drops, or a source that sheds or gives up blocked sends. */
export function canLose(s: PipelineScenario): boolean {
  return s.stages.some((st) => st.buffer.type === 'bounded' && st.buffer.policy !== 'block') || s.sources.some((src) => src.shedAbove !== null || src.blockTimeout !== null);
}

/** Every stage's backlog summed (the series share one time grid: each is closed at every tick). */
export function totalBacklog(d: PipelineData | null, stages: number): Cols {
  if (!d) return none;
  const first = d.series['backlog.0'];
  if (!first) return none;
  const mean = new Float64Array(first.mean.length);
  for (let i = 0; i < stages; i++) {
    const c = d.series[`backlog.${i}`];
    if (!c || c.mean.length !== mean.length) return none;
    for (let k = 0; k < mean.length; k++) mean[k] += c.mean[k];
  }
  return { t: first.t, mean };
}
