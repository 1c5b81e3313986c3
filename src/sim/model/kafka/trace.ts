/**
 * Following records through a run ("follow one record"): what happened to the records a request
 * names — produced, appended (partition, offset), fetched by which member, processed (by which
 * thread), failed and retried (in place with a backoff, or through retry topics), dead-lettered,
 * lost or skipped, committed past — each with its simulated time, per consumer group.
 *
 * Tracing is a replay: the page (or `npm run sim -- … --trace`) builds the model again with a
 * {@link RecordTracer} and runs the same scenario and seed, and the model calls the tracer's hooks
 * where those things happen. Without a tracer the model calls nothing (every hook site is one
 * `tracer !== null` test), and with one the model's numbers are the same: the tracer only reads.
 *
 * Memory is bounded by the request, not by the run: at most {@link TRACE_MAX_RECORDS} records are
 * followed (a key names every record with that key; the first ones are followed and the rest only
 * counted), and each keeps at most {@link TRACE_MAX_EVENTS} events — the first
 * {@link TRACE_HEAD_EVENTS} and the last {@link TRACE_TAIL_EVENTS}, the ones between counted as
 * left out. Consecutive repeats of one event (a poll() that throws on the record 40,000 times a
 * minute) are folded into one with a count and the time of the last, as the event log folds them.
 */
import { RecordState, type PartitionLog } from './partition-log.ts';

export { keyIndexOf } from './key-index.ts';

/** Most records one request follows. */
export const TRACE_MAX_RECORDS = 20;
/** Events kept per record: the first ones… */
export const TRACE_HEAD_EVENTS = 160;
/** …and the last ones (a ring), so how a long story ends is never lost. */
export const TRACE_TAIL_EVENTS = 40;
export const TRACE_MAX_EVENTS = TRACE_HEAD_EVENTS + TRACE_TAIL_EVENTS;

/**
 * Which records to follow: every record with a key (the first `limit` of them, at most
 * {@link TRACE_MAX_RECORDS}), the record at a partition and offset, or the n-th record appended to
 * the topic (1 = the first, counted over all partitions and producers).
 */
export type TraceRequest = { by: 'key'; key: string; limit?: number } | { by: 'offset'; partition: number; offset: number } | { by: 'nth'; n: number };

/**
 * What happened to a record. Topic events (group −1): `produced` (by a producer), `appended` (to
 * its partition at its offset: the same instant, this model has no produce latency), `deleted`
 * (its segment deleted by retention). Group events: `fetched` (returned by a member's poll()),
 * `start` (a thread starts an attempt), `applied` (its effect happened), `duplicate` (processed
 * again after it had been applied — or after it had left the group's books: `why` says how),
 * `failed` (an attempt threw; `next` says what the handler does), `poll-threw` (the value
 * deserializer threw in poll() on it), `crashed` (handling it killed the consumer process),
 * `released` (handed back unprocessed: its consumer died or closed, or a seek-back), `retry-topic`
 * (re-published to a retry topic), `retry-pick` (the retry topic's consumer took it),
 * `dlq` (dead-lettered), `lost`, `skipped`, `committed` (the group's committed offset passed it),
 * `uncommitted` (the consumer that processed it crashed before committing past it: it will be
 * delivered again).
 */
export type TraceEventKind =
  | 'produced'
  | 'appended'
  | 'deleted'
  | 'fetched'
  | 'start'
  | 'applied'
  | 'duplicate'
  | 'failed'
  | 'poll-threw'
  | 'crashed'
  | 'released'
  | 'retry-topic'
  | 'retry-pick'
  | 'dlq'
  | 'lost'
  | 'skipped'
  | 'committed'
  | 'uncommitted';

