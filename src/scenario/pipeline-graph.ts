/**
 * The pipeline's DAG read off a validated scenario: stages in topological order, how many paths
 * lead from a stage to each other one, and each stage's depth (its column in the topology). Pure and
 * light: the run's summary, the cost estimate and the page use it.
 */
import type { PipelineScenario } from './schema.ts';

type Graph = Pick<PipelineScenario, 'stages'>;

const indexOf = (s: Graph): Map<string, number> => new Map(s.stages.map((st, i) => [st.name, i]));

/** The stages in an order where every stage comes after those that send to it (names that are not stages are ignored). */
export function topoOrder(s: Graph): number[] {
  const index = indexOf(s);
  const indeg = s.stages.map(() => 0);
  for (const st of s.stages) for (const d of st.to) if (index.has(d)) indeg[index.get(d)!]++;
  const ready = indeg.flatMap((k, i) => (k === 0 ? [i] : []));
  const out: number[] = [];
  while (ready.length > 0) {
    const i = ready.shift()!;
    out.push(i);
    for (const d of s.stages[i].to) {
      const j = index.get(d);
      if (j !== undefined && --indeg[j] === 0) ready.push(j);
    }
  }
  return out;
}

/** Distinct paths from stage `entry` to every stage (1 for the entry itself; a fan-out's copies that reach each). */
export function pathCounts(s: Graph, entry: number): number[] {
  const index = indexOf(s);
  const n = s.stages.map(() => 0);
  n[entry] = 1;
  for (const i of topoOrder(s)) for (const d of s.stages[i].to) if (index.has(d)) n[index.get(d)!] += n[i];
  return n;
}

/** Each stage's column: 0 for a stage only sources feed, else one more than the deepest stage sending to it. */
export function stageDepths(s: Graph): number[] {
  const index = indexOf(s);
  const depth = s.stages.map(() => 0);
  for (const i of topoOrder(s)) for (const d of s.stages[i].to) if (index.has(d)) depth[index.get(d)!] = Math.max(depth[index.get(d)!], depth[i] + 1);
  return depth;
}

/** Whether items entering stage `entry` reach a stage that responds, through stages that send to one stage each (validation refuses copies before the response). */
export function respondsOnPath(s: Pick<PipelineScenario, 'stages'>, entry: number): boolean {
  const index = indexOf(s);
  let st = s.stages[entry];
  for (let k = 0; !st.respond && st.to.length === 1 && k < s.stages.length; k++) st = s.stages[index.get(st.to[0])!];
  return st.respond;
}
