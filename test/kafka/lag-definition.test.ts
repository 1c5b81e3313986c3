/**
 * Lag in records and lag in seconds measure the same thing: both are taken at the committed offset
 * (log-end − committed; the age of the record at the committed offset), as lag exporters report
 * them, and the fetched-but-uncommitted part is reported apart as "in flight".
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { load } from './helpers.ts';
import { partitionInFlight } from '../../src/sim/model/kafka/group/stats.ts';
import { RecordState } from '../../src/sim/model/kafka/partition-log.ts';

describe('lag in records and lag in seconds are measured from the same position', () => {
  it('littles-law: per partition, lag records ≈ partition rate × lag age, and zero exactly together', () => {
    // 1,000 records/s over 4 partitions by a uniform key: ≈ 250/s per partition. Auto-commit every
    // 5 s makes both lags saw-tooth between 0 and ~5 s of records; measured from the same offset,
    // records ÷ (rate × age) stays near 1 (Poisson noise only). Measured from different positions
    // (records from committed, age from the first unprocessed record), a partition showed hundreds
    // of records of lag with an age of 0.
    const s = load('littles-law');
    const m = createKafka(s);
    const perPartition = 1000 / s.topic.partitions;
    let records = 0;
    let expected = 0;
    let samples = 0;
    for (let t = 130; t <= 430; t += 0.73) {
      m.run(t);
      const g = m.stats().groups[0];
      for (let p = 0; p < s.topic.partitions; p++) {
        const r = g.partitionLag[p];
        const sec = g.partitionLagSeconds[p];
        expect(r === 0).toBe(sec === 0);
        records += r;
        expected += perPartition * sec;
        samples++;
      }
    }
    expect(samples).toBeGreaterThan(1500);
    expect(records).toBeGreaterThan(0);
    expect(records / expected).toBeGreaterThan(0.9);
    expect(records / expected).toBeLessThan(1.1);
  });

  it('the in-flight part is the fetched or applied records not yet committed, and never exceeds the lag', () => {
    const s = load('littles-law');
    const m = createKafka(s);
    let sawInFlight = false;
    for (let t = 200; t <= 260; t += 1.9) {
      m.run(t);
      const r = buildKafkaSummary(s, m);
      expect(r.lagRecords.inFlight).toBeGreaterThanOrEqual(0);
      expect(r.lagRecords.inFlight).toBeLessThanOrEqual(r.lagRecords.final);
      // A healthy group processes within milliseconds: almost all of its lag is applied and waiting
      // for the next auto-commit.
      if (r.lagRecords.final > 500) {
        sawInFlight = true;
        expect(r.lagRecords.inFlight / r.lagRecords.final).toBeGreaterThan(0.9);
      }
    }
    expect(sawInFlight).toBe(true);
  });

  it('black-friday (overloaded): almost none of the lag is in flight, and its age grows with it', () => {
    const s = load('black-friday');
    const m = createKafka(s);
    m.run(s.duration);
    const r = buildKafkaSummary(s, m);
    expect(r.lagRecords.final).toBeGreaterThan(100_000);
    expect(r.lagRecords.inFlight / r.lagRecords.final).toBeLessThan(0.05);
  });

  it('the in-flight count stops at the highest fetched offset and misses nothing: equal to a scan to log end', () => {
    // partitionInFlight scans committed → the group's highest fetched offset (only a fetch makes a
    // record in flight). Rebalances, crashes, retries, seek-backs, retention and groups far behind
    // must all give the count a scan of every held record up to log end gives.
    const full = (m: ReturnType<typeof createKafka>, gi: number, p: number) => {
      const log = m.logs[p];
      const g = m.groups[gi];
      let n = 0;
      for (let o = Math.max(0, g.committed[p], log.base); o < log.logEnd; o++) {
        const st = log.state(gi, o);
        if (st === RecordState.InFlight || st === RecordState.Applied) n++;
      }
      return n;
    };
    let nonZero = 0;
    for (const id of ['rebalance-storm', 'retry-topics', 'retention-reset', 'pubsub-groups']) {
      const s = load(id);
      const m = createKafka(s);
      for (let i = 1; i <= 12; i++) {
        m.run((s.duration * i) / 12);
        for (let gi = 0; gi < m.groups.length; gi++) {
          for (let p = 0; p < m.logs.length; p++) {
            const n = partitionInFlight(m.groups[gi], p);
            expect(n, `${id} t=${m.sim.now} group ${gi} partition ${p}`).toBe(full(m, gi, p));
            if (n > 0) nonZero++;
          }
        }
      }
    }
    expect(nonZero).toBeGreaterThan(100);
  });
});
