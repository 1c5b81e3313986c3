/**
 * Arithmetic that gives the same bits on every JavaScript engine. `+ − × ÷` and `Math.sqrt` are
 * correctly rounded by IEEE 754, so every engine agrees on them; `Math.pow`, `Math.log`, `Math.exp`
 * and the trigonometric functions are not, and do differ: Node 20's V8 (fdlibm) and Chromium 156's
 * (LLVM's libc) give different last bits for ~7 % of `Math.log`, ~10 % of `Math.exp` and
 * `Math.pow`, ~3 % of `Math.cos` arguments — so the same seed gave W = 3.30666988237666 in the CLI
 * and 3.3066698823766587 in the page. Code whose result is shown as a number uses these instead.
 *
 * Everything below is computed with `+ − × ÷`, `Math.sqrt`, `Math.abs`, `Math.floor`, int32 bit
 * operations, exact reads of a double's two 32-bit words and exact scalings by powers of two, so
 * it gives the same bits everywhere. The functions are ports of Sun's fdlibm 5.3
 * (http://www.netlib.org/fdlibm) as V8 carried it in src/base/ieee754.cc before log and cos moved
 * to LLVM's libc (e_log.c, e_exp.c, s_expm1.c, s_cos.c, s_sin.c, s_tan.c, k_cos.c, k_sin.c,
 * k_tan.c, e_rem_pio2.c, k_rem_pio2.c), and of fdlibm's e_pow.c; each keeps fdlibm's operation
 * order and constants, so its error is fdlibm's: below 1 ulp (pow: at most 0.77 ulp against a
 * 200-bit reference on 20,000 arguments). On x86-64 log, exp, expm1, cos, sin and tan give exactly
 * the bits of Node 20's Math functions (V8 11.3 compiled the same C); pow is fdlibm's, not the C
 * library's that Node 20 calls.
 * Deviations from the C: JavaScript's special cases for pow (1 ** NaN and (±1) ** ±∞ are NaN);
 * exp(1) returns e correctly rounded (V8's change); floating-point exceptions are not raised.
 *
 * fdlibm's notice, kept as its licence asks:
 *
 * ====================================================
 * Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved.
 *
 * Developed at SunSoft, a Sun Microsystems, Inc. business.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 * ====================================================
 *
 * e_pow.c: Copyright (C) 2004 by Sun Microsystems, Inc. All rights reserved.
 * Permission to use, copy, modify, and distribute this
 * software is freely granted, provided that this notice
 * is preserved.
 */

/** `x^n` for an integer `n ≥ 0` by repeated squaring: only multiplications, the same bits everywhere. */
export function powInt(x: number, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`powInt: n must be a non-negative integer, got ${n}`);
  let result = 1;
  let base = x;
  let k = n;
  while (k > 0) {
    if (k & 1) result *= base;
    base *= base;
    k = Math.floor(k / 2);
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// A double's two 32-bit words. Float64Array and Uint32Array share the platform's byte order, so
// the high word is element 1 on little-endian machines and element 0 on big-endian ones.
//
// Words are only ever read. Where fdlibm writes them (SET_HIGH_WORD, INSERT_WORDS, SET_LOW_WORD
// to 0) the same double is built by exact arithmetic instead — a power of two from POW2, times a
// 21-bit significand — because writing 32 bits and reading the 64-bit double back defeats the
// CPU's store forwarding: it made log twice as slow.

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
const HI = LITTLE_ENDIAN ? 1 : 0;
const LO = LITTLE_ENDIAN ? 0 : 1;

/** High word of x as a signed int32 (sign bit, exponent, top 20 bits of the fraction). */
export function highWord(x: number): number {
  F64[0] = x;
  return U32[HI] | 0;
}

/** 2^e for e ∈ [−1074, 1023] at index e + 1074, built by exact doublings and halvings. */
const POW2 = new Float64Array(2098);
for (let e = 0, p = 1; e <= 1023; e++, p *= 2) POW2[e + 1074] = p;
for (let e = 0, p = 1; e >= -1074; e--, p *= 0.5) POW2[e + 1074] = p;

const TWOM20 = 2 ** -20;
const TWOM1042 = 2 ** -1042;

/** The finite double whose high word is `hw` and whose low word is 0 (fdlibm's INSERT_WORDS(d, hw, 0)). */
function fromHighWord(hw: number): number {
  const e = (hw >>> 20) & 0x7ff;
  const m = hw & 0xfffff;
  const magnitude = e === 0 ? m * TWOM1042 : POW2[e + 51] * (1 + m * TWOM20); // 2^(e−1023)·(1.m)
  return hw < 0 ? -magnitude : magnitude;
}

/** Finite x with its low word cleared (fdlibm's SET_LOW_WORD(x, 0): the top 21 bits of the significand). */
function clearLowWord(x: number): number {
  return fromHighWord(highWord(x));
}

const TWO1023 = 2 ** 1023;
const TWOM1000 = 2 ** -1000;
const TWOM969 = 2 ** -969;
const TWO24 = 2 ** 24;
const TWON24 = 2 ** -24;
const TWO53 = 2 ** 53;
const TWO54 = 2 ** 54;

/** x · 2^n, rounded once (musl's scalbn: exact scalings first, so a subnormal result rounds once). */
function scalbn(x: number, n: number): number {
  let y = x;
  if (n > 1023) {
    y *= TWO1023;
    n -= 1023;
    if (n > 1023) {
      y *= TWO1023;
      n -= 1023;
      if (n > 1023) n = 1023;
    }
  } else if (n < -1022) {
    y *= TWOM969;
    n += 969;
    if (n < -1022) {
      y *= TWOM969;
      n += 969;
      if (n < -1022) n = -1022;
    }
  }
  return y * POW2[n + 1074];
}

// ---------------------------------------------------------------------------------------------
// log (e_log.c)

const LN2_HI = 6.93147180369123816490e-01; // 0x3FE62E42 FEE00000
const LN2_LO = 1.90821492927058770002e-10; // 0x3DEA39EF 35793C76
const LG1 = 6.666666666666735130e-01; // 0x3FE55555 55555593
const LG2 = 3.999999999940941908e-01; // 0x3FD99999 9997FA04
const LG3 = 2.857142874366239149e-01; // 0x3FD24924 94229359
const LG4 = 2.222219843214978396e-01; // 0x3FCC71C5 1D8E78AF
const LG5 = 1.818357216161805012e-01; // 0x3FC74664 96CB03DE
const LG6 = 1.531383769920937332e-01; // 0x3FC39A09 D078C69F
const LG7 = 1.479819860511658591e-01; // 0x3FC2F112 DF3E5244

/**
 * Natural logarithm (fdlibm e_log.c): x = 2^k·(1+f) with √2/2 < 1+f < √2, log(1+f) from
 * s = f/(2+f) and a degree-14 polynomial in s; error < 1 ulp. log(±0) = −∞, log(x < 0) = NaN.
 *
 * The common case — a positive normal x not within 2^-20 of a power of two — is {@link logFull}'s
 * computation, operation for operation, in a function small enough for V8 to inline (so the
 * result is not boxed); everything else goes to logFull.
 */
export function log(x: number): number {
  F64[0] = x;
  const hx = U32[HI] | 0;
  const m = hx & 0x000fffff;
  if (hx < 0x00100000 || hx >= 0x7ff00000 || (0x000fffff & (2 + m)) < 3) return logFull(x);
  const i = (m + 0x95f64) & 0x100000;
  const k = (hx >> 20) - 1023 + (i >> 20);
  const f = x * POW2[1074 - k] - 1.0;
  const s = f / (2.0 + f);
  const z = s * s;
  const w = z * z;
  const R = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7))) + w * (LG2 + w * (LG4 + w * LG6));
  // fdlibm has separate k = 0 branches, f − (hfsq − s·(hfsq + R)) and f − s·(f − R): with f ≠ 0 here,
  // 0·ln2_hi − (a − f) and b ± 0·ln2_lo are exactly those, so one formula serves.
  const hfsq = 0.5 * f * f;
  const a = ((m - 0x6147a) | (0x6b851 - m)) > 0 ? hfsq - (s * (hfsq + R) + k * LN2_LO) : s * (f - R) - k * LN2_LO;
  return k * LN2_HI - (a - f);
}

