/** The CLI's readable summary of an outbox-model run. */
import type { OutboxScenario } from '../../../scenario/schema.ts';
import type { OutboxSummary } from './data.ts';
import { fmt, table } from '../../../cli/format.ts';

const count = (n: number): string => n.toLocaleString('en-US');

const MODE_WORDS = {
  'dual-write': 'dual write: commit the row, then publish the event',
  'publish-first': 'dual write: publish the event, then commit the row',
  outbox: 'transactional outbox: row and outbox row in one transaction, a relay publishes',
} as const;

export function formatOutboxTable(s: OutboxScenario, r: OutboxSummary): string {
  const relay = s.mode !== 'outbox' ? '' : s.relay.kind === 'cdc' ? ` · CDC relay (poll.interval.ms ${s.relay['poll.interval.ms']}, offset.flush.interval.ms ${s.relay['offset.flush.interval.ms']})` : ` · polling relay every ${s.relay.pollInterval} s, ${s.relay.batchSize} rows a poll`;
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated · ${MODE_WORDS[s.mode]}${relay} · consumer ${s.consumer.idempotent ? 'idempotent (dedup by event id)' : 'not idempotent'}`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${count(r.requests)} requests · app crashes ${r.appCrashes}, relay crashes ${r.relayCrashes}`,
    '',
  ];
  const c = r.counts;
  const rows: string[][] = [
    ['rows committed', '', count(r.rows)],
    ['events published (distinct) / appended', '', `${count(r.eventsPublished)} / ${count(r.appended)}`],
    ['rows whose event was lost (missing)', '', count(r.missing)],
    ['events whose row was never committed (phantom)', '', count(r.phantom)],
    ['events published twice (duplicates)', '', count(r.duplicates)],
    ['consumer: applied / skipped duplicates / applied twice', '', `${count(r.applied)} / ${count(r.deduped)} / ${count(r.dupEffects)}`],
    ['consumer: applied before the row existed', '', count(r.early)],
    ['rows waiting for their event now / max', '', `${count(r.backlog)} / ${count(r.backlogMax)}`],
    ['relay lag now / max', 's', r.lag === null ? '—' : `${fmt(r.lag)} / ${fmt(r.lagMax)}`],
    ['delay commit → applied p50 / p99', 's', `${fmt(r.delayP50)} / ${fmt(r.delayP99)}`],
  ];
  out.push(...table(['metric', 'unit', 'value'], rows), '');
  out.push(
    `requests: in a transaction ${count(c.inTxn)} · sending ${count(c.publishing)} · in the outbox ${count(c.pending)} · published ${count(c.published)} · failed, nothing written ${count(c.aborted)} · lost ${count(c.missing)} · phantom ${count(c.phantom)} · refused ${count(c.rejected)}`,
  );
  return out.join('\n');
}
