/** The CLI's human-readable summary: simulated value ± 95 % CI next to theory, with units. */
import type { StationScenario } from '../../../scenario/schema.ts';
import type { StationSummary } from './summary.ts';
import { fmt, table, withCi } from '../../../cli/format.ts';
import { formatLittle } from '../../little.ts';

export function formatTable(s: StationScenario, r: StationSummary): string {
  const th = r.theory;
  const rows: [string, string, string, string][] = [
    ['λ    arrival rate', '/s', withCi(r.lambda), fmt(s.arrival.profile.length ? null : s.arrival.rate)],
    ['X    throughput', '/s', withCi(r.throughput), fmt(th?.throughput)],
    ['ρ    utilisation', '', withCi(r.utilization), fmt(th?.utilization)],
    ['L    number in system', 'customers', withCi(r.L), fmt(th?.L)],
    ['Lq   number waiting', 'customers', withCi(r.Lq), fmt(th?.Lq)],
    ['W    time in system', 's', withCi(r.W), fmt(th?.W)],
    ['Wq   time waiting', 's', withCi(r.Wq), fmt(th?.Wq)],
    ['W p50 / p90', 's', `${fmt(r.p50)} / ${fmt(r.p90)}`, ''],
    ['W p99 / p99.9', 's', `${fmt(r.p99)} / ${fmt(r.p999)}`, ''],
  ];
  if (s.capacity !== null) rows.push(['P(block)', '', withCi(r.pBlock), fmt(th?.pBlock)]);
  const head = ['metric', 'unit', 'simulated (95 % CI)', th ? `theory (${th.model})` : 'theory'];
  const out = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated, statistics over the last ${fmt(r.window)} s (warm-up ${fmt(r.warmup)} s)`,
    `${r.events.toLocaleString('en-US')} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · arrivals ${r.arrivals} = completed ${r.completed} + dropped ${r.dropped} + in system ${r.inSystem}`,
    '',
    ...table(head, rows),
    '',
    formatLittle(r.littlesLaw, fmt, s.capacity !== null ? ' (λ of admitted arrivals)' : ''),
    th ? '' : 'No closed form applies to this scenario (theory needs Poisson arrivals at a constant rate and M/M/c, M/M/c/K, M/D/1 or M/G/1).',
  ];
  return `${out.join('\n').trimEnd()}\n`;
}
