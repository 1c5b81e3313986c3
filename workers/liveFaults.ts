/** Share links after live faults (pure, no model code; used by the worker and the page). */

/**
 * The scenario a share link carries: its own faults plus the live ones, ordered by time (stable).
 * A scenario of a model without a fault timeline is returned as it is.
 */
export function withLiveFaults<S extends object, F extends { at: number }>(scenario: S, live: readonly F[]): S {
  if (live.length === 0 || !('faults' in scenario) || !Array.isArray(scenario.faults)) return scenario;
  const all = [...(scenario.faults as { at: number }[]), ...live].map((f, i) => ({ f, i }));
  all.sort((a, b) => a.f.at - b.f.at || a.i - b.i);
  return { ...scenario, faults: all.map((x) => x.f) };
}
