/**
 * The cluster counters strip: the durability numbers first (acknowledged-then-lost, failed with the
 * top exception, duplicates in the log), then availability (unavailable partition-seconds,
 * NOT_ENOUGH_REPLICAS, under-replicated now), latency (produce p99, the first consumer's
 * end-to-end p99; with the broker I/O model on, throughput, produce requests and the handlers'
 * busy share), the processor's output (duplicates read, aborted records skipped — only when
 * the scenario has a processor) and elections.
 *
 * With a web front in front of a producer (the producer-buffer-full story) the strip is the
 * buffer's: buffer.memory held, send() calls blocked now (the longest wait), send() p99, the load
 * balancer's 504s, requests answered in time (503s and sheds below), records refused by send(),
 * expired ones, then lost, failed and produce p99.
 *
 * Every value is the summary's, in its unit (latencies in seconds as `data-value`, shown in ms
 * for produce). A cell is red only with a reason that holds for this run now, and says it.
 */
import type { CounterItem } from '../../registry.ts';
import type { Playground } from '../../shell/playground.svelte.ts';
import type { ClusterScenario } from '../../../scenario/index.ts';
import type { ClusterSummary } from '../../../run/models/cluster/data.ts';
import type { Acks, ProducerException } from '../../../sim/model/cluster/types.ts';
import type { Lang } from '../../i18n.ts';
import { fmt, fmtDuration, fmtInt, unitText } from '../../format.ts';
import { clview, type ClusterView } from './view.ts';
import { exceptionsOf } from './topology.ts';
import { hasRequestCosts } from '../../../sim/model/cluster/config.ts';
import type { ClMessageKey, Vars } from './text.ts';

/** Partition-seconds of unavailability below which a counter says "< 0.001" and stays calm: under a millisecond of one partition. */
const UNAVAILABLE_NOISE = 0.001;

/** The exception most records failed with, or null. */
export function topException(s: ClusterSummary): { name: ProducerException; n: number } | null {
  let best: { name: ProducerException; n: number } | null = null;
  for (const [name, n] of Object.entries(s.failedBy) as [ProducerException, number][]) if (n > 0 && (!best || n > best.n)) best = { name, n };
  return best;
}

/**
 * The failures in full, for the Failed cell's hint: every exception the callbacks saw (per producer
 * when there are several), and the OUT_OF_ORDER_SEQUENCE_NUMBER answers the idempotent producers
 * retried with the epoch bumps they took.
 */
export function failureBreakdown(s: ClusterSummary, q: ClusterView): string {
  const L = q.lang;
  const list = (by: ClusterSummary['failedBy']) => exceptionsOf(by).map((x) => `${x.name} ${fmtInt(L, x.n)}`).join(', ');
  const parts: string[] = [];
  if (s.records.failed > 0) {
    parts.push(s.producers.length > 1 ? s.producers.filter((p) => p.failed > 0).map((p) => `${p.name}: ${list(p.failedBy)}`).join('; ') : list(s.failedBy));
  }
  if (s.outOfOrder > 0) parts.push(q.t('c.oooHint', { n: fmtInt(L, s.outOfOrder), bumps: fmtInt(L, s.epochBumps) }));
  return parts.length > 0 ? `. ${parts.join('. ')}` : '';
}

/** Why acknowledged records were lost, in this run's own terms (the acks of the producers that lost them). */
export function lostReason(s: ClusterSummary, t: ClusterView['t']): string | null {
  if (s.lost <= 0) return null;
  const acks = [...new Set(s.producers.filter((p) => p.lost > 0).map((p) => p.acks))] as Acks[];
  const a = acks.length > 0 ? acks.join('/') : [...new Set(s.producers.map((p) => p.acks))].join('/');
  if (s.elections.unclean > 0) return t('c.lostUnclean', { acks: a });
  if (s.truncated > 0) return t('c.lostTruncated', { acks: a });
  if (acks.includes('0')) return t('c.lostAcks0');
  return t('c.lostTruncated', { acks: a });
}

/** The reader of the processor's output topic (the one the output counters are about), or null. */
export const outputReader = (s: ClusterSummary) => s.consumers.find((c) => c.reads === 'output') ?? null;

