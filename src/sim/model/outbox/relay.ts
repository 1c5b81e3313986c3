/**
 * The outbox's two relays — what moves committed outbox rows to the topic:
 *
 * - `PollingRelay`, a polling publisher as in the seed article's `drainOnce` (003 §28): every
 *   `pollInterval` it SELECTs the oldest `batchSize` unpublished rows (one database time), sends
 *   them all, waits for every acknowledgement (in order: Kafka's idempotent producer keeps a
 *   partition's order), then UPDATEs them as published (another database time) and, when the batch
 *   was full, polls again at once. A send that is not acknowledged within `delivery.timeout.ms`
 *   fails ("Expiring N record(s)"): the row stays unpublished and the next poll takes it again.
 *   A crash after some acknowledgements and before the UPDATE commits leaves published rows
 *   unmarked: the restarted relay publishes them again — duplicates.
 *
 * - `CdcRelay`, a log-based relay in the manner of Debezium on Kafka Connect: it reads the
 *   database's log (every committed outbox row, in commit order) `max.batch.size` at a time,
 *   waiting `poll.interval.ms` when there was less than a full batch; Kafka Connect's producer sends
 *   each change with `max.in.flight.requests.per.connection=1`, acks=all and `delivery.timeout.ms`
 *   = Integer.MAX_VALUE (Connect's own overrides in Worker.java: it never gives up), and every
 *   `offset.flush.interval.ms` the worker commits the source offset of the changes acknowledged so
 *   far. A restarted connector resumes from the last committed offset: the changes published after
 *   it are published again — up to one flush interval of duplicates.
 *
 * Every scheduled event of a relay carries its cycle number; a crash starts a new cycle, so the
 * events of the interrupted one are ignored when they come (lazy cancellation).
 */
import type { Simulation } from '../../kernel/simulation.ts';
import type { EventLog } from '../kafka/event-log.ts';
import type { OutboxRelayConfig } from './config.ts';

/** What a relay needs of the model around it. */
export interface RelayHost {
  readonly sim: Simulation;
  readonly log: EventLog;
  readonly topic: string;
  /** The producer's `delivery.timeout.ms`, in seconds. */
  readonly deliveryTimeout: number;
  /** One database round (a SELECT, an UPDATE), slowdowns included, s. */
  relayDbTime(): number;
  /** One send → acknowledgement, s. */
  relayLatency(): number;
  /** When the broker answers again (≤ now: it is up). */
  brokerBackAt(): number;
  /** The event of request `id` was appended to the topic. */
  appended(id: number): void;
}

/** A growable list of request ids, appended at the end and dropped from the front. */
export class IdList {
  private a = new Int32Array(256);
  private h = 0;
  private n = 0;

  get length(): number {
    return this.n - this.h;
  }

  push(id: number): void {
    if (this.n === this.a.length) {
      const live = this.n - this.h;
      const b = new Int32Array(live * 2 > this.a.length ? this.a.length * 2 : this.a.length);
      b.set(this.a.subarray(this.h, this.n));
      this.a = b;
      this.h = 0;
      this.n = live;
    }
    this.a[this.n++] = id;
  }

  /** The i-th id from the front. */
  at(i: number): number {
    return this.a[this.h + i];
  }

  /** Drops the first k ids. */
  drop(k: number): void {
    this.h = Math.min(this.n, this.h + k);
  }
}

export type RelayPhase = 'idle' | 'select' | 'publish' | 'mark' | 'down';

/** What both relays show: their state and counts. */
export interface Relay {
  readonly kind: 'polling' | 'cdc';
  phase: RelayPhase;
  /** A committed outbox row (in commit order). */
  committed(id: number): void;
  crash(restartAfter: number, beforeMark: boolean): void;
  /** Rows published and not yet marked (polling) / changes published since the last offset commit (CDC): what a crash now would publish again. */
  atRisk(): number;
  /** Rows in the outbox table (polling: not yet marked) or changes in the log not yet committed as read (CDC). */
  held(): number;
  crashes: number;
}

