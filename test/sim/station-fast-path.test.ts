/**
 * The station runs its own arrivals and departures outside the kernel's event list (clock.ts) and
 * skips statistic updates it can rebuild when read; none of that may change a single number. These
 * tests run it next to the reference — the station as it was, every event through the event list
 * (station-reference.ts) — on random configurations, many of them full of simultaneous events
 * (deterministic arrivals and services at commensurate rates, rate steps at the same instant,
 * warm-ups on an arrival), and compare everything a caller can see, bit for bit: the statistics,
 * the series, every observer call, the clock, the event count, the pending events, `peek`,
 * `peekEvent` and `step`, whether the run goes in one call, in chunks of events or of time, with
 * observers and without (a plain run: arrivals that skip the admission check, as in the CLI).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Station, type ArrivalShape, type StationConfig, type StationObserver } from '../../src/sim/model/station/station.ts';
import type { DistributionSpec } from '../../src/sim/kernel/distributions.ts';
import { ReferenceStation } from './station-reference.ts';

type Model = Station | ReferenceStation;

/** Rates and times on a coarse grid, so that deterministic shapes collide often. */
const grid = (values: number[]) => fc.constantFrom(...values);

const shapeArb: fc.Arbitrary<ArrivalShape> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ type: 'deterministic' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'exponential' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('erlang' as const), k: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('pareto' as const), alpha: fc.double({ min: 1.2, max: 4, noNaN: true }) }) },
);

const serviceArb: fc.Arbitrary<DistributionSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('deterministic' as const), mean: grid([0, 0.25, 0.5, 1, 2, 3]) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('exponential' as const), mean: fc.double({ min: 0.05, max: 3, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('bimodal' as const), fast: fc.constant(0.5), slow: fc.constant(2), pSlow: fc.double({ min: 0, max: 1, noNaN: true }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('gamma' as const), mean: fc.double({ min: 0.05, max: 3, noNaN: true }), cv: fc.double({ min: 0.2, max: 3, noNaN: true }) }) },
);

const configArb: fc.Arbitrary<StationConfig> = fc
  .record({
    rate: grid([0.25, 0.5, 1, 2, 3, 4]),
    shape: shapeArb,
    steps: fc.array(fc.record({ at: grid([0, 5, 10, 20, 20, 50, 100]), rate: grid([0, 0.5, 1, 2, 4]) }), { maxLength: 4 }),
    service: serviceArb,
    servers: fc.integer({ min: 1, max: 8 }),
    extra: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    warmup: grid([0, 0, 1, 5, 10, 20, 3.5]),
  })
  .map(({ rate, shape, steps, service, servers, extra, warmup }) => ({
    arrival: { rate, shape, profile: [...steps].sort((a, b) => a.at - b.at) },
    service,
    servers,
    capacity: extra === null ? null : servers + extra,
    warmup,
  }));

/** Every observer call, in order, as text (numbers in full precision). */
function recorder(): { calls: string[]; observer: StationObserver } {
  const calls: string[] = [];
  return {
    calls,
    observer: {
      arrival: (t, admitted) => calls.push(`a ${t} ${admitted}`),
      serviceStart: (t, waited) => calls.push(`s ${t} ${waited}`),
      departure: (t, sojourn) => calls.push(`d ${t} ${sojourn}`),
    },
  };
}

/** Everything a caller can read off a model. */
function view(m: Model): string {
  const s = m.series.read(m.sim.now);
  const e = m.sim.peekEvent();
  return JSON.stringify({
    stats: m.stats(),
    series: [s.width, [...s.t], [...s.mean], [...s.max]],
    clock: [m.sim.now, m.sim.events, m.sim.pending, m.sim.peek()],
    next: e,
  });
}

/** Drives both models through the same calls and compares what they show after each. */
function lockstep(config: StationConfig, seed: number, drive: (m: Model, check: () => void) => void): void {
  const ra = recorder();
  const rb = recorder();
  const fast = new Station(config, seed, ra.observer);
  const ref = new ReferenceStation(config, seed, rb.observer);
  const views: [string[], string[]] = [[], []];
  const models: [Model, string[]][] = [
    [fast, views[0]],
    [ref, views[1]],
  ];
  for (const [m, out] of models) {
    drive(m, () => out.push(view(m)));
    out.push(view(m));
  }
  expect(views[0]).toEqual(views[1]);
  expect(ra.calls).toEqual(rb.calls);
}

/** lockstep without observers: the path a plain run (the CLI, the page, the bench) takes. */
function lockstepPlain(config: StationConfig, seed: number, drive: (m: Model, check: () => void) => void): void {
  const views: [string[], string[]] = [[], []];
  const models: [Model, string[]][] = [
    [new Station(config, seed), views[0]],
    [new ReferenceStation(config, seed), views[1]],
  ];
  for (const [m, out] of models) {
    drive(m, () => out.push(view(m)));
    out.push(view(m));
  }
  expect(views[0]).toEqual(views[1]);
}

describe('the station gives exactly the numbers of the station that runs every event through the event list', () => {
  it('without an observer (the path a plain run takes), in chunks of time and of events', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 40 }), (config, seed, cuts, chunk) => {
        lockstepPlain(config, seed, (m, check) => {
          let t = 0;
          for (const c of cuts) {
            t += c;
            m.run(t);
            check();
          }
          for (let i = 0; i < 5; i++) {
            m.run(t + 100, chunk);
            check();
          }
        });
      }),
      { numRuns: 120 },
    );
  });

  it('in one call and in chunks of time', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 5 }), (config, seed, cuts) => {
        lockstep(config, seed, (m, check) => {
          let t = 0;
          for (const c of cuts) {
            t += c;
            m.run(t);
            check();
          }
        });
      }),
      { numRuns: 120 },
    );
  });

  it('in chunks of events, and step by step (what the page does)', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 60 }), (config, seed, chunk, steps) => {
        lockstep(config, seed, (m, check) => {
          for (let i = 0; i < steps; i++) {
            m.sim.step();
            check();
          }
          while (m.sim.now < 150) {
            m.run(150, chunk);
            check();
          }
          for (let i = 0; i < steps; i++) m.sim.step();
          check();
        });
      }),
      { numRuns: 80 },
    );
  });

  it('with ties everywhere: D/D/c at commensurate rates, zero-time service, a warm-up and rate steps on an arrival', () => {
    const det = { type: 'deterministic' as const };
    const cases: StationConfig[] = [
      { arrival: { rate: 1, shape: det, profile: [] }, service: { type: 'deterministic', mean: 1 }, servers: 1, capacity: null, warmup: 5 },
      { arrival: { rate: 3, shape: det, profile: [] }, service: { type: 'deterministic', mean: 1 }, servers: 3, capacity: 4, warmup: 0 },
      { arrival: { rate: 2, shape: det, profile: [{ at: 10, rate: 4 }, { at: 10, rate: 1 }, { at: 20, rate: 0 }, { at: 30, rate: 2 }] }, service: { type: 'deterministic', mean: 0.5 }, servers: 2, capacity: null, warmup: 10 },
      { arrival: { rate: 2, shape: det, profile: [] }, service: { type: 'deterministic', mean: 0 }, servers: 2, capacity: 2, warmup: 1 },
      { arrival: { rate: 4, shape: det, profile: [] }, service: { type: 'deterministic', mean: 2 }, servers: 8, capacity: 9, warmup: 0 },
    ];
    for (const config of cases) {
      for (const seed of [1, 2]) {
        lockstep(config, seed, (m, check) => {
          for (let t = 3; t <= 60; t += 3) {
            m.run(t);
            check();
          }
        });
      }
    }
  });
});
