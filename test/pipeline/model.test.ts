/**
 * The pipeline model: conservation of items over random DAGs (topics and bounded buffers with
 * every policy, pause watermarks, shedding, blocked sends with timeouts, faults) at every chunk
 * boundary, chunk invariance, live faults replaying from the recorded timeline, and the mechanisms
 * one at a time: backpressure, drop-newest against drop-oldest, pause/resume, a handoff buffer of
 * capacity 0, fan-out copies, shedding at the edge.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createPipeline } from '../../src/run/models/pipeline/entry.ts';
import { buildPipelineSummary } from '../../src/run/models/pipeline/summary.ts';
import { describePipelineStep } from '../../src/run/models/pipeline/describe.ts';
import { validateScenario } from '../../src/scenario/validate.ts';
import type { PipelineScenario } from '../../src/scenario/schema.ts';
import { conservationErrors, run, scenario } from './helpers.ts';

const num = (min: number, max: number) => fc.integer({ min: Math.round(min * 100), max: Math.round(max * 100) }).map((x) => x / 100);
const bufferArb = fc.oneof(
  fc.constant({ type: 'topic' }),
  fc.record({ type: fc.constant('bounded'), capacity: fc.integer({ min: 0, max: 30 }), policy: fc.constantFrom('block', 'drop-newest', 'drop-oldest') }),
);
const timeArb = fc.oneof(fc.record({ type: fc.constant('exponential'), mean: num(0.01, 0.5) }), fc.record({ type: fc.constant('deterministic'), mean: num(0, 0.3) }));
const callArb = fc.record({ name: fc.constantFrom('db', 'api'), time: timeArb });
const stageArb = fc.record({
  workers: fc.integer({ min: 1, max: 4 }),
  time: timeArb,
  buffer: bufferArb,
  pause: fc.option(fc.record({ high: fc.integer({ min: 1, max: 30 }), low: fc.integer({ min: 0, max: 29 }) })),
  calls: fc.array(callArb, { maxLength: 2 }),
  respond: fc.boolean(),
});
const sourceArb = fc.record({
  rate: num(1, 60),
  arrivals: fc.constantFrom('poisson', 'constant'),
  to: fc.nat(),
  shedAbove: fc.option(fc.integer({ min: 0, max: 40 })),
  blockTimeout: fc.option(num(0.05, 2)),
  timeout: fc.option(num(0.05, 3)),
});
const faultArb = fc.oneof(
  fc.record({ at: num(0, 29), kind: fc.constant('load-spike'), target: fc.constant('*'), factor: num(0.5, 5), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('slowdown'), target: fc.nat(), factor: num(1, 10), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('slowdown'), target: fc.constantFrom('db', 'api'), factor: num(1, 10), duration: num(0.5, 10) }),
  fc.record({ at: num(0, 29), kind: fc.constant('add-workers'), target: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
);

/** A random DAG: edges only forward (i → j > i), every stage fed; sources on random stages (the first on stage 0). */
const rawArb = fc
  .record({
    seed: fc.integer({ min: 0, max: 1000 }),
    warmup: fc.constantFrom(0, 5),
    stages: fc.array(stageArb, { minLength: 1, maxLength: 5 }),
    edges: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 8 }),
    sources: fc.array(sourceArb, { minLength: 1, maxLength: 3 }),
    faults: fc.array(faultArb, { maxLength: 4 }),
  })
  .map((r) => {
    const n = r.stages.length;
    const names = r.stages.map((_, i) => `s${i}`);
    const to = r.stages.map(() => new Set<number>());
    for (let j = 1; j < n; j++) to[(r.seed + j) % j].add(j);
    for (const [a, b] of r.edges) {
      const i = a % n;
      const j = b % n;
      if (i < j) to[i].add(j);
    }
    // Watermarks a bounded buffer downstream can reach (else no pause).
    const pause = r.stages.map((st, i) => {
      const caps = [...to[i]].flatMap((j) => (r.stages[j].buffer.type === 'bounded' ? [(r.stages[j].buffer as { capacity: number }).capacity] : []));
      const cap = Math.min(...caps);
      if (!st.pause || caps.length === 0 || cap < 1) return null;
      const high = 1 + ((st.pause.high - 1) % cap);
      return { high, low: st.pause.low % high };
    });
    // A stage responds only when every stage that reaches it sends to one stage (no copies before a response).
    const reaches = (a: number, b: number): boolean => a === b || [...to[a]].some((c) => reaches(c, b));
    const respond = r.stages.map((st, i) => st.respond && r.stages.every((_, a) => a === i || !reaches(a, i) || to[a].size === 1));
    const responds = (i: number): boolean => respond[i] || (to[i].size === 1 && responds([...to[i]][0]));
    const entry = (j: number, src: { to: number }) => (j === 0 ? 0 : src.to % n);
    const calls = r.stages.map((st) => st.calls.filter((c, k) => st.calls.findIndex((x) => x.name === c.name) === k));
    return {
      version: 1,
      model: 'pipeline',
      seed: r.seed,
      duration: 30,
      warmup: r.warmup,
      sources: r.sources.map((src, j) => ({ ...src, name: `src${j}`, to: names[entry(j, src)], timeout: responds(entry(j, src)) ? src.timeout : null })),
      stages: r.stages.map((st, i) => ({ ...st, name: names[i], to: [...to[i]].sort().map((j) => names[j]), pause: pause[i], respond: respond[i], calls: calls[i] })),
      faults: r.faults.map((f) => {
        if (f.kind === 'load-spike') return f;
        // A dependency's slowdown where a stage calls it; else a stage's.
        if (typeof f.target === 'string') return calls.some((cs) => cs.some((c) => c.name === f.target)) ? f : { ...f, target: names[0] };
        return { ...f, target: names[(f.target as number) % n] };
      }),
    };
  });

