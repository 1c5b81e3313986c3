/**
 * The Kafka counters strip: lag, rebalances, idle consumers and the correctness counters
 * (duplicates, lost, skipped, out of order, DLQ), red with the reason when a run breaks them.
 *
 * Every cell describes the consumer group the topology shows (the focus): one screen, one group.
 * A cell is red only with a reason that holds for this run at this moment: a rebalance count past
 * the first join is red only when rebalances actually paused partitions; idle consumers say
 * whether the group has more members than partitions or is waiting for the assignment.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtInt, fmtShort } from '../../format.ts';
import { fmtShortSet } from '../../format-more.ts';
import { kview } from './view.ts';
import type { KMessageKey, Vars } from './text.ts';
import { atranslate } from './autoscaler-text.ts';
import type { KafkaGroupSummary } from '../../../run/models/kafka/summary.ts';
import type { KafkaSnapshotData } from '../../../run/models/kafka/snapshot.ts';

interface Cell {
  id: string;
  label: KMessageKey;
  hint: KMessageKey;
  /** Red when non-zero, with this reason (cells without one are never red); `text` says it instead of `key`. */
  bad?: { key: KMessageKey; vars?: Vars; text?: string } | null;
  value: number | null;
  text: string;
  na?: boolean;
  /** Note shown instead of "OK" when the counter is zero (or not red). */
  extra?: string;
}

/** The summary of the group in focus (null before the first snapshot). */
export function focusGroup(d: KafkaSnapshotData | null): KafkaGroupSummary | null {
  if (!d) return null;
  return d.summary.groups[d.focus?.id ?? ''] ?? Object.values(d.summary.groups)[0] ?? null;
}

export function kafkaCounters(pg: Playground): CounterItem[] {
  const k = kview(pg);
  const d = k.data;
  const g = focusGroup(d);
  const s = d?.summary ?? null;
  const n = (x: number | undefined | null) => (typeof x === 'number' ? x : null);
  const L = pg.lang;
  const hasDlq = typeof g?.dlq === 'number';
  // The first join of a group is a rebalance too, and a normal one; later ones are bad only when
  // they actually stopped partitions (a cooperative rebalance that moves nothing does not).
  const rebalances = g?.rebalances ?? 0;
  const rebalanceBad = rebalances > 1 && (g?.rebalancePausedSeconds ?? 0) > 0;
  // With an autoscaler, the note says how many of them its scale steps set off.
  const scaled = d?.focus.autoscaler?.rebalances ?? 0;
  const byScaler = scaled > 0 ? atranslate(L, 'c.rebalancesAutoscaler', { n: fmtInt(L, scaled) }) : null;
  const cells: Cell[] = [
    {
      id: 'lag',
      label: 'c.lag',
      hint: 'c.lagHint',
      value: n(g?.lagRecords.final),
      text: fmtInt(L, g?.lagRecords.final),
      extra: g ? k.t('c.lagInFlight', { n: fmtInt(L, g.lagRecords.inFlight) }) : undefined,
    },
    { id: 'lagS', label: 'c.lagS', hint: 'c.lagSHint', value: n(g?.lagSeconds.final), text: fmt(L, g?.lagSeconds.final, 3) },
    {
      id: 'rebalances',
      label: 'c.rebalances',
      hint: 'c.rebalancesHint',
      bad: rebalanceBad ? { key: 'c.rebalancesBad', text: byScaler ?? undefined } : null,
      value: n(g?.rebalances),
      text: fmtInt(L, g?.rebalances),
      extra: byScaler ? byScaler : rebalances === 1 ? k.t('c.rebalancesFirst') : rebalances > 1 ? k.t('c.rebalancesNoPause') : undefined,
    },
    {
      id: 'idle',
      label: 'c.idle',
      hint: 'c.idleHint',
      bad: d?.focus.idle ? { key: d.focus.idle === 'members' ? 'c.idleBad' : 'c.idleBadAssign', vars: { gen: d.groups[d.focus.index]?.generation ?? 0 } } : null,
      value: n(g?.idleConsumers),
      text: fmtInt(L, g?.idleConsumers),
    },
    { id: 'duplicates', label: 'c.duplicates', hint: 'c.duplicatesHint', bad: { key: 'c.duplicatesBad' }, value: n(g?.duplicates), text: fmtInt(L, g?.duplicates) },
    { id: 'lost', label: 'c.lost', hint: 'c.lostHint', bad: { key: 'c.lostBad' }, value: n(g?.lost), text: fmtInt(L, g?.lost) },
    { id: 'skipped', label: 'c.skipped', hint: 'c.skippedHint', bad: { key: 'c.skippedBad' }, value: n(g?.skipped), text: fmtInt(L, g?.skipped) },
    { id: 'ordering', label: 'c.ordering', hint: 'c.orderingHint', bad: { key: 'c.orderingBad' }, value: n(g?.orderingViolations), text: fmtInt(L, g?.orderingViolations) },
    hasDlq
      ? { id: 'dlq', label: 'c.dlq', hint: 'c.dlqHint', bad: { key: 'c.dlqBad' }, value: g!.dlq, text: fmtInt(L, g!.dlq), extra: k.t('c.retries', { n: fmtInt(L, g!.retries ?? 0) }) }
      : { id: 'dlq', label: 'c.dlq', hint: 'c.dlqHint', value: null, text: '—', na: true },
  ];
  const items = cells.map((c): CounterItem => {
    const v = c.value ?? 0;
    const red = !!c.bad && v > 0;
    const note = c.na ? k.t('c.notModelled') : red && c.bad ? (c.bad.text ?? k.t(c.bad.key, c.bad.vars)) : c.extra ? c.extra : c.id !== 'lag' && c.id !== 'lagS' ? k.t('c.zero') : '';
    return { testid: `k-${c.id}`, label: k.t(c.label), hint: k.t(c.hint), value: c.value, text: c.text, note, tone: c.na ? 'na' : red ? 'bad' : 'plain' };
  });
  // Sends the schema registry refused never reach the topic: the cell says so, in red.
  const rejected = s?.producers.reduce((n, p) => n + p.rejected, 0) ?? 0;
  const flow = fmtShortSet(L, [s?.produced ?? 0, g?.applied ?? 0]);
  items.push({
    testid: 'k-produced',
    label: k.t('c.flow'),
    hint: k.t('c.flowHint', { group: d?.focus.id ?? '' }),
    value: s?.produced ?? null,
    // Both sides at three significant digits (18.1k / 9.74k; «18,1 / 9,74» over «тыс. записей»): the cell is narrow.
    text: s ? flow.texts.join('\u2009/\u2009') : '—',
    // A scale word («тыс.») is the numbers' unit: said even when the note is about refused sends.
    note: [flow.scale ? k.t('c.lagUnitScaled', { scale: flow.scale }) : rejected > 0 ? null : k.t('c.lagUnit'), rejected > 0 ? k.t('c.flowRejected', { n: fmtShort(L, rejected) }) : null].filter(Boolean).join(' · '),
    noteTestid: 'k-rejected',
    noteValue: rejected,
    small: true,
    tone: rejected > 0 ? 'bad' : 'plain',
  });
  return items;
}
