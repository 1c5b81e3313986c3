import type { Host } from '../../workers/host.ts';

/** A wall clock that only moves when told to (plus a hair per reading, so budget loops end). */
export class FakeHost implements Host {
  t = 0;
  private tasks: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  now(): number {
    this.t += 0.001;
    return this.t;
  }
  asap(fn: () => void): void {
    this.tasks.push({ at: this.t, seq: this.seq++, fn });
  }
  after(ms: number, fn: () => void): void {
    this.tasks.push({ at: this.t + ms, seq: this.seq++, fn });
  }
  /** Runs every task due within the next `ms` of wall time, advancing the clock to each. */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.tasks.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.tasks[0];
      if (!next || next.at > end) break;
      this.tasks.shift();
      if (next.at > this.t) this.t = next.at;
      next.fn();
    }
    if (this.t < end) this.t = end;
  }
  get idle(): boolean {
    return this.tasks.length === 0;
  }
}
