/**
 * The dependency counters strip: offered load against capacity and goodput (the last whole
 * second), then what the story is about — seconds overloaded after the fault, recovery time —
 * and the mechanism: attempts per call, wasted work, how long a failed call took to fail (the
 * calls' latency is the latency chart's), failed calls, W at the service with its M/M/c/K theory. A cell is red only with a reason true for the run now, and says it.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtInt, fmtPct, fmtPM, unitText } from '../../format.ts';
import { sview } from './view.ts';
import { counterItems, type CounterCell } from '../common/counters.ts';
import type { SMessageKey } from './text.ts';

type Cell = CounterCell<SMessageKey>;

export function serviceCounters(pg: Playground): CounterItem[] {
  const v = sview(pg);
  const s = v.data?.summary ?? null;
  const L = pg.lang;
  const num = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  const cap = s ? fmt(L, s.capacity, 3) : '';
  const W = fmtPM(L, s?.W.mean ?? null, s?.W.hw ?? null);
  const rate = v.data?.topology.rate ?? null;
  const cells: Cell[] = [
    {
      id: 'offered',
      label: 'c.offered',
      hint: 'c.offeredHint',
      value: num(s?.offeredNow),
      text: fmtInt(L, s?.offeredNow),
      unit: unitText('/s', L),
      bad: s && s.offeredNow > s.capacity ? v.t('c.overCapacity', { cap }) : null,
      note: s ? v.t('c.capacity', { cap }) : '',
    },
    {
      id: 'goodput',
      label: 'c.goodput',
      hint: 'c.goodputHint',
      value: num(s?.goodputNow),
      text: fmtInt(L, s?.goodputNow),
      unit: unitText('/s', L),
      bad: s && rate !== null && rate >= 1 && s.simTime >= 2 && s.goodputNow < 0.5 * rate ? v.t('c.goodputLow', { n: fmt(L, rate, 3) }) : null,
      note: rate !== null ? v.t('c.calls', { n: fmt(L, rate, 3) }) : '',
    },
    {
      id: 'overload',
      label: 'c.overload',
      hint: 'c.overloadHint',
      value: num(s?.overloadAfter),
      text: s?.overloadAfter === null || !s ? '—' : fmtInt(L, s.overloadAfter),
      unit: unitText('s', L),
      bad: s && s.overloadAfter !== null && s.overloadAfter >= 10 && s.recoveredAfter === null ? v.t('c.overloadBad') : null,
      note: s && s.triggerEnd === null ? v.t('c.noFault') : undefined,
    },
    {
      id: 'recovery',
      label: 'c.recovery',
      hint: 'c.recoveryHint',
      value: num(s?.recoveredAfter),
      text: s?.recoveredAfter === null || !s ? '—' : fmt(L, s.recoveredAfter, 3),
      unit: unitText('s', L),
      bad: s && s.triggerEnd !== null && s.recoveredAfter === null && s.simTime - s.triggerEnd >= 30 ? v.t('c.notRecovered') : null,
      note: !s ? '' : s.triggerEnd === null ? v.t('c.noFault') : s.recoveredAfter !== null ? v.t('c.recovered') : '',
    },
    {
      id: 'amp',
      label: 'c.amp',
      hint: 'c.ampHint',
      value: num(s?.amplification),
      text: fmt(L, s?.amplification, 3),
      bad: s && s.amplification !== null && s.amplification >= 1.5 ? v.t('c.ampBad') : null,
      note: '',
    },
    {
      id: 'wasted',
      label: 'c.wasted',
      hint: 'c.wastedHint',
      value: num(s?.wasted),
      text: fmtPct(L, s?.wasted, 2),
      bad: s && s.wasted !== null && s.wasted >= 0.25 ? v.t('c.wastedBad') : null,
      note: '',
    },
    {
      id: 'failWait',
      label: 'c.failWait',
      hint: 'c.failWaitHint',
      value: num(s?.failedP50),
      text: fmt(L, s?.failedP50, 3),
      bad: s && s.failedP50 !== null && s.failedP50 >= 0.9 * v.scenario.clients.timeout ? v.t('c.failWaitBad') : null,
      note: s?.failedP99 != null && s ? v.t('c.failWaitP99', { n: fmt(L, s.failedP99, 3) }) : '',
    },
    {
      id: 'failed',
      label: 'c.failed',
      hint: 'c.failedHint',
      value: num(s?.calls.failed),
      text: fmtInt(L, s?.calls.failed),
      note: s ? v.t('c.failedOf', { n: fmtInt(L, s.calls.started) }) : '',
    },
    {
      id: 'W',
      label: 'c.W',
      hint: 'c.WHint',
      value: num(s?.W.mean),
      text: W.mean,
      hw: W.hw,
      note: s?.theory ? v.t('c.theory', { model: s.theory.model, value: fmt(L, s.theory.W, 4) }) : '',
      noteTestid: 'theory-W',
      noteValue: s?.theory?.W ?? null,
    },
  ];
  return counterItems(cells, 's', v.t, s ? v.t('c.zero') : null);
}
