/**
 * A static member restarted by its supervisor (after a poison record killed the process) keeps its
 * assignment and starts from the committed offsets — its fetch position and what it may commit
 * both go back to them, so a later commit never passes records nobody has fetched since.
 *
 * The scenario is the counterexample fast-check found (model-properties.test.ts, seed −760126274):
 * the restarted member committed its pre-crash processed offset, past its reset position, and then
 * fetched records below the commit that memory had already dropped.
 */
import { describe, expect, it } from 'vitest';
import { createKafka } from '../../src/run/run.ts';
import { RecordState } from '../../src/sim/model/kafka/partition-log.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';

const SCENARIO = {"version": 1, "model": "kafka", "seed": 16, "duration": 90, "topic": {"partitions": 6, "segment.ms": 10000, "log.retention.check.interval.ms": 5000}, "producers": [{"name": "p0", "rate": 66, "keys": {"kind": "zipf", "count": 19, "s": 1.311182628277885}}, {"name": "p1", "rate": 35, "stopAt": 60, "keys": {"kind": "zipf", "count": 9, "s": 1.8046240598215335}}], "groups": [{"group.id": "g0", "members": 2, "partition.assignment.strategy": "cooperative-sticky", "max.poll.records": 30, "max.poll.interval.ms": 19186, "session.timeout.ms": 9888, "heartbeat.interval.ms": 1512, "auto.offset.reset": "earliest", "commit": "after-processing", "group.initial.rebalance.delay.ms": 2763, "static": true, "processing": {"mode": "sequential", "time": {"type": "exponential", "mean": 0.008255880478859265}, "idempotent": true, "failureRate": 0.02}, "retry": {"mode": "in-place", "maxAttempts": 2, "backoff": {"initial.ms": 1297, "multiplier": 2, "max.ms": 4757, "jitter": 0}, "dlq": false, "attempts": "memory", "classify": false, "restartAfter": 3}}], "faults": [{"at": 0.1, "kind": "poison", "partition": 4, "count": 4, "effect": "crash"}]};

describe('static member restarted after a crash', () => {
  it('commits from the committed offset: position never falls below the commit, counters match record states', () => {
    const s = parseScenarioOrThrow(SCENARIO) as KafkaScenario;
    const m = createKafka(s);
    const g = m.groups[0];
    for (let t = 0.5; t <= s.duration; t += 0.5) {
      m.run(t);
      for (const c of g.consumers) {
        for (const p of c.entry?.owned ?? []) expect(g.position[p], `t=${t} orders-${p}`).toBeGreaterThanOrEqual(g.committed[p]);
      }
      let inFlight = 0;
      for (const log of m.logs) inFlight += log.countStates(0)[RecordState.InFlight];
      expect(g.inFlight, `t=${t}`).toBe(inFlight);
    }
    expect(m.logEntries().some((e) => e.text.includes('static member keeps its assignment'))).toBe(true);
  });
});
