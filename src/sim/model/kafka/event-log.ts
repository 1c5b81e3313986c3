/**
 * A bounded log of client- and broker-style lines ("Adding newly assigned partitions: orders-0",
 * "Resetting offset for partition orders-7 to position …"). Identical lines arriving close together
 * are folded into one entry with a repeat count — 41,000 identical errors a minute become one line
 * "×41000" — and the oldest entries fall off the front, so memory is bounded however long the run.
 */

export type LogLevel = 'INFO' | 'WARN' | 'ERROR';

export interface LogEntry {
  /** Simulated time of the first occurrence, seconds. */
  t: number;
  /** Simulated time of the latest repeat. */
  last: number;
  level: LogLevel;
  /** Who logged it, e.g. "consumer-warehouse-1" or "GroupCoordinator". */
  source: string;
  text: string;
  /** How many times this line occurred (1 = once). */
  count: number;
  /** Sequence number of the entry, increasing (for stable keys in a UI). */
  id: number;
}

export class EventLog {
  private readonly entries: LogEntry[] = [];
  private nextId = 0;
  /** Lines dropped off the front because the buffer was full. */
  evicted = 0;
  /** Occurrences folded into an earlier entry. */
  folded = 0;

  constructor(
    readonly capacity = 1000,
    /** How many recent entries a new line is compared with for folding. */
    private readonly foldWindow = 16,
  ) {}

  add(t: number, level: LogLevel, source: string, text: string): void {
    const n = this.entries.length;
    for (let i = n - 1; i >= Math.max(0, n - this.foldWindow); i--) {
      const e = this.entries[i];
      if (e.text === text && e.source === source && e.level === level) {
        e.count++;
        e.last = t;
        this.folded++;
        return;
      }
    }
    if (n === this.capacity) {
      this.entries.shift();
      this.evicted++;
    }
    this.entries.push({ t, last: t, level, source, text, count: 1, id: this.nextId++ });
  }

  /** Entries oldest first (copies). */
  read(): LogEntry[] {
    return this.entries.map((e) => ({ ...e }));
  }

  get size(): number {
    return this.entries.length;
  }

  /** Lines written so far, folded repeats and evicted entries included (monotone): what a model's `logMark()` reports. */
  get written(): number {
    return this.evicted + this.entries.length + this.folded;
  }
}
