/** The station's row in the generated "Shipped scenarios" table of scenarios/README.md. */
import type { StationScenario } from '../../../scenario/schema.ts';
import type { StationSummary } from './summary.ts';
import { sig, withHw, type ShippedTable } from '../../cells.ts';

const KENDALL: Record<string, string> = { exponential: 'M', deterministic: 'D' };

/** Kendall notation of a station scenario: arrivals/service/servers[/capacity]. */
export function kendall(s: StationScenario): string {
  const a = KENDALL[s.arrival.shape.type] ?? 'G';
  const b = KENDALL[s.service.type] ?? 'G';
  return `${a}/${b}/${s.servers}${s.capacity === null ? '' : `/${s.capacity}`}`;
}

export const stationShipped: ShippedTable<StationScenario, StationSummary> = {
  intro: (level) =>
    `Stations: λ, W and Wq (seconds) and P(block) are measured after the warm-up, with ${level} half-widths; theory is the closed form of the model. Wq is shown where the service distribution is the point, P(block) where the buffer is.`,
  head: ['model', 'λ (/s)', 'ρ', 'W', 'W theory', 'Wq', 'Wq theory', 'P(block)', 'P(block) theory', "Little's law"],
  row(s, m) {
    const t = m.theory;
    // Wq where the service distribution is the point (M/D/1, M/G/1), P(block) where the buffer is.
    const showWq = s.service.type !== 'exponential';
    const showBlock = s.capacity !== null;
    return [
      kendall(s),
      sig(m.lambda.mean),
      sig(t?.rho ?? null),
      withHw(m.W),
      sig(t?.W ?? null),
      showWq ? withHw(m.Wq) : '',
      showWq ? sig(t?.Wq ?? null) : '',
      showBlock ? withHw(m.pBlock) : '',
      showBlock ? sig(t?.pBlock ?? null) : '',
      m.littlesLaw.verdict,
    ];
  },
};
