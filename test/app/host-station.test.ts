import { describe, expect, it } from 'vitest';
import { RunHost, SNAPSHOT_MS } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import type { StationData } from '../../src/run/models/station/snapshot.ts';
import { FakeHost } from './fakeHost.ts';
import { runScenario } from '../../src/run/run.ts';
import type { StationScenario as Scenario } from '../../src/scenario/index.ts';
import { SHIPPED_FOR_TEST } from './fixtures.ts';

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot<StationData>[] = [];
  const runner = new RunHost(host, (s) => snaps.push(s as Snapshot<StationData>));
  const last = () => snaps[snaps.length - 1];
  return { host, snaps, runner, last };
}

const short = (s: Scenario, duration: number): Scenario => ({ ...s, duration, warmup: Math.min(s.warmup, duration / 10) });

describe('RunHost with a station scenario', () => {
  it('runs a scenario at max speed to the end with exactly the summary the CLI prints', () => {
    for (const scenario of [short(SHIPPED_FOR_TEST.mm1, 20_000), short(SHIPPED_FOR_TEST.mm1k, 20_000), { ...short(SHIPPED_FOR_TEST.mmc, 10_000), seed: 7 }]) {
      const { host, runner, last } = setup();
      expect(runner.load(scenario)).toMatchObject({ ok: true, status: 'idle' });
      runner.speed('max');
      runner.play();
      host.advance(10_000);
      expect(runner.status).toBe('finished');
      expect(host.idle).toBe(true);
      const s = last();
      expect(s.status).toBe('finished');
      expect(s.data!.summary.simTime).toBe(scenario.duration);
      expect(JSON.stringify(s.data!.summary)).toBe(JSON.stringify(runScenario(scenario)));
    }
  });

  it('paces a run at the chosen simulated seconds per wall second and sends ~10 snapshots a second', () => {
    const { host, runner, snaps, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    runner.speed(100);
    runner.play();
    const before = snaps.length;
    host.advance(2000);
    const simTime = last().data!.summary.simTime;
    expect(simTime).toBeGreaterThan(190);
    expect(simTime).toBeLessThanOrEqual(201);
    const sent = snaps.length - before;
    expect(sent).toBeGreaterThanOrEqual(2000 / SNAPSHOT_MS - 3);
    expect(sent).toBeLessThanOrEqual(2000 / SNAPSHOT_MS + 3);
    expect(runner.status).toBe('running');
  });

  it('pause stops the clock and the snapshots; play resumes', () => {
    const { host, runner, snaps, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    runner.speed(50);
    runner.play();
    host.advance(500);
    runner.pause();
    expect(last().status).toBe('paused');
    const n = snaps.length;
    const t = last().data!.summary.simTime;
    host.advance(2000);
    expect(snaps.length).toBe(n);
    expect(host.idle).toBe(true);
    runner.play();
    host.advance(500);
    expect(last().data!.summary.simTime).toBeGreaterThan(t);
  });

  it('step runs exactly one event while idle or paused', () => {
    const { runner, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    expect(last().data!.summary.events).toBe(0);
    expect(runner.step()).toMatchObject({ ok: true, status: 'paused' });
    expect(last().data!.summary.events).toBe(1);
    const t1 = last().data!.summary.simTime;
    runner.step();
    expect(last().data!.summary.events).toBe(2);
    expect(last().data!.summary.simTime).toBeGreaterThanOrEqual(t1);
  });

  it('gives the same final numbers however the run was interleaved with steps, pauses and speed changes', () => {
    const scenario = short(SHIPPED_FOR_TEST.mm1, 20_000);
    const { host, runner, last } = setup();
    runner.load(scenario);
    for (let i = 0; i < 5; i++) runner.step();
    runner.speed(1000);
    runner.play();
    host.advance(700);
    runner.pause();
    runner.step();
    runner.speed(30);
    runner.play();
    host.advance(300);
    runner.speed('max');
    host.advance(10_000);
    expect(last().status).toBe('finished');
    expect(JSON.stringify(last().data!.summary)).toBe(JSON.stringify(runScenario(scenario)));
  });

  it('bumps the generation by exactly one on every load and reset and restarts from time 0', () => {
    const { host, runner, last } = setup();
    expect(runner.load(SHIPPED_FOR_TEST.mm1).gen).toBe(1);
    expect(last().gen).toBe(1);
    runner.play();
    host.advance(200);
    const seq = last().seq;
    expect(runner.reset()).toMatchObject({ ok: true, gen: 2, status: 'idle' });
    expect(last()).toMatchObject({ gen: 2, status: 'idle' });
    expect(last().seq).toBeGreaterThan(seq);
    expect(last().data!.summary.simTime).toBe(0);
    host.advance(1000);
    expect(last().gen).toBe(2);
    expect(runner.load({ ...SHIPPED_FOR_TEST.mm1, seed: 3 }).gen).toBe(3);
  });

  it('reports an invalid scenario as data, refuses to play it and bumps the generation anyway', () => {
    const { runner, last } = setup();
    const r = runner.load({ version: 1, model: 'station', duration: -5, arrival: { rate: 'fast' }, service: { type: 'exponential', mean: 1 } });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.gen).toBe(1);
      expect(r.error).toMatch(/duration/);
      expect(r.error).toMatch(/arrival\.rate/);
    }
    expect(last()).toMatchObject({ status: 'error', data: null });
    expect(runner.play().ok).toBe(false);
    expect(runner.step().ok).toBe(false);
    expect(runner.reset().ok).toBe(false);
    expect(runner.load(SHIPPED_FOR_TEST.mm1)).toMatchObject({ ok: true, gen: 3, status: 'idle' });
  });

  it('rejects nonsense speeds without touching the run', () => {
    const { runner } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, '10' as unknown as number]) {
      expect(runner.speed(bad).ok).toBe(false);
    }
    expect(runner.status).toBe('idle');
    expect(runner.speed(10).ok).toBe(true);
  });

  it('sends the series as fresh typed arrays (safe to transfer) with the bucket width', () => {
    const { host, runner, snaps } = setup();
    runner.load(short(SHIPPED_FOR_TEST.mm1, 5000));
    runner.play();
    host.advance(5000);
    const a = snaps[snaps.length - 1].data!.series;
    const b = snaps[snaps.length - 2].data!.series;
    expect(a.t).toBeInstanceOf(Float64Array);
    expect(a.t.buffer).not.toBe(b.t.buffer);
    expect(a.t.length).toBe(a.mean.length);
    expect(a.t.length).toBe(a.max.length);
    expect(a.t.length).toBeGreaterThan(0);
    expect(a.t.length).toBeLessThanOrEqual(1024);
    expect(a.width).toBeGreaterThan(0);
  });

  it('one host for every model: a station has no live faults, no focus beyond 0, and "next log line" is one event', () => {
    const { runner, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    expect(last()).toMatchObject({ kind: 'station', events: 0, simTime: 0 });
    const r = runner.inject({ at: 0, kind: 'producer-stop', target: '*' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/no live faults/);
    expect(runner.focus(0).ok).toBe(true);
    expect(runner.focus(1).ok).toBe(false);
    runner.step(true);
    expect(last()).toMatchObject({ status: 'paused', events: 1 });
    expect(last().data!.summary.events).toBe(1);
    expect(last().live).toEqual([]);
  });
});
