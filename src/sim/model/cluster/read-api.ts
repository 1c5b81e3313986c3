/**
 * The seam between the cluster's write path (`cluster-model.ts`: brokers, replication, producers,
 * elections) and its readers (`readers.ts`: consumers; `processor.ts`: the read-process-write loop
 * and its transactions). The core implements {@link ClusterCore}; the readers use nothing else of
 * it, and implement {@link ClusterReaders}, which the core drives and reports from.
 */
import type { Simulation } from '../../kernel/simulation.ts';
import type { RngStreams } from '../../kernel/rng.ts';
import type { EventLog } from '../kafka/event-log.ts';
import type { ClusterFault } from './types.ts';

/** What readers may ask of the cluster's write path. */
export interface ClusterCore {
  readonly sim: Simulation;
  readonly streams: RngStreams;
  readonly log: EventLog;
  /** The producers' topic name (the output topic is `${topic}-out`). */
  readonly topic: string;
  readonly partitions: number;
  /** Statistics start here (s). */
  readonly warmup: number;
  /**
   * The broker a client in `rack` fetches partition `p` from: the leader, or — with
   * `replica.selector.class` rack-aware and a rack — an in-sync replica in that rack; null while
   * the partition has no leader (offline) or the chosen broker is unreachable by clients.
   */
  replicaFor(p: number, rack: string | null): number | null;
  /** First offset still in partition `p`'s log. */
  logStart(p: number): number;
  /** End of partition `p`'s log (the leader's log-end offset). */
  logEnd(p: number): number;
  /** The high watermark `broker`'s replica of `p` knows (the leader: the HW; a follower: the HW of its last fetch response). */
  hwAt(p: number, broker: number): number;
  /** Id of the producer record at offset `o` of partition `p` (logStart ≤ o < logEnd). */
  recordAt(p: number, o: number): number;
  /** send() time of the producer record `id`, seconds. */
  sentAt(id: number): number;
  /** Serialized size of record `id`, bytes. */
  bytesOf(id: number): number;
  rackOf(broker: number): string | null;
  /** Round trip between two racks, seconds (`rtt.ms`, or `cross-rack.rtt.ms` when both are set and differ). */
  rtt(a: string | null, b: string | null): number;
  /** The broker's time to append one request, seconds (`append.ms`). */
  readonly appendTime: number;
}

/** Output of the processor: one record per processed input record, carrying the input's id. */
export interface ReaderStats {
  consumers: {
    name: string;
    records: number;
    duplicates: number;
    abortedSkipped: number;
    abortedRead: number;
    /** Window-only e2e latencies, seconds (percentiles by the caller's histogram). */
    e2e: { p50: number | null; p99: number | null; mean: number | null; count: number };
    crossRackBytes: number;
    fetches: number;
    followerShare: number | null;
    /** Broker it fetches partition 0 from now, or null. */
    fetchesFrom: number | null;
  }[];
  processor: {
    processed: number;
    outputs: number;
    commits: number;
    aborts: number;
    abortedRecords: number;
    crashes: number;
    reprocessed: number;
    state: 'running' | 'crashed';
    uncommitted: number;
    committed: number;
  } | null;
}

/** The readers as the core drives them. */
export interface ClusterReaders {
  /**
   * The core calls this whenever what is readable may have changed on partition `p`: a replica's
   * known HW advanced, the log was truncated (a leader change), a leader changed or a broker's
   * reachability changed. Readers waiting in a long poll on it answer now.
   */
  changed(p: number): void;
  /** Applies a reader fault (`crash` / `restart` of the processor); the core routes them here. */
  applyFault(f: Extract<ClusterFault, { kind: 'crash' | 'restart' }>): void;
  /** Called at every chart sample: e2e percentiles of the records polled since the last call (first consumer), seconds. */
  takeInterval(): { p50: number | null; p99: number | null };
  stats(): ReaderStats;
  /** Output records stored (the processor's `<topic>-out`), for `stored`. */
  stored(): number;
  /** Copies seen twice by the first reader of the processor's output (the "Dup. outputs" counter), 0 without one. */
  outputDuplicates(): number;
}
