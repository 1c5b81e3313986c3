/**
 * The page never shows "running" forever (issue 10a): when a run's simulated time stops
 * advancing, the worker's RunHost stops the run and reports it in an error snapshot that says
 * why; reset and loading another scenario recover. Live faults that would make time stop, or
 * stack load spikes beyond the record limit, are refused before they are applied.
 */
import { CRASH_LOOP } from '../fixtures/crash-loop.ts';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RunHost } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import type { KafkaSnapshotData } from '../../src/run/models/kafka/snapshot.ts';
import { parseScenarioOrThrow } from '../../src/scenario/index.ts';
import type { KafkaScenario } from '../../src/scenario/index.ts';
import { FakeHost } from './fakeHost.ts';

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot<KafkaSnapshotData>[] = [];
  const runner = new RunHost(host, (s) => snaps.push(s as Snapshot<KafkaSnapshotData>));
  return { host, snaps, runner, last: () => snaps[snaps.length - 1] };
}

/** Valid, but a consumer crashes on a record and is back at once, forever, at one instant. */
function crashLoop(): KafkaScenario {
  return parseScenarioOrThrow(CRASH_LOOP) as KafkaScenario;
}

describe('RunHost when simulated time stops advancing', () => {
  it('reports the stop in an error snapshot that says why, stops ticking, and recovers on reset and on load', () => {
    const { host, runner, last } = setup();
    expect(runner.load(crashLoop())).toMatchObject({ ok: true, status: 'idle' });
    runner.play();
    for (let i = 0; i < 200 && runner.status === 'running'; i++) host.advance(100);
    expect(runner.status).toBe('error');
    const snap = last();
    expect(snap.status).toBe('error');
    expect(snap.error).toMatch(/^simulated time stopped advancing at t = 3\.\d+ s: 1,000,000 events without progress \(.*\) — the model has work that takes no time/);
    expect(snap.simTime).toBeGreaterThan(3);
    expect(snap.data).not.toBeNull();
    // Nothing keeps running in the background, and the run cannot be resumed as it is.
    expect(host.idle).toBe(true);
    expect(runner.play()).toMatchObject({ ok: false, error: snap.error });
    expect(runner.step()).toMatchObject({ ok: false });

    expect(runner.reset()).toMatchObject({ ok: true, status: 'idle' });
    expect(last()).toMatchObject({ status: 'idle', error: null, simTime: 0, events: 0 });

    const shipped = parseScenarioOrThrow(JSON.parse(readFileSync('scenarios/littles-law.json', 'utf8')));
    runner.play();
    for (let i = 0; i < 200 && runner.status === 'running'; i++) host.advance(100);
    expect(runner.status).toBe('error');
    expect(runner.load(shipped)).toMatchObject({ ok: true, status: 'idle' });
    runner.play();
    for (let i = 0; i < 200 && runner.status !== 'finished'; i++) host.advance(1000);
    expect(last()).toMatchObject({ status: 'finished', error: null, simTime: shipped.duration });
  });

  it('refuses a live poison record in a group that processes in zero time without retries, saying why', () => {
    const { host, runner, last } = setup();
    const s = parseScenarioOrThrow({
      version: 1,
      model: 'kafka',
      duration: 60,
      topic: { partitions: 2 },
      producers: [{ name: 'checkout', rate: 100 }],
      groups: [{ 'group.id': 'warehouse', processing: { time: { type: 'deterministic', mean: 0 } } }],
    });
    runner.load(s);
    runner.speed(5);
    runner.play();
    host.advance(1000);
    const r = runner.inject({ at: 0, kind: 'poison', partition: 0, key: null, count: 1, effect: 'exception' });
    expect(r).toMatchObject({ ok: false });
    expect(!r.ok && r.error).toMatch(/^groups\.0\.processing\.time: must take time when a poison record \(faults\.0\) fails in the handler and retry\.mode is "none"/);
    expect(runner.status).toBe('running');
    expect(last().live).toEqual([]);
  });

  it('stacks live “Load ×8” spikes, and refuses the one that would push the run past its budget', () => {
    const { host, runner, last } = setup();
    const s = parseScenarioOrThrow({
      version: 1,
      model: 'kafka',
      duration: 600,
      topic: { partitions: 6 },
      producers: [{ name: 'checkout', rate: 10_000 }],
      groups: [],
    });
    runner.load(s);
    runner.step();
    const spike = { at: 0, kind: 'load-spike', target: '*', factor: 8, duration: 120 } as const;
    expect(runner.inject(spike)).toMatchObject({ ok: true });
    const r = runner.inject(spike);
    expect(r).toMatchObject({ ok: false });
    // ×8 then ×64 for 120 s: 81.6 million records, more than the memory budget holds.
    expect(!r.ok && r.error).toMatch(/^duration: needs too much memory: .* 81\.6 million records held/);
    expect(last().live).toHaveLength(1);
    expect(host.idle).toBe(true);
  });
});
