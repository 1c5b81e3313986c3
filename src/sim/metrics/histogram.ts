/**
 * Log-bucketed histogram for percentiles with a stated relative error and bounded memory
 * (the idea of DDSketch / HdrHistogram).
 *
 * Bucket i ≥ 1 holds values in (min·γ^(i−1), min·γ^i] with γ = (1+ε)/(1−ε); a value is reported as
 * 2·min·γ^i/(γ+1), within relative error ε of every value in its bucket. Bucket 0 holds values
 * ≤ `min` (reported as 0: e.g. customers who did not wait); values above `max` are clamped into the
 * last bucket and counted in `overflow`. With the defaults (ε = 0.5 %, 1 µs … 10^9 s) that is
 * about 3,500 buckets, 28 KB, whatever the number of observations.
 */
import { exp, highWord, log, powInt } from '../kernel/pmath.ts';

/**
 * Bucket lookup without a logarithm. {@link LogHistogram.bucketOf} is ⌈(log v − log min)/log γ⌉;
 * the table gives the same integer for almost every v from a double's exponent and top 7 fraction
 * bits — a cell 1/128 of an octave wide, less than one bucket — so a cell holds at most one bucket
 * boundary. Each cell has the bucket of its lower part and a narrow zone around that boundary
 * (±10⁻⁶ of a bucket's width, where rounding could decide); a value below the zone is in the lower
 * bucket, above it in the next, and inside it (about one value in 10⁶) is computed with the
 * logarithm. Rounding moves the computed quotient by less than 10⁻¹⁰ buckets, so outside the zone
 * the table and the logarithm agree on every value: the same buckets, bit for bit.
 */
interface BucketTable {
  /** Cell index of the first cell: highWord(v) >> CELL_SHIFT minus this. */
  base: number;
  /** Per cell: the bucket below its boundary, and the zone [zoneLo, zoneHi] computed exactly (+∞ without a boundary). */
  bucket: Int32Array;
  zoneLo: Float64Array;
  zoneHi: Float64Array;
}

/** highWord >> 13: sign, exponent and the top 7 fraction bits. */
const CELL_SHIFT = 13;
/** Half-width of the zone computed exactly, in buckets. */
const ZONE = 1e-6;
const tables = new Map<string, BucketTable | null>();

/** 2^e for an integer e (exact: repeated doubling or halving). */
function pow2(e: number): number {
  return e >= 0 ? powInt(2, e) : 1 / powInt(2, -e);
}

/** The table for histograms with these parameters (shared), or null when a cell is wider than a bucket. */
function bucketTable(min: number, max: number, logMin: number, logGamma: number): BucketTable | null {
  const id = `${min}/${max}/${logGamma}`;
  let t = tables.get(id);
  if (t !== undefined) return t;
  t = null;
  // A cell spans log(1 + 1/128) in log space: with the zones on both sides it must stay below one bucket.
  if (log(1 + 1 / 128) / logGamma + 4 * ZONE < 1 && min > 0 && max > min && max < 1e300) {
    const base = highWord(min) >> CELL_SHIFT;
    const n = (highWord(max) >> CELL_SHIFT) - base + 1;
    const bucket = new Int32Array(n);
    const zoneLo = new Float64Array(n).fill(Infinity);
    const zoneHi = new Float64Array(n).fill(Infinity);
    const y = (v: number) => (log(v) - logMin) / logGamma;
    for (let c = 0; c < n; c++) {
      // The cell: [2^(e−1023)·(1 + j/128), 2^(e−1023)·(1 + (j+1)/128)) for its exponent e and top fraction bits j.
      const e = (base + c) >> 7;
      const j = (base + c) & 127;
      const y0 = y(pow2(e - 1023) * (1 + j / 128));
      const y1 = y(pow2(e - 1023) * (1 + (j + 1) / 128));
      // The only integer that can be a boundary in the cell (its computed quotients are off by < 10⁻¹⁰).
      const k = Math.ceil(y0 - 2 * ZONE);
      bucket[c] = k;
      if (k <= y1 + 2 * ZONE) {
        // Values below min·γ^k are in bucket k, above it in k + 1; near it, the logarithm decides.
        const at = exp(logMin + k * logGamma);
        zoneLo[c] = at * (1 - 2 * ZONE * logGamma);
        zoneHi[c] = at * (1 + 2 * ZONE * logGamma);
      }
    }
    t = { base, bucket, zoneLo, zoneHi };
  }
  tables.set(id, t);
  return t;
}

