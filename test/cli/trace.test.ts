/** `npm run sim -- <scenario> --trace …`: a record's timeline as a table and as JSON; bad values exit 2 naming the allowed range. */
import { describe, expect, it } from 'vitest';
import { outcomeProblems, runCli } from './harness.ts';

describe('npm run sim -- … --trace', () => {
  it('prints a dead-lettered record’s way through the retry topics, with the waits between its events', () => {
    const r = runCli(['scenarios/retry-topics.json', '--trace', '5:2691']);
    expect(outcomeProblems(r)).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('trace of the record at orders-5, offset 2,691 · seed 1 · replayed to t = 600 s · 1 record followed (at most 20, 200 events each)');
    expect(r.stdout).toContain('orders-5@2691 · key user-332');
    expect(r.stdout).toMatch(/crm-sync: fetched once, failed attempts: 3, retried 2 times, through orders\.retry\.5s, orders\.retry\.1m, then dead-lettered 1 min 5 s after it was produced/);
    expect(r.stdout).toMatch(/t \(s\) +wait +group +event/);
    expect(r.stdout).toMatch(/ 5 s +crm-sync +taken by the consumer of orders\.retry\.5s/);
    expect(r.stdout).toMatch(/ 1 min +crm-sync +taken by the consumer of orders\.retry\.1m/);
    expect(r.stdout).toMatch(/dead-lettered to orders\.dlq \(attempts: 3\)/);
  });

  it('prints JSON with --json, byte-identical run after run', () => {
    const a = runCli(['scenarios/poison-message.json', '--trace', '3:3051', '--json']);
    const b = runCli(['scenarios/poison-message.json', '--trace', '3:3051', '--json']);
    expect(outcomeProblems(a)).toEqual([]);
    expect(b.stdout).toBe(a.stdout);
    const j = JSON.parse(a.stdout);
    expect(j).toMatchObject({ scenario: 'poison-message', seed: 1, topic: 'orders', until: 300, request: { by: 'offset', partition: 3, offset: 3051 } });
    expect(j.records[0].events.map((e: { kind: string }) => e.kind)).toEqual(['produced', 'appended', 'poll-threw']);
    const other = JSON.parse(runCli(['scenarios/poison-message.json', '--trace', '3:3051', '--json', '--seed', '2']).stdout);
    expect(other.records[0]?.t).not.toBe(j.records[0].t);
  });

  it('follows every record of a key (the first 20) and says how many more there were', () => {
    const r = runCli(['scenarios/retry-topics.json', '--trace', 'key=user-7', '--json']);
    const j = JSON.parse(r.stdout);
    expect(j.records.length).toBe(20);
    expect(j.beyond).toBeGreaterThan(0);
    const text = runCli(['scenarios/retry-topics.json', '--trace', 'key=user-7']).stdout;
    expect(text).toContain(`${j.beyond} more records with this key were not followed (at most 20).`);
    const none = runCli(['scenarios/retry-topics.json', '--trace', '0:999999']);
    expect(none.code).toBe(0);
    expect(none.stdout).toMatch(/No record at orders-0, offset 999,999 by t = 600 s: the partition’s log ends at offset [\d,]+\./);
  });

  it('exits 2 with a message naming the allowed range for a bad value', () => {
    const cases: [string[], RegExp][] = [
      [['scenarios/retry-topics.json', '--trace', '6:0'], /partition must be an integer in \[0, 5\] \(topic orders has 6 partitions\), got 6/],
      [['scenarios/retry-topics.json', '--trace', 'n=0'], /must be an integer in \[1, 2147483647\], got 0/],
      [['scenarios/retry-topics.json', '--trace', 'key=order-1'], /not one of the producers' keys \(profile-service: user-0 … user-1999\)/],
      [['scenarios/retry-topics.json', '--trace', 'orders-3@5'], /--trace must be key=<key>, <partition>:<offset> or n=<n>/],
      [['scenarios/retry-topics.json', '--trace'], /--trace needs a value/],
      [['scenarios/retry-topics.json', '--trace', '1:1', '--trace', '2:2'], /--trace given twice/],
      [['scenarios/retry-topics.json', '--trace', '1:1', '--compare', 'fix'], /leave out --compare and --vs-set/],
      [['scenarios/retry-topics.json', '--trace', '1:1', '--log'], /leave out --log/],
      [['scenarios/mm1.json', '--trace', '1:1'], /--trace follows the records of a log-broker scenario \(model "kafka"\); mm1 is a "station" scenario/],
    ];
    for (const [argv, message] of cases) {
      const r = runCli(argv);
      expect(outcomeProblems(r), argv.join(' ')).toEqual([]);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr, argv.join(' ')).toMatch(message);
    }
  });
});
