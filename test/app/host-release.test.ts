/**
 * A run that has ended gives its model back (hardening): once finished or failed, the worker's
 * RunHost keeps only the final data for every entity the page can focus on, and every command
 * that can still arrive is answered from that — or, for reset/load, from the scenario.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { RunHost } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import type { KafkaSnapshotData } from '../../src/run/models/kafka/snapshot.ts';
import type { StationData } from '../../src/run/models/station/snapshot.ts';
import { kafkaEntry } from '../../src/run/models/kafka/entry.ts';
import { stationEntry } from '../../src/run/models/station/entry.ts';
import { parseScenarioOrThrow, type KafkaScenario, type Scenario } from '../../src/scenario/index.ts';
import { CRASH_LOOP } from '../fixtures/crash-loop.ts';
import { FakeHost } from './fakeHost.ts';
import { liveToEnd, SHIPPED_FOR_TEST } from './fixtures.ts';

function setup() {
  const host = new FakeHost();
  const snaps: Snapshot[] = [];
  const runner = new RunHost(host, (s) => snaps.push(s));
  return { host, snaps, runner, last: () => snaps[snaps.length - 1] };
}

/** Two consumer groups (so there is a second entity to focus on), shortened. */
function pubsub(): KafkaScenario {
  const s = parseScenarioOrThrow(JSON.parse(readFileSync('scenarios/pubsub-groups.json', 'utf8'))) as KafkaScenario;
  return { ...s, duration: 120, warmup: 12 };
}

function runToEnd(host: FakeHost, runner: RunHost): void {
  runner.play();
  for (let i = 0; i < 200 && runner.status === 'running'; i++) host.advance(1000);
}

/** Typed arrays as plain arrays, so two snapshots compare by value. */
const plain = (d: unknown): unknown => JSON.parse(JSON.stringify(d, (_k, v: unknown) => (ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v)));

/** What a transfer to the page does to the worker's copy: detaches the buffers. */
function send(runner: RunHost, s: Snapshot): void {
  structuredClone(s, { transfer: runner.transferables(s) });
}

/** The live view's snapshots at the end of the same run, model in hand (what the host showed before it let go). */
function liveEnd(s: Scenario): unknown[] {
  const { entry, view } = liveToEnd(s);
  return Array.from({ length: entry.focusCount(s) }, (_, i) => plain(view.snapshot(s, i)));
}

