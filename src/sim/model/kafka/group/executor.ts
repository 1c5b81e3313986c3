/**
 * How a member processes the batch poll() returned (`processing.mode`): one record at a time
 * (sequential), by a pool of `processing.threads` threads in arrival order (thread-pool), or by
 * N threads chosen as hash(key) % N, each in order (keyed; a null key goes by partition). Each
 * record takes a sample of `processing.time`, stretched by slow-downstream windows. An attempt
 * fails on a poison record, during a dependency outage, or with probability
 * `processing.failureRate`; a successful one applies the record's effect, a failed one goes to
 * failures.ts. The batch is finished — and poll() called again (member.ts) — when every record of
 * it is done.
 */
import type { Rng } from '../../../kernel/rng.ts';
import { makeDistribution, type Distribution } from '../../../kernel/distributions.ts';
import { RecordState } from '../partition-log.ts';
import type { Consumer } from './consumer.ts';
import type { ConsumerGroup } from './group.ts';
import type { GroupConfig, GroupHost, SlowWindow } from './types.ts';
import { TRACE_STATES, type RecordTracer } from '../trace.ts';

/** Most worker threads per consumer (the record-done event packs consumer·MAX_THREADS + thread). */
export const MAX_THREADS = 1024;
/** Batch record status (Consumer.bDrop). */
export const DROPPED = 1;
export const DONE = 2;

/** How one processing attempt ends (a `const enum`, inlined in this file; see Phase in member.ts). */
export const enum Outcome {
  Ok,
  Transient,
  Permanent,
  Crash,
}

export class Executor {
  /** Worker threads per member (1 when sequential). */
  readonly threads: number;
  private readonly host: GroupHost;
  private readonly config: GroupConfig;
  private readonly service: Distribution;
  private readonly slow: SlowWindow[] = [];
  private readonly outages: { from: number; until: number }[] = [];
  /** Follows traced records (../trace.ts); null without a trace request. */
  private readonly tr: RecordTracer | null;
  /** processing.mode is keyed; processing.failureRate. */
  private readonly keyed: boolean;
  private readonly failureRate: number;

  constructor(private readonly g: ConsumerGroup) {
    this.host = g.host;
    this.config = g.config;
    this.tr = g.host.tracer;
    this.service = makeDistribution(g.config.processing.time);
    this.threads = g.config.processing.mode === 'sequential' ? 1 : Math.min(MAX_THREADS, g.config.processing.threads);
    this.keyed = g.config.processing.mode === 'keyed';
    this.failureRate = g.config.processing.failureRate;
  }

  /** Hands the fetched batch to the threads. */
  startBatch(c: Consumer): void {
    const n = c.batchLen;
    const drop = c.bDrop;
    for (let k = 0; k < n; k++) drop[k] = 0;
    if (this.keyed) this.startKeyed(c);
    else {
      c.dispatch = 0;
      for (let t = 0; t < this.threads && c.dispatch < n; t++) this.runOn(c, t, c.dispatch++);
    }
  }

  /** Keyed threads: each takes the batch's records whose key hashes to it, in order. */
  private startKeyed(c: Consumer): void {
    c.tHead.fill(-1);
    c.tTail.fill(-1);
    for (let k = 0; k < c.batchLen; k++) {
      const key = this.host.logs[c.bp[k]].keyOf(c.bo[k]);
      const t = key < 0 ? c.bp[k] % this.threads : this.host.keyHash(key) % this.threads;
      c.bNext[k] = -1;
      if (c.tTail[t] < 0) c.tHead[t] = k;
      else c.bNext[c.tTail[t]] = k;
      c.tTail[t] = k;
    }
    for (let t = 0; t < this.threads; t++) if (c.tHead[t] >= 0) this.runOn(c, t, c.tHead[t]);
  }

  private slowFactor(t: number): number {
    let f = 1;
    for (const w of this.slow) if (t >= w.from && t < w.until) f *= w.factor;
    return f;
  }

  addSlowWindow(w: SlowWindow): void {
    this.slow.push(w);
  }

  addOutage(from: number, until: number): void {
    this.outages.push({ from, until });
  }

  /** How an attempt at record (p, o) ends: a poison payload, an outage or bad luck fail it. */
  outcome(p: number, o: number, rng: Rng, crashes: boolean): Outcome {
    const log = this.host.logs[p];
    if (log.poisoned > 0 && log.holds(o) && log.isPoison(o)) return crashes && log.crashesConsumer(o) ? Outcome.Crash : Outcome.Permanent;
    const now = this.host.sim.now;
    for (const w of this.outages) if (now >= w.from && now < w.until) return Outcome.Transient;
    const rate = this.failureRate;
    return rate > 0 && rng.next() < rate ? Outcome.Transient : Outcome.Ok;
  }

  /** Time one attempt takes now: a sample of processing.time drawn from `rng`, stretched by slow windows. */
  serviceTime(rng: Rng): number {
    const x = this.service.sample(rng);
    return this.slow.length === 0 ? x : x * this.slowFactor(this.host.sim.now);
  }