/** fdlibm's log for every argument (zero, negative, subnormal, ∞, NaN, near powers of two). */
function logFull(x: number): number {
  F64[0] = x;
  let hx = U32[HI] | 0;
  const lx = U32[LO];
  let k = 0;
  if (hx < 0x00100000) {
    // x < 2^-1022
    if (((hx & 0x7fffffff) | lx) === 0) return -Infinity; // log(±0)
    if (hx < 0) return NaN; // log(negative)
    k -= 54;
    x *= TWO54; // subnormal: scale up
    F64[0] = x;
    hx = U32[HI] | 0;
  }
  if (hx >= 0x7ff00000) return x + x; // +∞, NaN
  let i = ((hx & 0x000fffff) + 0x95f64) & 0x100000;
  const e = (hx >> 20) - 1023 + (i >> 20);
  x *= POW2[1074 - e]; // normalise x or x/2: SET_HIGH_WORD(x, hx | (i ^ 0x3ff00000)), exactly
  k += e;
  hx &= 0x000fffff;
  const f = x - 1.0;
  if ((0x000fffff & (2 + hx)) < 3) {
    // −2^-20 ≤ f < 2^-20
    if (f === 0) {
      if (k === 0) return 0;
      return k * LN2_HI + k * LN2_LO;
    }
    const R = f * f * (0.5 - 0.33333333333333333 * f);
    if (k === 0) return f - R;
    return k * LN2_HI - ((R - k * LN2_LO) - f);
  }
  const s = f / (2.0 + f);
  const dk = k;
  const z = s * s;
  i = hx - 0x6147a;
  const w = z * z;
  const j = 0x6b851 - hx;
  const t1 = w * (LG2 + w * (LG4 + w * LG6));
  const t2 = z * (LG1 + w * (LG3 + w * (LG5 + w * LG7)));
  i |= j;
  const R = t2 + t1;
  if (i > 0) {
    const hfsq = 0.5 * f * f;
    if (k === 0) return f - (hfsq - s * (hfsq + R));
    return dk * LN2_HI - ((hfsq - (s * (hfsq + R) + dk * LN2_LO)) - f);
  }
  if (k === 0) return f - s * (f - R);
  return dk * LN2_HI - ((s * (f - R) - dk * LN2_LO) - f);
}

// ---------------------------------------------------------------------------------------------
// exp (e_exp.c)

const O_THRESHOLD = 7.09782712893383973096e+02; // 0x40862E42 FEFA39EF
const U_THRESHOLD = -7.45133219101941108420e+02; // 0xC0874910 D52D3051
const INVLN2 = 1.44269504088896338700e+00; // 0x3FF71547 652B82FE
const P1 = 1.66666666666666019037e-01; // 0x3FC55555 5555553E
const P2 = -2.77777777770155933842e-03; // 0xBF66C16C 16BEBD93
const P3 = 6.61375632143793436117e-05; // 0x3F11566A AF25DE2C
const P4 = -1.65339022054652515390e-06; // 0xBEBBBD41 C5D26BF1
const P5 = 4.13813679705723846039e-08; // 0x3E663769 72BEA4D0
const E = 2.718281828459045; // 0x4005BF0A 8B145769

/**
 * e^x (fdlibm e_exp.c): x = k·ln2 + r with |r| ≤ ln2/2, e^r from a degree-5 rational
 * approximation, times 2^k; error < 1 ulp. Overflows to +∞ above 709.78, underflows to 0 below −745.13.
 *
 * As for log: the common case (2^-28 ≤ |x|, a normal result, x ≠ 1) is {@link expFull}'s
 * computation in a function V8 can inline; the rest goes to expFull.
 */