function valid(raw: unknown): PipelineScenario | null {
  const r = validateScenario(raw);
  return r.ok ? (r.scenario as PipelineScenario) : null;
}

describe('conservation and chunk invariance (random DAGs, random faults)', () => {
  it('every item is in exactly one state at every chunk boundary; chunked = one call', () => {
    let checked = 0;
    // How many runs reached each state or mechanism, so the property is known to cover them.
    const seen = { blocked: 0, dropped: 0, shed: 0, timedOut: 0, paused: 0, requests: 0, reqTimedOut: 0, reqRefused: 0, reqLate: 0, respondBlocked: 0 };
    fc.assert(
      fc.property(rawArb, fc.array(num(0.01, 3), { minLength: 1, maxLength: 30 }), (raw, cuts) => {
        const s = valid(raw);
        if (!s) return;
        checked++;
        const m = createPipeline(s);
        let t = 0;
        let blockedHere = false;
        let respondBlocked = false;
        for (const c of cuts) {
          t = Math.min(s.duration, t + c);
          m.run(t);
          expect(conservationErrors(m), `t=${t}`).toEqual([]);
          if (m.n.blocked > 0) blockedHere = true;
          if (m.workers.some((wk) => wk.req !== null)) respondBlocked = true;
        }
        m.run(s.duration);
        if (blockedHere) seen.blocked++;
        if (m.n.dropped > 0) seen.dropped++;
        if (m.n.shed > 0) seen.shed++;
        if (m.sources.some((src) => src.stats.timedOut > 0)) seen.timedOut++;
        if (m.stages.some((st) => st.stats.pauses > 0)) seen.paused++;
        if (m.req.made > 0) seen.requests++;
        if (m.req.timedOut > 0) seen.reqTimedOut++;
        if (m.req.refused > 0) seen.reqRefused++;
        if (m.req.late > 0) seen.reqLate++;
        if (respondBlocked) seen.respondBlocked++;
        expect(conservationErrors(m)).toEqual([]);
        const one = createPipeline(s);
        one.run(s.duration);
        expect(JSON.stringify(buildPipelineSummary(s, m))).toBe(JSON.stringify(buildPipelineSummary(s, one)));
      }),
      { numRuns: 150, seed: 15 },
    );
    expect(checked).toBe(150);
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(3);
  });

  it('faults injected live replay bit for bit from the recorded timeline', () => {
    const s = scenario({
      duration: 120,
      sources: [{ name: 'in', rate: 50, to: 'a' }],
      stages: [
        { name: 'a', workers: 2, time: { type: 'exponential', mean: 0.02 }, to: ['b'], pause: { high: 20, low: 5 } },
        { name: 'b', workers: 3, time: { type: 'exponential', mean: 0.05 }, buffer: { type: 'bounded', capacity: 20, policy: 'block' } },
      ],
    });
    const live = createPipeline(s);
    live.run(30);
    live.inject({ at: 0, kind: 'slowdown', target: 'b', factor: 3, duration: 20 });
    live.run(60);
    live.inject({ at: 0, kind: 'load-spike', target: '*', factor: 2, duration: 10 });
    live.run(80);
    live.inject({ at: 0, kind: 'add-workers', target: 'b', count: 2 });
    live.run(s.duration);
    const replay = createPipeline({ ...s, faults: live.applied } as PipelineScenario);
    replay.run(s.duration);
    expect(JSON.stringify(buildPipelineSummary(s, replay))).toBe(JSON.stringify(buildPipelineSummary(s, live)));
    expect(live.applied.map((f) => f.at)).toEqual([30, 60, 80]);
    expect(() => live.inject({ at: 0, kind: 'slowdown', target: 'nope', factor: 2, duration: 1 })).toThrow(/no stage named "nope"/);
  });
});

