/**
 * RabbitMQ's resource alarms and the publisher flow control they cause (the queue's `node`).
 *
 * - Memory: the node uses baseMemory + every message it stores (ready, unacked, in the retry
 *   queue, in the DLQ) × (messageOverhead + its body when bodiesInMemory) — QueueLab's model of
 *   what a queue costs, the three parameters its assumptions. Every second (vm_memory_monitor's
 *   check interval, 1000 ms) the node compares that with vm_memory_high_watermark × RAM: above,
 *   the memory alarm is set; at or below, it clears (RabbitMQ's `ProcMem > MemLimit`, no
 *   hysteresis). Disk, when `diskFree` is given: bodies not kept in RAM are on disk; the disk alarm
 *   is set while diskFree less them is below disk_free_limit (QueueLab checks it every second too;
 *   RabbitMQ adapts its disk check interval).
 * - While either alarm is set, every publishing connection of the node is blocked
 *   (connection.blocked): a publish waits in its publisher — the message is `blocked`, the
 *   application's call does not return — whatever queue it goes to, this one or another
 *   (`routingKey`); consumers carry on. When the alarms clear, each publisher's waiting publishes
 *   reach the broker at once, in order. A producer with `blockedTimeout` gives up on a publish that
 *   waited that long: the message is `unpublished` (the application dropped it) and counted.
 * - Publishes to another queue on the node are counted (accepted, waited, timed out, how long) but
 *   carry no message: that queue's consumers keep up, so it holds nothing.
 *
 * Simplifications: a publish the application gave up on is never sent (a real client may already
 * have written it to the blocked socket); a blocked connection blocks at once (no TCP buffer lets
 * a few more through); the node's memory is nothing but the formula above (no garbage collector,
 * no paging to disk, no connection or channel memory growing with load).
 */
import { LogHistogram } from '../../metrics/histogram.ts';
import type { QueueCore } from './core.ts';
import type { NodeConfig, QueueProducerConfig } from './config.ts';
import { Deque, MsgState, type Msg } from './messages.ts';

/** RabbitMQ's vm_memory_monitor checks the node's memory this often (DEFAULT_MEMORY_CHECK_INTERVAL, 1000 ms), s. */
export const MEMORY_CHECK_INTERVAL = 1;
/** The node's name in log lines. */
export const NODE_NAME = 'rabbit@queuelab';

interface Pending {
  /** When the application called publish. */
  at: number;
  /** The message (this queue), or null (a queue on the node whose messages are not modelled). */
  m: Msg | null;
}

/** One publishing connection (a producer): what waits on it, and what it went through. */
export class Publisher {
  readonly pending = new Deque<Pending>();
  /** Since when it has had publishes waiting (−1: none). */
  blockedSince = -1;
  timeoutHandle = -1;
  /** Publishes that reached the broker (at once, or when the alarm cleared; x-overflow may still refuse them). */
  sent = 0;
  /** Publishes that had to wait on a blocked connection, and those the application gave up on. */
  waited = 0;
  timedOut = 0;
  /** The most publishes waiting at once, and the seconds it had any waiting (RabbitMQ's "blocked" connection state). */
  waitingMax = 0;
  blockedTime = 0;
  /** What the application waited for each publish call to return (accepted, or given up), s. */
  readonly wait = new LogHistogram();
  /** The longest of those waits. */
  waitMax = 0;
  constructor(
    readonly config: QueueProducerConfig,
    /** Publishes to this scenario's queue (its messages are modelled). */
    readonly own: boolean,
  ) {}

  blockedNow(now: number): number {
    return this.blockedTime + (this.blockedSince >= 0 ? now - this.blockedSince : 0);
  }

  record(wait: number): void {
    this.wait.add(wait);
    if (wait > this.waitMax) this.waitMax = wait;
  }
}

export class RabbitNode {
  /** The memory watermark, bytes: vm_memory_high_watermark.relative × RAM (RabbitMQ truncates it). */
  readonly limit: number;
  memAlarm = false;
  diskAlarm = false;
  /** Times the memory and the disk alarm were set. */
  alarms = 0;
  diskAlarms = 0;
  /** Seconds with an alarm in effect (publishers blocked), and since when the current one lasts (−1: none). */
  private alarmTime = 0;
  private alarmSince = -1;
  /** The most memory the node used at a check. */
  memoryMax = 0;
  readonly publishers: Publisher[];
  private readonly kTimeout: number;

  constructor(
    private readonly core: QueueCore,
    readonly cfg: NodeConfig,
    producers: readonly QueueProducerConfig[],
    queueName: string,
    /** Hands a message of this queue to the broker (it was published, or its wait is over). */
    private readonly publish: (m: Msg) => void,
  ) {
    this.limit = Math.floor(cfg['vm_memory_high_watermark.relative'] * cfg.total_memory_available_override_value);
    this.publishers = producers.map((p) => new Publisher(p, p.routingKey === null || p.routingKey === queueName));
    const sim = core.sim;
    const kCheck = sim.register('resource-check', () => {
      this.check();
      sim.schedule(MEMORY_CHECK_INTERVAL, kCheck, 0, 40);
    });
    this.kTimeout = sim.register('publish-timeout', (i) => this.onTimeout(i));
    // The first check at t = 0, as a node starts with its monitor running.
    sim.scheduleAt(0, kCheck, 0, 40);
  }

  /** Publishers are blocked now. */
  get blocked(): boolean {
    return this.memAlarm || this.diskAlarm;
  }