/**
 * What both relays share: the phase and crash count, cycles (an event of an interrupted cycle is
 * ignored), going down for a while — a crash of a relay already down only extends its downtime —
 * and coming back when the downtime is over.
 */
abstract class RelayBase {
  phase: RelayPhase = 'idle';
  crashes = 0;
  protected cycle = 0;
  private downUntil = 0;
  private readonly kRestart: number;

  constructor(
    protected readonly host: RelayHost,
    protected readonly cfg: OutboxRelayConfig,
    name: string,
  ) {
    this.kRestart = this.onCycle(`${name}-restart`, () => {
      if (this.host.sim.now >= this.downUntil) this.restart();
    });
  }

  /** Registers an event kind whose handler runs only for events scheduled in the current cycle. */
  protected onCycle(name: string, run: () => void): number {
    return this.host.sim.register(name, (c) => {
      if (c === this.cycle) run();
    });
  }

  /** Schedules `kind` after `delay` s in the current cycle. */
  protected after(delay: number, kind: number): void {
    this.host.sim.schedule(delay, kind, this.cycle);
  }

  /** Schedules `kind` at `t` in the current cycle. */
  protected at(t: number, kind: number): void {
    this.host.sim.scheduleAt(t, kind, this.cycle);
  }

  /** A crash of a relay already down extends its downtime; returns whether the relay was down. */
  protected extendDowntime(restartAfter: number): boolean {
    if (this.phase !== 'down') return false;
    const until = this.host.sim.now + restartAfter;
    if (until > this.downUntil) {
      this.downUntil = until;
      this.at(until, this.kRestart);
    }
    return true;
  }

  /** The relay dies now: a new cycle, down for `restartAfter` s, with a log line. */
  protected goDown(restartAfter: number, source: string, line: string): void {
    this.crashes++;
    this.cycle++;
    this.phase = 'down';
    this.downUntil = this.host.sim.now + restartAfter;
    this.host.log.add(this.host.sim.now, 'ERROR', source, line);
    this.at(this.downUntil, this.kRestart);
  }

  /** Back after a crash. */
  protected abstract restart(): void;
}

export class PollingRelay extends RelayBase implements Relay {
  readonly kind = 'polling';
  /** Rows marked as published (UPDATE committed). */
  marked = 0;
  /** Sends that expired. */
  expired = 0;
  /** Unmarked outbox rows, oldest first. */
  readonly table = new IdList();
  private batch: number[] = [];
  private acked = 0;
  private sendAt = 0;
  /** A `before-mark` crash waiting for its moment: the restart delay, or −1. */
  private armed = -1;
  private readonly kPoll: number;
  private readonly kSelected: number;
  private readonly kAck: number;
  private readonly kExpire: number;
  private readonly kMarked: number;

  constructor(host: RelayHost, cfg: OutboxRelayConfig) {
    super(host, cfg, 'relay');
    this.kPoll = this.onCycle('relay-poll', () => this.poll());
    this.kSelected = this.onCycle('relay-selected', () => this.selected());
    this.kAck = this.onCycle('relay-ack', () => this.ack());
    this.kExpire = this.onCycle('relay-expire', () => this.expire());
    this.kMarked = this.onCycle('relay-marked', () => this.markDone());
    this.after(cfg.pollInterval, this.kPoll);
  }

  committed(id: number): void {
    this.table.push(id);
  }

  atRisk(): number {
    return this.phase === 'publish' || this.phase === 'mark' ? this.acked : 0;
  }

  held(): number {
    return this.table.length;
  }

  /** Rows in the batch being handled now. */
  batchSize(): number {
    return this.batch.length;
  }

  private poll(): void {
    this.phase = 'select';
    this.after(this.host.relayDbTime(), this.kSelected);
  }

