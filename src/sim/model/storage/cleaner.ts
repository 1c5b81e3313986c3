/**
 * The log cleaner (cleanup.policy compact): `log.cleaner.threads` threads, each a loop that takes
 * the filthiest partition, cleans it, and sleeps `log.cleaner.backoff.ms` when there is none.
 * Rules read in apache/kafka @1eb7644:
 *
 * - choosing (core/…/log/LogCleanerManager.scala, grabFilthiestCompactedLog): for every compacted
 *   partition not being cleaned, the dirty section runs from the checkpoint (`firstDirtyOffset`,
 *   reset to the log start when below it) to the first uncleanable offset — the active segment's
 *   base, or the first dirty segment whose largest timestamp is within `min.compaction.lag.ms` of
 *   now (cleanableOffsets). cleanableRatio = cleanable bytes / (clean bytes + cleanable bytes)
 *   (LogToClean); a partition qualifies when the ratio is strictly above
 *   `min.cleanable.dirty.ratio`, or when a dirty segment's first record is older than
 *   `max.compaction.lag.ms` and there is something to clean (needCompactionNow,
 *   maxCompactionDelay); the one with the highest ratio wins (`cleanableLogs.max`; QueueLab breaks
 *   ties by the lowest partition);
 * - cleaning (LogCleaner.scala, Cleaner.doClean): the offset map (key → latest offset) is built over
 *   the dirty section only (buildOffsetMap); then every segment from the log start to the end of
 *   the map is rewritten, in groups of consecutive segments whose sizes add up to at most
 *   `segment.bytes` (groupSegmentsBySize), each group into one segment with the first one's base
 *   offset — offsets are kept, so gaps appear. A record is kept when it is the latest of its key
 *   (its offset ≥ the map's, keys absent from the map included) and it has a value, or it is a
 *   tombstone whose delete horizon is not set or not yet reached (shouldRetainRecord). A kept
 *   tombstone without a horizon gets `deleteHorizonMs = currentTime + delete.retention.ms`
 *   (clients/…/record/MemoryRecords.filterTo, needToSetDeleteHorizon), so a tombstone survives its
 *   first clean and is removed by the first clean that starts after the horizon. `currentTime` is
 *   the clean's start (LogCleaner.clean: `doClean(cleanable, time.milliseconds())`).
 *
 * QueueLab's simplifications: a clean takes (clean bytes + 2 × cleanable bytes) / speed — reading
 * the dirty section for the map, then reading the log to rewrite it; `speed.bytes.per.second` is our
 * assumption, capped by Kafka's `log.cleaner.io.max.bytes.per.second` throttle when it is set — and
 * its result appears at once when it ends (Kafka swaps each group as it finishes). The offset map
 * always holds the whole dirty section (Kafka's 128 MiB log.cleaner.dedupe.buffer.size holds about
 * 5 million keys; a fuller map cleans part of the dirty section per run). One record a batch: no
 * producer batching, no transactions.
 */
import type { Simulation } from '../../kernel/simulation.ts';
import { PartitionLog, Segment, NO_HORIZON } from './log.ts';

export interface CleanerSettings {
  threads: number;
  backoff: number;
  /** Bytes a second one thread reads and writes. */
  speed: number;
  minRatio: number;
  minLag: number;
  /** Seconds; Infinity = never forced. */
  maxLag: number;
  deleteRetention: number;
  segmentBytes: number;
}

/** A partition's standing with the cleaner now. */
export interface Dirtiness {
  cleanBytes: number;
  cleanableBytes: number;
  /** cleanable / (clean + cleanable); 0 for an empty log. */
  ratio: number;
  firstDirty: number;
  firstUncleanable: number;
  needNow: boolean;
}

interface Job {
  p: number;
  start: number;
  end: number;
  bytes: number;
}

export interface CleanerStats {
  runs: number;
  bytesRead: number;
  busySeconds: number;
  superseded: number;
  expiredTombstones: number;
  horizonsSet: number;
}

export class Cleaner {
  readonly jobs: (Job | null)[];
  readonly stats: CleanerStats = { runs: 0, bytesRead: 0, busySeconds: 0, superseded: 0, expiredTombstones: 0, horizonsSet: 0 };
  private readonly kWake: number;
  private readonly kDone: number;
  /** The offset map: the latest offset per key index, valid where `mapStamp` is the current clean's stamp. */
  private readonly mapOff: Int32Array;
  private readonly mapStamp: Int32Array;
  /** Segments the cleans wrote (whole run): what the run budget's segment work bounds. */
  segmentsWritten = 0;
  private stamp = 0;

  constructor(
    private readonly sim: Simulation,
    private readonly logs: PartitionLog[],
    private readonly cfg: CleanerSettings,
    keyCount: number,
    private readonly onClean: (p: number) => void,
  ) {
    this.jobs = Array.from({ length: cfg.threads }, () => null);
    this.mapOff = new Int32Array(cfg.threads > 0 ? keyCount : 0);
    this.mapStamp = new Int32Array(cfg.threads > 0 ? keyCount : 0);
    this.kWake = sim.register('cleaner-wake', (i) => this.wake(i));
    this.kDone = sim.register('clean-done', (i) => this.done(i));
    // Each thread starts by looking for work after one back-off (Kafka's threads start with the broker).
    for (let i = 0; i < cfg.threads; i++) sim.schedule(cfg.backoff, this.kWake, i, 20);
  }

