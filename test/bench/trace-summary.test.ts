/**
 * The bench's summary of a traced run: the renderer main thread's tasks in CPU time by phase, a
 * phase event inside another counted once, other threads and processes left out, and the longest
 * task on the wall clock with the CPU time in it.
 */
import { describe, expect, it } from 'vitest';
import { formatPhases, summarizeTrace, type TraceEvent } from '../../src/bench/trace-summary.ts';

const meta = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
/** A complete event on thread (pid, tid), times in ms. */
const x = (pid: number, tid: number, name: string, ts: number, dur: number, tdur: number): TraceEvent => ({ name, ph: 'X', pid, tid, ts: ts * 1000, dur: dur * 1000, tdur: tdur * 1000 });
const M = (name: string, ts: number, dur: number, tdur: number) => x(1, 10, name, ts, dur, tdur);

const events: TraceEvent[] = [
  meta(1, 10, 'CrRendererMain'),
  meta(1, 11, 'DedicatedWorker thread'),
  meta(2, 20, 'CrRendererMain'), // a spare renderer: little work
  // A snapshot applied: a script with a layout it forced inside (counted as script, once).
  M('RunTask', 0, 30, 10),
  M('FunctionCall', 1, 20, 8),
  M('Layout', 5, 2, 1),
  // A frame that waited for a core: 80 ms on the wall clock, 20 of CPU; a nested run loop's task inside.
  M('RunTask', 50, 80, 20),
  M('UpdateLayoutTree', 52, 4, 2),
  M('Layout', 60, 30, 8),
  M('RunTask', 95, 5, 1),
  M('Paint', 100, 20, 6),
  // Outside any task: not counted.
  M('Paint', 200, 10, 5),
  // Other threads and processes.
  x(1, 11, 'RunTask', 0, 1000, 990),
  x(1, 11, 'FunctionCall', 0, 1000, 990),
  x(2, 20, 'RunTask', 0, 3, 2),
  x(2, 20, 'Layout', 0, 3, 2),
];

describe('summarizeTrace', () => {
  it('sums the main thread’s tasks by phase, once each, and finds the longest task', () => {
    const t = summarizeTrace(events);
    expect(t.taskCpuMs).toBeCloseTo(30, 9);
    expect(Object.fromEntries(t.phases)).toEqual({ script: 8, layout: 8, paint: 6, style: 2, other: 6 });
    expect(t.worst).toEqual({ wallMs: 80, cpuMs: 20, phases: [['layout', 8], ['paint', 6], ['other', 4], ['style', 2]] });
    expect(formatPhases(t.worst!.phases)).toBe('layout 8, paint 6, other 4, style 2');
  });

  it('takes the renderer main thread with the most work, whatever the order of the events', () => {
    const t = summarizeTrace([...events].reverse());
    expect(t.taskCpuMs).toBeCloseTo(30, 9);
    expect(t.worst?.wallMs).toBe(80);
  });

  it('says nothing it did not see: no main thread, no tasks', () => {
    expect(summarizeTrace([])).toEqual({ taskCpuMs: 0, phases: [], worst: null });
  });
});
