/**
 * Seeking (the page's timeline): the run at time t is replayed, not stored. A seek back then play
 * forward gives exactly the uninterrupted run — its snapshot at t byte for byte, its final summary
 * the CLI's — for a log and a station; faults injected live are kept on the way back and fire again;
 * a newer seek supersedes a replay under way; the replay yields between chunks.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RunHost } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import { withLiveFaults } from '../../workers/liveFaults.ts';
import { modelFor } from '../../src/run/registry.ts';
import { validateScenario, type Scenario } from '../../src/scenario/index.ts';
import { FakeHost } from './fakeHost.ts';

function load(id: string, duration?: number): Scenario {
  const path = fileURLToPath(new URL(`../../scenarios/${id}.json`, import.meta.url));
  const raw = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
  if (duration !== undefined) Object.assign(raw, { duration, warmup: Math.min(Number(raw.warmup), duration / 10) });
  const r = validateScenario(raw);
  if (!r.ok) throw new Error(`${id} does not validate`);
  return r.scenario;
}

/** A wall clock that moves 1 ms per reading: a replay then spends its tick budget after a few chunks, as a real one does. */
class SlowClock extends FakeHost {
  override now(): number {
    this.t += 1;
    return this.t;
  }
}

function setup(host = new FakeHost()) {
  const snaps: Snapshot[] = [];
  const runner = new RunHost(host, (s) => snaps.push(s));
  return { host, snaps, runner, last: () => snaps[snaps.length - 1] };
}

/** What the CLI prints for `s` (`npm run sim -- … --json --no-timing`). */
function cli(s: Scenario): string {
  const entry = modelFor(s);
  const m = entry.create(s);
  m.run(s.duration);
  return JSON.stringify(entry.summary(s, m));
}

/** A snapshot's data as bytes (typed arrays included), to compare two runs' views. */
const bytes = (s: Snapshot): string => JSON.stringify(s.data, (_, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v));
const summary = (s: Snapshot): string => JSON.stringify((s.data as { summary: unknown }).summary);

function until(host: FakeHost, runner: RunHost, done: () => boolean): void {
  for (let i = 0; i < 2000 && !done(); i++) host.advance(50);
  expect(done()).toBe(true);
}

/** The view at time t of a run that went there without stopping (loadAt: one model, straight to t). */
function straightTo(s: Scenario, t: number): Snapshot {
  const { runner, last } = setup();
  runner.loadAt(s, t);
  return last();
}

const storm = load('eager-vs-cooperative');
/** A scenario, a time to seek forward to, then one to seek back to. */
const CASES: [string, Scenario, number, number][] = [
  ['a log (littles-law, 150 s)', load('littles-law', 150), 120, 45],
  ['a log with scheduled faults (eager-vs-cooperative: six restarts)', storm, storm.duration * 0.75, Math.round(storm.duration / 3)],
  ['a station (mm1, 20,000 s)', load('mm1', 20_000), 15_000, 4_000],
];

