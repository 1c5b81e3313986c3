/**
 * A producer deploys a new schema: the registry's compatibility level decides whether it is refused
 * at send() or registered — and then whether the consumers, still on the old schema, can read it.
 */
import { describe, expect, it } from 'vitest';
import { COMPATIBILITY_LEVELS, registers, oldReadersCope, SCHEMA_CHANGES } from '../../src/sim/model/kafka/schema-registry.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';
import { load, run } from './helpers.ts';

describe('the registry’s compatibility rules (Avro, one field)', () => {
  it('accepts exactly what each level allows', () => {
    // Rows: changes; columns: none, backward, forward, full — Confluent's "Schema Evolution and
    // Compatibility" table for Avro.
    const table: Record<string, boolean[]> = {
      'add-optional-field': [true, true, true, true],
      'add-required-field': [true, false, true, false],
      'remove-required-field': [true, true, false, false],
      'change-field-type': [true, false, false, false],
    };
    for (const change of SCHEMA_CHANGES) {
      expect(COMPATIBILITY_LEVELS.map((l) => registers(l, change)), change).toEqual(table[change]);
    }
  });

  it('old readers cope exactly with the changes FORWARD accepts', () => {
    for (const change of SCHEMA_CHANGES) expect(oldReadersCope(change), change).toBe(registers('forward', change));
  });
});

const rejectedOf = (r: { producers: { rejected: number }[] }) => r.producers.reduce((a, p) => a + p.rejected, 0);

describe('schema-change: the scenario and its fix', () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    it(`seed ${seed}: BACKWARD registers the dropped field and every partition stalls; FORWARD refuses it at send()`, () => {
      const broken = run('schema-change', `seed=${seed}`);
      const at = broken.s.faults[0].at;
      const after = broken.s.duration - at;
      // Every partition stalls at the first record of version 2, so its lag's age is the time since the deploy.
      expect(rejectedOf(broken.r)).toBe(0);
      expect(broken.r.lagSeconds.final).toBeGreaterThan(after - 2);
      expect(broken.r.lagSeconds.final).toBeLessThanOrEqual(after);
      for (let p = 0; p < broken.s.topic.partitions; p++) expect(broken.g.partitionLag[p], `orders-${p}`).toBeGreaterThan(0.8 * (300 / 6) * after);
      // Each consumer's poll() throws at the first of its partitions it reaches, so each is stuck on one.
      expect(Object.keys(broken.g.stuck)).toHaveLength(broken.s.groups[0].members);
      expect(broken.r.lost + broken.r.duplicates).toBe(0);

      const fixed = run('schema-change', `seed=${seed}`, 'topic.schema.compatibility.level=forward');
      // The sends after the deploy are refused, not written: what the broken run wrote after it.
      const rejected = rejectedOf(fixed.r);
      expect(rejected).toBe(broken.r.produced - fixed.r.produced);
      // Poisson: 300/s over 180 s is 54,000 ± 4σ (σ ≈ 232).
      expect(Math.abs(rejected - 300 * after)).toBeLessThan(4 * Math.sqrt(300 * after));
      expect(fixed.r.lagRecords.final).toBe(0);
      expect(fixed.r.lost + fixed.r.duplicates).toBe(0);
      // Nothing reaches the topic any more: the dead-man's switch fires, as it should.
      expect(fixed.r.producers[0].dead).toBe(true);
    });
  }

  it('a compatible change (a field with a default) is registered and read by everyone', () => {
    const { r } = run('schema-change', 'faults.0.change=add-optional-field');
    expect(rejectedOf(r)).toBe(0);
    expect(r.lagSeconds.final).toBeLessThan(5);
  });

  it('a field without a default added: BACKWARD refuses it although old readers could read it; FORWARD lets it through harmlessly', () => {
    const backward = run('schema-change', 'faults.0.change=add-required-field');
    expect(rejectedOf(backward.r)).toBeGreaterThan(0);
    const forward = run('schema-change', 'faults.0.change=add-required-field', 'topic.schema.compatibility.level=forward');
    expect(rejectedOf(forward.r)).toBe(0);
    expect(forward.r.lagSeconds.final).toBeLessThan(5);
  });

  it('logs the registration and the client errors, folded', () => {
    const broken = run('schema-change');
    const log = broken.m.logEntries();
    expect(log.some((e) => e.text === 'registered schema version 2 for subject orders-value (compatibility BACKWARD)')).toBe(true);
    const fixed = run('schema-change', 'topic.schema.compatibility.level=full');
    const refused = fixed.m.logEntries().filter((e) => e.level === 'ERROR' && e.text.includes('SerializationException'));
    expect(refused).toHaveLength(1);
    expect(refused[0].text).toContain('incompatible with an earlier schema for subject "orders-value" (compatibility FULL); error code: 409');
    expect(refused[0].count).toBe(rejectedOf(fixed.r));
  });

  it('runs the same in one call and in chunks, and a live deploy replays from the recorded timeline', () => {
    const s = load('schema-change', 'faults=[]');
    const live = createKafka(s);
    live.run(60);
    live.inject({ at: 0, kind: 'schema-change', target: 'checkout', change: 'remove-required-field' });
    for (let t = 61; t <= s.duration; t += 7) live.run(Math.min(t, s.duration));
    live.run(s.duration);
    const replay = createKafka({ ...s, faults: live.applied.map((f) => ({ ...f })) as typeof s.faults });
    replay.run(s.duration);
    expect(buildKafkaSummary(s, replay)).toEqual(buildKafkaSummary(s, live));
    expect(live.stats().groups[0].lagSeconds).toBeGreaterThan(170);
  });

  it('validation names the field: an unknown producer, an unknown change, an unknown level', () => {
    const raw = (patch: (x: Record<string, unknown>) => void) => {
      const x = JSON.parse(JSON.stringify(load('schema-change'))) as Record<string, unknown>;
      patch(x);
      const v = validateScenario(x);
      return v.ok ? [] : v.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(raw((x) => ((x.faults as Record<string, unknown>[])[0].target = 'billing'))).toEqual(['faults.0.target: must be a producer name: one of checkout, or "*" for all']);
    expect(raw((x) => ((x.faults as Record<string, unknown>[])[0].change = 'rename-field'))[0]).toMatch(/^faults\.0\.change: must be one of: add-optional-field, add-required-field, remove-required-field, change-field-type/);
    expect(raw((x) => ((x.topic as Record<string, unknown>)['schema.compatibility.level'] = 'BACKWARD'))[0]).toMatch(/^topic\.schema\.compatibility\.level: must be one of: none, backward, forward, full/);
  });
});
