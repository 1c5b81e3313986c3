/**
 * A producer's rate over time: a base rate changed by steps and linear ramps, optionally
 * multiplied by periodic bursts, a daily curve and load spikes, and zero after the producer stops.
 *
 *   rate(t) = piecewise(t) · burst(t) · daily(t) · spikes(t),  0 for t ≥ stopAt
 *   burst(t) = factor while (t mod every) < duration, else 1
 *   daily(t) = 1 + amplitude · cos(2π (t − peakAt) / period)
 *   spikes(t) = product of the factors of the load spikes active at t (1 when none is)
 *
 * Spikes stack: overlapping or nested ones multiply, and each one's factor is gone exactly when it
 * ends (the product is recomputed from the active spikes, never divided back out).
 *
 * Poisson arrivals with this rate are drawn by thinning (Lewis & Shedler): candidates from a
 * homogeneous process at an upper bound of the rate on the current segment, each kept with
 * probability rate(t)/bound — exact for any rate function below the bound. A segment ends at the
 * next profile piece or spike edge, so the bound is the piece's largest base rate × the spikes'
 * product on it × the burst and daily maxima: it never carries a spike past its end.
 */
import { cos, log } from '../../kernel/pmath.ts';
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

/** A load spike: rate × factor on [from, until). */
interface Spike {
  from: number;
  until: number;
  factor: number;
}

export class RateProfile {
  private readonly pieces: Piece[] = [];
  /** Largest burst × daily multiplier (spikes are bounded per segment, see {@link nextArrival}). */
  private readonly shapeBound: number;
  /** No bursts and no daily curve: on a flat piece without spikes the rate is its bound. */
  private readonly plain: boolean;
  /** Load spikes added at run time, in the order added; see {@link forgetEnded}. */
  private spikes: Spike[] = [];
  /** The earliest end among `spikes` (Infinity when there is none). */
  private firstEnd = Infinity;

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
    this.shapeBound = (spec.bursts ? Math.max(1, spec.bursts.factor) : 1) * (spec.daily ? 1 + Math.abs(spec.daily.amplitude) : 1);
    this.plain = !spec.bursts && !spec.daily;
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
   * Multiplies the rate by `factor` on [from, until) (a load spike), on top of any other spike
   * active then. For `constant` arrivals the caller redraws the pending arrival at `from` and
   * `until`; Poisson arrivals need no redraw (the thinning segments end at every spike edge),
   * though one does no harm.
   */
  addWindow(from: number, until: number, factor: number): void {
    if (!(until > from) || !(factor >= 0) || !Number.isFinite(factor)) throw new RangeError(`a load spike needs from < until and a finite factor ≥ 0, got [${from}, ${until}) × ${factor}`);
    this.spikes.push({ from, until, factor });
    this.firstEnd = Math.min(this.firstEnd, until);
  }

  /**
   * Drops the spikes that ended by `t`, so a long run with many spikes does not keep paying for
   * them. Called with the caller's clock at each {@link nextArrival}: arrivals are drawn forwards
   * in time, so those spikes can no longer matter (rateAt(t') for t' before then may forget them).
   */
  private forgetEnded(t: number): void {
    if (t < this.firstEnd) return;
    this.spikes = this.spikes.filter((w) => w.until > t);
    this.firstEnd = Math.min(Infinity, ...this.spikes.map((w) => w.until));
  }

  /** Product of the factors of the spikes active at t (1 when none is). */
  spikeFactor(t: number): number {
    let m = 1;
    for (const w of this.spikes) if (t >= w.from && t < w.until) m *= w.factor;
    return m;
  }

  /** The first spike edge (start or end) after t, or Infinity. */
  private nextSpikeEdge(t: number): number {
    let e = Infinity;
    for (const w of this.spikes) {
      if (w.from > t) e = Math.min(e, w.from);
      else if (w.until > t) e = Math.min(e, w.until);
    }
    return e;
  }

  private multiplier(t: number): number {
    let m = this.spikes.length > 0 ? this.spikeFactor(t) : 1;
    const b = this.spec.bursts;
    if (b && t % b.every < b.duration) m *= b.factor;
    const d = this.spec.daily;
    if (d) m *= 1 + d.amplitude * cos((2 * Math.PI * (t - d.peakAt)) / d.period);
    return m;
  }

  /** Rate at time t, records per second. */
  rateAt(t: number): number {
    if (this.spec.stopAt !== null && t >= this.spec.stopAt) return 0;
    const p = this.pieceAt(t);
    const base = p.end === Infinity || p.from === p.to ? p.from : p.from + ((p.to - p.from) * (t - p.start)) / (p.end - p.start);
    return Math.max(0, base * this.multiplier(t));
  }

  /** Largest rate anywhere, with the spikes added so far (for validation and chart scales). */
  get peak(): number {
    let spikes = 1;
    // The spikes' product only changes at their edges.
    for (const w of this.spikes) spikes = Math.max(spikes, this.spikeFactor(w.from), this.spikeFactor(w.until));
    return Math.max(...this.pieces.map((p) => Math.max(p.from, p.to))) * this.shapeBound * spikes;
  }

  /**
   * Time of the next Poisson arrival after `t`, or Infinity if none will come.
   * `deterministic` arrivals instead come every 1/rate(t) seconds.
   */
  nextArrival(t: number, rng: Rng, deterministic: boolean): number {
    const stop = this.spec.stopAt ?? Infinity;
    this.forgetEnded(t);
    for (let guard = 0; guard < 1_000_000; guard++) {
      if (t >= stop) return Infinity;
      const p = this.pieceAt(t);
      // The segment [t, end): one profile piece, no spike edge inside, so the spikes' product is constant on it.
      let end = Math.min(p.end, stop);
      let bound = Math.max(p.from, p.to) * this.shapeBound;
      if (this.spikes.length > 0) {
        end = Math.min(end, this.nextSpikeEdge(t));
        bound *= this.spikeFactor(t);
      }
      if (!(bound > 0)) {
        if (end === Infinity) return Infinity;
        t = end;
        continue;
      }
      if (deterministic) {
        const r = this.rateAt(t);
        // The rate is 0 from stopAt on: an arrival due then or later never comes.
        if (r > 0) return t + 1 / r < stop ? t + 1 / r : Infinity;
        // Between bursts or at a zero of the daily curve: look again a little later.
        t += 1 / bound;
        continue;
      }
      const candidate = t - log(rng.nextOpen()) / bound;
      if (candidate >= end) {
        t = end; // memoryless: restart on the next segment with its own bound
        continue;
      }
      t = candidate;
      // A flat piece, no spike, no burst or daily curve: rate(t) is the piece's rate, which is the
      // bound, so the candidate is kept without asking (rateAt would answer exactly `bound`).
      if (this.plain && p.from === p.to && this.spikes.length === 0) return t;
      const r = this.rateAt(t);
      if (r >= bound || rng.next() * bound < r) return t;
    }
    return Infinity;
  }
}