describe('RunHost.seek', () => {
  for (const [name, s, ahead, back] of CASES) {
    it(`${name}: back to t then forward gives the uninterrupted run, byte for byte`, () => {
      const { host, runner, last, snaps } = setup();
      runner.load(s);
      runner.speed('max');
      // Forward to `ahead` by a seek (unpaced, paused there), then back to `back`.
      expect(runner.seek(ahead)).toMatchObject({ ok: true, status: 'paused' });
      until(host, runner, () => !runner.seeking && last().simTime === ahead);
      expect(last().status).toBe('paused');
      expect(bytes(last())).toBe(bytes(straightTo(s, ahead)));
      const n = snaps.length;
      expect(runner.seek(back)).toMatchObject({ ok: true, status: 'paused' });
      until(host, runner, () => !runner.seeking);
      expect(snaps.length).toBeGreaterThan(n);
      expect(last()).toMatchObject({ status: 'paused', simTime: back });
      expect(bytes(last())).toBe(bytes(straightTo(s, back)));
      // Play forward from there to the end: the CLI's summary.
      runner.play();
      until(host, runner, () => runner.status === 'finished');
      expect(summary(last())).toBe(cli(s));
      // A finished run seeks back too (its model is rebuilt) and finishes again the same.
      runner.seek(back);
      until(host, runner, () => !runner.seeking);
      expect(bytes(last())).toBe(bytes(straightTo(s, back)));
      runner.seek(s.duration);
      until(host, runner, () => runner.status === 'finished');
      expect(summary(last())).toBe(cli(s));
    });
  }

  // Every model, through its registry entry (one story of each, with its scheduled faults).
  for (const id of ['acks-and-isr', 'commit-before-processing', 'fifo-groups', 'retry-storm', 'tombstones', 'request-path', 'dual-write-outbox']) {
    it(`${id} (${load(id).model}): forward, back, then on to the end gives the uninterrupted run`, () => {
      const s = load(id);
      const { host, runner, last } = setup();
      runner.load(s);
      runner.seek(s.duration * 0.7);
      until(host, runner, () => !runner.seeking);
      const back = s.duration * 0.35;
      runner.seek(back);
      until(host, runner, () => !runner.seeking);
      expect(last()).toMatchObject({ status: 'paused', simTime: back });
      expect(bytes(last())).toBe(bytes(straightTo(s, back)));
      runner.play();
      until(host, runner, () => runner.status === 'finished');
      expect(summary(last())).toBe(cli(s));
    });
  }

  it('keeps faults injected live after the point it goes back to: they fire again, as the link replays them', () => {
    const s = load('littles-law', 150);
    const { host, runner, last } = setup();
    runner.load(s);
    runner.seek(100);
    until(host, runner, () => !runner.seeking);
    expect(runner.inject({ at: 0, kind: 'crash', target: 'warehouse-2', restartAfter: 30 })).toMatchObject({ ok: true });
    runner.seek(50);
    until(host, runner, () => !runner.seeking);
    expect(last().live).toEqual([{ at: 100, kind: 'crash', target: 'warehouse-2', restartAfter: 30 }]);
    // The view at 50 s is the link's run's there (only the theory differs from the run without the fault: none applies with one).
    expect(bytes(last())).toBe(bytes(straightTo(withLiveFaults(s, last().live), 50)));
    runner.play();
    until(host, runner, () => runner.status === 'finished');
    const linked = withLiveFaults(s, last().live);
    expect(summary(last())).toBe(cli(linked));
    expect(summary(last())).not.toBe(cli(s));
    // A fault pressed after going back lands at that time, before the kept one.
    runner.seek(25);
    until(host, runner, () => !runner.seeking);
    expect(runner.inject({ at: 0, kind: 'gc-pause', target: 'warehouse-1', duration: 20 })).toMatchObject({ ok: true });
    runner.play();
    until(host, runner, () => runner.status === 'finished');
    expect(last().live.map((f) => [f.at, f.kind])).toEqual([
      [100, 'crash'],
      [25, 'gc-pause'],
    ]);
    expect(summary(last())).toBe(cli(withLiveFaults(s, last().live)));
  });

  it('replays in chunks with progress, and a newer seek supersedes the replay under way', () => {
    const s = load('littles-law', 150);
    const { host, runner, last, snaps } = setup(new SlowClock());
    runner.load(s);
    runner.seek(140);
    // Nothing ran yet: the replay is a task, not part of the command.
    expect(last().simTime).toBe(0);
    host.advance(300);
    const mid = last();
    expect(mid.seek).toEqual({ from: 0, to: 140 });
    expect(mid.simTime).toBeGreaterThan(0);
    expect(mid.simTime).toBeLessThan(140);
    // Back, to before where the replay is: rebuilt, from 0.
    const reached = mid.simTime;
    runner.seek(reached / 2);
    host.advance(1);
    const n = snaps.length;
    until(host, runner, () => !runner.seeking);
    expect(snaps.slice(n).every((x) => x.simTime <= reached / 2)).toBe(true);
    expect(last()).toMatchObject({ status: 'paused', simTime: reached / 2 });
    expect(bytes(last())).toBe(bytes(straightTo(s, reached / 2)));
    // Forward while a replay is under way: the same model goes on (no rebuild).
    runner.seek(125);
    host.advance(300);
    const on = last().simTime;
    expect(on).toBeGreaterThan(reached / 2);
    runner.seek(135);
    const m = snaps.length;
    host.advance(300);
    const next = snaps.slice(m).find((x) => x.seek?.to === 135);
    expect(next?.seek?.from).toBeGreaterThanOrEqual(on);
    until(host, runner, () => !runner.seeking);
    expect(bytes(last())).toBe(bytes(straightTo(s, 135)));
  });

  it('Play during a replay plays on from its time; Pause cancels that; Step and a fault finish the replay first', () => {
    const s = load('littles-law', 150);
    const { host, runner, last } = setup();
    runner.load(s);
    runner.speed(10);
    runner.seek(100);
    expect(runner.play()).toMatchObject({ ok: true, status: 'running' });
    until(host, runner, () => !runner.seeking);
    expect(runner.status).toBe('running');
    host.advance(1000);
    expect(last().simTime).toBeGreaterThan(105);
    expect(last().simTime).toBeLessThan(115);
    runner.seek(50);
    runner.play();
    runner.pause();
    until(host, runner, () => !runner.seeking);
    expect(last()).toMatchObject({ status: 'paused', simTime: 50 });
    runner.seek(120);
    expect(runner.step()).toMatchObject({ ok: true, status: 'paused' });
    expect(last().simTime).toBeGreaterThan(120);
    expect(last().seek).toBeNull();
    runner.seek(110);
    expect(runner.inject({ at: 0, kind: 'gc-pause', target: 'warehouse-1', duration: 5 })).toMatchObject({ ok: true });
    expect(last().live[0].at).toBe(110);
    host.advance(1000);
    expect(last().simTime).toBe(110);
  });

  it('clamps to the run, finishes at its end, and refuses a bad time or a run that failed', () => {
    const s = load('littles-law', 150);
    const { host, runner, last } = setup();
    expect(runner.seek(10)).toMatchObject({ ok: false });
    runner.load(s);
    expect(runner.seek(Number.NaN)).toMatchObject({ ok: false, error: expect.stringMatching(/^seek: the time must be a number of seconds in \[0, 150\]/) });
    runner.seek(-5);
    until(host, runner, () => !runner.seeking);
    expect(last()).toMatchObject({ status: 'paused', simTime: 0 });
    runner.seek(1e9);
    until(host, runner, () => !runner.seeking);
    expect(last()).toMatchObject({ status: 'finished', simTime: 150 });
    expect(runner.holdsModel).toBe(false);
    runner.load({ model: 'kafka' });
    expect(runner.seek(10)).toMatchObject({ ok: false });
  });
});
