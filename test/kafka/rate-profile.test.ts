/**
 * A producer's rate under load spikes (issue 10b): any stack of spikes — overlapping, nested,
 * back to back, on top of profile steps, ramps, bursts and a daily curve — multiplies the rate by
 * the product of the factors active at that instant and gives it back exactly when they end; the
 * arrivals drawn from the profile follow that rate; and a producer is not left silent (and
 * flagged dead) after short ×100 spikes.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RateProfile, type RateProfileSpec } from '../../src/sim/model/kafka/rate-profile.ts';
import { Rng } from '../../src/sim/kernel/rng.ts';
import { parseScenarioOrThrow } from '../../src/scenario/validate.ts';
import type { KafkaScenario } from '../../src/scenario/schema.ts';
import { createKafka, summarize } from '../../src/run/run.ts';
import { withLiveFaults } from '../../workers/liveFaults.ts';

interface Spike {
  from: number;
  until: number;
  factor: number;
}

/** The rate the spec and spikes describe, written out independently of RateProfile. */
function expectedRate(spec: RateProfileSpec, spikes: readonly Spike[], t: number): number {
  if (spec.stopAt !== null && t >= spec.stopAt) return 0;
  let base = spec.rate;
  let prev = spec.rate;
  for (const s of spec.profile) {
    if (t < s.at) break;
    const ramp = s.ramp ?? 0;
    base = ramp > 0 && t < s.at + ramp ? prev + ((s.rate - prev) * (t - s.at)) / ramp : s.rate;
    prev = s.rate;
  }
  let m = 1;
  for (const w of spikes) if (t >= w.from && t < w.until) m *= w.factor;
  if (spec.bursts && t % spec.bursts.every < spec.bursts.duration) m *= spec.bursts.factor;
  if (spec.daily) m *= 1 + spec.daily.amplitude * Math.cos((2 * Math.PI * (t - spec.daily.peakAt)) / spec.daily.period);
  return Math.max(0, base * m);
}

const T = 100;

/** Profile steps that do not overlap (each ramp ends before the next step), as validation allows. */
const stepsArb = fc
  .array(fc.record({ gap: fc.integer({ min: 1, max: 30 }), rate: fc.integer({ min: 0, max: 200 }), ramp: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }) }), { maxLength: 4 })
  .map((xs) => {
    let at = 0;
    return xs.map(({ gap, rate, ramp }) => {
      at += gap;
      const step = { at, rate, ...(ramp !== undefined ? { ramp } : {}) };
      at += ramp ?? 0;
      return step;
    });
  });

const specArb: fc.Arbitrary<RateProfileSpec> = fc.record({
  rate: fc.integer({ min: 1, max: 200 }),
  profile: stepsArb,
  bursts: fc.option(fc.record({ every: fc.integer({ min: 2, max: 30 }), duration: fc.integer({ min: 0, max: 2 }), factor: fc.integer({ min: 0, max: 10 }) }), { nil: null, freq: 2 }),
  daily: fc.option(fc.record({ period: fc.integer({ min: 5, max: 200 }), amplitude: fc.constantFrom(0.2, 0.5, 1), peakAt: fc.integer({ min: 0, max: 50 }) }), { nil: null, freq: 2 }),
  stopAt: fc.option(fc.integer({ min: 20, max: T }), { nil: null, freq: 4 }),
});

/** Stacks of spikes: random, and deliberately nested / overlapping / back to back around one instant. */
const spikesArb = (factors: number[], nested: number[]): fc.Arbitrary<Spike[]> =>
  fc.oneof(
    fc.array(
      fc
        .record({ from: fc.integer({ min: 0, max: 900 }).map((x) => x / 10), len: fc.integer({ min: 1, max: 300 }).map((x) => x / 10), factor: fc.constantFrom(...factors) })
        .map(({ from, len, factor }) => ({ from, until: from + len, factor })),
      { minLength: 1, maxLength: 6 },
    ),
    fc.record({ at: fc.integer({ min: 1, max: 80 }), factor: fc.constantFrom(...nested) }).map(({ at, factor }) => [
      { from: at, until: at + 1, factor },
      { from: at + 0.5, until: at + 1.5, factor },
      { from: at + 0.25, until: at + 0.75, factor },
      { from: at + 1.5, until: at + 2, factor },
    ]),
  );

