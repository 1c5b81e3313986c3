/**
 * A reader that rebuilds a table (key → latest value) from the topic: it starts at the beginning
 * of every partition (auto.offset.reset=earliest, as a new consumer group or a Kafka Streams state
 * restore does), fetches up to `max.poll.records` records at a time from one partition after the
 * other, and applies each to its table — a value puts the key, a tombstone removes it. Reading
 * takes `1 / records.per.second` a record (QueueLab's assumption). A position whose record was
 * cleaned or deleted reads on from the next record there is (an out-of-range position resets to
 * the log start, which is the same thing here).
 *
 * When it reaches the end of every partition after a (re)start or a resume, it compares its table
 * with the true one — the keys alive at the producer, with the version (offset) each was last
 * written — and records the result: keys missing (alive, not in its table: under delete, keys
 * whose last update expired), resurrected (deleted, but in its table: it never saw the tombstone,
 * removed before it got there) and stale (in both, an older version). At the log end it waits
 * `fetch.max.wait.ms` for more.
 */
import type { Simulation } from '../../kernel/simulation.ts';
import type { PartitionLog } from './log.ts';

export interface ReaderSettings {
  rate: number;
  maxPoll: number;
  idle: number;
}

/** What one catch-up found. */
export interface CatchUp {
  /** 'restore': read from the beginning; 'resume': came back from being offline. */
  kind: 'restore' | 'resume';
  startedAt: number;
  doneAt: number;
  seconds: number;
  read: number;
  /** Keys in the reader's table, and alive at the producer. */
  keys: number;
  trueKeys: number;
  missing: number;
  resurrected: number;
  stale: number;
}

export type ReaderState = 'none' | 'reading' | 'caught-up' | 'offline';

/** The true table the reader is compared with: each key's latest offset, and whether it is alive. */
export interface TrueTable {
  version: Int32Array;
  alive: Uint8Array;
  live: number;
}

export const MAX_CATCH_UPS = 64;

export class TableReader {
  state: ReaderState = 'none';
  readonly pos: Float64Array;
  readonly version: Int32Array;
  readonly alive: Uint8Array;
  keys = 0;
  /** Records read since the last (re)start. */
  read = 0;
  readTotal = 0;
  private rr = 0;
  private phase: { kind: 'restore' | 'resume'; startedAt: number; read: number } | null = null;
  offlineUntil = -Infinity;
  readonly results: CatchUp[] = [];
  restores = 0;
  private handle = -1;
  private readonly kRead: number;
  private readonly kOnline: number;

  constructor(
    private readonly sim: Simulation,
    private readonly logs: PartitionLog[],
    private readonly cfg: ReaderSettings,
    keyCount: number,
    private readonly truth: TrueTable,
  ) {
    this.pos = new Float64Array(logs.length);
    this.version = new Int32Array(keyCount).fill(-1);
    this.alive = new Uint8Array(keyCount);
    this.kRead = sim.register('reader-fetch', () => this.fetch());
    this.kOnline = sim.register('reader-online', () => this.online());
  }

  /** Drops the table and reads from the beginning (a restore). */
  restore(): void {
    this.version.fill(-1);
    this.alive.fill(0);
    this.keys = 0;
    this.pos.fill(0);
    this.read = 0;
    this.restores++;
    this.phase = { kind: 'restore', startedAt: this.sim.now, read: 0 };
    if (this.state === 'offline') return;
    this.state = 'reading';
    this.reschedule(0);
  }

  /** Stops reading for `seconds`, then resumes where it was. */
  offline(seconds: number): void {
    if (this.state === 'none') return;
    if (this.handle >= 0) this.sim.cancel(this.handle);
    this.handle = -1;
    this.state = 'offline';
    const until = this.sim.now + seconds;
    if (until > this.offlineUntil) {
      this.offlineUntil = until;
      this.sim.scheduleAt(until, this.kOnline, 0, 10);
    }
  }

  private online(): void {
    if (this.state !== 'offline' || this.sim.now < this.offlineUntil) return;
    this.state = 'reading';
    if (this.phase === null) this.phase = { kind: 'resume', startedAt: this.sim.now, read: 0 };
    this.reschedule(0);
  }

  private reschedule(delay: number): void {
    if (this.handle >= 0) this.sim.cancel(this.handle);
    this.handle = this.sim.schedule(delay, this.kRead, 0, 10);
  }

  private fetch(): void {
    this.handle = -1;
    if (this.state === 'offline' || this.state === 'none') return;
    const P = this.logs.length;
    for (let k = 0; k < P; k++) {
      const p = (this.rr + k) % P;
      const log = this.logs[p];
      const at = log.locate(this.pos[p]);
      if (at === null) {
        this.pos[p] = Math.max(this.pos[p], log.end);
        continue;
      }
      let n = 0;
      let s = at.seg;
      let i = at.i;
      while (n < this.cfg.maxPoll && s < log.segments.length) {
        const g = log.segments[s];
        if (i >= g.n) {
          s++;
          i = 0;
          continue;
        }
        this.apply(g.key[i], g.off[i], g.tomb[i] === 1);
        this.pos[p] = g.off[i] + 1;
        i++;
        n++;
      }
      this.read += n;
      this.readTotal += n;
      if (this.phase) this.phase.read += n;
      this.rr = (p + 1) % P;
      this.state = 'reading';
      this.reschedule(n / this.cfg.rate);
      return;
    }
    // Nothing left to read in any partition: the reader is at the log end.
    if (this.phase) {
      this.results.push(this.compare(this.phase));
      if (this.results.length > MAX_CATCH_UPS) this.results.shift();
      this.phase = null;
    }
    this.state = 'caught-up';
    this.reschedule(this.cfg.idle);
  }

  private apply(key: number, offset: number, tomb: boolean): void {
    this.version[key] = offset;
    if (tomb) {
      if (this.alive[key]) this.keys--;
      this.alive[key] = 0;
    } else {
      if (!this.alive[key]) this.keys++;
      this.alive[key] = 1;
    }
  }

  private compare(phase: { kind: 'restore' | 'resume'; startedAt: number; read: number }): CatchUp {
    const t = this.truth;
    let missing = 0;
    let resurrected = 0;
    let stale = 0;
    for (let k = 0; k < this.alive.length; k++) {
      const mine = this.alive[k] === 1;
      const real = t.alive[k] === 1;
      if (real && !mine) missing++;
      else if (!real && mine) resurrected++;
      else if (real && mine && this.version[k] !== t.version[k]) stale++;
    }
    const now = this.sim.now;
    return { kind: phase.kind, startedAt: phase.startedAt, doneAt: now, seconds: now - phase.startedAt, read: phase.read, keys: this.keys, trueKeys: t.live, missing, resurrected, stale };
  }
}
