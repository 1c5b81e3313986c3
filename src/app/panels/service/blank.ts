/** The blank dependency start: a small healthy setup to change in the settings panel. */
import { formatError, validateScenario, type ServiceScenario } from '../../../scenario/index.ts';

export function blankService(): ServiceScenario {
  const r = validateScenario({
    version: 1,
    model: 'service',
    id: 'custom',
    title: 'Custom: clients calling a service',
    description:
      'A blank start: clients make 100 calls/s to a service with 10 servers and a queue of 500 (capacity about 139 requests/s); a call times out after 1 s and is retried up to 3 times with exponential backoff and full jitter. Use the fault buttons (outage, slowdown, load spike) and Settings.',
    seed: 1,
    duration: 300,
    warmup: 0,
    clients: { rate: 100, timeout: 1, retries: 3, backoff: 'exponential', jitter: 'full' },
    service: { concurrency: 10, queueLimit: 500, time: { type: 'exponential', mean: 0.06 }, contention: 0.2 },
  });
  if (!r.ok || r.scenario.model !== 'service') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as ServiceScenario;
}
