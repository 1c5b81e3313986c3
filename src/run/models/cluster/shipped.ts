/** The cluster model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterSummary } from './data.ts';
import { count, sig, type ShippedTable } from '../../cells.ts';

export const clusterShipped: ShippedTable<ClusterScenario, ClusterSummary> = {
  intro: () =>
    'Clusters (replication, acks, ISR, elections): produce latency is measured after the warm-up; every count (produced, acknowledged-then-lost, failed, duplicates in the log, elections) and the unavailable partition-seconds are totals over the whole run.',
  head: ['brokers', 'RF', 'acks', 'produced', 'lost', 'failed', 'duplicates', 'NOT_ENOUGH_REPLICAS', 'produce p50 (s)', 'produce p99 (s)', 'elections (clean/unclean)', 'unavailable (partition-s)', 'election time (s)'],
  row: (s, m) => [
    count(s.cluster.brokers),
    count(s.topic['replication.factor']),
    [...new Set(m.producers.map((p) => p.acks))].join(', '),
    count(m.records.produced),
    count(m.lost),
    count(m.records.failed),
    count(m.duplicates),
    count(m.notEnoughReplicas),
    sig(m.produceLatency.p50),
    sig(m.produceLatency.p99),
    `${count(m.elections.clean)}/${count(m.elections.unclean)}`,
    sig(m.unavailable.total),
    sig(m.electionTime.max),
  ],
};
