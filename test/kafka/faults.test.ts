/**
 * Faults are data: a fault toggled live (applyFault at the current simulated time) is recorded in
 * the model's timeline, and re-running the scenario with that timeline reproduces the live run
 * exactly — which is what lets a share link replay a session with live toggles.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka, summarize } from '../../src/run/run.ts';
import type { Fault } from '../../src/sim/model/kafka/kafka-model.ts';

const base = (): KafkaScenario => {
  const raw = JSON.parse(readFileSync('scenarios/eager-vs-cooperative.json', 'utf8'));
  return parseScenarioOrThrow({ ...raw, faults: [] }) as KafkaScenario;
};

describe('fault timeline', () => {
  it('a live toggle is recorded and replays to identical numbers and log', () => {
    const s = base();
    const live = createKafka(s);
    const toggles: [number, Fault][] = [
      [42.5, { at: 0, kind: 'crash', target: 'warehouse-2', restartAfter: 7 }],
      [95, { at: 0, kind: 'gc-pause', target: 'warehouse-4', duration: 50 }],
      [150, { at: 0, kind: 'add-consumer', target: 'warehouse', count: 2 }],
      [200, { at: 0, kind: 'slow-downstream', target: 'warehouse', factor: 3, duration: 30 }],
      [260, { at: 0, kind: 'remove-consumer', target: 'warehouse-7' }],
    ];
    for (const [t, f] of toggles) {
      live.run(t);
      live.inject(f);
    }
    live.run(s.duration);
    expect(live.applied.map((f) => f.at)).toEqual(toggles.map(([t]) => t));

    const replayScenario = parseScenarioOrThrow({ ...s, faults: live.applied }) as KafkaScenario;
    const replay = createKafka(replayScenario);
    replay.run(s.duration);
    expect(JSON.stringify(summarize(replayScenario, replay))).toBe(JSON.stringify(summarize(replayScenario, live)));
    expect(replay.logEntries()).toEqual(live.logEntries());
    // The faults did something: a crash noticed after the session timeout, a GC pause past it.
    const text = live.logEntries().map((e) => e.text).join('\n');
    expect(text).toMatch(/has failed, removing it from the group \(session timeout 45000 ms\)/);
    expect(text).toMatch(/GC pause of 50000 ms/);
  });

  it('refuses a fault for a consumer or group that does not exist, naming the valid ones', () => {
    const m = createKafka(base());
    expect(() => m.inject({ at: 0, kind: 'crash', target: 'nobody-1' })).toThrow(/no consumer named "nobody-1"/);
    expect(() => m.inject({ at: 0, kind: 'add-consumer', target: 'nobody' })).toThrow(/no consumer group "nobody" \(groups: warehouse\)/);
    expect(m.applied).toEqual([]);
  });

  it('a timeline fault for a consumer that does not exist yet is logged and skipped, not fatal', () => {
    const s = parseScenarioOrThrow({
      ...base(),
      faults: [
        { at: 10, kind: 'crash', target: 'warehouse-7' },
        { at: 20, kind: 'add-consumer', target: 'warehouse' },
      ],
    }) as KafkaScenario;
    const m = createKafka(s);
    m.run(30);
    expect(m.applied.map((f) => f.kind)).toEqual(['add-consumer']);
    expect(m.logEntries().some((e) => e.level === 'WARN' && e.text === 'crash skipped: no consumer named "warehouse-7" (consumers are named <group.id>-<n>, e.g. warehouse-1)')).toBe(true);
  });
});