/** What a failed attempt leads to. */
export type FailNext = 'backoff' | 'seek-back' | 'retry-topic' | 'dlq' | 'lost';
/**
 * Why: `released` — crashed, closed, seek-back (an earlier record of its partition failed);
 * `lost` — committed-before-processing (the consumer died after committing past it), gave-up,
 * retries-exhausted, unreadable (no DLQ); `skipped` — out-of-range (an offset reset jumped over
 * it), no-committed-offset (a new owner started from auto.offset.reset); `duplicate` — the state
 * it was in (applied, dead-lettered, …); `committed` — positions (auto-commit, or a commit right
 * after poll()) or processed (commitSync of processed records: after a batch, on revocation, on close).
 */
export type TraceWhy =
  | 'crashed'
  | 'closed'
  | 'seek-back'
  | 'committed-before-processing'
  | 'gave-up'
  | 'retries-exhausted'
  | 'unreadable'
  | 'out-of-range'
  | 'no-committed-offset'
  | 'positions'
  | 'processed'
  | TraceState;

/** A record's delivery state for one group (partition-log.ts RecordState), in words. */
export type TraceState = 'waiting' | 'in-flight' | 'applied' | 'skipped' | 'lost' | 'retrying' | 'dead-lettered';
export const TRACE_STATES: readonly TraceState[] = ['waiting', 'in-flight', 'applied', 'skipped', 'lost', 'retrying', 'dead-lettered'];

export interface TraceEvent {
  /** Simulated time, seconds (of the first occurrence when folded). */
  t: number;
  /** Consumer group index, or −1 for the topic. */
  group: number;
  kind: TraceEventKind;
  /** Who: the producer, the consumer (member) name, or `<group>-retry` for a retry topic's consumer. */
  by: string | null;
  /** Occurrences folded into this one (1 = once), and the time of the last. */
  count: number;
  last: number;
  /** The attempt this was (failed, crashed, dlq: attempts so far). */
  attempt?: number;
  /** failed: what comes next; with `backoff`, `delay` is the backoff (s); retry-topic: the topic's delay (s). */
  next?: FailNext;
  delay?: number;
  /** A retry topic's full name (retry-topic, retry-pick; failed on a retry topic's consumer). */
  topic?: string;
  /** The worker thread (thread pools and keyed executors). */
  thread?: number;
  /** The exception, as the log says it. */
  error?: string;
  why?: TraceWhy;
  /** appended: the offset; committed: the new committed offset; skipped: where the position was reset to; deleted: the new log-start offset. */
  offset?: number;
  /** fetched, start: it had been fetched / handed to a handler by this group before. */
  again?: boolean;
}

export interface TracedRecord {
  partition: number;
  offset: number;
  /** The key string, or null for a null key. */
  key: string | null;
  producer: string;
  /** The n-th record appended to the topic (1-based). */
  n: number;
  /** When it was produced and appended. */
  t: number;
  /** Its events in time order (the first and the last of them, see `omitted`). */
  events: TraceEvent[];
  /** Events left out between the first {@link TRACE_HEAD_EVENTS} and the last {@link TRACE_TAIL_EVENTS}. */
  omitted: number;
  /** Its state for each group when the replay stopped. */
  state: TraceState[];
}

export interface TraceGroupInfo {
  id: string;
  commit: 'auto' | 'after-processing' | 'before-processing';
  mode: 'sequential' | 'thread-pool' | 'keyed';
  idempotent: boolean;
}

export interface TraceResult {
  request: TraceRequest;
  topic: string;
  /** Simulated time the replay ran to. */
  until: number;
  groups: TraceGroupInfo[];
  records: TracedRecord[];
  /** Records that matched after the first `limit` (counted, not followed). */
  beyond: number;
  limit: number;
  /** The memory bound: records followed at most, events kept per record at most (the first `head` and the last `tail`). */
  bound: { records: number; events: number; head: number; tail: number };
  /** Each partition's log-end offset when the replay stopped (says why an offset was not found). */
  logEnd: number[];
  /** Records appended to the topic by then. */
  appended: number;
}

