/** Shared helpers of the pipeline model's tests: building scenarios, running them, and the conservation check. */
import { readFileSync } from 'node:fs';
import { formatError, parseScenarioOrThrow, validateScenario } from '../../src/scenario/validate.ts';
import type { PipelineScenario } from '../../src/scenario/schema.ts';
import type { PipelineModel } from '../../src/sim/model/pipeline/pipeline-model.ts';
import { createPipeline } from '../../src/run/models/pipeline/entry.ts';
import { buildPipelineSummary, type PipelineSummary } from '../../src/run/models/pipeline/summary.ts';
import { BLOCKED, BUFFERED, IN_SERVICE, REQ_OPEN, REQ_TIMED_OUT, type Request } from '../../src/sim/model/pipeline/stage.ts';

export function shipped(id: string, overrides: Record<string, unknown> = {}): PipelineScenario {
  const raw = JSON.parse(readFileSync(`scenarios/${id}.json`, 'utf8')) as Record<string, unknown>;
  return parseScenarioOrThrow({ ...raw, ...overrides }) as PipelineScenario;
}

/** A pipeline scenario from parts (validated; throws with the errors). */
export function scenario(parts: Record<string, unknown>): PipelineScenario {
  const r = validateScenario({ version: 1, model: 'pipeline', duration: 100, ...parts });
  if (!r.ok) throw new Error(r.errors.map(formatError).join('\n'));
  return r.scenario as PipelineScenario;
}

export function run(s: PipelineScenario, until = s.duration): { m: PipelineModel; r: PipelineSummary } {
  const m = createPipeline(s);
  m.run(until);
  return { m, r: buildPipelineSummary(s, m) };
}

/**
 * Every item in exactly one state — created = buffered + in service + blocked + dropped + shed +
 * done — and the counters agree with the structures: each buffer's items are buffered, each busy
 * worker's item in service, blocked copies are held by blocked workers or wait as sends; a bounded
 * buffer never over its capacity; idle workers beside waiting items only while paused. Every request
 * made is open, answered, timed out or refused, and the open ones (and the timed-out ones not yet
 * answered) are exactly those an item alive or a worker waiting to respond still carries.
 */
export function conservationErrors(m: PipelineModel): string[] {
  const n = m.n;
  const errs: string[] = [];
  const sum = n.buffered + n.inService + n.blocked + n.dropped + n.shed + n.done;
  if (sum !== n.created) errs.push(`created ${n.created} ≠ buffered ${n.buffered} + in service ${n.inService} + blocked ${n.blocked} + dropped ${n.dropped} + shed ${n.shed} + done ${n.done} = ${sum}`);
  let buffered = 0;
  let busy = 0;
  let waiting = 0;
  let held = 0;
  for (const s of m.stages) {
    const items = s.buffer.toArray();
    buffered += items.length;
    if (items.some((it) => it.state !== BUFFERED)) errs.push(`${s.name}: an item in the buffer is not buffered`);
    if (s.bounded && items.length > s.capacity) errs.push(`${s.name}: ${items.length} items over capacity ${s.capacity}`);
    const live = s.waiters.toArray().filter((w) => w.item.state === BLOCKED).length;
    if (live !== s.liveWaiters) errs.push(`${s.name}: ${live} live waiters ≠ ${s.liveWaiters}`);
    waiting += live;
    let b = 0;
    let blockedWorkers = 0;
    let copies = 0;
    for (const id of s.workerIds) {
      const wk = m.workers[id];
      if (wk.item) {
        b++;
        if (wk.item.state !== IN_SERVICE) errs.push(`${s.name}: a busy worker's item is not in service`);
      }
      if (wk.pending > 0) {
        blockedWorkers++;
        copies += wk.pending;
        if (wk.item) errs.push(`${s.name}: a blocked worker is also busy`);
      }
    }
    held += copies;
    busy += b;
    if (b !== s.busy) errs.push(`${s.name}: ${b} busy workers ≠ ${s.busy}`);
    if (blockedWorkers !== s.blockedWorkers) errs.push(`${s.name}: ${blockedWorkers} blocked workers ≠ ${s.blockedWorkers}`);
    if (copies !== s.blockedCopies) errs.push(`${s.name}: ${copies} blocked copies ≠ ${s.blockedCopies}`);
    if (s.idle.length + b + blockedWorkers !== s.workers) errs.push(`${s.name}: idle ${s.idle.length} + busy ${b} + blocked ${blockedWorkers} ≠ ${s.workers} workers`);
    if (!s.paused && s.idle.length > 0 && (items.length > 0 || live > 0)) errs.push(`${s.name}: idle workers while items wait and it is not paused`);
  }
  const sends = m.sources.reduce((a, src) => a + src.blocked, 0);
  if (buffered !== n.buffered) errs.push(`buffers hold ${buffered} ≠ buffered ${n.buffered}`);
  if (busy !== n.inService) errs.push(`busy workers ${busy} ≠ in service ${n.inService}`);
  if (waiting !== held + sends) errs.push(`waiters ${waiting} ≠ copies held ${held} + blocked sends ${sends}`);
  if (held + sends !== n.blocked) errs.push(`copies held ${held} + blocked sends ${sends} ≠ blocked ${n.blocked}`);
  for (const [k, v] of Object.entries(n)) if (v < 0) errs.push(`${k} < 0`);
  const r = m.req;
  if (r.made !== r.open + r.ok + r.timedOut + r.refused) errs.push(`requests made ${r.made} ≠ open ${r.open} + ok ${r.ok} + timed out ${r.timedOut} + refused ${r.refused}`);
  if (r.late > r.timedOut) errs.push(`late ${r.late} > timed out ${r.timedOut}`);
  const carried = new Set<Request>();
  for (const st of m.stages) {
    for (const it of st.buffer.toArray()) if (it.req) carried.add(it.req);
    for (const w of st.waiters.toArray()) if (w.item.state === BLOCKED && w.item.req) carried.add(w.item.req);
  }
  for (const wk of m.workers) {
    if (wk.item?.req) carried.add(wk.item.req);
    if (wk.req) carried.add(wk.req);
  }
  const open = [...carried].filter((q) => q.state === REQ_OPEN).length;
  if (open !== r.open) errs.push(`open requests carried ${open} ≠ open ${r.open}`);
  if ([...carried].some((q) => q.state !== REQ_OPEN && q.state !== REQ_TIMED_OUT)) errs.push('an item alive carries a request already answered or refused');
  for (const [k, v] of Object.entries(r)) if (v < 0) errs.push(`requests ${k} < 0`);
  return errs;
}