export function exp(x: number): number {
  F64[0] = x;
  const hw = U32[HI] | 0;
  const hx = hw & 0x7fffffff;
  if (hx >= 0x40862e42 || hx < 0x3e300000 || x === 1) return expFull(x);
  if (hx <= 0x3fd62e42) {
    // |x| ≤ ln2/2: k = 0
    const t = x * x;
    const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
    return 1 - ((x * c) / (c - 2.0) - x);
  }
  // k·ln2_hi and k·ln2_lo are exact, so ±1 here gives expFull's x ∓ ln2_hi and ±ln2_lo for 0.5 < |x|/ln2 < 1.5
  const k = hx < 0x3ff0a2b2 ? (hw < 0 ? -1 : 1) : (INVLN2 * x + (hw < 0 ? -0.5 : 0.5)) | 0;
  if (k < -1021 || k > 1023) return expFull(x);
  const hi = x - k * LN2_HI;
  const lo = k * LN2_LO;
  const r = hi - lo;
  const t = r * r;
  const c = r - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  return (1 - ((lo - (r * c) / (2.0 - c)) - hi)) * POW2[k + 1074];
}

/** fdlibm's exp for every argument (tiny, huge, ∞, NaN, subnormal results, exp(1)). */
function expFull(x: number): number {
  F64[0] = x;
  let hx = U32[HI];
  const xsb = hx >>> 31; // sign bit of x
  hx &= 0x7fffffff; // high word of |x|
  if (hx >= 0x40862e42) {
    // |x| ≥ 709.78…
    if (hx >= 0x7ff00000) {
      if (((hx & 0xfffff) | U32[LO]) !== 0) return x + x; // NaN
      return xsb === 0 ? x : 0; // exp(±∞) = ∞, 0
    }
    if (x > O_THRESHOLD) return Infinity;
    if (x < U_THRESHOLD) return 0;
  }
  let hi = 0;
  let lo = 0;
  let k = 0;
  if (hx > 0x3fd62e42) {
    // |x| > ln2/2
    if (hx < 0x3ff0a2b2) {
      // and |x| < 1.5·ln2
      if (x === 1) return E; // V8's special case: the reduction below gets e's last bit wrong
      if (xsb === 0) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = (INVLN2 * x + (xsb === 0 ? 0.5 : -0.5)) | 0;
      hi = x - k * LN2_HI; // exact
      lo = k * LN2_LO;
    }
    x = hi - lo;
  } else if (hx < 0x3e300000) {
    // |x| < 2^-28
    return 1 + x;
  }
  const t = x * x;
  const c = x - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  if (k === 0) return 1 - ((x * c) / (c - 2.0) - x);
  const y = 1 - ((lo - (x * c) / (2.0 - c)) - hi);
  if (k >= -1021) {
    if (k === 1024) return y * 2.0 * TWO1023;
    return y * POW2[k + 1074];
  }
  return y * POW2[k + 2074] * TWOM1000;
}

// ---------------------------------------------------------------------------------------------
// expm1 (s_expm1.c)

const Q1 = -3.33333333333331316428e-02; // BFA11111 111110F4
const Q2 = 1.58730158725481460165e-03; // 3F5A01A0 19FE5585
const Q3 = -7.93650757867487942473e-05; // BF14CE19 9EAADBB7
const Q4 = 4.00821782732936239552e-06; // 3ED0CFCA 86E65239
const Q5 = -2.01099218183624371326e-07; // BE8AFDB7 6E09C32D

/** e^x − 1, accurate near 0 (fdlibm s_expm1.c); error < 1 ulp. */
export function expm1(x: number): number {
  F64[0] = x;
  let hx = U32[HI];
  const xsb = hx >>> 31;
  hx &= 0x7fffffff;
  if (hx >= 0x4043687a) {
    // |x| ≥ 56·ln2
    if (hx >= 0x40862e42) {
      // |x| ≥ 709.78…
      if (hx >= 0x7ff00000) {
        if (((hx & 0xfffff) | U32[LO]) !== 0) return x + x; // NaN
        return xsb === 0 ? x : -1; // expm1(±∞) = ∞, −1
      }
      if (x > O_THRESHOLD) return Infinity;
    }
    if (xsb !== 0) return -1; // x < −56·ln2
  }
  let k = 0;
  let c = 0;
  if (hx > 0x3fd62e42) {
    // |x| > ln2/2
    let hi: number;
    let lo: number;
    if (hx < 0x3ff0a2b2) {
      // and |x| < 1.5·ln2
      if (xsb === 0) {
        hi = x - LN2_HI;
        lo = LN2_LO;
        k = 1;
      } else {
        hi = x + LN2_HI;
        lo = -LN2_LO;
        k = -1;
      }
    } else {
      k = (INVLN2 * x + (xsb === 0 ? 0.5 : -0.5)) | 0;
      hi = x - k * LN2_HI; // exact
      lo = k * LN2_LO;
    }
    x = hi - lo;
    c = (hi - x) - lo;
  } else if (hx < 0x3c900000) {
    // |x| < 2^-54
    return x;
  }
  const hfx = 0.5 * x;
  const hxs = x * hfx;
  const r1 = 1 + hxs * (Q1 + hxs * (Q2 + hxs * (Q3 + hxs * (Q4 + hxs * Q5))));
  let t = 3.0 - r1 * hfx;
  let e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k === 0) return x - (x * e - hxs);
  e = x * (e - c) - c;
  e -= hxs;
  if (k === -1) return 0.5 * (x - e) - 0.5;
  if (k === 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return 1 + 2.0 * (x - e);
  }
  if (k <= -2 || k > 56) {
    // exp(x) − 1 suffices
    let y = 1 - (e - x);
    if (k === 1024) y = y * 2.0 * TWO1023;
    else y = y * POW2[k + 1074];
    return y - 1;
  }
  let y: number;
  if (k < 20) {
    t = 1 - POW2[1074 - k];
    y = t - (e - x);
  } else {
    t = POW2[1074 - k];
    y = x - (e + t);
    y += 1;
  }
  return y * POW2[k + 1074];
}

// ---------------------------------------------------------------------------------------------
// Trigonometric functions: argument reduction (e_rem_pio2.c, k_rem_pio2.c) and kernels on
// [−π/4, π/4] (k_cos.c, k_sin.c, k_tan.c).

