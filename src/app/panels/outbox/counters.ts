/**
 * The outbox counters strip: rows and events, then what the story is about — events lost (rows
 * with no event), phantom events (no row), events published twice and effects applied twice — and
 * the price: rows waiting for their event, the delay from commit to effect, the relay's lag. A cell
 * is red only with a reason true for the run now, and says it.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtDuration, fmtInt } from '../../format.ts';
import { oview } from './view.ts';
import { counterItems, type CounterCell } from '../common/counters.ts';
import type { OMessageKey } from './text.ts';

type Cell = CounterCell<OMessageKey>;

export function outboxCounters(pg: Playground): CounterItem[] {
  const v = oview(pg);
  const s = v.data?.summary ?? null;
  const L = pg.lang;
  const outbox = v.scenario.mode === 'outbox';
  const cells: Cell[] = [
    { id: 'rows', label: 'c.rows', hint: 'c.rowsHint', value: s?.rows ?? null, text: fmtInt(L, s?.rows), note: s ? v.t('c.requests', { n: fmtInt(L, s.requests) }) : '' },
    { id: 'events', label: 'c.events', hint: 'c.eventsHint', value: s?.eventsPublished ?? null, text: fmtInt(L, s?.eventsPublished), note: s ? v.t('c.appended', { n: fmtInt(L, s.appended) }) : '' },
    { id: 'missing', label: 'c.missing', hint: 'c.missingHint', value: s?.missing ?? null, text: fmtInt(L, s?.missing), bad: s && s.missing > 0 ? v.t('c.missingBad') : null },
    { id: 'phantom', label: 'c.phantom', hint: 'c.phantomHint', value: s?.phantom ?? null, text: fmtInt(L, s?.phantom), bad: s && s.phantom > 0 ? v.t('c.phantomBad') : null },
    {
      id: 'duplicates',
      label: 'c.dups',
      hint: 'c.dupsHint',
      value: s?.duplicates ?? null,
      text: fmtInt(L, s?.duplicates),
      note: s && s.duplicates > 0 && s.dupEffects === 0 ? v.t('c.absorbed') : undefined,
    },
    { id: 'dupEffects', label: 'c.dupEffects', hint: 'c.dupEffectsHint', value: s?.dupEffects ?? null, text: fmtInt(L, s?.dupEffects), bad: s && s.dupEffects > 0 ? v.t('c.dupEffectsBad') : null },
    { id: 'backlog', label: 'c.backlog', hint: 'c.backlogHint', value: s?.backlog ?? null, text: fmtInt(L, s?.backlog), note: s ? v.t('c.max', { n: fmtInt(L, s.backlogMax) }) : '' },
    { id: 'delay', label: 'c.delay', hint: 'c.delayHint', value: s?.delayP99 ?? null, text: fmt(L, s?.delayP99, 3), note: s && s.delayP50 !== null ? v.t('c.p50', { n: fmtDuration(L, s.delayP50) }) : '' },
    {
      id: 'lag',
      label: 'c.lag',
      hint: 'c.lagHint',
      value: outbox ? (s?.lag ?? null) : null,
      text: outbox ? fmt(L, s?.lag, 3) : '—',
      note: !outbox ? v.t('c.noRelay') : s && s.lagMax !== null ? v.t('c.max', { n: fmt(L, s.lagMax, 3) }) : '',
    },
  ];
  return counterItems(cells, 'o', v.t, s ? v.t('c.zero') : null).map((c) => (c.testid === 'o-lag' && !outbox ? { ...c, tone: 'na' as const } : c));
}