/** Seconds as milliseconds, for the produce latency (about 1 ms to seconds). */
export const ms = (lang: Lang, x: number | null | undefined): string => fmt(lang, typeof x === 'number' ? x * 1000 : null, 3);

/**
 * The broker I/O cells (only with request costs on): throughput against the offered rate (red when
 * the producers offer 2 % more than is acknowledged), produce requests per second with the batch
 * they carry, and the busiest broker's handlers (red at 95 % busy or more: no headroom), the
 * p99 wait for a handler below.
 */
function ioCells(q: ClusterView, s: ClusterSummary | null, sc: ClusterScenario): Cell[] {
  const L = q.lang;
  const offered = sc.producers.reduce((a, p) => a + p.rate, 0);
  const thr = s?.throughput ?? null;
  const rq = s?.requests ?? null;
  const io = s?.io ?? null;
  const wait = io?.wait.p99 ?? null;
  const busy = io ? io.busiest : null;
  return [
    {
      id: 'throughput',
      label: 'c.throughput',
      hint: 'c.throughputHint',
      value: thr,
      text: fmt(L, thr, 3),
      unit: unitText('/s', L),
      bad: thr !== null && thr < offered * 0.98 ? q.t('c.throughputBad', { pct: fmt(L, (100 * thr) / offered, 2) }) : null,
      note: q.t('c.offered', { n: fmtInt(L, offered) }),
    },
    {
      id: 'requests',
      label: 'c.requests',
      hint: 'c.requestsHint',
      value: rq?.perSecond ?? null,
      text: fmt(L, rq?.perSecond ?? null, 3),
      unit: unitText('/s', L),
      note: rq && rq.batchRecords !== null ? q.t('c.requestsNote', { n: fmt(L, rq.batchRecords, 3) }) : undefined,
    },
    {
      id: 'busy',
      label: 'c.busy',
      hint: 'c.busyHint',
      value: busy,
      text: fmt(L, busy === null ? null : busy * 100, 3),
      unit: '%',
      bad: busy !== null && busy >= 0.95 ? q.t('c.busyBad') : null,
      note: wait !== null ? q.t('c.busyNote', { wait: fmt(L, wait * 1000, 3) }) : undefined,
    },
  ];
}

