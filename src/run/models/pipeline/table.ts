/** The CLI's readable summary of a pipeline run: the end-to-end numbers, then one row per stage and per source. */
import type { PipelineScenario } from '../../../scenario/schema.ts';
import type { PipelineSummary } from './summary.ts';
import { fmt, table, withCi } from '../../../cli/format.ts';

const count = (n: number): string => n.toLocaleString('en-US');
const pct = (u: number | null) => (u === null ? '—' : `${(u * 100).toFixed(1)} %`);

export function formatPipelineTable(s: PipelineScenario, r: PipelineSummary): string {
  const t = r.theory;
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated (statistics after ${fmt(r.warmup)} s) · ${s.sources.length} source${s.sources.length === 1 ? '' : 's'} → ${s.stages.map((st) => st.name).join(', ')} · bottleneck ${r.bottleneck}`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · items: ${count(r.counts.created)} created = ${count(r.counts.buffered)} buffered + ${count(r.counts.inService)} in service + ${count(r.counts.blocked)} blocked + ${count(r.counts.dropped)} dropped + ${count(r.counts.shed)} shed + ${count(r.counts.done)} done`,
    '',
  ];
  out.push(
    ...table(
      ['end to end', 'unit', 'simulated', t ? 'theory (Jackson network)' : ''],
      [
        ['produced', '/s', fmt(r.offeredRate), ''],
        ['done (throughput)', '/s', fmt(r.throughput), t ? fmt(t.throughput) : ''],
        ['lost (dropped + shed)', '/s', fmt(r.lostRate), ''],
        ['W    production → done', 's', withCi(r.W), t ? fmt(t.W) : ''],
        ['W p50 / p99', 's', `${fmt(r.p50)} / ${fmt(r.p99)}`, ''],
        ['dropped by buffers / shed at the edge', '', `${count(r.dropped)} / ${count(r.shed)}`, ''],
      ],
    ),
    '',
  );
  const q = r.requests;
  if (q) {
    out.push(
      ...table(
        ['requests (callers)', 'unit', 'simulated'],
        [
          ['made', '', count(q.made)],
          ['answered in time', '', count(q.ok)],
          [`timed out (504${q.timeout !== null ? ` after ${fmt(q.timeout)} s` : ''})`, '', count(q.timedOut)],
          ['refused (503: dropped or shed)', '', count(q.refused)],
          ['answered after the caller left', '', count(q.late)],
          ['W    time to response', 's', withCi(q.W)],
          ['p50 / p99', 's', `${fmt(q.p50)} / ${fmt(q.p99)}`],
        ],
      ),
      '',
    );
  }
  out.push(
    ...table(
      ['stage', 'buffer', 'workers', 'capacity /s', 'in /s', 'done /s', 'busy', 'backlog mean / now / max', 'drained in (s)', 'Wq (s)', 'longest wait (s)', 'W (s)', 'age (s)', 'dropped', 'blocked (worker-s)', 'paused (s)', 'theory W'],
      r.stages.map((st) => [
        `${st.name}${st.respond ? ' (responds)' : ''}${st.calls.length > 0 ? ` → ${st.calls.join(', ')}` : ''}`,
        st.buffer,
        String(st.workers),
        fmt(st.capacity),
        fmt(st.arrivalRate),
        fmt(st.throughput),
        pct(st.utilization.mean),
        `${fmt(st.backlog.mean)} / ${count(st.backlog.final)} / ${count(st.backlog.max)}`,
        st.drainTime === null ? '—' : fmt(st.drainTime),
        withCi(st.Wq),
        fmt(st.lag.max),
        withCi(st.W),
        fmt(st.age),
        count(st.dropped),
        fmt(st.blockedTime),
        st.pauses > 0 || st.paused ? `${fmt(st.pausedTime)} (${st.pauses}×)` : '0',
        st.theory ? `${st.theory.model}: ${fmt(st.theory.W)}` : '',
      ]),
    ),
    '',
  );
  out.push(
    ...table(
      ['source', 'produced /s', 'shed', 'dropped', 'done', 'blocked (s)', 'W (s)', 'p50 / p99 (s)', 'theory W'],
      r.sources.map((src, j) => [
        src.name,
        fmt(src.rate),
        count(src.shed),
        count(src.dropped),
        count(src.done),
        fmt(src.blockedTime),
        withCi(src.W),
        `${fmt(src.p50)} / ${fmt(src.p99)}`,
        t ? fmt(t.sourceW[j]) : '',
      ]),
    ),
    '',
  );
  return out.join('\n');
}
