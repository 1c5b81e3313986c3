/** The blank storage start: a small compacted table topic to change in the settings panel. */
import { formatError, validateScenario, type StorageScenario } from '../../../scenario/index.ts';

export function blankStorage(): StorageScenario {
  const r = validateScenario({
    version: 1,
    model: 'storage',
    id: 'custom',
    title: 'Custom: your own table topic',
    description:
      'A blank start: 2,000 keys updated 20 times a second over 4 partitions with cleanup.policy=compact, segments of 64 KiB or 60 s, and a reader that restores the table from the beginning at 500 s. Switch the policy in Settings, or press “Restore from the beginning”.',
    seed: 1,
    duration: 600,
    topic: { name: 'customers', partitions: 4, 'cleanup.policy': 'compact', 'segment.bytes': 65_536, 'segment.ms': 60_000, 'retention.ms': 300_000 },
    cleaner: { 'log.cleaner.backoff.ms': 5000, 'log.retention.check.interval.ms': 30_000 },
    producer: { name: 'producer', rate: 20, keys: { kind: 'uniform', count: 2000 }, 'value.bytes': 512, tombstones: 0.02 },
    reader: { start: 500, 'records.per.second': 2000 },
  });
  if (!r.ok || r.scenario.model !== 'storage') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as StorageScenario;
}
