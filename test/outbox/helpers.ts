/** Shared helpers of the outbox model's tests. */
import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { OutboxScenario } from '../../src/scenario/schema.ts';
import type { OutboxModel } from '../../src/sim/model/outbox/outbox-model.ts';
import { ABORTED, F_APPLIED, F_EVENT, IN_TXN, MISSING, PENDING, PHANTOM, PUBLISHED, PUBLISHING, REJECTED } from '../../src/sim/model/outbox/requests.ts';

/** A small valid scenario the tests vary: 100 requests a second for a minute, 10 ms transactions and sends. */
export const BASE = {
  version: 1,
  model: 'outbox',
  duration: 60,
  app: { rate: 100 },
  db: { time: { type: 'exponential', mean: 0.01 } },
  publish: { latency: { type: 'exponential', mean: 0.01 } },
};

export function shipped(id: string, overrides: Record<string, unknown> = {}): OutboxScenario {
  const raw = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;
  return parseScenarioOrThrow({ ...raw, ...overrides }) as OutboxScenario;
}

/**
 * Every request in exactly one state, the counters equal to a recount of the request table, each
 * state's row and event as it says (a missing row has no event, a phantom event no row …), and
 * every event appended to the topic waiting, being applied, applied, skipped or applied again.
 */
export function conservationErrors(m: OutboxModel): string[] {
  const n = m.n;
  const errs: string[] = [];
  const sum = n.inTxn + n.publishing + n.pending + n.published + n.aborted + n.missing + n.phantom + n.rejected;
  if (sum !== n.requests) errs.push(`requests ${n.requests} ≠ sum of states ${sum}`);
  const r = m.req;
  if (r.size !== n.requests) errs.push(`request table ${r.size} ≠ requests ${n.requests}`);
  const byState = new Map<number, number>();
  let rows = 0;
  let events = 0;
  let applied = 0;
  const first = m.config.mode === 'publish-first';
  const dual = m.config.mode === 'dual-write';
  for (let id = 1; id <= r.size; id++) {
    const st = r.state[id];
    byState.set(st, (byState.get(st) ?? 0) + 1);
    const row = r.committed(id);
    const ev = (r.flags[id] & F_EVENT) !== 0;
    if (row) rows++;
    if (ev) events++;
    if (r.flags[id] & F_APPLIED) applied++;
    const bad = (why: string) => errs.length < 20 && errs.push(`order-${id} (state ${st}): ${why}`);
    switch (st) {
      case PUBLISHED:
        if (!row || !ev) bad('published without its row and its event');
        break;
      case MISSING:
        if (!row || ev) bad('missing must have a row and no event');
        break;
      case PHANTOM:
        if (row || !ev) bad('phantom must have an event and no row');
        break;
      case PENDING:
        if (!row || ev) bad('pending must have a row and no event yet');
        break;
      case ABORTED:
      case REJECTED:
        if (row || ev) bad('failed or refused, yet something was written');
        break;
      case IN_TXN:
        if (row || ev !== first) bad('in a transaction: no row yet, and an event only in publish-first');
        break;
      case PUBLISHING:
        if (row !== dual || ev) bad('sending: a row only in dual-write, no event yet');
        break;
      default:
        bad('unknown state');
    }
  }
  const expect: [number, number, string][] = [
    [IN_TXN, n.inTxn, 'inTxn'],
    [PUBLISHING, n.publishing, 'publishing'],
    [PENDING, n.pending, 'pending'],
    [PUBLISHED, n.published, 'published'],
    [ABORTED, n.aborted, 'aborted'],
    [MISSING, n.missing, 'missing'],
    [PHANTOM, n.phantom, 'phantom'],
    [REJECTED, n.rejected, 'rejected'],
  ];
  for (const [st, c, name] of expect) if ((byState.get(st) ?? 0) !== c) errs.push(`${name}: counter ${c} ≠ recount ${byState.get(st) ?? 0}`);
  if (rows !== n.rows) errs.push(`rows ${n.rows} ≠ recount ${rows}`);
  if (events !== n.events) errs.push(`events ${n.events} ≠ recount ${events}`);
  if (applied !== n.applied) errs.push(`applied ${n.applied} ≠ recount ${applied}`);
  if (n.appended - n.events !== n.duplicates) errs.push(`duplicates ${n.duplicates} ≠ appended ${n.appended} − events ${n.events}`);
  const consumed = n.consumerQueued + n.consumerBusy + n.applied + n.deduped + n.dupEffects;
  if (consumed !== n.appended) errs.push(`appended ${n.appended} ≠ queued + busy + applied + deduped + applied twice = ${consumed}`);
  if (m.config.consumer.idempotent && n.dupEffects > 0) errs.push(`an idempotent consumer applied ${n.dupEffects} duplicates`);
  if (m.config.mode === 'outbox' && (n.missing > 0 || n.phantom > 0)) errs.push(`the outbox lost ${n.missing} and invented ${n.phantom} events`);
  if (m.config.mode !== 'outbox' && n.duplicates > 0) errs.push(`${n.duplicates} duplicates without a relay`);
  if (m.config.mode === 'dual-write' && n.phantom > 0) errs.push('phantoms in dual-write');
  if (first && n.missing > 0) errs.push('missing events in publish-first');
  if (m.relay && m.relay.held() < n.pending) errs.push(`the outbox holds ${m.relay.held()} rows, fewer than the ${n.pending} pending`);
  for (const [k, v] of Object.entries(n)) if (v < 0) errs.push(`${k} < 0`);
  return errs;
}
