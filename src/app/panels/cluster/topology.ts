/**
 * What the cluster topology draws, as pure functions of the snapshot (or, before the first one, of
 * the scenario): brokers as columns, the first partitions as rows with a replica cell per broker
 * (leader, ISR membership, log-end offset against the leader's, the high watermark and the LSO),
 * the partitions not listed counted by state, producers with their acks and counts, the processor
 * and the consumers with the broker they fetch from. The layout fits whatever is listed into the
 * drawing's size. Unit-tested without a browser.
 */
import type { ClusterScenario } from '../../../scenario/index.ts';
import type { ClusterData } from '../../../run/models/cluster/data.ts';
import { MAX_PARTITION_VIEWS, type Acks, type BrokerView, type ClusterTopology, type PartitionReplicasView, type ProducerException } from '../../../sim/model/cluster/types.ts';

/** Failed records by exception, most first (ties by name), without the zeros. */
export function exceptionsOf(by: Partial<Record<ProducerException, number>>): { name: ProducerException; n: number }[] {
  return (Object.entries(by) as [ProducerException, number][]).filter(([, n]) => n > 0).map(([name, n]) => ({ name, n })).sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : 1));
}

export interface ReplicaCell {
  broker: number;
  leo: number;
  leader: boolean;
  inIsr: boolean;
  /** The broker hosting it is not up (down, isolated or fenced). */
  brokerDown: boolean;
  /** Records behind the partition's longest log (the leader's, unless it just changed). */
  behind: number;
  /** This replica's log end as a share of the partition's longest log, 0…1. */
  fill: number;
  /** Records the last leader change cut from this replica's log, when, at which leader epoch (null: none cut). */
  cut: { records: number; at: number; epoch: number } | null;
  /** The consumers (of the topic) that fetch this partition from this replica. */
  readBy: string[];
}

export interface PartitionRow {
  partition: number;
  state: PartitionReplicasView['state'];
  leader: number | null;
  epoch: number;
  hw: number;
  lso: number;
  isr: number[];
  /** The high watermark as a share of the longest log, 0…1 (the tick on every bar). */
  hwFill: number;
  /** Cells by broker id (only brokers hosting a replica). */
  cells: Map<number, ReplicaCell>;
}

export interface ProducerBox {
  name: string;
  rate: number;
  acks: Acks;
  idempotence: boolean;
  sent: number;
  acked: number;
  lost: number;
  failed: number;
  /** Its failed records by exception, most first; OUT_OF_ORDER_SEQUENCE_NUMBER answers it got (retried). */
  failedBy: { name: ProducerException; n: number }[];
  outOfOrder: number;
  /** buffer.memory, the bytes its batches hold, send() calls waiting for memory, its web front's 504s (null: no front). */
  bufferMemory: number;
  bufferUsed: number;
  blocked: number;
  gateway504: number | null;
}

export interface ClusterTopoView {
  topic: string;
  partitions: number;
  brokers: BrokerView[];
  controller: ClusterTopology['controller'];
  rows: PartitionRow[];
  /** Partitions not drawn as rows, with their counts by state (of every partition: the topology's counts). */
  more: { n: number; offline: number; underMinIsr: number; underReplicated: number } | null;
  producers: ProducerBox[];
  processor: ClusterTopology['processor'];
  consumers: ClusterTopology['consumers'];
}

/** enable.idempotence in effect when the scenario leaves it null (Kafka 3.2+: on unless a setting conflicts). */
export function idempotenceOf(p: ClusterScenario['producers'][number]): boolean {
  if (p['enable.idempotence'] !== null) return p['enable.idempotence'];
  return p.acks === 'all' && p.retries > 0 && p['max.in.flight.requests.per.connection'] <= 5;
}

/** `readers`: per consumer of the topic, its name and the broker it fetches this partition from. */
export function partitionRow(p: PartitionReplicasView, brokers: readonly BrokerView[], readers: readonly { name: string; from: number | null }[] = []): PartitionRow {
  const maxLeo = Math.max(0, ...p.leo);
  const down = new Set(brokers.filter((b) => b.state !== 'up').map((b) => b.id));
  const cells = new Map<number, ReplicaCell>();
  const lc = p.lastCut ?? null;
  p.replicas.forEach((b, i) => {
    const leo = p.leo[i] ?? 0;
    const n = lc?.records[i] ?? 0;
    cells.set(b, {
      broker: b,
      leo,
      leader: p.leader === b,
      inIsr: p.isr.includes(b),
      brokerDown: down.has(b),
      behind: maxLeo - leo,
      fill: maxLeo > 0 ? leo / maxLeo : 1,
      cut: lc && n > 0 ? { records: n, at: lc.at, epoch: lc.epoch } : null,
      readBy: readers.filter((r) => r.from === b).map((r) => r.name),
    });
  });
  return { partition: p.partition, state: p.state, leader: p.leader, epoch: p.leaderEpoch, hw: p.hw, lso: p.lso, isr: p.isr, hwFill: maxLeo > 0 ? Math.min(1, p.hw / maxLeo) : 1, cells };
}

