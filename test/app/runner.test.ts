import { describe, expect, it } from 'vitest';
import { SimRunner, SNAPSHOT_MS, type Host } from '../../workers/runner.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import { runScenario } from '../../src/run/run.ts';
import type { StationScenario as Scenario } from '../../workers/protocol.ts';
import { SHIPPED_FOR_TEST } from './fixtures.ts';

/** A wall clock that only moves when told to (plus a hair per reading, so budget loops end). */
class FakeHost implements Host {
  t = 0;
  private tasks: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  now(): number {
    this.t += 0.001;
    return this.t;
  }
  asap(fn: () => void): void {
    this.tasks.push({ at: this.t, seq: this.seq++, fn });
  }
  after(ms: number, fn: () => void): void {
    this.tasks.push({ at: this.t + ms, seq: this.seq++, fn });
  }
  /** Runs every task due within the next `ms` of wall time, advancing the clock to each. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.tasks[0];
      if (!next || next.at > end) break;
      this.tasks.shift();
      if (next.at > this.t) this.t = next.at;
      next.fn();
    }
    if (this.t < end) this.t = end;
  }
  get idle(): boolean {
    return this.tasks.length === 0;
  }
}

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot[] = [];
  const runner = new SimRunner(host, (s) => snaps.push(s));
  const last = () => snaps[snaps.length - 1];
  return { host, snaps, runner, last };
}

const short = (s: Scenario, duration: number): Scenario => ({ ...s, duration, warmup: Math.min(s.warmup, duration / 10) });

describe('SimRunner', () => {
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
      expect(s.summary!.simTime).toBe(scenario.duration);
      expect(JSON.stringify(s.summary)).toBe(JSON.stringify(runScenario(scenario)));
    }
  });

  it('paces a run at the chosen simulated seconds per wall second and sends ~12 snapshots a second', () => {
    const { host, runner, snaps, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    runner.speed(100);
    runner.play();
    const before = snaps.length;
    host.advance(2000);
    const simTime = last().summary!.simTime;
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
    const t = last().summary!.simTime;
    host.advance(2000);
    expect(snaps.length).toBe(n);
    expect(host.idle).toBe(true);
    runner.play();
    host.advance(500);
    expect(last().summary!.simTime).toBeGreaterThan(t);
  });

  it('step runs exactly one event while idle or paused', () => {
    const { runner, last } = setup();
    runner.load(SHIPPED_FOR_TEST.mm1);
    expect(last().summary!.events).toBe(0);
    expect(runner.step()).toMatchObject({ ok: true, status: 'paused' });
    expect(last().summary!.events).toBe(1);
    const t1 = last().summary!.simTime;
    runner.step();
    expect(last().summary!.events).toBe(2);
    expect(last().summary!.simTime).toBeGreaterThanOrEqual(t1);
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
    expect(JSON.stringify(last().summary)).toBe(JSON.stringify(runScenario(scenario)));
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
    expect(last().summary!.simTime).toBe(0);
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
    expect(last()).toMatchObject({ status: 'error', summary: null });
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
    const a = snaps[snaps.length - 1].series;
    const b = snaps[snaps.length - 2].series;
    expect(a.t).toBeInstanceOf(Float64Array);
    expect(a.t.buffer).not.toBe(b.t.buffer);
    expect(a.t.length).toBe(a.mean.length);
    expect(a.t.length).toBe(a.max.length);
    expect(a.t.length).toBeGreaterThan(0);
    expect(a.t.length).toBeLessThanOrEqual(1024);
    expect(a.width).toBeGreaterThan(0);
  });
});
