/**
 * The CLI's readable summary of a queue-model run. Bounded whatever the topology: at most
 * `MAX_CONSUMER_VIEWS` consumers are listed (the summary carries no more), the rest are summed per
 * pool in one line; `--json` has every pool.
 */
import type { QueueScenario } from '../../../scenario/schema.ts';
import type { QueueSummary } from './data.ts';
import { fmt, withCi, table } from '../../../cli/format.ts';
import { formatLittle } from '../../little.ts';

const count = (n: number): string => n.toLocaleString('en-US');
const pct = (u: number | null) => (u === null ? '—' : `${(u * 100).toFixed(1)} %`);

export function formatQueueTable(s: QueueScenario, r: QueueSummary): string {
  const q = s.queue;
  const kind =
    q.type === 'sqs'
      ? `SQS ${q.FifoQueue ? 'FIFO' : 'standard'} queue ${q.name} (VisibilityTimeout ${q.VisibilityTimeout} s)`
      : `RabbitMQ ${q['x-queue-type']} queue ${q.name}`;
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (statistics after ${fmt(r.warmup)} s) · ${kind} · rtt ${s.timing['rtt.ms']} ms`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${count(r.produced)} messages sent · ${count(r.stored)} stored at the end`,
    '',
  ];
  const mmc = r.theory.mmc;
  const part = r.theory.partitioned;
  const rows: string[][] = [
    ['λ    send rate', '/s', withCi(r.lambda), '', ''],
    ['X    throughput (deletes/acks)', '/s', withCi(r.throughput), '', ''],
    ['L    messages not yet deleted', 'messages', withCi(r.L), mmc ? fmt(mmc.lambda * mmc.W) : '', ''],
    ['W    sent → deleted', 's', withCi(r.W), mmc ? fmt(mmc.W) : '', part ? fmt(part.W) : ''],
    ['Wq   sent → first delivery', 's', withCi(r.Wq), mmc ? fmt(mmc.Wq) : '', part ? fmt(part.Wq) : ''],
    ['W p50 / p90 / p99', 's', `${fmt(r.p50)} / ${fmt(r.p90)} / ${fmt(r.p99)}`, '', ''],
    ['ρ    consumers busy', '', withCi(r.utilization), mmc ? fmt(mmc.rho) : '', ''],
    ['depth  visible now / max', 'messages', `${fmt(r.depth.final)} / ${fmt(r.depth.max)}`, '', ''],
    ['oldest message age now / max', 's', `${fmt(r.oldestAge)} / ${fmt(r.oldestAgeMax)}`, '', ''],
  ];
  out.push(...table(['metric', 'unit', 'simulated (95 % CI)', mmc ? `M/M/${mmc.c}` : '', part ? `${part.c} × M/M/1` : ''], rows), '');
  out.push(formatLittle(r.little, fmt), '');
  out.push(
    `messages: ${[
      ['delayed', r.delayed],
      ['visible', r.visible],
      ['in flight', r.inFlight],
      ['retrying', r.retrying],
      ['in DLQ', r.dlqDepth],
      ['deleted', r.deleted],
      ['expired', r.expired],
      ['dropped', r.dropped],
      ['parked', r.parked],
      ...(r.node ? [['blocked in a publisher', r.blocked], ['unpublished', r.unpublished]] : []),
    ]
      .map(([k, v]) => `${k} ${count(v as number)}`)
      .join(' · ')}`,
  );
  const counters: [string, number][] = [
    ['deliveries', r.deliveries],
    ['redeliveries', r.redeliveries],
    ['duplicates', r.duplicates],
    ['failures', r.failures],
    ['dead-lettered', r.deadLettered],
    ['crashes', r.crashes],
    ['redriven', r.redriven],
  ];
  if (r.flavour === 'sqs') {
    counters.push(['ReceiveMessage calls', r.receiveCalls], ['empty receives', r.emptyReceives], ['lease expiries', r.leaseExpiries], ['lease extensions', r.leaseExtensions], ['stale deletes', r.staleDeletes]);
  } else {
    counters.push(['requeued', r.requeued]);
    if (s.queue.type === 'rabbitmq' && s.queue['x-max-length'] !== null) counters.push(['refused at x-max-length', r.publishRejected], ['dropped from the head', r.dropHead]);
  }
  out.push(counters.map(([k, v]) => `${k} ${count(v)}`).join(' · '));
  if (r.producers.length > 1) {
    for (const p of r.producers) out.push(`producer ${p.name} (priority ${p.priority}): ${count(p.sent)} sent · W ${withCi(p.W)} s · p99 ${fmt(p.p99)} s`);
  }
  const n = r.node;
  if (n) {
    const mib = (b: number) => `${fmt(b / 1048576)} MiB`;
    out.push(
      `node ${mib(n.ram)} RAM, watermark ${mib(n.limit)}: memory now ${mib(n.memory)}, max ${mib(n.memoryMax)} · memory alarms ${count(n.alarms)}${n.diskFree !== null ? ` · disk free ${mib(n.diskFree)} (limit ${mib(n.diskLimit)}), disk alarms ${count(n.diskAlarms)}` : ''} · publishers blocked ${fmt(n.alarmTime)} s in all${n.alarm ? ` · ${n.alarm} alarm in effect now` : ''}`,
    );
    for (const p of r.producers) {
      const x = p.publish;
      if (!x) continue;
      out.push(
        `publisher ${p.name} → ${x.queue}: ${count(x.calls)} publish calls · ${count(x.sent)} reached the broker · ${count(x.waited)} waited on a blocked connection (blocked ${fmt(x.blockedTime)} s, at most ${count(x.waitingMax)} waiting) · ${count(x.timedOut)} given up · wait p99 ${fmt(x.waitP99)} s, max ${fmt(x.waitMax)} s`,
      );
    }
  }
  const b = r.balance;
  out.push(`balance: ${count(b.idle)} idle consumer${b.idle === 1 ? '' : 's'} · share of the work per consumer ${pct(b.minShare)} … ${pct(b.maxShare)}`, '');
  for (const [i, p] of r.pools.entries()) {
    out.push(`pool ${p.name} (${count(p.alive)} of ${count(p.total)} alive, ${count(p.processed)} processed, busy ${pct(p.utilization)}):`);
    const listed = r.consumers.filter((c) => c.pool === i);
    for (const c of listed) out.push(`  ${c.name.padEnd(24)} ${c.state.padEnd(10)} holds ${String(c.held).padStart(5)} · processed ${count(c.processed)} · busy ${pct(c.utilization)}`);
    if (p.total > listed.length) out.push(`  … and ${count(p.total - listed.length)} more consumer${p.total - listed.length === 1 ? '' : 's'} (--json lists the first ${r.consumers.length})`);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