export class LogHistogram {
  // Number fields start as numbers (see TimeIntegral).
  readonly min: number = 0;
  readonly max: number = 0;
  readonly relativeError: number = 0;
  private readonly counts: Float64Array;
  private readonly logGamma: number = 0;
  private readonly gamma: number = 0;
  private readonly logMin: number = 0;
  private readonly table: BucketTable | null;
  total = 0;
  overflow = 0;

  constructor(min = 1e-6, max = 1e9, relativeError = 0.005) {
    this.min = min;
    this.max = max;
    this.relativeError = relativeError;
    this.gamma = (1 + relativeError) / (1 - relativeError);
    this.logGamma = log(this.gamma);
    this.logMin = log(min);
    this.counts = new Float64Array(Math.ceil((log(max) - this.logMin) / this.logGamma) + 2);
    this.table = bucketTable(min, max, this.logMin, this.logGamma);
  }

  add(value: number): void {
    // bucketOf and addAt's common case written out (a model's hot path inlines it whole); the rest,
    // and a value in a zone near a boundary, by the definitions.
    const t = this.table;
    if (t !== null && value > this.min) {
      const c = (highWord(value) >> CELL_SHIFT) - t.base;
      if (c >= 0 && c < t.bucket.length) {
        const i = value < t.zoneLo[c] ? t.bucket[c] : value > t.zoneHi[c] ? t.bucket[c] + 1 : -1;
        if (i >= 0 && i < this.counts.length) {
          this.counts[i]++;
          this.total++;
          return;
        }
      }
    }
    this.addAt(this.bucketOf(value));
  }

  /** Bucket index of `value` (histograms with the same min, max and error share indices). */
  bucketOf(value: number): number {
    if (value <= this.min) return 0;
    const t = this.table;
    if (t !== null) {
      const c = (highWord(value) >> CELL_SHIFT) - t.base;
      if (c >= 0 && c < t.bucket.length) {
        if (value < t.zoneLo[c]) return t.bucket[c];
        if (value > t.zoneHi[c]) return t.bucket[c] + 1;
      }
    }
    return this.bucketByLog(value);
  }

  /** {@link bucketOf} by its definition. */
  bucketByLog(value: number): number {
    if (value <= this.min) return 0;
    return Math.ceil((log(value) - this.logMin) / this.logGamma);
  }

  /** Counts one value whose {@link bucketOf} is `i` (clamped into the last bucket). */
  addAt(i: number): void {
    if (i >= this.counts.length) {
      i = this.counts.length - 1;
      this.overflow++;
    }
    this.counts[i]++;
    this.total++;
  }

  private valueOf(i: number): number {
    // γ^i by multiplications only: Math.pow's last bits differ between engines (see pmath.ts).
    return i === 0 ? 0 : (2 * this.min * powInt(this.gamma, i)) / (this.gamma + 1);
  }

  /** The q-quantile (0 ≤ q ≤ 1) by nearest rank; NaN when empty. */
  quantile(q: number): number {
    if (this.total === 0) return NaN;
    const rank = Math.max(1, Math.ceil(q * this.total));
    let cum = 0;
    for (let i = 0; i < this.counts.length; i++) {
      cum += this.counts[i];
      if (cum >= rank) return this.valueOf(i);
    }
    return this.valueOf(this.counts.length - 1);
  }

  reset(): void {
    this.counts.fill(0);
    this.total = 0;
    this.overflow = 0;
  }
}