  private selected(): void {
    const n = Math.min(this.cfg.batchSize, this.table.length);
    if (n === 0) {
      this.phase = 'idle';
      this.after(this.cfg.pollInterval, this.kPoll);
      return;
    }
    this.batch = new Array<number>(n);
    for (let i = 0; i < n; i++) this.batch[i] = this.table.at(i);
    this.acked = 0;
    this.phase = 'publish';
    this.sendAt = this.host.sim.now;
    this.after(this.host.relayLatency(), this.kAck);
  }

  private ack(): void {
    const sim = this.host.sim;
    const now = sim.now;
    const deadline = this.sendAt + this.host.deliveryTimeout;
    const back = this.host.brokerBackAt();
    if (back > now) {
      // The broker is down: the producer retries until it answers, or the send expires.
      const next = back + this.host.relayLatency();
      if (now >= deadline) this.expire();
      else if (next > deadline) this.at(deadline, this.kExpire);
      else this.at(next, this.kAck);
      return;
    }
    this.host.appended(this.batch[this.acked]);
    this.acked++;
    sim.progress++;
    if (this.acked < this.batch.length) this.at(Math.max(this.sendAt + this.host.relayLatency(), now), this.kAck);
    else this.published();
  }

  private expire(): void {
    const failed = this.batch.length - this.acked;
    this.expired += failed;
    const ms = Math.round(this.host.deliveryTimeout * 1000);
    this.host.log.add(this.host.sim.now, 'ERROR', 'OutboxRelay', `Expiring ${failed} record(s) for ${this.host.topic}-0:${ms} ms has passed since batch creation; the rows stay unpublished`);
    this.published();
  }

  /** Every send of the batch is answered (acknowledged or expired): mark the acknowledged rows. */
  private published(): void {
    if (this.armed >= 0 && this.acked > 0) {
      const restartAfter = this.armed;
      this.armed = -1;
      this.crash(restartAfter, false);
      return;
    }
    if (this.acked === 0) {
      this.phase = 'idle';
      this.after(this.cfg.pollInterval, this.kPoll);
      return;
    }
    this.phase = 'mark';
    this.after(this.host.relayDbTime(), this.kMarked);
  }

  private markDone(): void {
    const full = this.acked === this.cfg.batchSize;
    this.table.drop(this.acked);
    this.marked += this.acked;
    this.host.sim.progress++;
    this.batch = [];
    this.acked = 0;
    this.phase = 'idle';
    this.after(full ? 0 : this.cfg.pollInterval, this.kPoll);
  }

  crash(restartAfter: number, beforeMark: boolean): void {
    if (this.extendDowntime(restartAfter)) return;
    const risk = this.atRisk();
    if (beforeMark && risk === 0) {
      this.armed = restartAfter;
      this.host.log.add(this.host.sim.now, 'WARN', 'FaultInjector', 'relay crash armed: it dies the next time it holds published rows not yet marked');
      return;
    }
    this.batch = [];
    this.acked = 0;
    this.goDown(restartAfter, 'OutboxRelay', risk > 0 ? `killed between publish and UPDATE: ${risk} published row(s) not marked will be published again` : `killed (nothing published and unmarked); restarts in ${restartAfter} s`);
  }

  protected restart(): void {
    this.phase = 'idle';
    this.host.log.add(this.host.sim.now, 'INFO', 'OutboxRelay', `restarted: ${this.table.length} unmarked row(s) in the outbox`);
    this.poll();
  }
}

export class CdcRelay extends RelayBase implements Relay {
  readonly kind = 'cdc';
  offsetCommits = 0;
  /** The database's log of committed outbox rows from the last committed offset on; offsets are absolute. */
  private readonly wal = new IdList();
  private walStart = 0;
  /** Next offset to read, first not acknowledged, last committed (the resume point). */
  readPos = 0;
  ackedPos = 0;
  committedPos = 0;
  /** Offsets sent and not yet acknowledged, in order, with their send times. */
  private pipe: number[] = [];
  private pipeAt: number[] = [];
  private pipeHead = 0;
  private readonly kPoll: number;
  private readonly kAck: number;
  private readonly kFlush: number;

