/**
 * The queue counters strip: depth, in flight, oldest age, throughput, W with M/M/c theory, then the
 * correctness counters (duplicates, DLQ, lost), the broker's state size and the flavour's cost
 * counter (SQS empty receives, RabbitMQ requeues).
 *
 * With a RabbitMQ node (`queue.node`) the node's cells take the places of in flight, duplicates,
 * the DLQ and requeued: its memory against the watermark, the alarms set (and the seconds
 * publishers were blocked), the publishes the applications gave up on, and those the queue refused
 * at x-max-length.
 *
 * A cell is red only with a reason that holds for this run now, and says it: depth when messages
 * pile up because input outruns deletes (beyond both intervals); in flight when leases ended with
 * the message undeleted; duplicates unless every handler is idempotent; the DLQ when it holds
 * messages; lost when messages expired or were dropped; empty receives when most calls of a
 * short-polling consumer come back empty; memory while an alarm blocks the publishers; alarms
 * once one was set; publishes given up once one was.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueSummary } from '../../../run/models/queue/data.ts';
import { fmt, fmtInt, fmtPM, unitText } from '../../format.ts';
import { qview } from './view.ts';
import { counterItems, type CounterCell } from '../common/counters.ts';
import type { QMessageKey } from './text.ts';
import { MiB } from '../../../sim/model/queue/types.ts';

/** Pools that short-poll (WaitTimeSeconds 0, or null with the queue's 0). */
export function shortPolling(s: QueueScenario): boolean {
  if (s.queue.type !== 'sqs') return false;
  const queueWait = s.queue.ReceiveMessageWaitTimeSeconds;
  return s.consumers.some((c) => c.count > 0 && (c.WaitTimeSeconds ?? queueWait) === 0);
}

/** Input significantly above output (the intervals do not overlap) while messages wait: the queue falls behind. */
export function fallingBehind(s: QueueSummary): boolean {
  const l = s.lambda;
  const x = s.throughput;
  if (l.mean === null || x.mean === null || s.visible === 0) return false;
  return l.mean - (l.hw ?? 0) > x.mean + (x.hw ?? 0);
}

/** Share of ReceiveMessage calls that came back empty, or null before any call. */
export function emptyShare(s: QueueSummary): number | null {
  return s.receiveCalls > 0 ? s.emptyReceives / s.receiveCalls : null;
}

type Cell = CounterCell<QMessageKey>;

