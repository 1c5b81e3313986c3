/**
 * The pipeline counters strip: produced and done in the last whole second against the bottleneck's
 * capacity, end-to-end W (with its Jackson-network theory when it applies) and p99, the first
 * source's W when there are several, with callers the time to response (p99) and the requests that
 * failed (504, 503), how stale the work is at the bottleneck, the backlog now, what was lost, and
 * the flow control where the scenario has it: worker-seconds blocked (a buffer that blocks),
 * seconds paused (a stage that pauses). A cell is red only with a reason true for the run now, and
 * says it. Which cells there are depends on the scenario only, so the strip keeps its shape.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtDuration, fmtInt, fmtPM, unitText } from '../../format.ts';
import { pview } from './view.ts';
import { counterItems, type CounterCell } from '../common/counters.ts';
import type { PMessageKey } from './text.ts';
import { hasRequests } from './charts.ts';

type Cell = CounterCell<PMessageKey>;

/** Items older than this many seconds when the bottleneck starts on them are called stale. */
export const STALE_AFTER = 10;

export function pipelineCounters(pg: Playground): CounterItem[] {
  const v = pview(pg);
  const s = v.data?.summary ?? null;
  const topo = v.data?.topology ?? null;
  const L = pg.lang;
  const num = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  const b = s ? (s.stages.find((st) => st.name === s.bottleneck) ?? null) : null;
  const cap = b ? fmt(L, b.capacity, 3) : '';
  const W = fmtPM(L, s?.W.mean ?? null, s?.W.hw ?? null);
  // The first source's cell whenever the scenario has several (before the run too, so the strip keeps its shape).
  const several = v.scenario.sources.length > 1;
  const first = s && several ? s.sources[0] : null;
  const firstW = fmtPM(L, first?.W.mean ?? null, first?.W.hw ?? null);
  const waiting = topo ? topo.stages.reduce((a, st) => a + st.waiting + st.blockedSends, 0) : null;
  const most = topo && topo.stages.length > 1 ? topo.stages.reduce((a, st) => (st.waiting + st.blockedSends > a.waiting + a.blockedSends ? st : a)) : null;
  const lost = s ? s.dropped + s.shed : null;
  const blocked = s ? s.stages.reduce((a, st) => a + st.blockedTime, 0) : null;
  const blockedNow = s ? s.stages.reduce((a, st) => a + st.blockedWorkers, 0) + s.sources.reduce((a, src) => a + src.blocked, 0) : 0;
  const paused = s ? s.stages.reduce((a, st) => a + st.pausedTime, 0) : null;
  const pauses = s ? s.stages.reduce((a, st) => a + st.pauses, 0) : 0;
  const sc = v.scenario;
  const canBlock = sc.stages.some((st) => st.buffer.type === 'bounded' && st.buffer.policy === 'block');
  const canPause = sc.stages.some((st) => st.pause !== null);
  const q = s?.requests ?? null;
  const failed = q ? q.timedOut + q.refused : null;
  const requestCells: Cell[] = hasRequests(sc)
    ? [
        {
          id: 'resp',
          label: 'c.resp',
          hint: 'c.respHint',
          value: num(q?.p99),
          text: fmt(L, q?.p99, 3),
          // The histogram's p99 of callers cut off at the timeout lies within its bucket of it.
          bad: q && q.timeout !== null && q.p99 !== null && q.p99 >= 0.99 * q.timeout ? v.t('c.respBad') : null,
          note: q?.p50 != null ? v.t('c.p50', { n: fmtDuration(L, q.p50) }) : '',
        },
        {
          id: 'failed',
          label: 'c.failed',
          hint: 'c.failedHint',
          value: failed,
          text: fmtInt(L, failed),
          bad: q && failed ? v.t('c.failedNote', { t: fmtInt(L, q.timedOut), r: fmtInt(L, q.refused) }) : null,
        },
      ]
    : [];
  // During a run, the last whole second; once it has ended, the rates since the warm-up (a second's
  // count is noisy: 86/s done beside a bottleneck of 80/s).
  const ended = pg.status === 'finished' && s !== null && s.offeredRate !== null && s.throughput !== null;
  const inRate = ended ? s.offeredRate : (s?.inNow ?? null);
  const rateText = (x: number | null | undefined): string => (ended ? fmt(L, x, 3) : fmtInt(L, x));
  const cells: Cell[] = [
    {
      id: 'in',
      label: 'c.in',
      hint: ended ? 'c.inRunHint' : 'c.inHint',
      value: num(inRate),
      text: rateText(inRate),
      unit: unitText('/s', L),
      bad: s && b && inRate !== null && s.simTime >= 2 && inRate > b.capacity * 1.05 ? v.t('c.overBottleneck', { name: b.name, cap }) : null,
      note: b ? v.t('c.bottleneck', { name: b.name, cap }) : '',
    },
    {
      id: 'done',
      label: 'c.done',
      hint: ended ? 'c.doneRunHint' : 'c.doneHint',
      value: num(ended ? s.throughput : s?.doneNow),
      text: rateText(ended ? s.throughput : s?.doneNow),
      unit: unitText('/s', L),
      note: s ? v.t('c.doneOf', { n: rateText(inRate) }) : '',
    },
    {
      id: 'W',
      label: 'c.W',
      hint: 'c.WHint',
      value: num(s?.W.mean),
      text: W.mean,
      hw: W.hw,
      note: s?.theory ? v.t('c.theory', { value: fmt(L, s.theory.W, 4) }) : '',
      noteTestid: 'theory-W',
      noteValue: s?.theory?.W ?? null,
    },
    { id: 'p99', label: 'c.p99', hint: 'c.p99Hint', value: num(s?.p99), text: fmt(L, s?.p99, 3), note: s?.p50 != null ? v.t('c.p50', { n: fmtDuration(L, s.p50) }) : '' },
    ...requestCells,
    ...(several ? [{ id: 'first', label: 'c.first' as const, hint: 'c.firstHint' as const, value: num(first?.W.mean), text: firstW.mean, hw: firstW.hw, note: first && first.p99 !== null ? `p99 ${fmt(L, first.p99, 3)}` : '' }] : []),
    {
      id: 'age',
      label: 'c.age',
      hint: 'c.ageHint',
      value: num(b?.age),
      text: fmt(L, b?.age, 3),
      bad: b && b.age !== null && b.age >= STALE_AFTER ? v.t('c.ageBad', { name: b.name }) : null,
      note: b ? v.t('c.ageAt', { name: b.name }) : '',
    },
    { id: 'backlog', label: 'c.backlog', hint: 'c.backlogHint', value: waiting, text: fmtInt(L, waiting), note: most && waiting ? v.t('c.most', { name: most.name }) : '' },
    { id: 'lost', label: 'c.lost', hint: 'c.lostHint', value: lost, text: fmtInt(L, lost), bad: lost ? v.t('c.lostBad') : null },
    ...(canBlock ? [{ id: 'blocked', label: 'c.blocked' as const, hint: 'c.blockedHint' as const, value: num(blocked), text: fmt(L, blocked, 3), note: s ? v.t('c.blockedNow', { n: fmtInt(L, blockedNow) }) : '' }] : []),
    ...(canPause ? [{ id: 'paused', label: 'c.paused' as const, hint: 'c.pausedHint' as const, value: num(paused), text: fmt(L, paused, 3), note: s ? v.t('c.pauses', { n: fmtInt(L, pauses) }) : '' }] : []),
  ];
  const items = counterItems(cells, 'p', v.t, s ? v.t('c.zero') : null);
  // The first source's cell names it.
  return items.map((it) =>
    it.testid === 'p-first' ? { ...it, label: v.t('c.first', { name: v.scenario.sources[0].name }) } : it,
  );
}