/** Brokers of the scenario before the first snapshot: every one up, racks cycled. */
function scenarioBrokers(s: ClusterScenario): BrokerView[] {
  const racks = s.cluster['broker.rack'];
  const zk = s.cluster.controller.mode === 'zookeeper';
  return Array.from({ length: s.cluster.brokers }, (_, i) => ({ id: i + 1, rack: racks.length > 0 ? racks[i % racks.length] : null, state: 'up' as const, slow: false, controller: zk && i === 0, leaderOf: 0, replicas: 0 }));
}

/**
 * The topology's counts (of every partition) less the rows drawn: what the partitions not drawn
 * are. Under-replicated counts every partition whose ISR is smaller than its replicas (offline and
 * under-min-ISR ones included), as the model counts it.
 */
export function restCounts(all: ClusterTopology['counts'], rows: readonly PartitionRow[]): ClusterTopology['counts'] {
  const shown = (f: (r: PartitionRow) => boolean) => rows.filter(f).length;
  return {
    offline: Math.max(0, all.offline - shown((r) => r.state === 'offline')),
    underMinIsr: Math.max(0, all.underMinIsr - shown((r) => r.state === 'under-min-isr')),
    underReplicated: Math.max(0, all.underReplicated - shown((r) => r.isr.length < r.cells.size)),
  };
}

