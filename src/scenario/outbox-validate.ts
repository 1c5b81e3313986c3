/**
 * The outbox model's checks that involve several fields (validate.ts runs them after the schema).
 * Every message names the field and what is allowed.
 */
import type { OutboxScenario } from './schema.ts';
import { increasingAt, serviceErrors, volumeError, type ScenarioError } from './checks.ts';

export function outboxErrors(s: OutboxScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const a = s.app;
  errors.push(...serviceErrors(s.db.time, 'db.time'));
  errors.push(...serviceErrors(s.publish.latency, 'publish.latency'));
  errors.push(...serviceErrors(s.consumer.time, 'consumer.time'));
  errors.push(...increasingAt(a.profile, 'app.profile'));
  errors.push(...volumeError(Math.max(a.rate, ...a.profile.map((p) => p.rate)), s.duration));
  s.faults.forEach((f, i) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
  });
  return errors;
}
