/**
 * The pipeline model's checks that involve several fields (validate.ts runs them after the
 * schema): names that refer to stages and sources, a DAG without cycles whose every stage gets
 * items, pause watermarks that a buffer can reach, processing times, rate profiles, faults. Every
 * message names the field and what is allowed.
 */
import type { PipelineScenario } from './schema.ts';
import { increasingAt, producerTargetError, serviceErrors, volumeError, type ScenarioError } from './checks.ts';
import { PIPELINE_LIMITS } from './pipeline-schema.ts';

const list = (names: readonly string[]) => names.join(', ');

/** Every stage name refers to a stage; unique names; no cycle; every stage fed. */
function graphErrors(s: PipelineScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const stageNames = s.stages.map((st) => st.name);
  const index = new Map<string, number>();
  s.stages.forEach((st, i) => {
    if (index.has(st.name)) errors.push({ path: `stages.${i}.name`, message: 'must be unique', value: st.name });
    else index.set(st.name, i);
  });
  const sourceNames = new Set<string>();
  s.sources.forEach((src, j) => {
    if (sourceNames.has(src.name)) errors.push({ path: `sources.${j}.name`, message: 'must be unique', value: src.name });
    sourceNames.add(src.name);
    if (!index.has(src.to)) errors.push({ path: `sources.${j}.to`, message: `must be a stage name: one of ${list(stageNames)}`, value: src.to });
  });
  const fed = new Set(s.sources.map((src) => src.to));
  s.stages.forEach((st, i) => {
    const seen = new Set<string>();
    st.to.forEach((d, k) => {
      const path = `stages.${i}.to.${k}`;
      if (!index.has(d)) errors.push({ path, message: `must be a stage name: one of ${list(stageNames.filter((n) => n !== st.name))}`, value: d });
      else if (d === st.name) errors.push({ path, message: 'must name another stage: a stage cannot send to itself', value: d });
      else if (seen.has(d)) errors.push({ path, message: 'must not repeat a stage', value: d });
      seen.add(d);
      fed.add(d);
    });
  });
  if (errors.length > 0) return errors;
  // A cycle: depth-first search, reporting the edge that closes it with the loop's stages.
  const state = s.stages.map(() => 0); // 0 new, 1 on the stack, 2 done
  const stack: number[] = [];
  let cycle: ScenarioError | null = null;
  const visit = (i: number): void => {
    state[i] = 1;
    stack.push(i);
    s.stages[i].to.forEach((d, k) => {
      if (cycle) return;
      const j = index.get(d)!;
      if (state[j] === 1) {
        const loop = [...stack.slice(stack.indexOf(j)), j].map((x) => s.stages[x].name).join(' → ');
        cycle = { path: `stages.${i}.to.${k}`, message: `makes a cycle (${loop}): a pipeline's stages must form a DAG`, value: d };
      } else if (state[j] === 0) visit(j);
    });
    stack.pop();
    state[i] = 2;
  };
  for (let i = 0; i < s.stages.length && !cycle; i++) if (state[i] === 0) visit(i);
  if (cycle) return [cycle];
  s.stages.forEach((st, i) => {
    if (!fed.has(st.name)) errors.push({ path: `stages.${i}.name`, message: `gets no items: no source or stage sends to ${st.name}`, value: st.name });
  });
  return errors;
}

/**
 * The request path: a source's items answer their callers at the first stage with `respond` on
 * their way; no stage before it may send copies (the response would have two ways to come), and
 * a source with a `timeout` must reach one. Calls: unique in their stage, not named like a stage.
 */
