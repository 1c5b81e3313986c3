/**
 * The CLI's readable Kafka table stays readable for the largest topologies the schema allows
 * (hardening): 10,000 partitions and a thousand members print a bounded number of lines of bounded
 * width — partitions as ranges, lists cut with "… and N more", members past the first 40 summed —
 * while every shipped scenario's table keeps its one-by-one lists, and `--json` keeps everything.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { runCli, outcomeProblems } from './harness.ts';
import { LINE_WIDTH, MEMBERS_LISTED, PARTITIONS_LISTED, formatKafkaTable, partitionList } from '../../src/run/models/kafka/table.ts';
import { runScenario } from '../../src/run/run.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import type { KafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { allShipped } from '../app/fixtures.ts';

const PROCESSING = { mode: 'sequential', time: { type: 'exponential', mean: 0.001 } };
/** The most partitions a topic may have, a group of the most members a group may start with, and lists with gaps. */
const HUGE = {
  version: 1,
  model: 'kafka',
  id: 'huge-topology',
  title: 'The largest topology',
  seed: 1,
  duration: 10,
  warmup: 1,
  topic: { name: 'orders', partitions: 10_000 },
  producers: [{ name: 'checkout', rate: 100 }],
  groups: [
    { 'group.id': 'solo', members: 1, processing: PROCESSING },
    { 'group.id': 'crowd', members: 1000, 'partition.assignment.strategy': 'roundrobin', processing: PROCESSING },
    { 'group.id': 'pair', members: 2, 'partition.assignment.strategy': 'roundrobin', processing: PROCESSING },
  ],
};

/** Every partition a compact list names (ranges expanded), and the count its "… and M more" adds. */
function named(list: string, topic: string): { parts: number[]; more: number; total: number } {
  const m = /^([\d,]+) partitions?: (.*?)(?:, … and ([\d,]+) more)?$/.exec(list);
  if (!m) throw new Error(`not a compact list: ${list}`);
  const num = (x: string) => Number(x.replaceAll(',', ''));
  const parts = m[2].split(', ').flatMap((item) => {
    const r = new RegExp(`^${topic}-(\\d+)(?:–(\\d+))?$`).exec(item);
    if (!r) throw new Error(`not an item: ${item}`);
    const a = Number(r[1]);
    const b = r[2] === undefined ? a : Number(r[2]);
    return Array.from({ length: b - a + 1 }, (_, i) => a + i);
  });
  return { parts, more: m[3] ? num(m[3]) : 0, total: num(m[1]) };
}

