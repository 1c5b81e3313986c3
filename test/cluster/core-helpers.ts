/** Building small cluster scenarios (validated, defaults filled) and running them — for the core-* tests. */
import { readFileSync } from 'node:fs';
import { validateScenario, formatError } from '../../src/scenario/validate.ts';
import type { ClusterScenario } from '../../src/scenario/schema.ts';
import { createCluster } from '../../src/run/models/cluster/entry.ts';
import { buildClusterSummary } from '../../src/run/models/cluster/summary.ts';
import type { ClusterModel } from '../../src/sim/model/cluster/cluster-model.ts';
import type { ClusterSummary } from '../../src/run/models/cluster/data.ts';

/** The validator's messages for a scenario, formatted with their field (none when it is valid). */
export function validationErrors(x: unknown): string[] {
  const r = validateScenario(x);
  return r.ok ? [] : r.errors.map(formatError);
}

/** A shipped scenario (scenarios/<id>.json) with top-level fields replaced and `topic` fields merged. */
export function shipped(id: string, edit: Record<string, unknown>) {
  const raw = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8'));
  return { ...raw, ...edit, topic: { ...raw.topic, ...(edit.topic as object) } };
}

export function scenario(parts: Record<string, unknown>): ClusterScenario {
  const r = validateScenario({ version: 1, model: 'cluster', duration: 60, producers: [{ name: 'p', rate: 200 }], ...parts });
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  if (r.scenario.model !== 'cluster') throw new Error('not a cluster scenario');
  return r.scenario;
}

export function run(parts: Record<string, unknown>): { s: ClusterScenario; m: ClusterModel; r: ClusterSummary } {
  const s = scenario(parts);
  const m = createCluster(s);
  m.run(s.duration);
  return { s, m, r: buildClusterSummary(s, m) };
}

/** Every record in exactly one state (expired is part of failed), and every web request ended one way or is still open. */
export function conserved(r: ClusterSummary): boolean {
  const x = r.records;
  const f = r.front;
  return (
    x.produced === x.blocked + x.inFlight + x.ackedStored + x.ackedLost + x.failed + x.refused + x.shed &&
    x.expired <= x.failed &&
    x.blocked === r.buffer.blockedNow &&
    (f === null || f.requests === f.ok + f.shed + f.errors + f.timeouts + f.open)
  );
}
