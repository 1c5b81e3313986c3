/**
 * Simulated time must advance (issue 10a): a model whose work takes no time and repeats forever
 * is stopped by the kernel with a typed NoProgressError after MAX_EVENTS_WITHOUT_PROGRESS events
 * in a row at one instant — unless the model reports progress, which a frozen instant can only
 * hold finitely much of — and finite bursts of work at one instant are never stopped.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EVENTS_WITHOUT_PROGRESS, NoProgressError, Simulation } from '../../src/sim/kernel/simulation.ts';

/** A kernel with a handler that reschedules itself with no delay, forever, from t = 3.1 s. */
function zeroTimeLoop(): Simulation {
  const sim = new Simulation();
  const tick = sim.register('tick', () => sim.schedule(1, tick));
  const loop = sim.register('retry', () => sim.schedule(0, loop));
  sim.schedule(1, tick);
  sim.schedule(3.1, loop);
  return sim;
}

function caught(fn: () => unknown): NoProgressError {
  try {
    fn();
  } catch (e) {
    if (e instanceof NoProgressError) return e;
    throw e;
  }
  throw new Error('expected a NoProgressError');
}

describe('the kernel stops a run whose simulated time stops advancing', () => {
  it('a zero-delay loop stops at its instant after a million events, with a message that says why', () => {
    expect(MAX_EVENTS_WITHOUT_PROGRESS).toBe(1_000_000);
    const sim = zeroTimeLoop();
    const e = caught(() => sim.run(100));
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('NoProgressError');
    expect(e.at).toBe(3.1);
    expect(e.events).toBe(1_000_000);
    expect(e.kinds).toEqual(['retry']);
    expect(e.message).toBe(
      'simulated time stopped advancing at t = 3.1 s: 1,000,000 events without progress (retry) — the model has work that takes no simulated time and repeats it forever',
    );
    expect(sim.now).toBe(3.1);
    // Everything before the stop ran (ticks at 1, 2, 3; the loop's first event and 999,999 repeats).
    expect(sim.events).toBe(3 + 1_000_000);
  });

  it('stays stopped: running again throws at once without running an event', () => {
    const sim = zeroTimeLoop();
    caught(() => sim.run(100));
    const events = sim.events;
    expect(caught(() => sim.run(100)).at).toBe(3.1);
    expect(() => sim.step()).toThrow(NoProgressError);
    expect(sim.events).toBe(events);
  });

  it('stops at the same event however the run is chunked, and step() stops too', () => {
    const whole = zeroTimeLoop();
    caught(() => whole.run(100));
    const chunked = zeroTimeLoop();
    caught(() => {
      for (;;) chunked.run(100, 777);
    });
    expect(chunked.events).toBe(whole.events);
    const stepped = zeroTimeLoop();
    stepped.stallLimit = 5000;
    caught(() => {
      for (;;) stepped.step();
    });
    expect(stepped.events).toBe(3 + 5000);
  });

  it('never stops finite work at one instant: a burst below the limit, or any amount that makes progress', () => {
    const sim = new Simulation();
    let left = 0;
    let progressing = false;
    const burst = sim.register('burst', () => {
      if (progressing) sim.progress++;
      if (--left > 0) sim.schedule(0, burst);
    });
    // Exactly 1,000,000 events at t = 1 and again at t = 2: the count starts over at each instant.
    left = MAX_EVENTS_WITHOUT_PROGRESS;
    sim.schedule(1, burst);
    sim.run(1.5);
    left = MAX_EVENTS_WITHOUT_PROGRESS;
    sim.schedule(0.5, burst);
    sim.run(2.5);
    // 2,500,000 events at t = 3 that each report progress (records handled in zero time).
    left = 2_500_000;
    progressing = true;
    sim.schedule(0.5, burst);
    sim.run(10);
    expect(sim.now).toBe(10);
    expect(sim.events).toBe(2 * MAX_EVENTS_WITHOUT_PROGRESS + 2_500_000);
  });

  it('a loop that stops making progress is stopped within a million events of its last progress', () => {
    const sim = new Simulation();
    let n = 0;
    const loop = sim.register('loop', () => {
      if (++n <= 300_000) sim.progress++;
      sim.schedule(0, loop);
    });
    sim.schedule(7, loop);
    const e = caught(() => sim.run(100));
    expect(e.at).toBe(7);
    expect(sim.events).toBeGreaterThanOrEqual(300_000 + MAX_EVENTS_WITHOUT_PROGRESS);
    expect(sim.events).toBeLessThanOrEqual(300_000 + MAX_EVENTS_WITHOUT_PROGRESS + 65_536);
  });

  it('the model can name its likely cause', () => {
    const sim = zeroTimeLoop();
    sim.stallLimit = 2000;
    sim.noProgressHint = 'processing.time is 0 and the record always fails';
    expect(caught(() => sim.run(100)).message).toMatch(/2,000 events without progress \(retry\) — processing\.time is 0 and the record always fails$/);
  });
});