/** 2/π in 24-bit chunks (396 hex digits). */
const TWO_OVER_PI = [
  0xa2f983, 0x6e4e44, 0x1529fc, 0x2757d1, 0xf534dd, 0xc0db62, 0x95993c, 0x439041, 0xfe5163, 0xabdebb, 0xc561b7,
  0x246e3a, 0x424dd2, 0xe00649, 0x2eea09, 0xd1921c, 0xfe1deb, 0x1cb129, 0xa73ee8, 0x8235f5, 0x2ebb44, 0x84e99c,
  0x7026b4, 0x5f7e41, 0x3991d6, 0x398353, 0x39f49c, 0x845f8b, 0xbdf928, 0x3b1ff8, 0x97ffde, 0x05980f, 0xef2f11,
  0x8b5a0a, 0x6d1f6d, 0x367ecf, 0x27cb09, 0xb74f46, 0x3f669e, 0x5fea2d, 0x7527ba, 0xc7ebe5, 0xf17b3d, 0x0739f7,
  0x8a5292, 0xea6bfb, 0x5fb11f, 0x8d5d08, 0x560330, 0x46fc7b, 0x6babf0, 0xcfbc20, 0x9af436, 0x1da9e3, 0x91615e,
  0xe61b08, 0x659985, 0x5f14a0, 0x68408d, 0xffd880, 0x4d7327, 0x310606, 0x1556ca, 0x73a8c9, 0x60e27b, 0xc08c6b,
];

/** High words of n·π/2 for n = 1..32 (a quick test for cancellation). */
const NPIO2_HW = [
  0x3ff921fb, 0x400921fb, 0x4012d97c, 0x401921fb, 0x401f6a7a, 0x4022d97c, 0x4025fdbb, 0x402921fb, 0x402c463a,
  0x402f6a7a, 0x4031475c, 0x4032d97c, 0x40346b9c, 0x4035fdbb, 0x40378fdb, 0x403921fb, 0x403ab41b, 0x403c463a,
  0x403dd85a, 0x403f6a7a, 0x40407e4c, 0x4041475c, 0x4042106c, 0x4042d97c, 0x4043a28c, 0x40446b9c, 0x404534ac,
  0x4045fdbb, 0x4046c6cb, 0x40478fdb, 0x404858eb, 0x404921fb,
];

/** π/2 cut into 24-bit chunks. */
const PIO2 = [
  1.57079625129699707031e+00, // 0x3FF921FB 40000000
  7.54978941586159635335e-08, // 0x3E74442D 00000000
  5.39030252995776476554e-15, // 0x3CF84698 80000000
  3.28200341580791294123e-22, // 0x3B78CC51 60000000
  1.27065575308067607349e-29, // 0x39F01B83 80000000
  1.22933308981111328932e-36, // 0x387A2520 40000000
  2.73370053816464559624e-44, // 0x36E38222 80000000
  2.16741683877804819444e-51, // 0x3569F31D 00000000
];

const INVPIO2 = 6.36619772367581382433e-01; // 0x3FE45F30 6DC9C883: 53 bits of 2/π
const PIO2_1 = 1.57079632673412561417e+00; // 0x3FF921FB 54400000: first 33 bits of π/2
const PIO2_1T = 6.07710050650619224932e-11; // 0x3DD0B461 1A626331: π/2 − PIO2_1
const PIO2_2 = 6.07710050630396597660e-11; // 0x3DD0B461 1A600000: second 33 bits
const PIO2_2T = 2.02226624879595063154e-21; // 0x3BA3198A 2E037073
const PIO2_3 = 2.02226624871116645580e-21; // 0x3BA3198A 2E000000: third 33 bits
const PIO2_3T = 8.47842766036889956997e-32; // 0x397B839A 252049C1

/** The reduced argument y0 + y1 of the last {@link remPio2} call. */
const Y = new Float64Array(2);
// Scratch of kernelRemPio2 (huge arguments only).
const KX = new Float64Array(3);
const KF = new Float64Array(20);
const KQ = new Float64Array(20);
const KFQ = new Float64Array(20);
const KIQ = new Int32Array(20);

/**
 * x·(2/π) for huge x (k_rem_pio2.c with prec = 2, i.e. jk = 4): x is given in `nx` 24-bit
 * chunks KX[0..nx−1] scaled by 2^e0; writes x − N·π/2 to Y[0] + Y[1] and returns N mod 8.
 */
