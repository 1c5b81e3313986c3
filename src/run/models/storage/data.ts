/**
 * The storage model's run summary (the CLI's `--json`, the tests, every live snapshot) and the
 * page's data of one instant, as types: the summary is filled by `summary.ts`, the data by
 * `snapshot.ts`, and the page's panels (`src/app/panels/storage/`) read only these.
 */
import type { SeriesCols, LogLine } from '../kafka/snapshot.ts';
import type { CatchUp, ReaderState } from '../../../sim/model/storage/reader.ts';
import type { RecordCounts, StorageSeriesName } from '../../../sim/model/storage/storage-model.ts';
import type { CleanupPolicy } from '../../../sim/model/storage/config.ts';

export interface StorageSummary {
  scenario: string;
  model: 'storage';
  policy: CleanupPolicy;
  seed: number;
  simTime: number;
  events: number;

  produced: number;
  tombstonesProduced: number;
  /** Every record produced, by place (they add up to `produced`). */
  records: RecordCounts;
  /** Records and bytes in the log now, and the most seen at a sample. */
  logRecords: number;
  logRecordsMax: number;
  logBytes: number;
  logBytesMax: number;
  segments: number;
  /** Keys alive at the producer now (written, last write not a tombstone): the table's true size. */
  liveKeys: number;
  /** Keys ever written. */
  keysWritten: number;
  tombstonesHeld: number;
  /** The highest cleanable ratio over the partitions now (0 without compaction). */
  dirtyRatio: number;
  cleaner: { runs: number; bytesRead: number; busySeconds: number; horizonsSet: number };
  retention: { checks: number; segmentsDeleted: number };
  reader: { state: ReaderState; restores: number; read: number; readTotal: number; keys: number };
  /** The first and the last catch-up of the reader (null until it has caught up once). */
  firstCatchUp: CatchUp | null;
  lastCatchUp: CatchUp | null;
  /** Wall-clock milliseconds of the run (CLI only; absent with --no-timing). */
  wallMs?: number;
}

/** One segment as the page draws it. */
export interface SegmentView {
  base: number;
  records: number;
  bytes: number;
  tombstones: number;
  /** 'cleaned' | 'dirty' (closed, not yet cleaned or a delete-only log) | 'active'. */
  kind: 'cleaned' | 'dirty' | 'active';
}

export interface PartitionStrip {
  partition: number;
  start: number;
  end: number;
  bytes: number;
  records: number;
  dirtyRatio: number;
  cleaning: boolean;
  /** The reader's position (next offset), or null without a reader. */
  readerAt: number | null;
  /** At most MAX_STRIP_SEGMENTS, the newest kept when there are more (`hidden` counts the rest). */
  segments: SegmentView[];
  hidden: number;
}

/** What the page draws of a storage run at one instant. */
export interface StorageData {
  simTime: number;
  events: number;
  summary: StorageSummary;
  producerRate: number;
  partitions: PartitionStrip[];
  series: Record<StorageSeriesName, SeriesCols>;
  log: LogLine[];
  logCount: number;
}
