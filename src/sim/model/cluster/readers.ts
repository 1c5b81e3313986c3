/**
 * The cluster's readers: consumers (isolation.level, follower fetching) and the read-process-write
 * processor (at_least_once / exactly_once_v2), behind the seam of `read-api.ts`.
 *
 * A consumer reads every partition of its topic from the log start (assign(), no group) through a
 * {@link Fetcher}: from the leader, or with the rack-aware selector and a `client.rack` from a
 * replica in its rack, bounded by the HW that replica knows (read_uncommitted) or the LSO
 * (read_committed, which also skips aborted transactions' records; markers are never records).
 * Polling is the response's arrival: e2e latency = that instant − the original record's send().
 * Duplicates: a producer record id this consumer has seen before (an output record carries its
 * input's id). A position past the log end (an unclean election truncated it) resets to the log
 * end (OFFSET_OUT_OF_RANGE with auto.offset.reset=latest) with a log line.
 *
 * The output topic is not replicated: its partitions are served by one always-available broker in
 * the consumer's own rack (round trip `rtt.ms`, never cross-rack), id 0 in the fetcher.
 */
import type { ClusterScenario } from '../../../scenario/schema.ts';
import { LogHistogram } from '../../metrics/histogram.ts';
import type { ClusterFault } from './types.ts';
import type { ClusterCore, ClusterReaders, ReaderStats } from './read-api.ts';
import { FetchKinds, Fetcher, type ReadSource } from './reader-fetch.ts';
import { Processor } from './processor.ts';
import { OutputLog } from './txn-log.ts';
import { IdSet } from './reader-ids.ts';

type ConsumerConfig = ClusterScenario['consumers'][number];

/** The producers' topic, read through the cluster core. */
export function topicSource(core: ClusterCore): ReadSource {
  return {
    topic: core.topic,
    partitions: core.partitions,
    route: (p, rack) => core.replicaFor(p, rack),
    leader: (p) => core.replicaFor(p, null),
    start: (p) => core.logStart(p),
    end: (p) => core.logEnd(p),
    // No transactional producers write the topic: the LSO is the HW.
    limit: (p, b) => Math.min(core.hwAt(p, b), core.logEnd(p)),
    idAt: (p, o) => core.recordAt(p, o),
    txnAt: () => -1,
    bytesOf: (id) => core.bytesOf(id),
    rtt: (rack, b) => core.rtt(rack, core.rackOf(b)),
    crossRack: (rack, b) => {
      const r = core.rackOf(b);
      return rack !== null && r !== null && r !== rack;
    },
  };
}

/** The processor's `<topic>-out`. */
export function outputSource(core: ClusterCore, out: OutputLog): ReadSource {
  return {
    topic: `${core.topic}-out`,
    partitions: out.partitions,
    route: () => 0,
    leader: () => 0,
    start: () => 0,
    end: (p) => out.end(p),
    limit: (p, _b, committed) => (committed ? out.lso(p) : out.end(p)),
    idAt: (p, o) => out.idAt(p, o),
    txnAt: (p, o) => out.txnAt(p, o),
    bytesOf: (id) => (id >= 0 ? core.bytesOf(id) : 0),
    rtt: (rack) => core.rtt(rack, rack),
    crossRack: () => false,
  };
}

export class Consumer {
  readonly fetcher: Fetcher;
  records = 0;
  duplicates = 0;
  abortedSkipped = 0;
  /** read_uncommitted: records read of each transaction (abortedRead sums the aborted ones). */
  private readonly txnReads: number[] = [];
  private readonly seen = new IdSet();
  readonly hist = new LogHistogram();
  private sum = 0;
  /** Histogram of the current chart interval (the first consumer's feeds the e2e series). */
  readonly interval: LogHistogram | null;
  readonly committed: boolean;

  constructor(
    private readonly core: ClusterCore,
    kinds: FetchKinds,
    readonly source: ReadSource,
    readonly cfg: ConsumerConfig,
    private readonly out: OutputLog | null,
    first: boolean,
  ) {
    this.committed = cfg['isolation.level'] === 'read_committed';
    this.interval = first ? new LogHistogram() : null;
    this.fetcher = new Fetcher(kinds, source, {
      name: cfg.name,
      rack: cfg['client.rack'],
      committed: this.committed,
      maxWait: cfg['fetch.max.wait.ms'] / 1000,
      maxPartitionBytes: cfg['max.partition.fetch.bytes'],
      maxBytes: cfg['fetch.max.bytes'],
      deliver: (_p, _from, ids, txns, at, n) => this.deliver(ids, txns, at, n),
      onReset: (p, from, to) => {
        const log = core.log;
        log.add(core.sim.now, 'INFO', `consumer-${cfg.name}`, `Fetch position FetchPosition{offset=${from}} is out of range for partition ${source.topic}-${p}, resetting offset`);
        log.add(core.sim.now, 'INFO', `consumer-${cfg.name}`, `Resetting offset for partition ${source.topic}-${p} to position FetchPosition{offset=${to}}.`);
      },
    });
  }

