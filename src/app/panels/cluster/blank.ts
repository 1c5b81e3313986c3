/** The blank cluster start: a small healthy setup to change in the settings panel. */
import { formatError, validateScenario, type ClusterScenario } from '../../../scenario/index.ts';

/** A small healthy setup to start from and change in the settings panel. */
export function blankCluster(): ClusterScenario {
  const r = validateScenario({
    version: 1,
    model: 'cluster',
    id: 'custom',
    title: 'Custom: your own cluster, topic and producer',
    description:
      'A blank start: three brokers, a topic of 6 partitions with 3 replicas and min.insync.replicas 2, one producer at 200 records/s with acks=all and idempotence on, and a consumer reading the committed records; statistics after a 10 s warm-up. Crash a broker with the fault buttons, or change acks in Settings.',
    seed: 1,
    duration: 300,
    warmup: 10,
    cluster: { brokers: 3 },
    topic: { name: 'orders', partitions: 6, 'replication.factor': 3, 'min.insync.replicas': 2 },
    producers: [{ name: 'producer', rate: 200, keys: { kind: 'uniform', count: 1000 } }],
    consumers: [{ name: 'reader' }],
  });
  if (!r.ok || r.scenario.model !== 'cluster') throw new Error(`blank scenario invalid: ${!r.ok ? r.errors.map(formatError).join('; ') : 'model'}`);
  return r.scenario as ClusterScenario;
}
