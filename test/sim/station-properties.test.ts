import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Station, type StationConfig, type ArrivalShape } from '../../src/sim/model/station/station.ts';
import type { DistributionSpec } from '../../src/sim/kernel/distributions.ts';

const shapeArb: fc.Arbitrary<ArrivalShape> = fc.oneof(
  fc.constant({ type: 'exponential' as const }),
  fc.constant({ type: 'deterministic' as const }),
  fc.record({ type: fc.constant('erlang' as const), k: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ type: fc.constant('hyperexponential' as const), cv: fc.double({ min: 1, max: 4, noNaN: true }) }),
  fc.record({ type: fc.constant('pareto' as const), alpha: fc.double({ min: 1.2, max: 4, noNaN: true }) }),
);

const serviceArb: fc.Arbitrary<DistributionSpec> = fc.oneof(
  fc.record({ type: fc.constant('exponential' as const), mean: fc.double({ min: 0.05, max: 3, noNaN: true }) }),
  fc.record({ type: fc.constant('deterministic' as const), mean: fc.double({ min: 0, max: 3, noNaN: true }) }),
  fc.record({ type: fc.constant('gamma' as const), mean: fc.double({ min: 0.05, max: 3, noNaN: true }), cv: fc.double({ min: 0.1, max: 3, noNaN: true }) }),
  fc.record({ type: fc.constant('lognormal' as const), mean: fc.double({ min: 0.05, max: 3, noNaN: true }), cv: fc.double({ min: 0.1, max: 3, noNaN: true }) }),
  fc.record({ type: fc.constant('bimodal' as const), fast: fc.constant(0.1), slow: fc.constant(2), pSlow: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

const configArb: fc.Arbitrary<StationConfig> = fc
  .record({
    rate: fc.double({ min: 0.1, max: 5, noNaN: true }),
    shape: shapeArb,
    steps: fc.array(fc.record({ at: fc.double({ min: 0, max: 200, noNaN: true }), rate: fc.double({ min: 0, max: 5, noNaN: true }) }), { maxLength: 3 }),
    service: serviceArb,
    servers: fc.integer({ min: 1, max: 4 }),
    extra: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
    warmup: fc.double({ min: 0, max: 50, noNaN: true }),
  })
  .map(({ rate, shape, steps, service, servers, extra, warmup }) => ({
    arrival: { rate, shape, profile: [...steps].sort((a, b) => a.at - b.at) },
    service,
    servers,
    capacity: extra === null ? null : servers + extra,
    warmup,
  }));

describe('station invariants (property tests)', () => {
  it('never waits a negative time, never runs the clock backwards, and conserves customers', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.array(fc.double({ min: 1, max: 300, noNaN: true }), { minLength: 1, maxLength: 5 }), (config, seed, stops) => {
        let lastT = 0;
        let bad = '';
        const clock = (t: number) => {
          if (t < lastT) bad ||= `clock went back from ${lastT} to ${t}`;
          lastT = t;
        };
        const st = new Station(config, seed, {
          arrival: (t) => clock(t),
          serviceStart: (t, waited) => {
            clock(t);
            if (!(waited >= 0)) bad ||= `negative wait ${waited}`;
          },
          departure: (t, sojourn) => {
            clock(t);
            if (!(sojourn >= 0)) bad ||= `negative sojourn ${sojourn}`;
          },
        });
        for (const until of [...stops].sort((a, b) => a - b)) {
          st.run(until);
          const s = st.stats();
          expect(s.arrivals).toBe(s.completed + s.dropped + s.inSystem);
          expect(s.inSystem).toBe(s.inQueue + s.busy);
          expect(s.busy).toBeLessThanOrEqual(config.servers);
          if (s.inQueue > 0) expect(s.busy).toBe(config.servers);
          if (config.capacity !== null) expect(s.inSystem).toBeLessThanOrEqual(config.capacity);
          else expect(s.dropped).toBe(0);
        }
        expect(bad).toBe('');
      }),
      { numRuns: 150 },
    );
  });

  it('is deterministic: the same config and seed give identical statistics, however the run is chunked', () => {
    fc.assert(
      fc.property(configArb, fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 500 }), (config, seed, chunk) => {
        const a = new Station(config, seed);
        a.run(300);
        const b = new Station(config, seed);
        while (b.sim.now < 300) b.run(300, chunk);
        expect(JSON.stringify(b.stats())).toBe(JSON.stringify(a.stats()));
        const c = new Station(config, seed);
        for (let t = 7; t < 300; t += 7) c.run(t);
        c.run(300);
        expect(JSON.stringify(c.stats())).toBe(JSON.stringify(a.stats()));
      }),
      { numRuns: 60 },
    );
  });

  it('adding servers does not change the arrival sequence (independent streams)', () => {
    const base: StationConfig = {
      arrival: { rate: 2, shape: { type: 'exponential' }, profile: [] },
      service: { type: 'exponential', mean: 1 },
      servers: 1,
      capacity: null,
      warmup: 0,
    };
    const arrivals = (servers: number) => {
      const times: number[] = [];
      const st = new Station({ ...base, servers }, 77, { arrival: (t) => times.push(t) });
      st.run(500);
      return times;
    };
    const one = arrivals(1);
    expect(one.length).toBeGreaterThan(800);
    expect(arrivals(3)).toEqual(one);
    expect(arrivals(8)).toEqual(one);
  });

  it('follows a rate profile: no arrivals while the producer is stopped', () => {
    const config: StationConfig = {
      arrival: { rate: 5, shape: { type: 'exponential' }, profile: [{ at: 100, rate: 0 }, { at: 200, rate: 5 }] },
      service: { type: 'exponential', mean: 0.1 },
      servers: 1,
      capacity: null,
      warmup: 0,
    };
    const times: number[] = [];
    const st = new Station(config, 3, { arrival: (t) => times.push(t) });
    st.run(300);
    expect(times.some((t) => t > 100 && t < 200)).toBe(false);
    // About 500 arrivals in each active 100 s window (Poisson sd ≈ 22).
    const first = times.filter((t) => t < 100).length;
    const last = times.filter((t) => t >= 200).length;
    expect(Math.abs(first - 500)).toBeLessThan(5 * Math.sqrt(500));
    expect(Math.abs(last - 500)).toBeLessThan(5 * Math.sqrt(500));
  });
});
