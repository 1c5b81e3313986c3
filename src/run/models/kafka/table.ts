/** The CLI's readable summary of a Kafka-model run. */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaSummary } from './summary.ts';
import { fmt, withCi, table } from '../../../cli/format.ts';
import { formatLittle } from '../../little.ts';

export function formatKafkaTable(s: KafkaScenario, r: KafkaSummary): string {
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (statistics after ${fmt(r.warmup)} s) · topic ${s.topic.name}, ${s.topic.partitions} partition${s.topic.partitions > 1 ? 's' : ''}`,
    `${r.events.toLocaleString('en-US')} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${r.produced.toLocaleString('en-US')} records produced · ${r.heldRecords.toLocaleString('en-US')} held in memory at the end`,
    '',
  ];
  const th = r.theory;
  const rows: string[][] = [
    ['λ    produce rate', '/s', withCi(r.lambda), ''],
    ['X    throughput (first group)', '/s', withCi(r.throughput), ''],
    ['L    records owed', 'records', withCi(r.L), th ? fmt(th.L) : ''],
    ['W    produce → applied', 's', withCi(r.W), th ? fmt(th.W) : ''],
    ['Wq   produce → first fetch', 's', withCi(r.Wq), ''],
    ['W p50 / p99', 's', `${fmt(r.p50)} / ${fmt(r.p99)}`, ''],
    ['lag  final / max (from committed)', 'records', `${fmt(r.lagRecords.final)} / ${fmt(r.lagRecords.max)}`, ''],
    ['     of which fetched, not committed', 'records', fmt(r.lagRecords.inFlight), ''],
    ['lag  age at committed, final / max', 's', `${fmt(r.lagSeconds.final)} / ${fmt(r.lagSeconds.max)}`, ''],
  ];
  out.push(...table(['metric', 'unit', 'simulated (95 % CI)', th ? `theory (${th.model})` : ''], rows), '');
  out.push(formatLittle(r.littlesLaw, fmt, ' (first group)'), '');
  const counters: [string, number][] = [
    ['duplicates', r.duplicates],
    ['lost', r.lost],
    ['skipped', r.skipped],
    ['ordering violations', r.orderingViolations],
    ['redeliveries', r.redeliveries],
    ['rebalances', r.rebalances],
    ['commit failures', r.commitFailures],
    ['idle consumers', r.idleConsumers],
  ];
  out.push(counters.map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(' · '));
  out.push(
    `partition-seconds paused by rebalances: ${fmt(r.rebalancePausedSeconds)} · waiting for the first join: ${fmt(r.startupPausedSeconds)} · with an empty group: ${fmt(r.emptyPausedSeconds)}`,
    '',
  );
  for (const [id, g] of Object.entries(r.groups)) {
    out.push(`group ${id} (generation ${g.generation}, ${g.state}, ${g.members} member${g.members === 1 ? '' : 's'}):`);
    for (const [m, parts] of Object.entries(g.assignment)) {
      const u = g.utilization[m];
      out.push(`  ${m.padEnd(24)} ${parts.length ? parts.map((p) => `${s.topic.name}-${p}`).join(', ') : '(idle: no partitions)'}${u !== null && u !== undefined ? `  · busy ${(u * 100).toFixed(1)} %` : ''}`);
    }
  }
  if (r.partitions.length <= 32) {
    out.push('', ...table(['partition', 'log-start', 'log-end', 'committed', 'lag'], r.partitions.map((p) => [`${s.topic.name}-${p.partition}`, String(p.logStart), String(p.logEnd), String(p.committed), String(p.lag)])));
  }
  return `${out.join('\n').trimEnd()}\n`;
}