/** `maxRows`: the rows the drawing has room for (the rest are counted in `more`). */
export function clusterTopology(data: ClusterData | null, s: ClusterScenario, maxRows = MAX_PARTITION_VIEWS): ClusterTopoView {
  const topo = data?.topology ?? null;
  const sum = data?.summary ?? null;
  const brokers = topo?.brokers ?? scenarioBrokers(s);
  const topicReaders = (topo?.consumers ?? []).filter((c) => c.reads === 'topic');
  const rows = (topo?.replicas ?? []).slice(0, Math.min(MAX_PARTITION_VIEWS, maxRows)).map((p, i) => partitionRow(p, brokers, topicReaders.map((c) => ({ name: c.name, from: c.fetchesFromParts[i] ?? null }))));
  const partitions = topo?.partitions ?? s.topic.partitions;
  const moreN = topo ? partitions - rows.length : Math.max(0, partitions - Math.min(MAX_PARTITION_VIEWS, maxRows));
  const counts = topo ? restCounts(topo.counts, rows) : { offline: 0, underMinIsr: 0, underReplicated: 0 };
  const producers: ProducerBox[] = s.producers.map((p, i) => {
    const ps = sum?.producers[i];
    return {
      name: p.name,
      rate: data?.producers[i]?.rate ?? p.rate,
      acks: ps?.acks ?? p.acks,
      idempotence: ps?.idempotence ?? idempotenceOf(p),
      sent: ps?.sent ?? 0,
      acked: ps?.acked ?? 0,
      lost: ps?.lost ?? 0,
      failed: ps?.failed ?? 0,
      failedBy: exceptionsOf(ps?.failedBy ?? {}),
      outOfOrder: ps?.outOfOrder ?? 0,
      bufferMemory: ps?.bufferMemory ?? p['buffer.memory'],
      bufferUsed: ps?.bufferUsed ?? 0,
      blocked: ps?.blocked ?? 0,
      gateway504: ps?.gateway504 ?? (p.front ? 0 : null),
    };
  });
  const processor =
    topo?.processor ??
    (s.processor ? { name: s.processor.name, guarantee: s.processor['processing.guarantee'], state: 'running' as const, uncommitted: 0, processed: 0, committed: 0 } : null);
  const consumers = topo?.consumers ?? s.consumers.map((c) => ({ name: c.name, reads: c.reads, isolation: c['isolation.level'], fetchesFrom: null, fetchesFromParts: [] }));
  return {
    topic: topo?.topic ?? s.topic.name,
    partitions,
    brokers,
    controller: topo?.controller ?? { mode: s.cluster.controller.mode, broker: s.cluster.controller.mode === 'zookeeper' ? 1 : null, failingOver: false, pendingElections: 0 },
    rows,
    more: moreN > 0 ? { n: moreN, offline: counts.offline, underMinIsr: counts.underMinIsr, underReplicated: counts.underReplicated } : null,
    producers,
    processor,
    consumers,
  };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface GridLayout {
  /** The producers' column (left) and the readers' column (right); zero width when narrow. */
  left: Box;
  right: Box;
  /** The partition labels' column. */
  label: Box;
  /** Broker columns shown (the first `cols` brokers) and the header boxes. */
  cols: number;
  heads: Box[];
  /** Top of the first row, row height, and the "+N more" line (null without one). */
  rowsTop: number;
  rowH: number;
  more: Box | null;
  /** Note lines under the grid (a rack warning, the last truncation), one box each. */
  notes: Box[];
  colW: number;
}

/**
 * The drawing of `w` × `h` px: producers left, readers right (when wide enough), the grid in the
 * middle — a label column, then one column per broker (at least `minCol` px wide: brokers that do
 * not fit are counted, not drawn), a header of `headH`, `rows` rows of at most `maxRow` px and a
 * line for the partitions not listed.
 */
export function gridLayout(w: number, h: number, brokers: number, rows: number, hasMore: boolean, opts = { side: 180, gap: 12, labelW: 106, headH: 30, maxRow: 30, minCol: 44, moreH: 15, top: 14 }, notes = 0): GridLayout {
  const narrow = w < 640;
  const sideW = narrow ? 0 : Math.min(opts.side, Math.max(96, w * 0.21));
  const left = { x: 2, y: opts.top, w: sideW, h: h - opts.top - 2 };
  const right = { x: w - 2 - sideW, y: opts.top, w: sideW, h: h - opts.top - 2 };
  const gx = narrow ? 2 : left.x + left.w + opts.gap;
  const gw = Math.max(60, (narrow ? w - 4 : right.x - opts.gap - gx));
  const labelW = Math.min(opts.labelW, gw * 0.3);
  const room = gw - labelW;
  const cols = Math.max(1, Math.min(brokers, Math.floor(room / opts.minCol)));
  const colW = room / cols;
  const headY = opts.top;
  const heads = Array.from({ length: cols }, (_, i) => ({ x: gx + labelW + i * colW, y: headY, w: colW - 3, h: opts.headH }));
  const rowsTop = headY + opts.headH + 3;
  const moreH = hasMore ? opts.moreH : 0;
  const notesH = notes * opts.moreH;
  const rowH = rows > 0 ? Math.max(8, Math.min(opts.maxRow, (h - rowsTop - moreH - notesH - 2) / rows)) : 0;
  const more = hasMore ? { x: gx, y: rowsTop + rows * rowH + 1, w: gw, h: moreH } : null;
  const notesTop = rowsTop + rows * rowH + 1 + moreH;
  const noteBoxes = Array.from({ length: notes }, (_, i) => ({ x: gx, y: notesTop + i * opts.moreH, w: gw, h: opts.moreH }));
  return { left, right, label: { x: gx, y: rowsTop, w: labelW, h: rows * rowH }, cols, heads, rowsTop, rowH, more, notes: noteBoxes, colW };
}

/** Rows of at least `minRow` px that fit a drawing of height `h` (with the header, the "+N more" line and `notes` note lines). */
export function rowsThatFit(h: number, rows: number, minRow = 13, opts = { headH: 30, top: 14, moreH: 15 }, notes = 0): number {
  const avail = h - opts.top - opts.headH - 3 - 2 - notes * opts.moreH;
  if (rows * minRow <= avail) return rows;
  return Math.max(1, Math.floor((avail - opts.moreH) / minRow));
}

/** A count shown in few characters: 9,999 as is, then 12.3k, 1.2M. */
export function compact(n: number, lang: 'en' | 'ru'): string {
  const loc = lang === 'ru' ? 'ru-RU' : 'en-US';
  if (Math.abs(n) < 10_000) return new Intl.NumberFormat(loc, { maximumFractionDigits: 0 }).format(n);
  return new Intl.NumberFormat(loc, { notation: 'compact', maximumFractionDigits: 1 }).format(n);
}
