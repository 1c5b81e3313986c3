/**
 * What the Little's-law panel shows, read from a run summary: L ± hw, λ·W ± hw (first-order
 * propagation, the same terms as the summary's tolerance), their relative difference and whether
 * they agree within the tolerance. Presentation only: every number comes from the summary.
 */
import type { StationSummary as RunSummary } from '../../../run/models/station/summary.ts';

export interface LittleView {
  L: number | null;
  Lhw: number | null;
  lambda: number | null;
  W: number | null;
  lambdaW: number | null;
  lambdaWhw: number | null;
  relDiff: number | null;
  /** null when it cannot be judged yet (no intervals). */
  agree: boolean | null;
  theoryL: number | null;
  theoryW: number | null;
  theoryModel: string | null;
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

export function littleView(s: RunSummary | null): LittleView {
  if (!s) {
    return { L: null, Lhw: null, lambda: null, W: null, lambdaW: null, lambdaWhw: null, relDiff: null, agree: null, theoryL: null, theoryW: null, theoryModel: null };
  }
  const lam = s.lambdaAdmitted;
  const W = s.W;
  const lambdaWhw =
    finite(lam.mean) && finite(W.mean) && finite(lam.hw) && finite(W.hw) ? lam.mean * W.hw + W.mean * lam.hw : null;
  const { L, lambdaW, relDiff, tolerance } = s.littlesLaw;
  const agree = finite(L) && finite(lambdaW) && finite(tolerance) ? Math.abs(L - lambdaW) <= tolerance : null;
  return {
    L,
    Lhw: s.L.hw,
    lambda: lam.mean,
    W: W.mean,
    lambdaW,
    lambdaWhw,
    relDiff,
    agree,
    theoryL: s.theory?.L ?? null,
    theoryW: s.theory?.W ?? null,
    theoryModel: s.theory?.model ?? null,
  };
}
