/**
 * The storage counters strip: log size, live keys, dirty ratio, cleaner runs, tombstones held, and
 * the reader's last restore — keys rebuilt / true keys, missing, resurrected, time. A cell is red
 * only with a reason that holds now, and says it: keys missing or resurrected after a restore.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import { fmt, fmtInt, unitText } from '../../format.ts';
import { sview } from './view.ts';
import type { SMessageKey } from './text.ts';

export function storageCounters(pg: Playground): CounterItem[] {
  const v = sview(pg);
  const s = v.data?.summary ?? null;
  const L = pg.lang;
  const sc = v.scenario;
  const compact = sc.topic['cleanup.policy'] !== 'delete';
  const c = s?.lastCatchUp ?? null;
  const cell = (id: string, label: SMessageKey, hint: SMessageKey, value: number | null, text: string, note: string, bad: string | null = null, small = false): CounterItem => ({
    testid: `s-${id}`,
    label: v.t(label),
    hint: v.t(hint),
    value,
    text,
    note: bad ?? note,
    small,
    tone: bad ? 'bad' : 'plain',
  });
  return [
    cell('log', 'c.log', 'c.logHint', s?.logRecords ?? null, fmtInt(L, s?.logRecords), s ? `${v.t('c.logPeak', { n: fmtInt(L, s.logRecordsMax) })} · ${v.t('c.logMB', { mb: fmt(L, s.logBytes / 1e6, 3) })}` : ''),
    cell('keys', 'c.keys', 'c.keysHint', s?.liveKeys ?? null, fmtInt(L, s?.liveKeys), s ? v.t('c.keysWritten', { n: fmtInt(L, s.keysWritten) }) : ''),
    cell('dirty', 'c.dirty', 'c.dirtyHint', compact ? (s?.dirtyRatio ?? null) : null, compact ? fmt(L, s?.dirtyRatio ?? null, 2) : '—', compact ? v.t('c.dirtyMin', { ratio: sc.topic['min.cleanable.dirty.ratio'] }) : v.t('c.dirtyOff')),
    cell('cleaner', 'c.cleaner', 'c.cleanerHint', s?.cleaner.runs ?? null, fmtInt(L, s?.cleaner.runs), s ? v.t('c.cleanerBusy', { s: fmt(L, s.cleaner.busySeconds, 3) }) : ''),
    cell('tombstones', 'c.tombs', 'c.tombsHint', s?.tombstonesHeld ?? null, fmtInt(L, s?.tombstonesHeld), s ? v.t('c.tombsNote', { n: fmtInt(L, s.tombstonesProduced) }) : ''),
    cell('restore', 'c.restore', 'c.restoreHint', c?.keys ?? null, c ? `${fmtInt(L, c.keys)} / ${fmtInt(L, c.trueKeys)}` : '—', c ? v.t('c.restoreRead', { t: fmt(L, c.startedAt + c.seconds, 4) }) : s ? v.t('c.restoreNone') : '', null, true),
    cell('missing', 'c.missing', 'c.missingHint', c?.missing ?? null, c ? fmtInt(L, c.missing) : '—', c ? v.t('c.ok') : '', c && c.missing > 0 ? v.t('c.missingBad') : null),
    cell('resurrected', 'c.resurrected', 'c.resurrectedHint', c?.resurrected ?? null, c ? fmtInt(L, c.resurrected) : '—', c ? v.t('c.ok') : '', c && c.resurrected > 0 ? v.t('c.resurrectedBad') : null),
    { ...cell('restoreTime', 'c.restoreTime', 'c.restoreTimeHint', c?.seconds ?? null, c ? fmt(L, c.seconds, 3) : '—', ''), unit: unitText('s', L) },
  ];
}
