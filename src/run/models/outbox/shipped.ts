/** The outbox model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { OutboxScenario } from '../../../scenario/schema.ts';
import type { OutboxSummary } from './data.ts';
import { count, sig, type ShippedTable } from '../../cells.ts';

export const outboxShipped: ShippedTable<OutboxScenario, OutboxSummary> = {
  intro: () =>
    'The write path from a database to a broker (dual write or outbox): every count is a total over the whole run — rows committed, events published (distinct), rows whose event was lost, events whose row was never committed, events published twice and effects the consumer applied twice; the delay is from a row’s commit to the first application of its event.',
  head: ['mode', 'requests', 'rows', 'events', 'lost (row, no event)', 'phantom (event, no row)', 'published twice', 'applied twice', 'delay p50 (s)', 'delay p99 (s)'],
  row: (s, m) => [
    s.mode === 'outbox' ? `outbox (${s.relay.kind})` : s.mode,
    count(m.requests),
    count(m.rows),
    count(m.eventsPublished),
    count(m.missing),
    count(m.phantom),
    count(m.duplicates),
    count(m.dupEffects),
    sig(m.delayP50),
    sig(m.delayP99),
  ],
};