/** The profile with its spikes added in time order, as the model adds them (each at its start). */
function profileWith(spec: RateProfileSpec, spikes: readonly Spike[]): RateProfile {
  const p = new RateProfile(spec);
  for (const w of [...spikes].sort((a, b) => a.from - b.from)) p.addWindow(w.from, w.until, w.factor);
  return p;
}

/** ∫₀^T of the expected rate: Gauss–Legendre (5 points) on pieces between every edge, at most 0.25 s long. */
function integral(spec: RateProfileSpec, spikes: readonly Spike[], end: number): number {
  const edges = new Set<number>([0, end]);
  for (const w of spikes) edges.add(w.from).add(w.until);
  for (const s of spec.profile) edges.add(s.at).add(s.at + (s.ramp ?? 0));
  if (spec.stopAt !== null) edges.add(spec.stopAt);
  if (spec.bursts) for (let t = 0; t < end; t += spec.bursts.every) edges.add(t).add(t + spec.bursts.duration);
  const xs = [...edges].filter((x) => x >= 0 && x <= end).sort((a, b) => a - b);
  const nodes = [0, -0.5384693101056831, 0.5384693101056831, -0.906179845938664, 0.906179845938664];
  const weights = [0.5688888888888889, 0.47862867049936647, 0.47862867049936647, 0.23692688505618908, 0.23692688505618908];
  let sum = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    const n = Math.ceil((xs[i + 1] - xs[i]) / 0.25);
    const h = (xs[i + 1] - xs[i]) / n;
    for (let k = 0; k < n; k++) {
      const a = xs[i] + k * h;
      nodes.forEach((x, j) => (sum += (weights[j] * h * expectedRate(spec, spikes, a + ((x + 1) * h) / 2)) / 2));
    }
  }
  return sum;
}

describe('load spikes on a rate profile', () => {
  it('the rate at every instant is base × the product of the active spikes, and back to the base when they end', () => {
    fc.assert(
      fc.property(specArb, spikesArb([0.25, 0.5, 2, 3, 8, 100], [2, 8, 100]), fc.array(fc.double({ min: 0, max: T, noNaN: true }), { minLength: 20, maxLength: 60 }), (spec, spikes, times) => {
        const p = profileWith(spec, spikes);
        const plain = new RateProfile(spec);
        // Random instants, every spike edge and the instants just around it.
        const probes = [...times, ...spikes.flatMap((w) => [w.from, w.until, w.from - 1e-9, w.until - 1e-9, (w.from + w.until) / 2])].filter((t) => t >= 0);
        for (const t of probes) {
          const want = expectedRate(spec, spikes, t);
          expect(Math.abs(p.rateAt(t) - want)).toBeLessThanOrEqual(1e-9 * Math.max(1, want));
        }
        const over = Math.max(...spikes.map((w) => w.until));
        for (const t of [over, over + 0.5, over + 7.25]) expect(p.rateAt(t)).toBe(plain.rateAt(t));
      }),
      { seed: 20251010, numRuns: 300 },
    );
  });

  it('Poisson arrivals under stacked spikes match the integral of the expected rate (within a 99.99% interval)', () => {
    fc.assert(
      // Factors kept small enough that a run draws at most about a million arrivals.
      fc.property(specArb, spikesArb([0.25, 0.5, 2, 3, 8], [2, 8, 20]), fc.integer({ min: 1, max: 1e6 }), (spec, spikes, seed) => {
        const p = profileWith(spec, spikes);
        const rng = new Rng(seed);
        let n = 0;
        for (let t = p.nextArrival(0, rng, false); t <= T; t = p.nextArrival(t, rng, false)) n++;
        const lambda = integral(spec, spikes, T);
        // Normal approximation of Poisson(Λ), z = 3.9 (two-sided 99.99%), plus 1 for tiny Λ.
        expect(Math.abs(n - lambda)).toBeLessThanOrEqual(3.9 * Math.sqrt(lambda) + 1);
      }),
      { seed: 20251011, numRuns: 60 },
    );
  });

  it('peak covers the largest stacked product', () => {
    const p = new RateProfile({ rate: 10, profile: [], bursts: null, daily: null, stopAt: null });
    p.addWindow(1, 5, 10);
    p.addWindow(2, 3, 0.1);
    p.addWindow(4, 6, 3);
    expect(p.rateAt(2.5)).toBeCloseTo(10, 12);
    expect(p.rateAt(4.5)).toBe(300);
    expect(p.rateAt(6)).toBe(10);
    expect(p.peak).toBe(300);
  });
});

