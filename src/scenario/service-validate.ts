/**
 * The dependency model's checks that involve several fields (validate.ts runs them after the
 * schema). Every message names the field and what is allowed.
 */
import type { ServiceScenario } from './schema.ts';
import { increasingAt, serviceErrors, volumeError, type ScenarioError } from './checks.ts';

export function serviceModelErrors(s: ServiceScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const c = s.clients;
  errors.push(...serviceErrors(s.service.time, 'service.time'));
  errors.push(...increasingAt(c.profile, 'clients.profile'));
  errors.push(...volumeError(Math.max(c.rate, ...c.profile.map((p) => p.rate)), s.duration));
  if (c.backoff === 'exponential') {
    if (c['backoff.base'] <= 0) errors.push({ path: 'clients.backoff.base', message: 'must be more than 0 s with exponential backoff (0 would retry at once, like backoff "none")', value: c['backoff.base'] });
    if (c['backoff.cap'] < c['backoff.base']) errors.push({ path: 'clients.backoff.cap', message: `must be at least backoff.base (${c['backoff.base']} s)`, value: c['backoff.cap'] });
  }
  const b = s.breaker;
  if (b.enabled && b.minimumNumberOfCalls > b.slidingWindowSize) {
    errors.push({ path: 'breaker.minimumNumberOfCalls', message: `must be at most slidingWindowSize (${b.slidingWindowSize}): the window never holds more calls than that, so the breaker could never judge`, value: b.minimumNumberOfCalls });
  }
  s.faults.forEach((f, i) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
  });
  return errors;
}
