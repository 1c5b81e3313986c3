/**
 * Compare view for the queue model: each run's depth, oldest age and p99 of W on shared axes, and
 * its headline metrics (the run side's list, which the CLI's --compare prints too).
 */
import type { ComparePlan } from '../../registry.ts';
import type { QueueData } from '../../../run/models/queue/data.ts';
import { QUEUE_HEADLINE } from '../../../run/models/queue/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { qtranslate } from './text.ts';
import { queueCharts } from './charts.ts';

/** The charts compare view draws for each run. */
const COMPARE_CHARTS = ['chart-depth', 'chart-oldest', 'chart-latency'] as const;
const CMP_ID: Record<(typeof COMPARE_CHARTS)[number], string> = { 'chart-depth': 'cmp-depth', 'chart-oldest': 'cmp-oldest', 'chart-latency': 'cmp-p99' };

export const queueCompare: ComparePlan = {
  headline: QUEUE_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as QueueData | null)?.summary ?? null,
  xLabel: (pg) => qtranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-depth': ['cmp-depth-a', 'cmp-depth-b'],
    'chart-oldest': ['cmp-oldest-a', 'cmp-oldest-b'],
    'chart-latency': ['cmp-p99-a', 'cmp-p99-b'],
    'chart-throughput': ['cmp-row-throughput'],
    counters: ['compare-table'],
    'q-depth': ['cmp-row-depth', 'cmp-row-depthMax'],
    'q-inFlight': ['cmp-row-inFlight', 'cmp-row-redeliveries'],
    'q-oldest': ['cmp-row-lagAge', 'cmp-row-lagAgeMax'],
    'q-throughput': ['cmp-row-throughput'],
    'q-W': ['cmp-row-p99'],
    'q-duplicates': ['cmp-row-duplicates'],
    'q-dlq': ['cmp-row-dlq'],
    'q-lost': ['cmp-row-lost'],
    'q-stored': ['cmp-row-stored'],
    'q-empty': ['cmp-row-emptyReceives'],
    'q-requeued': ['cmp-row-redeliveries'],
    'q-memory': ['cmp-row-alarmTime'],
    'q-alarms': ['cmp-row-alarmTime'],
    'q-gaveUp': ['cmp-row-gaveUp', 'cmp-row-otherGaveUp'],
    'q-refused': ['cmp-row-refused'],
    'chart-memory': ['cmp-row-alarmTime'],
    'chart-publish': ['cmp-row-gaveUp', 'cmp-row-otherGaveUp'],
    'node-box': ['cmp-row-alarmTime'],
  },
  charts(data, pg) {
    // Two lines a chart at most, so the legends fit two runs side by side (the DLQ is a table row).
    return queueCharts(data as QueueData | null, pg.lang, COMPARE_CHARTS, false).map((c) => ({ id: CMP_ID[c.id as (typeof COMPARE_CHARTS)[number]], title: c.title, yLabel: c.yLabel, lines: c.lines }));
  },
};
