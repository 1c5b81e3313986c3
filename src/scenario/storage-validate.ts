/**
 * The storage model's checks that involve several fields (validate.ts runs them after the schema).
 * Every message names the field and what is allowed.
 */
import type { StorageScenario } from './schema.ts';
import { producerErrors, producerTargetError, type ScenarioError } from './checks.ts';

/** The shared producer checks speak of `producers.0`; this model has one `producer`. */
const asProducer = (e: ScenarioError): ScenarioError => ({ ...e, path: e.path.replace(/^producers\.0(\.|$)/, 'producer$1') });

export function storageErrors(s: StorageScenario): ScenarioError[] {
  const errors: ScenarioError[] = producerErrors([s.producer], s.duration).map(asProducer);
  const t = s.topic;
  if (s.producer.keys.kind === 'none') {
    // Kafka refuses keyless records on a compacted topic (LogValidator.validateKey: "Compacted topic
    // cannot accept message without key"); the reader builds its table by key whatever the policy.
    errors.push({ path: 'producer.keys.kind', message: 'must be "uniform", "zipf" or "coarse": a table topic needs keys (a compacted topic refuses records without one)', value: 'none' });
  }
  const maxLag = t['max.compaction.lag.ms'];
  if (maxLag !== null && t['min.compaction.lag.ms'] > maxLag) {
    // LogConfig.validateValues: "conflict topic configs: min.compaction.lag.ms (…) > max.compaction.lag.ms (…)".
    errors.push({ path: 'topic.min.compaction.lag.ms', message: `must be at most max.compaction.lag.ms (${maxLag} ms), as Kafka requires`, value: t['min.compaction.lag.ms'] });
  }
  if (s.reader.start !== null && s.reader.start >= s.duration) {
    errors.push({ path: 'reader.start', message: `must be before the end of the run (${s.duration} s), or null`, value: s.reader.start });
  }
  const names = new Set([s.producer.name]);
  s.faults.forEach((f, i) => {
    if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
    if (f.kind === 'producer-stop' || f.kind === 'producer-start' || f.kind === 'load-spike') errors.push(...producerTargetError(f.target, names, i));
  });
  return errors;
}
