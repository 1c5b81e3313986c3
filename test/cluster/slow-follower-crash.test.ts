/**
 * slow-follower-crash, over seeds 1–5: a follower's fetcher stalls, it leaves the ISR after
 * replica.lag.time.max.ms, and with replication.factor 2 its partition's leader acknowledges acks=1
 * writes alone; when that leader dies the unclean election of the stale follower cuts every one of
 * them — and the producer saw no error. The lesson's fix (acks=all, min.insync.replicas=2) loses
 * nothing: the leader refuses with NOT_ENOUGH_REPLICAS from the shrink on, and the producer's
 * callbacks see the failures.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';
import { runScenarioWithLog } from '../../src/run/run.ts';
import type { ClusterSummary } from '../../src/run/models/cluster/data.ts';
import { lessonFix } from '../content/prose-numbers/ledger.ts';

const ID = 'slow-follower-crash';

function run(seed: number, ...sets: string[]): { s: ClusterScenario; r: ClusterSummary; log: { t: number; text: string }[] } {
  let raw: unknown = JSON.parse(readFileSync(`scenarios/${ID}.json`, 'utf8'));
  for (const o of [`seed=${seed}`, ...sets]) raw = applyOverride(raw, parseOverride(o));
  const v = validateScenario(raw);
  if (!v.ok) throw new Error(v.errors.map(formatError).join('; '));
  const s = v.scenario as ClusterScenario;
  const { summary, log } = runScenarioWithLog(s);
  return { s, r: summary as ClusterSummary, log };
}

function conserved(r: ClusterSummary): void {
  const c = r.records;
  expect(c.blocked + c.inFlight + c.ackedStored + c.ackedLost + c.failed + c.refused + c.shed).toBe(c.produced);
}

describe.each([1, 2, 3, 4, 5])('seed %i', (seed) => {
  it('acks=1, RF 2, unclean elections on: the stalled follower is elected and the acknowledged writes since it stalled are cut, silently', () => {
    const { s, r, log } = run(seed);
    conserved(r);
    const stall = s.faults[0].at;
    const crash = s.faults[1].at;
    // One partition (of 6) was led by the broker that dies and followed by the stalled one: its writes
    // from the stall to the crash, ≈ 300/6 a second × 80 s = 4,000, minus the ones the follower had.
    expect(r.lost).toBeGreaterThan(0.7 * (300 / 6) * (crash - stall));
    expect(r.lost).toBeLessThan(1.1 * (300 / 6) * (crash - stall));
    expect(r.elections.unclean).toBe(1);
    expect(r.records.failed).toBe(0);
    expect(r.notEnoughReplicas).toBe(0);
    // The follower left the ISR after replica.lag.time.max.ms (checked every half of it).
    const shrink = log.find((e) => e.text.includes('Shrinking ISR') && e.text.includes('(brokerId: 3,'))!;
    expect(shrink.t).toBeGreaterThanOrEqual(stall + s.cluster['replica.lag.time.max.ms'] / 1000);
    expect(shrink.t).toBeLessThanOrEqual(stall + 1.5 * (s.cluster['replica.lag.time.max.ms'] / 1000));
    // The truncation names the replica that lost them, and at which leader epoch.
    const t = r.truncations.last.find((x) => x.kind === 'unclean')!;
    expect(t.leader).toBe(3);
    expect(t.epoch).toBe(1);
    expect(t.lost).toBe(r.lost);
    expect(t.replicas).toEqual([{ broker: 2, records: t.replicas[0].records }]);
    expect(t.replicas[0].records).toBeGreaterThanOrEqual(r.lost);
  });

  it('acks=all alone (min.insync.replicas 1) loses the same writes: an ISR of one is "all"', () => {
    const broken = run(seed);
    const all = run(seed, 'producers.0.acks=all');
    expect(all.r.lost).toBeGreaterThan(0.9 * broken.r.lost);
    expect(all.r.records.failed).toBe(0);
  });

  it('the fix, acks=all + min.insync.replicas=2: nothing acknowledged is lost; NOT_ENOUGH_REPLICAS and failed records tell the producer instead', () => {
    const { r, log } = run(seed, ...lessonFix(ID));
    conserved(r);
    expect(r.lost).toBe(0);
    expect(r.notEnoughReplicas).toBeGreaterThan(300);
    expect(r.records.failed).toBeGreaterThan(1000);
    expect(Object.keys(r.failedBy)).toEqual(['TimeoutException']);
    expect(log.some((e) => /Error: NOT_ENOUGH_REPLICAS$/.test(e.text))).toBe(true);
    // The price: unavailable partition-seconds far above the broken run's, and produce p99 of tens of seconds.
    expect(r.unavailable.underMinIsr).toBeGreaterThan(300);
    expect(r.produceLatency.p99!).toBeGreaterThan(20);
  });
});