/** The buffer cells (a web front in front of a producer): they replace the replication ones. */
function bufferCells(q: ClusterView, s: ClusterSummary | null, sc: ClusterScenario): Cell[] {
  const L = q.lang;
  const b = s?.buffer ?? null;
  const f = s?.front ?? null;
  const x = s?.records ?? null;
  const mib = (n: number) => fmt(L, n / 1_048_576, 3);
  const memory = b?.memory ?? sc.producers.reduce((a, p) => a + p['buffer.memory'], 0);
  const share = b && b.memory > 0 ? b.used / b.memory : null;
  const timeout = sc.producers.find((p) => p.front !== null)?.front?.['timeout.ms'] ?? 0;
  const sec = (v: number) => fmt(L, v, 3);
  return [
    {
      id: 'buffer',
      label: 'c.buffer',
      hint: 'c.bufferHint',
      value: share,
      text: fmt(L, share === null ? null : share * 100, 3),
      unit: '%',
      bad: b && b.memory - b.used < Math.max(...sc.producers.map((p) => Math.max(p['batch.size'], p.recordBytes))) ? q.t('c.bufferBad') : null,
      note: q.t('c.bufferNote', { used: mib(b?.used ?? 0), total: mib(memory) }),
    },
    {
      id: 'blocked',
      label: 'c.blocked',
      hint: 'c.blockedHint',
      value: b?.blockedNow ?? null,
      text: fmtInt(L, b?.blockedNow),
      bad: b && b.blockedNow > 0 ? q.t('c.blockedBad', { n: fmtInt(L, b.blockedPeak), s: sec(b.blockedMax) }) : null,
      note: b && b.sendsBlocked > 0 ? q.t('c.blockedNote', { n: fmtInt(L, b.blockedPeak), s: sec(b.blockedMax) }) : undefined,
    },
    {
      id: 'sendP99',
      label: 'c.sendP99',
      hint: 'c.sendP99Hint',
      value: b?.sendTime.p99 ?? null,
      text: fmt(L, b?.sendTime.p99 ?? null, 3),
      unit: unitText('s', L),
      bad: b && (b.sendTime.p99 ?? 0) >= 1 ? q.t('c.sendP99Bad') : null,
      note: b ? q.t('c.sendP50', { n: fmtDuration(L, b.sendTime.p50) }) : undefined,
    },
    {
      id: 'gateway',
      label: 'c.gateway',
      hint: 'c.gatewayHint',
      hintVars: { timeout: sec(timeout / 1000) },
      value: f?.timeouts ?? null,
      text: fmtInt(L, f?.timeouts),
      bad: f && f.timeouts > 0 ? q.t('c.gatewayBad', { n: fmtInt(L, f.afterTimeout) }) : null,
      note: q.t('c.gatewayNote', { timeout: sec(timeout / 1000) }),
    },
    {
      id: 'answered',
      label: 'c.answered',
      hint: 'c.answeredHint',
      value: f?.ok ?? null,
      text: fmtInt(L, f?.ok),
      note: f ? (f.errors > 0 ? q.t('c.answered503', { n: fmtInt(L, f.errors) }) : f.shed > 0 ? q.t('c.answeredShed', { n: fmtInt(L, f.shed) }) : q.t('c.answeredNote', { n: fmtInt(L, f.requests) })) : undefined,
    },
    {
      id: 'refused',
      label: 'c.refused',
      hint: 'c.refusedHint',
      value: x ? x.refused + x.shed : null,
      text: fmtInt(L, x ? x.refused + x.shed : null),
      bad: x && x.refused + x.shed > 0 ? (x.shed > 0 ? q.t('c.refusedShed', { n: fmtInt(L, x.shed) }) : q.t('c.refusedBad')) : null,
    },
    {
      id: 'expired',
      label: 'c.expired',
      hint: 'c.expiredHint',
      value: x?.expired ?? null,
      text: fmtInt(L, x?.expired),
      bad: x && x.expired > 0 ? q.t('c.expiredBad') : null,
    },
  ];
}

interface Cell {
  id: string;
  label: ClMessageKey;
  hint: ClMessageKey;
  hintVars?: Vars;
  /** Appended to the hint (the failure breakdown). */
  hintMore?: string;
  value: number | null;
  text: string;
  bad?: string | null;
  note?: string;
  unit?: string;
  small?: boolean;
  na?: boolean;
}

