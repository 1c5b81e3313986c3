/**
 * What the Little's-law panel shows, read from a run summary: L ± hw, λ·W ± hw (first-order
 * propagation, the same terms as the summary's tolerance), their relative difference and the
 * summary's verdict (agree, differ, overloaded, too wide to judge). Presentation only: every number comes from the summary.
 */
import type { StationSummary as RunSummary } from '../../../run/models/station/summary.ts';
import type { LittleVerdict } from '../../../run/little.ts';

export interface LittleView {
  L: number | null;
  Lhw: number | null;
  lambda: number | null;
  W: number | null;
  lambdaW: number | null;
  lambdaWhw: number | null;
  relDiff: number | null;
  /** The summary's verdict ('pending' until there are intervals). */
  verdict: LittleVerdict;
  theoryL: number | null;
  theoryW: number | null;
  theoryModel: string | null;
}

const finite = (x: number | null | undefined): x is number => typeof x === 'number' && Number.isFinite(x);

export function littleView(s: RunSummary | null): LittleView {
  if (!s) {
    return { L: null, Lhw: null, lambda: null, W: null, lambdaW: null, lambdaWhw: null, relDiff: null, verdict: 'pending', theoryL: null, theoryW: null, theoryModel: null };
  }
  const lam = s.lambdaAdmitted;
  const W = s.W;
  const lambdaWhw =
    finite(lam.mean) && finite(W.mean) && finite(lam.hw) && finite(W.hw) ? lam.mean * W.hw + W.mean * lam.hw : null;
  const { L, lambdaW, relDiff, verdict } = s.littlesLaw;
  return {
    L,
    Lhw: s.L.hw,
    lambda: lam.mean,
    W: W.mean,
    lambdaW,
    lambdaWhw,
    relDiff,
    verdict,
    theoryL: s.theory?.L ?? null,
    theoryW: s.theory?.W ?? null,
    theoryModel: s.theory?.model ?? null,
  };
}
