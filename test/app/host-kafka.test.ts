import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RunHost } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import type { KafkaScenario } from '../../src/scenario/index.ts';
import type { KafkaSnapshotData } from '../../src/run/models/kafka/snapshot.ts';
import { FakeHost } from './fakeHost.ts';
import { createKafka, summarize } from '../../src/run/run.ts';
import { validateScenario } from '../../src/scenario/index.ts';
import { withLiveFaults } from '../../workers/liveFaults.ts';
import { repairScenario, rawFromHash } from '../../src/app/shell/repair.ts';
import { encodeShareHash } from '../../src/scenario/index.ts';

function load(id: string): KafkaScenario {
  const path = fileURLToPath(new URL(`../../scenarios/${id}.json`, import.meta.url));
  const r = validateScenario(JSON.parse(readFileSync(path, 'utf8')));
  if (!r.ok || r.scenario.model !== 'kafka') throw new Error(`${id} is not a Kafka scenario`);
  return r.scenario as KafkaScenario;
}

function cliSummary(s: KafkaScenario) {
  const m = createKafka(s);
  m.run(s.duration);
  return summarize(s, m);
}

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot<KafkaSnapshotData>[] = [];
  const runner = new RunHost(host, (s) => snaps.push(s as Snapshot<KafkaSnapshotData>));
  return { host, snaps, runner, last: () => snaps[snaps.length - 1] };
}

describe('RunHost with a Kafka scenario', () => {
  it('runs a scenario at max speed to the end with exactly the summary the CLI prints, and samples Little’s law', () => {
    for (const id of ['hot-partition', 'rebalance-storm', 'retention-reset']) {
      const scenario = load(id);
      const { host, runner, last } = setup();
      expect(runner.load(scenario)).toMatchObject({ ok: true, status: 'idle' });
      runner.play();
      for (let i = 0; i < 200 && runner.status !== 'finished'; i++) host.advance(1000);
      expect(runner.status).toBe('finished');
      const d = last().data!;
      expect(d.simTime).toBe(scenario.duration);
      expect(JSON.stringify(d.summary)).toBe(JSON.stringify(cliSummary(scenario)));
      expect(d.little.t.length).toBeGreaterThan(100);
      expect(d.little.t.every((t, i) => i === 0 || t > d.little.t[i - 1])).toBe(true);
    }
  });

  it('live load spikes count toward the run budget: stacked ×8 presses are refused once the run would not fit', () => {
    const scenario = load('littles-law');
    const { host, runner } = setup();
    runner.load(scenario);
    runner.speed(50);
    runner.play();
    host.advance(1000);
    const spike = { at: 0, kind: 'load-spike', target: '*', factor: 8, duration: 120 } as const;
    const results = Array.from({ length: 6 }, () => runner.inject(spike));
    // 1,000 records/s: one ×8 spike adds ~0.8 M records, a second on top ×64 for its overlap, the third ×512 …
    const refused = results.findIndex((r) => !r.ok);
    expect(refused).toBeGreaterThan(0);
    expect(results.slice(0, refused).every((r) => r.ok)).toBe(true);
    const r = results[refused];
    expect(refused).toBeLessThanOrEqual(3);
    expect(!r.ok && r.error).toMatch(/^duration: (is too long for the event budget|needs too much memory)/);
  });

  it('replays live faults from the share-link scenario bit for bit', () => {
    const scenario = load('littles-law');
    const { host, runner, last } = setup();
    runner.load(scenario);
    runner.speed(50);
    runner.play();
    host.advance(1500);
    expect(runner.inject({ at: 0, kind: 'crash', target: 'warehouse-2', restartAfter: null })).toMatchObject({ ok: true });
    host.advance(700);
    expect(runner.inject({ at: 0, kind: 'add-consumer', target: 'warehouse', count: 1 })).toMatchObject({ ok: true });
    expect(runner.inject({ at: 0, kind: 'crash', target: 'nobody-9', restartAfter: null })).toMatchObject({ ok: false });
    runner.speed('max');
    for (let i = 0; i < 100 && runner.status !== 'finished'; i++) host.advance(1000);
    const snap = last();
    expect(snap.live.map((f) => f.kind)).toEqual(['crash', 'add-consumer']);
    expect(snap.live[0].at).toBeGreaterThan(50);
    const replay = withLiveFaults(scenario, snap.live);
    const again = validateScenario(JSON.parse(JSON.stringify(replay)));
    expect(again.ok).toBe(true);
    expect(JSON.stringify(snap.data!.summary)).toBe(JSON.stringify(cliSummary(again.ok ? (again.scenario as KafkaScenario) : replay)));
  });

  it('bumps the generation on load and reset, clears live faults on reset, and refuses faults after the end', () => {
    const { host, runner, last } = setup();
    runner.load(load('littles-law'));
    const g0 = last().gen;
    runner.step(true);
    expect(last().status).toBe('paused');
    expect(last().data!.log.length).toBeGreaterThan(0);
    runner.inject({ at: 0, kind: 'gc-pause', target: 'warehouse-1', duration: 60 });
    expect(last().live.length).toBe(1);
    runner.reset();
    expect(last().gen).toBe(g0 + 1);
    expect(last().live).toEqual([]);
    expect(last().data!.events).toBe(0);
    runner.play();
    for (let i = 0; i < 100 && runner.status !== 'finished'; i++) host.advance(1000);
    expect(runner.inject({ at: 0, kind: 'add-consumer', target: 'warehouse', count: 1 })).toMatchObject({ ok: false });
  });

  it('loadAt fast-forwards to a time, pauses there, and then finishes with the CLI’s numbers', () => {
    const base = load('littles-law');
    const s: KafkaScenario = { ...base, producers: base.producers.map((p) => ({ ...p, stopAt: 300 })) };
    const { host, runner, last } = setup();
    expect(runner.loadAt(s, 250)).toMatchObject({ ok: true, status: 'paused' });
    expect(last().data!.simTime).toBe(250);
    runner.play();
    for (let i = 0; i < 100 && runner.status !== 'finished'; i++) host.advance(1000);
    expect(JSON.stringify(last().data!.summary)).toBe(JSON.stringify(cliSummary(s)));
  });

  it('reports an invalid or non-Kafka scenario as an error snapshot', () => {
    const { runner, last } = setup();
    expect(runner.load({ model: 'kafka', version: 1 })).toMatchObject({ ok: false });
    expect(last().status).toBe('error');
    expect(last().error).toMatch(/invalid scenario/);
  });
});

