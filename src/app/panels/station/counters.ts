/**
 * The station's counters strip: each estimate with its 95 % half-width and, under it, the closed
 * form's value when one applies (M/M/c, M/M/c/K, M/D/1, M/G/1), then the customer counts.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtInt, fmtPM } from '../../format.ts';
import { sview } from './view.ts';
import type { SMessageKey } from './text.ts';

const finite = (x: number | null | undefined): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

export function stationCounters(pg: Playground): CounterItem[] {
  const v = sview(pg);
  const s = v.data?.summary ?? null;
  const th = s?.theory ?? null;
  const L = pg.lang;
  const perS = v.t('unit.perSecond');
  const sec = v.t('unit.seconds');
  const est = (id: string, label: SMessageKey, e: { mean: number | null; hw: number | null } | undefined, unit: string, theory: number | null | undefined, scale = 1): CounterItem => {
    const f = fmtPM(L, e?.mean ?? null, e?.hw ?? null, scale);
    const t = finite(theory);
    return {
      testid: `stat-${id}`,
      label: v.t(label),
      hint: `${v.t(label)}, ${unit}`,
      value: finite(e?.mean),
      text: f.mean,
      hw: f.hw,
      unit,
      // Never broken inside: «теория 90 %», «теория 0,9/с» move to the next line whole.
      note: t === null ? '' : v.t('stats.theory', { value: `${fmt(L, t * scale, 4)}${unit.startsWith('/') ? unit : `\u00a0${unit}`}` }),
      noteTestid: `theory-${id}`,
      noteValue: t,
      tone: 'plain',
    };
  };
  const count = (id: string, label: SMessageKey, value: number | null | undefined, note: string): CounterItem => ({
    testid: `stat-${id}`,
    label: v.t(label),
    hint: v.t(label),
    value: finite(value),
    text: fmtInt(L, finite(value)),
    note,
    tone: 'plain',
  });
  const items: CounterItem[] = [
    est('lambda', 'stats.lambda', s?.lambda, perS, null),
    est('throughput', 'stats.throughput', s?.throughput, perS, th?.throughput),
    est('utilization', 'stats.utilization', s?.utilization, '%', th?.utilization, 100),
    est('W', 'stats.W', s?.W, sec, th?.W),
    est('Wq', 'stats.Wq', s?.Wq, sec, th?.Wq),
  ];
  if (v.scenario.capacity !== null) items.push(est('pBlock', 'stats.pBlock', s?.pBlock, '%', th?.pBlock, 100));
  items.push(
    { ...count('p50', 'stats.p50', s?.p50, ''), text: fmt(L, finite(s?.p50), 3), unit: sec },
    { ...count('p99', 'stats.p99', s?.p99, ''), text: fmt(L, finite(s?.p99), 3), unit: sec },
    count('arrivals', 'stats.arrivals', s?.arrivals, v.t('stats.droppedN', { n: fmtInt(L, s?.dropped ?? null) })),
    count('completed', 'stats.completed', s?.completed, v.t('stats.inSystemN', { n: fmtInt(L, s?.inSystem ?? null) })),
  );
  return items;
}
