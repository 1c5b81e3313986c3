/** Compare view for the outbox model: each run's rows vs events, duplicates and delay on shared axes, and its headline metrics. */
import type { ComparePlan } from '../../registry.ts';
import type { OutboxData } from '../../../run/models/outbox/data.ts';
import { OUTBOX_HEADLINE } from '../../../run/models/outbox/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { otranslate } from './text.ts';
import { outboxCharts } from './charts.ts';

const CMP_ID: Record<string, string> = { 'chart-gap': 'cmp-gap', 'chart-dups': 'cmp-dups', 'chart-delay': 'cmp-delay' };

export const outboxCompare: ComparePlan = {
  headline: OUTBOX_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as OutboxData | null)?.summary ?? null,
  xLabel: (pg) => otranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-gap': ['cmp-gap-a', 'cmp-gap-b'],
    'chart-dups': ['cmp-dups-a', 'cmp-dups-b'],
    'chart-delay': ['cmp-delay-a', 'cmp-delay-b'],
    counters: ['compare-table'],
    'o-rows': ['cmp-row-rows'],
    'o-missing': ['cmp-row-missing'],
    'o-phantom': ['cmp-row-phantom'],
    'o-duplicates': ['cmp-row-duplicates'],
    'o-dupEffects': ['cmp-row-dupEffects'],
    'o-backlog': ['cmp-row-backlogMax'],
    'o-delay': ['cmp-row-delayP50', 'cmp-row-delayP99'],
    'o-lag': ['cmp-row-lagMax'],
  },
  charts(data, pg) {
    // Two lines a chart at most, so the legends fit two runs side by side (the rows without an event and those lost; both duplicates; p50 and p99).
    return outboxCharts(data as OutboxData | null, pg.lang, 'dual-write').map((c) => ({ id: CMP_ID[c.id], title: c.title, yLabel: c.yLabel, lines: c.lines.slice(0, 2) }));
  },
};
