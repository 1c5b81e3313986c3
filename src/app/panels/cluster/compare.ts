/**
 * Compare view for the cluster model: each run's records lost / failed / duplicated, its ISR and
 * unavailable partitions, the first consumer's end-to-end latency and (with the broker I/O model
 * on) throughput beside produce requests per second — with a web front, the producer buffer's fill
 * and the web requests' answers instead — on shared axes (role
 * `latency`, so a cluster run can sit beside a run of another model), and its headline metrics
 * (CLUSTER_HEADLINE, which the CLI's --compare prints too).
 */
import type { ComparePlan } from '../../registry.ts';
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import { CLUSTER_HEADLINE } from '../../../run/models/cluster/headline.ts';
import type { MetricDef } from '../../../run/headline.ts';
import { cltranslate } from './text.ts';
import { clusterCharts } from './charts.ts';

const COMPARE_CHARTS = ['chart-records', 'chart-isr', 'chart-e2e', 'chart-io', 'chart-buffer', 'chart-front'] as const;
type CompareId = (typeof COMPARE_CHARTS)[number];
const CMP_ID: Record<CompareId, string> = { 'chart-records': 'cmp-records', 'chart-isr': 'cmp-isr', 'chart-e2e': 'cmp-e2e', 'chart-io': 'cmp-io', 'chart-buffer': 'cmp-buffer', 'chart-front': 'cmp-front' };

export const clusterCompare: ComparePlan = {
  headline: CLUSTER_HEADLINE as readonly MetricDef<unknown>[],
  summary: (data) => (data as ClusterData | null)?.summary ?? null,
  xLabel: (pg) => cltranslate(pg.lang, 'chart.time'),
  targets: {
    'chart-records': ['cmp-records-a', 'cmp-records-b'],
    'chart-isr': ['cmp-isr-a', 'cmp-isr-b'],
    'chart-e2e': ['cmp-e2e-a', 'cmp-e2e-b'],
    'chart-io': ['cmp-io-a', 'cmp-io-b'],
    'chart-busy': ['cmp-row-handlerBusy'],
    'c-throughput': ['cmp-row-throughput'],
    'c-requests': ['cmp-row-requestRate', 'cmp-row-batchRecords'],
    'c-busy': ['cmp-row-handlerBusy'],
    'chart-produce': ['cmp-row-produceP99', 'cmp-row-produceP50'],
    counters: ['compare-table'],
    'c-lost': ['cmp-row-lost'],
    'c-failed': ['cmp-row-failed'],
    'c-duplicates': ['cmp-row-duplicates'],
    'c-unavailable': ['cmp-row-unavailable'],
    'c-ner': ['cmp-row-notEnoughReplicas'],
    'c-produceP99': ['cmp-row-produceP99', 'cmp-row-produceP50'],
    'c-e2eP99': ['cmp-row-p99'],
    'c-outDup': ['cmp-row-outputDuplicates'],
    'c-aborted': ['cmp-row-abortedSkipped'],
    'c-elections': ['cmp-row-uncleanElections', 'cmp-row-electionTime'],
    'chart-buffer': ['cmp-buffer-a', 'cmp-buffer-b'],
    'chart-front': ['cmp-front-a', 'cmp-front-b'],
    'chart-send': ['cmp-row-sendP99', 'cmp-row-clientP99'],
    'chart-dropped': ['cmp-row-refused', 'cmp-row-shed', 'cmp-row-expired'],
    'c-buffer': ['cmp-buffer-a', 'cmp-buffer-b'],
    'c-blocked': ['cmp-row-blockedMax'],
    'c-sendP99': ['cmp-row-sendP99'],
    'c-gateway': ['cmp-row-gateway504', 'cmp-row-after504'],
    'c-answered': ['cmp-row-answered503', 'cmp-row-shed'],
    'c-refused': ['cmp-row-refused', 'cmp-row-shed'],
    'c-expired': ['cmp-row-expired'],
  },
  charts(data, pg) {
    return clusterCharts(data as ClusterData | null, pg.lang, COMPARE_CHARTS).map((c) => ({
      id: CMP_ID[c.id as CompareId],
      title: c.title,
      yLabel: c.yLabel,
      lines: c.lines,
      ...(c.id === 'chart-e2e' ? { role: 'latency' as const } : {}),
    }));
  },
};
