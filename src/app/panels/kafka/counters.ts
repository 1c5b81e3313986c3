/**
 * The Kafka counters strip: lag, rebalances, idle consumers and the correctness counters
 * (duplicates, lost, skipped, out of order, DLQ), red with the reason when a run breaks them.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtInt, fmtTick } from '../../format.ts';
import { kview } from './view.ts';
import type { KMessageKey } from './text.ts';

interface Cell {
  id: string;
  label: KMessageKey;
  hint: KMessageKey;
  /** The reason shown when the counter is non-zero (counters without one are never red). */
  bad?: KMessageKey;
  value: number | null;
  text: string;
  na?: boolean;
  /** Note shown instead of "OK" when the counter is zero. */
  extra?: string;
}

export function kafkaCounters(pg: Playground): CounterItem[] {
  const k = kview(pg);
  const s = k.data?.summary ?? null;
  const n = (x: number | undefined | null) => (typeof x === 'number' ? x : null);
  const L = pg.lang;
  const cells: Cell[] = [
    {
      id: 'lag',
      label: 'c.lag',
      hint: 'c.lagHint',
      value: n(s?.lagRecords.final),
      text: fmtInt(L, s?.lagRecords.final),
      extra: s ? k.t('c.lagInFlight', { n: fmtInt(L, s.lagRecords.inFlight) }) : undefined,
    },
    { id: 'lagS', label: 'c.lagS', hint: 'c.lagSHint', value: n(s?.lagSeconds.final), text: fmt(L, s?.lagSeconds.final, 3) },
    { id: 'rebalances', label: 'c.rebalances', hint: 'c.rebalancesHint', bad: 'c.rebalancesBad', value: n(s?.rebalances), text: fmtInt(L, s?.rebalances) },
    { id: 'idle', label: 'c.idle', hint: 'c.idleHint', bad: 'c.idleBad', value: n(s?.idleConsumers), text: fmtInt(L, s?.idleConsumers) },
    { id: 'duplicates', label: 'c.duplicates', hint: 'c.duplicatesHint', bad: 'c.duplicatesBad', value: n(s?.duplicates), text: fmtInt(L, s?.duplicates) },
    { id: 'lost', label: 'c.lost', hint: 'c.lostHint', bad: 'c.lostBad', value: n(s?.lost), text: fmtInt(L, s?.lost) },
    { id: 'skipped', label: 'c.skipped', hint: 'c.skippedHint', bad: 'c.skippedBad', value: n(s?.skipped), text: fmtInt(L, s?.skipped) },
    { id: 'ordering', label: 'c.ordering', hint: 'c.orderingHint', bad: 'c.orderingBad', value: n(s?.orderingViolations), text: fmtInt(L, s?.orderingViolations) },
    typeof s?.dlq === 'number'
      ? { id: 'dlq', label: 'c.dlq', hint: 'c.dlqHint', bad: 'c.dlqBad', value: s.dlq, text: fmtInt(L, s.dlq), extra: k.t('c.retries', { n: fmtInt(L, s.retries ?? 0) }) }
      : { id: 'dlq', label: 'c.dlq', hint: 'c.dlqHint', value: null, text: '—', na: true },
  ];
  const items = cells.map((c): CounterItem => {
    const v = c.value ?? 0;
    // The first join of each group is a rebalance too, and a normal one.
    const firstJoin = c.id === 'rebalances' && v > 0 && v <= k.scenario.groups.length;
    const red = !!c.bad && v > 0 && !firstJoin;
    const note = c.na ? k.t('c.notModelled') : firstJoin ? k.t('c.rebalancesFirst') : red && c.bad ? k.t(c.bad) : c.extra ? c.extra : c.bad ? k.t('c.zero') : '';
    return { testid: `k-${c.id}`, label: k.t(c.label), hint: k.t(c.hint), value: c.value, text: c.text, note, tone: c.na ? 'na' : red ? 'bad' : 'plain' };
  });
  items.push({
    testid: 'k-produced',
    label: k.t('c.flow'),
    hint: k.t('c.flowHint'),
    value: s?.produced ?? null,
    text: s ? `${fmtTick(L, s.produced)} / ${fmtTick(L, Object.values(s.groups)[0]?.applied ?? 0)}` : '—',
    note: k.t('c.lagUnit'),
    small: true,
    tone: 'plain',
  });
  return items;
}