function kernelRemPio2(e0: number, nx: number): number {
  const x = KX;
  const f = KF;
  const q = KQ;
  const fq = KFQ;
  const iq = KIQ;
  const jk = 4;
  const jp = jk;
  const jx = nx - 1;
  let jv = ((e0 - 3) / 24) | 0;
  if (jv < 0) jv = 0;
  let q0 = e0 - 24 * (jv + 1);

  let j = jv - jx;
  const m = jx + jk;
  for (let i = 0; i <= m; i++, j++) f[i] = j < 0 ? 0 : TWO_OVER_PI[j];
  for (let i = 0; i <= jk; i++) {
    let fw = 0;
    for (j = 0; j <= jx; j++) fw += x[j] * f[jx + i - j];
    q[i] = fw;
  }

  let jz = jk;
  let z: number;
  let n: number;
  let ih: number;
  for (;;) {
    // distill q[] into iq[] reversingly
    let i = 0;
    j = jz;
    z = q[jz];
    for (; j > 0; i++, j--) {
      const fw = (TWON24 * z) | 0;
      iq[i] = (z - TWO24 * fw) | 0;
      z = q[j - 1] + fw;
    }
    z = scalbn(z, q0); // the actual value of z
    z -= 8.0 * Math.floor(z * 0.125); // trim off integer ≥ 8
    n = z | 0;
    z -= n;
    ih = 0;
    if (q0 > 0) {
      // need iq[jz−1] to determine n
      i = iq[jz - 1] >> (24 - q0);
      n += i;
      iq[jz - 1] -= i << (24 - q0);
      ih = iq[jz - 1] >> (23 - q0);
    } else if (q0 === 0) {
      ih = iq[jz - 1] >> 23;
    } else if (z >= 0.5) {
      ih = 2;
    }
    if (ih > 0) {
      // q > 0.5
      n += 1;
      let carry = 0;
      for (i = 0; i < jz; i++) {
        // compute 1 − q
        j = iq[i];
        if (carry === 0) {
          if (j !== 0) {
            carry = 1;
            iq[i] = 0x1000000 - j;
          }
        } else {
          iq[i] = 0xffffff - j;
        }
      }
      if (q0 === 1) iq[jz - 1] &= 0x7fffff;
      else if (q0 === 2) iq[jz - 1] &= 0x3fffff;
      if (ih === 2) {
        z = 1 - z;
        if (carry !== 0) z -= scalbn(1, q0);
      }
    }
    // check whether recomputation is needed
    if (z === 0) {
      j = 0;
      for (i = jz - 1; i >= jk; i--) j |= iq[i];
      if (j === 0) {
        let k = 1;
        while (jk >= k && iq[jk - k] === 0) k++; // k = number of terms needed
        for (i = jz + 1; i <= jz + k; i++) {
          // add q[jz+1] to q[jz+k]
          f[jx + i] = TWO_OVER_PI[jv + i];
          let fw = 0;
          for (j = 0; j <= jx; j++) fw += x[j] * f[jx + i - j];
          q[i] = fw;
        }
        jz += k;
        continue;
      }
    }
    break;
  }

  // chop off zero terms
  if (z === 0) {
    jz -= 1;
    q0 -= 24;
    while (iq[jz] === 0) {
      jz--;
      q0 -= 24;
    }
  } else {
    // break z into 24-bit chunks if necessary
    z = scalbn(z, -q0);
    if (z >= TWO24) {
      const fw = (TWON24 * z) | 0;
      iq[jz] = (z - TWO24 * fw) | 0;
      jz += 1;
      q0 += 24;
      iq[jz] = fw;
    } else {
      iq[jz] = z | 0;
    }
  }

  // convert the integer "bit" chunks to floating point
  let fw = scalbn(1, q0);
  for (let i = jz; i >= 0; i--) {
    q[i] = fw * iq[i];
    fw *= TWON24;
  }
  // PIo2[0..jp]·q[jz..0]
  for (let i = jz; i >= 0; i--) {
    fw = 0;
    for (let k = 0; k <= jp && k <= jz - i; k++) fw += PIO2[k] * q[i + k];
    fq[jz - i] = fw;
  }
  // compress fq[] into Y[] (53-bit precision)
  fw = 0;
  for (let i = jz; i >= 0; i--) fw += fq[i];
  Y[0] = ih === 0 ? fw : -fw;
  fw = fq[0] - fw;
  for (let i = 1; i <= jz; i++) fw += fq[i];
  Y[1] = ih === 0 ? fw : -fw;
  return n & 7;
}

/** x − N·π/2 into Y[0] + Y[1] (|Y[0]| ≤ π/4 nearly); returns N (e_rem_pio2.c). */
function remPio2(x: number): number {
  F64[0] = x;
  const hx = U32[HI] | 0;
  const ix = hx & 0x7fffffff;
  if (ix <= 0x3fe921fb) {
    // |x| ≲ π/4: no reduction
    Y[0] = x;
    Y[1] = 0;
    return 0;
  }
  if (ix < 0x4002d97c) {
    // |x| < 3π/4: n = ±1
    if (hx > 0) {
      let z = x - PIO2_1;
      if (ix !== 0x3ff921fb) {
        // 33+53 bits of π are enough
        Y[0] = z - PIO2_1T;
        Y[1] = (z - Y[0]) - PIO2_1T;
      } else {
        // near π/2: 33+33+53 bits
        z -= PIO2_2;
        Y[0] = z - PIO2_2T;
        Y[1] = (z - Y[0]) - PIO2_2T;
      }
      return 1;
    }
    let z = x + PIO2_1;
    if (ix !== 0x3ff921fb) {
      Y[0] = z + PIO2_1T;
      Y[1] = (z - Y[0]) + PIO2_1T;
    } else {
      z += PIO2_2;
      Y[0] = z + PIO2_2T;
      Y[1] = (z - Y[0]) + PIO2_2T;
    }
    return -1;
  }
  if (ix <= 0x413921fb) {
    // |x| ≲ 2^19·π/2: medium size
    const t = Math.abs(x);
    const n = (t * INVPIO2 + 0.5) | 0;
    const fn = n;
    let r = t - fn * PIO2_1;
    let w = fn * PIO2_1T; // first round, good to 85 bits
    if (n < 32 && ix !== NPIO2_HW[n - 1]) {
      Y[0] = r - w; // quick check: no cancellation
    } else {
      const j = ix >> 20;
      Y[0] = r - w;
      let i = j - ((highWord(Y[0]) >> 20) & 0x7ff);
      if (i > 16) {
        // second iteration, good to 118 bits
        let tt = r;
        w = fn * PIO2_2;
        r = tt - w;
        w = fn * PIO2_2T - ((tt - r) - w);
        Y[0] = r - w;
        i = j - ((highWord(Y[0]) >> 20) & 0x7ff);
        if (i > 49) {
          // third iteration, 151 bits: covers all cases
          tt = r;
          w = fn * PIO2_3;
          r = tt - w;
          w = fn * PIO2_3T - ((tt - r) - w);
          Y[0] = r - w;
        }
      }
    }
    Y[1] = (r - Y[0]) - w;
    if (hx < 0) {
      Y[0] = -Y[0];
      Y[1] = -Y[1];
      return -n;
    }
    return n;
  }
  if (ix >= 0x7ff00000) {
    // ∞ or NaN
    Y[0] = Y[1] = x - x;
    return 0;
  }
  // huge: z = scalbn(|x|, ilogb(x) − 23), cut into three 24-bit chunks
  const e0 = (ix >> 20) - 1046;
  let z = Math.abs(x) * POW2[1074 - e0]; // exact
  for (let i = 0; i < 2; i++) {
    KX[i] = z | 0;
    z = (z - KX[i]) * TWO24;
  }
  KX[2] = z;
  let nx = 3;
  while (KX[nx - 1] === 0) nx--; // skip zero chunks
  const n = kernelRemPio2(e0, nx);
  if (hx < 0) {
    Y[0] = -Y[0];
    Y[1] = -Y[1];
    return -n;
  }
  return n;
}