/** Source 50/s → a (fast) → b (20/s) with b's buffer as given. */
function twoStage(buffer: unknown, extra: Record<string, unknown> = {}) {
  return scenario({
    seed: 3,
    duration: 300,
    sources: [{ name: 'in', rate: 50, to: 'a' }],
    stages: [
      { name: 'a', workers: 2, time: { type: 'exponential', mean: 0.005 }, to: ['b'], ...extra },
      { name: 'b', workers: 2, time: { type: 'exponential', mean: 0.1 }, buffer },
    ],
  });
}

describe('mechanisms', () => {
  it('backpressure: a full block buffer holds the upstream workers, so the backlog moves up to the stage before it', () => {
    const { r, m } = run(twoStage({ type: 'bounded', capacity: 10, policy: 'block' }));
    const [a, b] = r.stages;
    expect(b.backlog.max).toBe(10);
    expect(b.dropped).toBe(0);
    // a's two workers spend most of the run blocked, and a's topic holds what b cannot take.
    expect(a.blockedTime).toBeGreaterThan(0.8 * 2 * 300 - 100);
    expect(a.backlog.final).toBeGreaterThan(5000);
    expect(r.throughput!).toBeGreaterThan(18);
    expect(r.throughput!).toBeLessThan(21);
    expect(conservationErrors(m)).toEqual([]);
  });

  it('drop-newest refuses arrivals, drop-oldest evicts the oldest: same throughput, the served items are younger', () => {
    const newest = run(twoStage({ type: 'bounded', capacity: 50, policy: 'drop-newest' })).r;
    const oldest = run(twoStage({ type: 'bounded', capacity: 50, policy: 'drop-oldest' })).r;
    for (const r of [newest, oldest]) {
      expect(r.stages[1].dropped).toBeGreaterThan(0.5 * 30 * 300);
      expect(r.stages[0].blockedTime).toBe(0);
      expect(Math.abs(r.throughput! - 20)).toBeLessThan(1.5);
    }
    // A full FIFO of 50: drop-newest drains it at the 20/s served, so an item waits 50/20 = 2.5 s;
    // drop-oldest moves its head at 50/s (20 served + 30 evicted), so a served item waited about 1 s.
    expect(Math.abs(newest.stages[1].Wq.mean! - 2.5)).toBeLessThan(0.15);
    expect(Math.abs(oldest.stages[1].Wq.mean! - 1)).toBeLessThan(0.1);
  });

  it('pause/resume: the upstream stage stops at the high watermark; the items stay in its own topic, none is blocked', () => {
    const { r, m } = run(twoStage({ type: 'bounded', capacity: 100, policy: 'block' }, { pause: { high: 80, low: 20 } }));
    const [a, b] = r.stages;
    expect(a.pauses).toBeGreaterThan(0);
    expect(a.pausedTime).toBeGreaterThan(200);
    // Paused at 80, a's two in-flight items can still land: the buffer never reaches its capacity, so nothing blocks.
    expect(b.backlog.max).toBeLessThanOrEqual(82);
    expect(a.blockedTime).toBe(0);
    expect(a.backlog.final).toBeGreaterThan(5000);
    expect(m.log.read().some((e) => e.text.startsWith('pause()'))).toBe(true);
    expect(m.log.read().some((e) => e.text.startsWith('resume()'))).toBe(true);
  });

  it('a bounded buffer of capacity 0 hands items straight from a blocked producer to a free worker', () => {
    const { r, m } = run(twoStage({ type: 'bounded', capacity: 0, policy: 'block' }));
    expect(r.stages[1].backlog.max).toBe(0);
    expect(Math.abs(r.throughput! - 20)).toBeLessThan(1.5);
    expect(r.stages[0].blockedTime).toBeGreaterThan(300);
    expect(conservationErrors(m)).toEqual([]);
  });

  it('fan-out: a stage that sends to two stages makes a copy for each; both are done', () => {
    const s = scenario({
      duration: 200,
      sources: [{ name: 'in', rate: 10, to: 'a' }],
      stages: [
        { name: 'a', workers: 1, time: { type: 'exponential', mean: 0.01 }, to: ['b', 'c'] },
        { name: 'b', workers: 1, time: { type: 'exponential', mean: 0.01 } },
        { name: 'c', workers: 1, time: { type: 'exponential', mean: 0.01 } },
      ],
    });
    const { r, m } = run(s);
    expect(m.n.created).toBe(2 * r.sources[0].produced - (r.stages[0].backlog.final + r.stages[0].inService));
    expect(r.stages[1].throughput!).toBeCloseTo(r.stages[2].throughput!, 1);
    expect(Math.abs(r.throughput! - 20)).toBeLessThan(1.5);
  });

  it('shedding at the edge: the source refuses while the backlog is at shedAbove; a blocked send gives up after blockTimeout', () => {
    const shed = run(
      scenario({
        duration: 200,
        sources: [{ name: 'in', rate: 50, to: 'b', shedAbove: 5 }],
        stages: [{ name: 'b', workers: 2, time: { type: 'exponential', mean: 0.1 } }],
      }),
    ).r;
    expect(shed.stages[0].backlog.max).toBeLessThanOrEqual(5);
    expect(shed.shed).toBeGreaterThan(0.5 * 30 * 200);
    const timeout = run(
      scenario({
        duration: 200,
        sources: [{ name: 'in', rate: 50, to: 'b', blockTimeout: 0.5 }],
        stages: [{ name: 'b', workers: 2, time: { type: 'exponential', mean: 0.1 }, buffer: { type: 'bounded', capacity: 5, policy: 'block' } }],
      }),
    );
    expect(timeout.r.shed).toBeGreaterThan(0.5 * 30 * 200);
    // Blocked sends wait at most 0.5 s: end-to-end W ≤ 0.5 + the buffer's 5 items at 20/s + service.
    expect(timeout.r.W.mean!).toBeLessThan(0.5 + 0.25 + 0.1 + 0.1);
    expect(conservationErrors(timeout.m)).toEqual([]);
  });
});