export function queueCounters(pg: Playground): CounterItem[] {
  const q = qview(pg);
  const s = q.data?.summary ?? null;
  const sc = q.scenario;
  const L = pg.lang;
  const sqs = sc.queue.type === 'sqs';
  const num = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  const allIdempotent = sc.consumers.length > 0 && sc.consumers.every((c) => c.processing.idempotent);
  const mmc = s?.theory.mmc ?? null;
  const W = fmtPM(L, s?.W.mean ?? null, s?.W.hw ?? null);
  const dlqConfigured = sqs ? sc.queue.type === 'sqs' && sc.queue.RedrivePolicy !== null : sc.queue.type === 'rabbitmq' && sc.queue['x-dead-letter-exchange'];
  const share = s ? emptyShare(s) : null;
  const prefetches = [...new Set(sc.consumers.map((c) => c.prefetch))];

  const cells: Cell[] = [
    {
      id: 'depth',
      label: 'c.depth',
      hint: 'c.depthHint',
      value: num(s?.visible),
      text: fmtInt(L, s?.visible),
      bad: s && fallingBehind(s) ? q.t('c.depthBehind', { in: fmt(L, s.lambda.mean, 3), out: fmt(L, s.throughput.mean, 3) }) : null,
      note: s && s.delayed > 0 ? q.t('c.delayedN', { n: fmtInt(L, s.delayed) }) : '',
    },
    {
      id: 'inFlight',
      label: 'c.inFlight',
      hint: 'c.inFlightHint',
      value: num(s?.inFlight),
      text: fmtInt(L, s?.inFlight),
      bad: sqs && s && s.leaseExpiries > 0 ? q.t('c.leaseExpiries', { n: fmtInt(L, s.leaseExpiries) }) : null,
      note: !sqs && prefetches.length === 1 ? q.t('c.prefetchNote', { n: prefetches[0] === 0 ? '∞' : fmtInt(L, prefetches[0]) }) : '',
    },
    {
      id: 'oldest',
      label: 'c.oldest',
      hint: 'c.oldestHint',
      value: num(s?.oldestAge),
      text: fmt(L, s?.oldestAge, 3),
      note: s ? q.t('c.oldestMax', { n: fmt(L, s.oldestAgeMax, 3) }) : '',
    },
    {
      id: 'throughput',
      label: 'c.tput',
      hint: 'c.tputHint',
      value: num(s?.throughput.mean),
      text: fmtPM(L, s?.throughput.mean ?? null, s?.throughput.hw ?? null).mean,
      hw: fmtPM(L, s?.throughput.mean ?? null, s?.throughput.hw ?? null).hw,
      unit: unitText('/s', L),
      note: s && s.lambda.mean !== null ? q.t('c.tputIn', { n: fmt(L, s.lambda.mean, 3) }) : '',
    },
    {
      id: 'W',
      label: 'c.W',
      hint: 'c.WHint',
      value: num(s?.W.mean),
      text: W.mean,
      hw: W.hw,
      note: mmc ? q.t('c.theory', { c: mmc.c, value: fmt(L, mmc.W, 4) }) : '',
      noteTestid: 'theory-W',
      noteValue: mmc?.W ?? null,
    },
    {
      id: 'duplicates',
      label: 'c.duplicates',
      hint: 'c.duplicatesHint',
      value: num(s?.duplicates),
      text: fmtInt(L, s?.duplicates),
      bad: s && s.duplicates > 0 && !allIdempotent ? q.t('c.duplicatesBad') : null,
      note: s && s.duplicates > 0 ? q.t('c.duplicatesIdem') : undefined,
    },
    {
      id: 'dlq',
      label: 'c.dlq',
      hint: 'c.dlqHint',
      hintVars: { n: fmtInt(L, s?.deadLettered ?? 0) },
      value: num(s?.dlqDepth),
      text: fmtInt(L, s?.dlqDepth),
      bad: s && s.dlqDepth > 0 ? q.t('c.dlqBad') : null,
      note: dlqConfigured ? undefined : q.t('c.dlqNone'),
    },
    {
      id: 'lost',
      label: 'c.lost',
      hint: 'c.lostHint',
      value: num(s?.lost),
      text: fmtInt(L, s?.lost),
      bad: s && s.lost > 0 ? q.t('c.lostBad', { expired: fmtInt(L, s.expired), dropped: fmtInt(L, s.dropped) }) : null,
    },
    {
      id: 'stored',
      label: 'c.stored',
      hint: 'c.storedHint',
      value: num(s?.stored),
      text: fmtInt(L, s?.stored),
      note: s && s.retrying > 0 ? q.t('c.storedNote', { n: fmtInt(L, s.retrying) }) : '',
    },
    sqs
      ? {
          id: 'empty',
          label: 'c.empty',
          hint: 'c.emptyHint',
          value: num(s?.emptyReceives),
          text: fmtInt(L, s?.emptyReceives),
          bad: share !== null && share > 0.5 && shortPolling(sc) ? q.t('c.emptyBad', { pct: Math.round(share * 100) }) : null,
          note: s ? q.t('c.emptyOf', { n: fmtInt(L, s.receiveCalls) }) : '',
        }
      : {
          id: 'requeued',
          label: 'c.requeued',
          hint: 'c.requeuedHint',
          value: num(s?.requeued),
          text: fmtInt(L, s?.requeued),
          note: s ? q.t('c.redeliveries', { n: fmtInt(L, s.redeliveries) }) : '',
        },
  ];
  const node = sc.queue.type === 'rabbitmq' && sc.queue.node !== null;
  if (node) {
    const n = s?.node ?? null;
    const maxLength = sc.queue.type === 'rabbitmq' ? sc.queue['x-max-length'] : null;
    const gaveUp = s ? s.producers.reduce((a, p) => a + (p.publish?.timedOut ?? 0), 0) : null;
    const waiting = s ? s.producers.reduce((a, p) => a + (p.publish?.waiting ?? 0), 0) : 0;
    const byId = Object.fromEntries(cells.map((c) => [c.id, c]));
    const nodeCells: Cell[] = [
      {
        id: 'memory',
        label: 'c.memory',
        hint: 'c.memoryHint',
        value: n ? n.memory / MiB : null,
        text: n ? fmtInt(L, Math.round(n.memory / MiB)) : fmtInt(L, null),
        bad: n && n.alarm ? q.t('c.memoryBad', { alarm: n.alarm }) : null,
        note: n ? q.t('c.memoryNote', { n: fmtInt(L, Math.round(n.limit / MiB)) }) : '',
      },
      {
        id: 'alarms',
        label: 'c.alarms',
        hint: 'c.alarmsHint',
        value: n ? n.alarms + n.diskAlarms : null,
        text: fmtInt(L, n ? n.alarms + n.diskAlarms : null),
        bad: n && n.alarms + n.diskAlarms > 0 ? q.t('c.alarmsNote', { n: fmt(L, n.alarmTime, 3) }) : null,
      },
      {
        id: 'gaveUp',
        label: 'c.gaveUp',
        hint: 'c.gaveUpHint',
        value: gaveUp,
        text: fmtInt(L, gaveUp),
        bad: gaveUp !== null && gaveUp > 0 ? q.t('c.gaveUpBad') : null,
        note: waiting > 0 ? q.t('c.gaveUpNote', { n: fmtInt(L, waiting) }) : undefined,
      },
      {
        id: 'refused',
        label: 'c.refused',
        hint: 'c.refusedHint',
        value: num(s?.publishRejected),
        text: fmtInt(L, s?.publishRejected),
        note: maxLength === null ? q.t('c.refusedNone') : q.t('c.refusedNote', { n: fmtInt(L, maxLength) }),
      },
    ];
    const order = ['depth', 'memory', 'oldest', 'throughput', 'W', 'alarms', 'gaveUp', 'lost', 'stored', 'refused'];
    const all = { ...byId, ...Object.fromEntries(nodeCells.map((c) => [c.id, c])) };
    return counterItems(
      order.map((id) => all[id]),
      'q',
      q.t,
      s ? q.t('c.zero') : null,
    );
  }
  return counterItems(cells, 'q', q.t, s ? q.t('c.zero') : null);
}
