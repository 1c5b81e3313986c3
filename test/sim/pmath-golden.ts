/**
 * Golden bits of src/sim/kernel/pmath.ts: each function over a fixed set of arguments, the bit
 * patterns of its results hashed (FNV-1a over the two 32-bit words). Arguments are built from
 * integer bits by exact arithmetic only, so every engine sees the same ones; a result that differs
 * in one bit anywhere changes the hash. test/sim/pmath.test.ts checks the hashes in Node,
 * test/e2e/portable-math.spec.ts bundles this file and checks them in Chromium (page and worker).
 */
import { cos, exp, expm1, log, pow, sin, tan } from '../../src/sim/kernel/pmath.ts';

/** The functions hashed: pmath's, or (for comparison) the engine's own Math ones. */
export interface MathFunctions {
  log(x: number): number;
  exp(x: number): number;
  expm1(x: number): number;
  cos(x: number): number;
  sin(x: number): number;
  tan(x: number): number;
  pow(x: number, y: number): number;
}

export const PMATH: MathFunctions = { log, exp, expm1, cos, sin, tan, pow };

/** Per function, the hash of its results over the arguments below, as 8 hex digits. */
export const GOLDEN: Record<keyof MathFunctions, string> = {
  log: 'f771075d',
  exp: '9f6625f5',
  expm1: '37823bff',
  cos: '25794701',
  sin: '41d51bfe',
  tan: 'e77b5175',
  pow: '51ddad22',
};

/** Results per function: 200,000 in all. */
export const GOLDEN_COUNTS: Record<keyof MathFunctions, number> = {
  log: 50_000,
  exp: 40_000,
  expm1: 10_000,
  cos: 40_000,
  sin: 10_000,
  tan: 10_000,
  pow: 40_000,
};

const DV = new DataView(new ArrayBuffer(8));

/** xorshift32: integer operations only. */
function xorshift(seed: number): () => number {
  let s = seed | 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return s >>> 0;
  };
}

/** A uniform double in (0, 1) on Rng.nextOpen()'s grid (k + ½)·2^−32. */
const open = (u: number): number => (u + 0.5) * 2 ** -32;

/** The double with the given words (any bit pattern: subnormals, huge, tiny); DataView in big-endian order. */
function fromWords(hi: number, lo: number): number {
  DV.setUint32(0, hi >>> 0, false);
  DV.setUint32(4, lo >>> 0, false);
  return DV.getFloat64(0, false);
}

class Fnv {
  h = 0x811c9dc5 | 0;
  word(w: number): void {
    for (let i = 0; i < 4; i++) {
      this.h ^= (w >>> (8 * i)) & 0xff;
      this.h = Math.imul(this.h, 0x01000193);
    }
  }
  add(x: number): void {
    DV.setFloat64(0, x, false);
    this.word(DV.getUint32(0, false));
    this.word(DV.getUint32(4, false));
  }
  hex(): string {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }
}

/** Hashes of `m`'s results over the fixed arguments (see {@link GOLDEN_COUNTS}). */
export function goldenHashes(m: MathFunctions = PMATH): Record<keyof MathFunctions, string> {
  const r = xorshift(20240601);
  const out = {} as Record<keyof MathFunctions, string>;
  const run = (name: keyof MathFunctions, f: (i: number) => number): void => {
    const h = new Fnv();
    for (let i = 0; i < GOLDEN_COUNTS[name]; i++) h.add(f(i));
    out[name] = h.hex();
  };
  // log: the nextOpen grid (what exponential sampling feeds it), then any positive double.
  run('log', (i) => (i % 5 < 4 ? m.log(open(r())) : m.log(fromWords(r() & 0x7fefffff, r()))));
  // exp: the whole finite range with its overflow and underflow edges, then |x| < 2 and tiny |x|.
  run('exp', (i) => {
    const u = open(r());
    if (i % 4 === 0) return m.exp(-746 + 1456 * u);
    if (i % 4 === 1) return m.exp(-4 + 8 * u);
    if (i % 4 === 2) return m.exp((u - 0.5) * 2 ** -26);
    return m.exp(i % 8 === 3 ? 709.78 + 0.01 * u : -745.2 + 0.2 * u);
  });
  run('expm1', (i) => m.expm1(i % 2 === 0 ? (open(r()) - 0.5) * 4 : -50 + 760 * open(r())));
  // cos: the daily curve's range, medium |x| < 2^19·π/2, then any finite double (huge reduction).
  run('cos', (i) => {
    if (i % 4 < 2) return m.cos((open(r()) - 0.5) * 200);
    if (i % 4 === 2) return m.cos((open(r()) - 0.5) * 1.6e6);
    return m.cos(fromWords(r() & 0xffefffff, r()));
  });
  run('sin', (i) => m.sin(i % 2 === 0 ? (open(r()) - 0.5) * 200 : fromWords(r() & 0xffefffff, r())));
  // tan: π(p − ½) of the t-quantile for df = 1, then any finite double.
  run('tan', (i) => m.tan(i % 2 === 0 ? Math.PI * (open(r()) - 0.5) : fromWords(r() & 0xffefffff, r())));
  // pow: nextOpen grid to −1/α (Pareto) and 1/shape (gamma), then k^−s (Zipf), then x, y wide.
  run('pow', (i) => {
    if (i % 4 === 0) return m.pow(open(r()), -1 / (1 + 4 * open(r())));
    if (i % 4 === 1) return m.pow(open(r()), 1 / (0.05 + open(r())));
    if (i % 4 === 2) return m.pow(1 + (r() % 100_000), -2 * open(r()));
    return m.pow(100 * open(r()), (open(r()) - 0.5) * 300);
  });
  return out;
}
