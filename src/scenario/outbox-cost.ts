/**
 * What an outbox run will cost (the outbox model's line of `COST` in budget.ts), estimated from the
 * inputs alone, before anything is allocated.
 */
import type { OutboxScenario } from './schema.ts';
import { fmtCount, spikeSeconds, type Cost } from './budget.ts';

/**
 * Events per request, an upper bound: its arrival, its transaction, its send (and one retry after a
 * broker outage), the relay's acknowledgement, and its SELECT and UPDATE when a batch holds one
 * row, and the consumer applying it.
 */
export const OUTBOX_EVENTS_PER_REQUEST = 8;
/**
 * Bytes a request costs: its row in the request table (state, arrival, commit time, flags: 18
 * bytes, doubled as the columns grow), its place in the outbox or the database's log, the relay's
 * batch and the consumer's queue (8 bytes each, doubled), with margin.
 */
export const OUTBOX_REQUEST_BYTES = 96;

/**
 * The outbox model: every request (load spikes included) with its events, the duplicates a CDC
 * relay republishes after each crash (up to one offset-flush interval of changes at the peak rate),
 * a tick a second, and the relay's polls; memory: every request's row.
 */
export function outboxCost(s: OutboxScenario): Cost {
  const a = s.app;
  const spikes = s.faults.map((f) => (f.kind === 'load-spike' ? { ...f, target: '*' } : f));
  const peak = Math.max(a.rate, ...a.profile.map((p) => p.rate));
  const records = peak * spikeSeconds(spikes, 'app', s.duration);
  const stacked = s.faults.reduce((m, f) => (f.kind === 'load-spike' ? m * Math.max(1, f.factor) : m), 1);
  const r = s.relay;
  const relay = s.mode === 'outbox';
  const cdc = relay && r.kind === 'cdc';
  const crashes = s.faults.filter((f) => f.kind === 'relay-crash').length;
  const republished = cdc ? Math.min(records, crashes * peak * stacked * (r['offset.flush.interval.ms'] / 1000)) : 0;
  const loops: NonNullable<Cost['loops']> = [];
  if (relay && !cdc) loops.push({ field: 'relay.pollInterval', what: 'polls of the relay', events: (2 * s.duration) / r.pollInterval });
  if (cdc) {
    loops.push({ field: 'relay.poll.interval.ms', what: 'polls of the CDC connector', events: s.duration / (r['poll.interval.ms'] / 1000) });
    loops.push({ field: 'relay.offset.flush.interval.ms', what: 'offset commits of the CDC connector', events: s.duration / (r['offset.flush.interval.ms'] / 1000), lower: false });
  }
  const events = (records + republished) * OUTBOX_EVENTS_PER_REQUEST + s.duration + loops.reduce((x, l) => x + l.events, 0) + 4000;
  const memory: Cost['memory'] = [{ field: 'duration', what: `${fmtCount(records)} requests (${OUTBOX_REQUEST_BYTES} bytes each)`, bytes: (records + republished) * OUTBOX_REQUEST_BYTES }];
  return { records, events, bytes: memory.reduce((x, m) => x + m.bytes, 0), memory, loops };
}
