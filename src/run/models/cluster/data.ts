/**
 * The cluster model's run summary (the CLI's `--json`, the tests, every live snapshot) and the
 * page's data of one instant, as types: the summary is filled by `summary.ts`, the data by
 * `snapshot.ts`, and the page's panels (`src/app/panels/cluster/`) read only these.
 */
import type { SeriesCols, ProducerView, LogLine } from '../kafka/snapshot.ts';
import type { Acks, ClusterSeriesName, ClusterTopology, ProducerException, TruncationEvent } from '../../../sim/model/cluster/types.ts';

/** Percentiles of a latency, seconds; null before any sample. */
export interface Latency {
  p50: number | null;
  p99: number | null;
  mean: number | null;
  /** Samples behind it. */
  count: number;
}

export interface ClusterSummary {
  scenario: string;
  model: 'cluster';
  seed: number;
  simTime: number;
  warmup: number;
  window: number;
  events: number;

  /**
   * Conservation (whole run, not only the window): produced = blocked + inFlight + ackedStored +
   * ackedLost + failed + refused + shed. blocked: send() waiting for buffer.memory now; refused:
   * send() failed with BufferExhaustedException; shed: the same, the web front answered 202 and
   * dropped it; expired: the part of failed that delivery.timeout.ms ended ("Expiring N record(s)").
   */
  records: { produced: number; blocked: number; inFlight: number; ackedStored: number; ackedLost: number; failed: number; expired: number; refused: number; shed: number };
  /** acknowledged-and-lost records (= records.ackedLost): the headline number of this model. */
  lost: number;
  /** Failed records by the exception the producer's callback saw. */
  failedBy: Partial<Record<ProducerException, number>>;
  /** Extra copies of producer records in the partitions' logs now (a retry written twice without idempotence). */
  duplicates: number;
  /** Produce responses with NOT_ENOUGH_REPLICAS or NOT_ENOUGH_REPLICAS_AFTER_APPEND (each retry counts). */
  notEnoughReplicas: number;
  /** Produce requests sent again after an error or a timeout. */
  retries: number;
  /** Records the idempotent leaders recognised as already written (a retry of a written batch) and did not append again. */
  deduplicated: number;
  /** Records removed from replicas' logs by truncation after a leader change (acknowledged or not). */
  truncated: number;
  /** Leader changes that cut records (`events`), and the newest of them (at most 20) with each replica's cut. */
  truncations: { events: number; last: TruncationEvent[] };
  /**
   * OUT_OF_ORDER_SEQUENCE_NUMBER answers to idempotent producers (a gap in a producer's sequences at
   * the leader: earlier batches cut by a leader change, or never written), and the epoch bumps with
   * which the producers recovered from them (Kafka 4's idempotent producer retries; its callback sees
   * OutOfOrderSequenceException only when retries or delivery.timeout.ms run out).
   */
  outOfOrder: number;
  epochBumps: number;
  /** Connections the producers closed after a request timed out (every request in flight on one fails with REQUEST_TIMED_OUT). */
  disconnects: number;
  /** Produce latency of the records acknowledged in the window (send() to the callback), all producers. */
  produceLatency: Latency;
  /**
   * The same per `acks` setting, in the order 0, 1, all, with the producers that have it — only when
   * the producers have more than one setting (else empty: produceLatency is that setting's).
   */
  produceByAcks: { acks: Acks; producers: string[]; latency: Latency }[];
  /** Records acknowledged per second in the window (all producers); null before the window has time. */
  throughput: number | null;
  /** Produce requests in the window (every attempt): per second, and per request the mean records and (compressed) bytes; null without requests. */
  requests: { count: number; perSecond: number | null; batchRecords: number | null; batchBytes: number | null };
  /**
   * The producers' buffer.memory (summed over producers): its size, the bytes batches hold now and
   * the most at once; send() calls waiting for it now and the most at once, how many waited (whole
   * run) with their summed and longest wait, seconds, and when the first one did (null: never); the
   * time send() took in the window (0 when it did not wait).
   */
  buffer: { memory: number; used: number; maxUsed: number; blockedNow: number; blockedPeak: number; sendsBlocked: number; blockedTime: number; blockedMax: number; firstBlockedAt: number | null; sendTime: Latency };
  /**
   * The web front (QueueLab's assumption; null when no producer has one), whole run: requests, and
   * how they ended — answered in time with the record in the buffer (200 / 202), 202 with the record
   * shed, 503 (send() failed), 504 from the load balancer, open (the handler is in send() and the
   * load balancer still waits); requests = ok + shed + errors + timeouts + open. afterTimeout: of the
   * 504s, those whose handler's send() later put the record in the buffer all the same (a client
   * that retries them sends the record twice). latency: the time clients waited for their answer
   * (the load balancer's timeout at most), window.
   */
  front: { requests: number; ok: number; shed: number; errors: number; timeouts: number; open: number; afterTimeout: number; latency: Latency } | null;
  producers: {
    name: string;
    acks: Acks;
    /** enable.idempotence as it is in effect (null in the scenario resolves to on or off). */
    idempotence: boolean;
    sent: number;
    acked: number;
    lost: number;
    failed: number;
    expired: number;
    refused: number;
    shed: number;
    duplicates: number;
    /** Its failed records by the exception its callback saw. */
    failedBy: Partial<Record<ProducerException, number>>;
    /** OUT_OF_ORDER_SEQUENCE_NUMBER answers it got, and its epoch bumps. */
    outOfOrder: number;
    epochBumps: number;
    latency: Latency;
    /** buffer.memory, the bytes its batches hold now, and its send() calls waiting for memory now; its web front's 504s (null without one). */
    bufferMemory: number;
    bufferUsed: number;
    blocked: number;
    gateway504: number | null;
  }[];
  elections: { clean: number; unclean: number; preferred: number };
  /** Partition-seconds (whole run): offline (no leader), under min.insync.replicas (acks=all writes refused), and their sum. */
  unavailable: { offline: number; underMinIsr: number; total: number };
  /** Partitions under-replicated (ISR smaller than the replica count): now and the most at a sample. */
  underReplicated: { final: number; max: number };
  /** ISR shrinks and expands over the run. */
  isrChanges: { shrinks: number; expands: number };
  /** Seconds from a broker's death to the election of the last of its partitions' new leaders: the last and the longest such time; null when none died. */
  electionTime: { last: number | null; max: number | null };
  /** Records stored now over all replicas (the cluster's state size). */
  stored: number;
  consumers: {
    name: string;
    reads: 'topic' | 'output';
    isolation: 'read_uncommitted' | 'read_committed';
    rack: string | null;
    /** Records it has polled, and of them copies of a record it had seen already. */
    records: number;
    duplicates: number;
    /** Records of aborted transactions it skipped (read_committed) or read (read_uncommitted). */
    abortedSkipped: number;
    abortedRead: number;
    /** Time from the producer's send() of the original record to this consumer's poll (window). */
    e2e: Latency;
    /** Bytes it fetched from a broker in another rack. */
    crossRackBytes: number;
    /** Fetches it sent, and the share of them answered by a follower. */
    fetches: number;
    followerShare: number | null;
  }[];
  processor: {
    name: string;
    guarantee: 'at_least_once' | 'exactly_once_v2';
    processed: number;
    outputs: number;
    commits: number;
    aborts: number;
    /** Output records of aborted transactions (in the log, marked aborted). */
    abortedRecords: number;
    crashes: number;
    /** Input records processed more than once (each re-processing counts). */
    reprocessed: number;
  } | null;
  brokers: { id: number; rack: string | null; state: 'up' | 'down' | 'isolated' | 'fenced'; leaderOf: number; replicas: number }[];
  /**
   * The brokers' request handlers (null when produce requests cost no handler time): threads per
   * broker, each broker's mean share of busy threads in the window and the busiest one's, the time
   * requests waited for a handler (queue and unread, window), the most requests waiting at one
   * broker and the most of them unread because the queue was full.
   */
  io: { threads: number; queueMax: number; utilisation: number[]; busiest: number; wait: Latency; handled: number; maxWaiting: number; maxUnread: number } | null;
  /** Wall-clock milliseconds of the run (CLI only; absent with --no-timing). */
  wallMs?: number;
}

/** What the page draws of a cluster run at one instant. */
export interface ClusterData {
  simTime: number;
  events: number;
  summary: ClusterSummary;
  topology: ClusterTopology;
  producers: ProducerView[];
  /** Chart columns; each series ends with a point at the current time, equal to its counter. */
  series: Record<ClusterSeriesName, SeriesCols>;
  /** The tail of the event log. */
  log: LogLine[];
  /** Lines written so far (the log's mark). */
  logCount: number;
}
