/** Shared helpers of the dependency model's tests. */
import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { ServiceScenario } from '../../src/scenario/schema.ts';
import type { ServiceModel } from '../../src/sim/model/service/service-model.ts';

export function shipped(id: string, overrides: Record<string, unknown> = {}): ServiceScenario {
  const raw = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;
  return parseScenarioOrThrow({ ...raw, ...overrides }) as ServiceScenario;
}

/** Every request and every attempt in exactly one state; live attempts match waiting requests. */
export function conservationErrors(m: ServiceModel): string[] {
  const n = m.n;
  const errs: string[] = [];
  const reqSum = n.waiting + n.backoff + n.succeeded + n.failed;
  if (reqSum !== n.requests) errs.push(`requests ${n.requests} ≠ waiting ${n.waiting} + backoff ${n.backoff} + succeeded ${n.succeeded} + failed ${n.failed}`);
  const live = n.queued - n.abandonedQueued + (n.inService - n.abandonedInService);
  if (live !== n.waiting) errs.push(`live attempts ${live} ≠ waiting requests ${n.waiting}`);
  const attSum = n.queued + n.inService + n.ok + n.late + n.rejected + n.breakerRejected + n.shed;
  if (attSum !== n.attempts) errs.push(`attempts ${n.attempts} ≠ queued + inService + ok + late + rejected + breaker + shed = ${attSum}`);
  if (n.ok !== n.succeeded) errs.push(`answered in time ${n.ok} ≠ succeeded ${n.succeeded}`);
  if (m.queueLength() !== n.queued) errs.push(`queue length ${m.queueLength()} ≠ queued ${n.queued}`);
  if (n.queued > m.config.service.queueLimit) errs.push(`queue ${n.queued} over its limit`);
  if (n.inService > m.config.service.concurrency) errs.push(`in service ${n.inService} over concurrency`);
  for (const [k, v] of Object.entries(n)) if (v < 0) errs.push(`${k} < 0`);
  return errs;
}
