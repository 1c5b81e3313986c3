/**
 * Compare view for the queue model: each run's depth, oldest age and p99 of W on shared axes, and
 * its headline metrics.
 */
import type { ComparePlan } from '../../registry.ts';
import type { QueueData, QueueSummary } from '../../../run/models/queue/data.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { qtranslate } from './text.ts';
import { queueCharts } from './charts.ts';

/**
 * The queue's headline metrics, read off its summary. The run side (src/run/models/queue/) owns the
 * list the CLI's --compare prints; this one is the page's until that one exists, with the same ids.
 */
export const QUEUE_PAGE_HEADLINE: readonly MetricDef<QueueSummary>[] = [
  { id: 'depth', label: { en: 'Depth now', ru: 'Глубина сейчас' }, unit: 'records', better: 'lower', value: (s) => s.depth.final },
  { id: 'depthMax', label: { en: 'Peak depth', ru: 'Пик глубины' }, unit: 'records', better: 'lower', value: (s) => s.depth.max },
  { id: 'oldestAge', label: { en: 'Oldest age now', ru: 'Возраст старейшего сейчас' }, unit: 's', better: 'lower', value: (s) => s.oldestAge },
  { id: 'oldestAgeMax', label: { en: 'Peak oldest age', ru: 'Пик возраста старейшего' }, unit: 's', better: 'lower', value: (s) => s.oldestAgeMax },
  { id: 'W', label: { en: 'Mean W', ru: 'Среднее W' }, unit: 's', better: 'lower', value: (s) => s.W.mean },
  { id: 'p99', label: { en: 'p99 latency', ru: 'Задержка p99' }, unit: 's', better: 'lower', value: (s) => s.p99 },
  { id: 'throughput', label: { en: 'Throughput', ru: 'Пропускная способность' }, unit: 'per-s', better: 'higher', value: (s) => s.throughput.mean },
  { id: 'duplicates', label: { en: 'Duplicates', ru: 'Дубли' }, unit: 'records', better: 'lower', value: (s) => s.duplicates },
  { id: 'leaseExpiries', label: { en: 'Leases ended undeleted', ru: 'Аренд истекло до удаления' }, unit: 'count', better: 'lower', value: (s) => s.leaseExpiries },
  { id: 'dlq', label: { en: 'DLQ depth', ru: 'Глубина DLQ' }, unit: 'records', better: 'lower', value: (s) => s.dlqDepth },
  { id: 'lost', label: { en: 'Lost', ru: 'Потеряно' }, unit: 'records', better: 'lower', value: (s) => s.lost },
  { id: 'stored', label: { en: 'Stored now', ru: 'Хранится сейчас' }, unit: 'records', better: 'none', value: (s) => s.stored },
  { id: 'emptyReceives', label: { en: 'Empty receives', ru: 'Пустые receive' }, unit: 'count', better: 'lower', value: (s) => s.emptyReceives },
  { id: 'requeued', label: { en: 'Requeued', ru: 'Возвращено в очередь' }, unit: 'count', better: 'lower', value: (s) => s.requeued },
];

/** The charts compare view draws for each run. */
const COMPARE_CHARTS = ['chart-depth', 'chart-oldest', 'chart-latency'] as const;
const CMP_ID: Record<(typeof COMPARE_CHARTS)[number], string> = { 'chart-depth': 'cmp-depth', 'chart-oldest': 'cmp-oldest', 'chart-latency': 'cmp-p99' };

export const queueCompare: ComparePlan = {
  headline: QUEUE_PAGE_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as QueueData | null)?.summary ?? null,
  xLabel: (pg) => qtranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-depth': ['cmp-depth-a', 'cmp-depth-b'],
    'chart-oldest': ['cmp-oldest-a', 'cmp-oldest-b'],
    'chart-latency': ['cmp-p99-a', 'cmp-p99-b'],
    'chart-throughput': ['cmp-row-throughput'],
    'chart-dlq': ['cmp-row-dlq', 'cmp-row-duplicates'],
    'chart-stored': ['cmp-row-stored'],
    counters: ['compare-table'],
    'q-depth': ['cmp-row-depth', 'cmp-row-depthMax'],
    'q-inFlight': ['cmp-row-leaseExpiries'],
    'q-oldest': ['cmp-row-oldestAge', 'cmp-row-oldestAgeMax'],
    'q-throughput': ['cmp-row-throughput'],
    'q-W': ['cmp-row-W', 'cmp-row-p99'],
    'q-duplicates': ['cmp-row-duplicates'],
    'q-dlq': ['cmp-row-dlq'],
    'q-lost': ['cmp-row-lost'],
    'q-stored': ['cmp-row-stored'],
    'q-empty': ['cmp-row-emptyReceives'],
    'q-requeued': ['cmp-row-requeued'],
  },
  charts(data, pg) {
    return queueCharts(data as QueueData | null, pg.lang, COMPARE_CHARTS).map((c) => ({ id: CMP_ID[c.id as (typeof COMPARE_CHARTS)[number]], title: c.title, yLabel: c.yLabel, lines: c.lines }));
  },
};
