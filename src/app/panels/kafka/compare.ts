/** Compare view for the Kafka model: lag and lag age of each run, and its headline metrics. */
import type { ComparePlan } from '../../registry.ts';
import type { KafkaSnapshotData } from '../../../run/models/kafka/snapshot.ts';
import { KAFKA_HEADLINE } from '../../../run/models/kafka/headline.ts';
import { ktranslate } from './text.ts';

const none = { t: new Float64Array(0), mean: new Float64Array(0) };

export const kafkaCompare: ComparePlan = {
  headline: KAFKA_HEADLINE,
  summary: (data) => (data as KafkaSnapshotData | null)?.summary ?? null,
  xLabel: (pg) => ktranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-lag': ['cmp-lag-a', 'cmp-lag-b'],
    'chart-lag-seconds': ['cmp-lag-age-a', 'cmp-lag-age-b'],
    'chart-latency': ['cmp-row-p99'],
    'chart-throughput': ['cmp-row-throughput'],
    counters: ['compare-table'],
    'k-lag': ['cmp-row-lag'],
    'k-lagS': ['cmp-row-lagAge', 'cmp-row-lagAgeMax'],
    'k-rebalances': ['cmp-row-rebalances', 'cmp-row-paused'],
    'k-idle': ['cmp-row-idle'],
    // A group's autoscaler: its members chart is about idle consumers, its line about the rebalances it set off.
    'chart-members': ['cmp-row-idle'],
    autoscaler: ['cmp-row-rebalances', 'cmp-row-paused'],
    'k-duplicates': ['cmp-row-duplicates'],
    'k-lost': ['cmp-row-lost'],
    'k-skipped': ['cmp-row-skipped'],
    'k-ordering': ['cmp-row-violations'],
    'k-dlq': ['cmp-row-dlq'],
  },
  charts(data, pg) {
    const d = data as KafkaSnapshotData | null;
    const t = (k: Parameters<typeof ktranslate>[1]) => ktranslate(pg.lang, k);
    return [
      { id: 'cmp-lag', role: 'backlog', title: t('chart.lagR.title'), yLabel: t('chart.lagR.y'), lines: [{ cols: d?.series.lagRecords ?? none, label: t('chart.lagR.total'), color: '#0072b2' }] },
      { id: 'cmp-lag-age', role: 'age', title: t('chart.lagS.title'), yLabel: t('chart.lagS.y'), lines: [{ cols: d?.series.lagSeconds ?? none, label: t('chart.lagS.line'), color: '#d55e00' }] },
    ];
  },
};
