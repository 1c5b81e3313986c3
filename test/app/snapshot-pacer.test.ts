/**
 * The snapshot client's pacing (SnapshotPacer, src/app/frames.ts): two steps per snapshot, at most
 * one snapshot per painted frame, the newest wins, the last is never lost, stale ones are dropped.
 * Tasks and frames are driven by hand.
 */
import { describe, expect, it } from 'vitest';
import { SnapshotPacer } from '../../src/app/frames.ts';

interface S {
  gen: number;
  seq: number;
}

function setup() {
  const tasks: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const log: string[] = [];
  let minGen = 0;
  const pacer = new SnapshotPacer<S>({
    minGen: () => minGen,
    charts: (s) => log.push(`charts ${s.seq}`),
    rest: (s) => log.push(`rest ${s.seq}`),
    nextTask: (fn) => tasks.push(fn),
    afterNextFrame: (fn) => frames.push(fn),
  });
  return {
    pacer,
    log,
    setMinGen: (g: number) => (minGen = g),
    /** Runs the tasks posted so far (not those they post). */
    task: () => tasks.splice(0).forEach((f) => f()),
    /** Paints a frame: runs the callbacks waiting for one. */
    frame: () => frames.splice(0).forEach((f) => f()),
  };
}

describe('snapshot pacing', () => {
  it('applies a snapshot in two steps: the charts at once, the rest in the next task', () => {
    const t = setup();
    t.pacer.receive({ gen: 0, seq: 1 });
    expect(t.log).toEqual(['charts 1']);
    t.task();
    expect(t.log).toEqual(['charts 1', 'rest 1']);
  });

  it('takes at most one snapshot per painted frame; a newer one replaces one still waiting', () => {
    const t = setup();
    t.pacer.receive({ gen: 0, seq: 1 });
    t.task();
    t.pacer.receive({ gen: 0, seq: 2 });
    t.pacer.receive({ gen: 0, seq: 3 });
    expect(t.log).toEqual(['charts 1', 'rest 1']); // waiting for the frame
    t.frame();
    t.task();
    expect(t.log).toEqual(['charts 1', 'rest 1', 'charts 3', 'rest 3']);
  });

  it('never loses the last snapshot: the one waiting is taken when the frame before it is painted', () => {
    const t = setup();
    t.pacer.receive({ gen: 0, seq: 1 });
    t.pacer.receive({ gen: 0, seq: 2 }); // arrives before the first is even fully applied
    t.task();
    t.frame();
    t.task();
    t.frame();
    expect(t.log).toEqual(['charts 1', 'rest 1', 'charts 2', 'rest 2']);
    // Nothing else waits: later frames change nothing, and the next snapshot is taken at once.
    t.frame();
    t.pacer.receive({ gen: 0, seq: 3 });
    expect(t.log.at(-1)).toBe('charts 3');
  });

  it('drops snapshots older than the newest seen, and those of a stale generation', () => {
    const t = setup();
    t.pacer.receive({ gen: 0, seq: 5 });
    t.task();
    t.frame();
    t.pacer.receive({ gen: 0, seq: 4 });
    t.pacer.receive({ gen: 0, seq: 5 });
    expect(t.log).toEqual(['charts 5', 'rest 5']);
    // A load or reset: generation 0 is stale from now on, even one already waiting.
    t.pacer.receive({ gen: 0, seq: 6 });
    t.task();
    t.pacer.receive({ gen: 0, seq: 7 });
    t.setMinGen(1);
    t.frame();
    t.task();
    t.pacer.receive({ gen: 0, seq: 8 });
    expect(t.log).toEqual(['charts 5', 'rest 5', 'charts 6', 'rest 6']);
    t.pacer.receive({ gen: 1, seq: 9 });
    t.task();
    expect(t.log.slice(-2)).toEqual(['charts 9', 'rest 9']);
  });

  it('skips the second step of a snapshot made stale between its two steps, and goes on', () => {
    const t = setup();
    t.pacer.receive({ gen: 0, seq: 1 });
    t.setMinGen(1);
    t.task();
    expect(t.log).toEqual(['charts 1']);
    t.frame();
    t.pacer.receive({ gen: 1, seq: 2 });
    t.task();
    expect(t.log).toEqual(['charts 1', 'charts 2', 'rest 2']);
  });
});
