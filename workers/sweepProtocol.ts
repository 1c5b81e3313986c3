/** Result of one sweep point (types only). */
export type SweepResult =
  | { ok: true; rho: number; lambda: number | null; W: number | null; hw: number | null; busy: number | null }
  | { ok: false; rho: number; error: string };
