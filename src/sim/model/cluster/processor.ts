/**
 * The read-process-write processor (one Kafka Streams instance, a task per partition): it fetches
 * the topic like a read_committed consumer (from the leaders), processes one record at a time
 * (`processing.time`), writes one output record per input record to `<topic>-out` partition p
 * (appended `append.ms` later, not replicated), and commits its input offsets every
 * `commit.interval.ms` — processing pauses while a commit runs (Streams commits on its thread).
 *
 * at_least_once: outputs are readable once appended; a commit flushes the producer (append.ms),
 * then OffsetCommit (a round trip; it takes effect when the request reaches the coordinator). A
 * crash forgets everything not committed: the restarted instance resumes from the committed
 * offsets and processes those records again — duplicate outputs.
 *
 * exactly_once_v2: the outputs of one commit interval are one transaction; the commit is flush +
 * sendOffsetsToTransaction + EndTxn (≈ append.ms + 2 rtt; it takes effect when EndTxn reaches the
 * coordinator, whose markers then commit the records — the output partitions' LSO moves to the log
 * end). A crash leaves the transaction open (the LSO stays at its first record) until the restarted
 * instance's initTransactions (a round trip) fences the old producer and aborts it, or
 * `transaction.timeout.ms` after it began the coordinator aborts it; then the committed offsets are
 * where processing resumes, and the aborted outputs stay in the log, marked aborted.
 *
 * Simplifications: a request on its way when the processor crashes is lost (an OffsetCommit or
 * EndTxn that had not reached the coordinator does not take effect); records are processed in the
 * order their fetches arrived; each partition buffers at most {@link BUFFER_PER_PARTITION} records
 * (Streams' `buffered.records.per.partition`) before it is paused.
 */
import { makeDistribution, type Distribution, type DistributionSpec } from '../../kernel/distributions.ts';
import type { Rng } from '../../kernel/rng.ts';
import type { ClusterScenario } from '../../../scenario/schema.ts';
import type { ClusterCore } from './read-api.ts';
import { Fetcher, type FetchKinds, type ReadSource } from './reader-fetch.ts';
import { OutputLog, TXN_OPEN } from './txn-log.ts';
import { IdSet } from './reader-ids.ts';

export type ProcessorConfig = NonNullable<ClusterScenario['processor']>;

/** Streams' `buffered.records.per.partition` default. */
export const BUFFER_PER_PARTITION = 1000;

export class Processor {
  readonly eos: boolean;
  state: 'running' | 'crashed' = 'running';
  /** Bumped by every crash and re-initialisation: events of an older instance are ignored. */
  private epoch = 0;
  /** EOS: initTransactions done (the instance may process). */
  private ready = false;
  private busy = false;
  private committing = false;
  private commitDue = false;
  readonly fetcher: Fetcher;
  private readonly dist: Distribution;
  private readonly rng: Rng;
  private readonly interval: number;
  private readonly txnTimeout: number;
  private readonly restartAfter: number | null;
  private restartHandle: ReturnType<ClusterCore['sim']['schedule']> | null = null;

  // Records fetched, waiting to be processed (FIFO).
  private qP: number[] = [];
  private qO: number[] = [];
  private qId: number[] = [];
  private qHead = 0;
  private readonly buffered: Int32Array;
  /** Next offset to process, per partition. */
  readonly position: Float64Array;
  /** Committed input offsets. */
  readonly committedOffsets: Float64Array;
  /** Input record ids processed by any instance (a second processing is a re-processing). */
  private readonly done = new IdSet();
  private snapshot: Float64Array;
  private commitTxn = -1;

  // Output appends on their way (FIFO; every append takes append.ms).
  private aP: number[] = [];
  private aId: number[] = [];
  private aTxn: number[] = [];
  private aHead = 0;

  /** The open transaction (EOS), or -1. */
  txn = -1;
  /** Producer epoch of the transactional id (bumped by each initTransactions and timeout abort). */
  private producerEpoch = 0;

  processed = 0;
  outputs = 0;
  commits = 0;
  aborts = 0;
  abortedRecords = 0;
  crashes = 0;
  reprocessed = 0;
  uncommitted = 0;

  private readonly kDone: number;
  private readonly kTick: number;
  private readonly kApply: number;
  private readonly kCommitDone: number;
  private readonly kAppend: number;
  private readonly kRestart: number;
  private readonly kInit: number;
  private readonly kTimeout: number;

