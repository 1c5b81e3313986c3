/**
 * Little's law over a run's statistics window, judged the same way for every model: L against
 * λ·W, their relative difference, a tolerance from the three confidence intervals
 * (hw_L + λ·hw_W + W·hw_λ), and a verdict. The identity is only worth checking in a steady state,
 * so the verdict says when it is not one: output below input beyond both intervals (a backlog
 * that grows: λ > μ), or an interval on L so wide that any answer would pass.
 */
import type { EstimateOut } from './models/station/summary.ts';

export type LittleVerdict =
  /** Not enough data yet. */
  | 'pending'
  /** |L − λ·W| within the tolerance. */
  | 'agrees'
  /** Outside the tolerance although the run looks steady. */
  | 'differs'
  /** Throughput below the arrival rate beyond both intervals: the backlog grows, no steady state. */
  | 'overloaded'
  /** L's half-width exceeds WIDE × L: transients (start-up, rebalances, crashes) dominate the window. */
  | 'wide';

export interface LittleCheck {
  L: number | null;
  lambdaW: number | null;
  relDiff: number | null;
  tolerance: number | null;
  verdict: LittleVerdict;
}

/** Largest relative half-width of L for which the identity is still judged. */
export const WIDE = 0.25;

const ok = (x: number | null): x is number => x !== null && Number.isFinite(x);

export function littleCheck(L: EstimateOut, W: EstimateOut, lambda: EstimateOut, throughput: EstimateOut): LittleCheck {
  const lambdaW = ok(lambda.mean) && ok(W.mean) ? lambda.mean * W.mean : null;
  const relDiff = ok(L.mean) && ok(lambdaW) && lambdaW !== 0 ? (L.mean - lambdaW) / lambdaW : null;
  const tolerance = ok(L.hw) && ok(W.hw) && ok(lambda.hw) && ok(lambda.mean) && ok(W.mean) ? L.hw + lambda.mean * W.hw + W.mean * lambda.hw : null;
  let verdict: LittleVerdict = 'pending';
  if (ok(L.mean) && ok(lambdaW) && ok(tolerance) && ok(L.hw)) {
    const behind = ok(throughput.mean) && ok(throughput.hw) && ok(lambda.hw) && throughput.mean + throughput.hw < lambda.mean! - lambda.hw;
    verdict = behind ? 'overloaded' : L.hw > WIDE * Math.abs(L.mean) ? 'wide' : Math.abs(L.mean - lambdaW) <= tolerance ? 'agrees' : 'differs';
  }
  return { L: ok(L.mean) ? L.mean : null, lambdaW, relDiff, tolerance, verdict };
}

const VERDICT_TEXT: Record<LittleVerdict, string> = {
  pending: 'not enough data to judge',
  agrees: 'agree within their intervals',
  differs: 'differ by more than their intervals allow',
  overloaded: 'no steady state: throughput below the input, the backlog grows',
  wide: 'interval too wide to judge: transients dominate the window',
};

/** The CLI's one-line account of Little's law; `lambdaNote` says which λ was used when it matters. */
export function formatLittle(ll: LittleCheck, fmt: (x: number | null, digits?: number) => string, lambdaNote = ''): string {
  const diff = ll.relDiff === null ? '—' : `${(ll.relDiff * 100).toFixed(3)} %`;
  return `Little's law: L = ${fmt(ll.L)}, λ·W = ${fmt(ll.lambdaW)}${lambdaNote} · difference ${diff}, CI tolerance ± ${fmt(ll.tolerance, 2)} · ${VERDICT_TEXT[ll.verdict]}`;
}
