/**
 * Arithmetic that gives the same bits on every JavaScript engine. `+ − × ÷` and `Math.sqrt` are
 * correctly rounded by IEEE 754, so every engine agrees on them; `Math.pow`, `Math.log`, `Math.exp`
 * and the trigonometric functions are not, and do differ: Node 20's V8 and Chromium 156's give
 * different last bits for about 10 % of `Math.pow` arguments (so a percentile computed as
 * `γ^i` differed between the CLI and the page). Code whose result is shown as a number uses these.
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
