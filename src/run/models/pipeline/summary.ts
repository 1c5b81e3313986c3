/**
 * The pipeline model's run summary (CLI `--json`, tests, every live snapshot), its theory and the
 * mapping from a validated scenario to the model's configuration. Key order is fixed (the order of
 * `PipelineSummary`), so the same scenario and seed give byte-identical JSON.
 *
 * Rates are per second since the warm-up. Per stage: `W` is the time from entering its buffer to
 * the end of its processing, `Wq` the part spent waiting, `age` the mean time since the item was
 * produced when its processing starts (how stale the work is), `backlog` the items waiting in its
 * buffer (time-average since the warm-up, now, the most ever), `dropped` what its buffer's policy
 * dropped, `blockedTime` the worker-seconds its workers spent holding a finished item a full
 * buffer downstream would not take, `pausedTime` the seconds it was paused. End to end: from
 * production to done (an item's last stage), overall and per source; `throughput` counts items
 * done (a fan-out's copies each). With a stage that responds, `requests`: what the callers got —
 * answered in time, timed out (504), refused (503), answered after they left — and how long they
 * waited (a timed-out caller waited its timeout).
 */
import type { PipelineScenario } from '../../../scenario/schema.ts';
import type { PipelineConfig } from '../../../sim/model/pipeline/config.ts';
import type { PipelineCounts, PipelineModel, RequestCounts } from '../../../sim/model/pipeline/pipeline-model.ts';
import { makeDistribution } from '../../../sim/kernel/distributions.ts';
import { mmc, mmck } from '../../../theory/index.ts';
import { est, type EstimateOut } from '../station/summary.ts';
import { pathCounts } from '../../../scenario/pipeline-graph.ts';

export function pipelineConfig(s: PipelineScenario): PipelineConfig {
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  return {
    warmup: s.warmup,
    sources: s.sources.map((src) => ({ ...src, to: index.get(src.to)! })),
    stages: s.stages.map((st) => ({ ...st, to: st.to.map((n) => index.get(n)!) })),
    faults: s.faults,
  };
}

export interface StageTheory {
  /** Kendall notation: "M/M/4" for a topic, "M/M/4/14" for a bounded buffer that drops the newest. */
  model: string;
  lambda: number;
  rho: number;
  W: number;
  Wq: number;
  /** Probability an item finds the bounded buffer full (0 for a topic). */
  pBlock: number;
  throughput: number;
}

export interface PipelineTheory {
  /**
   * "Jackson network": every stage's input is Poisson (independent sources, Burke's theorem for
   * the departures of a stable M/M/c), so each stage is M/M/c (or M/M/c/K for a bounded sink that
   * drops the newest) and the end-to-end mean is the sum of the stages' W along each path,
   * averaged over the paths by their rate of done items.
   */
  stages: StageTheory[];
  W: number;
  /** Per source: mean end-to-end W of its items done. */
  sourceW: number[];
  throughput: number;
}

/**
 * The closed form, when the pipeline is a network of Markovian stations: no faults, no pause, no
 * shedding; Poisson sources at a constant rate; exponential processing; every bounded buffer drops
 * the newest and belongs to a stage that sends nowhere (a finite stage's departures are not Poisson);
 * no source reaches a stage by two paths (copies of one item would arrive together); no calls to
 * dependencies (a sum of times); every topic stage stable. Otherwise null.
 */
