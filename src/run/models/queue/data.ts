/**
 * The queue-broker model's run summary (the CLI's `--json`, the tests, every live snapshot) and the
 * page's data of one instant, as types: the summary is filled by `summary.ts`, the data by
 * `snapshot.ts`, and the page's panels (`src/app/panels/queue/`) read only these.
 */
import type { EstimateOut } from '../station/summary.ts';
import type { LittleCheck } from '../../little.ts';
import type { SeriesCols, ProducerView, LogLine } from '../kafka/snapshot.ts';
import type { ConsumerStats, NodeStats, PoolStats, PublishStats, QueueFlavour, QueueSeriesName, QueueTopology } from '../../../sim/model/queue/types.ts';

/** The closed forms that describe the run, when its load is steady Poisson and its service exponential. */
export interface QueueTheory {
  /** One queue, c identical consumers: M/M/c (Erlang C). null when it does not apply. */
  mmc: { c: number; lambda: number; mu: number; rho: number; W: number; Wq: number; pWait: number } | null;
  /** The same load split over c partitions with one consumer each: c separate M/M/1 queues (the log's way). */
  partitioned: { c: number; rho: number; W: number; Wq: number } | null;
}

export interface QueueSummary {
  scenario: string;
  model: 'queue';
  flavour: QueueFlavour;
  seed: number;
  simTime: number;
  warmup: number;
  window: number;
  events: number;

  produced: number;
  delayed: number;
  visible: number;
  inFlight: number;
  retrying: number;
  dlqDepth: number;
  deleted: number;
  expired: number;
  dropped: number;
  parked: number;
  /** RabbitMQ with a node: publish calls waiting on a blocked connection now, and those that never entered the queue (the application gave up, or x-overflow reject-publish refused them). */
  blocked: number;
  unpublished: number;
  /** expired + dropped: messages the system lost without processing them. */
  lost: number;

  deadLettered: number;
  deliveries: number;
  redeliveries: number;
  processed: number;
  duplicates: number;
  failures: number;
  receiveCalls: number;
  emptyReceives: number;
  leaseExpiries: number;
  leaseExtensions: number;
  staleDeletes: number;
  requeued: number;
  crashes: number;
  redriven: number;
  /** RabbitMQ: publishes refused at x-max-length (reject-publish), ready messages pushed out by drop-head, publishes given up on while blocked. */
  publishRejected: number;
  dropHead: number;
  publishTimeouts: number;
  /** RabbitMQ's node: memory and disk against the resource alarms (null: not modelled). */
  node: NodeStats | null;

  /** Messages the broker stores now (its state size). */
  stored: number;
  /** Age of the oldest message not yet deleted, seconds (the log's lag age). */
  oldestAge: number;
  /** Its largest value seen at a sample (every bucket of the charts), seconds. */
  oldestAgeMax: number;
  /** Visible messages: now and the most seen at a sample. */
  depth: { final: number; max: number };

  lambda: EstimateOut;
  throughput: EstimateOut;
  L: EstimateOut;
  W: EstimateOut;
  Wq: EstimateOut;
  utilization: EstimateOut;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  completedInWindow: number;
  little: LittleCheck;
  theory: QueueTheory;
  /** Consumers alive that processed nothing in the window although messages waited (the prefetch-hoarding signature), and the spread of the load. */
  balance: { idle: number; minShare: number | null; maxShare: number | null };

  /** Per producer: messages sent, the priority it publishes with, the W of its messages (urgent vs background work), and with a node how its publishes fared against the alarms. */
  producers: { name: string; priority: number; sent: number; W: EstimateOut; p99: number | null; publish: PublishStats | null }[];
  pools: PoolStats[];
  /** The first `MAX_CONSUMER_VIEWS` consumers. */
  consumers: ConsumerStats[];
  /** Wall-clock milliseconds of the run (CLI only; absent with --no-timing). */
  wallMs?: number;
}

/** What the page draws of a queue run at one instant. */
export interface QueueData {
  simTime: number;
  events: number;
  summary: QueueSummary;
  topology: QueueTopology;
  producers: ProducerView[];
  /** Chart columns; each series ends with a point at the current time, equal to its counter. */
  series: Record<QueueSeriesName, SeriesCols>;
  /** The tail of the event log. */
  log: LogLine[];
  /** Lines written so far (the log's mark). */
  logCount: number;
}
