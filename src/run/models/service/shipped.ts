/** The dependency model's table in the generated "Shipped scenarios" section of scenarios/README.md. */
import type { ServiceScenario } from '../../../scenario/schema.ts';
import type { ServiceSummary } from './summary.ts';
import { count, sig, type ShippedTable } from '../../cells.ts';

export const serviceShipped: ShippedTable<ServiceScenario, ServiceSummary> = {
  intro: () =>
    'Dependencies (clients with timeouts and retries calling a service): rates are per second over the whole run after the warm-up; capacity = concurrency / (mean service time × (1 + contention)); "overloaded after" counts the seconds after the last fault ended whose offered load exceeded the capacity; "recovered after" is the time from the end of the last fault to the first 10 s window with successes ≥ 95 % of the calls started (— = never).',
  head: ['capacity (/s)', 'calls (/s)', 'offered (/s)', 'goodput (/s)', 'attempts per call', 'wasted', 'p99 (s)', 'failed calls', 'overloaded after (s)', 'recovered after (s)'],
  row: (_s, m) => [
    sig(m.capacity),
    sig(m.firstRate),
    sig(m.offeredRate),
    sig(m.goodput),
    sig(m.amplification),
    m.wasted === null ? '—' : `${sig(m.wasted * 100, 2)} %`,
    sig(m.p99),
    count(m.calls.failed),
    m.overloadAfter === null ? '—' : count(m.overloadAfter),
    sig(m.recoveredAfter),
  ],
};