export function pipelineTheory(s: PipelineScenario): PipelineTheory | null {
  if (s.faults.length > 0 || s.stages.some((st) => st.calls.length > 0)) return null;
  if (s.sources.some((src) => src.arrivals !== 'poisson' || src.profile.length > 0 || !(src.rate > 0) || src.shedAbove !== null)) return null;
  for (const st of s.stages) {
    if (st.pause !== null || st.time.type !== 'exponential') return null;
    if (st.buffer.type === 'bounded' && (st.buffer.policy !== 'drop-newest' || st.to.length > 0)) return null;
  }
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  const lambda = s.stages.map(() => 0);
  for (const src of s.sources) {
    const paths = pathCounts(s, index.get(src.to)!);
    if (paths.some((k) => k > 1)) return null;
    paths.forEach((k, i) => (lambda[i] += k * src.rate));
  }
  const stages: StageTheory[] = [];
  for (let i = 0; i < s.stages.length; i++) {
    const st = s.stages[i];
    const mu = 1 / (st.time as { mean: number }).mean;
    const c = st.workers;
    if (!(lambda[i] > 0)) {
      stages.push({ model: `M/M/${c}`, lambda: 0, rho: 0, W: 1 / mu, Wq: 0, pBlock: 0, throughput: 0 });
      continue;
    }
    if (st.buffer.type === 'bounded') {
      const K = c + st.buffer.capacity;
      const r = mmck(lambda[i], mu, c, K);
      stages.push({ model: `M/M/${c}/${K}`, lambda: lambda[i], rho: r.rho, W: r.W, Wq: r.Wq, pBlock: r.pBlock, throughput: r.throughput });
      continue;
    }
    if (lambda[i] >= c * mu) return null;
    const r = mmc(lambda[i], mu, c);
    stages.push({ model: `M/M/${c}`, lambda: lambda[i], rho: r.rho, W: r.W, Wq: r.Wq, pBlock: 0, throughput: lambda[i] });
  }
  // End to end: every path from a source's entry to a stage that sends nowhere, at the source's rate
  // thinned by the last stage's blocking, with the stages' W summed along it.
  let rate = 0;
  let area = 0;
  const sourceW = s.sources.map((src) => {
    let r = 0;
    let a = 0;
    const walk = (i: number, w: number): void => {
      const st = s.stages[i];
      const here = w + stages[i].W;
      if (st.to.length === 0) {
        const pr = src.rate * (1 - stages[i].pBlock);
        r += pr;
        a += pr * here;
        return;
      }
      for (const d of st.to) walk(index.get(d)!, here);
    };
    walk(index.get(src.to)!, 0);
    rate += r;
    area += a;
    return r > 0 ? a / r : 0;
  });
  return { stages, W: rate > 0 ? area / rate : 0, sourceW, throughput: rate };
}

export interface StageSummary {
  name: string;
  /** The dependencies it calls for every item; whether callers get their response here. */
  calls: string[];
  respond: boolean;
  /** Workers now (add-workers faults included), and what they can process per second: workers / mean processing time. */
  workers: number;
  capacity: number;
  buffer: string;
  /** Per second since the warm-up: items accepted into its buffer, processed. */
  arrivalRate: number | null;
  throughput: number | null;
  utilization: EstimateOut;
  /** Items waiting: time-average since the warm-up, now, the most ever and when it was reached. */
  backlog: { mean: number | null; final: number; max: number; maxAt: number };
  /** Seconds from the backlog's peak until the buffer was next empty (null: not yet). */
  drainTime: number | null;
  /** How long the oldest waiting item has waited now, and the longest any item waited here: the buffer's lag in seconds. */
  lag: { now: number; max: number };
  W: EstimateOut;
  Wq: EstimateOut;
  age: number | null;
  dropped: number;
  blockedTime: number;
  /** Now: workers blocked, copies they hold, sends blocked on its buffer, items in service. */
  blockedWorkers: number;
  blockedCopies: number;
  blockedSends: number;
  inService: number;
  paused: boolean;
  pauses: number;
  pausedTime: number;
  theory: StageTheory | null;
}

export interface SourceSummary {
  name: string;
  /** Items produced per second since the warm-up, and the rate now (load spikes included). */
  rate: number | null;
  rateNow: number;
  produced: number;
  /** Refused at the edge or blocked too long, and dropped by a buffer downstream (copies included). */
  shed: number;
  dropped: number;
  done: number;
  /** Sends blocked now, and the seconds they spent blocked since the warm-up (summed). */
  blocked: number;
  blockedTime: number;
  W: EstimateOut;
  p50: number | null;
  p99: number | null;
}

