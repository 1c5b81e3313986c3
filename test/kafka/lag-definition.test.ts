/**
 * Lag in records and lag in seconds measure the same thing: both are taken at the committed offset
 * (log-end − committed; the age of the record at the committed offset), as lag exporters report
 * them, and the fetched-but-uncommitted part is reported apart as "in flight".
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { load } from './helpers.ts';

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
});