function spikeScenario(spikes: [at: number, duration: number][]): KafkaScenario {
  return parseScenarioOrThrow({
    version: 1,
    model: 'kafka',
    seed: 7,
    duration: 100,
    topic: { partitions: 2 },
    producers: [{ name: 'checkout', rate: 100 }],
    groups: [],
    faults: spikes.map(([at, duration]) => ({ at, kind: 'load-spike', target: '*', factor: 100, duration })),
  }) as KafkaScenario;
}

/** Records a 100/s producer should send in 100 s under ×100 spikes (stacked where they overlap). */
function expectedRecords(spikes: [number, number][]): number {
  return integral({ rate: 100, profile: [], bursts: null, daily: null, stopAt: null }, spikes.map(([at, d]) => ({ from: at, until: at + d, factor: 100 })), 100);
}

describe('a producer under four short ×100 load spikes (issue 10b)', () => {
  for (const [name, spikes] of [
    ['overlapping pairs', [[10, 1], [10.5, 1], [30, 1], [31, 1]]],
    ['very short ones', [[10, 0.001], [10.0005, 0.001], [12, 0.001], [12.0005, 0.001]]],
  ] as [string, [number, number][]][]) {
    it(`keeps producing at its base rate after them (${name}) and is not flagged dead`, () => {
      const s = spikeScenario(spikes);
      const m = createKafka(s);
      m.run(s.duration);
      const st = m.stats();
      const lambda = expectedRecords(spikes);
      expect(Math.abs(st.produced - lambda)).toBeLessThanOrEqual(3.9 * Math.sqrt(lambda));
      expect(st.producers[0].dead).toBe(false);
      expect(st.producers[0].expectedRate).toBe(100);
      // The last 50 s, long after every spike, run at 100/s.
      const after = createKafka(s);
      after.run(50);
      const before = after.produced;
      after.run(100);
      expect(Math.abs(after.produced - before - 5000)).toBeLessThanOrEqual(3.9 * Math.sqrt(5000));
    });
  }

  it('the live “Load ×8” button stacks the same way, and its share link replays the run', () => {
    const s = spikeScenario([]);
    const live = createKafka(s);
    // Pressed three times: ×8 on [5, 125), ×64 on [20, 125) ∩ … — beyond the run's end.
    for (const t of [5, 20, 20]) {
      live.run(t);
      live.inject({ at: 0, kind: 'load-spike', target: '*', factor: 8, duration: 120 });
    }
    live.run(s.duration);
    const lambda = 100 * 5 + 800 * 15 + 51200 * 80;
    expect(Math.abs(live.produced - lambda)).toBeLessThanOrEqual(3.9 * Math.sqrt(lambda));
    const replay = parseScenarioOrThrow(withLiveFaults(s, live.applied)) as KafkaScenario;
    const again = createKafka(replay);
    again.run(replay.duration);
    expect(JSON.stringify(summarize(replay, again))).toBe(JSON.stringify(summarize(replay, live)));
  });
});

describe('constant arrivals and stopAt', () => {
  it('no arrival at or after stopAt: the rate is 0 from then on', () => {
    const p = new RateProfile({ rate: 1, profile: [], bursts: null, daily: null, stopAt: 2.5 });
    const rng = new Rng(1);
    const times: number[] = [];
    for (let t = p.nextArrival(0, rng, true); t !== Infinity; t = p.nextArrival(t, rng, true)) times.push(t);
    expect(times).toEqual([1, 2]);
    const exact = new RateProfile({ rate: 1, profile: [], bursts: null, daily: null, stopAt: 2 });
    expect(exact.nextArrival(1, rng, true)).toBe(Infinity);
  });
});
