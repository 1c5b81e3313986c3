/** The CLI's readable summary of a dependency-model run. */
import type { ServiceScenario } from '../../../scenario/schema.ts';
import type { ServiceSummary } from './summary.ts';
import { fmt, table, withCi } from '../../../cli/format.ts';

const count = (n: number): string => n.toLocaleString('en-US');
const pct = (u: number | null) => (u === null ? '—' : `${(u * 100).toFixed(1)} %`);

export function formatServiceTable(s: ServiceScenario, r: ServiceSummary): string {
  const c = s.clients;
  const retry = c.retries === 0 ? 'no retries' : `${c.retries} retries, backoff ${c.backoff === 'none' ? 'none' : `exponential ${c['backoff.base']}–${c['backoff.cap']} s`}, jitter ${c.jitter}${c.budget.enabled ? `, budget ${c.budget.percentCanRetry * 100} % + ${c.budget.minRetriesPerSec}/s` : ''}`;
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (statistics after ${fmt(r.warmup)} s) · ${s.service.concurrency} servers, queue ≤ ${s.service.queueLimit} · timeout ${c.timeout} s, ${retry}${s.breaker.enabled ? ' · circuit breaker' : ''}`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${count(r.calls.started)} calls: ${count(r.calls.succeeded)} succeeded, ${count(r.calls.failed)} failed`,
    '',
  ];
  const t = r.theory;
  const rows: string[][] = [
    ['capacity', '/s', fmt(r.capacity), ''],
    ['calls started (first attempts)', '/s', fmt(r.firstRate), t ? fmt(t.lambda) : ''],
    ['offered load (attempts at the service)', '/s', fmt(r.offeredRate), ''],
    ['  of which retries', '/s', fmt(r.retryRate), ''],
    ['goodput (answered in time)', '/s', fmt(r.goodput), t ? fmt(t.throughput) : ''],
    ['attempts per call', '', fmt(r.amplification), ''],
    ['servers busy', '', withCi(r.utilization), t ? fmt(t.throughput / (s.service.concurrency / (s.service.time as { mean: number }).mean)) : ''],
    ['wasted server time', '', pct(r.wasted), ''],
    ['W    at the service (queue + service)', 's', withCi(r.W), t ? fmt(t.W) : ''],
    ['P(queue full)', '', fmt(r.pBlock), t ? fmt(t.pBlock) : ''],
    ['call latency p50 / p99', 's', `${fmt(r.p50)} / ${fmt(r.p99)}`, ''],
    ['time to fail p50 / p99 (failed calls)', 's', `${fmt(r.failedP50)} / ${fmt(r.failedP99)}`, ''],
    ['calls waiting at once, at most', '', count(r.waitingMax), ''],
    ['queue mean / now / max', '', `${fmt(r.queue.mean)} / ${fmt(r.queue.final)} / ${fmt(r.queue.max)}`, ''],
    ['errors: timeout / rejected / breaker / budget / shed', '', `${count(r.errors.timeout)} / ${count(r.errors.rejected)} / ${count(r.errors.breaker)} / ${count(r.errors.budget)} / ${count(r.errors.shed)}`, ''],
    ['breaker now (times opened)', '', `${r.breaker.state} (${r.breaker.opened})`, ''],
  ];
  if (r.triggerEnd !== null) {
    if (r.during) rows.push(['during it: calls / offered / goodput', '/s', `${fmt(r.during.calls)} / ${fmt(r.during.offered)} / ${fmt(r.during.goodput)}`, '']);
    if (r.during) rows.push(['during it: calls waiting (mean)', '', fmt(r.during.waiting), '']);
    if (r.outageEndQueue) rows.push(['at the service when the outage ended (abandoned)', '', `${count(r.outageEndQueue.requests)} (${count(r.outageEndQueue.abandoned)})`, '']);
    rows.push(['last fault ended at', 's', fmt(r.triggerEnd), '']);
    rows.push(['overloaded after it', 's', fmt(r.overloadAfter), '']);
    rows.push(['recovered after it', 's', r.recoveredAfter === null ? 'not recovered' : fmt(r.recoveredAfter), '']);
    if (r.after) rows.push(['after it: calls / offered / goodput', '/s', `${fmt(r.after.calls)} / ${fmt(r.after.offered)} / ${fmt(r.after.goodput)}`, '']);
  }
  out.push(...table(['metric', 'unit', 'simulated', t ? t.model : ''], rows), '');
  return out.join('\n');
}