  constructor(
    private readonly core: ClusterCore,
    kinds: FetchKinds,
    source: ReadSource,
    readonly out: OutputLog,
    readonly cfg: ProcessorConfig,
    /** Called when output partition p changed (an append or a marker). */
    private readonly outChanged: (p: number) => void,
  ) {
    const sim = core.sim;
    const n = core.partitions;
    this.eos = cfg['processing.guarantee'] === 'exactly_once_v2';
    this.dist = makeDistribution(cfg.processing.time as DistributionSpec);
    this.rng = core.streams.stream(`processor:${cfg.name}`);
    this.interval = cfg['commit.interval.ms'] / 1000;
    this.txnTimeout = cfg['transaction.timeout.ms'] / 1000;
    this.restartAfter = cfg.restartAfter;
    this.buffered = new Int32Array(n);
    this.position = new Float64Array(n);
    this.committedOffsets = new Float64Array(n);
    this.snapshot = new Float64Array(n);
    for (let p = 0; p < n; p++) this.committedOffsets[p] = core.logStart(p);
    this.fetcher = new Fetcher(kinds, source, {
      name: cfg.name,
      rack: null,
      committed: true,
      maxWait: 0.5,
      fetchable: (p) => this.buffered[p] < BUFFER_PER_PARTITION,
      deliver: (p, from, ids, _txns, at, cnt) => {
        for (let k = 0; k < cnt; k++) {
          const id = ids[at + k];
          if (id < 0) continue;
          this.qP.push(p);
          this.qO.push(from + k);
          this.qId.push(id);
          this.buffered[p]++;
        }
        this.next();
      },
      onReset: (p, from, to) => {
        core.log.add(sim.now, 'INFO', this.thread(), `Fetch position FetchPosition{offset=${from}} is out of range for partition ${core.topic}-${p}, resetting offset`);
        core.log.add(sim.now, 'INFO', this.thread(), `Resetting offset for partition ${core.topic}-${p} to position FetchPosition{offset=${to}}.`);
      },
    });
    this.kDone = sim.register('processor-done', (e) => this.onDone(e));
    this.kTick = sim.register('processor-commit-tick', (e) => this.onTick(e));
    this.kApply = sim.register('processor-commit-apply', (e) => this.onApply(e));
    this.kCommitDone = sim.register('processor-commit-done', (e) => this.onCommitDone(e));
    this.kAppend = sim.register('processor-append', () => this.onAppend());
    this.kRestart = sim.register('processor-restart', (e) => {
      this.restartHandle = null;
      if (e === this.epoch) this.restart();
    });
    this.kInit = sim.register('processor-init-txn', (e) => this.onInit(e));
    this.kTimeout = sim.register('transaction-timeout', (t) => this.onTxnTimeout(t));
    this.begin();
  }

  private thread(): string {
    return `stream-thread [${this.cfg.name}-StreamThread-1]`;
  }

  private rtt(): number {
    return this.core.rtt(null, null);
  }

  /** A (new) instance starts: from the committed offsets; EOS first runs initTransactions. */
  private begin(): void {
    const sim = this.core.sim;
    this.busy = false;
    this.committing = false;
    this.commitDue = false;
    this.qP.length = this.qO.length = this.qId.length = 0;
    this.qHead = 0;
    this.buffered.fill(0);
    this.position.set(this.committedOffsets);
    this.ready = !this.eos;
    if (this.eos) sim.schedule(this.rtt(), this.kInit, this.epoch);
    sim.schedule(this.interval, this.kTick, this.epoch);
    this.fetcher.start(this.committedOffsets);
  }

  private onInit(e: number): void {
    if (e !== this.epoch) return;
    this.producerEpoch++;
    const id = `${this.cfg.name}-0_0`;
    if (this.txn >= 0 && this.out.txnState[this.txn] === TXN_OPEN) {
      this.abort(this.txn, `Aborting ongoing transaction of transactionalId ${id}: fenced by the new producer epoch ${this.producerEpoch} (initTransactions)`);
    }
    this.core.log.add(this.core.sim.now, 'INFO', 'TransactionCoordinator', `Initialized transactionalId ${id} with producerId 1000 and producer epoch ${this.producerEpoch}`);
    this.ready = true;
    this.next();
  }

  /** Starts processing the next buffered record if the instance can. */
  private next(): void {
    if (this.state !== 'running' || !this.ready || this.busy || this.committing) return;
    if (this.qHead >= this.qP.length) return;
    this.busy = true;
    this.core.sim.schedule(this.dist.sample(this.rng), this.kDone, this.epoch);
  }

  private onDone(e: number): void {
    if (e !== this.epoch) return;
    const sim = this.core.sim;
    const h = this.qHead++;
    const p = this.qP[h];
    const o = this.qO[h];
    const id = this.qId[h];
    if (this.qHead > 4096 && this.qHead * 2 > this.qP.length) {
      this.qP = this.qP.slice(this.qHead);
      this.qO = this.qO.slice(this.qHead);
      this.qId = this.qId.slice(this.qHead);
      this.qHead = 0;
    }
    this.busy = false;
    this.buffered[p]--;
    this.processed++;
    if (this.done.mark(id)) this.reprocessed++;
    else sim.progress++; // a first processing (see Simulation.progress)
    this.position[p] = o + 1;
    if (this.eos && this.txn < 0) {
      this.txn = this.out.begin();
      sim.schedule(this.txnTimeout, this.kTimeout, this.txn);
    }
    this.aP.push(p);
    this.aId.push(id);
    this.aTxn.push(this.eos ? this.txn : -1);
    sim.schedule(this.core.appendTime, this.kAppend);
    this.outputs++;
    this.uncommitted++;
    this.fetcher.kick(p);
    if (this.commitDue) this.startCommit();
    else this.next();
  }

