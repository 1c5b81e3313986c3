/**
 * What a pipeline run will cost (see budget.ts): upper bounds from the inputs alone.
 *
 * - records: each source's peak rate (its profile's largest step) over the run, load spikes on it
 *   multiplying their windows;
 * - events: per item a source produces, its production and one processing completion at every
 *   stage it (or a copy of it) visits; a blocked send's timeout; a request's timeout; a tick a second;
 * - memory: every item alive at once — all of them at worst, since a topic is unbounded — unless
 *   every buffer is bounded and no source's send can wait without a timeout: then the buffers'
 *   capacities, the copies workers hold, and the sends blocked for at most their timeout; and the
 *   workers; with requests, one per item alive and those kept until their timeout.
 */
import type { Cost } from './budget.ts';
import { peakRate, spikeSeconds } from './budget.ts';
import type { PipelineScenario } from './schema.ts';
import { pathCounts, respondsOnPath } from './pipeline-graph.ts';

/** Bytes an item alive costs the pipeline model (the object, its place in a buffer's deque), with the garbage collector's slack. */
export const PIPELINE_ITEM_BYTES = 160;
/** Bytes a worker costs (its object, its id in two lists). */
export const PIPELINE_WORKER_BYTES = 128;
/** Bytes a request costs (its object, its place in its source's line of deadlines). */
export const PIPELINE_REQUEST_BYTES = 64;

const fmtCount = (n: number): string => (n >= 1e6 ? `${+(n / 1e6).toPrecision(3)} million` : Math.round(n).toLocaleString('en-US'));

export function pipelineCost(s: PipelineScenario): Cost {
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  const noProfile = { bursts: null, daily: null };
  let records = 0;
  let events = s.duration + 4000;
  let items = 0;
  let blockedBound = 0;
  let unboundedBlock = false;
  let requesting = false;
  let deadlines = 0;
  let timeoutField = '';
  s.sources.forEach((src, j) => {
    const peak = peakRate({ ...src, ...noProfile });
    const r = peak * spikeSeconds(s.faults, src.name, s.duration);
    records += r;
    const entry = index.get(src.to)!;
    const visits = pathCounts(s, entry);
    const copies = s.stages.reduce((a, st, i) => a + (st.to.length === 0 ? visits[i] : 0), 0);
    events += r * (1 + visits.reduce((a, k) => a + k, 0));
    items += r * Math.max(1, copies);
    const stacked = s.faults.reduce((m, f) => (f.kind === 'load-spike' && (f.target === '*' || f.target === src.name) ? m * Math.max(1, f.factor) : m), 1);
    if (respondsOnPath(s, entry)) {
      requesting = true;
      if (src.timeout !== null) {
        events += r;
        deadlines += peak * stacked * src.timeout;
        timeoutField = `sources.${j}.timeout`;
      }
    }
    const b = s.stages[entry].buffer;
    if (b.type === 'bounded' && b.policy === 'block') {
      events += src.blockTimeout !== null ? r : 0;
      if (src.blockTimeout === null) unboundedBlock = true;
      else blockedBound += peak * stacked * src.blockTimeout;
    }
  });
  const workers = s.stages.map((st) => st.workers + s.faults.reduce((a, f) => a + (f.kind === 'add-workers' && f.target === st.name ? f.count : 0), 0));
  let held = items;
  let field = 'duration';
  if (!unboundedBlock && s.stages.every((st) => st.buffer.type === 'bounded')) {
    let bound = blockedBound;
    let largest = -1;
    s.stages.forEach((st, i) => {
      const cap = st.buffer.type === 'bounded' ? st.buffer.capacity : 0;
      bound += cap + workers[i] * (1 + st.to.length);
      if (largest < 0 || cap > (s.stages[largest].buffer as { capacity: number }).capacity) largest = i;
    });
    if (bound < held) {
      held = bound;
      field = `stages.${largest}.buffer.capacity`;
    }
  }
  const memory: Cost['memory'] = [
    { field, what: `up to ${fmtCount(held)} items alive at once (${PIPELINE_ITEM_BYTES} bytes each)`, bytes: held * PIPELINE_ITEM_BYTES },
    ...s.stages.map((st, i) => ({ field: `stages.${i}.workers`, what: `${fmtCount(workers[i])} workers of ${st.name}`, bytes: workers[i] * PIPELINE_WORKER_BYTES })),
    ...(requesting ? [{ field: timeoutField || field, what: `up to ${fmtCount(held + deadlines)} requests (${PIPELINE_REQUEST_BYTES} bytes each)`, bytes: (held + deadlines) * PIPELINE_REQUEST_BYTES }] : []),
  ];
  return { records, events, bytes: memory.reduce((a, m) => a + m.bytes, 0), memory };
}
