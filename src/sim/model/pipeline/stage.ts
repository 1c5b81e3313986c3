/**
 * The pipeline model's runtime pieces: an item, a worker, a blocked send, and a stage with its
 * buffer, workers, pause state and statistics. The engine (pipeline-model.ts) moves items between
 * them; these classes hold state and count, and decide nothing.
 */
import type { Distribution } from '../../kernel/distributions.ts';
import type { Rng } from '../../kernel/rng.ts';
import { BatchMeans } from '../../metrics/batch-means.ts';
import { TimeIntegral } from '../../metrics/time-integral.ts';
import type { DownsampledSeries } from '../../metrics/series.ts';
import { Deque } from '../queue/messages.ts';
import type { StageConfig } from './config.ts';

/** Item states: waiting in a buffer, in service, finished at a stage but blocked on a full buffer downstream (or a source's blocked send), and the three ends. */
export const BUFFERED = 0;
export const IN_SERVICE = 1;
export const BLOCKED = 2;
export const DROPPED = 3;
export const SHED = 4;
export const DONE = 5;

/** The product of the factors of the slowdowns in force. */
export function factorOf(slowdowns: readonly { factor: number }[]): number {
  let f = 1;
  for (const x of slowdowns) f *= x.factor;
  return f;
}

/** Request states: waiting for its response, answered in time, timed out (its caller gave up), refused (dropped or shed before the response), answered after it timed out. */
export const REQ_OPEN = 0;
export const REQ_OK = 1;
export const REQ_TIMED_OUT = 2;
export const REQ_REFUSED = 3;
export const REQ_LATE = 4;

/** A caller waiting for the response to the item its source produced (sources whose items reach a `respond` stage). */
export class Request {
  state = REQ_OPEN;
  constructor(
    readonly source: number,
    readonly born: number,
  ) {}
}

/** One message moving through the pipeline; a stage that sends to several stages copies it. */
export class Item {
  state = BUFFERED;
  /** When it entered its current stage's buffer, and when its service there started. */
  enq = 0;
  start = 0;
  /** A blocked source send: when it blocked, its timeout event and slot. */
  blockedAt = 0;
  handle = -1;
  slot = -1;
  /** Its caller's request, until the stage that responds is done with it (copies have none). */
  req: Request | null = null;
  constructor(
    /** The source that produced it (copies keep it). */
    readonly source: number,
    /** When the source produced it (copies keep it): end-to-end latency runs from here. */
    readonly born: number,
  ) {}
}

/** A worker of a stage: idle, busy with one item, or blocked holding `pending` finished copies that wait for room downstream. */
export class Worker {
  item: Item | null = null;
  pending = 0;
  blockedAt = 0;
  /** The request it answers once its blocked copies are in (a responding stage's worker). */
  req: Request | null = null;
  constructor(
    readonly id: number,
    readonly stage: number,
  ) {}
}

/** A copy waiting for room in a full `block` buffer; `worker` is −1 for a source's send. */
export interface Waiter {
  item: Item;
  worker: number;
}

/** A stage's counts since the warm-up. */
export interface StageStats {
  /** Items offered to its buffer (dropped ones included) and accepted into it. */
  offered: number;
  accepted: number;
  completed: number;
  /** Dropped by the buffer's policy (newest or oldest). */
  dropped: number;
  pauses: number;
  ageSum: number;
}

export const noStageStats = (): StageStats => ({ offered: 0, accepted: 0, completed: 0, dropped: 0, pauses: 0, ageSum: 0 });

export class Stage {
  readonly buffer = new Deque<Item>();
  readonly waiters = new Deque<Waiter>();
  readonly bounded: boolean;
  readonly capacity: number;
  readonly policy: 'block' | 'drop-newest' | 'drop-oldest' | null;
  /** Worker ids, in the order they joined; idle ones on a stack. */
  readonly workerIds: number[] = [];
  readonly idle: number[] = [];
  /** Stages upstream that pause on this stage's buffer (its pause's watermarks). */
  readonly pausers: number[] = [];
  busy = 0;
  blockedWorkers = 0;
  /** Copies this stage's workers hold, blocked, and live sends blocked on this stage's buffer. */
  blockedCopies = 0;
  liveWaiters = 0;
  paused = false;
  /** Every item ever dropped here (never reset), the peak buffer length, when it was reached and when the buffer was next empty (NaN: not yet), the longest wait in it. */
  droppedAll = 0;
  backlogMax = 0;
  backlogMaxAt = 0;
  drainedAt = NaN;
  WqMax = 0;
  /** Its dependencies: index in the model's list, distribution and stream of each call. */
  calls: { dep: number; dist: Distribution; rng: Rng }[] = [];
  slowdowns: { until: number; factor: number }[] = [];
  stats: StageStats = noStageStats();
  /** Queueing delay (buffer entry → service start) and time at the stage (→ service end) of items it finished. */
  readonly Wq = new BatchMeans();
  readonly W = new BatchMeans();
  readonly backlogL = new TimeIntegral(1);
  readonly busyL = new TimeIntegral(1);
  readonly blockedL = new TimeIntegral(1);
  readonly pausedL = new TimeIntegral(1);
  /** Its backlog's per-second series (the model's `backlog.<index>`). */
  backlogSeries: DownsampledSeries | null = null;
  /** Completions in the open one-second bin. */
  binDone = 0;
  /** Rate-limits the log: the last second a "full" line was written. */
  lastFullLog = -Infinity;

  constructor(
    readonly index: number,
    readonly config: StageConfig,
    readonly dist: Distribution,
    readonly rng: Rng,
  ) {
    const b = config.buffer;
    this.bounded = b.type === 'bounded';
    this.capacity = b.type === 'bounded' ? b.capacity : Infinity;
    this.policy = b.type === 'bounded' ? b.policy : null;
  }

  get name(): string {
    return this.config.name;
  }

  get workers(): number {
    return this.workerIds.length;
  }

  /** Items waiting in the buffer and sends blocked on it. */
  backlog(): number {
    return this.buffer.length + this.liveWaiters;
  }

  /** How long the oldest waiting item has waited (0 with none): the buffer's lag in seconds. */
  lagNow(now: number): number {
    const head = this.buffer.peek();
    return head ? now - head.enq : 0;
  }

  slowFactor(): number {
    return factorOf(this.slowdowns);
  }

  resetStats(now: number): void {
    this.stats = noStageStats();
    this.Wq.reset();
    this.W.reset();
    this.backlogL.reset(now);
    this.busyL.reset(now);
    this.blockedL.reset(now);
    this.pausedL.reset(now);
  }
}