function requestErrors(s: PipelineScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  const responds = (i: number, seen = new Set<number>()): boolean => {
    if (s.stages[i].respond) return true;
    seen.add(i);
    return s.stages[i].to.some((d) => !seen.has(index.get(d)!) && responds(index.get(d)!, seen));
  };
  const flagged = new Set<number>();
  s.sources.forEach((src, j) => {
    let i = index.get(src.to)!;
    while (!s.stages[i].respond && s.stages[i].to.length === 1) i = index.get(s.stages[i].to[0])!;
    if (s.stages[i].respond) return;
    if (s.stages[i].to.length > 1 && responds(i)) {
      if (!flagged.has(i)) errors.push({ path: `stages.${i}.to`, message: 'sends copies before the response: a stage with respond comes after it, and only the stage that responds or one after it may send to several' });
      flagged.add(i);
    } else if (src.timeout !== null) errors.push({ path: `sources.${j}.timeout`, message: 'needs a stage with respond: true on the way of its items (its callers wait for that response), or null', value: src.timeout });
  });
  s.stages.forEach((st, i) => {
    const seen = new Set<string>();
    st.calls.forEach((c, k) => {
      if (seen.has(c.name)) errors.push({ path: `stages.${i}.calls.${k}.name`, message: 'must be unique in its stage', value: c.name });
      else if (index.has(c.name)) errors.push({ path: `stages.${i}.calls.${k}.name`, message: 'must not be a stage name (a slowdown names one or the other)', value: c.name });
      seen.add(c.name);
      errors.push(...serviceErrors(c.time, `stages.${i}.calls.${k}.time`));
    });
  });
  return errors;
}

function pauseErrors(s: PipelineScenario): ScenarioError[] {
  const errors: ScenarioError[] = [];
  const byName = new Map(s.stages.map((st) => [st.name, st]));
  s.stages.forEach((st, i) => {
    const p = st.pause;
    if (!p) return;
    const bounded = st.to.map((d) => byName.get(d)!).filter((d) => d.buffer.type === 'bounded');
    if (bounded.length === 0) {
      errors.push({ path: `stages.${i}.pause`, message: `needs a bounded buffer downstream to watch (none of ${list(st.to) || 'no stages'} has one), or null` });
      return;
    }
    if (p.low >= p.high) errors.push({ path: `stages.${i}.pause.low`, message: `must be less than pause.high (${p.high})`, value: p.low });
    const smallest = Math.min(...bounded.map((d) => (d.buffer.type === 'bounded' ? d.buffer.capacity : Infinity)));
    if (p.high > smallest) {
      errors.push({ path: `stages.${i}.pause.high`, message: `must be at most the smallest bounded capacity downstream (${smallest})`, value: p.high });
    }
  });
  return errors;
}

export function pipelineErrors(s: PipelineScenario): ScenarioError[] {
  const errors = graphErrors(s);
  const graphOk = errors.length === 0;
  errors.push(...pauseErrors(s));
  if (graphOk) errors.push(...requestErrors(s));
  s.stages.forEach((st, i) => errors.push(...serviceErrors(st.time, `stages.${i}.time`)));
  s.sources.forEach((src, j) => errors.push(...increasingAt(src.profile, `sources.${j}.profile`)));
  errors.push(...volumeError(s.sources.reduce((a, src) => a + Math.max(src.rate, ...src.profile.map((p) => p.rate)), 0), s.duration));
  const sources = new Set(s.sources.map((src) => src.name));
  const stages = new Map(s.stages.map((st) => [st.name, st.workers]));
  const deps = new Set(s.stages.flatMap((st) => st.calls.map((c) => c.name)));
  [...s.faults.entries()]
    .sort(([, a], [, b]) => a.at - b.at)
    .forEach(([i, f]) => {
      if (f.at >= s.duration) errors.push({ path: `faults.${i}.at`, message: `must be before the end of the run (${s.duration} s)`, value: f.at });
      if (f.kind === 'load-spike') {
        errors.push(...producerTargetError(f.target, sources, i).map((e) => ({ ...e, message: e.message.replace('a producer name', 'a source name') })));
        return;
      }
      const workers = stages.get(f.target);
      if (workers === undefined) {
        if (f.kind === 'slowdown' && deps.has(f.target)) return;
        const names = f.kind === 'slowdown' ? [...stages.keys(), ...deps] : [...stages.keys()];
        errors.push({ path: `faults.${i}.target`, message: `must be a stage${f.kind === 'slowdown' && deps.size > 0 ? ' or dependency' : ''} name: one of ${list(names)}`, value: f.target });
        return;
      }
      if (f.kind === 'add-workers') {
        if (workers + f.count > PIPELINE_LIMITS.workers) {
          errors.push({ path: `faults.${i}.count`, message: `would bring ${f.target} to ${workers + f.count} workers: a stage has at most ${PIPELINE_LIMITS.workers} over a run (workers plus added), so at most ${PIPELINE_LIMITS.workers - workers} here`, value: f.count });
        }
        stages.set(f.target, workers + f.count);
      }
    });
  return errors;
}