  /** Where partition `log` stands now (see the file comment). */
  dirtiness(log: PartitionLog, now: number): Dirtiness {
    const firstDirty = Math.max(log.firstDirty, log.start);
    const segs = log.segments;
    const last = segs.length - 1;
    let firstUncleanable = segs[last].base;
    let cleanBytes = 0;
    let cleanableBytes = 0;
    let needNow = false;
    for (let s = 0; s < last; s++) {
      const g = segs[s];
      if (g.base < firstDirty) {
        cleanBytes += g.bytes;
        continue;
      }
      if (g.base >= firstUncleanable) break;
      if (this.cfg.minLag > 0 && g.maxTs > now - this.cfg.minLag) {
        firstUncleanable = g.base;
        break;
      }
      cleanableBytes += g.bytes;
      if (g.n > 0 && g.firstTs < now - this.cfg.maxLag) needNow = true;
    }
    const total = cleanBytes + cleanableBytes;
    return { cleanBytes, cleanableBytes, ratio: total > 0 ? cleanableBytes / total : 0, firstDirty, firstUncleanable, needNow };
  }

  private wake(i: number): void {
    const now = this.sim.now;
    let best = -1;
    let bestD: Dirtiness | null = null;
    for (let p = 0; p < this.logs.length; p++) {
      const log = this.logs[p];
      if (log.cleaning) continue;
      const d = this.dirtiness(log, now);
      if (d.cleanBytes + d.cleanableBytes <= 0) continue;
      const ok = (d.needNow && d.cleanableBytes > 0) || d.ratio > this.cfg.minRatio;
      if (ok && (bestD === null || d.ratio > bestD.ratio)) {
        best = p;
        bestD = d;
      }
    }
    if (best < 0 || bestD === null) {
      this.sim.schedule(this.cfg.backoff, this.kWake, i, 20);
      return;
    }
    const bytes = bestD.cleanBytes + 2 * bestD.cleanableBytes;
    this.logs[best].cleaning = true;
    this.jobs[i] = { p: best, start: now, end: bestD.firstUncleanable, bytes };
    this.sim.schedule(bytes / this.cfg.speed, this.kDone, i, 20);
  }

  private done(i: number): void {
    const job = this.jobs[i]!;
    this.jobs[i] = null;
    const log = this.logs[job.p];
    log.cleaning = false;
    this.apply(log, job.start, job.end);
    this.stats.runs++;
    this.stats.bytesRead += job.bytes;
    this.stats.busySeconds += this.sim.now - job.start;
    this.onClean(job.p);
    this.wake(i);
  }

  /** Cleans `log` up to offset `end` as a clean that started at `now` (see the file comment). */
  apply(log: PartitionLog, now: number, end: number): void {
    const firstDirty = Math.max(log.firstDirty, log.start);
    if (end <= firstDirty) return;
    const segs = log.segments;
    const stamp = ++this.stamp;
    const mapOff = this.mapOff;
    const mapStamp = this.mapStamp;
    let upto = 0; // segments [0, upto) are rewritten
    while (upto < segs.length - 1 && segs[upto].base < end) upto++;
    for (let s = 0; s < upto; s++) {
      const g = segs[s];
      if (g.base < firstDirty) continue;
      for (let r = 0; r < g.n; r++) {
        mapOff[g.key[r]] = g.off[r];
        mapStamp[g.key[r]] = stamp;
      }
    }
    const fresh: Segment[] = [];
    const horizon = now + this.cfg.deleteRetention;
    let s = 0;
    while (s < upto) {
      let to = s + 1;
      let size = segs[s].bytes;
      while (to < upto && size + segs[to].bytes <= this.cfg.segmentBytes) size += segs[to++].bytes;
      let n = 0;
      let maxTs = -Infinity;
      for (let k = s; k < to; k++) {
        n += segs[k].n;
        if (segs[k].maxTs > maxTs) maxTs = segs[k].maxTs;
      }
      const out = new Segment(segs[s].base, n);
      for (let k = s; k < to; k++) {
        const g = segs[k];
        for (let r = 0; r < g.n; r++) {
          const key = g.key[r];
          const off = g.off[r];
          if (mapStamp[key] === stamp && off < mapOff[key]) {
            this.stats.superseded++;
            log.removed.superseded++;
            continue;
          }
          const tomb = g.tomb[r] === 1;
          let h = g.horizon[r];
          if (tomb) {
            if (h !== NO_HORIZON && now >= h) {
              this.stats.expiredTombstones++;
              log.removed.expiredTombstones++;
              continue;
            }
            if (h === NO_HORIZON) {
              h = horizon;
              this.stats.horizonsSet++;
            }
          }
          out.push(off, key, g.ts[r], tomb, h, log.sizeOf(tomb));
        }
      }
      // An emptied segment keeps its time (Kafka keeps the file's lastModified).
      if (out.n === 0) out.maxTs = maxTs;
      fresh.push(out);
      s = to;
    }
    this.segmentsWritten += fresh.length;
    log.replace(0, upto, fresh);
    log.firstDirty = Math.max(end, log.start);
  }
}
