/** Share links after live faults (pure, no model code; used by the worker and the page). */

/** The scenario a share link carries: its own faults plus the live ones, ordered by time (stable). */
export function withLiveFaults<S extends { faults: readonly { at: number }[] }>(scenario: S, live: readonly S['faults'][number][]): S {
  if (live.length === 0) return scenario;
  const all = [...scenario.faults, ...live].map((f, i) => ({ f, i }));
  all.sort((a, b) => a.f.at - b.f.at || a.i - b.i);
  return { ...scenario, faults: all.map((x) => x.f) };
}