  /** Thread t of consumer c starts on batch record k. */
  private runOn(c: Consumer, t: number, k: number): void {
    const sim = this.host.sim;
    const p = c.bp[k];
    const o = c.bo[k];
    const log = this.host.logs[p];
    const again = log.holds(o) && log.markDelivered(this.host.groupIndex, o);
    if (again) this.g.redeliveries++;
    if (this.tr !== null) this.traceStart(c, t, k, again);
    const dt = this.serviceTime(c.rng);
    const now = sim.now;
    c.tCur[t] = k;
    c.tEnd[t] = now + dt;
    if (c.busyThreads++ === 0 || this.threads > 1) c.busy.set(now, c.busyThreads / this.threads);
    c.tHandle[t] = sim.schedule(dt, this.g.kDone, c.index * MAX_THREADS + t);
    if (c.tEnd[t] >= c.pollDeadline) this.g.pollLoop.busyUntil(c, c.tEnd[t]);
  }

  private traceStart(c: Consumer, t: number, k: number, again: boolean): void {
    if (this.tr !== null && this.tr.follows(c.bp[k], c.bo[k])) {
      this.tr.event(this.host.sim.now, this.host.groupIndex, c.bp[k], c.bo[k], 'start', c.name, { thread: this.threads > 1 ? t : undefined, again: again || undefined });
    }
  }

  /** record-done event (x = consumer·MAX_THREADS + thread): a thread finished an attempt. */
  onRecordDone(x: number): void {
    const t = x % MAX_THREADS;
    const i = (x - t) / MAX_THREADS;
    const g = this.g;
    const c = g.consumers[i];
    const k = c.tCur[t];
    const p = c.bp[k];
    const o = c.bo[k];
    c.tHandle[t] = -1;
    const log = this.host.logs[p];
    const handled = !log.holds(o) || log.state(this.host.groupIndex, o) !== RecordState.InFlight;
    // Nothing can fail (no poison, outage or failure rate): the attempt succeeds without asking.
    const outcome = handled || (log.poisoned === 0 && this.outages.length === 0 && this.failureRate === 0) ? Outcome.Ok : this.outcome(p, o, c.failRng, true);
    if (outcome === Outcome.Ok) {
      g.failures.forgetAttempts(c, p, o);
      this.apply(c, p, o);
    } else if (outcome === Outcome.Crash) {
      g.failures.onCrashingRecord(c, p, o);
      return;
    } else if (g.failures.onFailure(c, t, k, outcome)) return; // retried in place on this thread
    c.bDrop[k] = DONE;
    c.tCur[t] = -1;
    c.busyThreads--;
    c.batchDone++;
    // Next record for this thread (skipping records dropped by a seek-back).
    let next = -1;
    if (this.keyed) {
      next = c.bNext[k];
      while (next >= 0 && c.bDrop[next]) next = c.bNext[next];
    } else {
      while (c.dispatch < c.batchLen && c.bDrop[c.dispatch]) c.dispatch++;
      if (c.dispatch < c.batchLen) next = c.dispatch++;
    }
    if (next >= 0) this.runOn(c, t, next);
    else c.busy.set(this.host.sim.now, c.busyThreads / this.threads);
    if (c.batchDone === c.batchLen) g.pollLoop.finishBatch(c);
  }

  /** A record's effect happens (`c` is null for the retry topics' consumer). */
  apply(c: Consumer | null, p: number, o: number): void {
    const g = this.g;
    const log = this.host.logs[p];
    const gi = this.host.groupIndex;
    const now = this.host.sim.now;
    g.pollLoop.markHandled(c, p, o);
    if (!log.holds(o)) return;
    // The record's ring index, once: its state, timestamp, key and sequence are all read by it.
    const i = log.slot(o);
    const s = log.stateAt(gi, i);
    if (this.tr !== null) this.tr.event(now, gi, p, o, s === RecordState.InFlight ? 'applied' : 'duplicate', c ? c.name : `${g.id}-retry`, s === RecordState.InFlight ? undefined : { why: TRACE_STATES[s] });
    if (s === RecordState.Applied) {
      if (!this.config.processing.idempotent) g.duplicates++;
      return;
    }
    if (s !== RecordState.InFlight) return;
    log.setStateAt(gi, i, RecordState.Applied);
    g.inFlight--;
    g.applied++;
    g.owed.set(now, g.owed.current - 1);
    this.host.sim.progress++; // a first apply: see Simulation.progress (a duplicate is not progress)
    g.out.count(now);
    const w = now - log.tsAt(i);
    g.w.add(w);
    const bucket = g.wHist.bucketOf(w);
    g.wHist.addAt(bucket);
    g.windowHist.addAt(bucket);
    const key = log.keyAt(i);
    if (key >= 0) {
      const seq = log.seqAt(i);
      const j = key * g.seqStride + g.seqSlot;
      if (seq < g.lastSeq[j]) g.orderingViolations++;
      else g.lastSeq[j] = seq;
    }
  }
}
