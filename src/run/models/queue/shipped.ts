/** The queue model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { QueueScenario } from '../../../scenario/schema.ts';
import type { QueueSummary } from './data.ts';
import { count, sig, type ShippedTable } from '../../cells.ts';

export const queueShipped: ShippedTable<QueueScenario, QueueSummary> = {
  intro: () =>
    'Queues (SQS, RabbitMQ): λ, throughput and W are measured after the warm-up; depth, oldest age and stored messages are at the end of the run (max depth and max oldest age over the whole run); duplicates, redeliveries, dead-lettered and lost (expired + dropped) are totals over the whole run.',
  head: ['flavour', 'warm-up (s)', 'λ (/s)', 'throughput (/s)', 'W (s)', 'p99 (s)', 'depth', 'max depth', 'oldest age (s)', 'max oldest age (s)', 'stored', 'duplicates', 'redeliveries', 'dead-lettered', 'lost', "Little's law"],
  row: (_s, m) => [
    m.flavour,
    count(m.warmup),
    sig(m.lambda.mean),
    sig(m.throughput.mean),
    sig(m.W.mean),
    sig(m.p99),
    count(m.depth.final),
    count(m.depth.max),
    sig(m.oldestAge),
    sig(m.oldestAgeMax),
    count(m.stored),
    count(m.duplicates),
    count(m.redeliveries),
    count(m.deadLettered),
    count(m.lost),
    m.little.verdict,
  ],
};
