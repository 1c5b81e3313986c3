/** Loading shipped Kafka scenarios with `--set`-style overrides, and running them to the end. */
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import { applyOverride, parseOverride } from '../../src/scenario/set-path.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka } from '../../src/run/run.ts';
import { buildKafkaSummary } from '../../src/run/models/kafka/summary.ts';

export function load(id: string, ...sets: string[]): KafkaScenario {
  let raw: unknown = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
  for (const s of sets) raw = applyOverride(raw, parseOverride(s));
  const r = validateScenario(raw);
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  if (r.scenario.model !== 'kafka') throw new Error(`${id} is not a kafka scenario`);
  return r.scenario;
}

export function run(id: string, ...sets: string[]) {
  const s = load(id, ...sets);
  const m = createKafka(s);
  m.run(s.duration);
  return { s, m, r: buildKafkaSummary(s, m), g: m.stats().groups[0] };
}
