/**
 * poll() as the Java consumer serves it: every assigned partition has at most one "completed fetch"
 * of max.partition.fetch.bytes (and fetch.max.bytes) worth of records; poll() drains them in turn
 * up to max.poll.records, a completed fetch cut short stays next in line, and a drained partition
 * moves to the end of the order.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import type { KafkaScenario } from '../../src/scenario/index.ts';

function scenario(group: Record<string, unknown>, recordBytes = 1024): KafkaScenario {
  const r = validateScenario({
    version: 1,
    model: 'kafka',
    id: 'fetch',
    duration: 60,
    topic: { name: 't', partitions: 2 },
    producers: [{ name: 'p', rate: 1000, recordBytes, keys: { kind: 'uniform', count: 10_000 } }],
    groups: [{ 'group.id': 'g', members: 1, 'max.poll.records': 150, processing: { time: { type: 'deterministic', mean: 0.01 } }, ...group }],
  });
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(JSON.stringify(!r.ok && r.errors));
  return r.scenario;
}

/** The partitions of the first `n` batches the member polls, as runs: [[partition, count], …]. */
function batches(s: KafkaScenario, n: number): [number, number][][] {
  const m = createKafka(s);
  const c = m.groups[0].consumers[0];
  const out: [number, number][][] = [];
  let last = -1;
  while (out.length < n && m.sim.now < s.duration) {
    m.sim.step();
    // A new batch: the executor starts it with nothing done yet.
    const key = c.batchLen > 0 && c.batchDone === 0 ? c.bo[0] * 2 + c.bp[0] : -1;
    if (key >= 0 && key !== last) {
      last = key;
      const runs: [number, number][] = [];
      for (let k = 0; k < c.batchLen; k++) {
        const p = c.bp[k];
        if (runs.length && runs[runs.length - 1][0] === p) runs[runs.length - 1][1]++;
        else runs.push([p, 1]);
      }
      out.push(runs);
    }
  }
  return out;
}

describe('fetching under max.poll.records', () => {
  it('a deep backlog gives one completed fetch per partition in turn (200-record fetches, 150-record polls)', () => {
    // 200 KiB per partition fetch ÷ 1 KiB records = 200 records; both partitions hold ~1,500 when
    // the group's first poll comes (group.initial.rebalance.delay.ms = 3 s).
    const b = batches(scenario({ 'max.partition.fetch.bytes': 204_800 }), 4);
    expect(b).toEqual([
      [[0, 150]], // p0's fetch, cut short by max.poll.records: stays next in line
      [[0, 50], [1, 100]], // p0 drained → moves to the end; p1's fetch
      [[1, 100], [0, 50]], // p1 drained; p0's next fetch
      [[0, 150]],
    ]);
  });

  it('the limit is in bytes: larger records mean fewer per fetch, and at least one record however large', () => {
    // 200 KiB ÷ 2 KiB = 100 records per fetch.
    expect(batches(scenario({ 'max.partition.fetch.bytes': 204_800 }, 2048), 2)).toEqual([
      [[0, 100], [1, 50]],
      [[1, 50], [0, 100]],
    ]);
    // A record larger than the limit still comes, one at a time.
    expect(batches(scenario({ 'max.partition.fetch.bytes': 100 }), 2)).toEqual([
      [[0, 1], [1, 1]],
      [[0, 1], [1, 1]],
    ]);
    // fetch.max.bytes bounds it too.
    expect(batches(scenario({ 'fetch.max.bytes': 51_200 }), 1)).toEqual([[[0, 50], [1, 50]]]);
  });

  it('with Kafka’s defaults (1 MiB per partition, 1 KiB records) a partition gives 1,024 records before the next one', () => {
    const b = batches(scenario({ 'max.poll.records': 500 }), 3);
    expect(b.map((runs) => runs.map(([p, n]) => `${p}:${n}`).join(' '))).toEqual(['0:500', '0:500', expect.stringMatching(/^0:24 1:476$/)]);
  });
});

describe('out-of-range positions', () => {
  it('one fetch response flags every out-of-range partition: all reset together, skipping only what was never applied', async () => {
    const { run } = await import('./helpers.ts');
    for (const reset of ['earliest', 'latest'] as const) {
      const { r, m } = run('retention-reset', `groups.0.auto.offset.reset=${reset}`);
      const lines = m.logEntries();
      const from = lines.filter((e) => e.text.includes('is out of range for partition'));
      const to = lines.filter((e) => e.text.startsWith('Resetting offset for partition'));
      // The member owns all 3 partitions; all were out of range when it came back at 600 s.
      expect(from.length, reset).toBe(3);
      expect(new Set([...from, ...to].map((e) => e.t)).size, reset).toBe(1);
      const offset = (text: string) => Number(/offset=(\d+)/.exec(text)![1]);
      const jumped = to.reduce((a, e, i) => a + offset(e.text) - offset(from[i].text), 0);
      // The records between the committed position and the reset target are skipped, except those
      // already applied before the crash but not yet auto-committed (≤ 5 s × 50 records/s, with
      // Poisson noise): with earliest, that is exactly what retention deleted unread.
      expect(r.skipped, reset).toBeLessThanOrEqual(jumped);
      expect(jumped - r.skipped, reset).toBeLessThan(2 * 5 * 50);
    }
  });
});
