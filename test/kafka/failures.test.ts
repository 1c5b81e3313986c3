/**
 * Part 2 stories: poison messages, retries in place and through retry topics, dead letters,
 * attempts counted in a header vs in memory, partition-count changes and a dead producer — each
 * shipped scenario's signature, and that its fix removes it.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { load, run } from './helpers.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';


const HANDLER = 'faults.0.effect=exception';

describe('poison-message: poison record kinds', () => {
  it('a record the deserializer cannot read makes poll() throw for the whole consumer: all its partitions stall', () => {
    const s = load('poison-message');
    expect(s.faults[0]).toMatchObject({ kind: 'poison', partition: 3, effect: 'deserialization' });
    const m = createKafka(s);
    m.run(150);
    const mid = m.stats().groups[0];
    m.run(s.duration);
    const g = m.stats().groups[0];
    // orders-3's owner also owns orders-2: poll() throws before reaching it, so both stall.
    const owner = Object.entries(g.assignment).find(([, ps]) => ps.includes(3))!;
    expect(owner[1].sort()).toEqual([2, 3]);
    expect(Object.keys(g.stuck)).toEqual(['3']);
    expect(g.stuck[3].offset).toBe(mid.stuck[3].offset);
    for (const p of owner[1]) {
      const slope = (g.partitionLag[p] - mid.partitionLag[p]) / (s.duration - 150);
      expect(slope, `orders-${p}`).toBeGreaterThan(40); // ≈ 50 records/s, its share of 300/s
      expect(slope, `orders-${p}`).toBeLessThan(60);
    }
    // The other consumers' partitions stay current.
    for (let p = 0; p < 6; p++) if (!owner[1].includes(p)) expect(g.partitionLagSeconds[p], `orders-${p}`).toBeLessThan(6);
    expect(g.dlq).toBe(0);
    // The client's own message, once per poll, folded into one entry with a count.
    const lines = m.logEntries().filter((e) => e.level === 'ERROR' && e.text.includes('RecordDeserializationException: Error deserializing VALUE for partition orders-3 at offset'));
    expect(lines).toHaveLength(1);
    expect(lines[0].text).toContain('If needed, please seek past the record to continue consumption.');
    expect(lines[0].count / ((lines[0].last - lines[0].t) / 60)).toBeGreaterThan(20_000);
    expect(m.logEntries().some((e) => e.text.startsWith('handler failed'))).toBe(false);
  });

  it('an exception in the handler blocks only its partition when the handler seeks back', () => {
    const { s, m, g } = run('poison-message', HANDLER);
    expect(Object.keys(g.stuck)).toEqual(['3']);
    expect(g.partitionLag[3]).toBeGreaterThan(40 * (s.duration - 60) * 0.9);
    // Even orders-2, owned by the same consumer, stays current.
    for (let p = 0; p < 6; p++) if (p !== 3) expect(g.partitionLagSeconds[p], `orders-${p}`).toBeLessThan(6);
    const lines = m.logEntries().filter((e) => e.level === 'ERROR' && e.text.startsWith(`handler failed offset=${g.stuck[3].offset} partition=orders-3: JsonParseException`));
    expect(lines).toHaveLength(1);
    expect(lines[0].count / ((lines[0].last - lines[0].t) / 60)).toBeGreaterThan(20_000);
    expect(m.logEntries().some((e) => e.text.includes('RecordDeserializationException'))).toBe(false);
  });

  it('fix: an attempt limit with a DLQ unblocks the partition with exactly one dead letter, for both kinds', () => {
    for (const kind of [[], [HANDLER]]) {
      for (const mode of ['in-place', 'retry-topics']) {
        const label = `${mode} ${kind.join('')}`;
        const { g, m } = run('poison-message', ...kind, `groups.0.retry={"mode":"${mode}","maxAttempts":3,"dlq":true}`);
        expect(g.dlq, label).toBe(1);
        expect(Object.keys(g.stuck), label).toEqual([]);
        expect(Math.max(...g.partitionLagSeconds), label).toBeLessThan(6);
        expect(g.dlqRecords[0], label).toMatchObject({ topic: 'orders', partition: 3, error: expect.stringMatching(kind.length ? /JsonParseException/ : /RecordDeserializationException/) });
        expect(m.logEntries().some((e) => e.text.startsWith('sent to orders.dlq: orders-3 offset=')), label).toBe(true);
      }
    }
  });

  it('fix without a DLQ: the unreadable record is dropped and counted as lost', () => {
    const { g } = run('poison-message', 'groups.0.retry={"mode":"in-place","maxAttempts":3,"dlq":false}');
    expect(g.dlq).toBe(0);
    expect(g.lost).toBe(1);
    expect(Object.keys(g.stuck)).toEqual([]);
  });

  it('classification: a permanent handler error goes to the DLQ at once; without classification it is retried first', () => {
    const classified = run('poison-message', HANDLER, 'groups.0.retry={"mode":"in-place","maxAttempts":5,"dlq":true}').g;
    expect(classified.dlqRecords[0].attempts).toBe(1);
    const unclassified = run('poison-message', HANDLER, 'groups.0.retry={"mode":"in-place","maxAttempts":5,"dlq":true,"classify":false}').g;
    expect(unclassified.dlqRecords[0].attempts).toBe(5);
    expect(unclassified.retries).toBeGreaterThanOrEqual(4);
  });
});

describe('retry-topics', () => {
  it('transient failures go through retry topics: main partitions never block, per-key order breaks', () => {
    const { g } = run('retry-topics');
    expect(g.retries).toBeGreaterThan(500);
    expect(g.orderingViolations).toBeGreaterThan(100);
    expect(g.maxLagSeconds).toBeLessThan(10);
    expect(g.lost).toBe(0);
  });

  it('in-place retries keep per-key order but hold the partition: lag climbs during the outage', () => {
    const topics = run('retry-topics').g;
    const inPlace = run('retry-topics', 'groups.0.retry.mode=in-place').g;
    expect(inPlace.orderingViolations).toBe(0);
    expect(inPlace.maxLagSeconds).toBeGreaterThan(3 * topics.maxLagSeconds);
  });

  it('transient errors follow backoff → retry topics → DLQ; permanent ones go to the DLQ at once', () => {
    // A long outage exhausts both retry topics (5 s, 60 s) for records failing during it.
    const { g } = run('retry-topics', 'faults=[{"at":100,"kind":"dependency-outage","target":"crm-sync","duration":120}]');
    const transient = g.dlqRecords.filter((r) => r.error.startsWith('retries exhausted'));
    expect(transient.length).toBeGreaterThan(0);
    expect(transient.every((r) => r.attempts === 3)).toBe(true);
    const poison = run('retry-topics', 'groups.0.processing.failureRate=0', 'faults=[{"at":100,"kind":"poison","partition":2}]').g;
    expect(poison.dlqRecords.map((r) => r.attempts)).toEqual([1]);
  });
});

describe('attempts in memory vs in a store outside the process', () => {
  const crashing = (attempts: string) =>
    run(
      'poison-message',
      `groups.0.retry={"mode":"in-place","maxAttempts":3,"dlq":true,"attempts":"${attempts}","restartAfter":5}`,
      'groups.0.static=true',
      'faults=[{"at":60,"kind":"poison","partition":3,"effect":"crash"}]',
    );

  it('a poison record that crashes the process loops forever when attempts are counted in memory', () => {
    const { g, m } = crashing('memory');
    expect(g.dlq).toBe(0);
    const crashes = m.logEntries().filter((e) => e.text.startsWith('process killed while handling offset='));
    // Every restart forgets the count: attempt=1 each time (folded into one line), never 3.
    expect(crashes.reduce((n, e) => n + e.count, 0)).toBeGreaterThan(20);
    expect(crashes.every((e) => e.text.includes('attempt=1 '))).toBe(true);
  });

  it('with the count in a store outside the process it reaches the limit after 3 crashes and dead-letters the record', () => {
    const { g, m } = crashing('store');
    expect(g.dlq).toBe(1);
    const crashes = m.logEntries().filter((e) => e.text.startsWith('process killed while handling offset='));
    expect(crashes.map((e) => [e.text.match(/attempt=(\d+)/)![1], e.count])).toEqual([['1', 1], ['2', 1], ['3', 1]]);
    expect(Math.max(...g.partitionLagSeconds)).toBeLessThan(5);
  });
});

describe('retry.attempts "header", its name before "store"', () => {
  it('is read as "store", so an older link replays the same run', () => {
    const older = run('attempts-in-memory', 'groups.0.retry.attempts=header');
    expect(older.s.groups[0].retry.attempts).toBe('store');
    expect(older.r).toEqual(run('attempts-in-memory', 'groups.0.retry.attempts=store').r);
  });
});

describe('add-partitions', () => {
  it('growing 6 → 8 partitions moves keys and breaks their order', () => {
    const { g, m } = run('add-partitions');
    expect(m.logs).toHaveLength(8);
    expect(g.orderingViolations).toBeGreaterThan(100);
    expect(Object.values(g.assignment).flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('added partitions are discovered at the next metadata refresh (metadata.max.age.ms), by producers and the group alike', () => {
    const s = load('add-partitions');
    expect(s.faults[0]).toMatchObject({ at: 120, kind: 'add-partitions', count: 8 });
    const m = createKafka(s);
    // Until the refresh at t = 300 s (5 minutes after the clients' first metadata) nothing uses them.
    m.run(299.9);
    expect(m.logs).toHaveLength(8);
    expect(m.logs[6].logEnd + m.logs[7].logEnd).toBe(0);
    const before = m.stats().groups[0];
    expect(Object.values(before.assignment).flat().sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(before.rebalances).toBe(1);
    m.run(s.duration);
    const after = m.stats().groups[0];
    expect(after.rebalances).toBe(2);
    expect(m.logs[6].logEnd).toBeGreaterThan(0);
    const refresh = m.logEntries().filter((e) => e.text.includes('metadata.max.age.ms=300000'));
    expect(refresh.map((e) => [e.t, e.source])).toEqual([
      [300, 'profile-service'],
      [300, 'consumer-crm-sync-1'],
    ]);
    expect(refresh[1].text).toContain('cached metadata has changed from {orders=6} at the beginning of the rebalance to {orders=8}');
    // Undiscovered partitions are not "paused by a rebalance": only the seconds after the refresh count.
    expect(after.rebalancePausedSeconds).toBeLessThan(60);
  });

  it('with latest (the default), records written to a new partition before its first owner started are skipped', () => {
    const { g, m } = run('add-partitions');
    expect(g.skipped).toBeGreaterThan(100);
    const resets = m.logEntries().filter((e) => e.text.startsWith('Found no committed offset for partition orders-6'));
    expect(resets).toHaveLength(1);
    expect(resets[0].text).toContain('auto.offset.reset=latest');
    // With earliest nothing is skipped: the reordering is all that remains.
    const early = run('add-partitions', 'groups.0.auto.offset.reset=earliest').g;
    expect(early.skipped).toBe(0);
    expect(early.orderingViolations).toBeGreaterThan(100);
  });

  it('a shorter metadata.max.age.ms discovers them sooner', () => {
    const { m } = run('add-partitions', 'producers.0.metadata.max.age.ms=30000', 'groups.0.metadata.max.age.ms=30000');
    const refresh = m.logEntries().filter((e) => e.text.includes('metadata.max.age.ms=30000'));
    expect(refresh.map((e) => e.t)).toEqual([150, 150]);
  });

  it('fix: 8 partitions from the start keep every key in place', () => {
    expect(run('add-partitions', 'topic.partitions=8', 'faults=[]').g.orderingViolations).toBe(0);
  });
});

describe('dead-producer', () => {
  it('after the producer stops, lag is zero and only the input rate and the dead-man switch tell', () => {
    const s = load('dead-producer');
    const m = createKafka(s);
    expect(m.stats().producers[0]).toMatchObject({ silentFor: 0, dead: false }); // t = 0: nothing expected yet
    m.run(290);
    expect(m.stats().producers[0].dead).toBe(false);
    m.run(s.duration);
    const st = m.stats();
    expect(st.producers[0]).toMatchObject({ name: 'checkout', stopped: true, dead: true });
    expect(st.producers[0].silentFor).toBeGreaterThan(290);
    expect(st.groups[0].lagRecords).toBeLessThan(50);
    expect(st.groups[0].lagSeconds).toBe(0);
    const rateIn = m.series.rateIn.read(m.sim.now);
    expect(rateIn.mean[rateIn.mean.length - 1]).toBe(0);
    expect(buildKafkaSummary(s, m).producers[0].dead).toBe(true);
  });
});
