/**
 * Seeded pseudo-random numbers for the simulation core.
 *
 * Algorithm: **xoshiro128\*\*** (Blackman & Vigna, 2018), 128 bits of state in four 32-bit words,
 * period 2^128 − 1, passes BigCrush. It uses only 32-bit integer operations (`Math.imul`, shifts),
 * which JavaScript engines run fast and identically on every platform, so a run in Node and a run in
 * the browser draw the same numbers.
 *
 * Seeding and streams: a run has one root seed (an unsigned 32-bit integer). Every independent
 * source of randomness (the arrival process, each server, later each producer and consumer) asks for
 * its own **stream** by a label, e.g. `streams.stream('arrivals')` or `streams.stream('service', 3)`.
 * The stream's 128-bit state is filled by **SplitMix32** (a 32-bit variant of Steele, Lea & Flood's
 * SplitMix) started from `seed ⊕ fnv1a(label) ⊕ index·φ`. Streams are therefore a pure function of
 * (seed, label, index): adding a consumer creates a new stream and does not perturb the arrival
 * sequence or any other stream.
 *
 * `next()` returns a double in [0, 1) with 53 random bits (two 32-bit outputs), `nextOpen()` one in
 * (0, 1) with 32 bits for logarithms.
 */

const TWO_POW_M32 = 2 ** -32;
const TWO_POW_M53 = 2 ** -53;

/** SplitMix32 step: returns [nextState, output]. Mixing constants from Java's SplittableRandom (32-bit). */
function splitmix32(state: number): [number, number] {
  state = (state + 0x9e3779b9) | 0;
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  z ^= z >>> 16;
  return [state, z >>> 0];
}

/** FNV-1a 32-bit hash of a string's UTF-16 code units. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  // State words are public fields so hot loops can be specialised by engines; treat as private.
  s0 = 0;
  s1 = 0;
  s2 = 0;
  s3 = 0;

  /** Seeds the four state words from one 32-bit value through SplitMix32. */
  constructor(seed: number) {
    let st = seed | 0;
    let out: number;
    [st, out] = splitmix32(st);
    this.s0 = out | 0;
    [st, out] = splitmix32(st);
    this.s1 = out | 0;
    [st, out] = splitmix32(st);
    this.s2 = out | 0;
    [st, out] = splitmix32(st);
    this.s3 = out | 0;
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1; // the all-zero state is a fixed point
  }

  /** Next raw 32-bit output as an unsigned integer. */
  nextUint32(): number {
    const s0 = this.s0;
    const s1 = this.s1;
    const s2 = this.s2;
    const s3 = this.s3;
    const t = Math.imul(s1, 5);
    const result = Math.imul((t << 7) | (t >>> 25), 9);
    const sh = s1 << 9;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    this.s1 = s1 ^ n2;
    this.s0 = s0 ^ n3;
    this.s2 = n2 ^ sh;
    this.s3 = (n3 << 11) | (n3 >>> 21);
    return result >>> 0;
  }

  /** Uniform double in [0, 1) with 53 random bits. */
  next(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) * TWO_POW_M53;
  }

  /**
   * Uniform double in (0, 1) on the grid (k + ½)·2^−32 — never 0 or 1, safe for log, one
   * 32-bit draw (the hot path of exponential sampling). The grid caps −ln u at 22.9, a tail event
   * of probability 10^−10.
   */
  nextOpen(): number {
    return (this.nextUint32() + 0.5) * TWO_POW_M32;
  }

  /** Uniform integer in [0, n) for 1 ≤ n ≤ 2^32 (multiply-shift; bias < n/2^32, negligible here). */
  nextInt(n: number): number {
    return Math.floor(this.nextUint32() * TWO_POW_M32 * n);
  }
}

/** The family of independent streams of one run. */
export class RngStreams {
  readonly seed: number;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new RangeError(`seed must be an integer in [0, 4294967295], got ${seed}`);
    }
    this.seed = seed;
  }

  /** The stream named `label` (and `index`, for one of many like servers or consumers). */
  stream(label: string, index = 0): Rng {
    return new Rng((this.seed ^ fnv1a(label) ^ Math.imul(index + 1, 0x9e3779b9)) >>> 0);
  }
}
