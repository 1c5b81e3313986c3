/**
 * The yardstick for the kernel benchmark: the smallest hand-written M/M/1 event loop we know how
 * to write in JavaScript — a binary heap over typed arrays keyed by time only, an inlined
 * xoshiro128** PRNG, two event kinds in a switch, and only counters. The kernel should reach at
 * least half its speed while offering total ordering, cancellation, handlers and streams.
 *
 * It samples with the same portable logarithm as the simulation (src/sim/kernel/pmath.ts, which
 * gives the same bits in every engine): the yardstick does the same arithmetic, so the ratio
 * measures the kernel's overhead, not the price of determinism across engines.
 */
import { log } from '../sim/kernel/pmath.ts';

export interface BaselineResult {
  events: number;
  checksum: number;
}

/**
 * `stations` independent M/M/1 queues (λ, μ per station) sharing one event list, run until
 * `customers` arrivals in total have happened.
 */
export function baselineMM1(stations: number, customers: number, lambda: number, mu: number, seed: number): BaselineResult {
  const cap = 4 * stations + 16;
  const ht = new Float64Array(cap); // heap: time
  const hk = new Int32Array(cap); // heap: kind·2^20 + station
  let n = 0;
  let s0 = seed | 0 || 1;
  let s1 = 0x9e3779b9 | 0;
  let s2 = 0x85ebca6b | 0;
  let s3 = 0xc2b2ae35 | 0;
  const exp = (mean: number): number => {
    const t = Math.imul(s1, 5);
    const r = Math.imul((t << 7) | (t >>> 25), 9) >>> 0;
    const sh = s1 << 9;
    const n2 = s2 ^ s0;
    const n3 = s3 ^ s1;
    s1 ^= n2;
    s0 ^= n3;
    s2 = n2 ^ sh;
    s3 = (n3 << 11) | (n3 >>> 21);
    return -mean * log((r + 0.5) * 2.3283064365386963e-10);
  };
  const push = (t: number, k: number): void => {
    let i = n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (ht[p] <= t) break;
      ht[i] = ht[p];
      hk[i] = hk[p];
      i = p;
    }
    ht[i] = t;
    hk[i] = k;
  };
  const inSys = new Int32Array(stations);
  const meanA = 1 / lambda;
  const meanS = 1 / mu;
  for (let s = 0; s < stations; s++) push(exp(meanA), s);
  let arrivals = 0;
  let events = 0;
  let checksum = 0;
  while (arrivals < customers) {
    const now = ht[0];
    const k = hk[0];
    // pop
    const lt = ht[--n];
    const lk = hk[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && ht[c + 1] < ht[c]) c++;
      if (lt <= ht[c]) break;
      ht[i] = ht[c];
      hk[i] = hk[c];
      i = c;
    }
    ht[i] = lt;
    hk[i] = lk;
    events++;
    const st = k & 0xfffff;
    if (k < 0x100000) {
      arrivals++;
      push(now + exp(meanA), st);
      if (++inSys[st] === 1) push(now + exp(meanS), 0x100000 | st);
    } else {
      checksum += now;
      if (--inSys[st] > 0) push(now + exp(meanS), 0x100000 | st);
    }
  }
  return { events, checksum };
}
