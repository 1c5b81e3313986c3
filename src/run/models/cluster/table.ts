/**
 * The CLI's readable summary of a cluster-model run: what happened to the records (the
 * conservation line), produce latency per producer, the cluster's availability and elections,
 * the brokers, and the readers when there are any. `--json` has every field.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterSummary, Latency } from './data.ts';
import { fmt, table } from '../../../cli/format.ts';
import { unmatchedRacks } from '../../../scenario/cluster-racks.ts';

const count = (n: number): string => n.toLocaleString('en-US');
const ms = (x: number | null): string => (x === null ? '—' : fmt(x * 1000));
const lat = (l: Latency): string => `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.mean)}`;
const sec = (x: number | null): string => (x === null ? '—' : fmt(x));

/**
 * A client.rack that no broker is in: Kafka accepts it, and the client reads from the leader (the
 * rack-aware selector finds no replica in that rack) — said, not refused.
 */
export function rackNotes(s: ClusterScenario): string[] {
  const racks = s.cluster['broker.rack'];
  return unmatchedRacks(s).map(({ path, rack }) => {
    const what = path.startsWith('consumers') ? 'the consumer reads every partition from its leader' : racks.length > 0 ? 'every link of that producer crosses racks' : 'it changes nothing';
    return `${path} "${rack}" matches no broker rack (${racks.length > 0 ? `the brokers are in ${[...new Set(racks)].join(', ')}` : 'the brokers have none'}): Kafka accepts it, and ${what}`;
  });
}

