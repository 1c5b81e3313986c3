/** The blank station start: M/M/1 at half load, to change in the settings panel. */
import { formatError, validateScenario, type StationScenario } from '../../../scenario/index.ts';

export function blankStation(): StationScenario {
  const r = validateScenario({
    version: 1,
    model: 'station',
    id: 'custom-station',
    title: 'Custom: your own queueing station',
    description: 'A blank start: one server, Poisson arrivals at 0.5 per second, exponential service of 1 s on average (ρ = 0.5); statistics after a 1,000 s warm-up. Open Settings to change the arrival rate, the service distribution, the number of servers c or the capacity K.',
    seed: 1,
    duration: 100000,
    warmup: 1000,
    arrival: { rate: 0.5 },
    service: { type: 'exponential', mean: 1 },
  });
  if (!r.ok || r.scenario.model !== 'station') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as StationScenario;
}