describe('the request path: responses, timeouts, dependencies', () => {
  const det = (mean: number) => ({ type: 'deterministic', mean });
  /** 10 requests/s, evenly spaced, through a → b, each calling api; b responds. */
  const chain = (extra: Record<string, unknown> = {}, timeout: number | null = 1) =>
    scenario({
      duration: 100,
      sources: [{ name: 'web', rate: 10, arrivals: 'constant', to: 'a', timeout }],
      stages: [
        { name: 'a', workers: 20, time: det(0.1), calls: [{ name: 'api', time: det(0.2) }], to: ['b'] },
        { name: 'b', workers: 20, time: det(0.1), calls: [{ name: 'api', time: det(0.2) }], respond: true },
      ],
      ...extra,
    });

  it('the caller waits for the stage that responds: the stages’ times and their calls, summed', () => {
    const { r, m } = run(chain());
    const q = r.requests!;
    expect(q.made).toBe(1000);
    expect(q.ok + q.open).toBe(1000);
    expect(q.timedOut + q.refused + q.late).toBe(0);
    expect(q.W.mean!).toBeCloseTo(0.6, 9);
    expect(q.p99!).toBeCloseTo(0.6, 2);
    expect(r.stages.map((st) => st.capacity)).toEqual([20 / 0.3, 20 / 0.3].map((x) => expect.closeTo(x, 9)));
    expect(r.theory).toBeNull();
    expect(conservationErrors(m)).toEqual([]);
    // No stage responds: no requests, no request series.
    const none = run(scenario({ duration: 10, sources: [{ name: 'web', rate: 10, to: 'a' }], stages: [{ name: 'a', workers: 2, time: det(0.1) }] }));
    expect(none.r.requests).toBeNull();
    expect(none.m.seriesNames).not.toContain('req.p99');
  });

  it('a dependency’s slowdown lengthens its calls in every stage that makes them, not the stages’ own work; a stage’s slowdown all of it', () => {
    const dep = run(chain({ faults: [{ at: 0, kind: 'slowdown', target: 'api', factor: 2, duration: 1000 }] }, 2)).r;
    expect(dep.stages.map((st) => st.W.mean)).toEqual([0.5, 0.5].map((x) => expect.closeTo(x, 9)));
    expect(dep.requests!.W.mean!).toBeCloseTo(1, 9);
    const stage = run(chain({ faults: [{ at: 0, kind: 'slowdown', target: 'a', factor: 2, duration: 1000 }] }, 2)).r;
    expect(stage.stages.map((st) => st.W.mean)).toEqual([0.6, 0.3].map((x) => expect.closeTo(x, 9)));
  });

  it('a caller gives up at its timeout (504) while the work goes on, and is answered late', () => {
    // From t = 20.05 s for 10 s, api is 4× slower: a request with one slowed call takes 1.2 s, with two 1.8 s, past the 1 s timeout.
    const { r, m } = run(chain({ faults: [{ at: 20.05, kind: 'slowdown', target: 'api', factor: 4, duration: 10 }] }));
    const q = r.requests!;
    // Those whose b call starts in the window (born from 19.75 s) or whose a call does (born until 30.05 s): 103, give or take an edge.
    expect(q.timedOut).toBeGreaterThanOrEqual(102);
    expect(q.timedOut).toBeLessThanOrEqual(104);
    expect(q.late).toBe(q.timedOut);
    expect(q.ok + q.timedOut + q.open).toBe(1000);
    // What callers waited: 0.6 s, or the timeout.
    expect(q.W.mean!).toBeCloseTo((0.6 * q.ok + 1 * q.timedOut) / (q.ok + q.timedOut), 9);
    expect(q.p99!).toBeCloseTo(1, 2);
    expect(m.sources[0].timeoutsAll).toBe(q.timedOut);
    expect(m.log.read().some((e) => e.text === '504 Gateway Timeout: no response within 1 s')).toBe(true);
    expect(conservationErrors(m)).toEqual([]);
    // Without a timeout they wait: none times out, the slow ones take 1.4 s.
    const patient = run(chain({ faults: [{ at: 20.05, kind: 'slowdown', target: 'api', factor: 4, duration: 10 }] }, null)).r.requests!;
    expect(patient.timedOut).toBe(0);
    expect(Math.abs(patient.p99! - 1.8)).toBeLessThan(0.01 * 1.8);
  });

  it('the response waits for the hand-off: a full block buffer after the stage that responds holds it; a full drop buffer refuses it (503)', () => {
    const handoff = (policy: string) =>
      run(
        scenario({
          seed: 4,
          duration: 200,
          sources: [{ name: 'web', rate: 20, to: 'a' }],
          stages: [
            { name: 'a', workers: 4, time: { type: 'exponential', mean: 0.01 }, respond: true, to: ['b'] },
            { name: 'b', workers: 1, time: { type: 'exponential', mean: 0.1 }, buffer: { type: 'bounded', capacity: 2, policy } },
          ],
        }),
      );
    const block = handoff('block');
    expect(block.r.requests!.refused).toBe(0);
    // b does 10/s of the 20/s: a's workers wait to hand items on, and the callers with them.
    expect(block.r.stages[0].blockedTime).toBeGreaterThan(100);
    expect(block.r.requests!.W.mean!).toBeGreaterThan(block.r.stages[0].W.mean! + 0.05);
    expect(conservationErrors(block.m)).toEqual([]);
    const drop = handoff('drop-newest');
    expect(drop.r.requests!.refused).toBe(drop.r.stages[1].dropped);
    expect(drop.r.requests!.refused).toBeGreaterThan(0.4 * drop.r.requests!.made);
    expect(drop.r.requests!.W.mean!).toBeLessThan(0.05);
    expect(conservationErrors(drop.m)).toEqual([]);
    // Shed at the edge: refused at once.
    const shed = run(scenario({ duration: 100, sources: [{ name: 'web', rate: 50, to: 'a', shedAbove: 3 }], stages: [{ name: 'a', workers: 2, time: det(0.1), respond: true }] })).r;
    expect(shed.requests!.refused).toBe(shed.shed);
    expect(shed.requests!.refused).toBeGreaterThan(2000);
  });

  it('a dependency’s slowdown injected live replays bit for bit from the recorded timeline', () => {
    const s = chain({ duration: 60 }, 1);
    const live = createPipeline(s);
    live.run(10);
    live.inject({ at: 0, kind: 'slowdown', target: 'api', factor: 3, duration: 20 });
    live.run(s.duration);
    const replay = createPipeline({ ...s, faults: live.applied } as PipelineScenario);
    replay.run(s.duration);
    expect(JSON.stringify(buildPipelineSummary(s, replay))).toBe(JSON.stringify(buildPipelineSummary(s, live)));
    expect(buildPipelineSummary(s, live).requests!.timedOut).toBeGreaterThan(150);
    expect(() => live.inject({ at: 0, kind: 'add-workers', target: 'api', count: 1 })).toThrow(/no stage named "api"/);
  });
});

describe('Step in words', () => {
  it('says what one event did: a production, a finished item and where it went, a block, a drop; and leaves the run as it was', () => {
    const s = twoStage({ type: 'bounded', capacity: 1, policy: 'block' });
    const m = createPipeline(s);
    const said: string[] = [];
    for (let k = 0; k < 400; k++) {
      const say = describePipelineStep(m);
      m.sim.step();
      said.push(say());
    }
    expect(said.some((x) => x === 'in produced an item to a')).toBe(true);
    expect(said.some((x) => /^a worker [12] finished an item → b$/.test(x))).toBe(true);
    expect(said.some((x) => /^a worker [12] finished an item → b \(blocked: full\)/.test(x))).toBe(true);
    expect(said.some((x) => /^b worker [12] finished an item from in: done after [\d.]+ s$/.test(x))).toBe(true);
    expect(m.note).toBeNull();
    // Narrating changes nothing: the same events as a run without it.
    const plain = createPipeline(s);
    plain.run(m.sim.now);
    expect(JSON.stringify(buildPipelineSummary(s, plain))).toBe(JSON.stringify(buildPipelineSummary(s, m)));
  });
});