  /** Bytes of RAM the node uses now (QueueLab's formula, see the module doc). */
  memory(): number {
    const core = this.core;
    const c = core.counts;
    const stored = c[MsgState.Delayed] + c[MsgState.Visible] + c[MsgState.InFlight] + c[MsgState.Retrying] + c[MsgState.Dlq];
    return this.cfg.baseMemory + stored * this.cfg.messageOverhead + (this.cfg.bodiesInMemory ? core.storedBytes : 0);
  }

  /** Free disk now, bytes (null: the disk is not modelled). */
  diskFree(): number | null {
    if (this.cfg.diskFree === null) return null;
    return this.cfg.diskFree - (this.cfg.bodiesInMemory ? 0 : this.core.storedBytes);
  }

  /** Seconds with an alarm in effect so far. */
  alarmSeconds(now: number): number {
    return this.alarmTime + (this.alarmSince >= 0 ? now - this.alarmSince : 0);
  }

  /** The alarm in effect now, as RabbitMQ names its resources. */
  alarmNow(): 'memory' | 'disk' | 'memory+disk' | null {
    return this.memAlarm ? (this.diskAlarm ? 'memory+disk' : 'memory') : this.diskAlarm ? 'disk' : null;
  }

  private check(): void {
    const core = this.core;
    const now = core.sim.now;
    const log = core.log;
    const was = this.blocked;
    const used = this.memory();
    if (used > this.memoryMax) this.memoryMax = used;
    const mem = used > this.limit;
    if (mem !== this.memAlarm) {
      this.memAlarm = mem;
      if (mem) {
        this.alarms++;
        log.add(now, 'WARN', NODE_NAME, 'memory resource limit alarm set on node rabbit@queuelab. Publishers will be blocked until this alarm clears');
      } else log.add(now, 'INFO', NODE_NAME, 'memory resource limit alarm cleared on node rabbit@queuelab');
    }
    const free = this.diskFree();
    if (free !== null) {
      const disk = free < this.cfg['disk_free_limit.absolute'];
      if (disk !== this.diskAlarm) {
        this.diskAlarm = disk;
        if (disk) {
          this.diskAlarms++;
          log.add(now, 'WARN', NODE_NAME, 'disk resource limit alarm set on node rabbit@queuelab. Free disk space is insufficient. Publishers will be blocked until this alarm clears');
        } else log.add(now, 'INFO', NODE_NAME, 'disk resource limit alarm cleared on node rabbit@queuelab');
      }
    }
    if (this.blocked && !was) this.alarmSince = now;
    if (!this.blocked && was) {
      this.alarmTime += now - this.alarmSince;
      this.alarmSince = -1;
      this.release();
    }
  }

  /** Producer i publishes now: `m` (this queue) or null (another queue). Returns false when the publish must wait (it is kept). */
  offer(i: number, m: Msg | null): boolean {
    const p = this.publishers[i];
    if (!this.blocked) {
      p.sent++;
      p.record(0);
      return true;
    }
    const now = this.core.sim.now;
    if (p.pending.length === 0) {
      p.blockedSince = now;
      this.core.log.add(now, 'WARN', p.config.name, `connection.blocked: low on ${this.memAlarm ? 'memory' : 'disk'}; publishes wait until the alarm clears`);
      if (p.config.blockedTimeout !== null) p.timeoutHandle = this.core.sim.schedule(p.config.blockedTimeout / 1000, this.kTimeout, i);
    }
    p.pending.push({ at: now, m });
    p.waited++;
    if (p.pending.length > p.waitingMax) p.waitingMax = p.pending.length;
    return false;
  }

  /** How long the oldest publish waiting now has waited, s: among this queue's publishers, and other queues' (0: none waits). */
  waits(): { own: number; other: number } {
    const now = this.core.sim.now;
    let own = 0;
    let other = 0;
    for (const p of this.publishers) {
      const head = p.pending.peek();
      if (!head) continue;
      if (p.own) own = Math.max(own, now - head.at);
      else other = Math.max(other, now - head.at);
    }
    return { own, other };
  }

  /** The alarms cleared: every waiting publish reaches the broker, publisher by publisher, in order. */
  private release(): void {
    const now = this.core.sim.now;
    this.publishers.forEach((p) => {
      if (p.pending.length === 0) return;
      if (p.timeoutHandle >= 0) {
        this.core.sim.cancel(p.timeoutHandle);
        p.timeoutHandle = -1;
      }
      this.core.log.add(now, 'INFO', p.config.name, 'connection.unblocked: the publishes that waited are sent');
      for (let x = p.pending.shift(); x; x = p.pending.shift()) {
        p.sent++;
        p.record(now - x.at);
        if (x.m) this.publish(x.m);
      }
      this.unblocked(p, now);
    });
  }

  private unblocked(p: Publisher, now: number): void {
    p.blockedTime += now - p.blockedSince;
    p.blockedSince = -1;
  }

  /** Producer i's oldest waiting publish has waited blockedTimeout: the application gives up on it (and on any as old). */
  private onTimeout(i: number): void {
    const p = this.publishers[i];
    p.timeoutHandle = -1;
    const core = this.core;
    const now = core.sim.now;
    const limit = p.config.blockedTimeout! / 1000;
    let n = 0;
    for (let x = p.pending.peek(); x && now - x.at >= limit - 1e-9; x = p.pending.peek()) {
      p.pending.shift();
      p.timedOut++;
      p.record(now - x.at);
      n++;
      if (x.m) {
        core.publishTimeouts++;
        core.setState(x.m, MsgState.Unpublished);
      }
    }
    if (n > 0) core.log.add(now, 'WARN', p.config.name, `publish gave up after ${p.config.blockedTimeout} ms on a blocked connection: message dropped by the application`);
    const head = p.pending.peek();
    if (head) p.timeoutHandle = core.sim.scheduleAt(head.at + limit, this.kTimeout, i);
    else this.unblocked(p, now);
  }
}