interface Rec extends TracedRecord {
  /** The last events (a ring once full, oldest at `tailAt`). */
  tail: TraceEvent[];
  tailAt: number;
  lastEvent: TraceEvent;
  deleted: boolean;
  /** Per group: the last settling event's state (for a record no longer held in memory). */
  settled: (TraceState | null)[];
  /** Per group: the consumer that processed it since the group last committed past it, or null. */
  pending: (string | null)[];
}

const SETTLES: Partial<Record<TraceEventKind, TraceState>> = { applied: 'applied', dlq: 'dead-lettered', lost: 'lost', skipped: 'skipped', 'retry-topic': 'retrying' };

function sameEvent(a: TraceEvent, b: TraceEvent): boolean {
  return (
    a.kind === b.kind &&
    a.group === b.group &&
    a.by === b.by &&
    a.attempt === b.attempt &&
    a.next === b.next &&
    a.topic === b.topic &&
    a.thread === b.thread &&
    a.error === b.error &&
    a.why === b.why &&
    a.offset === b.offset &&
    a.again === b.again
  );
}

/** The extra facts of an event (everything but its time, group, kind and who). */
export type TraceFacts = Omit<TraceEvent, 't' | 'group' | 'kind' | 'by' | 'count' | 'last'>;

export class RecordTracer {
  readonly limit: number;
  private readonly records: Rec[] = [];
  private readonly byId = new Map<number, Rec>();
  /** Records followed per partition (a quick "none here"). */
  private readonly perPartition: number[] = [];
  private readonly keys: ReadonlySet<number> | null;
  private readonly groups: number;
  private readonly keyName: (key: number) => string;
  beyond = 0;

  /**
   * `keys`: for a key request, the global key indices that spell the key (one per producer whose
   * key space has it); `groups`: how many consumer groups; `keyName`: a global key index's string.
   * Throws RangeError for a request outside its ranges (the run layer checks them first and says
   * so in words: src/run/models/kafka/trace.ts).
   */
  constructor(readonly request: TraceRequest, world: { keys: readonly number[]; groups: number; keyName(key: number): string }) {
    const limit = request.by === 'key' ? (request.limit ?? TRACE_MAX_RECORDS) : 1;
    if (!Number.isInteger(limit) || limit < 1 || limit > TRACE_MAX_RECORDS) throw new RangeError(`trace limit must be an integer in [1, ${TRACE_MAX_RECORDS}], got ${limit}`);
    this.limit = limit;
    this.keys = request.by === 'key' ? new Set(world.keys) : null;
    this.groups = world.groups;
    this.keyName = world.keyName;
  }

  private find(p: number, o: number): Rec | undefined {
    if (!this.perPartition[p]) return undefined;
    return this.byId.get(p * 4294967296 + o);
  }

  private add(r: Rec, t: number, group: number, kind: TraceEventKind, by: string | null, facts?: TraceFacts): void {
    const e: TraceEvent = { t, group, kind, by, count: 1, last: t, ...facts };
    const settles = SETTLES[kind];
    if (group >= 0 && settles) r.settled[group] = settles;
    if (kind === 'applied' || kind === 'duplicate') r.pending[group] = by;
    else if (kind === 'committed') r.pending[group] = null;
    const prev = r.lastEvent;
    if (sameEvent(prev, e)) {
      prev.count++;
      prev.last = t;
      return;
    }
    r.lastEvent = e;
    if (r.events.length < TRACE_HEAD_EVENTS) r.events.push(e);
    else if (r.tail.length < TRACE_TAIL_EVENTS) r.tail.push(e);
    else {
      r.tail[r.tailAt] = e;
      r.tailAt = (r.tailAt + 1) % TRACE_TAIL_EVENTS;
      r.omitted++;
    }
  }

  // ─── hooks: the model calls these only when it has a tracer ──────────────────────────────────

