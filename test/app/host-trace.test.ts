/** The worker host's "follow one record": a replay of the live run (its faults injected live included) up to now, or to the end. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { RunHost } from '../../workers/host.ts';
import type { Snapshot } from '../../workers/protocol.ts';
import { FakeHost } from './fakeHost.ts';
import { validateScenario, type KafkaScenario } from '../../src/scenario/index.ts';
import { withLiveFaults } from '../../workers/liveFaults.ts';
import { traceKafka } from '../../src/run/models/kafka/trace.ts';

function load(id: string) {
  const r = validateScenario(JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')));
  if (!r.ok) throw new Error(id);
  return r.scenario;
}

describe('RunHost.trace', () => {
  it('replays the run with its live faults up to the current time, leaves the run as it was, and after the end replays it whole', () => {
    const s = load('littles-law') as KafkaScenario;
    const host = new FakeHost();
    const snaps: Snapshot[] = [];
    const runner = new RunHost(host, (x) => snaps.push(x));
    runner.load(s);
    const q = { by: 'nth', n: 3000 };
    // Not started: the whole run.
    const before = runner.trace(q);
    expect(before.ok && before.trace.until).toBe(s.duration);
    runner.speed(50);
    runner.play();
    host.advance(1500);
    expect(runner.inject({ at: 0, kind: 'crash', target: 'warehouse-1', restartAfter: 5 })).toMatchObject({ ok: true });
    host.advance(800);
    runner.pause();
    const now = snaps.at(-1)!.simTime;
    const live = snaps.at(-1)!.live;
    expect(live).toHaveLength(1);
    const events = snaps.at(-1)!.events;
    const r = runner.trace(q);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.trace.until).toBe(now);
    expect(JSON.stringify(r.trace)).toBe(JSON.stringify((traceKafka(withLiveFaults(s, live) as KafkaScenario, q, now) as { trace: unknown }).trace));
    expect(runner.trace(q, true)).toMatchObject({ ok: true, trace: { until: s.duration } });
    // The live run did not move.
    runner.focus(0);
    expect(snaps.at(-1)!.simTime).toBe(now);
    expect(snaps.at(-1)!.events).toBe(events);
    runner.speed('max');
    runner.play();
    for (let i = 0; i < 100 && runner.status !== 'finished'; i++) host.advance(1000);
    expect(runner.status).toBe('finished');
    expect(runner.holdsModel).toBe(false);
    const after = runner.trace(q);
    expect(after.ok && after.trace.until).toBe(s.duration);
    expect(runner.trace({ by: 'nth', n: 0 })).toMatchObject({ ok: false, error: expect.stringMatching(/\[1, 2147483647\]/) });
  });

  it('answers a model without records to follow with an error', () => {
    const runner = new RunHost(new FakeHost(), () => {});
    expect(runner.trace({ by: 'nth', n: 1 })).toEqual({ ok: false, error: 'no scenario is loaded' });
    runner.load(load('mm1'));
    expect(runner.trace({ by: 'nth', n: 1 })).toMatchObject({ ok: false, error: expect.stringMatching(/has no records to follow/) });
  });
});
