/**
 * The processor's output topic `<topic>-out`: one log per partition, not replicated (its high
 * watermark is its log end), written by one producer. Each entry is a record (the id of the input
 * record it was made from) or a control record (a transaction marker, id {@link MARKER}) and
 * belongs to a transaction (index into `txnState`) or to none (-1: at_least_once output).
 *
 * Transactions: at most one is open at a time (one transactional producer); while it is open its
 * first record in partition p pins p's last stable offset (LSO); commit / abort writes a marker to
 * every partition it touched and moves the LSO to the log end. Records below the LSO belong to a
 * transaction that is decided (committed or aborted) or to none.
 */

/** Id stored for a transaction marker (a control record: it takes an offset, nobody reads it). */
export const MARKER = -1;

export const TXN_OPEN = 0;
export const TXN_COMMITTED = 1;
export const TXN_ABORTED = 2;

/** A growable Int32 column. */
export class IntColumn {
  a = new Int32Array(64);
  n = 0;
  push(v: number): void {
    if (this.n === this.a.length) {
      const b = new Int32Array(this.a.length * 2);
      b.set(this.a);
      this.a = b;
    }
    this.a[this.n++] = v;
  }
}

export class OutputLog {
  readonly ids: IntColumn[] = [];
  readonly txns: IntColumn[] = [];
  /** Offset of the open transaction's first record in each partition, or -1. */
  readonly openStart: Int32Array;
  /** State of each transaction (TXN_*), by index. */
  readonly txnState: number[] = [];
  /** Records (not markers) each transaction has in the log. */
  readonly txnRecords: number[] = [];
  /** Partitions each open transaction has records in (cleared when it is decided). */
  private touched: number[] = [];
  /** Records (not markers) stored. */
  records = 0;

  constructor(readonly partitions: number) {
    for (let p = 0; p < partitions; p++) {
      this.ids.push(new IntColumn());
      this.txns.push(new IntColumn());
    }
    this.openStart = new Int32Array(partitions).fill(-1);
  }

  end(p: number): number {
    return this.ids[p].n;
  }

  /** Last stable offset: the open transaction's first offset, else the log end. */
  lso(p: number): number {
    const s = this.openStart[p];
    return s >= 0 ? s : this.ids[p].n;
  }

  idAt(p: number, o: number): number {
    return this.ids[p].a[o];
  }

  txnAt(p: number, o: number): number {
    return this.txns[p].a[o];
  }

  aborted(txn: number): boolean {
    return txn >= 0 && this.txnState[txn] === TXN_ABORTED;
  }

  /** Starts a transaction; returns its index. */
  begin(): number {
    this.txnState.push(TXN_OPEN);
    this.txnRecords.push(0);
    return this.txnState.length - 1;
  }

  /** Appends a record (`txn` -1 = outside transactions). False when its transaction is no longer open (a fenced write). */
  append(p: number, id: number, txn: number): boolean {
    if (txn >= 0) {
      if (this.txnState[txn] !== TXN_OPEN) return false;
      if (this.openStart[p] < 0) {
        this.openStart[p] = this.ids[p].n;
        this.touched.push(p);
      }
      this.txnRecords[txn]++;
    }
    this.ids[p].push(id);
    this.txns[p].push(txn);
    this.records++;
    return true;
  }

  /** Commits or aborts the open transaction `txn`: a marker in each partition it touched. Returns those partitions. */
  decide(txn: number, commit: boolean): number[] {
    if (this.txnState[txn] !== TXN_OPEN) return [];
    this.txnState[txn] = commit ? TXN_COMMITTED : TXN_ABORTED;
    const parts = this.touched;
    this.touched = [];
    for (const p of parts) {
      this.ids[p].push(MARKER);
      this.txns[p].push(txn);
      this.openStart[p] = -1;
    }
    return parts;
  }
}