export interface RequestSummary {
  /** Since the warm-up: made, answered in time, timed out (504: the caller gave up), refused (503: dropped or shed before the response), answered after the caller left (among the timed out). */
  made: number;
  ok: number;
  timedOut: number;
  refused: number;
  late: number;
  /** Waiting for their response now. */
  open: number;
  /** Timed out and refused per request made. */
  failedShare: number | null;
  /** What callers waited, answered in time (the response) or timed out (the timeout): mean with its 95 % interval, percentiles. */
  W: EstimateOut;
  p50: number | null;
  p99: number | null;
  /** The first requesting source's timeout (null: its callers wait). */
  timeout: number | null;
  /** Every request by state since the start: made = open + ok + timedOut + refused. */
  counts: RequestCounts;
}

export interface PipelineSummary {
  scenario: string;
  model: 'pipeline';
  seed: number;
  simTime: number;
  warmup: number;
  events: number;
  /** Items produced by the sources, done, and lost (dropped + shed) per second since the warm-up. */
  offeredRate: number | null;
  throughput: number | null;
  lostRate: number | null;
  /** The last whole second's items in, done and lost. */
  inNow: number;
  doneNow: number;
  lostNow: number;
  /** End to end: mean with its 95 % interval, percentiles. */
  W: EstimateOut;
  p50: number | null;
  p99: number | null;
  /** Since the warm-up: items dropped by buffers, shed at the edge; the most items waiting in one buffer. */
  dropped: number;
  shed: number;
  backlogMax: number;
  /** The stage with the least capacity per item it gets (the bottleneck), by name. */
  bottleneck: string;
  stages: StageSummary[];
  sources: SourceSummary[];
  /** With a stage that responds; null otherwise. */
  requests: RequestSummary | null;
  counts: PipelineCounts;
  theory: PipelineTheory | null;
  wallMs?: number;
}

const rate = (x: number, secs: number): number | null => (secs > 0 ? x / secs : null);
const q = (h: { total: number; quantile(p: number): number }, p: number): number | null => (h.total > 0 ? h.quantile(p) : null);

function bufferText(b: PipelineScenario['stages'][number]['buffer']): string {
  return b.type === 'topic' ? 'topic' : `bounded ${b.capacity}, ${b.policy}`;
}

/**
 * The bottleneck: the stage whose capacity is smallest against the items it is offered per second
 * (every source at its base rate, a fan-out's copies each); ties go to the first.
 */
export function bottleneckOf(s: PipelineScenario, workers: readonly number[]): number {
  const index = new Map(s.stages.map((st, i) => [st.name, i]));
  const load = s.stages.map(() => 0);
  for (const src of s.sources) pathCounts(s, index.get(src.to)!).forEach((k, i) => (load[i] += k * src.rate));
  let best = 0;
  let bestRatio = Infinity;
  s.stages.forEach((st, i) => {
    const cap = workers[i] / meanTime(st);
    const ratio = load[i] > 0 ? cap / load[i] : Infinity;
    if (ratio < bestRatio) {
      bestRatio = ratio;
      best = i;
    }
  });
  return best;
}

/** A stage's mean time per item: its own and its calls'. */
export function meanTime(st: PipelineScenario['stages'][number]): number {
  return st.calls.reduce((a, c) => a + makeDistribution(c.time).mean, makeDistribution(st.time).mean);
}