const C1 = 4.16666666666666019037e-02; // 0x3FA55555 5555554C
const C2 = -1.38888888888741095749e-03; // 0xBF56C16C 16C15177
const C3 = 2.48015872894767294178e-05; // 0x3EFA01A0 19CB1590
const C4 = -2.75573143513906633035e-07; // 0xBE927E4F 809C52AD
const C5 = 2.08757232129817482790e-09; // 0x3E21EE9E BDB4B1C4
const C6 = -1.13596475577881948265e-11; // 0xBDA8FAE9 BE8838D4

/** cos(x + y) for |x| ≲ π/4, y the tail of x (k_cos.c). */
function kernelCos(x: number, y: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000) return 1; // |x| < 2^-27
  const z = x * x;
  const r = z * (C1 + z * (C2 + z * (C3 + z * (C4 + z * (C5 + z * C6)))));
  if (ix < 0x3fd33333) return 1 - (0.5 * z - (z * r - x * y)); // |x| < 0.3
  const qx = ix > 0x3fe90000 ? 0.28125 : fromHighWord(ix - 0x00200000); // x/4 (0.28125 above 0.78125)
  const iz = 0.5 * z - qx;
  const a = 1 - qx;
  return a - (iz - (z * r - x * y));
}

const S1 = -1.66666666666666324348e-01; // 0xBFC55555 55555549
const S2 = 8.33333333332248946124e-03; // 0x3F811111 1110F8A6
const S3 = -1.98412698298579493134e-04; // 0xBF2A01A0 19C161D5
const S4 = 2.75573137070700676789e-06; // 0x3EC71DE3 57B1FE7D
const S5 = -2.50507602534068634195e-08; // 0xBE5AE5E6 8A2B9CEB
const S6 = 1.58969099521155010221e-10; // 0x3DE5D93A 5ACFD57C

/** sin(x + y) for |x| ≲ π/4, y the tail of x; iy = 0 when y is 0 (k_sin.c). */
function kernelSin(x: number, y: number, iy: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix < 0x3e400000) return x; // |x| < 2^-27
  const z = x * x;
  const v = z * x;
  const r = S2 + z * (S3 + z * (S4 + z * (S5 + z * S6)));
  if (iy === 0) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

const T = [
  3.33333333333334091986e-01, // 3FD55555 55555563
  1.33333333333201242699e-01, // 3FC11111 1110FE7A
  5.39682539762260521377e-02, // 3FABA1BA 1BB341FE
  2.18694882948595424599e-02, // 3F9664F4 8406D637
  8.86323982359930005737e-03, // 3F8226E3 E96E8493
  3.59207910759131235356e-03, // 3F6D6D22 C9560328
  1.45620945432529025516e-03, // 3F57DBC8 FEE08315
  5.88041240820264096874e-04, // 3F4344D8 F2F26501
  2.46463134818469906812e-04, // 3F3026F7 1A8D1068
  7.81794442939557092300e-05, // 3F147E88 A03792A6
  7.14072491382608190305e-05, // 3F12B80F 32F0A7E9
  -1.85586374855275456654e-05, // BEF375CB DB605373
  2.59073051863633712884e-05, // 3EFB2A70 74BF7AD4
];
const [T0, T1, T2, T3, T4, T5, T6, T7, T8, T9, T10, T11, T12] = T;
const PIO4 = 7.85398163397448278999e-01; // 3FE921FB 54442D18
const PIO4LO = 3.06161699786838301793e-17; // 3C81A626 33145C07

/** tan(x + y) (iy = 1) or −1/tan(x + y) (iy = −1) for |x| ≲ π/4, y the tail of x (k_tan.c). */
function kernelTan(x: number, y: number, iy: number): number {
  F64[0] = x;
  const hx = U32[HI] | 0;
  const ix = hx & 0x7fffffff;
  if (ix < 0x3e300000) {
    // |x| < 2^-28
    if (((ix | U32[LO]) | (iy + 1)) === 0) return 1 / Math.abs(x); // −1/tan(±0)
    if (iy === 1) return x;
    // −1/(x + y), carefully
    const w = x + y;
    const z = clearLowWord(w);
    const v = y - (z - x);
    const a = -1 / w;
    const t = clearLowWord(a);
    const s = 1 + t * z;
    return t + a * (s + t * v);
  }
  if (ix >= 0x3fe59428) {
    // |x| ≥ 0.6744: tan(π/4 − y') = (1 − tan y')/(1 + tan y')
    if (hx < 0) {
      x = -x;
      y = -y;
    }
    const z = PIO4 - x;
    const w = PIO4LO - y;
    x = z + w;
    y = 0;
  }
  const z = x * x;
  let w = z * z;
  // x^5·(T1 + x²T2 + …) as odd and even parts
  let r = T1 + w * (T3 + w * (T5 + w * (T7 + w * (T9 + w * T11))));
  let v = z * (T2 + w * (T4 + w * (T6 + w * (T8 + w * (T10 + w * T12)))));
  const s = z * x;
  r = y + z * (s * (r + v) + y);
  r += T0 * s;
  w = x + r;
  if (ix >= 0x3fe59428) {
    v = iy;
    return (1 - ((hx >> 30) & 2)) * (v - 2.0 * (x - ((w * w) / (w + v) - r)));
  }
  if (iy === 1) return w;
  // −1/(x + r), accurately
  const zz = clearLowWord(w);
  v = r - (zz - x); // zz + v = r + x
  const a = -1 / w;
  const t = clearLowWord(a);
  const ss = 1 + t * zz;
  return t + a * (ss + t * v);
}

