/**
 * What the queue topology draws, as pure functions of the snapshot (or, before the first one, of
 * the scenario): the queue's counts and the first messages it would hand out, its DLQ and retry
 * queue, and the consumers grouped by pool with the messages each holds — SQS leases with the time
 * left of their visibility timeout, RabbitMQ unacked deliveries against prefetch slots. Bounded:
 * the snapshot lists at most `MAX_CONSUMER_VIEWS` consumers and sums the rest; the layout fits
 * whatever is listed into the drawing's height. Unit-tested without a browser.
 */
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueData } from '../../../run/models/queue/data.ts';
import { MAX_CONSUMER_VIEWS, type ConsumerStats, type MessageView, type NodeView, type PublisherView, type QueueFlavour } from '../../../sim/model/queue/types.ts';

/** A consumer as the topology draws it: its stats and the messages it holds (the snapshot's own shape). */
export type ConsumerBox = ConsumerStats & { messages: MessageView[] };

export interface PoolView {
  index: number;
  name: string;
  alive: number;
  total: number;
  /** Seconds a lease lasts in this pool (SQS: the queue's VisibilityTimeout, or the heartbeat's when longer); null for RabbitMQ. */
  leaseTotal: number | null;
  /** basic.qos prefetch of the pool (RabbitMQ; 0 = unlimited); null for SQS. */
  prefetch: number | null;
  consumers: ConsumerBox[];
}

export interface SideQueue {
  name: string;
  depth: number;
}

export interface QueueTopoView {
  flavour: QueueFlavour;
  fifo: boolean;
  /** RabbitMQ x-queue-type, or null for SQS. */
  rabbitType: string | null;
  name: string;
  counts: { delayed: number; visible: number; inFlight: number; retrying: number; dlq: number; stored: number };
  head: MessageView[];
  groups: { total: number; blocked: number } | null;
  dlq: SideQueue | null;
  retry: SideQueue | null;
  pools: PoolView[];
  /** Consumers not listed one by one, summed; null when every consumer has a box. */
  rest: { count: number; held: number; processing: number } | null;
  /** RabbitMQ's node (memory, watermark, the alarm in effect) and its publishers, one per producer; null when the scenario does not model it. */
  node: NodeView | null;
  publishers: PublisherView[] | null;
}

/** The lease length of pool `p` (SQS), in seconds: a heartbeat's ChangeMessageVisibility may set a longer one. */
export function leaseTotal(s: QueueScenario, p: number): number | null {
  if (s.queue.type !== 'sqs') return null;
  const hb = s.consumers[p]?.heartbeat ?? null;
  return Math.max(s.queue.VisibilityTimeout, hb ? hb.VisibilityTimeout : 0);
}

/** Share of a lease still to run, 0…1 (0 once it ended), for a bar of the time left. */
export function leaseFraction(leaseLeft: number | null, total: number | null): number {
  if (leaseLeft === null || total === null || total <= 0) return 0;
  return Math.min(1, Math.max(0, leaseLeft / total));
}

/** Prefetch slots as drawn: up to `max` squares (filled = held), or a bar when there are more (or no limit). */
export function slotView(held: number, prefetch: number, max = 10): { squares: number; filled: number; fraction: number | null; unlimited: boolean } {
  if (prefetch <= 0) return { squares: 0, filled: 0, fraction: null, unlimited: true };
  if (prefetch <= max) return { squares: prefetch, filled: Math.min(held, prefetch), fraction: null, unlimited: false };
  return { squares: 0, filled: 0, fraction: Math.min(1, held / prefetch), unlimited: false };
}

/** Names of the dead-letter and retry queues the scenario declares (the model names them so). */
export function sideNames(s: QueueScenario): { dlq: string | null; retry: string | null } {
  const q = s.queue;
  if (q.type === 'sqs') return { dlq: q.RedrivePolicy ? `${q.name}-dlq` : null, retry: null };
  return { dlq: q['x-dead-letter-exchange'] ? `${q.name}.dlq` : null, retry: q.retry ? `${q.name}.retry` : null };
}

/** The consumers of the scenario before the first snapshot: every one waiting, the first `MAX_CONSUMER_VIEWS` listed. */
function scenarioConsumers(s: QueueScenario): { listed: ConsumerBox[]; rest: number } {
  const listed: ConsumerBox[] = [];
  let rest = 0;
  s.consumers.forEach((c, p) => {
    for (let i = 1; i <= c.count; i++) {
      if (listed.length < MAX_CONSUMER_VIEWS) listed.push({ name: `${c.name}-${i}`, pool: p, state: 'waiting', held: 0, processed: 0, utilization: null, messages: [] });
      else rest++;
    }
  });
  return { listed, rest };
}

