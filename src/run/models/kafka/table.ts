/**
 * The CLI's readable summary of a Kafka-model run.
 *
 * Bounded whatever the topology (10,000 partitions, 8 groups of up to 65,536 consumers): each
 * group lists at most `MEMBERS_LISTED` members and sums the rest in one line; a member's partitions
 * stay on one line of at most `LINE_WIDTH` characters (up to 200 with 64-character topic and group
 * names) — listed one by one when the topic has at most `PARTITIONS_LISTED` partitions and they fit
 * (every shipped scenario), else counted, with consecutive ones as ranges ("orders-0–2499"), cut
 * with "… and N more" when even that does not fit. The per-partition table is printed for at most
 * `PARTITIONS_LISTED` partitions. `--json` has everything.
 */
import type { KafkaScenario } from '../../../scenario/schema.ts';
import type { KafkaGroupSummary, KafkaSummary } from './summary.ts';
import { fmt, withCi, table } from '../../../cli/format.ts';
import { formatLittle } from '../../little.ts';

/** Longest member line, names of the usual length (see the top of this file). */
export const LINE_WIDTH = 160;
/** Members listed by name per group; the rest are summed in one line. */
export const MEMBERS_LISTED = 40;
/** The per-partition table (offsets, committed, lag) is printed up to this many partitions. */
export const PARTITIONS_LISTED = 32;

const count = (n: number): string => n.toLocaleString('en-US');

/** Sorted distinct partitions as runs of consecutive numbers. */
function runs(parts: readonly number[]): [number, number][] {
  const sorted = [...new Set(parts)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (last && p === last[1] + 1) last[1] = p;
    else out.push([p, p]);
  }
  return out;
}

/**
 * A member's partitions in at most `width` characters (at least the count and one item): one by
 * one when they fit (and `compact` is false), else "N partitions: t-0–9, t-120–129" with
 * consecutive ones as ranges and, when even that does not fit, "… and M more" counting the
 * partitions left out.
 */
export function partitionList(topic: string, parts: readonly number[], width: number, compact = false): string {
  if (!compact) {
    const plain = parts.map((p) => `${topic}-${p}`).join(', ');
    if (plain.length <= width) return plain;
  }
  const items = runs(parts).map(([a, b]) => ({ text: a === b ? `${topic}-${a}` : `${topic}-${a}–${b}`, n: b - a + 1 }));
  const head = `${count(parts.length)} partition${parts.length === 1 ? '' : 's'}: `;
  const whole = head + items.map((x) => x.text).join(', ');
  if (whole.length <= width) return whole;
  // Not all fit: as many as fit with room for the "… and M more" after them.
  let text = head;
  let shown = 0;
  for (let i = 0; i < items.length; i++) {
    const sep = i === 0 ? '' : ', ';
    const tail = `, … and ${count(parts.length - shown - items[i].n)} more`;
    if (i > 0 && (text + sep + items[i].text + tail).length > width) {
      return `${text}, … and ${count(parts.length - shown)} more`;
    }
    text += sep + items[i].text;
    shown += items[i].n;
  }
  return text;
}

/** A member's line: name, partitions, busy fraction. */
function memberLine(topic: string, name: string, parts: readonly number[], u: number | null | undefined, compact: boolean): string {
  const lead = `  ${name.padEnd(24)} `;
  const busy = u !== null && u !== undefined ? `  · busy ${(u * 100).toFixed(1)} %` : '';
  const list = parts.length ? partitionList(topic, parts, Math.max(40, LINE_WIDTH - lead.length - busy.length), compact) : '(idle: no partitions)';
  return `${lead}${list}${busy}`;
}

/** The members after the first `MEMBERS_LISTED`, summed in one line. */
function restLine(g: KafkaGroupSummary, names: readonly string[]): string {
  let owning = 0;
  let partitions = 0;
  let busy = 0;
  let measured = 0;
  for (const m of names) {
    const n = g.assignment[m]?.length ?? 0;
    if (n > 0) owning++;
    partitions += n;
    const u = g.utilization[m];
    if (u !== null && u !== undefined) {
      busy += u;
      measured++;
    }
  }
  const idle = names.length - owning;
  const parts = [`${count(owning)} with partitions (${count(partitions)} in all)`, `${count(idle)} idle: no partitions`];
  if (measured > 0) parts.push(`mean busy ${((busy / measured) * 100).toFixed(1)} %`);
  return `  … and ${count(names.length)} more member${names.length === 1 ? '' : 's'}: ${parts.join(', ')}`;
}

export function formatKafkaTable(s: KafkaScenario, r: KafkaSummary): string {
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (statistics after ${fmt(r.warmup)} s) · topic ${s.topic.name}, ${count(s.topic.partitions)} partition${s.topic.partitions > 1 ? 's' : ''}`,
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
  for (const p of r.producers) {
    if (p.rejected > 0) out.push(`producer ${p.name}: ${p.rejected.toLocaleString('en-US')} sends refused by the schema registry (SerializationException in send(); nothing written)`, '');
  }
  // A topic too large for the partition table gets every member's list in the compact form, so the lines read alike.
  const compact = r.partitions.length > PARTITIONS_LISTED;
  for (const [id, g] of Object.entries(r.groups)) {
    out.push(`group ${id} (generation ${g.generation}, ${g.state}, ${count(g.members)} member${g.members === 1 ? '' : 's'}):`);
    const a = g.autoscaler;
    if (a) {
      out.push(
        `  autoscaler (KEDA + HPA): ${count(a.replicas)} pod${a.replicas === 1 ? '' : 's'}${a.starting > 0 ? ` (${count(a.starting)} starting)` : ''}, ${count(a.minReplicaCount)}–${count(a.maxReplicaCount)} replicas, at most ${count(a.maxReplicas)}, the lag asks for ${count(a.desired)} · ` +
          `${count(a.scaleUps)} scale-up${a.scaleUps === 1 ? '' : 's'}, ${count(a.scaleDowns)} scale-down${a.scaleDowns === 1 ? '' : 's'}, ${count(a.rebalances)} rebalance${a.rebalances === 1 ? '' : 's'} set off · ` +
          `most members ${count(g.maxMembers)}, most idle ${count(g.maxIdleConsumers)}`,
      );
    }
    const names = Object.keys(g.assignment);
    for (const m of names.slice(0, MEMBERS_LISTED)) out.push(memberLine(s.topic.name, m, g.assignment[m], g.utilization[m], compact));
    if (names.length > MEMBERS_LISTED) out.push(restLine(g, names.slice(MEMBERS_LISTED)));
  }
  if (r.partitions.length <= PARTITIONS_LISTED) {
    out.push('', ...table(['partition', 'log-start', 'log-end', 'committed', 'lag'], r.partitions.map((p) => [`${s.topic.name}-${p.partition}`, String(p.logStart), String(p.logEnd), String(p.committed), String(p.lag)])));
  } else {
    out.push('', `${count(r.partitions.length)} partitions: the table of offsets and lag is printed for at most ${PARTITIONS_LISTED} (--json has every one)`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
