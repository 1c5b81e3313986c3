/** `npm run sim -- <scenario> --trace …`: the timeline of every record followed, as plain-text tables. */
import type { TraceResult } from './trace.ts';
import { eventText, instant, laneStory, noneText, num, recordTitle, requestText, tw, wait, waits } from './trace-text.ts';
import { table } from '../../../cli/format.ts';

export function formatTrace(s: { id: string; title: string; seed: number }, trace: TraceResult): string {
  const lang = 'en';
  const n = trace.records.length;
  const out = [
    `QueueLab · ${s.id} — ${s.title}`,
    `trace of ${requestText(lang, trace.request, trace.topic, trace.limit)} · seed ${s.seed} · replayed to t = ${instant(lang, trace.until)} · ${n} record${n === 1 ? '' : 's'} followed (at most ${trace.bound.records}, ${trace.bound.events} events each)`,
  ];
  if (n === 0) out.push('', noneText(lang, trace));
  for (const r of trace.records) {
    out.push('', recordTitle(lang, r, trace));
    for (let g = 0; g < trace.groups.length; g++) out.push(`  ${laneStory(lang, r, g, trace)}`);
    if (r.omitted > 0) out.push(`  ${tw(lang, 'omitted', { n: num(lang, r.omitted), head: trace.bound.head, tail: trace.bound.tail })}`);
    const ws = waits(r.events);
    const rows = r.events.map((e, i) => [num(lang, e.t, 4), ws[i] === null ? '—' : wait(lang, ws[i]!), e.group < 0 ? '—' : trace.groups[e.group].id, eventText(lang, e, r, trace)]);
    out.push('', ...table(['t (s)', 'wait', 'group', 'event'], rows).map((l) => `  ${l}`));
  }
  if (trace.beyond > 0) out.push('', tw(lang, 'beyond', { n: num(lang, trace.beyond), limit: trace.limit }));
  return `${out.join('\n')}\n`;
}
