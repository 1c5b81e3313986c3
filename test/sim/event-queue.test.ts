import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Simulation } from '../../src/sim/kernel/simulation.ts';

/** A simulation whose single handler appends its argument to a log. */
function logging() {
  const sim = new Simulation();
  const log: number[] = [];
  const times: number[] = [];
  const kind = sim.register('log', (arg) => {
    log.push(arg);
    times.push(sim.now);
  });
  return { sim, log, times, kind };
}

describe('event order', () => {
  it('runs events by time, then priority, then scheduling order', () => {
    const { sim, log, kind } = logging();
    sim.scheduleAt(2, kind, 1);
    sim.scheduleAt(1, kind, 2, 5);
    sim.scheduleAt(1, kind, 3, -5);
    sim.scheduleAt(1, kind, 4, 5);
    sim.scheduleAt(1, kind, 5);
    sim.run(10);
    expect(log).toEqual([3, 5, 2, 4, 1]);
  });

  it('keeps scheduling order among 10,000 simultaneous events', () => {
    const { sim, log, kind } = logging();
    for (let i = 0; i < 10_000; i++) sim.scheduleAt(1, kind, i);
    sim.run(1);
    expect(log).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
  });

  it('pops any interleaving of pushes in (time, priority, sequence) order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ t: fc.integer({ min: 0, max: 20 }), p: fc.integer({ min: -3, max: 3 }) }), { maxLength: 300 }),
        (items) => {
          const { sim, log, kind } = logging();
          items.forEach((it, i) => sim.scheduleAt(it.t, kind, i, it.p));
          sim.run(100);
          const expected = items
            .map((it, i) => ({ ...it, i }))
            .sort((a, b) => a.t - b.t || a.p - b.p || a.i - b.i)
            .map((x) => x.i);
          expect(log).toEqual(expected);
        },
      ),
    );
  });
});

