/** The blank outbox start: a small app writing rows and events, to change in the settings panel. */
import { formatError, validateScenario, type OutboxScenario } from '../../../scenario/index.ts';

export function blankOutbox(): OutboxScenario {
  const r = validateScenario({
    version: 1,
    model: 'outbox',
    id: 'custom',
    title: 'Custom: a service writing rows and events',
    description:
      'A blank start: an app takes 100 requests a second; each writes a row (a 10 ms transaction) and publishes an event (10 ms to its acknowledgement) by a dual write — commit, then publish. Press “App crash” while it runs, then switch the mode to outbox in Settings and crash it again.',
    seed: 1,
    duration: 300,
    mode: 'dual-write',
    app: { rate: 100 },
    db: { time: { type: 'lognormal', mean: 0.01, cv: 1 } },
    publish: { latency: { type: 'lognormal', mean: 0.01, p99: 0.05 } },
  });
  if (!r.ok || r.scenario.model !== 'outbox') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as OutboxScenario;
}