export function clusterCounters(pg: Playground): CounterItem[] {
  const q = clview(pg);
  const s = q.data?.summary ?? null;
  const sc: ClusterScenario = q.scenario;
  const L = pg.lang;
  const num = (x: number | null | undefined) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
  const minIsr = sc.topic['min.insync.replicas'];
  const partitions = sc.topic.partitions;
  const first = s?.consumers[0] ?? null;
  const firstName = first?.name ?? sc.consumers[0]?.name ?? '—';
  const top = s ? topException(s) : null;
  const dupBy = s ? s.producers.filter((p) => p.duplicates > 0) : [];

  const cells: Cell[] = [
    {
      id: 'lost',
      label: 'c.lost',
      hint: 'c.lostHint',
      value: num(s?.lost),
      text: fmtInt(L, s?.lost),
      bad: s ? lostReason(s, q.t) : null,
    },
    {
      id: 'failed',
      label: 'c.failed',
      hint: 'c.failedHint',
      hintMore: s ? failureBreakdown(s, q) : '',
      value: num(s?.records.failed),
      text: fmtInt(L, s?.records.failed),
      bad: s && s.records.failed > 0 && top ? q.t('c.failedTop', { name: top.name, n: fmtInt(L, top.n) }) + (exceptionsOf(s.failedBy).length > 1 ? ` +${exceptionsOf(s.failedBy).length - 1}` : '') : null,
      note: s && s.outOfOrder > 0 ? q.t('c.ooo', { n: fmtInt(L, s.outOfOrder) }) : s && s.retries > 0 ? q.t('c.retries', { n: fmtInt(L, s.retries) }) : undefined,
    },
    {
      id: 'duplicates',
      label: 'c.duplicates',
      hint: 'c.duplicatesHint',
      value: num(s?.duplicates),
      text: fmtInt(L, s?.duplicates),
      bad: s && s.duplicates > 0 ? (dupBy.length > 0 ? `${q.t('c.duplicatesBad')} · ${dupBy.map((p) => p.name).join(', ')}` : q.t('c.duplicatesBad')) : null,
      note: s && s.deduplicated > 0 ? q.t('c.dedup', { n: fmtInt(L, s.deduplicated) }) : undefined,
    },
    {
      id: 'unavailable',
      label: 'c.unavailable',
      hint: 'c.unavailableHint',
      value: num(s?.unavailable.total),
      // Under a millisecond of one partition (a leader handed over at once) is written as such, not as 0,00003, and raises no alarm.
      text: s && s.unavailable.total > 0 && s.unavailable.total < UNAVAILABLE_NOISE ? `< ${fmt(L, UNAVAILABLE_NOISE)}` : fmt(L, s?.unavailable.total, 3),
      unit: unitText('p·s', L),
      bad: s && s.unavailable.total >= UNAVAILABLE_NOISE ? q.t('c.unavailableParts', { offline: fmt(L, s.unavailable.offline, 3), minIsr: fmt(L, s.unavailable.underMinIsr, 3) }) : null,
    },
    {
      id: 'ner',
      label: 'c.ner',
      hint: 'c.nerHint',
      value: num(s?.notEnoughReplicas),
      text: fmtInt(L, s?.notEnoughReplicas),
      bad: s && s.notEnoughReplicas > 0 ? q.t('c.nerBad', { min: minIsr }) : null,
      note: q.t('c.nerOk', { min: minIsr }),
    },
    {
      id: 'underRep',
      label: 'c.underRep',
      hint: 'c.underRepHint',
      value: num(s?.underReplicated.final),
      text: fmtInt(L, s?.underReplicated.final),
      bad: s && s.underReplicated.final > 0 ? q.t('c.underRepBad', { n: fmtInt(L, s.underReplicated.final), p: fmtInt(L, partitions) }) : null,
      note: s && s.underReplicated.max > 0 ? q.t('c.underRepMax', { n: fmtInt(L, s.underReplicated.max) }) : undefined,
    },
    {
      id: 'produceP99',
      label: 'c.produce',
      hint: 'c.produceHint',
      hintMore: s && s.produceByAcks.length > 1 ? `. ${s.produceByAcks.map((a) => q.t('c.produceAcks', { acks: a.acks, p50: ms(L, a.latency.p50), p99: ms(L, a.latency.p99) })).join('; ')}` : '',
      value: num(s?.produceLatency.p99),
      text: ms(L, s?.produceLatency.p99),
      unit: unitText('ms', L),
      note: s ? q.t('c.p50', { n: ms(L, s.produceLatency.p50) }) : '',
    },
    {
      id: 'e2eP99',
      label: 'c.e2e',
      hint: 'c.e2eHint',
      hintVars: { name: firstName },
      value: num(first?.e2e.p99),
      text: fmt(L, first?.e2e.p99, 3),
      unit: unitText('s', L),
      note: first ? q.t('c.e2eP50', { n: fmtDuration(L, first.e2e.p50), name: first.name }) : sc.consumers.length === 0 ? q.t('c.noConsumer') : '',
      na: sc.consumers.length === 0,
    },
  ];
  if (sc.producers.some((p) => p.front !== null)) {
    // The buffer's story: its cells first, then lost, failed and produce p99; the replication cells give their places.
    const keep = new Set(['lost', 'failed', 'produceP99']);
    const rest = cells.filter((c) => keep.has(c.id));
    cells.length = 0;
    cells.push(...bufferCells(q, s, sc), ...rest);
  } else if (hasRequestCosts(sc)) {
    cells.splice(cells.findIndex((c) => c.id === 'produceP99') + 1, 0, ...ioCells(q, s, sc));
    // The strip keeps one row at 1280×720: without a consumer, the end-to-end cell (which would only say so) gives its place.
    if (sc.consumers.length === 0) cells.splice(cells.findIndex((c) => c.id === 'e2eP99'), 1);
  }
  if (sc.consumers.length > 0 && sc.cluster['broker.rack'].length > 0) {
    const bytes = s ? s.consumers.reduce((a, c) => a + c.crossRackBytes, 0) : null;
    const share = first?.followerShare ?? null;
    cells.push({
      id: 'crossRack',
      label: 'c.crossRack',
      hint: 'c.crossRackHint',
      value: num(bytes),
      text: bytes === null ? fmt(L, null, 3) : fmt(L, bytes / 1e6, 3),
      unit: unitText('MB', L),
      // A cost to weigh (cross-zone traffic), not a fault: never red.
      note: share !== null ? q.t('c.crossRackNote', { share: `${fmt(L, share * 100, 2)}\u00a0%` }) : undefined,
    });
  }
  if (sc.processor) {
    const out = s ? outputReader(s) : null;
    const outTopic = `${sc.topic.name}-out`;
    const hasReader = sc.consumers.some((c) => c.reads === 'output');
    const guarantee = s?.processor?.guarantee ?? sc.processor['processing.guarantee'];
    cells.push(
      {
        id: 'outDup',
        label: 'c.outDup',
        hint: 'c.outDupHint',
        value: num(out?.duplicates),
        text: fmtInt(L, out?.duplicates),
        bad: out && out.duplicates > 0 ? q.t(guarantee === 'at_least_once' ? 'c.outDupAlo' : out.isolation === 'read_uncommitted' ? 'c.outDupUncommitted' : 'c.outDupOther') : null,
        note: hasReader ? undefined : q.t('c.noOutputReader', { topic: outTopic }),
        na: !hasReader,
      },
      {
        id: 'aborted',
        label: 'c.aborted',
        hint: 'c.abortedHint',
        value: num(out?.abortedSkipped),
        text: fmtInt(L, out?.abortedSkipped),
        note: !hasReader
          ? q.t('c.noOutputReader', { topic: outTopic })
          : out && out.abortedRead > 0
            ? q.t('c.abortedRead', { n: fmtInt(L, out.abortedRead) })
            : s?.processor
              ? q.t('c.abortedOf', { n: fmtInt(L, s.processor.abortedRecords) })
              : '',
        na: !hasReader,
      },
    );
  }
  if (!sc.producers.some((p) => p.front !== null)) cells.push({
    id: 'elections',
    label: 'c.elections',
    hint: 'c.electionsHint',
    value: s ? s.elections.clean + s.elections.unclean : null,
    text: s ? fmtInt(L, s.elections.clean + s.elections.unclean) : fmtInt(L, null),
    bad: s && s.elections.unclean > 0 ? q.t('c.electionsBad', { n: fmtInt(L, s.elections.unclean) }) : null,
    note: s ? q.t('c.electionsNote', { clean: fmtInt(L, s.elections.clean), unclean: fmtInt(L, s.elections.unclean) }) : '',
  });

  return cells.map(
    (c): CounterItem => ({
      testid: `c-${c.id}`,
      label: q.t(c.label),
      hint: q.t(c.hint, c.hintVars) + (c.hintMore ?? ''),
      value: c.value,
      text: c.text,
      hw: null,
      unit: c.unit,
      small: c.small,
      note: c.bad ? c.bad : (c.note ?? (s ? q.t('c.zero') : '')),
      tone: c.bad ? 'bad' : c.na ? 'na' : 'plain',
    }),
  );
}

/** Every counter id the strip can show (with a processor). */
export const CLUSTER_COUNTERS = ['c-lost', 'c-failed', 'c-duplicates', 'c-unavailable', 'c-ner', 'c-underRep', 'c-produceP99', 'c-throughput', 'c-requests', 'c-busy', 'c-e2eP99', 'c-outDup', 'c-aborted', 'c-elections', 'c-buffer', 'c-blocked', 'c-sendP99', 'c-gateway', 'c-answered', 'c-refused', 'c-expired'] as const;