describe('share links with live faults', () => {
  it('merges the scenario’s faults and live ones by time, stably', () => {
    const s = { faults: [{ at: 10, k: 'a' }, { at: 30, k: 'b' }] };
    expect(withLiveFaults(s, [{ at: 10, k: 'x' }, { at: 20, k: 'y' }]).faults.map((f) => f.k)).toEqual(['a', 'x', 'y', 'b']);
    expect(withLiveFaults(s, [])).toBe(s);
  });

  it('repairs a tampered Kafka link field by field towards the shipped scenario', () => {
    const base = load('hot-partition');
    const raw = rawFromHash(encodeShareHash({ ...base, groups: [{ ...base.groups[0], members: -3 }], topic: { ...base.topic, partitions: 'x' } } as never))!;
    const r = repairScenario(raw, base)!;
    expect(r.errors.join('\n')).toMatch(/groups\.0\.members/);
    expect(r.scenario.groups[0].members).toBe(6);
    expect(r.scenario.topic.partitions).toBe(6);
    expect(repairScenario({ model: 'station' }, base)).toBeNull();
    // A fault on a consumer that does not exist cannot be repaired: it is dropped.
    const ghost = repairScenario({ ...base, faults: [{ at: 5, kind: 'crash', target: 'nobody-1' }, { at: 9, kind: 'add-consumer', target: 'warehouse' }] } as never, base)!;
    expect(ghost.errors.join('\n')).toMatch(/faults\.0\.target/);
    expect(ghost.scenario.faults.map((f) => f.kind)).toEqual(['add-consumer']);
    expect(rawFromHash('#v1.garbage')).toBeNull();
  });
});
