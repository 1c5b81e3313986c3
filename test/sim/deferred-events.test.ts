/**
 * The kernel's two ways of keeping events out of the event list without changing a run:
 * `runNow` (an event with delay 0 run in place when it would be the next anyway) and
 * `reserve` + `scheduleAtReserved` (a timer that takes its place in the order when it is set up and
 * enters the list only once it is sure to be needed). Each is checked against the plain way —
 * `schedule(0, …)`, and a timer scheduled at once and cancelled when not needed — on random
 * programs whose events often fall on the same instant: the same events must run in the same
 * order, with the same count.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NoProgressError, Simulation } from '../../src/sim/kernel/simulation.ts';

/** What one event of a random program does: follow-ups after whole-number delays (ties are common), a timer, and how it ends. */
interface Step {
  follow: number[];
  /** Set a timer due 3 s later and decide its fate after `decideAfter` s (0–2, before it is due); null: none. */
  timer: { decideAfter: number; keep: boolean } | null;
  /** End with a delay-0 event of the same actor (the call `runNow` may take in place). */
  tail: boolean;
}

const stepArb: fc.Arbitrary<Step> = fc.record({
  follow: fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 2 }),
  timer: fc.option(fc.record({ decideAfter: fc.integer({ min: 0, max: 2 }), keep: fc.boolean() }), { freq: 3 }),
  tail: fc.boolean(),
});

type Way = 'plain' | 'deferred';

/**
 * Runs a program: `actors` actors start at t = 0; an actor's n-th event does `steps[n % steps.length]`
 * (at most `limit` events per actor). Returns what ran, in order, and the event count.
 */
function runProgram(steps: Step[], actors: number, way: Way, drive: 'run' | 'chunks' | 'steps', limit = 12): { trace: string[]; events: number } {
  const sim = new Simulation();
  const trace: string[] = [];
  const count = new Array<number>(actors).fill(0);
  const timers: { handle: number; ord: number; due: number }[] = [];
  const kTimer = sim.register('timer', (j) => trace.push(`${sim.now} timer ${j}`));
  const kDecide = sim.register('decide', (x) => {
    const j = x >> 1;
    const keep = (x & 1) === 1;
    trace.push(`${sim.now} decide ${j} ${keep}`);
    if (way === 'plain' && !keep) sim.cancel(timers[j].handle);
    if (way === 'deferred' && keep) sim.scheduleAtReserved(timers[j].due, kTimer, j, timers[j].ord);
  });
  const kAct: number = sim.register('act', (a) => {
    const n = count[a]++;
    trace.push(`${sim.now} act ${a} #${n}`);
    if (n >= limit) return;
    const s = steps[(n + a) % steps.length];
    for (const d of s.follow) sim.schedule(d, kAct, a);
    if (s.timer) {
      const j = timers.length;
      const due = sim.now + 3;
      if (way === 'plain') timers.push({ handle: sim.scheduleAt(due, kTimer, j), ord: 0, due });
      else timers.push({ handle: -1, ord: sim.reserve(), due });
      sim.schedule(s.timer.decideAfter, kDecide, j * 2 + (s.timer.keep ? 1 : 0));
    }
    if (s.tail && (way === 'plain' || !sim.runNow(kAct, a))) sim.schedule(0, kAct, a);
  });
  for (let a = 0; a < actors; a++) sim.schedule(0, kAct, a);
  if (drive === 'run') sim.run(1000);
  else if (drive === 'chunks') for (let t = 0.5; t <= 1000; t += t < 40 ? 0.5 : 100) sim.run(t);
  else while (sim.step());
  return { trace, events: sim.events };
}

describe('events kept out of the event list run as if they were in it', () => {
  it('runNow and reserved timers give the same events, in the same order, as schedule(0) and a cancelled timer', () => {
    fc.assert(
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 4 }), fc.constantFrom('run' as const, 'chunks' as const, 'steps' as const), (steps, actors, drive) => {
        const plain = runProgram(steps, actors, 'plain', 'run');
        const deferred = runProgram(steps, actors, 'deferred', drive);
        expect(deferred.trace).toEqual(plain.trace);
        expect(deferred.events).toBe(plain.events);
      }),
      { numRuns: 400 },
    );
  });

  it('runNow runs in place only when nothing else is due at this instant, only inside run(), and one level deep', () => {
    const sim = new Simulation();
    const seen: string[] = [];
    let inPlace: boolean[] = [];
    const kB = sim.register('b', (x) => {
      seen.push(`b${x}`);
      if (x !== 1) return;
      const ok = sim.runNow(kC, 1); // inside an event run in place: refused
      inPlace.push(ok);
      if (!ok) sim.schedule(0, kC, 1);
    });
    const kC = sim.register('c', (x) => seen.push(`c${x}`));
    const kA = sim.register('a', (x) => {
      seen.push(`a${x}`);
      const ok = sim.runNow(kB, x);
      inPlace.push(ok);
      if (!ok) sim.schedule(0, kB, x);
    });
    sim.scheduleAt(1, kA, 1);
    sim.run(5);
    expect(seen).toEqual(['a1', 'b1', 'c1']);
    // b ran in place (its own call to runNow, refused, is recorded first).
    expect(inPlace).toEqual([false, true]);
    // Another event at the same instant: b must wait its turn behind it.
    inPlace = [];
    seen.length = 0;
    sim.scheduleAt(6, kA, 2);
    sim.scheduleAt(6, kC, 9);
    sim.run(10);
    expect(seen).toEqual(['a2', 'c9', 'b2']);
    expect(inPlace).toEqual([false]);
    // step() runs one event at a time: never in place.
    inPlace = [];
    seen.length = 0;
    sim.scheduleAt(11, kA, 3);
    sim.step();
    expect(seen).toEqual(['a3']);
    expect(inPlace).toEqual([false]);
    sim.step();
    expect(seen).toEqual(['a3', 'b3']);
  });

  it('a zero-time loop through runNow stops where the scheduled loop stops, with the same message', () => {
    const loop = (way: Way) => {
      const sim = new Simulation();
      sim.stallLimit = 200_000;
      const k: number = sim.register('spin', (x) => {
        if (way === 'plain' || !sim.runNow(k2, x)) sim.schedule(0, k2, x);
      });
      const k2: number = sim.register('spin-back', (x) => {
        sim.schedule(0, k, x);
      });
      sim.schedule(1, k, 0);
      try {
        sim.run(10);
      } catch (e) {
        expect(e).toBeInstanceOf(NoProgressError);
        return { message: (e as Error).message, events: sim.events, now: sim.now };
      }
      throw new Error('no NoProgressError');
    };
    expect(loop('deferred')).toEqual(loop('plain'));
  });
});
