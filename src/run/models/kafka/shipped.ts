/** The Kafka model's row in the generated "Shipped scenarios" table of scenarios/README.md. */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaSummary } from './summary.ts';
import { count, sig, type ShippedTable } from '../../cells.ts';

export const kafkaShipped: ShippedTable<KafkaScenario, KafkaSummary> = {
  intro: () =>
    "Kafka: λ and the first group's throughput are measured after the warm-up; lag is at the end of the run (records summed over the groups; age of the record at the committed offset, worst partition), max lag age over the whole run; duplicates, lost, skipped, out-of-order records, rebalances and DLQ records are totals over the whole run and every group.",
  head: ['warm-up (s)', 'λ (/s)', 'throughput (/s)', 'final lag (records)', 'lag age (s)', 'max lag age (s)', 'duplicates', 'lost', 'skipped', 'out of order', 'rebalances', 'DLQ', "Little's law"],
  row: (_s, m) => [
    count(m.warmup),
    sig(m.lambda.mean),
    sig(m.throughput.mean),
    count(m.lagRecords.final),
    sig(m.lagSeconds.final),
    sig(m.lagSeconds.max),
    count(m.duplicates),
    count(m.lost),
    count(m.skipped),
    count(m.orderingViolations),
    count(m.rebalances),
    count(m.dlq),
    m.littlesLaw.verdict,
  ],
};