  /** A record was appended: follow it if the request names it. `key` is its global key index (−1: null key), `n0` its 0-based place in the topic. */
  appended(t: number, producer: string, key: number, p: number, o: number, n0: number): void {
    const q = this.request;
    const hit = q.by === 'key' ? key >= 0 && this.keys!.has(key) : q.by === 'offset' ? p === q.partition && o === q.offset : n0 === q.n - 1;
    if (!hit) return;
    if (this.records.length >= this.limit) {
      this.beyond++;
      return;
    }
    const first: TraceEvent = { t, group: -1, kind: 'produced', by: producer, count: 1, last: t };
    const r: Rec = {
      partition: p,
      offset: o,
      key: key >= 0 ? this.keyName(key) : null,
      producer,
      n: n0 + 1,
      t,
      events: [first],
      omitted: 0,
      state: [],
      tail: [],
      tailAt: 0,
      lastEvent: first,
      deleted: false,
      settled: new Array<TraceState | null>(this.groups).fill(null),
      pending: new Array<string | null>(this.groups).fill(null),
    };
    this.records.push(r);
    this.byId.set(p * 4294967296 + o, r);
    this.perPartition[p] = (this.perPartition[p] ?? 0) + 1;
    this.add(r, t, -1, 'appended', producer, { offset: o });
  }

  /** Retention moved partition p's log start to `logStart`: records below it are deleted. */
  deleted(t: number, p: number, logStart: number): void {
    if (!this.perPartition[p]) return;
    for (const r of this.records) {
      if (r.partition !== p || r.deleted || r.offset >= logStart) continue;
      r.deleted = true;
      this.add(r, t, -1, 'deleted', null, { offset: logStart });
    }
  }

  /** Group g's committed offset of partition p moved from `from` to `to` (by consumer `by`). */
  committed(t: number, g: number, p: number, from: number, to: number, by: string, why: 'positions' | 'processed'): void {
    if (!this.perPartition[p]) return;
    for (const r of this.records) if (r.partition === p && r.offset >= from && r.offset < to) this.add(r, t, g, 'committed', by, { offset: to, why });
  }

  /** Consumer `by` of group g crashed: the records it processed and had not committed will come again. */
  crashed(t: number, g: number, by: string): void {
    for (const r of this.records) {
      if (r.pending[g] !== by) continue;
      r.pending[g] = null;
      this.add(r, t, g, 'uncommitted', by);
    }
  }

  /** Any other event of record (p, o) for group g (ignored unless the record is followed). */
  event(t: number, g: number, p: number, o: number, kind: TraceEventKind, by: string | null, facts?: TraceFacts): void {
    const r = this.find(p, o);
    if (r) this.add(r, t, g, kind, by, facts);
  }

  /** Whether record (p, o) is followed (to skip building an event's facts). */
  follows(p: number, o: number): boolean {
    return this.find(p, o) !== undefined;
  }

  // ─── the result ──────────────────────────────────────────────────────────────────────────────

  /** What was traced up to now (`logs`: the partitions, for each record's state now). */
  result(until: number, topic: string, groups: TraceGroupInfo[], logs: readonly PartitionLog[], appended: number): TraceResult {
    const records = this.records.map((r): TracedRecord => {
      const log = logs[r.partition];
      const held = log.holds(r.offset);
      const state = groups.map((_, g) => (held ? TRACE_STATES[log.state(g, r.offset) as RecordState] : (r.settled[g] ?? (r.deleted ? 'skipped' : 'waiting'))));
      const tail = [...r.tail.slice(r.tailAt), ...r.tail.slice(0, r.tailAt)];
      return {
        partition: r.partition,
        offset: r.offset,
        key: r.key,
        producer: r.producer,
        n: r.n,
        t: r.t,
        events: [...r.events, ...tail].map((e) => ({ ...e })),
        omitted: r.omitted,
        state,
      };
    });
    return {
      request: this.request,
      topic,
      until,
      groups,
      records,
      beyond: this.beyond,
      limit: this.limit,
      bound: { records: TRACE_MAX_RECORDS, events: TRACE_MAX_EVENTS, head: TRACE_HEAD_EVENTS, tail: TRACE_TAIL_EVENTS },
      logEnd: logs.map((l) => l.logEnd),
      appended,
    };
  }
}