/** Cosine (fdlibm s_cos.c): reduction modulo π/2 with 2/π to 1584 bits, then a kernel; error < 1 ulp. */
export function cos(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelCos(x, 0); // |x| ≲ π/4
  if (ix >= 0x7ff00000) return x - x; // cos(±∞ or NaN) = NaN
  const n = remPio2(x);
  const y0 = Y[0];
  const y1 = Y[1];
  switch (n & 3) {
    case 0:
      return kernelCos(y0, y1);
    case 1:
      return -kernelSin(y0, y1, 1);
    case 2:
      return -kernelCos(y0, y1);
    default:
      return kernelSin(y0, y1, 1);
  }
}

/** Sine (fdlibm s_sin.c); error < 1 ulp. */
export function sin(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelSin(x, 0, 0);
  if (ix >= 0x7ff00000) return x - x;
  const n = remPio2(x);
  const y0 = Y[0];
  const y1 = Y[1];
  switch (n & 3) {
    case 0:
      return kernelSin(y0, y1, 1);
    case 1:
      return kernelCos(y0, y1);
    case 2:
      return -kernelSin(y0, y1, 1);
    default:
      return -kernelCos(y0, y1);
  }
}

/** Tangent (fdlibm s_tan.c); error < 1 ulp. */
export function tan(x: number): number {
  const ix = highWord(x) & 0x7fffffff;
  if (ix <= 0x3fe921fb) return kernelTan(x, 0, 1);
  if (ix >= 0x7ff00000) return x - x;
  const n = remPio2(x);
  return kernelTan(Y[0], Y[1], 1 - ((n & 1) << 1)); // 1: n even, −1: n odd
}

// ---------------------------------------------------------------------------------------------
// pow (e_pow.c)

const DP_H1 = 5.84962487220764160156e-01; // 0x3FE2B803 40000000: log2(1.5) high
const DP_L1 = 1.35003920212974897128e-08; // 0x3E4CFDEB 43CFD006: log2(1.5) low
// coefficients of (3/2)·(log(x) − 2s − 2/3·s³)
const L1 = 5.99999999999994648725e-01; // 0x3FE33333 33333303
const L2 = 4.28571428578550184252e-01; // 0x3FDB6DB6 DB6FABFF
const L3 = 3.33333329818377432918e-01; // 0x3FD55555 518F264D
const L4 = 2.72728123808534006489e-01; // 0x3FD17460 A91D4101
const L5 = 2.30660745775561754067e-01; // 0x3FCD864A 93C9DB65
const L6 = 2.06975017800338417784e-01; // 0x3FCA7E28 4A454EEF
const LN2 = 6.93147180559945286227e-01; // 0x3FE62E42 FEFA39EF
const LN2_H21 = 6.93147182464599609375e-01; // 0x3FE62E43 00000000
const LN2_T21 = -1.90465429995776804525e-09; // 0xBE205C61 0CA86C39
const OVT = 8.0085662595372944372e-17; // −(1024 − log2(ovfl + 0.5 ulp))
const CP = 9.61796693925975554329e-01; // 0x3FEEC709 DC3A03FD = 2/(3·ln2)
const CP_H = 9.61796700954437255859e-01; // 0x3FEEC709 E0000000 = (float)CP
const CP_L = -7.02846165095275826516e-09; // 0xBE3E2FE0 145B01F5: tail of CP_H
const IVLN2 = 1.44269504088896338700e+00; // 0x3FF71547 652B82FE = 1/ln2
const IVLN2_H = 1.44269502162933349609e+00; // 0x3FF71547 60000000: 24 bits of 1/ln2
const IVLN2_L = 1.92596299112661746887e-08; // 0x3E54AE0B F85DDF44: tail

/**
 * x^y (fdlibm e_pow.c): log2(x) to ~70 bits in two pieces, y·log2(x) = n + y' in simulated
 * extra precision, then 2^n·e^(y'·ln2); "nearly rounded" (< 1 ulp), and exact for integer powers
 * of integers that are representable. JavaScript's special cases (x ** NaN and NaN ** y≠0 are
 * NaN, (±1) ** ±∞ is NaN, x ** ±0 is 1).
 */