describe('the Kafka table with the largest topology', () => {
  const file = { 'huge.json': JSON.stringify(HUGE) };

  it('--log names at most 32 partitions a line, then how many more: the event log stays bounded too', () => {
    // One member owning all 10,000 partitions (the 1,000-member group would fill the bounded log first).
    const r = runCli(['solo.json', '--no-timing', '--log'], { 'solo.json': JSON.stringify({ ...HUGE, groups: [HUGE.groups[0]] }) });
    expect(r.code).toBe(0);
    const log = r.stdout.slice(r.stdout.indexOf('event log ('));
    const assigned = log.split('\n').filter((l) => l.includes('Adding newly assigned partitions'));
    expect(assigned.length).toBeGreaterThan(0);
    for (const l of log.split('\n')) expect(l.length, l.slice(0, 100)).toBeLessThanOrEqual(600);
    // The solo member owns all 10,000: the first 32 by name, then the count.
    expect(log).toMatch(/Adding newly assigned partitions: orders-0, orders-1, .*orders-31 … and 9,?968 more \(10,?000 in all\)/);
  });

  it('prints a bounded number of lines of bounded width, with ranges, cut lists and the members past the first 40 summed', () => {
    const r = runCli(['huge.json', '--no-timing'], file);
    expect(outcomeProblems(r)).toEqual([]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect(l.length, l.slice(0, 80)).toBeLessThanOrEqual(200);
    // Header, metrics, Little, counters (~25 lines) plus per group its line, 40 members and the rest.
    expect(lines.length).toBeLessThanOrEqual(30 + HUGE.groups.length * (MEMBERS_LISTED + 2));
    const members = lines.filter((l) => /^ {2}\S/.test(l) && !l.startsWith('  …'));
    expect(members).toHaveLength(1 + MEMBERS_LISTED + 2);
    for (const l of members) expect(l.length).toBeLessThanOrEqual(LINE_WIDTH);

    expect(r.stdout).toContain('topic orders, 10,000 partitions');
    expect(r.stdout).toMatch(/^ {2}solo-1 +10,000 partitions: orders-0–9999 {2}· busy \d+\.\d %$/m);
    expect(r.stdout).toContain('group crowd (generation 1, Stable, 1,000 members):');
    expect(r.stdout).toMatch(/^ {2}crowd-40 +10 partitions: orders-\d+, .*, … and \d more {2}· busy/m);
    expect(r.stdout).not.toMatch(/^ {2}crowd-41 /m);
    expect(r.stdout).toMatch(/^ {2}… and 960 more members: 960 with partitions \(9,600 in all\), 0 idle: no partitions, mean busy \d+\.\d %$/m);
    // Every other partition (round robin over two members): no ranges, so the list is cut — and says how much is left.
    const pair1 = /^ {2}pair-1 +(.*?) {2}· busy/m.exec(r.stdout)![1];
    const n = named(pair1, 'orders');
    expect(n.total).toBe(5000);
    expect(n.parts.length + n.more).toBe(5000);
    expect(n.parts.slice(0, 4)).toEqual([0, 2, 4, 6]);
    expect(r.stdout).toContain(`10,000 partitions: the table of offsets and lag is printed for at most ${PARTITIONS_LISTED} (--json has every one)`);
  });

  it('--json still has every partition and every member', () => {
    const r = runCli(['huge.json', '--json', '--no-timing'], file);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as KafkaSummary;
    expect(out.partitions).toHaveLength(10_000);
    expect(out.groups.solo.assignment['solo-1']).toHaveLength(10_000);
    expect(Object.keys(out.groups.crowd.assignment)).toHaveLength(1000);
    expect(out.groups.pair.committed).toHaveLength(10_000);
  });

  it('sums members without partitions as idle', () => {
    // 33 partitions round-robin over 1,000 members: 33 own one each, the rest own none.
    const crowd = { ...HUGE.groups[1], 'group.initial.rebalance.delay.ms': 0 };
    const s = { ...HUGE, topic: { name: 'orders', partitions: PARTITIONS_LISTED + 1 }, groups: [crowd], duration: 20 };
    const r = runCli(['idle.json', '--no-timing'], { 'idle.json': JSON.stringify(s) });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('group crowd (generation 1, Stable, 1,000 members):');
    const listed = (r.stdout.match(/^ {2}crowd-\d+ +1 partition: orders-\d+ {2}· busy/gm) ?? []).length;
    expect(r.stdout.match(/^ {2}crowd-\d+ +\(idle: no partitions\) {2}· busy/gm)).toHaveLength(MEMBERS_LISTED - listed);
    const rest = PARTITIONS_LISTED + 1 - listed;
    expect(r.stdout).toMatch(new RegExp(`^ {2}… and 960 more members: ${rest} with partitions \\(${rest} in all\\), ${960 - rest} idle: no partitions, mean busy \\d+\\.\\d %$`, 'm'));
  });
});

describe('small tables are unchanged', () => {
  it('every shipped Kafka scenario lists each member’s partitions one by one, as before', () => {
    const kafka = allShipped().filter((s): s is KafkaScenario => s.model === 'kafka');
    expect(kafka.length).toBeGreaterThan(10);
    for (const s0 of kafka) {
      const s = { ...s0, duration: Math.min(s0.duration, 60), warmup: Math.min(s0.warmup, 6) };
      const r = runScenario(s) as KafkaSummary;
      const text = formatKafkaTable(s, r);
      for (const g of Object.values(r.groups)) {
        for (const [m, parts] of Object.entries(g.assignment)) {
          const u = g.utilization[m];
          // The member line exactly as the table printed it before lists were bounded.
          const old = `  ${m.padEnd(24)} ${parts.length ? parts.map((p) => `${s.topic.name}-${p}`).join(', ') : '(idle: no partitions)'}${u !== null && u !== undefined ? `  · busy ${(u * 100).toFixed(1)} %` : ''}`;
          expect(text.split('\n'), `${s.id} ${m}`).toContain(old);
        }
      }
      expect(text).not.toContain('… and');
      if (r.partitions.length <= PARTITIONS_LISTED) expect(text).toMatch(/^partition +log-start +log-end +committed +lag$/m);
    }
  });
});

describe('partitionList', () => {
  it('lists partitions one by one when they fit, else counts them and joins consecutive ones into ranges', () => {
    expect(partitionList('orders', [0, 1, 2], 100)).toBe('orders-0, orders-1, orders-2');
    expect(partitionList('orders', [0, 1, 2], 100, true)).toBe('3 partitions: orders-0–2');
    expect(partitionList('orders', [5], 100, true)).toBe('1 partition: orders-5');
    expect(partitionList('t', [9, 3, 4, 5, 7, 0], 40, true)).toBe('6 partitions: t-0, t-3–5, t-7, t-9');
    expect(partitionList('t', [...Array(2500).keys()], 40)).toBe('2,500 partitions: t-0–2499');
    expect(partitionList('t', [...Array(2500).keys()].map((p) => 2 * p), 60)).toBe('2,500 partitions: t-0, t-2, t-4, t-6, t-8, … and 2,495 more');
  });

  it('keeps within its width and names exactly the partitions it was given, the rest counted', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 9999 }), { minLength: 1, maxLength: 3000 }), fc.integer({ min: 60, max: 200 }), fc.boolean(), (parts, width, compact) => {
        const text = partitionList('orders', parts, width, compact);
        expect(text.length).toBeLessThanOrEqual(width);
        if (!text.includes('partition')) {
          expect(text.split(', ').map((x) => Number(x.slice('orders-'.length)))).toEqual(parts);
          return;
        }
        const n = named(text, 'orders');
        expect(n.total).toBe(parts.length);
        expect(n.parts.length + n.more).toBe(parts.length);
        // The smallest partitions, in order: what is left out is all after them.
        expect(n.parts).toEqual([...parts].sort((a, b) => a - b).slice(0, n.parts.length));
      }),
      { seed: 20_260_504, numRuns: 300 },
    );
  });
});
