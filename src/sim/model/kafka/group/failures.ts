/**
 * What happens when the record handler fails (`retry` in the group's config; see RetryConfig).
 *
 * An attempt fails with a transient error (a dependency outage, or `processing.failureRate`) or a
 * permanent one (a poison payload); see Executor.outcome. Then, by `retry.mode`:
 * - none: the exception escapes the loop, the consumer seeks back and re-reads the same offset
 *   forever (no commit past it): head-of-line blocking of that partition;
 * - in-place: retry inside the handler with exponential backoff and jitter, holding the
 *   consumer's poll loop, up to maxAttempts; then the DLQ (if enabled) or give up (lost);
 * - retry-topics: re-publish to the next retry topic (orders.retry.5s → .1m → .10m), whose
 *   consumer waits until timestamp + delay; after the last one, the DLQ. The main partition never
 *   blocks, but per-key order can break.
 * With `classify`, permanent errors go to the DLQ at once instead of being retried. The handler
 * counts attempts in the consumer's memory (lost on restart) or in a store outside the process
 * (survives it); a record's own headers cannot be rewritten in place, so only retry topics carry
 * the count in a header (of each re-published copy). A poison record can instead kill the
 * consumer process, which its supervisor restarts after `restartAfter` seconds; a count kept in a
 * store survives the crashes, so the record is dead-lettered once it reaches maxAttempts, while a
 * count in memory starts again at 1 after every restart: a crash loop.
 */
import type { Rng } from '../../../kernel/rng.ts';
import { powInt } from '../../../kernel/pmath.ts';
import { RecordState, type PartitionLog } from '../partition-log.ts';
import type { Consumer } from './consumer.ts';
import { DROPPED, MAX_THREADS, Outcome } from './executor.ts';
import type { ConsumerGroup } from './group.ts';
import type { GroupConfig, GroupHost } from './types.ts';
import type { FailNext, RecordTracer, TraceFacts } from '../trace.ts';

/** A record waiting in a retry topic. */
interface RetryItem {
  p: number;
  o: number;
  due: number;
  attempts: number;
}

export class FailureHandler {
  /** Per retry topic: its records in order, and the one its consumer is processing. */
  readonly retryQueues: RetryItem[][];
  readonly retryBusy: (RetryItem | null)[];
  private readonly retryRngs: Rng[];
  private readonly persistedAttempts = new Map<number, number>();
  private readonly host: GroupHost;
  private readonly config: GroupConfig;
  /** Follows traced records (../trace.ts); null without a trace request. */
  private readonly tr: RecordTracer | null;

  constructor(private readonly g: ConsumerGroup) {
    this.host = g.host;
    this.config = g.config;
    this.tr = g.host.tracer;
    const levels = g.config.retry.mode === 'retry-topics' ? g.config.retry.topics.length : 0;
    this.retryQueues = Array.from({ length: levels }, () => []);
    this.retryBusy = new Array<RetryItem | null>(levels).fill(null);
    this.retryRngs = Array.from({ length: levels }, (_, l) => g.host.streams.stream(`retry:${g.id}`, l));
  }

  /** A traced record's event (by consumer `c`, or the retry topics' consumer). */
  private trace(p: number, o: number, kind: 'failed' | 'crashed' | 'released' | 'retry-topic' | 'retry-pick' | 'dlq' | 'lost', c: Consumer | null, facts: TraceFacts): void {
    this.tr!.event(this.host.sim.now, this.host.groupIndex, p, o, kind, c ? c.name : `${this.g.id}-retry`, facts);
  }

  private recordId(p: number, o: number): number {
    return p * 4294967296 + o;
  }

  /** Counts one more attempt of a record, in a store outside the process (survives restarts) or in the consumer's memory. */
  private countAttempt(c: Consumer, p: number, o: number): number {
    const id = this.recordId(p, o);
    const store = this.config.retry.attempts === 'store' ? this.persistedAttempts : c.attempts;
    const n = (store.get(id) ?? 0) + 1;
    store.set(id, n);
    if (n > 1) this.g.retries++;
    return n;
  }

  forgetAttempts(c: Consumer, p: number, o: number): void {
    if (this.persistedAttempts.size > 0) this.persistedAttempts.delete(this.recordId(p, o));
    if (c.attempts.size > 0) c.attempts.delete(this.recordId(p, o));
    const stuck = this.g.stuck;
    if (stuck.size > 0 && stuck.get(p)?.offset === o) stuck.delete(p);
  }

