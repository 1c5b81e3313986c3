/**
 * The dual-write-outbox scenario's signature and its fix, seeds 1–5: the dual write loses the
 * events of the rows committed in the crash window — a couple at each deploy, almost every row of
 * the outage's first 10 s at the OOM kill — and creates no phantom and no duplicate; the outbox
 * with an idempotent consumer loses none, publishes one batch twice (the relay killed between
 * publish and UPDATE) and applies it once, at the price of about a poll interval of delay.
 */
import { describe, expect, it } from 'vitest';
import { createOutbox } from '../../src/run/models/outbox/entry.ts';
import { buildOutboxSummary } from '../../src/run/models/outbox/summary.ts';
import type { OutboxSummary } from '../../src/run/models/outbox/data.ts';
import type { OutboxScenario } from '../../src/scenario/schema.ts';
import { conservationErrors, shipped } from './helpers.ts';

function run(s: OutboxScenario): { r: OutboxSummary; lost: number[] } {
  const m = createOutbox(s);
  m.run(s.duration);
  expect(conservationErrors(m)).toEqual([]);
  const lost = m
    .logEntries()
    .filter((e) => e.source === 'App' && e.text.startsWith('process killed'))
    .map((e) => Number(/(\d+) committed row\(s\)/.exec(e.text)?.[1] ?? 0));
  return { r: buildOutboxSummary(s, m), lost };
}

const fix = (s: OutboxScenario, idempotent = true): OutboxScenario => ({ ...s, mode: 'outbox', consumer: { ...s.consumer, idempotent } });

describe('dual-write-outbox signature (seeds 1–5)', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: the dual write loses events at every crash, most at the one during the outage; the outbox loses none and its duplicates are skipped`, () => {
      const s = shipped('dual-write-outbox', { seed });
      const outage = s.faults.find((f) => f.kind === 'broker-outage')!;
      const oom = s.faults.filter((f) => f.kind === 'app-crash')[1];
      const waiting = s.app.rate * (oom.at - outage.at);
      const { r: a, lost } = run(s);
      // One log line per crash; the deploys lose a few rows (about rate × send time = 2), the OOM kill nearly every row of the outage so far.
      expect(lost).toHaveLength(3);
      expect(lost[0]).toBeLessThanOrEqual(15);
      expect(lost[2]).toBeLessThanOrEqual(15);
      expect(lost[1]).toBeGreaterThan(0.9 * waiting);
      expect(lost[1]).toBeLessThan(1.1 * waiting);
      expect(a.missing).toBe(lost[0] + lost[1] + lost[2]);
      expect(a.phantom).toBe(0);
      expect(a.duplicates).toBe(0);
      expect(a.rows - a.eventsPublished).toBe(a.missing + a.counts.publishing);
      expect(a.delayP50!).toBeLessThan(0.02);

      const { r: b } = run(fix(s));
      expect(b.missing).toBe(0);
      expect(b.phantom).toBe(0);
      // Every row committed got its event (the last few are still in the outbox at the end).
      expect(b.rows - b.eventsPublished).toBe(b.backlog);
      expect(b.backlog).toBeLessThan(s.relay.batchSize * 3);
      // The outage filled the outbox (until the OOM kill stopped the requests for the rest of it); nothing was lost, it drained after.
      expect(b.backlogMax).toBeGreaterThan(0.9 * waiting);
      expect(b.lagMax!).toBeGreaterThan(outage.duration - 1);
      // One batch published twice (the relay killed between publish and UPDATE), skipped by the consumer.
      expect(b.relayCrashes).toBe(1);
      expect(b.duplicates).toBeGreaterThan(0);
      expect(b.duplicates).toBeLessThanOrEqual(s.relay.batchSize);
      expect(b.deduped).toBe(b.duplicates);
      expect(b.dupEffects).toBe(0);
      // The price: about a poll interval of delay.
      expect(b.delayP50!).toBeGreaterThan(0.3 * s.relay.pollInterval);
      expect(b.delayP50!).toBeLessThan(s.relay.pollInterval + 0.1);
      expect(b.delayP50!).toBeGreaterThan(20 * a.delayP50!);

      // Without the idempotent consumer the same duplicates take effect twice.
      const { r: c } = run(fix(s, false));
      expect(c.duplicates).toBe(b.duplicates);
      expect(c.dupEffects).toBe(c.duplicates);
    });
  }

  it('publishing first trades the lost events for phantoms, and a CDC relay loses none either', () => {
    const s = shipped('dual-write-outbox');
    const { r: first } = run({ ...s, mode: 'publish-first', db: { ...s.db, failureRate: 0.01 } });
    expect(first.missing).toBe(0);
    expect(first.phantom).toBeGreaterThan(0.005 * first.eventsPublished);
    expect(first.early).toBeGreaterThan(0.5 * first.applied);
    const { r: cdc } = run({ ...fix(s), relay: { ...s.relay, kind: 'cdc' } });
    expect(cdc.missing).toBe(0);
    expect(cdc.phantom).toBe(0);
    expect(cdc.dupEffects).toBe(0);
  });
});
