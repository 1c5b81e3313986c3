/**
 * A producer's rate over time: a base rate changed by steps and linear ramps, optionally
 * multiplied by periodic bursts and a daily curve, and zero after the producer stops.
 *
 *   rate(t) = piecewise(t) · burst(t) · daily(t),  0 for t ≥ stopAt
 *   burst(t) = factor while (t mod every) < duration, else 1
 *   daily(t) = 1 + amplitude · cos(2π (t − peakAt) / period)
 *
 * Poisson arrivals with this rate are drawn by thinning (Lewis & Shedler): candidates from a
 * homogeneous process at an upper bound of the rate on the current piece, each kept with
 * probability rate(t)/bound — exact for any rate function below the bound.
 */
import type { Rng } from '../../kernel/rng.ts';

export interface RateStepSpec {
  /** Seconds from which the change starts. */
  at: number;
  /** Target rate, records/s. */
  rate: number;
  /** Seconds over which the rate moves linearly to `rate` (0 = a step). */
  ramp?: number;
}

export interface RateProfileSpec {
  rate: number;
  profile: RateStepSpec[];
  bursts: { every: number; duration: number; factor: number } | null;
  daily: { period: number; amplitude: number; peakAt: number } | null;
  stopAt: number | null;
}

interface Piece {
  start: number;
  end: number;
  from: number;
  to: number;
}

export class RateProfile {
  private readonly pieces: Piece[] = [];
  private multiplierBound: number;
  /** Load spikes added at run time: rate × factor on [from, until). */
  private readonly windows: { from: number; until: number; factor: number }[] = [];

  constructor(readonly spec: RateProfileSpec) {
    let t = 0;
    let r = spec.rate;
    for (const step of spec.profile) {
      const ramp = step.ramp ?? 0;
      if (step.at > t) this.pieces.push({ start: t, end: step.at, from: r, to: r });
      if (ramp > 0) this.pieces.push({ start: step.at, end: step.at + ramp, from: r, to: step.rate });
      t = step.at + ramp;
      r = step.rate;
    }
    this.pieces.push({ start: t, end: Infinity, from: r, to: r });
    this.multiplierBound = (spec.bursts ? Math.max(1, spec.bursts.factor) : 1) * (spec.daily ? 1 + Math.abs(spec.daily.amplitude) : 1);
  }

  private pieceAt(t: number): Piece {
    const p = this.pieces;
    let lo = 0;
    let hi = p.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (p[mid].start <= t) lo = mid;
      else hi = mid - 1;
    }
    return p[lo];
  }

  /**
   * Multiplies the rate by `factor` on [from, until) (a load spike). The caller must redraw the
   * pending arrival at `from` and `until`, as the thinning bound changes there.
   */
  addWindow(from: number, until: number, factor: number): void {
    this.windows.push({ from, until, factor });
    this.multiplierBound *= Math.max(1, factor);
  }

  private multiplier(t: number): number {
    let m = 1;
    for (const w of this.windows) if (t >= w.from && t < w.until) m *= w.factor;
    const b = this.spec.bursts;
    if (b && t % b.every < b.duration) m *= b.factor;
    const d = this.spec.daily;
    if (d) m *= 1 + d.amplitude * Math.cos((2 * Math.PI * (t - d.peakAt)) / d.period);
    return m;
  }

  /** Rate at time t, records per second. */
  rateAt(t: number): number {
    if (this.spec.stopAt !== null && t >= this.spec.stopAt) return 0;
    const p = this.pieceAt(t);
    const base = p.end === Infinity || p.from === p.to ? p.from : p.from + ((p.to - p.from) * (t - p.start)) / (p.end - p.start);
    return Math.max(0, base * this.multiplier(t));
  }

  /** Largest rate anywhere (for validation and chart scales). */
  get peak(): number {
    return Math.max(...this.pieces.map((p) => Math.max(p.from, p.to))) * this.multiplierBound;
  }

  /**
   * Time of the next Poisson arrival after `t`, or Infinity if none will come.
   * `deterministic` arrivals instead come every 1/rate(t) seconds.
   */
  nextArrival(t: number, rng: Rng, deterministic: boolean): number {
    const stop = this.spec.stopAt ?? Infinity;
    for (let guard = 0; guard < 1_000_000; guard++) {
      if (t >= stop) return Infinity;
      const p = this.pieceAt(t);
      const bound = Math.max(p.from, p.to) * this.multiplierBound;
      const end = Math.min(p.end, stop);
      if (!(bound > 0)) {
        if (end === Infinity) return Infinity;
        t = end;
        continue;
      }
      if (deterministic) {
        const r = this.rateAt(t);
        if (r > 0) return t + 1 / r;
        // Between bursts or at a zero of the daily curve: look again a little later.
        t += 1 / bound;
        continue;
      }
      const candidate = t - Math.log(rng.nextOpen()) / bound;
      if (candidate >= end) {
        t = end; // memoryless: restart on the next piece with its own bound
        continue;
      }
      t = candidate;
      const r = this.rateAt(t);
      if (r >= bound || rng.next() * bound < r) return t;
    }
    return Infinity;
  }
}