  /** The exception the handler throws: a timeout from the dependency, or its own parse error on a poison payload. */
  private errorText(p: number, o: number, outcome: Outcome): string {
    return outcome === Outcome.Transient
      ? 'TimeoutException: dependency did not answer'
      : `JsonParseException: Unexpected character ('<' (code 60)) in the handler, parsing ${this.g.pname(p)} offset ${o}`;
  }

  /**
   * A failed attempt on thread t of record k. Returns true when the thread keeps the record
   * (an in-place retry after backoff), false when the record is done with for this batch.
   */
  onFailure(c: Consumer, t: number, k: number, outcome: Outcome): boolean {
    const g = this.g;
    const sim = this.host.sim;
    const p = c.bp[k];
    const o = c.bo[k];
    const r = this.config.retry;
    const attempt = this.countAttempt(c, p, o);
    const error = this.errorText(p, o, outcome);
    const permanent = outcome === Outcome.Permanent;
    if (this.tr !== null && this.tr.follows(p, o)) {
      const next: FailNext =
        r.mode === 'none'
          ? 'seek-back'
          : permanent && r.classify
            ? 'dlq'
            : r.mode === 'retry-topics'
              ? 'retry-topic'
              : attempt < r.maxAttempts
                ? 'backoff'
                : r.dlq
                  ? 'dlq'
                  : 'lost';
      // A retry in place says its backoff (drawn below).
      if (next !== 'backoff') this.trace(p, o, 'failed', c, { attempt, error, next });
    }
    if (r.mode === 'none') {
      // No retry logic: the exception escapes, the consumer seeks back to the failed offset.
      this.host.log.add(sim.now, 'ERROR', c.clientId, `handler failed offset=${o} partition=${g.pname(p)}: ${error}`);
      g.stuck.set(p, { offset: o, attempts: attempt });
      this.seekBack(c, p, o, k);
      return false;
    }
    this.host.log.add(sim.now, 'WARN', c.clientId, `handler failed offset=${o} partition=${g.pname(p)} attempt=${attempt}: ${error}`);
    if (permanent && r.classify) {
      this.deadLetter(c, p, o, attempt, `${error} (permanent: not retried)`);
      return false;
    }
    if (r.mode === 'in-place') {
      if (attempt < r.maxAttempts) {
        const b = r.backoff;
        const base = Math.min(b.maxMs, b.initialMs * powInt(b.multiplier, attempt - 1)) / 1000;
        const delay = base * (1 - b.jitter * c.failRng.next());
        if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'failed', c, { attempt, error, next: 'backoff', delay });
        const dt = delay + g.executor.serviceTime(c.rng);
        c.tEnd[t] = sim.now + dt;
        c.tHandle[t] = sim.schedule(dt, g.kDone, c.index * MAX_THREADS + t);
        g.pollLoop.busyUntil(c, c.tEnd[t]);
        return true;
      }
      if (r.dlq) this.deadLetter(c, p, o, attempt, `${error} (gave up after ${attempt} attempts)`);
      else this.giveUp(c, p, o, attempt);
      return false;
    }
    // Retry topics: re-publish with attempts in a header; the main partition moves on.
    this.toRetryTopic(c, p, o, 0, attempt);
    return false;
  }

  /** Marks the batch's remaining records of partition p as not processed and rewinds the fetch position. */
  private seekBack(c: Consumer, p: number, o: number, k: number): void {
    const g = this.g;
    const log = this.host.logs[p];
    const gi = this.host.groupIndex;
    this.releaseRecord(log, gi, o);
    for (let j = 0; j < c.batchLen; j++) {
      if (j === k || c.bDrop[j] || c.bp[j] !== p || c.bo[j] < o) continue;
      // Only records not started yet can be dropped; a running one finishes normally. Threads
      // that are not keyed start the batch's records in order, so those from `dispatch` on have not.
      if (this.config.processing.mode === 'keyed' ? c.tCur.includes(j) : j < c.dispatch) continue;
      c.bDrop[j] = DROPPED;
      c.batchDone++;
      this.releaseRecord(log, gi, c.bo[j]);
      if (this.tr !== null && this.tr.follows(p, c.bo[j])) this.trace(p, c.bo[j], 'released', c, { why: 'seek-back' });
    }
    if (g.owner[p] === c.entry) {
      g.position[p] = Math.min(g.position[p], o);
      g.fetched[p] = 0;
    }
    // seek() discards what was buffered for p: the next poll serves the other partitions first.
    const owned = c.entry?.owned ?? [];
    const idx = owned.indexOf(p);
    if (idx >= 0) c.rotate = (idx + 1) % owned.length;
  }

  /** An in-flight record goes back to waiting (it will be fetched again). */
  private releaseRecord(log: PartitionLog, gi: number, o: number): void {
    if (log.holds(o) && log.state(gi, o) === RecordState.InFlight) {
      log.setState(gi, o, RecordState.Waiting);
      this.g.inFlight--;
    }
  }

  /**
   * The record leaves the group's books in state `to` (DLQ, lost) — it will not be applied.
   * False when it had already left them (a record re-read after a restart before the commit, and
   * dead-lettered or dropped a second time): the caller must not count it again.
   */
  private settle(p: number, o: number, to: RecordState): boolean {
    const g = this.g;
    const log = this.host.logs[p];
    const gi = this.host.groupIndex;
    if (!log.holds(o)) return false;
    const s = log.state(gi, o);
    if (s === RecordState.InFlight) g.inFlight--;
    else if (s === RecordState.Retrying) g.retrying--;
    else if (s !== RecordState.Waiting) return false; // already settled
    log.setState(gi, o, to);
    g.owed.set(this.host.sim.now, g.owed.current - 1);
    this.host.sim.progress++;
    return true;
  }

  private deadLetter(c: Consumer | null, p: number, o: number, attempts: number, error: string): void {
    const g = this.g;
    const now = this.host.sim.now;
    const dlqTopic = `${this.host.topic}.dlq`;
    const log = this.host.logs[p];
    const first = this.settle(p, o, RecordState.DeadLettered);
    if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'dlq', c, { attempt: attempts, error, again: first ? undefined : true });
    if (c) this.forgetAttempts(c, p, o);
    else this.persistedAttempts.delete(this.recordId(p, o));
    if (!first) {
      // Already dead-lettered (or given up on) before a restart lost the commit: the DLQ gets the
      // record a second time; depth and the record list count each record once.
      this.host.log.add(now, 'WARN', c?.clientId ?? `${g.id}-retry`, `sent to ${dlqTopic} again (a duplicate): ${g.pname(p)} offset=${o}`);
      g.pollLoop.markHandled(c, p, o);
      return;
    }
    g.dlq++;
    g.dlqRecords.push({ t: now, topic: this.host.topic, partition: p, offset: o, key: log.holds(o) && log.keyOf(o) >= 0 ? this.host.keyName(log.keyOf(o)) : null, attempts, error });
    if (g.dlqRecords.length > 100) g.dlqRecords.shift();
    this.host.log.add(now, 'WARN', c?.clientId ?? `${g.id}-retry`, `sent to ${dlqTopic}: ${g.pname(p)} offset=${o} attempts=${attempts}`);
    g.pollLoop.markHandled(c, p, o);
  }

  /** Drops the record (no DLQ): after `attempts` failed attempts, or at once when it cannot be deserialized (`unreadable`). */
  private giveUp(c: Consumer, p: number, o: number, attempts: number, unreadable = false): void {
    const g = this.g;
    const why = unreadable ? 'that cannot be deserialized' : `after ${attempts} attempts`;
    if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'lost', c, { attempt: attempts, why: unreadable ? 'unreadable' : 'gave-up' });
    if (this.settle(p, o, RecordState.Lost)) g.lost++;
    this.forgetAttempts(c, p, o);
    this.host.log.add(this.host.sim.now, 'ERROR', c.clientId, `giving up on ${g.pname(p)} offset=${o} ${why} (no DLQ): record dropped`);
    g.pollLoop.markHandled(c, p, o);
  }

  /**
   * A record the deserializer cannot read, caught around poll() by an application with a retry
   * policy: dead-lettered as raw bytes (or dropped without a DLQ) before the consumer seeks past it.
   */
  skipUnreadable(c: Consumer, p: number, o: number): void {
    if (this.config.retry.dlq) this.deadLetter(c, p, o, 1, 'RecordDeserializationException (unreadable: not retried)');
    else this.giveUp(c, p, o, 1, true);
  }

  private toRetryTopic(c: Consumer | null, p: number, o: number, level: number, attempts: number): void {
    const g = this.g;
    const sim = this.host.sim;
    const r = this.config.retry;
    if (level >= r.topics.length) {
      if (r.dlq) this.deadLetter(c, p, o, attempts, `retries exhausted after ${attempts} attempts`);
      else {
        if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'lost', c, { attempt: attempts, why: 'retries-exhausted' });
        if (this.settle(p, o, RecordState.Lost)) g.lost++;
        this.host.log.add(sim.now, 'ERROR', `${g.id}-retry`, `retries exhausted for ${g.pname(p)} offset=${o} and no DLQ: record dropped`);
      }
      return;
    }
    const log = this.host.logs[p];
    const gi = this.host.groupIndex;
    if (log.holds(o) && log.state(gi, o) === RecordState.InFlight) {
      log.setState(gi, o, RecordState.Retrying);
      g.inFlight--;
      g.retrying++;
    }
    if (c) g.pollLoop.markHandled(c, p, o);
    const topic = r.topics[level];
    const item: RetryItem = { p, o, due: sim.now + topic.delayMs / 1000, attempts };
    this.retryQueues[level].push(item);
    if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'retry-topic', c, { topic: `${this.host.topic}.${topic.name}`, attempt: attempts, delay: topic.delayMs / 1000 });
    this.host.log.add(sim.now, 'INFO', c?.clientId ?? `${g.id}-retry`, `sent to ${this.host.topic}.${topic.name}: ${g.pname(p)} offset=${o} attempts=${attempts}`);
    if (this.retryQueues[level].length === 1 && !this.retryBusy[level]) sim.scheduleAt(item.due, this.g.kRetryDue, level);
  }

  /** retry-due event: the retry topic's consumer takes the next due record (delays are constant per topic, so FIFO). */
  pumpRetry(level: number): void {
    const q = this.retryQueues[level];
    if (this.retryBusy[level] || q.length === 0) return;
    const sim = this.host.sim;
    if (q[0].due > sim.now) {
      sim.scheduleAt(q[0].due, this.g.kRetryDue, level);
      return;
    }
    const item = q.shift()!;
    this.retryBusy[level] = item;
    this.g.retries++;
    if (this.tr !== null && this.tr.follows(item.p, item.o)) this.trace(item.p, item.o, 'retry-pick', null, { topic: `${this.host.topic}.${this.config.retry.topics[level].name}` });
    sim.schedule(this.g.executor.serviceTime(this.retryRngs[level]), this.g.kRetryDone, level);
  }

  /** retry-done event: the retry topic's consumer finished an attempt. */
  onRetryDone(level: number): void {
    const g = this.g;
    const item = this.retryBusy[level]!;
    this.retryBusy[level] = null;
    const { p, o } = item;
    const log = this.host.logs[p];
    const attempts = item.attempts + 1;
    // The retry consumer runs elsewhere: a payload that kills a process fails here as an exception.
    const outcome = g.executor.outcome(p, o, this.retryRngs[level], false);
    if (outcome === Outcome.Ok) {
      g.retrying--;
      log.setState(this.host.groupIndex, o, RecordState.InFlight);
      g.inFlight++;
      g.executor.apply(null, p, o);
    } else {
      const error = this.errorText(p, o, outcome);
      this.host.log.add(this.host.sim.now, 'WARN', `${g.id}-retry`, `handler failed offset=${o} partition=${g.pname(p)} attempt=${attempts} (from ${this.host.topic}.${this.config.retry.topics[level].name}): ${error}`);
      if (this.tr !== null && this.tr.follows(p, o)) {
        const r = this.config.retry;
        const next: FailNext = (outcome === Outcome.Permanent && r.classify) || (level + 1 >= r.topics.length && r.dlq) ? 'dlq' : level + 1 >= r.topics.length ? 'lost' : 'retry-topic';
        this.trace(p, o, 'failed', null, { attempt: attempts, error, next, topic: `${this.host.topic}.${r.topics[level].name}` });
      }
      if (outcome === Outcome.Permanent && this.config.retry.classify) this.deadLetter(null, p, o, attempts, `${error} (permanent: not retried)`);
      else this.toRetryTopic(null, p, o, level + 1, attempts);
    }
    this.pumpRetry(level);
  }

  /** A poison record that kills the process (OOM, native crash): the supervisor restarts it later. */
  onCrashingRecord(c: Consumer, p: number, o: number): void {
    const r = this.config.retry;
    const attempt = this.countAttempt(c, p, o);
    this.host.log.add(this.host.sim.now, 'ERROR', c.clientId, `process killed while handling offset=${o} partition=${this.g.pname(p)} attempt=${attempt} (attempts counted in ${r.attempts})`);
    if (this.tr !== null && this.tr.follows(p, o)) this.trace(p, o, 'crashed', c, { attempt, next: r.mode !== 'none' && attempt >= r.maxAttempts && r.dlq ? 'dlq' : undefined });
    if (r.mode !== 'none' && attempt >= r.maxAttempts && r.dlq) {
      // The count survived the restarts (a store): this time it is recognised and dead-lettered.
      this.deadLetter(c, p, o, attempt, `process crashed ${attempt} times on this record`);
    }
    c.crash();
    if (r.restartAfter !== null) this.host.sim.schedule(r.restartAfter, this.g.kSupervisorRestart, c.index);
  }
}
