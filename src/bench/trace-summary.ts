/**
 * Where the page's main thread spends a run, from a Chrome trace of it (categories
 * `devtools.timeline` and `disabled-by-default-devtools.timeline`): the renderer main thread's
 * tasks in CPU time (`tdur`, the thread's own time) by phase, and its longest task on the wall clock
 * (`dur`) with the CPU time in it. On a busy machine the two differ by a factor of several: a task
 * is long on the wall clock because the thread waited for a core, not because it had that much work.
 * The long-task target is on the wall clock; the CPU time says how much of it is the page's own work.
 */

/** The fields of a trace event this reads. */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  /** Wall-clock duration, µs (complete events). */
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
  args?: { name?: string };
}

/** The phases of a task, by the trace events that make them. */
const PHASES: [string, string[]][] = [
  ['script', ['FunctionCall', 'EvaluateScript', 'RunMicrotasks', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.callFunction']],
  ['style', ['UpdateLayoutTree', 'ParseAuthorStyleSheet']],
  ['layout', ['Layout']],
  ['paint', ['PrePaint', 'Paint', 'Layerize', 'Commit']],
  ['garbage collection', ['MinorGC', 'MajorGC', 'V8.GC_SCAVENGER', 'V8.GC_MARK_COMPACTOR']],
];
const PHASE_OF = new Map(PHASES.flatMap(([phase, names]) => names.map((n) => [n, phase] as const)));

export interface TraceSummary {
  /** CPU time of the main thread's tasks, ms. */
  taskCpuMs: number;
  /** The same, by phase (ms), largest first; what no phase claims is `other`. */
  phases: [string, number][];
  /** The longest task on the wall clock: its wall time, its CPU time and that by phase (ms). */
  worst: { wallMs: number; cpuMs: number; phases: [string, number][] } | null;
}

const isTask = (e: TraceEvent): boolean => e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');

/**
 * CPU time by phase of the events in `inner` (sorted by start), counting each phase event once:
 * one that runs inside another (a forced layout inside a script, a script inside a microtask
 * checkpoint) is part of the outer one's time. `totalMs` − the phases = `other`.
 */
function byPhase(inner: TraceEvent[], totalMs: number): [string, number][] {
  const sums = new Map<string, number>();
  let openUntil = -Infinity;
  for (const e of inner) {
    const phase = PHASE_OF.get(e.name);
    if (phase === undefined || e.ph !== 'X' || e.ts < openUntil) continue;
    openUntil = e.ts + (e.dur ?? 0);
    sums.set(phase, (sums.get(phase) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  const claimed = [...sums.values()].reduce((a, b) => a + b, 0);
  if (totalMs - claimed > 0.05) sums.set('other', totalMs - claimed);
  return [...sums].sort((a, b) => b[1] - a[1]);
}

const byStart = (a: TraceEvent, b: TraceEvent): number => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0);
const cpuMsOf = (tasks: TraceEvent[]): number => tasks.reduce((a, t) => a + (t.tdur ?? 0), 0) / 1000;

/** Sums up a trace: see {@link TraceSummary}. The main thread is the renderer main thread whose tasks took the most CPU. */
export function summarizeTrace(events: TraceEvent[]): TraceSummary {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key) || e.ph !== 'X') continue;
    let list = byThread.get(key);
    if (!list) byThread.set(key, (list = []));
    list.push(e);
  }
  let main: TraceEvent[] = [];
  let tasks: TraceEvent[] = [];
  for (const list of byThread.values()) {
    // By start, an enclosing event before the ones inside it.
    list.sort(byStart);
    const t = topTasks(list);
    if (cpuMsOf(t) > cpuMsOf(tasks)) [main, tasks] = [list, t];
  }
  // The events inside each task, in one sweep: both lists go by start, and tasks do not overlap.
  const inner: TraceEvent[][] = tasks.map(() => []);
  let j = 0;
  for (const e of main) {
    if (isTask(e)) continue;
    while (j < tasks.length && tasks[j].ts + (tasks[j].dur ?? 0) < e.ts) j++;
    if (j < tasks.length && e.ts >= tasks[j].ts && e.ts + (e.dur ?? 0) <= tasks[j].ts + (tasks[j].dur ?? 0)) inner[j].push(e);
  }
  const taskCpuMs = cpuMsOf(tasks);
  let k = -1;
  for (let i = 0; i < tasks.length; i++) if (k < 0 || (tasks[i].dur ?? 0) > (tasks[k].dur ?? 0)) k = i;
  const worst = k < 0 ? null : { wallMs: (tasks[k].dur ?? 0) / 1000, cpuMs: cpuMsOf([tasks[k]]), phases: byPhase(inner[k], cpuMsOf([tasks[k]])) };
  return { taskCpuMs, phases: byPhase(inner.flat(), taskCpuMs), worst };
}

/** The tasks of a thread's events (sorted by start) not inside another task: a nested run loop's tasks are part of the outer one. */
function topTasks(list: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = [];
  let openUntil = -Infinity;
  for (const e of list) {
    if (!isTask(e) || e.ts < openUntil) continue;
    openUntil = e.ts + (e.dur ?? 0);
    out.push(e);
  }
  return out;
}

/** "layout 8, paint 9, script 1" (ms, rounded; phases under 0.5 ms left out). */
export function formatPhases(phases: [string, number][]): string {
  return phases
    .filter(([, ms]) => ms >= 0.5)
    .map(([p, ms]) => `${p} ${ms.toFixed(0)}`)
    .join(', ');
}
