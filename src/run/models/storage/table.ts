/** The CLI's readable summary of a storage-model run. */
import type { StorageScenario } from '../../../scenario/schema.ts';
import type { StorageSummary } from './data.ts';
import type { CatchUp } from '../../../sim/model/storage/reader.ts';
import { fmt, table } from '../../../cli/format.ts';

const count = (n: number): string => n.toLocaleString('en-US');
const mb = (b: number): string => `${fmt(b / 1e6)} MB`;

function catchUpRow(label: string, c: CatchUp | null): string[] {
  if (!c) return [label, '—', '—', '—', '—', '—', '—', '—'];
  return [label, `${fmt(c.startedAt)} s`, `${fmt(c.seconds)} s`, count(c.read), `${count(c.keys)} / ${count(c.trueKeys)}`, count(c.missing), count(c.resurrected), count(c.stale)];
}

export function formatStorageTable(s: StorageScenario, r: StorageSummary): string {
  const t = s.topic;
  const out: string[] = [
    `QueueLab · ${s.id}${s.title ? ` — ${s.title}` : ''}`,
    `seed ${r.seed} · ${fmt(r.simTime)} s simulated · topic ${t.name}, ${t.partitions} partitions, cleanup.policy=${t['cleanup.policy']}`,
    `${count(r.events)} events${r.wallMs !== undefined ? ` in ${fmt(r.wallMs)} ms` : ''} · ${count(r.produced)} records produced (${count(r.tombstonesProduced)} tombstones) · ${count(r.keysWritten)} keys written, ${count(r.liveKeys)} alive`,
    '',
  ];
  const rows: string[][] = [
    ['log size now / max', 'records', `${count(r.logRecords)} / ${count(r.logRecordsMax)}`],
    ['log size now / max', 'bytes', `${mb(r.logBytes)} / ${mb(r.logBytesMax)}`],
    ['segments', '', count(r.segments)],
    ['live keys (the bound under compact)', 'keys', count(r.liveKeys)],
    ['tombstones held', 'records', count(r.tombstonesHeld)],
    ['dirty ratio (max over partitions)', '', `${fmt(r.dirtyRatio)} (min.cleanable.dirty.ratio ${t['min.cleanable.dirty.ratio']})`],
    ['cleaner runs / busy', '', `${count(r.cleaner.runs)} / ${fmt(r.cleaner.busySeconds)} s`],
    ['retention checks / segments deleted', '', `${count(r.retention.checks)} / ${count(r.retention.segmentsDeleted)}`],
  ];
  out.push(...table(['metric', 'unit', 'value'], rows), '');
  const c = r.records;
  out.push(
    `records: active ${count(c.active)} · dirty ${count(c.dirty)} · cleaned ${count(c.cleaned)} · superseded ${count(c.superseded)} · expired tombstones ${count(c.expiredTombstones)} · deleted by retention ${count(c.retention)}`,
    '',
  );
  out.push(`reader: ${r.reader.state} · restores ${r.reader.restores} · keys in its table ${count(r.reader.keys)}`);
  out.push(...table(['catch-up', 'started', 'took', 'records read', 'keys / true keys', 'missing', 'resurrected', 'stale'], [catchUpRow('first', r.firstCatchUp), catchUpRow('last', r.lastCatchUp)]));
  return out.join('\n');
}