  constructor(host: RelayHost, cfg: OutboxRelayConfig) {
    super(host, cfg, 'cdc');
    this.kPoll = this.onCycle('cdc-poll', () => this.poll());
    this.kAck = this.onCycle('cdc-ack', () => this.ack());
    this.kFlush = this.onCycle('cdc-offset-flush', () => this.flush());
    this.after(cfg['poll.interval.ms'] / 1000, this.kPoll);
    this.after(cfg['offset.flush.interval.ms'] / 1000, this.kFlush);
  }

  get walEnd(): number {
    return this.walStart + this.wal.length;
  }

  committed(id: number): void {
    this.wal.push(id);
  }

  atRisk(): number {
    return this.phase === 'down' ? 0 : this.ackedPos - this.committedPos;
  }

  held(): number {
    return this.walEnd - this.committedPos;
  }

  /** Sent, not yet acknowledged. */
  inFlight(): number {
    return this.pipe.length - this.pipeHead;
  }

  private poll(): void {
    const sim = this.host.sim;
    const n = Math.min(this.cfg['max.batch.size'], this.walEnd - this.readPos);
    const idle = this.inFlight() === 0;
    for (let i = 0; i < n; i++) {
      this.pipe.push(this.readPos + i);
      this.pipeAt.push(sim.now);
    }
    this.readPos += n;
    this.phase = this.inFlight() > 0 ? 'publish' : 'idle';
    if (idle && n > 0) this.after(this.host.relayLatency(), this.kAck);
    this.after(n === this.cfg['max.batch.size'] ? 0 : this.cfg['poll.interval.ms'] / 1000, this.kPoll);
  }

  private ack(): void {
    const sim = this.host.sim;
    const now = sim.now;
    const back = this.host.brokerBackAt();
    if (back > now) {
      // Kafka Connect's producer never expires a send (delivery.timeout.ms = Integer.MAX_VALUE): it waits.
      this.at(back + this.host.relayLatency(), this.kAck);
      return;
    }
    const offset = this.pipe[this.pipeHead++];
    this.host.appended(this.wal.at(offset - this.walStart));
    this.ackedPos = offset + 1;
    sim.progress++;
    if (this.pipeHead > 1024 && this.pipeHead * 2 > this.pipe.length) {
      this.pipe = this.pipe.slice(this.pipeHead);
      this.pipeAt = this.pipeAt.slice(this.pipeHead);
      this.pipeHead = 0;
    }
    if (this.inFlight() > 0) this.at(Math.max(this.pipeAt[this.pipeHead] + this.host.relayLatency(), now), this.kAck);
    else this.phase = 'idle';
  }

  private flush(): void {
    if (this.ackedPos > this.committedPos) {
      this.wal.drop(this.ackedPos - this.walStart);
      this.walStart = this.ackedPos;
      this.committedPos = this.ackedPos;
      this.offsetCommits++;
    }
    this.after(this.cfg['offset.flush.interval.ms'] / 1000, this.kFlush);
  }

  crash(restartAfter: number): void {
    if (this.extendDowntime(restartAfter)) return;
    const risk = this.atRisk();
    this.pipe = [];
    this.pipeAt = [];
    this.pipeHead = 0;
    this.goDown(restartAfter, 'Debezium', `connector task killed: ${risk} change(s) published since the last offset commit will be published again`);
  }

  protected restart(): void {
    this.readPos = this.committedPos;
    this.ackedPos = this.committedPos;
    this.phase = 'idle';
    this.host.log.add(this.host.sim.now, 'INFO', 'Debezium', `connector task restarted from the committed offset ${this.committedPos}`);
    this.after(this.cfg['offset.flush.interval.ms'] / 1000, this.kFlush);
    this.poll();
  }
}
