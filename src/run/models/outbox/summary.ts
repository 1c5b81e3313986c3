/**
 * The outbox model's run summary and the mapping from a validated scenario to the model's
 * configuration. Key order is fixed (the order of `OutboxSummary`), so the same scenario and seed
 * give byte-identical JSON. Counts are totals over the whole run; the delay percentiles are
 * measured after the warm-up.
 */
import type { OutboxScenario } from '../../../scenario/schema.ts';
import type { OutboxConfig } from '../../../sim/model/outbox/config.ts';
import type { OutboxModel } from '../../../sim/model/outbox/outbox-model.ts';
import type { OutboxSummary } from './data.ts';

export function outboxConfig(s: OutboxScenario): OutboxConfig {
  return { horizon: s.duration, warmup: s.warmup, mode: s.mode, app: s.app, db: s.db, publish: s.publish, relay: s.relay, consumer: s.consumer, faults: s.faults };
}

const q = (h: { total: number; quantile(p: number): number }, p: number): number | null => (h.total > 0 ? h.quantile(p) : null);

export function buildOutboxSummary(s: OutboxScenario, m: OutboxModel, wallMs?: number): OutboxSummary {
  const n = m.n;
  const outbox = s.mode === 'outbox';
  const lag = outbox ? m.relayLag() : null;
  const out: OutboxSummary = {
    scenario: s.id,
    model: 'outbox',
    mode: s.mode,
    relay: outbox ? s.relay.kind : null,
    idempotent: s.consumer.idempotent,
    seed: s.seed,
    simTime: m.sim.now,
    warmup: s.warmup,
    events: m.sim.events,
    requests: n.requests,
    rows: n.rows,
    eventsPublished: n.events,
    appended: n.appended,
    missing: n.missing,
    phantom: n.phantom,
    duplicates: n.duplicates,
    applied: n.applied,
    deduped: n.deduped,
    dupEffects: n.dupEffects,
    early: n.early,
    rejected: n.rejected,
    aborted: n.aborted,
    backlog: m.gap() - n.missing,
    backlogMax: Math.max(m.backlogMax, m.gap() - n.missing),
    lag,
    lagMax: lag === null ? null : Math.max(m.lagMax, lag),
    delayP50: q(m.delay, 0.5),
    delayP99: q(m.delay, 0.99),
    appCrashes: m.appCrashes,
    relayCrashes: m.relay?.crashes ?? 0,
    counts: { ...n },
  };
  if (wallMs !== undefined) out.wallMs = wallMs;
  return out;
}
