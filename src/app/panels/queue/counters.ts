/**
 * The queue counters strip: depth, in flight, oldest age, throughput, W with M/M/c theory, then the
 * correctness counters (duplicates, DLQ, lost), the broker's state size and the flavour's cost
 * counter (SQS empty receives, RabbitMQ requeues).
 *
 * A cell is red only with a reason that holds for this run now, and says it: depth when messages
 * pile up because input outruns deletes (beyond both intervals); in flight when leases ended with
 * the message undeleted; duplicates unless every handler is idempotent; the DLQ when it holds
 * messages; lost when messages expired or were dropped; empty receives when most calls of a
 * short-polling consumer come back empty.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import type { QueueScenario } from '../../../scenario/index.ts';
import type { QueueSummary } from '../../../run/models/queue/data.ts';
import { fmt, fmtInt, fmtPM } from '../../format.ts';
import { qview } from './view.ts';
import { counterItems, type CounterCell } from '../common/counters.ts';
import type { QMessageKey } from './text.ts';

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
      unit: '/s',
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
  return counterItems(cells, 'q', q.t, s ? q.t('c.zero') : null);
}