  private onAppend(): void {
    const h = this.aHead++;
    const p = this.aP[h];
    const id = this.aId[h];
    const txn = this.aTxn[h];
    if (this.aHead > 4096 && this.aHead * 2 > this.aP.length) {
      this.aP = this.aP.slice(this.aHead);
      this.aId = this.aId.slice(this.aHead);
      this.aTxn = this.aTxn.slice(this.aHead);
      this.aHead = 0;
    }
    if (this.out.append(p, id, txn)) this.outChanged(p);
  }

  private onTick(e: number): void {
    if (e !== this.epoch) return;
    this.core.sim.schedule(this.interval, this.kTick, this.epoch);
    if (!this.ready) return; // initTransactions pending: nothing processed yet, nothing to commit
    if (this.busy || this.committing) this.commitDue = true;
    else this.startCommit();
  }

  private startCommit(): void {
    this.commitDue = false;
    let moved = false;
    for (let p = 0; p < this.position.length; p++) if (this.position[p] !== this.committedOffsets[p]) moved = true;
    if (!moved && this.txn < 0) {
      this.next();
      return;
    }
    const sim = this.core.sim;
    const rtt = this.rtt();
    this.committing = true;
    this.snapshot = Float64Array.from(this.position);
    this.commitTxn = this.txn;
    // Flush (append.ms), then OffsetCommit (ALO) or AddOffsetsToTxn/TxnOffsetCommit + EndTxn (EOS).
    const applyAt = this.core.appendTime + (this.eos ? 1.5 * rtt : 0.5 * rtt);
    sim.schedule(applyAt, this.kApply, this.epoch);
    sim.schedule(applyAt + rtt / 2, this.kCommitDone, this.epoch);
  }

  private onApply(e: number): void {
    if (e !== this.epoch) return;
    this.committedOffsets.set(this.snapshot);
    this.commits++;
    if (this.eos && this.commitTxn >= 0) {
      for (const p of this.out.decide(this.commitTxn, true)) this.outChanged(p);
      if (this.txn === this.commitTxn) this.txn = -1;
    }
    this.commitTxn = -1;
    this.uncommitted = 0;
  }

  private onCommitDone(e: number): void {
    if (e !== this.epoch) return;
    this.committing = false;
    if (this.commitDue) this.startCommit();
    else this.next();
  }

  private abort(txn: number, why: string): void {
    const records = this.out.txnRecords[txn];
    const parts = this.out.decide(txn, false);
    this.aborts++;
    this.abortedRecords += records;
    if (this.txn === txn) {
      this.txn = -1;
      this.uncommitted = 0;
    }
    this.core.log.add(this.core.sim.now, 'WARN', 'TransactionCoordinator', `${why}; ${records} record(s) aborted`);
    for (const p of parts) this.outChanged(p);
  }

  private onTxnTimeout(txn: number): void {
    if (this.out.txnState[txn] !== TXN_OPEN) return;
    const id = `${this.cfg.name}-0_0`;
    this.producerEpoch++;
    this.abort(txn, `Completed rollback of ongoing transaction for transactionalId ${id} due to timeout (transaction.timeout.ms=${this.cfg['transaction.timeout.ms']})`);
    if (this.state === 'running') {
      // The live producer is fenced: Streams sees ProducerFencedException, closes the task dirty and starts it again from the committed offsets.
      this.core.log.add(this.core.sim.now, 'WARN', this.thread(), `ProducerFencedException: there is a newer producer with the same transactionalId ${id}; task migrated, re-initialising from the committed offsets`);
      this.epoch++;
      this.fetcher.stop();
      this.begin();
    }
  }

  crash(restartAfter: number | null | undefined): void {
    if (this.state === 'crashed') return;
    const sim = this.core.sim;
    this.state = 'crashed';
    this.crashes++;
    this.epoch++;
    this.busy = false;
    this.committing = false;
    this.commitDue = false;
    this.fetcher.stop();
    if (!this.eos) this.uncommitted = 0;
    this.core.log.add(sim.now, 'ERROR', this.thread(), `State transition from RUNNING to DEAD: the instance crashed (committed offsets ${this.committedSum()}, processed up to ${this.positionSum()})`);
    const after = restartAfter ?? this.restartAfter;
    if (after !== null) this.restartHandle = sim.schedule(after, this.kRestart, this.epoch);
  }

  restart(): void {
    if (this.state !== 'crashed') return;
    if (this.restartHandle) {
      this.core.sim.cancel(this.restartHandle);
      this.restartHandle = null;
    }
    this.state = 'running';
    this.epoch++;
    this.core.log.add(this.core.sim.now, 'INFO', this.thread(), `State transition from CREATED to RUNNING: restarted, resuming from the committed offsets (${this.committedSum()})`);
    this.begin();
  }

  committedSum(): number {
    let s = 0;
    for (const o of this.committedOffsets) s += o;
    return s;
  }

  private positionSum(): number {
    let s = 0;
    for (const o of this.position) s += o;
    return s;
  }
}
