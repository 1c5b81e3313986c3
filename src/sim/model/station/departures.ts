/**
 * The station's pending departures, one per busy server: a binary min-heap over typed arrays keyed
 * by (time, sequence number) — the order the kernel's event list would give them — holding the
 * server. Allocation-free; its capacity is the number of servers.
 */
export class DepartureHeap {
  readonly t: Float64Array;
  readonly seq: Float64Array;
  readonly server: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.t = new Float64Array(capacity);
    this.seq = new Float64Array(capacity);
    this.server = new Int32Array(capacity);
  }

  /** Adds a departure of `server` at `t`, scheduled as the station's event number `seq`. */
  push(t: number, seq: number, server: number): void {
    const ht = this.t;
    const hs = this.seq;
    const hv = this.server;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pt = ht[p];
      if (pt < t || (pt === t && hs[p] < seq)) break;
      ht[i] = pt;
      hs[i] = hs[p];
      hv[i] = hv[p];
      i = p;
    }
    ht[i] = t;
    hs[i] = seq;
    hv[i] = server;
  }

  /** Removes the earliest departure. */
  pop(): void {
    const n = --this.size;
    if (n === 0) return;
    const ht = this.t;
    const hs = this.seq;
    const hv = this.server;
    const t = ht[n];
    const seq = hs[n];
    const server = hv[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      let ct = ht[c];
      if (c + 1 < n) {
        const rt = ht[c + 1];
        if (rt < ct || (rt === ct && hs[c + 1] < hs[c])) {
          c++;
          ct = rt;
        }
      }
      if (t < ct || (t === ct && seq < hs[c])) break;
      ht[i] = ct;
      hs[i] = hs[c];
      hv[i] = hv[c];
      i = c;
    }
    ht[i] = t;
    hs[i] = seq;
    hv[i] = server;
  }
}