export function queueTopology(data: QueueData | null, s: QueueScenario): QueueTopoView {
  const q = s.queue;
  const names = sideNames(s);
  const sum = data?.summary ?? null;
  const topo = data?.topology ?? null;
  const fromScenario = topo ? null : scenarioConsumers(s);
  const listed: ConsumerBox[] = topo ? topo.consumers : fromScenario!.listed;
  const pools: PoolView[] = s.consumers.map((c, p) => {
    const stats = sum?.pools[p];
    return {
      index: p,
      name: c.name,
      alive: stats?.alive ?? c.count,
      total: stats?.total ?? c.count,
      leaseTotal: leaseTotal(s, p),
      prefetch: q.type === 'rabbitmq' ? c.prefetch : null,
      consumers: listed.filter((x) => x.pool === p),
    };
  });
  const restCount = topo ? topo.consumersRest.count : fromScenario!.rest;
  const rest = restCount > 0 ? { count: restCount, held: topo?.consumersRest.held ?? 0, processing: topo?.consumersRest.processing ?? 0 } : null;
  const dlqName = topo ? topo.dlq : names.dlq;
  const retryName = topo ? topo.retryQueue : names.retry;
  return {
    flavour: q.type,
    fifo: q.type === 'sqs' && q.FifoQueue,
    rabbitType: q.type === 'rabbitmq' ? q['x-queue-type'] : null,
    name: topo?.queue ?? q.name,
    counts: {
      delayed: sum?.delayed ?? 0,
      visible: sum?.visible ?? 0,
      inFlight: sum?.inFlight ?? 0,
      retrying: sum?.retrying ?? 0,
      dlq: sum?.dlqDepth ?? 0,
      stored: sum?.stored ?? 0,
    },
    head: topo?.head ?? [],
    groups: topo ? topo.groups : q.type === 'sqs' && q.FifoQueue ? { total: 0, blocked: 0 } : null,
    dlq: dlqName ? { name: dlqName, depth: sum?.dlqDepth ?? 0 } : null,
    retry: retryName ? { name: retryName, depth: sum?.retrying ?? 0 } : null,
    pools,
    rest,
    ...nodeOf(data, s),
  };
}

/** The node and its publishers: the snapshot's, or before the first one the scenario's (idle, nothing used yet). */
function nodeOf(data: QueueData | null, s: QueueScenario): Pick<QueueTopoView, 'node' | 'publishers'> {
  const q = s.queue;
  if (q.type !== 'rabbitmq' || q.node === null) return { node: null, publishers: null };
  if (data?.topology.node) return { node: data.topology.node, publishers: data.topology.publishers };
  const n = q.node;
  return {
    node: { memory: 0, limit: Math.floor(n['vm_memory_high_watermark.relative'] * n.total_memory_available_override_value), ram: n.total_memory_available_override_value, alarm: null, diskFree: n.diskFree, diskLimit: n['disk_free_limit.absolute'] },
    publishers: s.producers.map((p) => ({ name: p.name, queue: p.routingKey ?? q.name, own: p.routingKey === null || p.routingKey === q.name, waiting: 0, oldestWait: 0 })),
  };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface ConsumerLayout {
  /** Per pool: its heading's position and its consumers' boxes (in the pool's order). */
  pools: { head: Box; boxes: Box[] }[];
  /** The box of the consumers not listed, if any. */
  rest: Box | null;
  cols: number;
  boxH: number;
}

/**
 * Consumer boxes in a column of `w` × `h` px: per pool a heading line, then a grid with the same
 * number of columns for every pool — the fewest columns (but enough to keep boxes at most `maxW`
 * wide) that keep boxes at least `comfy` px tall (room for the messages under the name), else at
 * least `tight` px, else 10 columns.
 */
export function consumerLayout(pools: readonly number[], hasRest: boolean, x: number, y: number, w: number, h: number, opts = { head: 14, gap: 3, comfy: 30, tight: 15, maxH: 40, maxW: 190, maxCols: 10 }): ConsumerLayout {
  const restH = hasRest ? 18 : 0;
  // Many pools in a low drawing: headings shrink so that every pool keeps a row.
  const headH = Math.min(opts.head, h / (2 * pools.length + 1));
  const avail = Math.max(0, h - pools.length * headH - (hasRest ? restH + opts.gap : 0));
  const heightFor = (cols: number) => {
    const rows = pools.reduce((a, n) => a + Math.max(1, Math.ceil(n / cols)), 0);
    return rows > 0 ? avail / rows - opts.gap : avail;
  };
  // Boxes no wider than maxW: a few consumers make a grid, not a stack of wide bars.
  const largest = Math.max(1, ...pools);
  const minCols = Math.min(opts.maxCols, largest, Math.ceil((w + opts.gap) / (opts.maxW + opts.gap)));
  let cols = opts.maxCols;
  for (const need of [opts.comfy, opts.tight]) {
    const c = Array.from({ length: opts.maxCols - minCols + 1 }, (_, i) => i + minCols).find((k) => heightFor(k) >= need);
    if (c !== undefined) {
      cols = c;
      break;
    }
  }
  const boxH = Math.max(1, Math.min(opts.maxH, heightFor(cols)));
  const boxW = Math.max(4, (w - (cols - 1) * opts.gap) / cols);
  let cy = y;
  const out: { head: Box; boxes: Box[] }[] = [];
  for (const n of pools) {
    const head = { x, y: cy, w, h: headH };
    cy += headH;
    const boxes: Box[] = [];
    for (let i = 0; i < n; i++) boxes.push({ x: x + (i % cols) * (boxW + opts.gap), y: cy + Math.floor(i / cols) * (boxH + opts.gap), w: boxW, h: boxH });
    cy += Math.max(1, Math.ceil(n / cols)) * (boxH + opts.gap);
    out.push({ head, boxes });
  }
  return { pools: out, rest: hasRest ? { x, y: cy, w, h: restH } : null, cols, boxH };
}