describe('cancellation', () => {
  it('cancels a pending event and refuses a second cancel or a stale handle', () => {
    const { sim, log, kind } = logging();
    const a = sim.scheduleAt(1, kind, 1);
    sim.scheduleAt(2, kind, 2);
    expect(sim.cancel(a)).toBe(true);
    expect(sim.cancel(a)).toBe(false);
    expect(sim.pending).toBe(1);
    sim.run(5);
    expect(log).toEqual([2]);
    // The slot of `a` has been reused by now or is free; its old handle must not cancel anything.
    const b = sim.scheduleAt(6, kind, 3);
    expect(sim.cancel(a)).toBe(false);
    sim.run(10);
    expect(log).toEqual([2, 3]);
    expect(sim.cancel(b)).toBe(false);
  });

  it('matches a reference model under random schedule/cancel/run sequences (with compaction)', () => {
    type Op = { op: 'push'; t: number; p: number } | { op: 'cancel'; k: number } | { op: 'run'; dt: number };
    // A cancel names the k-th newest handle: often the newest (still pending, so dead
    // entries pile up past the compaction threshold), sometimes any (one that ran or was cancelled).
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: fc.record({ op: fc.constant('push' as const), t: fc.integer({ min: 0, max: 100 }), p: fc.integer({ min: -2, max: 2 }) }), weight: 3 },
      { arbitrary: fc.record({ op: fc.constant('cancel' as const), k: fc.oneof(fc.constant(0), fc.nat(1000)) }), weight: 4 },
      { arbitrary: fc.record({ op: fc.constant('run' as const), dt: fc.integer({ min: 0, max: 2 }) }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 1000, size: 'max' }), (ops) => {
        const { sim, log, kind } = logging();
        const handles: number[] = [];
        const ref: { t: number; p: number; id: number; live: boolean }[] = [];
        const refLog: number[] = [];
        let now = 0;
        const refRun = (until: number) => {
          const due = ref.filter((e) => e.live && e.t <= until).sort((a, b) => a.t - b.t || a.p - b.p || a.id - b.id);
          for (const e of due) {
            e.live = false;
            refLog.push(e.id);
          }
        };
        for (const o of ops) {
          if (o.op === 'push') {
            const id = handles.length;
            const t = now + o.t;
            handles.push(sim.scheduleAt(t, kind, id, o.p));
            ref.push({ t, p: o.p, id, live: true });
          } else if (o.op === 'cancel' && handles.length > 0) {
            const k = handles.length - 1 - (o.k % handles.length);
            const expected = ref[k].live;
            expect(sim.cancel(handles[k])).toBe(expected);
            ref[k].live = false;
          } else if (o.op === 'run') {
            now += o.dt;
            sim.run(now);
            refRun(now);
          }
        }
        sim.run(now + 1000);
        refRun(now + 1000);
        expect(log).toEqual(refLog);
        expect(sim.pending).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it('moveLater runs the same events in the same order as cancel + scheduleAt, under random sequences', () => {
    type Op =
      | { op: 'push'; t: number; p: number }
      | { op: 'move'; k: number; dt: number }
      | { op: 'cancel'; k: number }
      | { op: 'run'; dt: number }
      | { op: 'churn'; t: number };
    // Events at a few times and priorities, so that ties (same time, same priority) are common and
    // the place in the order a move takes decides the order. A move or cancel names the k-th newest.
    // A churn schedules 70 events and cancels them: the heap is rebuilt with moved entries in it.
    const opArb: fc.Arbitrary<Op> = fc.oneof(
      { arbitrary: fc.record({ op: fc.constant('push' as const), t: fc.integer({ min: 0, max: 6 }), p: fc.integer({ min: -1, max: 1 }) }), weight: 3 },
      { arbitrary: fc.record({ op: fc.constant('move' as const), k: fc.oneof(fc.constant(0), fc.nat(50)), dt: fc.integer({ min: 0, max: 4 }) }), weight: 4 },
      { arbitrary: fc.record({ op: fc.constant('cancel' as const), k: fc.nat(50) }), weight: 1 },
      { arbitrary: fc.record({ op: fc.constant('run' as const), dt: fc.integer({ min: 0, max: 2 }) }), weight: 1 },
      { arbitrary: fc.record({ op: fc.constant('churn' as const), t: fc.integer({ min: 1, max: 6 }) }), weight: 1 },
    );
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 600, size: 'max' }), (ops) => {
        const a = logging(); // moves with moveLater
        const b = logging(); // cancels and schedules anew
        const ev: { ha: number; hb: number; t: number; p: number }[] = [];
        let now = 0;
        for (const o of ops) {
          if (o.op === 'push') {
            const id = ev.length;
            const t = now + o.t;
            ev.push({ ha: a.sim.scheduleAt(t, a.kind, id, o.p), hb: b.sim.scheduleAt(t, b.kind, id, o.p), t, p: o.p });
          } else if ((o.op === 'move' || o.op === 'cancel') && ev.length > 0) {
            const id = ev.length - 1 - (o.k % ev.length);
            const e = ev[id];
            if (o.op === 'cancel') {
              expect(a.sim.cancel(e.ha)).toBe(b.sim.cancel(e.hb));
            } else if (e.p === 0) {
              // Only a priority-0 event, only later (an event that ran or was cancelled is scheduled anew).
              const t = Math.max(now, e.t) + o.dt;
              e.ha = a.sim.moveLater(e.ha, t, a.kind, id);
              b.sim.cancel(e.hb);
              e.hb = b.sim.scheduleAt(t, b.kind, id);
              e.t = t;
            }
          } else if (o.op === 'churn') {
            for (const x of [a, b]) {
              const hs = Array.from({ length: 70 }, () => x.sim.scheduleAt(now + o.t, x.kind, -1));
              for (const h of hs) x.sim.cancel(h);
            }
          } else if (o.op === 'run') {
            now += o.dt;
            a.sim.run(now);
            b.sim.run(now);
            expect(a.log).toEqual(b.log);
            expect(a.sim.pending).toBe(b.sim.pending);
          }
        }
        a.sim.run(now + 100);
        b.sim.run(now + 100);
        expect(a.log).toEqual(b.log);
        expect(a.times).toEqual(b.times);
        expect(a.sim.events).toBe(b.sim.events);
        expect(a.sim.pending).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('moveLater keeps one entry for a timer re-armed over and over; an earlier time is refused', () => {
    const { sim, log, kind } = logging();
    sim.scheduleAt(1000, kind, -1); // into the (empty) front, so that the timer, before it, goes to the heap
    let h = sim.scheduleAt(1, kind, 7);
    const first = h;
    for (let i = 0; i < 100_000; i++) h = sim.moveLater(h, 1 + i / 1000, kind, 7);
    expect(h).toBe(first); // moved in place every time
    expect((sim as unknown as { queue: { size: number } }).queue.size).toBe(1); // the heap holds the timer alone: no cancelled entries
    expect(sim.pending).toBe(2);
    sim.run(200);
    expect(log).toEqual([7]);
    expect(sim.now).toBe(200);
    // Another kind or argument, or an event in the front, is not moved in place: cancelled and scheduled anew.
    const k2 = sim.register('other', () => log.push(-2));
    const h2 = sim.scheduleAt(300, kind, 8);
    expect(sim.moveLater(h2, 301, k2, 8)).not.toBe(h2);
    sim.run(400);
    expect(log).toEqual([7, -2]);
    // Moving an event earlier than it was breaks the order: caught when it reaches the top.
    const h3 = sim.scheduleAt(500, kind, 9);
    sim.moveLater(h3, 450, kind, 9);
    expect(() => sim.run(600)).toThrow(/moved earlier/);
  });

  it('stays small when most events are cancelled (compaction)', () => {
    const { sim, log, kind } = logging();
    for (let i = 0; i < 100_000; i++) {
      const h = sim.schedule(10, kind, i);
      if (i % 100 !== 0) sim.cancel(h);
    }
    expect(sim.pending).toBe(1000);
    sim.run(20);
    expect(log.length).toBe(1000);
  });
});

describe('clock', () => {
  it('run(until) runs events at exactly `until` and then sets the clock to it', () => {
    const { sim, log, kind } = logging();
    sim.scheduleAt(5, kind, 1);
    sim.scheduleAt(5.000001, kind, 2);
    expect(sim.run(5)).toBe(1);
    expect(sim.now).toBe(5);
    expect(log).toEqual([1]);
    expect(sim.peek()).toBe(5.000001);
  });

  it('step() runs one event at a time and reports when none is left', () => {
    const { sim, log, kind } = logging();
    sim.scheduleAt(3, kind, 1);
    sim.scheduleAt(4, kind, 2);
    expect(sim.step()).toBe(true);
    expect(sim.now).toBe(3);
    expect(sim.step()).toBe(true);
    expect(sim.step()).toBe(false);
    expect(log).toEqual([1, 2]);
    expect(sim.events).toBe(2);
  });

  it('refuses to schedule in the past, after an infinite delay or with a bad priority', () => {
    const { sim, kind } = logging();
    sim.run(10);
    expect(() => sim.scheduleAt(9, kind)).toThrow(/clock is at 10/);
    expect(() => sim.schedule(-1, kind)).toThrow(RangeError);
    expect(() => sim.schedule(Number.NaN, kind)).toThrow(RangeError);
    expect(() => sim.schedule(Infinity, kind)).toThrow(RangeError);
    expect(() => sim.schedule(1, kind, 0, 200)).toThrow(/priority/);
    expect(() => sim.schedule(1, 99)).toThrow(/unknown event kind/);
    expect(() => sim.run(5)).toThrow(RangeError);
  });

  it('maxEvents bounds one call without changing the outcome', () => {
    const a = logging();
    const b = logging();
    for (const x of [a, b]) for (let i = 0; i < 100; i++) x.sim.scheduleAt(i * 0.5, x.kind, i);
    a.sim.run(30);
    while (b.sim.now < 30) b.sim.run(30, 7);
    expect(b.log).toEqual(a.log);
    expect(b.times).toEqual(a.times);
    expect(b.sim.now).toBe(30);
  });
});