export function buildPipelineSummary(s: PipelineScenario, m: PipelineModel, wallMs?: number): PipelineSummary {
  const now = m.sim.now;
  const secs = now - m.since;
  const theory = pipelineTheory(s);
  let dropped = 0;
  let shed = 0;
  let produced = 0;
  let done = 0;
  for (const src of m.sources) {
    shed += src.stats.shed;
    produced += src.stats.emitted;
    done += src.stats.done;
  }
  const stages: StageSummary[] = m.stages.map((st, i) => {
    dropped += st.stats.dropped;
    const mean = st.calls.reduce((a, c) => a + c.dist.mean, st.dist.mean);
    const util = est(st.busyL.estimate(now));
    const c = st.workers;
    return {
      name: st.name,
      calls: st.config.calls.map((x) => x.name),
      respond: st.config.respond,
      workers: c,
      capacity: mean > 0 ? c / mean : Infinity,
      buffer: bufferText(s.stages[i].buffer),
      arrivalRate: rate(st.stats.accepted, secs),
      throughput: rate(st.stats.completed, secs),
      utilization: { mean: util.mean === null ? null : util.mean / c, hw: util.hw === null ? null : util.hw / c, batches: util.batches },
      backlog: { mean: secs > 0 ? st.backlogL.mean(now) : null, final: st.buffer.length, max: st.backlogMax, maxAt: st.backlogMaxAt },
      drainTime: st.drainedAt >= st.backlogMaxAt ? st.drainedAt - st.backlogMaxAt : null,
      lag: { now: st.lagNow(now), max: Math.max(st.WqMax, st.lagNow(now)) },
      W: est(st.W.estimate()),
      Wq: est(st.Wq.estimate()),
      age: st.Wq.n > 0 ? st.stats.ageSum / st.Wq.n : null,
      dropped: st.stats.dropped,
      blockedTime: st.blockedL.integral(now),
      blockedWorkers: st.blockedWorkers,
      blockedCopies: st.blockedCopies,
      blockedSends: st.liveWaiters,
      inService: st.busy,
      paused: st.paused,
      pauses: st.stats.pauses,
      pausedTime: st.pausedL.integral(now),
      theory: theory?.stages[i] ?? null,
    };
  });
  const out: PipelineSummary = {
    scenario: s.id,
    model: 'pipeline',
    seed: s.seed,
    simTime: now,
    warmup: s.warmup,
    events: m.sim.events,
    offeredRate: rate(produced, secs),
    throughput: rate(done, secs),
    lostRate: rate(dropped + shed, secs),
    inNow: m.lastSecond.in,
    doneNow: m.lastSecond.done,
    lostNow: m.lastSecond.lost,
    W: est(m.W.estimate()),
    p50: q(m.latency, 0.5),
    p99: q(m.latency, 0.99),
    dropped,
    shed,
    backlogMax: Math.max(...m.stages.map((st) => st.backlogMax)),
    bottleneck: s.stages[bottleneckOf(s, m.stages.map((st) => st.workers))].name,
    stages,
    sources: m.sources.map((src, j) => ({
      name: src.cfg.name,
      rate: rate(src.stats.emitted, secs),
      rateNow: m.rateNow(j),
      produced: src.stats.emitted,
      shed: src.stats.shed,
      dropped: src.stats.dropped,
      done: src.stats.done,
      blocked: src.blocked,
      blockedTime: src.blockedL.integral(now),
      W: est(src.W.estimate()),
      p50: q(src.latency, 0.5),
      p99: q(src.latency, 0.99),
    })),
    requests: m.hasRequests ? requestSummary(m) : null,
    counts: { ...m.n },
    theory,
  };
  if (wallMs !== undefined) out.wallMs = wallMs;
  return out;
}

function requestSummary(m: PipelineModel): RequestSummary {
  const r = m.reqStats;
  return {
    made: r.made,
    ok: r.ok,
    timedOut: r.timedOut,
    refused: r.refused,
    late: r.late,
    open: m.req.open,
    failedShare: r.made > 0 ? (r.timedOut + r.refused) / r.made : null,
    W: est(m.reqW.estimate()),
    p50: q(m.reqLatency, 0.5),
    p99: q(m.reqLatency, 0.99),
    timeout: m.sources.find((src) => src.requests)?.cfg.timeout ?? null,
    counts: { ...m.req },
  };
}