  private deliver(ids: readonly number[], txns: readonly number[], at: number, n: number): void {
    const now = this.core.sim.now;
    const inWindow = now >= this.core.warmup;
    for (let k = at; k < at + n; k++) {
      const id = ids[k];
      if (id < 0) continue; // a transaction marker
      const txn = txns[k];
      if (txn >= 0) {
        if (this.committed) {
          if (this.out!.aborted(txn)) {
            this.abortedSkipped++;
            continue;
          }
        } else this.txnReads[txn] = (this.txnReads[txn] ?? 0) + 1;
      }
      this.records++;
      if (this.seen.mark(id)) this.duplicates++;
      const e2e = now - this.core.sentAt(id);
      this.interval?.add(e2e);
      if (inWindow) {
        this.hist.add(e2e);
        this.sum += e2e;
      }
    }
  }

  abortedRead(): number {
    if (!this.out) return 0;
    let n = 0;
    this.txnReads.forEach((c, t) => {
      if (this.out!.aborted(t)) n += c;
    });
    return n;
  }

  stats(): ReaderStats['consumers'][number] {
    const h = this.hist;
    const f = this.fetcher;
    const output = this.cfg.reads === 'output';
    return {
      name: this.cfg.name,
      records: this.records,
      duplicates: this.duplicates,
      abortedSkipped: this.abortedSkipped,
      abortedRead: this.abortedRead(),
      e2e: { p50: h.total > 0 ? h.quantile(0.5) : null, p99: h.total > 0 ? h.quantile(0.99) : null, mean: h.total > 0 ? this.sum / h.total : null, count: h.total },
      crossRackBytes: f.crossRackBytes,
      fetches: f.fetches,
      followerShare: output || f.fetches === 0 ? null : f.followerFetches / f.fetches,
      fetchesFrom: output ? null : f.servingZero(),
    };
  }
}

export class Readers implements ClusterReaders {
  readonly out: OutputLog | null;
  readonly processor: Processor | null;
  readonly consumers: Consumer[];
  /** Readers of the producers' topic, told by `changed`. */
  private readonly topicFetchers: Fetcher[] = [];
  private readonly outFetchers: Fetcher[] = [];

  constructor(
    private readonly core: ClusterCore,
    consumers: ClusterScenario['consumers'],
    processor: ClusterScenario['processor'],
  ) {
    const kinds = new FetchKinds(core.sim);
    const topic = topicSource(core);
    this.out = processor === null ? null : new OutputLog(core.partitions);
    const output = this.out === null ? null : outputSource(core, this.out);
    this.processor =
      processor === null ? null : new Processor(core, kinds, topic, this.out!, processor, (p) => {
        for (const f of this.outFetchers) f.changed(p);
      });
    if (this.processor) this.topicFetchers.push(this.processor.fetcher);
    this.consumers = consumers.map((c, i) => {
      const reads = c.reads === 'output' && output !== null ? output : topic;
      const consumer = new Consumer(core, kinds, reads, c, reads === output ? this.out : null, i === 0);
      (reads === output ? this.outFetchers : this.topicFetchers).push(consumer.fetcher);
      consumer.fetcher.start();
      return consumer;
    });
  }

  changed(p: number): void {
    for (const f of this.topicFetchers) f.changed(p);
  }

  applyFault(f: Extract<ClusterFault, { kind: 'crash' | 'restart' }>): void {
    const pr = this.processor;
    if (!pr || f.target !== pr.cfg.name) return;
    if (f.kind === 'crash') pr.crash(f.restartAfter);
    else pr.restart();
  }

  takeInterval(): { p50: number | null; p99: number | null } {
    const h = this.consumers[0]?.interval;
    if (!h || h.total === 0) return { p50: null, p99: null };
    const r = { p50: h.quantile(0.5), p99: h.quantile(0.99) };
    h.reset();
    return r;
  }

  stats(): ReaderStats {
    const pr = this.processor;
    return {
      consumers: this.consumers.map((c) => c.stats()),
      processor:
        pr === null
          ? null
          : {
              processed: pr.processed,
              outputs: pr.outputs,
              commits: pr.commits,
              aborts: pr.aborts,
              abortedRecords: pr.abortedRecords,
              crashes: pr.crashes,
              reprocessed: pr.reprocessed,
              state: pr.state,
              uncommitted: pr.uncommitted,
              committed: pr.committedSum(),
            },
    };
  }

  stored(): number {
    return this.out?.records ?? 0;
  }

  outputDuplicates(): number {
    return this.consumers.find((c) => c.cfg.reads === 'output')?.duplicates ?? 0;
  }
}

export function createReaders(core: ClusterCore, consumers: ClusterScenario['consumers'], processor: ClusterScenario['processor']): Readers {
  return new Readers(core, consumers, processor);
}