export function pow(x: number, y: number): number {
  F64[0] = x;
  const hx = U32[HI] | 0;
  const lx = U32[LO];
  F64[0] = y;
  const hy = U32[HI] | 0;
  const ly = U32[LO];
  let ix = hx & 0x7fffffff;
  const iy = hy & 0x7fffffff;

  if ((iy | ly) === 0) return 1; // x ** ±0 = 1, even for NaN
  if (ix > 0x7ff00000 || (ix === 0x7ff00000 && lx !== 0) || iy > 0x7ff00000 || (iy === 0x7ff00000 && ly !== 0)) {
    return NaN; // JavaScript: 1 ** NaN is NaN too (C says 1)
  }

  // yisint: 0 = y is not an integer, 1 = odd integer, 2 = even integer (only needed for x < 0)
  let yisint = 0;
  if (hx < 0) {
    if (iy >= 0x43400000) {
      yisint = 2; // |y| ≥ 2^53: even
    } else if (iy >= 0x3ff00000) {
      const k = (iy >> 20) - 0x3ff; // exponent
      if (k > 20) {
        const j = ly >>> (52 - k);
        if ((j << (52 - k)) >>> 0 === ly) yisint = 2 - (j & 1);
      } else if (ly === 0) {
        const j = iy >> (20 - k);
        if (j << (20 - k) === iy) yisint = 2 - (j & 1);
      }
    }
  }

  // special values of y
  if (ly === 0) {
    if (iy === 0x7ff00000) {
      // y = ±∞
      if (((ix - 0x3ff00000) | lx) === 0) return NaN; // JavaScript: (±1) ** ±∞ is NaN (C says 1)
      if (ix >= 0x3ff00000) return hy >= 0 ? y : 0; // |x| > 1
      return hy < 0 ? -y : 0; // |x| < 1
    }
    if (iy === 0x3ff00000) return hy < 0 ? 1 / x : x; // y = ±1
    if (hy === 0x40000000) return x * x; // y = 2
    if (hy === 0x3fe00000 && hx >= 0) return Math.sqrt(x); // y = 0.5, x ≥ +0
  }

  let ax = Math.abs(x);
  // special values of x
  if (lx === 0 && (ix === 0x7ff00000 || ix === 0 || ix === 0x3ff00000)) {
    // x = ±0, ±∞, ±1
    let z = ax;
    if (hy < 0) z = 1 / z;
    if (hx < 0) {
      if (((ix - 0x3ff00000) | yisint) === 0) z = NaN; // (−1) ** non-integer
      else if (yisint === 1) z = -z; // (x < 0) ** odd = −(|x| ** odd)
    }
    return z;
  }

  const neg = hx >>> 31;
  if ((neg - 1 | yisint) === 0) return NaN; // (x < 0) ** non-integer
  const sign = ((neg - 1) | (yisint - 1)) === 0 ? -1 : 1; // (x < 0) ** odd integer

  let t1: number;
  let t2: number;
  if (iy > 0x41e00000) {
    // |y| > 2^31
    if (iy > 0x43f00000) {
      // |y| > 2^64: must over- or underflow (and y is even)
      if (ix <= 0x3fefffff) return hy < 0 ? Infinity : 0;
      if (ix >= 0x3ff00000) return hy > 0 ? Infinity : 0;
    }
    // over- or underflow if x is not close to one
    if (ix < 0x3fefffff) return hy < 0 ? sign * Infinity : sign * 0;
    if (ix > 0x3ff00000) return hy > 0 ? sign * Infinity : sign * 0;
    // |1 − x| ≤ 2^-20: log(x) by x − x²/2 + x³/3 − x⁴/4
    const t = ax - 1; // 20 trailing zeros
    const w = t * t * (0.5 - t * (0.3333333333333333333333 - t * 0.25));
    const u = IVLN2_H * t; // IVLN2_H has 21 significant bits
    const v = t * IVLN2_L - w * IVLN2;
    t1 = clearLowWord(u + v);
    t2 = v - (t1 - u);
  } else {
    let n = 0;
    if (ix < 0x00100000) {
      // subnormal x
      ax *= TWO53;
      n -= 53;
      ix = highWord(ax);
    }
    let e = (ix >> 20) - 0x3ff; // exponent of ax
    const j = ix & 0x000fffff;
    ix = j | 0x3ff00000; // normalise
    let k: number;
    if (j <= 0x3988e) {
      k = 0; // |x| < √(3/2)
    } else if (j < 0xbb67a) {
      k = 1; // |x| < √3
    } else {
      k = 0;
      e += 1;
      ix -= 0x00100000;
    }
    n += e;
    ax *= POW2[1074 - e]; // SET_HIGH_WORD(ax, ix), exactly
    const bp = k === 0 ? 1.0 : 1.5;
    const dpH = k === 0 ? 0 : DP_H1;
    const dpL = k === 0 ? 0 : DP_L1;

    // s = s_h + s_l = (x − 1)/(x + 1) or (x − 1.5)/(x + 1.5)
    let u = ax - bp;
    let v = 1 / (ax + bp);
    const s = u * v;
    const sH = clearLowWord(s);
    let tH = fromHighWord(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18)); // ax + bp, high part
    let tL = ax - (tH - bp);
    const sL = v * ((u - sH * tH) - sH * tL);
    // log(ax)
    let s2 = s * s;
    let r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += sL * (sH + s);
    s2 = sH * sH;
    tH = clearLowWord(3.0 + s2 + r);
    tL = r - ((tH - 3.0) - s2);
    // u + v = s·(1 + …)
    u = sH * tH;
    v = sL * tH + tL * s;
    // 2/(3·ln2)·(s + …)
    const pH = clearLowWord(u + v);
    const pL = v - (pH - u);
    const zH = CP_H * pH; // CP_H + CP_L = 2/(3·ln2)
    const zL = CP_L * pH + pL * CP + dpL;
    // log2(ax) = (s + …)·2/(3·ln2) = n + dp_h + z_h + z_l
    const t = n;
    t1 = clearLowWord(((zH + zL) + dpH) + t);
    t2 = zL - (((t1 - t) - dpH) - zH);
  }

  // split y into y1 + y2 and compute (y1 + y2)·(t1 + t2)
  const y1 = clearLowWord(y);
  const pL = (y - y1) * t1 + y * t2;
  let pH = y1 * t1;
  let z = pL + pH;
  F64[0] = z;
  let j = U32[HI] | 0;
  let i = U32[LO];
  if (j >= 0x40900000) {
    // z ≥ 1024
    if (j !== 0x40900000 || i !== 0) return sign * Infinity; // z > 1024
    if (pL + OVT > z - pH) return sign * Infinity;
  } else if ((j & 0x7fffffff) >= 0x4090cc00) {
    // z ≤ −1075
    if (j !== (0xc090cc00 | 0) || i !== 0) return sign * 0; // z < −1075
    if (pL <= z - pH) return sign * 0;
  }

  // 2^(pH + pL)
  i = j & 0x7fffffff;
  let k = (i >> 20) - 0x3ff;
  let n = 0;
  if (i > 0x3fe00000) {
    // |z| > 0.5: n = [z + 0.5]
    n = j + (0x00100000 >> (k + 1));
    k = ((n & 0x7fffffff) >> 20) - 0x3ff; // new k for n
    const t = fromHighWord(n & ~(0x000fffff >> k));
    n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
    if (j < 0) n = -n;
    pH -= t;
  }
  let t = clearLowWord(pL + pH);
  const u = t * LN2_H21;
  const v = (pL - (t - pH)) * LN2 + t * LN2_T21;
  z = u + v;
  const w = v - (z - u);
  t = z * z;
  const tt1 = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const r = (z * tt1) / (tt1 - 2.0) - (w + z * w);
  z = 1 - (r - z);
  // fdlibm adds n to the exponent, or calls scalbn when the result is subnormal: both are z·2^n
  return sign * scalbn(z, n);
}