describe('RunHost after a run has ended', () => {
  it('drops the model once a run finishes and still answers focus with the final data of the newly focused group', () => {
    const scenario = pubsub();
    const { host, runner, last } = setup();
    runner.load(scenario);
    expect(runner.holdsModel).toBe(true);
    runToEnd(host, runner);
    expect(runner.status).toBe('finished');
    expect(runner.holdsModel).toBe(false);
    const expected = liveEnd(scenario);
    const end = last() as Snapshot<KafkaSnapshotData>;
    expect(end).toMatchObject({ status: 'finished', simTime: scenario.duration });
    expect(end.events).toBeGreaterThan(0);
    expect(plain(end.data)).toEqual(expected[0]);
    send(runner, end);

    expect(runner.focus(1)).toMatchObject({ ok: true, status: 'finished' });
    const f1 = last() as Snapshot<KafkaSnapshotData>;
    expect(f1.data!.focus).toMatchObject({ index: 1, id: 'analytics' });
    // The same numbers the live view would have drawn for that group, buffers intact after the earlier transfer.
    expect(plain(f1.data)).toEqual(expected[1]);
    expect(f1.data!.series.lagRecords.t.length).toBeGreaterThan(0);
    expect(f1).toMatchObject({ simTime: end.simTime, events: end.events, status: 'finished' });
    send(runner, f1);
    expect(runner.focus(0)).toMatchObject({ ok: true });
    expect(plain(last().data)).toEqual(expected[0]);
    expect(runner.focus(2)).toEqual({ ok: false, gen: end.gen, error: 'focus must be an index in [0, 1], got 2' });
    expect(runner.holdsModel).toBe(false);
  });

  it('answers every other command after the finish sensibly, and reset, load and loadAt build a new model', () => {
    const scenario = pubsub();
    const { host, runner, snaps, last } = setup();
    runner.load(scenario);
    runToEnd(host, runner);
    const end = last();
    const gen = end.gen;
    const finished = { ok: true, gen, status: 'finished' };

    expect(runner.play()).toEqual(finished);
    expect(host.idle).toBe(true); // nothing scheduled: there is nothing left to run
    expect(runner.pause()).toEqual(finished);
    expect(runner.step()).toEqual(finished);
    expect(runner.step(true)).toEqual(finished);
    expect(runner.inject({ at: 0, kind: 'crash', target: 'billing-1', restartAfter: null })).toEqual({ ok: false, gen, error: 'the run has finished: reset it to inject faults' });
    const before = snaps.length;
    expect(runner.speed(25)).toEqual(finished);
    expect(snaps.length).toBe(before + 1);
    expect(last()).toMatchObject({ status: 'finished', speed: 25, simTime: scenario.duration, events: end.events, live: [] });
    expect(plain(last().data)).toEqual(plain(end.data));
    expect(runner.speed(-1)).toMatchObject({ ok: false });
    expect(runner.holdsModel).toBe(false);
    expect(runner.transferables(last()).length).toBeGreaterThan(0);

    expect(runner.reset()).toEqual({ ok: true, gen: gen + 1, status: 'idle' });
    expect(runner.holdsModel).toBe(true);
    expect(last()).toMatchObject({ status: 'idle', simTime: 0, events: 0 });
    runner.speed('max');
    runToEnd(host, runner);
    expect(runner.holdsModel).toBe(false);
    expect(plain((last() as Snapshot<KafkaSnapshotData>).data!.summary)).toEqual(plain((end as Snapshot<KafkaSnapshotData>).data!.summary));

    expect(runner.loadAt(scenario, scenario.duration)).toMatchObject({ ok: true, status: 'finished' });
    expect(runner.holdsModel).toBe(false);
    expect(plain((last() as Snapshot<KafkaSnapshotData>).data!.summary)).toEqual(plain((end as Snapshot<KafkaSnapshotData>).data!.summary));
    expect(runner.loadAt(scenario, scenario.duration / 2)).toMatchObject({ ok: true, status: 'paused' });
    expect(runner.holdsModel).toBe(true);

    expect(runner.load(SHIPPED_FOR_TEST.mm1)).toMatchObject({ ok: true, status: 'idle' });
    expect(runner.holdsModel).toBe(true);
  });

  it('a run finished by stepping lets go of its model too', () => {
    const s = { ...SHIPPED_FOR_TEST.mm1, duration: 5, warmup: 0 };
    const { runner, last } = setup();
    runner.load(s);
    for (let i = 0; i < 10_000 && runner.status !== 'finished'; i++) runner.step();
    expect(runner.status).toBe('finished');
    expect(runner.holdsModel).toBe(false);
    const end = last() as Snapshot<StationData>;
    expect(end.data!.summary.simTime).toBe(5);
    send(runner, end);
    expect(runner.focus(0)).toMatchObject({ ok: true, status: 'finished' });
    const again = last() as Snapshot<StationData>;
    expect(again.data!.series.t.length).toBeGreaterThan(0);
    expect(plain(again.data)).toEqual(plain(liveEnd(s)[0]));
    expect(runner.focus(1)).toMatchObject({ ok: false, error: 'focus must be an index in [0, 0], got 1' });
  });

  it('drops the model when a run fails; commands are refused with the error, focus still answers, reset recovers', () => {
    const { host, runner, last } = setup();
    runner.load(parseScenarioOrThrow(CRASH_LOOP));
    runner.play();
    for (let i = 0; i < 200 && runner.status === 'running'; i++) host.advance(100);
    expect(runner.status).toBe('error');
    expect(runner.holdsModel).toBe(false);
    const failed = last() as Snapshot<KafkaSnapshotData>;
    expect(failed.data).not.toBeNull();
    const error = failed.error!;
    expect(error).toMatch(/^simulated time stopped advancing/);
    for (const r of [runner.play(), runner.step(), runner.step(true), runner.inject({ at: 0, kind: 'add-consumer', target: 'warehouse', count: 1 })]) {
      expect(r).toEqual({ ok: false, gen: failed.gen, error });
    }
    expect(runner.pause()).toMatchObject({ ok: true, status: 'error' });
    const failedData = plain(failed.data);
    send(runner, failed);
    expect(runner.focus(0)).toMatchObject({ ok: true, status: 'error' });
    expect(last()).toMatchObject({ status: 'error', error, simTime: failed.simTime, events: failed.events });
    expect(plain(last().data)).toEqual(failedData);
    expect(runner.reset()).toMatchObject({ ok: true, status: 'idle' });
    expect(runner.holdsModel).toBe(true);
  });

  it('nothing keeps a finished model reachable (checked with the garbage collector)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // Every model built, weakly. (Not a vi.spyOn: a spy records what it returned, and so would hold the models.)
    const refs: WeakRef<object>[] = [];
    const entries = [kafkaEntry, stationEntry] as { create: (s: never) => object }[];
    const creates = entries.map((e) => e.create);
    entries.forEach((e, i) => {
      e.create = (s: never) => {
        const m = creates[i](s);
        refs.push(new WeakRef(m));
        return m;
      };
    });
    try {
      const a = setup();
      a.runner.load(pubsub());
      runToEnd(a.host, a.runner);
      expect(a.runner.status).toBe('finished');
      a.runner.focus(1);
      const st = setup();
      st.runner.load({ ...SHIPPED_FOR_TEST.mm1, duration: 2000, warmup: 200 });
      runToEnd(st.host, st.runner);
      expect(st.runner.status).toBe('finished');
      // The control: a paused run's model is held, and the check must see that.
      const b = setup();
      b.runner.loadAt(pubsub(), 30);
      expect(refs).toHaveLength(3);
      // WeakRef targets stay alive until the current job ends: collect after a turn of the event
      // loop. V8 may still be compiling one of a model's functions on its background thread, and a
      // compilation job holds the function (and through its context the model) until it ends —
      // under load, past one turn. So collect again after a pause, a bounded number of times: a
      // model something really keeps is never collected, and the paused run's must survive them all.
      const alive = (): boolean[] => refs.map((r) => r.deref() !== undefined);
      for (let i = 0; i < 40; i++) {
        await new Promise((r) => setTimeout(r, i === 0 ? 0 : 50));
        gc();
        if (!alive()[0] && !alive()[1]) break;
      }
      expect(alive()).toEqual([false, false, true]);
      // Every host is still in use after the collection (so none was collected whole).
      expect(a.runner.focus(0)).toMatchObject({ ok: true, status: 'finished' });
      expect(st.runner.focus(0)).toMatchObject({ ok: true, status: 'finished' });
      expect(b.runner.status).toBe('paused');
    } finally {
      entries.forEach((e, i) => (e.create = creates[i]));
    }
  });
});