export function formatClusterTable(s: ClusterScenario, r: ClusterSummary): string {
  const t = s.topic;
  const ctl = s.cluster.controller.mode === 'zookeeper' ? 'ZooKeeper' : 'KRaft';
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (latency after ${fmt(r.warmup)} s) · ${s.cluster.brokers} brokers (${ctl}) · topic ${t.name}: ${t.partitions} partitions × RF ${t['replication.factor']}, min.insync.replicas ${t['min.insync.replicas']}${t['unclean.leader.election.enable'] ? ', unclean elections on' : ''}`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${count(r.records.produced)} records sent · ${count(r.stored)} stored over all replicas at the end`,
    '',
    `records: in flight ${count(r.records.inFlight)} · acknowledged and stored ${count(r.records.ackedStored)} · acknowledged then LOST ${count(r.records.ackedLost)} · failed ${count(r.records.failed)}`,
  ];
  const x = r.records;
  if (x.blocked + x.refused + x.shed + x.expired > 0 || r.buffer.sendsBlocked > 0) {
    out.push(`buffer: blocked in send() now ${count(x.blocked)} · refused (BufferExhaustedException) ${count(x.refused)} · shed ${count(x.shed)} · expired (delivery.timeout.ms, in failed) ${count(x.expired)}`);
  }
  const b = r.buffer;
  out.push(
    `buffer.memory: ${count(b.used)} of ${count(b.memory)} bytes held now, at most ${count(b.maxUsed)} · sends blocked ${count(b.sendsBlocked)} (at most ${count(b.blockedPeak)} at once${b.firstBlockedAt !== null ? `, the first at ${fmt(b.firstBlockedAt)} s` : ''}), longest ${fmt(b.blockedMax)} s · time in send() s p50 / p99 / mean ${sec(b.sendTime.p50)} / ${sec(b.sendTime.p99)} / ${sec(b.sendTime.mean)}`,
  );
  const f = r.front;
  if (f) {
    out.push(
      `web front: ${count(f.requests)} requests · answered in time ${count(f.ok)} · 202 and shed ${count(f.shed)} · 503 ${count(f.errors)} · 504 from the load balancer ${count(f.timeouts)} (of them record still sent ${count(f.afterTimeout)}) · open ${count(f.open)} · client wait s p50 / p99 ${sec(f.latency.p50)} / ${sec(f.latency.p99)}`,
    );
  }
  const fb = Object.entries(r.failedBy);
  if (fb.length > 0) out.push(`failed by exception: ${fb.map(([k, v]) => `${k} ${count(v ?? 0)}`).join(' · ')}`);
  if (r.producers.length > 1) {
    for (const p of r.producers) {
      const pf = Object.entries(p.failedBy);
      if (pf.length > 0) out.push(`  ${p.name}: ${pf.map(([k, v]) => `${k} ${count(v ?? 0)}`).join(' · ')}`);
    }
  }
  out.push(
    `duplicates in the log ${count(r.duplicates)} · deduplicated by idempotence ${count(r.deduplicated)} · retries ${count(r.retries)} · NOT_ENOUGH_REPLICAS ${count(r.notEnoughReplicas)} · truncated ${count(r.truncated)}`,
  );
  if (r.outOfOrder + r.epochBumps + r.disconnects > 0) {
    out.push(`OUT_OF_ORDER_SEQUENCE_NUMBER answers ${count(r.outOfOrder)} · producer epoch bumps ${count(r.epochBumps)} · connections closed by a request timeout ${count(r.disconnects)}`);
  }
  const tr = r.truncations;
  if (tr.events > 0) {
    const shown = tr.last.slice(-5);
    out.push(`truncations at leader changes: ${count(tr.events)}${tr.events > shown.length ? ` (the last ${shown.length})` : ''}`);
    for (const t of shown) {
      out.push(`  t=${fmt(t.at)} s ${s.topic.name}-${t.partition} leader epoch ${t.epoch} (${t.kind}, broker ${t.leader}, log cut to ${count(t.offset)}): ${t.replicas.map((x) => `broker ${x.broker} −${count(x.records)}`).join(', ')}${t.lost > 0 ? ` · ${count(t.lost)} acknowledged lost` : ''}`);
    }
  }
  for (const n of rackNotes(s)) out.push(`note: ${n}`);
  out.push('');
  const rows = r.producers.map((p) => [p.name, p.acks, p.idempotence ? 'on' : 'off', count(p.sent), count(p.acked), count(p.lost), count(p.failed), count(p.duplicates), lat(p.latency)]);
  // Producers of more than one acks setting: each setting's records together (what the page's produce chart draws a p99 line of).
  for (const a of r.produceByAcks) rows.push([`acks=${a.acks}`, a.acks, '', '', '', '', '', '', lat(a.latency)]);
  rows.push(['all', '', '', count(r.records.produced), '', count(r.lost), count(r.records.failed), count(r.duplicates), lat(r.produceLatency)]);
  out.push(...table(['producer', 'acks', 'idempotence', 'sent', 'acked', 'lost', 'failed', 'duplicates', 'produce ms p50 / p99 / mean'], rows), '');
  out.push(
    `elections: clean ${count(r.elections.clean)} · unclean ${count(r.elections.unclean)} · preferred ${count(r.elections.preferred)} · time to elect all leaders of a dead broker: last ${r.electionTime.last === null ? '—' : `${fmt(r.electionTime.last)} s`}, max ${r.electionTime.max === null ? '—' : `${fmt(r.electionTime.max)} s`}`,
    `unavailable partition-seconds: offline ${fmt(r.unavailable.offline)} · under min.insync.replicas ${fmt(r.unavailable.underMinIsr)} · total ${fmt(r.unavailable.total)}`,
    `ISR: ${count(r.isrChanges.shrinks)} shrinks, ${count(r.isrChanges.expands)} expands · under-replicated partitions now ${count(r.underReplicated.final)}, max ${count(r.underReplicated.max)}`,
    `brokers: ${r.brokers.map((b) => `${b.id}${b.rack ? `@${b.rack}` : ''} ${b.state} (leads ${b.leaderOf}/${b.replicas})`).join(' · ')}`,
  );
  if (r.consumers.length > 0) {
    out.push('');
    for (const c of r.consumers) {
      out.push(`consumer ${c.name} (${c.reads}, ${c.isolation}${c.rack ? `, rack ${c.rack}` : ''}): ${count(c.records)} records · duplicates ${count(c.duplicates)} · aborted skipped ${count(c.abortedSkipped)} / read ${count(c.abortedRead)} · e2e ms p50 / p99 / mean ${lat(c.e2e)}`);
    }
  }
  const pr = r.processor;
  if (pr) out.push(`processor ${pr.name} (${pr.guarantee}): processed ${count(pr.processed)} · outputs ${count(pr.outputs)} · commits ${count(pr.commits)} · aborts ${count(pr.aborts)} (${count(pr.abortedRecords)} records) · crashes ${count(pr.crashes)} · reprocessed ${count(pr.reprocessed)}`);
  return `${out.join('\n').trimEnd()}\n`;
}
